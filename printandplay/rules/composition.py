"""Checking a kit's composition against the rules declared in its ``game.yaml`` (``checks:``)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from printandplay.model.game import Component, CompositionCheck, Game
from printandplay.model.where import field_ref, matches, number_of, value_of
from printandplay.rules.deck_fit import check_decks_fit
from printandplay.rules.report import Report, Violation


def _selected(game: Game, check: CompositionCheck) -> list[Component]:
    return [c for c in game.components
            if (not check.kind or c.kind == check.kind) and matches(c, check.where)]


def _measure(components: list[Component], check: CompositionCheck) -> int:
    if check.distinct:
        return len({repr(value_of(c, check.distinct)) for c in components})
    if check.sum:
        return sum(value * c.count for c in components
                   if (value := number_of(c, check.sum)) is not None)
    return sum(c.count for c in components)


def _describe(check: CompositionCheck, group: str) -> str:
    what = check.kind or "components"
    conditions = ", ".join(
        f"{field}={'|'.join(str(v) for v in values)}" for field, values in check.where)
    text = what + (f" with {conditions}" if conditions else "") + group
    measure = (f"distinct values of '{check.distinct}'" if check.distinct
               else f"the sum of '{check.sum}'" if check.sum else "copies")
    return f"{measure} of {text}"


def _expectation(check: CompositionCheck) -> str:
    if check.count is not None:
        return str(check.count)
    if check.min is not None and check.max is not None:
        return f"{check.min}–{check.max}"
    return f"at least {check.min}" if check.min is not None else f"at most {check.max}"


def _ok(check: CompositionCheck, actual: int) -> bool:
    if check.count is not None and actual != check.count:
        return False
    if check.min is not None and actual < check.min:
        return False
    return not (check.max is not None and actual > check.max)


def _expected_values(game: Game, check: CompositionCheck) -> list[Any]:
    """The values a ``per`` field can take (its choices), narrowed by ``where`` on it."""
    kinds = [game.kinds[check.kind]] if check.kind else list(game.kinds.values())
    if field_ref(check.per).aggregate:
        return []
    name, _, key = check.per.partition(".")
    values: list[Any] = []
    for kind in kinds:
        spec = kind.field(name)
        if spec is not None and key and spec.item is not None:
            spec = spec.item
        if spec is not None and spec.type == "choice":
            values.extend(v for v in spec.choices if v not in values)
    for field, allowed in check.where:
        if field == check.per:
            values = [v for v in values if v in allowed]
    return values


def check_composition(game: Game) -> Report:
    """Every composition rule of ``game`` that its components break."""
    violations: list[Violation] = []
    for check in game.checks:
        if check.decks:
            violations.extend(check_decks_fit(game, check))
            continue
        selected = _selected(game, check)
        groups: dict[str, list[Component]] = defaultdict(list)
        if check.per:
            for value in _expected_values(game, check):
                groups[str(value)] = []  # a value no component has is a group of 0
            for component in selected:
                groups[str(value_of(component, check.per))].append(component)
        else:
            groups[""] = selected
        for key, components in groups.items():
            actual = _measure(components, check)
            if _ok(check, actual):
                continue
            group = f" ({check.per}={key})" if check.per else ""
            label = f" — {check.description}" if check.description else ""
            violations.append(Violation(
                rule=check.id,
                message=f"{_describe(check, group)}: expected {_expectation(check)}, "
                        f"found {actual}{label}",
                expected=_expectation(check) if check.count is None else check.count,
                actual=actual,
                cards=tuple(c.id for c in components),
            ))
    counts = {kind: game.count(kind) for kind in game.kinds}
    return Report(tuple(violations), counts)
