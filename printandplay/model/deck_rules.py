"""Deck-building rules as data (``deck_rules:`` in ``game.yaml``), read by the data layer and
evaluated by :mod:`printandplay.rules.deck`.

A game declares one or more :class:`DeckRules` formats. Each says which kinds each section
accepts, which cards never count, which header restricts which cards, which cards lead the deck
(a commander, an identity), named counts, and a list of :class:`CountRule` bounds; plus copy
limits, banned and restricted cards, and a ban list kept in a file of its own.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final, Literal

from printandplay.errors import Location

Severity = Literal["error", "warning"]
Rounding = Literal["down", "up", "nearest"]
PLACEHOLDER: Final = re.compile(r"\{([^{}]*)\}")
"""A ``{name}`` placeholder in a rule's message template."""


@dataclass(frozen=True, slots=True)
class CardRef:
    """A value read off the deck's leader card ``card`` (a :class:`LeaderRule`): its field
    ``field`` (a number for a bound, one value or a list of values for ``outside``)."""

    card: str
    field: str


@dataclass(frozen=True, slots=True)
class Selection:
    """Which deck cards a count looks at: sections, kinds, field conditions (all optional)."""

    sections: tuple[str, ...] = ()  # empty: every section
    kinds: tuple[str, ...] = ()  # empty: every kind
    where: tuple[tuple[str, tuple[Any, ...]], ...] = ()  # field (or map.key) → accepted values
    together: tuple[str, ...] = ()  # kinds whose complete sets count as one card
    named: str = ""  # a count of the format's ``counts``, narrowed by the fields above
    unless: tuple[tuple[str, tuple[Any, ...]], ...] = ()  # a ``where``: matching cards left out
    # field → allowed values (and CardRef): only cards with a value outside them (a list field:
    # with one item outside them)
    outside: tuple[tuple[str, tuple[Any, ...]], ...] = ()


@dataclass(frozen=True, slots=True)
class Ratio:
    """A bound computed from another count: ``ratio × count``, rounded."""

    of: str
    ratio: Fraction
    round: Rounding = "down"


@dataclass(frozen=True, slots=True)
class Steps:
    """A bound read from a table: the value of the last step whose ``from`` is at most the
    named count ``of`` (the first step's below it)."""

    of: str
    steps: tuple[tuple[int, int], ...]  # (from, value), ``from`` ascending


Bound = int | Ratio | Steps | CardRef


@dataclass(frozen=True, slots=True)
class CountRule:
    """``exactly`` / ``min`` / ``max`` copies (or distinct cards) of a selection."""

    id: str
    selection: Selection
    location: Location
    exactly: Bound | None = None
    min: Bound | None = None
    max: Bound | None = None
    distinct: bool = False  # count different cards, not copies
    unique: bool = False  # with distinct: every selected card once
    severity: Severity = "error"
    message: str = ""
    one_of: tuple[int, ...] = ()  # ``exactly: [0, 15]``: one of these numbers
    sum: str = ""  # measure the sum of this numeric field over the copies
    values: str = ""  # measure the number of different values of this field
    per: str = ""  # check each group of cards sharing a value of this field


@dataclass(frozen=True, slots=True)
class TargetRule:
    """Each value of a list field of the selected cards must name a card of ``section``."""

    id: str
    selection: Selection
    field: str
    section: str
    location: Location
    severity: Severity = "warning"
    message: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class RuleNotice:
    """What a deck check reports when it fails: its rule id and its message template (empty:
    the built-in message). Given by keyword, after the check's own fields."""

    rule: str
    message: str = ""


@dataclass(frozen=True, slots=True)
class SectionRule(RuleNotice):
    """The kinds a section accepts; cards whose ``allow_field`` is true are accepted too."""

    section: str
    accepts: tuple[str, ...]
    allow_field: str = ""


@dataclass(frozen=True, slots=True)
class HeaderRule(RuleNotice):
    """A header (``Équipe: Rouges``) that cards of ``restricts`` must match on ``field``."""

    field: str
    required: bool = True
    restricts: tuple[str, ...] = ()
    missing: str = ""


@dataclass(frozen=True, slots=True)
class IgnoreRule(RuleNotice):
    """Kinds that never count in a deck: listed, they raise a warning and are dropped."""

    kinds: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CopyLimit(RuleNotice):
    """At most ``max`` copies of one card, all sections together; cards sharing the value of
    ``by`` (for instance ``name``) count together; ``kinds`` empty means every kind."""

    max: int
    by: str = "id"
    kinds: tuple[str, ...] = ()
    exempt: tuple[str, ...] = ()  # card ids with no limit
    where: tuple[tuple[str, tuple[Any, ...]], ...] = ()  # only cards matching it
    unless: tuple[tuple[str, tuple[Any, ...]], ...] = ()  # cards matching it have no limit


@dataclass(frozen=True, slots=True)
class CardList(RuleNotice):
    """Cards (by id) a deck may hold at most ``max`` copies of: banned (0), restricted (1),
    a tier of a ban list."""

    cards: tuple[str, ...]
    max: int
    label: str = ""  # a ban list's tier and file, for messages


@dataclass(frozen=True, slots=True)
class LeaderRule(RuleNotice):
    """The card that leads a deck (a commander, an identity): the one card of ``section``
    (of ``kinds``, when given); rules read its fields as ``{card: NAME, field: FIELD}``."""

    name: str
    section: str
    kinds: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class BanTier:
    """A tier of a ban list file: the cards listed under ``name`` may have ``max`` copies."""

    name: str
    max: int
    rule: str
    message: str = ""


@dataclass(frozen=True, slots=True)
class BanList:
    """A ban list kept in a file of its own (``file``, inside the game folder), which a
    tournament swaps with ``validate --ban-list FILE``: its tiers and, read, their cards."""

    file: str
    tiers: tuple[BanTier, ...]
    lists: tuple[CardList, ...] = ()
    label: str = ""


@dataclass(frozen=True, slots=True)
class DeckRules:
    """One deck-building format of a game."""

    id: str
    label: str
    location: Location
    sections: tuple[SectionRule, ...] = ()
    headers: tuple[HeaderRule, ...] = ()
    ignore: tuple[IgnoreRule, ...] = ()
    leaders: tuple[LeaderRule, ...] = ()
    counts: Mapping[str, Selection] = field(default_factory=dict)
    rules: tuple[CountRule | TargetRule, ...] = ()
    copies: tuple[CopyLimit, ...] = ()
    banned: CardList | None = None
    restricted: CardList | None = None
    ban_list: BanList | None = None


BUILT_IN_RULES: Final = {
    "DECK-CARD": ("unknown_card", "a deck line names no card, or several"),
    "DECK-COLLECTION": ("collection", "`--collection`: more copies used than owned"),
    "DECK-HEADER": ("header", "a header line written twice or with an unknown value, in a "
                              "format with no `headers` rule for it"),
}
"""The ids of the validator's own messages (the rest are the game's): id → the key of
``deck_rules`` that gives it the game's own id, and when it is reported."""


@dataclass(frozen=True, slots=True)
class DeckRuleBook:
    """Every format of a game; ``default`` is used without ``--rules``. The other fields are
    the ids of the validator's own messages (:data:`BUILT_IN_RULES`)."""

    formats: Mapping[str, DeckRules]
    default: str
    unknown_card: str = "DECK-CARD"
    collection: str = "DECK-COLLECTION"
    header: str = "DECK-HEADER"

    def format(self, name: str | None) -> DeckRules:
        """The format called ``name`` (the default for None); KeyError if none."""
        return self.formats[name or self.default]
