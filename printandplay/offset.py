"""The printer's back-page offset as typed on the command line (``--back-offset X,Y``).

``X,Y`` in millimetres with a decimal point: ``1.5,-0.5``. A comma is also the French decimal
separator, so ``-3,5`` could mean X −3, Y +5 or X −3.5: such forms are refused with a message
saying how to write either meaning, never guessed.
"""

from __future__ import annotations

import re
from typing import Final

from printandplay.errors import OptionError
from printandplay.units import MM

MAX_OFFSET: Final = 20.0  # mm; more is not a printer's error
_NUMBER: Final = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)$")
EXAMPLE: Final = "1.5,-0.5"


def parse_back_offset(text: str) -> tuple[float, float]:
    """``"1.5,-0.5"`` (mm) → points; :class:`OptionError` for anything unclear.

    Refused as ambiguous: two plain integers where the second has no sign and is not zero
    (``-3,5``, ``1,2``), which read as one number with a decimal comma means something else.
    """
    cleaned = text.strip()
    parts = [p.strip() for p in cleaned.split(",")]
    if len(parts) != 2 or not all(_NUMBER.match(p) for p in parts):
        hint = ""
        if len(parts) == 4 and all(_NUMBER.match(p) for p in parts):
            hint = (f" (decimals take a point: {parts[0]}.{parts[1]},{parts[2]}.{parts[3]})")
        raise OptionError(f"--back-offset expects X,Y in millimetres with a decimal point, "
                          f"e.g. {EXAMPLE}; got {text!r}{hint}")
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
