"""SVG numbers: the scanner that the other micro-syntaxes share, and number lists.

* :func:`parse_numbers` reads number lists (``points``, ``viewBox``, transform arguments);
* :class:`Scanner` is the cursor :mod:`.svg_path` reads path data with.

Syntax errors raise :class:`SvgSyntaxError`, which carries the offset of the faulty text so the
caller can point at its line. Nothing here knows about files or XML.
"""

from __future__ import annotations

import math
import re

NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
"""An SVG number: optional sign, digits with an optional point, optional exponent."""
SEPARATOR = re.compile(r"\s*(?:,\s*)?")
SPACE = re.compile(r"\s*")


MAX_NUMBER = 1e9  # the largest coordinate, size or angle an icon may use


class SvgSyntaxError(ValueError):
    """Bad geometry text; ``offset`` is where, in the parsed string, the problem starts."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset


class TooMany(SvgSyntaxError):
    """A number list or path data read past the limit its reader was given."""


class AttributeProblem(ValueError):
    """An attribute of an element that the icon subset refuses: the reader turns it into a
    located error on the line of ``attribute`` (or of the element when None), at ``offset`` in
    its value."""

    def __init__(self, message: str, attribute: str | None = None, offset: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.attribute = attribute
        self.offset = offset


def near(text: str, start: int, end: int | None = None) -> str:
    """A short excerpt of ``text`` from ``start``, whitespace collapsed, for error messages."""
    stop = max(start + 12, (end if end is not None else start) + 1)
    return " ".join(text[start:stop].split())


class Scanner:
    """A cursor over a string that reads SVG numbers, flags and separators."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def skip(self, pattern: re.Pattern[str] = SEPARATOR) -> None:
        """Move past ``pattern`` (a separator by default) if it is there."""
        match = pattern.match(self.text, self.pos)
        self.pos = match.end() if match else self.pos

    def peek(self) -> str:
        """The next character, or ``""`` at the end."""
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def at_end(self) -> bool:
        """Whether the whole text has been read."""
        return self.pos >= len(self.text)

    def starts_number(self) -> bool:
        """Whether a number may start here."""
        return self.peek() != "" and self.peek() in "+-.0123456789"

    def number(self) -> float | None:
        """Read a finite number; ``None`` (nothing read) when there is none; an error when it
        is out of range (beyond ``MAX_NUMBER`` either way)."""
        match = NUMBER.match(self.text, self.pos)
        if not match or not math.isfinite(float(match.group())):
            return None
        value = float(match.group())
        if abs(value) > MAX_NUMBER:
            raise SvgSyntaxError(f"number {match.group()} out of range (at most {MAX_NUMBER:g} "
                                 f"either way)", self.pos)
        self.pos = match.end()
        return value

    def flag(self) -> float | None:
        """Read an arc flag (``0`` or ``1``, no separator needed); ``None`` otherwise."""
        if self.peek() not in ("0", "1"):
            return None
        self.pos += 1
        return float(self.text[self.pos - 1])


def parse_numbers(text: str, limit: int | None = None) -> list[float]:
    """Numbers separated by whitespace and/or commas, e.g. ``"0,0 10 .5-1e2"``; at most
    ``limit`` of them (the reading stops there)."""
    scanner = Scanner(text)
    scanner.skip(SPACE)
    values: list[float] = []
    while not scanner.at_end():
        start = scanner.pos
        if limit is not None and len(values) >= limit:
            raise TooMany(f"more than {limit:,} numbers (limit)", start)
        value = scanner.number()
        if value is None:
            raise SvgSyntaxError(f"bad number near '{near(text, start)}'", start)
        values.append(value)
        scanner.skip()
    return values

