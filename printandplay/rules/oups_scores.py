"""« Oups Magie ! »: the score of each packet of a spell (étendue, puissance, dommages,
défense), with the steps that explain it (rules digest ``seeds/oups.md``)."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from printandplay.rules.oups_cards import RANK_NAMES, RANK_PLURALS, Card


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

