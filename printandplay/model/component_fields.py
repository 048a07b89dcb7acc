"""Compact mappings for what every loaded component carries (a game may hold 100,000 cards):
its field values and where each field stands in its file."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from printandplay.errors import Location


class FieldLines(Mapping[str, Location]):
    """Where the fields of one component stand, compactly: a large game holds one per card.

    Keeps the component's location, the names of its located fields (one tuple shared by
    every component with the same fields) and each field's line as an offset from the
    component's line (small numbers, shared by Python); a :class:`Location` is made only
    when a message asks for it."""

    __slots__ = ("_base", "_keys", "_offsets")

    _KEYS: dict[tuple[str, ...], tuple[str, ...]] = {}  # one tuple per set of field names

    def __init__(self, base: Location, lines: Mapping[str, int]) -> None:
        keys = tuple(lines)
        self._base = base
        self._keys = self._KEYS.setdefault(keys, keys)
        self._offsets = tuple(lines[key] - base.line for key in keys)

    def __getitem__(self, key: str) -> Location:
        try:
            offset = self._offsets[self._keys.index(key)]
        except ValueError:
            raise KeyError(key) from None
        base = self._base
        return Location(base.path, base.line + offset, base.column)

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)


class FieldValues(Mapping[str, Any]):
    """The field values of one component, compactly: the field names are one tuple shared by
    every component with the same fields, the values a tuple (a dict per card costs twice
    as much in a game of 100,000 cards)."""

    __slots__ = ("_keys", "_values")

    _KEYS: dict[tuple[str, ...], tuple[str, ...]] = {}  # one tuple per set of field names

    def __init__(self, values: Mapping[str, Any]) -> None:
        keys = tuple(values)
        self._keys = self._KEYS.setdefault(keys, keys)
        self._values = tuple(values.values())

    def __getitem__(self, key: str) -> Any:
        try:
            return self._values[self._keys.index(key)]
        except ValueError:
            raise KeyError(key) from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)

    def __repr__(self) -> str:
        return repr(dict(self.items()))
