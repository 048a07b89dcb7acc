"""Lengths are parsed once, at the edge: ``"63mm"`` becomes points and nothing later sees a unit."""

from __future__ import annotations

import re
from typing import Final

from printandplay.errors import OptionError

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


def format_mm(points: float) -> str:
    """Format a length in points as millimetres for messages: ``178.58`` → ``'63mm'``."""
    mm = points / MM
    text = f"{mm:.2f}".rstrip("0").rstrip(".")
    return f"{text}mm"


# ---- the printer's back-page offset, as typed on the command line (``--back-offset X,Y``) ------
# ``X,Y`` in millimetres with a decimal point: ``1.5,-0.5``. A comma is also the French decimal
# separator, so ``-3,5`` could mean X −3, Y +5 or X −3.5: such forms are refused with a message
# saying how to write either meaning, never guessed.

MAX_OFFSET: Final = 20.0  # mm; more is not a printer's error
_OFFSET_NUMBER: Final = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)$")
OFFSET_EXAMPLE: Final = "1.5,-0.5"


def parse_back_offset(text: str) -> tuple[float, float]:
    """``"1.5,-0.5"`` (mm) → points; :class:`OptionError` for anything unclear.

    Refused as ambiguous: two plain integers where the second has no sign and is not zero
    (``-3,5``, ``1,2``), which read as one number with a decimal comma means something else.
    """
    cleaned = text.strip()
    parts = [p.strip() for p in cleaned.split(",")]
    if len(parts) != 2 or not all(_OFFSET_NUMBER.match(p) for p in parts):
        hint = ""
        if len(parts) == 4 and all(_OFFSET_NUMBER.match(p) for p in parts):
            hint = (f" (decimals take a point: {parts[0]}.{parts[1]},{parts[2]}.{parts[3]})")
        raise OptionError(f"--back-offset expects X,Y in millimetres (finite numbers) with a "
                          f"decimal point, e.g. {OFFSET_EXAMPLE}; got {text!r}{hint}")
    first, second = parts
    if ("." not in first and "." not in second and second[0] not in "+-"
            and float(second) != 0):
        raise OptionError(
            f"--back-offset {text} is ambiguous: a comma also marks decimals. Write "
            f"{first}.{second},0 for X = {first}.{second} mm, or {first},+{second} "
            f"(or {first}.0,{second}.0) for X = {first} mm and Y = {second} mm")
    x, y = float(first), float(second)
    if abs(x) > MAX_OFFSET or abs(y) > MAX_OFFSET:
        raise OptionError(f"--back-offset {text}: more than {MAX_OFFSET:g} mm is not a "
                          "printer offset")
    return (x * MM, y * MM)


MAX_MARGIN: Final = 20.0  # mm; a printer's unprintable margin is ~5 mm


def parse_margin(mm: float) -> float:
    """``--margin`` in mm → points; :class:`OptionError` outside 0 to ``MAX_MARGIN`` mm."""
    if not 0 <= mm <= MAX_MARGIN:
        raise OptionError(f"--margin {mm:g}: use a value from 0 to {MAX_MARGIN:g} mm")
    return mm * MM


def format_mm_value(mm: float) -> str:
    """A number of millimetres as ``--back-offset`` reads it: ``-3.5``, ``+1``, ``0``."""
    if abs(mm) < 1e-9:
        return "0"
    text = f"{mm:+.2f}".rstrip("0").rstrip(".")
    return text


def format_back_offset(offset: tuple[float, float]) -> str:
    """An offset in points as the option to type: ``(1.5 mm, -0.5 mm)`` → ``"1.5,-0.5"``.

    The second value always carries its sign, so the text is never ambiguous."""
    x = format_mm_value(offset[0] / MM).lstrip("+")
    return f"{x},{format_mm_value(offset[1] / MM)}"
