"""« Oups Magie ! »: computing a spell (pure logic, no CLI, no rendering).

A spell is three or four packets of a standard 52-card deck (rules digest: ``seeds/oups.md``;
rulings: shared design rulings §4):

- **Étendue** (1–3 cards) and **Puissance** (1–3 cards) are worth the highest card's value,
  +1 per other card (+3 if that card is a face card), +1 when the packet has at least two cards
  all of one colour (OUPS-SPELL-3). Étendue gives the number of attacks (OUPS-EXT-1).
- **Dommages** (2–3 cards): the best of three of a kind 3, run 2, pair 1, else 0; +1 if all of
  one colour, +1 per King or Ace (OUPS-DMG-1, OUPS-DMG-2).
- **Défense** (0–1 card): half the card's value, rounded up (OUPS-DEF-1).
- The first attacker's +1 goes on one of étendue, puissance or dommages (OUPS-BONUS-2).

A spell outside the limits is refused: :func:`compute_spell` returns an invalid
:class:`SpellResult` listing every :class:`~printandplay.rules.report.Violation` (rule ids from
the digest, French messages: the calculator talks to players). Unreadable card text raises
:class:`CardSyntaxError` (exit code 2 at the CLI); cards are read by
:mod:`printandplay.rules.oups_cards`.

``SpellResult.as_dict()`` is always::

    {"valid": bool,
     "etendue": {"value": int, "targets": int} | None,
     "puissance": {"value": int} | None,
     "dommages": {"value": int} | None,
     "defense": {"value": int} | None,      # None: no defence card
     "errors": [Violation.as_dict(), ...]}  # empty when valid

An invalid spell has every value ``None`` (a refused spell has no numbers); a valid spell
without a defence card has ``"defense": None``. ``defense.value`` is what the card takes off
each attack aimed at its owner (already halved).
"""

from __future__ import annotations

import itertools
import math
import unicodedata
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from printandplay.errors import OptionError
from printandplay.rules.oups_cards import (
    HIGHEST_CARD,
    RANK_NAMES,
    RANK_PLURALS,
    Card,
    CardSyntaxError,
    parse_cards,
)
from printandplay.rules.report import Violation

BONUS_CHOICES: Final = ("etendue", "puissance", "dommages")


# ---- Scores ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Step:
    """One line of a score's explanation: what gives points, and how many."""

    text: str
    points: int


@dataclass(frozen=True)
class Score:
    """A packet's value and the steps that add up to it."""

    cards: tuple[Card, ...]
    value: int
    steps: tuple[Step, ...]


def _same_colour_step(cards: Sequence[Card]) -> list[Step]:
    colours = {c.colour for c in cards}
    if len(cards) >= 2 and len(colours) == 1:
        return [Step(f"toutes {'rouges' if 'rouge' in colours else 'noires'}", 1)]
    return []


def _bonus_step(bonus: bool) -> list[Step]:
    return [Step("bonus du premier attaquant", 1)] if bonus else []


def _total(cards: Sequence[Card], steps: list[Step]) -> Score:
    return Score(tuple(cards), sum(s.points for s in steps), tuple(steps))


def packet_score(cards: Sequence[Card], bonus: bool = False) -> Score:
    """Value of an Étendue or Puissance packet (OUPS-SPELL-3): highest card, +1 per other card
    (+3 if it is a face card), +1 if ≥ 2 cards all of one colour, +1 for the bonus."""
    if not cards:
        return _total(cards, _bonus_step(bonus))
    top = max(range(len(cards)), key=lambda i: (cards[i].value, -i))
    steps = [Step(f"{cards[top]}, la plus forte carte", cards[top].value)]
    for index, card in enumerate(cards):
        if index != top:
            kind = f"{RANK_NAMES[card.rank]}, une figure" if card.is_face else "autre carte"
            steps.append(Step(f"{card} ({kind})", 3 if card.is_face else 1))
    return _total(cards, steps + _same_colour_step(cards) + _bonus_step(bonus))


def targets_for(etendue: int) -> int:
    """Number of attacks for an étendue value (OUPS-EXT-1): ≤ 9 → 1, 10–14 → 2, ≥ 15 → 3."""
    if etendue <= 9:
        return 1
    return 2 if etendue <= 14 else 3


def targets_rule(targets: int) -> str:
    """The threshold that gives ``targets`` attacks, in words."""
    return {1: "9 ou moins", 2: "de 10 à 14", 3: "15 ou plus"}[targets]


def _is_run(cards: Sequence[Card]) -> bool:
    """Three cards that follow each other in the wrapping order (OUPS-CARD-3)."""
    if len(cards) != 3:
        return False
    orders = {c.order for c in cards}
    return any(orders == {start, (start + 1) % 13, (start + 2) % 13} for start in range(13))


def _combination(cards: Sequence[Card]) -> Step:
    """The best base combination of a Dommages packet (OUPS-DMG-1)."""
    ranks = Counter(c.rank for c in cards)
    rank, copies = ranks.most_common(1)[0] if ranks else ("", 0)
    shown = " ".join(str(c) for c in cards)
    if copies >= 3:
        return Step(f"brelan de {RANK_PLURALS.get(rank, rank)} ({shown})", 3)
    if _is_run(cards):
        ordered = _run_order(cards)
        return Step(f"suite {'-'.join(c.rank for c in ordered)} ({shown})", 2)
    if copies == 2:
        pair = " ".join(str(c) for c in cards if c.rank == rank)
        return Step(f"paire de {RANK_PLURALS.get(rank, rank)} ({pair})", 1)
    return Step(f"ni paire, ni suite, ni brelan ({shown})", 0)


def _run_order(cards: Sequence[Card]) -> list[Card]:
    """The cards of a run in playing order (D-R-A, not A-D-R)."""
    by_order = sorted(cards, key=lambda c: c.order)
    for shift in range(3):
        rotated = by_order[shift:] + by_order[:shift]
        if all((b.order - a.order) % 13 == 1 for a, b in itertools.pairwise(rotated)):
            return rotated
    return by_order


def damage_score(cards: Sequence[Card], bonus: bool = False) -> Score:
    """Damage of a Dommages packet (OUPS-DMG-1, OUPS-DMG-2)."""
    steps = [_combination(cards)] + _same_colour_step(cards)
    steps += [Step(f"{c} ({RANK_NAMES[c.rank]})", 1) for c in cards if c.rank in ("R", "A")]
    return _total(cards, steps + _bonus_step(bonus))


def defense_score(card: Card) -> Score:
    """What a defence card takes off each attack (OUPS-DEF-1): half its value, rounded up."""
    half = math.ceil(card.value / 2)
    return Score((card,), half, (Step(f"{card} vaut {card.value}, moitié arrondie au-dessus",
                                      half),))


def hit_threshold(puissance: int, defense: int = 0) -> int:
    """Highest drawn value that still hits (OUPS-HIT-1, ruling O1): puissance − défense."""
    return puissance - defense


# ---- Spell ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class PacketRule:
    """A packet's name and its card limits (OUPS-SPELL-2)."""

    key: str
    name: str
    low: int
    high: int

    def limits(self) -> str:
        """``1–3``."""
        return f"{self.low}–{self.high}"

    def wanted(self) -> str:
        """The limits in words: ``il en faut de 1 à 3``, ``il en faut 2 ou 3``, ``1 au plus``."""
        if self.low == 0:
            return f"{self.high} au plus"
        if self.high == self.low + 1:
            return f"il en faut {self.low} ou {self.high}"
        return f"il en faut de {self.low} à {self.high}"


PACKETS: Final = (
    PacketRule("etendue", "Étendue", 1, 3),
    PacketRule("puissance", "Puissance", 1, 3),
    PacketRule("dommages", "Dommages", 2, 3),
    PacketRule("defense", "Défense", 0, 1),
)
TOTAL_MIN: Final = 7
TOTAL_MAX: Final = sum(p.high for p in PACKETS)


@dataclass(frozen=True)
class SpellResult:
    """A computed spell, or a refused one (``errors`` not empty, every score ``None``)."""

    packets: dict[str, tuple[Card, ...]]
    bonus: str | None
    etendue: Score | None = None
    targets: int | None = None
    puissance: Score | None = None
    dommages: Score | None = None
    defense: Score | None = None
    errors: tuple[Violation, ...] = ()

    @property
    def valid(self) -> bool:
        """True when the spell respects every limit."""
        return not self.errors

    def as_dict(self) -> dict[str, Any]:
        """The JSON form (see the module docstring)."""
        def value(score: Score | None) -> dict[str, int] | None:
            return None if score is None else {"value": score.value}

        etendue = None
        if self.etendue is not None and self.targets is not None:
            etendue = {"value": self.etendue.value, "targets": self.targets}
        return {
            "valid": self.valid,
            "etendue": etendue,
            "puissance": value(self.puissance),
            "dommages": value(self.dommages),
            "defense": value(self.defense),
            "errors": [v.as_dict() for v in self.errors],
        }


def normalize_bonus(bonus: str | None) -> str | None:
    """``etendue``, ``puissance``, ``dommages`` (accents and case ignored) or ``None``.

    Anything else raises :class:`~printandplay.errors.OptionError`.
    """
    if bonus is None or not bonus.strip():
        return None
    plain = unicodedata.normalize("NFKD", bonus.strip().lower())
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    if plain not in BONUS_CHOICES:
        raise OptionError(f"bonus « {bonus} » : choisir etendue, puissance ou dommages")
    return plain


def spell_violations(packets: Mapping[str, Sequence[Card]]) -> list[Violation]:
    """Every limit the packets break: sizes (OUPS-SPELL-2), total (OUPS-SPELL-1), a card used
    twice (OUPS-KIT-1)."""
    found = []
    for rule in PACKETS:
        cards = packets.get(rule.key, ())
        if not rule.low <= len(cards) <= rule.high:
            found.append(Violation(
                rule="OUPS-SPELL-2",
                message=f"{rule.name} : {_cards(len(cards))}, {rule.wanted()}",
                expected=rule.limits(), actual=len(cards),
                cards=tuple(str(c) for c in cards)))
    everything = [c for rule in PACKETS for c in packets.get(rule.key, ())]
    if not TOTAL_MIN <= len(everything) <= TOTAL_MAX:
        found.append(Violation(
            rule="OUPS-SPELL-1",
            message=f"{_cards(len(everything))} posées en tout, il en faut de {TOTAL_MIN} à "
                    f"{TOTAL_MAX}",
            expected=f"{TOTAL_MIN}–{TOTAL_MAX}", actual=len(everything)))
    for card, copies in Counter(everything).items():
        if copies > 1:
            found.append(Violation(
                rule="OUPS-KIT-1",
                message=f"{card} posée {copies} fois : le jeu n’a qu’un exemplaire de chaque "
                        "carte",
                expected=1, actual=copies, cards=(str(card),)))
    return found


def _cards(n: int) -> str:
    return f"{n} carte" if n in (0, 1) else f"{n} cartes"


def compute_spell(etendue: Sequence[Card], puissance: Sequence[Card], dommages: Sequence[Card],
                  defense: Sequence[Card] | Card | None = None,
                  bonus: str | None = None) -> SpellResult:
    """Compute a spell from its packets (rules digest OUPS-SPELL-*, OUPS-EXT-1, OUPS-DMG-*,
    OUPS-DEF-1). ``defense``: the caster's fourth packet (``None`` or ``[]``: none).
    ``bonus``: where the first attacker puts the +1 (``etendue``, ``puissance``, ``dommages``).

    A spell outside the limits comes back invalid, with every violation and no values.
    """
    chosen = normalize_bonus(bonus)
    guard = (defense,) if isinstance(defense, Card) else tuple(defense or ())
    packets = {"etendue": tuple(etendue), "puissance": tuple(puissance),
               "dommages": tuple(dommages), "defense": guard}
    errors = spell_violations(packets)
    if errors:
        return SpellResult(packets, chosen, errors=tuple(errors))
    reach = packet_score(packets["etendue"], chosen == "etendue")
    return SpellResult(
        packets, chosen,
        etendue=reach,
        targets=targets_for(reach.value),
        puissance=packet_score(packets["puissance"], chosen == "puissance"),
        dommages=damage_score(packets["dommages"], chosen == "dommages"),
        defense=defense_score(guard[0]) if guard else None,
    )


def spell_from_text(etendue: str, puissance: str, dommages: str, defense: str | None = None,
                    bonus: str | None = None) -> SpellResult:
    """:func:`compute_spell` on card texts (what the CLI options hold).

    Every unreadable token of every packet is reported in one :class:`CardSyntaxError`.
    """
    texts = [etendue, puissance, dommages, defense or ""]
    problems: list[tuple[str, str]] = []
    parsed: list[list[Card]] = []
    for text in texts:
        try:
            parsed.append(parse_cards(text))
        except CardSyntaxError as err:
            problems.extend(err.items)
            parsed.append([])
    if problems:
        raise CardSyntaxError(problems)
    return compute_spell(parsed[0], parsed[1], parsed[2], parsed[3], bonus)


# ---- Text output ----------------------------------------------------------------------------

def format_spell(result: SpellResult) -> str:
    """The spell explained in French, number by number, as a player checks it by hand."""
    if not result.valid:
        return _format_refused(result)
    assert result.etendue and result.puissance and result.dommages and result.targets
    total = sum(len(cards) for cards in result.packets.values())
    lines = [f"Sort valide : {_cards(total)} posées."]
    if result.bonus:
        lines.append(f"Bonus du premier attaquant (+1) placé sur : {_packet_name(result.bonus)}.")
    lines += ["", *_format_score("Étendue", result.etendue)]
    plural = "s" if result.targets > 1 else ""
    lines.append(f"  → {targets_rule(result.targets)} : {result.targets} attaque{plural} "
                 f"({result.targets} cible{plural})")
    lines += ["", *_format_score("Puissance", result.puissance)]
    lines += _format_hit(result.puissance.value)
    lines += ["", *_format_score("Dommages", result.dommages)]
    lines += _format_damage(result.dommages.value, result.targets)
    lines.append("")
    if result.defense is None:
        lines.append("Défense : aucune carte, les attaques adverses gardent toute leur puissance.")
    else:
        lines += _format_score("Défense", result.defense)
        lines.append(f"  → chaque attaque qui vous vise perd {result.defense.value} de puissance, "
                     "pendant tout ce conflit.")
    return "\n".join(lines)


def _packet_name(key: str) -> str:
    return next(p.name for p in PACKETS if p.key == key)


def _format_score(title: str, score: Score) -> list[str]:
    shown = " ".join(str(c) for c in score.cards)
    lines = [f"{title} : {shown} = {score.value}"]
    width = max(len(step.text) for step in score.steps)
    for index, step in enumerate(score.steps):
        points = f"{'' if index == 0 else '+'}{step.points}"
        lines.append(f"  {step.text.ljust(width)}  {points.rjust(3)}")
    return lines


def _format_hit(puissance: int) -> list[str]:
    lines = [f"  → chaque attaque touche si la carte retournée vaut au plus {puissance} − la "
             + "défense de la cible",
             "    (OUPS-HIT-1 : « inférieur ou égal », arbitrage O1)."]
    if hit_threshold(puissance) >= HIGHEST_CARD:
        lines.append(f"    Contre une cible sans défense, elle touche à coup sûr : la plus forte "
                     f"carte, un Roi, vaut {HIGHEST_CARD}.")
    return lines


def _format_damage(damage: int, targets: int) -> list[str]:
    line = f"  → chaque attaque réussie ôte {damage} point{'s' if damage > 1 else ''} de vie"
    if targets > 1 and damage > 0:
        line += f" ; si les {targets} touchent : {damage * targets} en tout"
    return [line + "."]


def _format_refused(result: SpellResult) -> str:
    lines = ["Sort refusé :"]
    for violation in result.errors:
        lines.append(f"  ✗ {violation.message} ({violation.rule})")
    shown = [(rule.name, cards) for rule in PACKETS if (cards := result.packets.get(rule.key))]
    if shown:
        lines += ["", "Paquets posés :"]
        lines += [f"  {name} : {' '.join(str(c) for c in cards)}" for name, cards in shown]
    return "\n".join(lines)
