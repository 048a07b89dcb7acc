"""Colours, one spelling for every layer: the :data:`RGB` type and the reader of ``#rrggbb``.

Game palettes, layout colours, document styles and SVG paints all write an opaque colour as
``#rrggbb`` or ``#rgb``; :func:`parse_hex` is the one place that reads that form, and
:func:`parse_color` reads a colour of a layout or a document (hex, or a name of the palette).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

RGB = tuple[float, float, float]
"""A colour, each component in 0..1."""

HEX_FORMS: Final = "'#rrggbb' or '#rgb'"
_HEX: Final = re.compile(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})")
NAMED: Final[Mapping[str, str]] = {"black": "#000000", "white": "#ffffff"}
"""The names a layout may use besides the game's palette."""


class ColorError(ValueError):
    """A colour that cannot be read."""


def parse_hex(text: str) -> RGB | None:
    """``#rrggbb`` or ``#rgb`` (either case) as RGB in 0..1; ``None`` for any other text."""
    match = _HEX.fullmatch(text)
    if match is None:
        return None
    digits = match.group(1)
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    red, green, blue = (int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4))
    return (red, green, blue)


def is_hex(text: str) -> bool:
    """Whether ``text`` is a colour written ``#rrggbb`` or ``#rgb``."""
    return _HEX.fullmatch(text) is not None


def parse_color(text: str, palette: Mapping[str, str]) -> RGB | None:
    """A colour written in a layout or a document style: ``#rrggbb``, ``#rgb``, a name of
    ``palette`` (or black, white); empty and ``none`` give ``None`` (nothing painted)."""
    value = text.strip()
    if value in ("", "none", "transparent"):
        return None
    rgb = parse_hex(palette.get(value, NAMED.get(value, value)))
    if rgb is not None:
        r, g, b = rgb
        return (round(r, 4), round(g, 4), round(b, 4))
    known = ", ".join(sorted(palette)) or "none"
    raise ColorError(f"bad colour {text!r} (use '#rrggbb' or a palette name: {known})")
