"""The selections, named counts and rules of a deck format (``counts:`` and ``rules:`` in
``deck_rules.formats.<name>``): which cards a rule looks at, what it measures and its bounds."""

from __future__ import annotations

import dataclasses
from typing import Any

from printandplay.data.deck_rule_items import RuleContext, read_where
from printandplay.data.deck_rule_keys import (
    COUNT_RULE_KEYS,
    SELECTION_KEYS,
    TARGET_RULE_KEYS,
    documented,
    finish,
)
from printandplay.data.reader import (
    Fields,
    Invalid,
    as_bool,
    as_fraction,
    as_id,
    as_list,
    as_literal,
    as_non_negative_int,
    as_str,
)
from printandplay.model.deck_rules import (
    Bound,
    CardRef,
    CountRule,
    Ratio,
    Rounding,
    Selection,
    Severity,
    Steps,
    TargetRule,
)
from printandplay.model.where import field_ref


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
                ref.finish()  # (its field is checked against the leader's kinds with the rule)
                if card:
                    values.append(CardRef(card, field))
            elif isinstance(item, list):
                ctx.problems.add(f.at("outside"), f"{f.what}: outside: a value or "
                                                  f"{{card: LEADER}}, not a nested list")
            elif problem := scope.member_problem(name, item):
                ctx.problems.add(f.at("outside"), f"{f.what}: outside: {problem}")
            else:
                values.append(item)
        out.append((name, tuple(values)))
    return tuple(out)


def _read_selection(f: Fields, ctx: RuleContext) -> Selection:
    sections = ctx.section_list(f, "section")
    kinds = ctx.kind_list(f, "kind")
    conditions = read_where(f, "where", ctx, kinds)
    unless = read_where(f, "unless", ctx, kinds)
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


def _read_steps(ratio: Fields) -> tuple[tuple[int, int], ...] | None:
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
        steps = _read_steps(table)
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
    listed = isinstance(f.raw("exactly"), list)  # a bad list is reported by _read_one_of
    if exactly is None and low is None and high is None and not listed:
        ctx.problems.add(f.location, f"{f.what} needs 'exactly', 'min' or 'max'")
        return None
    if isinstance(low, int) and isinstance(high, int) and low > high:
        ctx.problems.add(f.at("min"), f"{f.what}: min {low} is more than max {high}")
    if rule_id is None:
        return None
    return CountRule(rule_id, selection, f.location, exactly, low, high, distinct, unique,
                     severity, message, one_of=one_of, sum=total, values=values, per=per)
