"""The items of a deck-building format (``deck_rules.formats.<name>`` in ``game.yaml``):
sections, headers, ignored lines, named counts, rules, copy limits and card lists.

Each reader takes the item's :class:`~printandplay.data.reader.Fields` and a
:class:`RuleContext`, which checks the names an item refers to (kinds, fields, sections,
cards, message placeholders) against the game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any

from printandplay.data.card_names import normalize
from printandplay.data.deck_rule_keys import (
    COPIES_KEYS,
    COUNT_RULE_KEYS,
    LEADER_KEYS,
    SELECTION_KEYS,
    TARGET_RULE_KEYS,
    documented,
    finish,
)
from printandplay.data.reader import (
    Fields,
    Invalid,
    Problems,
    as_bool,
    as_fraction,
    as_id,
    as_list,
    as_literal,
    as_non_negative_int,
    as_str,
)
from printandplay.errors import suggest
from printandplay.model.deck_rules import (
    PLACEHOLDER,
    Bound,
    CardList,
    CardRef,
    CopyLimit,
    CountRule,
    HeaderRule,
    IgnoreRule,
    LeaderRule,
    Ratio,
    Rounding,
    SectionRule,
    Selection,
    Severity,
    Steps,
    TargetRule,
)
from printandplay.model.game import Component, DeckFormat, Kind
from printandplay.model.where import FieldScope, field_ref, parse_where

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
        specs = [f for k in kinds.values() for f in k.fields]
        self.fields = {"id", "name", "kind"} | {f.name for f in specs} | {
            f"{f.name}.{key}" for f in specs if f.type == "map" for key in f.keys}
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


def _read_where(f: Fields, key: str, ctx: RuleContext, kinds: Iterable[str] = ()
                ) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    conditions, problems = parse_where(f.raw(key, {}), ctx.scope(kinds))
    for problem in problems:
        ctx.problems.add(f.at(key), f"{f.what}: {key}: {problem}" if key != "where"
                         else f"{f.what}: {problem}")
    return conditions


def _read_outside(f: Fields, ctx: RuleContext, kinds: tuple[str, ...]
                  ) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """``outside``: field → allowed values, literal or ``{card: LEADER, field: FIELD}``."""
    node = f.raw("outside")
    if node is None:
        return ()
    if not isinstance(node, dict):
        ctx.problems.add(f.at("outside"), f"{f.what}: 'outside' must map fields to values")
        return ()
    scope = ctx.scope(kinds)
    out = []
    for key, value in node.items():
        name = str(key)
        if problem := scope.problem(name):
            ctx.problems.add(f.at("outside"), f"{f.what}: outside: {problem}")
            continue
        if field_ref(name).aggregate:
            ctx.problems.add(f.at("outside"), f"{f.what}: outside: '{name}' is an aggregate; "
                                              f"name a field")
            continue
        values: list[Any] = []
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, dict):
                ref = Fields(item, f"a card value of 'outside' in {f.what}", ctx.problems,
                             f.at("outside"))
                card = ref.require("card", as_id)
                field = ref.optional("field", as_str, name)
                ref.finish()
                ctx.field(f, "outside", field)
                if card:
                    values.append(CardRef(card, field))
            elif isinstance(item, list):
                ctx.problems.add(f.at("outside"), f"{f.what}: outside: a value or "
                                                  f"{{card: LEADER}}, not a nested list")
            else:
                values.append(item)
        out.append((name, tuple(values)))
    return tuple(out)


def _read_selection(f: Fields, ctx: RuleContext) -> Selection:
    sections = ctx.section_list(f, "section")
    kinds = ctx.kind_list(f, "kind")
    conditions = _read_where(f, "where", ctx, kinds)
    unless = _read_where(f, "unless", ctx, kinds)
    outside = _read_outside(f, ctx, kinds)
    together = ctx.kind_list(f, "together")
    return Selection(sections, kinds, conditions, together, unless=unless, outside=outside)


def read_counts(f: Fields, node: Any, ctx: RuleContext) -> dict[str, Selection]:
    """The named counts of ``counts``: name → the selection it counts."""
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
        finish(item, SELECTION_KEYS)
    return out


def _read_steps(ratio: Fields, key: str) -> tuple[tuple[int, int], ...] | None:
    node = ratio.raw("steps")
    if not isinstance(node, dict) or not node:
        ratio.problems.add(ratio.at("steps"), f"'steps' of {ratio.what} must map counts to "
                                              f"numbers, such as {{40: 18, 45: 20}}")
        return None
    try:  # the keys are read as text: 40 or "40"
        steps = sorted((as_non_negative_int(int(k) if str(k).isdigit() else k),
                        as_non_negative_int(v)) for k, v in node.items())
    except Invalid as err:
        ratio.problems.add(ratio.at("steps"), f"'steps' of {ratio.what}: {err}")
        return None
    return tuple(steps)


def _read_bound(f: Fields, key: str) -> Bound | None:
    node = f.raw(key)
    if node is None:
        return None
    if isinstance(node, dict) and "card" in node:
        ref = Fields(node, f"'{key}' of {f.what}", f.problems, f.at(key))
        card = ref.require("card", as_id)
        field = ref.require("field", as_str)
        ref.finish()
        return CardRef(card, field) if card and field else None
    if isinstance(node, dict) and "steps" in node:
        table = Fields(node, f"'{key}' of {f.what}", f.problems, f.at(key))
        of = table.require("of", as_id)
        steps = _read_steps(table, key)
        table.finish()
        return Steps(of, steps) if of and steps else None
    if isinstance(node, dict):
        ratio = Fields(node, f"'{key}' of {f.what}", f.problems, f.at(key))
        of = ratio.require("of", as_id)
        factor = ratio.require("ratio", as_fraction)
        rounding: Rounding = ratio.optional("round", as_literal(Rounding), "down")
        ratio.finish()
        if of is None or factor is None:
            return None
        return Ratio(of, factor, rounding)
    try:
        return as_non_negative_int(node)
    except Invalid as err:
        f.problems.add(f.at(key), f"field '{key}' on {f.what}: {err} (or a mapping "
                                  f"{{of: COUNT, ratio: 0.5, round: down}}, {{of: COUNT, "
                                  f"steps: {{40: 18}}}} or {{card: LEADER, field: FIELD}})")
        return None


def _read_one_of(f: Fields) -> tuple[int, ...]:
    """``exactly: [0, 15]``: the numbers allowed."""
    try:
        values = tuple(as_list(as_non_negative_int)(f.raw("exactly")))
    except Invalid as err:
        f.problems.add(f.at("exactly"), f"field 'exactly' on {f.what}: {err}")
        return ()
    if not values:
        f.problems.add(f.at("exactly"), f"field 'exactly' on {f.what}: an empty list")
    return values


def _read_measure_field(f: Fields, key: str, ctx: RuleContext, kinds: tuple[str, ...],
                        numeric: bool = False) -> str:
    """A field a count rule measures (``sum``, ``distinct``, ``per``): it must be readable,
    and a number for ``sum``."""
    name = f.optional(key, as_str, "")
    if not name:
        return ""
    scope = ctx.scope(kinds)
    if problem := scope.problem(name):
        ctx.problems.add(f.at(key), f"{f.what}: {key}: {problem}")
    elif numeric and not scope.numeric(name):
        ctx.problems.add(f.at(key), f"{f.what}: {key}: '{name}' holds no number")
    return name


def read_rule(f: Fields, ctx: RuleContext) -> CountRule | TargetRule | None:
    """A ``rules`` item: a count rule (``exactly``/``min``/``max``) or a target rule."""
    rule_id = f.require("id", as_id)
    severity: Severity = f.optional("severity", as_literal(Severity), "error")
    count_name = f.optional("count", as_id, "")
    selection = _read_selection(f, ctx)
    if count_name:
        selection = dataclasses.replace(selection, named=count_name)
    if "targets" in f.node:
        target_field = f.require("targets", as_str) or ""
        ctx.field(f, "targets", target_field)
        if problem := ctx.scope(selection.kinds).type_problem(target_field, "list"):
            ctx.problems.add(f.at("targets"), f"targets of {f.what}: {problem}")
        section = f.require("in", as_str) or ""
        ctx.section(f, "in", section)
        message = ctx.message(f, "message", ("card", "target", "section", "field"))
        documented(f, TARGET_RULE_KEYS, SELECTION_KEYS)
        if rule_id is None:
            return None
        return TargetRule(rule_id, selection, target_field, section, f.location,
                          severity, message)
    one_of = _read_one_of(f) if isinstance(f.raw("exactly"), list) else ()
    exactly = None if one_of else _read_bound(f, "exactly")
    low, high = (_read_bound(f, k) for k in ("min", "max"))
    distinct_node = f.raw("distinct")
    distinct = distinct_node is True
    values = ""
    if isinstance(distinct_node, str):
        values = _read_measure_field(f, "distinct", ctx, selection.kinds)
    elif distinct_node is not None and not isinstance(distinct_node, bool):
        ctx.problems.add(f.at("distinct"), f"field 'distinct' on {f.what}: true, false or a "
                                           f"field, not {distinct_node!r}")
    unique = f.optional("unique", as_bool, False)
    total = _read_measure_field(f, "sum", ctx, selection.kinds, numeric=True)
    per = _read_measure_field(f, "per", ctx, selection.kinds)
    message = f.optional("message", as_str, "")  # count names checked in _check_references
    documented(f, COUNT_RULE_KEYS, SELECTION_KEYS)
    if sum(bool(x) for x in (distinct, values, total)) > 1:
        ctx.problems.add(f.location, f"{f.what}: 'sum' and 'distinct' measure different "
                                     f"things: keep one")
    if exactly is None and low is None and high is None and not one_of:
        ctx.problems.add(f.location, f"{f.what} needs 'exactly', 'min' or 'max'")
        return None
    if isinstance(low, int) and isinstance(high, int) and low > high:
        ctx.problems.add(f.at("min"), f"{f.what}: min {low} is more than max {high}")
    if rule_id is None:
        return None
    return CountRule(rule_id, selection, f.location, exactly, low, high, distinct, unique,
                     severity, message, one_of=one_of, sum=total, values=values, per=per)


def read_copies(f: Fields, ctx: RuleContext) -> CopyLimit | None:
    """A ``copies`` item: at most ``max`` copies of each card (grouped ``by`` a field)."""
    rule = f.require("rule", as_id)
    limit = f.require("max", as_non_negative_int)
    by = f.optional("by", as_str, "id")
    ctx.field(f, "by", by)
    kinds = ctx.kind_list(f, "kinds")
    exempt = ctx.card_ids(f, "exempt")
    where = _read_where(f, "where", ctx, kinds)
    unless = _read_where(f, "unless", ctx, kinds)
    message = ctx.message(f, "message", ("card", "count", "max", "value"))
    documented(f, COPIES_KEYS)
    if rule is None or limit is None:
        return None
    return CopyLimit(limit, by, kinds, exempt, where, unless, rule=rule, message=message)


def read_leader(f: Fields, ctx: RuleContext) -> LeaderRule | None:
    """A ``leaders`` item: the card of a section that leads the deck."""
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
