"""The items of a deck-building format (``deck_rules.formats.<name>`` in ``game.yaml``):
sections, headers, ignored lines, named counts, rules, copy limits and card lists.

Each reader takes the item's :class:`~printandplay.data.reader.Fields` and a
:class:`RuleContext`, which checks the names an item refers to (kinds, fields, sections,
cards, message placeholders) against the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from printandplay.data.card_names import normalize
from printandplay.data.deck_rule_keys import (
    COPIES_KEYS,
    LEADER_KEYS,
    documented,
)
from printandplay.data.reader import (
    Fields,
    Invalid,
    Problems,
    as_bool,
    as_id,
    as_list,
    as_non_negative_int,
    as_str,
)
from printandplay.errors import suggest
from printandplay.model.deck_rules import (
    PLACEHOLDER,
    CardList,
    CopyLimit,
    HeaderRule,
    IgnoreRule,
    LeaderRule,
    SectionRule,
)
from printandplay.model.game import Component, DeckFormat, Kind
from printandplay.model.where import FieldScope, parse_where

COUNT_WORDS = ("actual", "expected", "min", "max", "exactly", "distinct", "copies", "repeated",
               "repeated_note", "section", "value", "cards")
CARD_WORDS = ("card", "count", "kind", "section")


class RuleContext:
    """What names in ``deck_rules`` may refer to."""

    def __init__(self, kinds: dict[str, Kind], components: Sequence[Component],
                 deck_format: DeckFormat | None, problems: Problems) -> None:
        self.kinds = kinds
        self.problems = problems
        self.sections = tuple(deck_format.sections) if deck_format else ()
        self.headers = tuple(deck_format.headers.values()) if deck_format else ()
        self.fields = FieldScope(kinds.values()).known  # of every kind (map keys included)
        self.cards: dict[str, str] = {}
        for component in components:
            self.cards.setdefault(normalize(component.name), component.id)
        for component in components:
            self.cards[normalize(component.id)] = component.id

    def scope(self, kinds: Iterable[str] = ()) -> FieldScope:
        """The fields cards of ``kinds`` have (of every kind when none is named)."""
        named = [self.kinds[k] for k in kinds if k in self.kinds]
        return FieldScope(named or self.kinds.values())

    def kind_list(self, fields: Fields, key: str) -> tuple[str, ...]:
        """The kinds named under ``key`` (one or a list); unknown ones are problems."""
        names = _one_or_many(fields, key)
        for name in names:
            if name not in self.kinds:
                self.problems.add(fields.at(key), f"unknown kind '{name}' in {fields.what}"
                                                  f"{suggest(name, self.kinds)}")
        return names

    def section_list(self, fields: Fields, key: str) -> tuple[str, ...]:
        """The deck-list sections named under ``key``; unknown ones are problems."""
        names = _one_or_many(fields, key)
        for name in names:
            self.section(fields, key, name)
        return names

    def section(self, fields: Fields, key: str, name: str) -> None:
        """Report ``name`` (written under ``key``) unless it is a section of the deck format."""
        if name not in self.sections:
            known = ", ".join(self.sections) or "none: add deck_format.sections"
            self.problems.add(fields.at(key), f"unknown section '{name}' in {fields.what} "
                                              f"(sections: {known}){suggest(name, self.sections)}")

    def field(self, fields: Fields, key: str, name: str) -> None:
        """Report ``name`` (written under ``key``) unless it is a field of some kind."""
        if name and name not in self.fields:
            self.problems.add(fields.at(key), f"unknown field '{name}' in {fields.what}"
                                              f"{suggest(name, self.fields)}")

    def card_ids(self, fields: Fields, key: str) -> tuple[str, ...]:
        """The ids of the cards named (by name or id) under ``key``; unknown ones are problems."""
        ids = []
        for name in _one_or_many(fields, key):
            card = self.cards.get(normalize(name))
            if card is None:
                names = [n for n in self.cards if n]
                self.problems.add(fields.at(key), f"unknown card '{name}' in {fields.what}"
                                                  f"{suggest(normalize(name), names)}")
            else:
                ids.append(card)
        return tuple(ids)

    def message(self, fields: Fields, key: str, words: Iterable[str]) -> str:
        """The message template under ``key``; placeholders other than ``words`` are problems."""
        text = fields.optional(key, as_str, "")
        known = set(words)
        for name in PLACEHOLDER.findall(text):
            if name not in known:
                self.problems.add(fields.at(key), f"unknown placeholder '{{{name}}}' in the "
                                                  f"{key} of {fields.what}{suggest(name, known)}")
        return text


def _one_or_many(fields: Fields, key: str) -> tuple[str, ...]:
    value = fields.raw(key)
    if value is None:
        return ()
    try:
        return tuple(as_list(as_str)(value)) if isinstance(value, list) else (as_str(value),)
    except Invalid as err:
        fields.problems.add(fields.at(key), f"field '{key}' on {fields.what}: {err}")
        return ()


def read_section(f: Fields, ctx: RuleContext) -> SectionRule | None:
    """A ``sections`` item: the kinds a section of the deck list accepts."""
    section = f.require("section", as_str) or ""
    ctx.section(f, "section", section)
    accepts = ctx.kind_list(f, "accepts")
    allow_field = f.optional("allow_field", as_str, "")
    ctx.field(f, "allow_field", allow_field)
    if problem := ctx.scope().type_problem(allow_field, "bool"):
        ctx.problems.add(f.at("allow_field"), f"allow_field of {f.what}: {problem}")
    rule = f.require("rule", as_id)
    message = ctx.message(f, "message", CARD_WORDS)
    return SectionRule(section, accepts, allow_field, rule=rule, message=message) if rule else None


def read_header(f: Fields, ctx: RuleContext) -> HeaderRule | None:
    """A ``headers`` item: a header line of the deck list and the field it sets."""
    field = f.require("field", as_str) or ""
    if field and field not in ctx.headers:
        ctx.problems.add(f.at("field"), f"'{field}' is not a header of deck_format (headers: "
                                        f"{', '.join(ctx.headers) or 'none'})")
    rule = f.require("rule", as_id)
    required = f.optional("required", as_bool, True)
    restricts = ctx.kind_list(f, "restricts")
    missing = ctx.message(f, "missing", ())
    message = ctx.message(f, "message", (*CARD_WORDS, "value", "header"))
    return HeaderRule(field, required, restricts, missing, rule=rule, message=message) if rule else None


def read_ignore(f: Fields, ctx: RuleContext) -> IgnoreRule | None:
    """An ``ignore`` item: kinds that never count in a deck (a warning, then dropped)."""
    kinds = ctx.kind_list(f, "kinds")
    rule = f.require("rule", as_id)
    message = ctx.message(f, "message", CARD_WORDS)
    return IgnoreRule(kinds, rule=rule, message=message) if rule else None


def read_where(f: Fields, key: str, ctx: RuleContext, kinds: Iterable[str] = ()
               ) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """The ``where`` mapping under ``key`` (``where``, ``unless``), its problems reported."""
    conditions, problems = parse_where(f.raw(key, {}), ctx.scope(kinds))
    for problem in problems:
        ctx.problems.add(f.at(key), f"{f.what}: {key}: {problem}" if key != "where"
                         else f"{f.what}: {problem}")
    return conditions


def read_copies(f: Fields, ctx: RuleContext) -> CopyLimit | None:
    """A ``copies`` item: at most ``max`` copies of each card (grouped ``by`` a field)."""
    rule = f.require("rule", as_id)
    limit = f.require("max", as_non_negative_int)
    by = f.optional("by", as_str, "id")
    ctx.field(f, "by", by)
    kinds = ctx.kind_list(f, "kinds")
    exempt = ctx.card_ids(f, "exempt")
    where = read_where(f, "where", ctx, kinds)
    unless = read_where(f, "unless", ctx, kinds)
    message = ctx.message(f, "message", ("card", "count", "max", "value"))
    documented(f, COPIES_KEYS)
    if rule is None or limit is None:
        return None
    return CopyLimit(limit, by, kinds, exempt, where, unless, rule=rule, message=message)


def read_leader(f: Fields, ctx: RuleContext) -> LeaderRule | None:
    """A ``leaders`` item: the card of a section that leads the deck. An item with an
    unknown key (``rules:`` for ``rule:``) is that one error: its did-you-mean, not also the
    required key it misspells, and it leads nothing (None; the format then does not call
    the rules reading it unknown)."""
    if f.ok and any(key not in LEADER_KEYS for key in f.node):
        f.lines(LEADER_KEYS)  # known keys: the did-you-mean of the item's finish
        return None
    name = f.require("name", as_id)
    section = f.require("section", as_str) or ""
    ctx.section(f, "section", section)
    kinds = ctx.kind_list(f, "kind")
    rule = f.require("rule", as_id)
    message = ctx.message(f, "message", ("section", "leader", "actual", "cards"))
    documented(f, LEADER_KEYS)
    if name is None or rule is None:
        return None
    return LeaderRule(name, section, kinds, rule=rule, message=message)


def read_card_list(f: Fields, key: str, node: Any, ctx: RuleContext,
                    limit: int) -> CardList | None:
    """``banned`` (``limit`` 0) or ``restricted`` (``limit`` 1): the cards and the rule."""
    item = Fields(node, f"{key} of {f.what}", ctx.problems, f.at(key))
    rule = item.require("rule", as_id)
    cards = ctx.card_ids(item, "cards")
    message = ctx.message(item, "message", ("card", "count", "max"))
    item.finish()
    return CardList(cards, limit, rule=rule, message=message) if rule else None
