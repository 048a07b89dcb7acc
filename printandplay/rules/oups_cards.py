"""« Oups Magie ! »: the cards of a standard 52-card deck and how players write them.

:func:`parse_card` and :func:`parse_cards` read card text (``V♥``, ``10s``, ``qd``…) into
:class:`Card` values; unreadable text raises :class:`CardSyntaxError` naming every bad token
(exit code 2 at the CLI). Values, colours and the run order follow the rules digest
(``seeds/oups.md``, OUPS-CARD-*). Spells are computed in :mod:`printandplay.rules.oups`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from printandplay.errors import PrintAndPlayError

RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "D", "R")
"""Ranks in run order (the order wraps: …, D, R, A, 2, …)."""
SUITS: Final = ("coeur", "carreau", "trefle", "pique")
VALUES: Final = {"A": 1, **{str(n): n for n in range(2, 11)}, "V": 12, "D": 14, "R": 16}
FACES: Final = frozenset({"V", "D", "R"})
RED_SUITS: Final = frozenset({"coeur", "carreau"})
SYMBOLS: Final = {"coeur": "♥", "carreau": "♦", "trefle": "♣", "pique": "♠"}
RANK_NAMES: Final = {"A": "As", "V": "Valet", "D": "Dame", "R": "Roi"}
RANK_PLURALS: Final = {"A": "As", "V": "Valets", "D": "Dames", "R": "Rois"}
HIGHEST_CARD: Final = max(VALUES.values())

_RANK_ALIASES: Final = {
    "A": "A", "1": "A", "J": "V", "V": "V", "Q": "D", "D": "D", "K": "R", "R": "R",
    **{str(n): str(n) for n in range(2, 11)},
}
_SUIT_ALIASES: Final = {
    "♥": "coeur", "♡": "coeur", "H": "coeur",
    "♦": "carreau", "♢": "carreau", "D": "carreau",
    "♣": "trefle", "♧": "trefle", "C": "trefle",
    "♠": "pique", "♤": "pique", "S": "pique",
}
_SEPARATORS: Final = re.compile(r"[\s,;]+")
_VARIATION_SELECTORS: Final = dict.fromkeys(map(ord, "\ufe0e\ufe0f"))


@dataclass(frozen=True)
class Card:
    """One card of a standard deck: ``rank`` in :data:`RANKS`, ``suit`` in :data:`SUITS`."""

    rank: str
    suit: str

    @property
    def value(self) -> int:
        """Its value in this game: As 1, 2–10, Valet 12, Dame 14, Roi 16 (OUPS-CARD-1)."""
        return VALUES[self.rank]

    @property
    def colour(self) -> str:
        """``rouge`` (cœur, carreau) or ``noire`` (trèfle, pique) (OUPS-CARD-2)."""
        return "rouge" if self.suit in RED_SUITS else "noire"

    @property
    def is_face(self) -> bool:
        """Valet, Dame or Roi (the Ace is not a face card)."""
        return self.rank in FACES

    @property
    def order(self) -> int:
        """Position in the run order, 0 (As) to 12 (Roi)."""
        return RANKS.index(self.rank)

    @property
    def label(self) -> str:
        """Short French label, e.g. ``V♥``, ``10♠``."""
        return f"{self.rank}{SYMBOLS[self.suit]}"

    def __str__(self) -> str:
        return self.label


class CardSyntaxError(PrintAndPlayError):
    """Card text that cannot be read; one problem per bad token (exit code 2)."""

    def __init__(self, problems: Sequence[tuple[str, str]]) -> None:
        self.items = tuple(problems)
        """``(token, reason)`` pairs, in input order."""
        self.tokens = tuple(token for token, _ in problems)
        self.lines = [f"carte illisible « {token} » : {reason}" for token, reason in problems]
        super().__init__("\n".join(self.lines))

    def problems(self) -> list[str]:
        """One line per unreadable token."""
        return list(self.lines)


def parse_card(token: str) -> Card:
    """Read one card: a rank (A or 1, 2–10, J or V, Q or D, K or R) then a suit (♥ ♦ ♣ ♠ or
    H D C S), case-insensitive, e.g. ``V♥``, ``10s``, ``qd``. Raises :class:`CardSyntaxError`."""
    reason = _card_problem(token)
    if reason:
        raise CardSyntaxError([(token, reason)])
    clean = _clean(token)
    return Card(_RANK_ALIASES[clean[:-1]], _SUIT_ALIASES[clean[-1]])


def parse_cards(text: str) -> list[Card]:
    """Read cards separated by spaces (or commas), e.g. ``"V♥ 4♥ 5♥"``; ``""`` gives ``[]``.

    Every unreadable token is named in one :class:`CardSyntaxError`.
    """
    tokens = [t for t in _SEPARATORS.split(text.strip()) if t]
    problems = [(t, reason) for t in tokens if (reason := _card_problem(t))]
    if problems:
        raise CardSyntaxError(problems)
    return [parse_card(t) for t in tokens]


def _clean(token: str) -> str:
    return token.translate(_VARIATION_SELECTORS).strip().upper()


def _card_problem(token: str) -> str:
    """Why ``token`` is not a card, or ``""``."""
    clean = _clean(token)
    if len(clean) < 2:
        return "il faut un rang puis une enseigne, par exemple V♥ ou 10S"
    rank, suit = clean[:-1], clean[-1]
    if suit not in _SUIT_ALIASES:
        return (f"enseigne inconnue « {token.strip()[-1]} » "
                "(♥ ♦ ♣ ♠, ou H D C S)")
    if rank not in _RANK_ALIASES:
        return f"rang inconnu « {rank} » (A ou 1, 2 à 10, V ou J, D ou Q, R ou K)"
    return ""


