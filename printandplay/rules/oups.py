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
:class:`CardSyntaxError` (exit code 2 at the CLI). Cards are read by
:mod:`printandplay.rules.oups_cards`, packets scored by :mod:`printandplay.rules.oups_scores`,
and a spell explained in words by :mod:`printandplay.rules.oups_format`.

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

import unicodedata
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from printandplay.errors import OptionError
from printandplay.rules.oups_cards import Card, CardSyntaxError, parse_cards
from printandplay.rules.oups_scores import (
    Score,
    damage_score,
    defense_score,
    packet_score,
    targets_for,
)
from printandplay.rules.report import Violation

BONUS_CHOICES: Final = ("etendue", "puissance", "dommages")


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
                message=f"{rule.name} : {count_cards(len(cards))}, {rule.wanted()}",
                expected=rule.limits(), actual=len(cards),
                cards=tuple(str(c) for c in cards)))
    everything = [c for rule in PACKETS for c in packets.get(rule.key, ())]
    if not TOTAL_MIN <= len(everything) <= TOTAL_MAX:
        found.append(Violation(
            rule="OUPS-SPELL-1",
            message=f"{count_cards(len(everything))} posées en tout, il en faut de {TOTAL_MIN} à "
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


def count_cards(n: int) -> str:
    """``1 carte``, ``3 cartes``."""
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
