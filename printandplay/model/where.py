"""``where:``, the one field-condition language of kit ``checks:`` and deck ``rules:``.

A ``where`` maps field references to the values accepted (one value or a list): a field
(``origine``), a key of a map field (``limits.rouge``), the card's ``id``, ``name`` or ``kind``,
or an aggregate over a map or list field (``sum(limits)``, ``count(limits, X)``,
``has(mots, vol)``: see :mod:`printandplay.model.field_values`). :func:`parse_where` reads one
and says what is wrong with it (the loaders of both places add the file and line);
:func:`matches` tells whether a component meets it. A condition that no component could ever
meet (an unknown field, a value outside the field's choices, a yes/no aggregate compared with
a number) is refused.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from printandplay.errors import suggest
from printandplay.model.field_values import FieldRef, FieldRefError, parse_field_ref, read_value
from printandplay.model.game import Component, FieldSpec, Kind

Conditions = tuple[tuple[str, tuple[Any, ...]], ...]
"""Field reference (as written) → the values accepted, in the order written."""

BUILT_IN = ("id", "name", "kind")  # read off every component, whatever its kind


@lru_cache(maxsize=1024)
def field_ref(text: str) -> FieldRef:
    """``text`` parsed once (a reference is read for every card a check looks at)."""
    return parse_field_ref(text)


def value_of(component: Component, field: str) -> Any:
    """What the field reference ``field`` reads off ``component`` (None when absent)."""
    return read_value(component, field_ref(field))


def items_of(value: Any) -> tuple[Any, ...]:
    """The values a field's value holds: a list's items, the value itself, or none."""
    if isinstance(value, (list, tuple)):
        return tuple(value)
    return () if value is None else (value,)


def number_of(component: Component, field: str) -> int | None:
    """The whole number ``field`` reads off ``component`` (None: none, or not a number; a
    yes/no is not one): what sums add up."""
    value = value_of(component, field)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def matches(component: Component, where: Conditions) -> bool:
    """Whether ``component`` meets every condition of ``where``."""
    return all(value_of(component, field) in values for field, values in where)


class FieldScope:
    """The fields a check or deck rule may read: those of its kinds (every kind when none)."""

    def __init__(self, kinds: Iterable[Kind]) -> None:
        self.kinds = tuple(kinds)
        self.specs: dict[str, list[FieldSpec]] = {}
        for kind in self.kinds:
            for spec in kind.fields:
                self.specs.setdefault(spec.name, []).append(spec)
                if spec.type == "map" and spec.item is not None:
                    for key in spec.keys:
                        self.specs.setdefault(f"{spec.name}.{key}", []).append(spec.item)
        self.known = set(BUILT_IN) | set(self.specs)
        self.many = {name for name, specs in self.specs.items()
                     if any(s.type in ("map", "list") for s in specs)}

    def problem(self, text: str) -> str:
        """Why the reference ``text`` cannot be read, or ''."""
        try:
            ref = field_ref(text)
        except FieldRefError as err:
            return str(err)
        if ref.aggregate and ref.field not in self.many:
            return (f"{ref.aggregate}() reads a map or list field, not '{ref.field}'"
                    f"{suggest(ref.field, self.many)}")
        if ref.field not in self.known:
            return f"unknown field '{ref.field}'{suggest(ref.field, self.known)}"
        return ""

    def value_problem(self, text: str, value: Any) -> str:
        """Why no card could have ``value`` under the (readable) reference ``text``, or ''."""
        ref = field_ref(text)
        if ref.aggregate == "has":
            return "" if isinstance(value, bool) else (
                f"{text} is true or false, not {value!r}")
        if ref.aggregate == "count":
            return "" if isinstance(value, int) and not isinstance(value, bool) and value >= 0 \
                else f"{text} is a whole number ≥ 0, not {value!r}"
        if ref.aggregate:
            return "" if isinstance(value, (int, float)) and not isinstance(value, bool) \
                else f"{text} is a number, not {value!r}"
        if isinstance(value, (list, tuple, dict)):
            shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:39] + "…"
            return f"a value or a list of values, not a nested list or a mapping: {shown}"
        specs = [s for s in self.specs.get(ref.field, []) if ref.field not in BUILT_IN]
        if specs and all(s.type in ("list", "map") for s in specs):
            return (f"'{ref.field}' is a {specs[0].type} field: no card's value is one value "
                    f"(test has({ref.field}, …), or a map key as '{ref.field}.KEY')")
        if ref.field == "kind":
            ids = [k.id for k in self.kinds]
            return "" if value in ids else f"unknown kind {value!r}{suggest(str(value), ids)}"
        specs = self.specs.get(ref.field, [])
        if any(s.type == "bool" for s in specs) and not isinstance(value, bool):
            return f"'{ref.field}' is a yes/no field: write true or false, not {value!r}"
        return self.member_problem(ref.field, value)

    def member_problem(self, name: str, value: Any) -> str:
        """Why no card's value of the field ``name`` (no item, for a list field) could be
        ``value``, or '': a value outside the choices of a ``choice`` field or item."""
        specs = [s.item if s.type == "list" and s.item is not None else s
                 for s in self.specs.get(name, [])]
        if not specs or not all(s.type == "choice" for s in specs):
            return ""
        choices = list(dict.fromkeys(c for s in specs for c in s.choices))
        if value in choices:
            return ""
        shown = ", ".join(str(c) for c in choices)
        return (f"{value!r} is not a choice of '{name}' ({shown})"
                f"{suggest(str(value), [str(c) for c in choices])}")

    def numeric(self, text: str) -> bool:
        """Whether the (readable) reference ``text`` may read a number off a card."""
        ref = field_ref(text)
        if ref.aggregate:
            return ref.aggregate != "has"
        return any(s.type == "int" or (s.type == "choice" and any(
            isinstance(c, int) and not isinstance(c, bool) for c in s.choices))
            for s in self.specs.get(ref.field, []))

    def type_problem(self, name: str, wanted: str) -> str:
        """Why the (known) field ``name`` is not of type ``wanted`` (``bool``: a yes/no field
        that allows a card; ``list``: card names a rule walks one by one), or ''."""
        other = sorted({s.type for s in self.specs.get(name, []) if s.type != wanted})
        if not other:
            return ""
        what = {"bool": "a yes/no (bool) field", "list": "a list field"}.get(wanted, wanted)
        return f"'{name}' is a {'/'.join(other)} field, not {what}: it could never match"


def parse_where(node: Any, scope: FieldScope) -> tuple[Conditions, list[str]]:
    """The conditions of a ``where`` mapping and what is wrong with it (one text each)."""
    if not isinstance(node, Mapping):
        return (), ["'where' must map fields to values"]
    conditions = []
    problems = []
    for key, value in node.items():
        values = tuple(value) if isinstance(value, list) else (value,)
        problem = scope.problem(str(key))
        if not problem:
            problem = next((p for v in values if (p := scope.value_problem(str(key), v))), "")
        if problem:
            problems.append(problem)
        conditions.append((str(key), values))
    return tuple(conditions), problems
