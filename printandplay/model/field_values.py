"""What a check reads off a component: a field, a key of a map field, or an aggregate.

``limits`` is the field; ``limits.rouge`` the key ``rouge`` of the map ``limits``; aggregates over
the values of a map or the items of a list field:

- ``sum(limits)``, ``max(limits)``, ``min(limits)``: over the numbers (``X`` and text skipped);
- ``count(limits, 0)``: how many values are ``0``; ``has(limits, X)``: whether one is ``X``;
  ``count(limits, 7|8|9)``: how many values are any of 7, 8 and 9.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Final

from printandplay.model.game import Component

AGGREGATES: Final = ("sum", "max", "min", "count", "has")
_CALL = re.compile(r"^\s*(\w+)\s*\(\s*([\w.-]+)\s*(?:,\s*([^()]*?)\s*)?\)\s*$")


@dataclass(frozen=True, slots=True)
class FieldRef:
    """A parsed field reference: ``field`` (maybe ``map.key``), with an aggregate or not."""

    field: str
    aggregate: str = ""
    argument: str | None = None


class FieldRefError(ValueError):
    """A reference that cannot be read (the message says why)."""


def parse_field_ref(text: str) -> FieldRef:
    """``limits.rouge`` → FieldRef('limits.rouge'); ``count(limits, 0)`` → an aggregate."""
    if "(" not in text:
        return FieldRef(text.strip())
    match = _CALL.match(text)
    if not match:
        raise FieldRefError(f"cannot read {text!r}: write FIELD, MAP.KEY, or "
                            f"{'|'.join(AGGREGATES)}(FIELD) / count(FIELD, VALUE)")
    name, field, argument = match.groups()
    if name not in AGGREGATES:
        raise FieldRefError(f"unknown aggregate '{name}' in {text!r} (known: "
                            f"{', '.join(AGGREGATES)})")
    if name in ("count", "has") and argument is None:
        raise FieldRefError(f"{name}() needs a value: {name}({field}, VALUE)")
    if name in ("sum", "max", "min") and argument is not None:
        raise FieldRefError(f"{name}() takes one field, not a value: {name}({field})")
    return FieldRef(field, name, argument)


def _items(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return list(value.values())
    if isinstance(value, (list, tuple)):
        return list(value)
    return [] if value is None else [value]


def read_value(component: Component, ref: FieldRef) -> Any:
    """The value ``ref`` reads off ``component`` (None when absent)."""
    if ref.field in ("id", "name", "kind"):
        value: Any = getattr(component, ref.field)
    else:
        name, _, key = ref.field.partition(".")
        value = component.values.get(name)
        if key:
            value = value.get(key) if isinstance(value, dict) else None
    if not ref.aggregate:
        return value
    items = _items(value)
    if ref.aggregate in ("count", "has"):
        wanted = {part.strip() for part in (ref.argument or "").split("|")}
        hits = sum(1 for item in items if str(item) in wanted)
        return hits if ref.aggregate == "count" else hits > 0
    numbers = [i for i in items if isinstance(i, (int, float)) and not isinstance(i, bool)]
    if ref.aggregate == "sum":
        return sum(numbers)
    if not numbers:
        return None
    return max(numbers) if ref.aggregate == "max" else min(numbers)
