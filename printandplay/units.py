"""Lengths are parsed once, at the edge: ``"63mm"`` becomes points and nothing later sees a unit."""

from __future__ import annotations

import re
from typing import Final

MM: Final = 72.0 / 25.4
INCH: Final = 72.0
CM: Final = 10 * MM

MAX_PAGE: Final = 200 * INCH  # PDF's page size limit (14 400 points)
MIN_PAPER: Final = 50 * MM  # no card fits on smaller paper

_UNITS: Final[dict[str, float]] = {"mm": MM, "cm": CM, "in": INCH, "pt": 1.0}
_LENGTH_RE: Final = re.compile(r"^\s*(-?(?:\d+(?:\.\d*)?|\.\d+))\s*(mm|cm|in|pt|%)\s*$")


class UnitError(ValueError):
    """A length that cannot be read."""


def parse_length(value: object, *, reference: float | None = None) -> float:
    """Return ``value`` in points.

    Accepts ``"63mm"``, ``"6.3cm"``, ``"2.5in"``, ``"12pt"`` and, when ``reference`` (in points)
    is given, percentages of it (``"50%"``). A bare ``0`` is accepted; any other bare number is an
    error, because a length without a unit is ambiguous.
    """
    if isinstance(value, bool):
        raise UnitError(f"expected a length such as '63mm', got {value!r}")
    if isinstance(value, (int, float)):
        if value == 0:
            return 0.0
        raise UnitError(f"length {value!r} needs a unit (mm, cm, in, pt or %)")
    if not isinstance(value, str):
        raise UnitError(f"expected a length such as '63mm', got {value!r}")
    match = _LENGTH_RE.match(value)
    if not match:
        raise UnitError(f"bad length {value!r} (expected e.g. '63mm', '2.5in', '12pt', '50%')")
    number, unit = float(match.group(1)), match.group(2)
    if unit == "%":
        if reference is None:
            raise UnitError(f"a percentage ({value!r}) is not allowed here")
        return number / 100.0 * reference
    return number * _UNITS[unit]


def parse_mm(value: str) -> float:
    """Parse a plain number of millimetres (as typed on the command line) into points."""
    try:
        return float(value) * MM
    except ValueError:
        raise UnitError(f"expected a number of millimetres, got {value!r}") from None


def format_mm(points: float) -> str:
    """Format a length in points as millimetres for messages: ``178.58`` → ``'63mm'``."""
    mm = points / MM
    text = f"{mm:.2f}".rstrip("0").rstrip(".")
    return f"{text}mm"
