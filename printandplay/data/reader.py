"""Strict, typed reading of YAML mappings: unknown keys and wrong types become located errors.

A :class:`Fields` wraps one mapping. Each ``require``/``optional`` call converts one key with a
converter (``as_str``, ``as_int``, ``as_length``…); ``finish()`` reports every key nobody asked
for. Problems are collected in a :class:`Problems` so one pass reports all of them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any, TypeVar, get_args

from printandplay.data.yamlio import LocDict, LocList
from printandplay.errors import DataError, DataErrors, Location, suggest
from printandplay.units import UnitError, parse_length

T = TypeVar("T")
D = TypeVar("D")
Converter = Callable[[Any], T]


class Invalid(ValueError):
    """Raised by converters; turned into a located :class:`DataError` by :class:`Fields`."""


class Problems:
    """Collects data errors so that a load reports all of them at once."""

    def __init__(self) -> None:
        self.errors: list[DataError] = []

    def add(self, location: Location | None, message: str) -> None:
        """Record one problem (the same problem at the same place is recorded once)."""
        error = DataError(location, message)
        if all(str(e) != str(error) for e in self.errors):
            self.errors.append(error)

    def raise_if_any(self) -> None:
        """Raise the collected problems, if any, as one exception."""
        if len(self.errors) == 1:
            raise self.errors[0]
        if self.errors:
            raise DataErrors(list(self.errors))


def location_of(node: Any, fallback: Location) -> Location:
    """The location of a YAML node, or ``fallback`` for scalars."""
    return getattr(node, "location", fallback)


class Fields:
    """Strict access to the keys of one YAML mapping.

    ``what`` names the mapping in messages, e.g. ``"card 'sifflet'"``.
    """

    def __init__(self, node: Any, what: str, problems: Problems, location: Location) -> None:
        self.what = what
        self.problems = problems
        self.used: set[str] = set()
        self.ok = isinstance(node, dict)
        if not self.ok:
            problems.add(location, f"{what} must be a mapping, got {type_name(node)}")
            node = {}
        self.node: dict[str, Any] = node
        self.location = location_of(node, location)

    def at(self, key: str) -> Location:
        """Where ``key`` stands (or the mapping when the key is missing)."""
        if isinstance(self.node, LocDict):
            return self.node.at(key)
        return self.location

    def lines(self, keys: Iterable[str]) -> dict[str, int]:
        """The line of each of ``keys`` present in the mapping (marks them as known): what
        :meth:`at` would locate, without making a :class:`Location` per key."""
        node = self.node
        key_lines = node.key_lines if isinstance(node, LocDict) else {}
        fallback = self.location.line
        out = {}
        for key in keys:
            self.used.add(key)
            if key in node:
                out[key] = key_lines.get(key) or fallback
        return out

    def has(self, key: str) -> bool:
        """Whether the mapping has ``key`` (marks it as known)."""
        self.used.add(key)
        return key in self.node

    def raw(self, key: str, default: Any = None) -> Any:
        """The unconverted value of ``key`` (marks it as known)."""
        self.used.add(key)
        return self.node.get(key, default)

    def require(self, key: str, convert: Converter[T]) -> T | None:
        """Convert a required key; a missing or bad value is recorded and gives ``None``."""
        self.used.add(key)
        if key not in self.node:
            if self.ok:
                self.problems.add(self.location, f"missing field '{key}' on {self.what}")
            return None
        return self._convert(key, convert)

    def optional(self, key: str, convert: Converter[T], default: D) -> T | D:
        """Convert an optional key; absent or null gives ``default``."""
        self.used.add(key)
        if self.node.get(key) is None:
            return default
        value = self._convert(key, convert)
        return default if value is None else value

    def _convert(self, key: str, convert: Converter[T]) -> T | None:
        try:
            return convert(self.node[key])
        except Invalid as err:
            self.problems.add(self.at(key), f"field '{key}' on {self.what}: {err}")
            return None

    def finish(self, extra_known: Sequence[str] = ()) -> None:
        """Record every key that was not read as an unknown field."""
        known = self.used | set(extra_known)
        for key in self.node:
            if key not in known:
                self.problems.add(
                    self.at(key), f"unknown field '{key}' on {self.what}{suggest(key, known)}"
                )


def type_name(value: Any) -> str:
    """A short, human name for the YAML type of ``value``."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def as_str(value: Any) -> str:
    """Text; numbers are accepted and turned into text."""
    if isinstance(value, bool) or value is None or isinstance(value, (list, dict)):
        raise Invalid(f"expected text, got {type_name(value)}")
    return str(value)


def as_id(value: Any) -> str:
    """A stable identifier: letters, digits, '-', '_' and '.'."""
    text = as_str(value)
    if not text or not all(c.isalnum() or c in "-_." for c in text):
        raise Invalid(f"bad id {text!r} (use letters, digits, '-', '_' or '.')")
    return text


def as_int(value: Any) -> int:
    """An integer."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise Invalid(f"expected an integer, got {type_name(value)}")
    return value


def as_non_negative_int(value: Any) -> int:
    """An integer ≥ 0 (0 is allowed: a count, a bound)."""
    number = as_int(value)
    if number < 0:
        raise Invalid(f"expected a number ≥ 0, got {number}")
    return number


def as_number(value: Any) -> float:
    """An integer or decimal number."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise Invalid(f"expected a number, got {type_name(value)}")
    number = float(value)  # YAML ints are bounded (MAX_INT_DIGITS): no overflow
    if not math.isfinite(number):
        raise Invalid(f"expected a finite number, got {value}")
    return number


def as_bool(value: Any) -> bool:
    """``true`` or ``false``."""
    if not isinstance(value, bool):
        raise Invalid(f"expected true or false, got {type_name(value)}")
    return value


def as_length(value: Any) -> float:
    """A length with a unit, in points."""
    try:
        return parse_length(value)
    except UnitError as err:
        raise Invalid(str(err)) from None


def as_length_not_negative(value: Any) -> float:
    """A length ≥ 0 (with a unit), in points."""
    points = as_length(value)
    if points < 0:
        raise Invalid(f"expected a length ≥ 0, got {value}")
    return points


def as_choice(*choices: str) -> Converter[str]:
    """One of ``choices``."""

    def convert(value: Any) -> str:
        text = as_str(value)
        if text not in choices:
            raise Invalid(
                f"expected one of {', '.join(choices)}, got {text!r}{suggest(text, choices)}"
            )
        return text

    return convert


def as_literal(literal: Any) -> Converter[Any]:
    """One of the values of ``literal``, a ``Literal[...]`` type of the model: the loaders
    take their choices from the model's types, so each vocabulary is spelled once."""
    return as_choice(*get_args(literal))


def as_list(item: Converter[T]) -> Converter[list[T]]:
    """A list whose items go through ``item``."""

    def convert(value: Any) -> list[T]:
        if not isinstance(value, list):
            raise Invalid(f"expected a list, got {type_name(value)}")
        out = []
        for index, element in enumerate(value):
            try:
                out.append(item(element))
            except Invalid as err:
                where = f" (line {value.at(index).line})" if isinstance(value, LocList) else ""
                raise Invalid(f"item {index + 1}{where}: {err}") from None
        return out

    return convert


def as_str_map(value: Any) -> dict[str, str]:
    """A mapping of strings to strings (keys made strings, values read by :func:`as_str`)."""
    if not isinstance(value, dict):
        raise Invalid(f"expected a mapping, got {type_name(value)}")
    return {str(k): as_str(v) for k, v in value.items()}


FRACTION_TEXT = re.compile(r"\d{1,9}(?:\.\d{1,9})?(?:/\d{1,9})?")
"""A fraction written as text: ``1/3``, ``0.5`` (no sign, no exponent)."""


def as_fraction(value: Any) -> Fraction:
    """A ratio: a number (``0.5``) or a fraction written as text (``1/3``)."""
    if isinstance(value, str):
        text = value.replace(" ", "")
        if not FRACTION_TEXT.fullmatch(text):  # no exponent: '1e999999999' would never end
            raise Invalid(f"expected a number or a fraction such as 1/3, got {value[:40]!r}")
        try:
            result = Fraction(text)
        except (ValueError, ZeroDivisionError):
            raise Invalid(f"expected a number or a fraction such as 1/3, got {value!r}") from None
    else:
        result = Fraction(as_number(value)).limit_denominator(1000)
    if result < 0:
        raise Invalid(f"a ratio cannot be negative, got {value!r}")
    return result
