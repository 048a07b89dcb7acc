"""Reading ``deck_rules:`` of ``game.yaml``: deck-building formats, checked strictly.

Every key is known or reported with its file:line (and a did-you-mean); kinds, fields, sections,
named counts, cards and message placeholders are all checked against the game.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any

from printandplay.data.decklist import normalize
from printandplay.data.reader import (
    Fields,
    Invalid,
    Problems,
    as_bool,
    as_choice,
    as_id,
    as_list,
    as_non_negative_int,
    as_number,
    as_str,
    suggest,
)
from printandplay.data.yamlio import LocList
from printandplay.errors import Location
from printandplay.model.deck_rules import (
    Bound,
    CardList,
    CopyLimit,
    CountRule,
    DeckRuleBook,
    DeckRules,
    HeaderRule,
    IgnoreRule,
    Ratio,
    SectionRule,
    Selection,
    TargetRule,
)
from printandplay.model.game import Component, DeckFormat, Kind

PLACEHOLDER = re.compile(r"\{([^{}]*)\}")

COUNT_WORDS = ("actual", "expected", "min", "max", "exactly", "distinct", "copies", "repeated",
               "repeated_note", "section")
CARD_WORDS = ("card", "count", "kind", "section")


class _Context:
    """What names in ``deck_rules`` may refer to."""

    def __init__(self, kinds: dict[str, Kind], components: Sequence[Component],
                 deck_format: DeckFormat | None, problems: Problems) -> None:
        self.kinds = kinds
        self.problems = problems
        self.sections = tuple(deck_format.sections) if deck_format else ()
        self.headers = tuple(deck_format.headers.values()) if deck_format else ()
        specs = [f for k in kinds.values() for f in k.fields]
        self.fields = {"id", "name", "kind"} | {f.name for f in specs} | {
            f"{f.name}.{key}" for f in specs if f.type == "map" for key in f.keys}
        self.cards: dict[str, str] = {}
        for component in components:
            self.cards.setdefault(normalize(component.name), component.id)
        for component in components:
            self.cards[normalize(component.id)] = component.id

    def kind_list(self, fields: Fields, key: str) -> tuple[str, ...]:
        names = _one_or_many(fields, key)
        for name in names:
            if name not in self.kinds:
                self.problems.add(fields.at(key), f"unknown kind '{name}' in {fields.what}"
                                                  f"{suggest(name, self.kinds)}")
        return names

    def section_list(self, fields: Fields, key: str) -> tuple[str, ...]:
        names = _one_or_many(fields, key)
        for name in names:
            self.section(fields, key, name)
        return names

    def section(self, fields: Fields, key: str, name: str) -> None:
        if name not in self.sections:
            known = ", ".join(self.sections) or "none: add deck_format.sections"
            self.problems.add(fields.at(key), f"unknown section '{name}' in {fields.what} "
                                              f"(sections: {known}){suggest(name, self.sections)}")

    def field(self, fields: Fields, key: str, name: str) -> None:
        if name and name not in self.fields:
            self.problems.add(fields.at(key), f"unknown field '{name}' in {fields.what}"
                                              f"{suggest(name, self.fields)}")

    def card_ids(self, fields: Fields, key: str) -> tuple[str, ...]:
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


def read_deck_rules(node: Any, kinds: dict[str, Kind], components: Sequence[Component],
                    deck_format: DeckFormat | None, problems: Problems,
                    where: Location) -> DeckRuleBook | None:
    """The deck-building formats of ``deck_rules:``; problems go to ``problems``."""
    ctx = _Context(kinds, components, deck_format, problems)
    top = Fields(node, "deck_rules", problems, where)
    if deck_format is None and top.ok:
        problems.add(where, "deck_rules needs a deck_format (the sections of a deck list)")
    default = top.optional("default", as_id, "")
    unknown_card = top.optional("unknown_card", as_id, "DECK-CARD")
    collection = top.optional("collection", as_id, "DECK-COLLECTION")
    formats_node = top.require("formats", lambda v: v)
    top.finish()
    formats_fields = Fields(formats_node or {}, "deck_rules.formats", problems,
                            top.at("formats"))
    formats: dict[str, DeckRules] = {}
    for name in list(formats_fields.node):
        try:
            as_id(name)
        except Invalid as err:
            problems.add(formats_fields.at(name), f"format name: {err}")
            continue
        raw = formats_fields.raw(name)
        fmt = _read_format(str(name), raw, formats, ctx, formats_fields.at(name))
        if fmt is not None:
            formats[str(name)] = fmt
    if not formats:
        if top.ok and formats_node is not None:
            problems.add(top.at("formats"), "deck_rules declares no format")
        return None
    if default and default not in formats:
        problems.add(top.at("default"), f"deck_rules: unknown default format '{default}'"
                                        f"{suggest(default, formats)}")
        return None
    return DeckRuleBook(formats, default or next(iter(formats)), unknown_card, collection)


def _read_format(name: str, node: Any, known: dict[str, DeckRules], ctx: _Context,
                 where: Location) -> DeckRules | None:
    fields = Fields(node, f"format '{name}'", ctx.problems, where)
    parent_name = fields.optional("extends", as_str, "")
    parent = known.get(parent_name) if parent_name else None
    if parent_name and parent is None:
        ctx.problems.add(fields.at("extends"), f"format '{name}' extends an unknown format "
                                               f"'{parent_name}' (declare it first)"
                                               f"{suggest(parent_name, known)}")
    values: dict[str, Any] = {"label": fields.optional("label", as_str, name)}
    readers: dict[str, Callable[[Fields, Any], Any]] = {
        "sections": lambda f, n: tuple(_each(f, "sections", n, ctx, _read_section)),
        "headers": lambda f, n: tuple(_each(f, "headers", n, ctx, _read_header)),
        "ignore": lambda f, n: tuple(_each(f, "ignore", n, ctx, _read_ignore)),
        "counts": lambda f, n: _read_counts(f, n, ctx),
        "rules": lambda f, n: tuple(_each(f, "rules", n, ctx, _read_rule)),
        "copies": lambda f, n: tuple(_each(f, "copies", n, ctx, _read_copies)),
        "banned": lambda f, n: _read_card_list(f, "banned", n, ctx, 0),
        "restricted": lambda f, n: _read_card_list(f, "restricted", n, ctx, 1),
    }
    for key, read in readers.items():
        if fields.has(key):
            values[key] = read(fields, fields.raw(key))
    fields.finish()
    own_rules = values.get("rules", ())
    if parent is not None:
        values["rules"] = parent.rules + own_rules
        fmt = dataclasses.replace(parent, id=name, location=fields.location, **values)
    else:
        fmt = DeckRules(id=name, location=fields.location, **values)
    # inherited rules were checked with the parent, unless the counts changed
    _check_references(fmt, fmt.rules if "counts" in values else own_rules, ctx)
    return fmt


def _each(fields: Fields, key: str, node: Any, ctx: _Context,
          read: Callable[[Fields, _Context], Any]) -> list[Any]:
    if not isinstance(node, list):
        ctx.problems.add(fields.at(key), f"'{key}' of {fields.what} must be a list")
        return []
    out = []
    for index, item in enumerate(node):
        at = node.at(index) if isinstance(node, LocList) else fields.at(key)
        item_fields = Fields(item, f"{key} item {index + 1} of {fields.what}", ctx.problems, at)
        value = read(item_fields, ctx)
        item_fields.finish()
        if value is not None:
            out.append(value)
    return out


def _read_section(f: Fields, ctx: _Context) -> SectionRule | None:
    section = f.require("section", as_str) or ""
    ctx.section(f, "section", section)
    accepts = ctx.kind_list(f, "accepts")
    allow_field = f.optional("allow_field", as_str, "")
    ctx.field(f, "allow_field", allow_field)
    rule = f.require("rule", as_id)
    message = ctx.message(f, "message", CARD_WORDS)
    return SectionRule(section, accepts, rule, allow_field, message) if rule else None


def _read_header(f: Fields, ctx: _Context) -> HeaderRule | None:
    field = f.require("field", as_str) or ""
    if field and field not in ctx.headers:
        ctx.problems.add(f.at("field"), f"'{field}' is not a header of deck_format (headers: "
                                        f"{', '.join(ctx.headers) or 'none'})")
    rule = f.require("rule", as_id)
    required = f.optional("required", as_bool, True)
    restricts = ctx.kind_list(f, "restricts")
    missing = ctx.message(f, "missing", ())
    message = ctx.message(f, "message", (*CARD_WORDS, "value", "header"))
    return HeaderRule(field, rule, required, restricts, missing, message) if rule else None


def _read_ignore(f: Fields, ctx: _Context) -> IgnoreRule | None:
    kinds = ctx.kind_list(f, "kinds")
    rule = f.require("rule", as_id)
    message = ctx.message(f, "message", CARD_WORDS)
    return IgnoreRule(kinds, rule, message) if rule else None


def _read_selection(f: Fields, ctx: _Context) -> Selection:
    sections = ctx.section_list(f, "section")
    kinds = ctx.kind_list(f, "kind")
    where_node = f.raw("where", {})
    conditions = []
    if not isinstance(where_node, dict):
        ctx.problems.add(f.at("where"), f"'where' of {f.what} must map fields to values")
    else:
        for key, value in where_node.items():
            ctx.field(f, "where", str(key))
            values = tuple(value) if isinstance(value, list) else (value,)
            conditions.append((str(key), values))
    together = ctx.kind_list(f, "together")
    return Selection(sections, kinds, tuple(conditions), together)


def _read_counts(f: Fields, node: Any, ctx: _Context) -> dict[str, Selection]:
    counts_fields = Fields(node, f"counts of {f.what}", ctx.problems, f.at("counts"))
    out = {}
    for name in list(counts_fields.node):
        try:
            as_id(name)
        except Invalid as err:
            ctx.problems.add(counts_fields.at(name), f"count name: {err}")
            continue
        item = Fields(counts_fields.raw(name), f"count '{name}'", ctx.problems,
                      counts_fields.at(name))
        out[str(name)] = _read_selection(item, ctx)
        item.finish()
    return out


def _read_bound(f: Fields, key: str) -> Bound | None:
    node = f.raw(key)
    if node is None:
        return None
    if isinstance(node, dict):
        ratio = Fields(node, f"'{key}' of {f.what}", f.problems, f.at(key))
        of = ratio.require("of", as_id)
        factor = ratio.require("ratio", _as_fraction)
        rounding = ratio.optional("round", as_choice("down", "up", "nearest"), "down")
        ratio.finish()
        if of is None or factor is None:
            return None
        return Ratio(of, factor, rounding)  # type: ignore[arg-type]
    try:
        return as_non_negative_int(node)
    except Invalid as err:
        f.problems.add(f.at(key), f"field '{key}' on {f.what}: {err} (or a mapping "
                                  f"{{of: COUNT, ratio: 0.5, round: down}})")
        return None


def _as_fraction(value: Any) -> Fraction:
    """A ratio: a number (``0.5``) or a fraction written as text (``1/3``)."""
    if isinstance(value, str):
        try:
            result = Fraction(value.replace(" ", ""))
        except (ValueError, ZeroDivisionError):
            raise Invalid(f"expected a number or a fraction such as 1/3, got {value!r}") from None
    else:
        result = Fraction(as_number(value)).limit_denominator(1000)
    if result < 0:
        raise Invalid(f"a ratio cannot be negative, got {value!r}")
    return result


def _read_rule(f: Fields, ctx: _Context) -> CountRule | TargetRule | None:
    rule_id = f.require("id", as_id)
    severity = f.optional("severity", as_choice("error", "warning"), "error")
    count_name = f.optional("count", as_id, "")
    selection = _read_selection(f, ctx)
    if count_name:
        selection = dataclasses.replace(selection, named=count_name)
    if f.has("targets"):
        target_field = f.require("targets", as_str) or ""
        ctx.field(f, "targets", target_field)
        section = f.require("in", as_str) or ""
        ctx.section(f, "in", section)
        message = ctx.message(f, "message", ("card", "target", "section", "field"))
        if rule_id is None:
            return None
        return TargetRule(rule_id, selection, target_field, section, f.location,
                          severity, message)  # type: ignore[arg-type]
    exactly, low, high = (_read_bound(f, k) for k in ("exactly", "min", "max"))
    distinct = f.optional("distinct", as_bool, False)
    unique = f.optional("unique", as_bool, False)
    message = f.optional("message", as_str, "")  # count names checked in _check_references
    if exactly is None and low is None and high is None:
        ctx.problems.add(f.location, f"{f.what} needs 'exactly', 'min' or 'max'")
        return None
    if isinstance(low, int) and isinstance(high, int) and low > high:
        ctx.problems.add(f.at("min"), f"{f.what}: min {low} is more than max {high}")
    if rule_id is None:
        return None
    return CountRule(rule_id, selection, f.location, exactly, low, high, distinct, unique,
                     severity, message)  # type: ignore[arg-type]


def _read_copies(f: Fields, ctx: _Context) -> CopyLimit | None:
    rule = f.require("rule", as_id)
    limit = f.require("max", as_non_negative_int)
    by = f.optional("by", as_str, "id")
    ctx.field(f, "by", by)
    kinds = ctx.kind_list(f, "kinds")
    exempt = ctx.card_ids(f, "exempt")
    message = ctx.message(f, "message", ("card", "count", "max", "value"))
    if rule is None or limit is None:
        return None
    return CopyLimit(rule, limit, by, kinds, exempt, message)


def _read_card_list(f: Fields, key: str, node: Any, ctx: _Context,
                    limit: int) -> CardList | None:
    item = Fields(node, f"{key} of {f.what}", ctx.problems, f.at(key))
    rule = item.require("rule", as_id)
    cards = ctx.card_ids(item, "cards")
    message = ctx.message(item, "message", ("card", "count", "max"))
    item.finish()
    return CardList(rule, cards, limit, message) if rule else None


def _check_references(fmt: DeckRules, rules: Iterable[CountRule | TargetRule],
                      ctx: _Context) -> None:
    """Named counts used by rules (``count:``, ratio ``of:``, message placeholders) exist."""
    names = set(fmt.counts)
    for rule in rules:
        used = [rule.selection.named] if rule.selection.named else []
        if isinstance(rule, CountRule):
            used += [b.of for b in (rule.exactly, rule.min, rule.max) if isinstance(b, Ratio)]
            used += [w for w in PLACEHOLDER.findall(rule.message) if w not in COUNT_WORDS]
        for name in used:
            if name not in names:
                ctx.problems.add(rule.location, f"rule '{rule.id}' of format '{fmt.id}': "
                                                f"unknown count '{name}'{suggest(name, names)}")
