"""The count rules and target rules of a deck format (``rules:``), checked on a deck: bounds
(numbers, ratios and steps of named counts, a leader card's numbers), measures (copies,
different cards, different values, sums), groups (``per``) and targets."""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from fractions import Fraction
from typing import Any

from printandplay.data.card_names import normalize
from printandplay.model.deck_rules import Bound, CardRef, CountRule, Selection, Steps, TargetRule
from printandplay.model.game import Component
from printandplay.model.where import items_of, number_of, value_of
from printandplay.rules.deck_check import DeckCheck, fill
from printandplay.rules.report import Severity, Violation


def _bound(bound: Bound | None, counts: Mapping[str, int], check: DeckCheck) -> int | None:
    if bound is None or isinstance(bound, int):
        return bound
    if isinstance(bound, CardRef):
        value = check.read(bound)
        return value if isinstance(value, int) and not isinstance(value, bool) else None
    if isinstance(bound, Steps):
        count = counts[bound.of]
        return next((v for start, v in reversed(bound.steps) if count >= start),
                    bound.steps[0][1])
    exact = counts[bound.of] * bound.ratio
    if bound.round == "up":
        return math.ceil(exact)
    if bound.round == "nearest":
        return math.floor(exact + Fraction(1, 2))
    return math.floor(exact)


def measured_sums(check: DeckCheck) -> list[dict[str, Any]]:
    """What each count rule measuring a ``sum:`` (without ``per``) sums on the deck, e.g. the
    influence spent: ``{"rule", "field", "sum"}`` in the rules' order, for the report."""
    return [{"rule": rule.id, "field": rule.sum,
             "sum": _measured(rule, check.cards(rule.selection))}
            for rule in check.fmt.rules
            if isinstance(rule, CountRule) and rule.sum and not rule.per
            and not _leader_missing(check, rule)]


def _leader_missing(check: DeckCheck, rule: CountRule) -> bool:
    """Whether a bound of ``rule`` reads a leader the deck lacks (its own rule says so)."""
    return any(isinstance(b, CardRef) and check.leaders.get(b.card) is None
               for b in (rule.exactly, rule.min, rule.max))


def check_rules(check: DeckCheck) -> Iterator[Violation]:
    """Every count rule and target rule of the format that the deck breaks."""
    counts = {name: check.measure(selection)[0] for name, selection in check.fmt.counts.items()}
    for rule in check.fmt.rules:
        if isinstance(rule, TargetRule):
            yield from _targets(check, rule)
        else:
            yield from _count_rule(check, rule, counts)


Cards = list[tuple[str, Component, int]]


def _measured(rule: CountRule, cards: Cards) -> int:
    """What ``rule`` measures of ``cards``: a sum, different values, different cards, copies."""
    if rule.sum:
        return sum(value * n for _, c, n in cards
                   if (value := number_of(c, rule.sum)) is not None)
    if rule.values:
        return len({str(v) for _, c, _ in cards for v in items_of(value_of(c, rule.values))})
    if rule.distinct:
        return len({c.id for _, c, _ in cards})
    return sum(n for _, _, n in cards)


def _groups(check: DeckCheck, rule: CountRule) -> Iterator[tuple[str | None, int, Cards]]:
    """(value of ``per`` or None, measure, cards) of each group a count rule checks."""
    if not rule.per:
        if rule.sum or rule.values:
            cards = check.cards(rule.selection)
            yield None, _measured(rule, cards), cards
        else:
            actual, cards = check.measure(rule.selection, rule.distinct)
            yield None, actual, cards
        return
    groups: dict[str, Cards] = {}
    for card in check.cards(rule.selection):
        for value in items_of(value_of(card[1], rule.per)):
            groups.setdefault(str(value), []).append(card)
    for value, cards in groups.items():
        yield value, _measured(rule, cards), cards


def _count_rule(check: DeckCheck, rule: CountRule, counts: Mapping[str, int]
                ) -> Iterator[Violation]:
    exactly, low, high = (_bound(b, counts, check) for b in (rule.exactly, rule.min, rule.max))
    if _leader_missing(check, rule):
        return  # the leader is missing: its own rule says so
    yield from _empty_leader_bounds(check, rule)
    for group, actual, cards in _groups(check, rule):
        yield from _count_group(check, rule, counts, (exactly, low, high), group, actual, cards)


def _empty_leader_bounds(check: DeckCheck, rule: CountRule) -> Iterator[Violation]:
    """A warning under the rule's id for each bound read from a leader's field that the
    leader leaves empty: that bound is not checked (the deck's other rules still are)."""
    for key, bound in (("exactly", rule.exactly), ("min", rule.min), ("max", rule.max)):
        if not isinstance(bound, CardRef) or _bound(bound, {}, check) is not None:
            continue
        leader = check.leaders[bound.card]
        assert leader is not None  # _leader_missing said so
        yield Violation(rule.id, f"not checked: its {key} is {check.name(leader)}'s "
                        f"{bound.field}, which is empty", severity=Severity.WARNING,
                        cards=(leader.id,))


def _count_group(check: DeckCheck, rule: CountRule, counts: Mapping[str, int],
                 bounds: tuple[int | None, int | None, int | None], group: str | None,
                 actual: int, cards: Cards) -> Iterator[Violation]:
    exactly, low, high = bounds
    copies = sum(n for _, _, n in cards)
    repeated = [check.name(c) for _, c, n in cards if n > 1]
    unique = rule.unique and copies != actual
    broken: Any = None
    if rule.one_of and actual not in rule.one_of:
        broken = " or ".join(str(n) for n in rule.one_of)
    elif exactly is not None and (actual != exactly or unique):
        broken = exactly
    elif low is not None and actual < low:
        broken = low
    elif high is not None and actual > high:
        broken = high
    elif unique:
        broken = actual
    if broken is None:
        return
    sections = check.resolve(rule.selection).sections
    names = list(dict.fromkeys(check.name(c) for _, c, _ in cards))
    values: dict[str, Any] = {
        **counts, "actual": actual, "expected": broken, "min": low, "max": high,
        "exactly": exactly if not rule.one_of else broken,
        "distinct": len({c.id for _, c, _ in cards}), "copies": copies,
        "repeated": ", ".join(repeated),
        "repeated_note": f" ({', '.join(repeated)} more than once)" if repeated else "",
        "section": " + ".join(sections) or "the deck", "value": group or "",
        "cards": ", ".join(names[:10]) + (f" and {len(names) - 10} more"
                                          if len(names) > 10 else ""),
        **{name: check.name(card) for name, card in check.leaders.items() if card}}
    measure = (f"sum of {rule.sum}" if rule.sum else f"{rule.values} values" if rule.values
               else "")
    default = ("{section}" + (f" ({rule.per} {{value}})" if rule.per else "")
               + (f", {measure}" if measure else "") + ": {actual}, expected "
               + ("{exactly}" if exactly is not None or rule.one_of
                  else "at least {min}" if broken == low else "at most {max}")
               + (" ({cards})" if rule.selection.outside else ""))
    s = rule.selection
    narrow = bool(s.kinds or s.where or s.unless or s.outside or rule.distinct or rule.per
                  or rule.sum or rule.values)
    line = None
    if s.outside and cards:
        line = min(check.lines[(section, c.id)] for section, c, _ in cards)
    yield Violation(rule.id, fill(rule.message or default, values),
                    severity=Severity(rule.severity),
                    expected=list(rule.one_of) if rule.one_of else broken, actual=actual,
                    cards=tuple(dict.fromkeys(c.id for _, c, _ in cards)) if narrow else (),
                    line=line)


def _targets(check: DeckCheck, rule: TargetRule) -> Iterator[Violation]:
    present = set()
    for _, component, _ in check.cards(Selection(sections=(rule.section,))):
        present |= {normalize(component.name), normalize(component.id)}
    for section, component, _ in check.cards(rule.selection):
        for target in component.values.get(rule.field) or ():
            if normalize(str(target)) in present:
                continue
            values = {"card": check.name(component), "target": target,
                      "section": rule.section, "field": rule.field}
            yield Violation(rule.id,
                            fill(rule.message or "{card}: {field} '{target}' is not in "
                                 "{section}", values),
                            severity=Severity(rule.severity), cards=(component.id,),
                            line=check.lines.get((section, component.id)))
