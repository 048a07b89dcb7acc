"""SVG property values (presentation attributes and ``style``), as pure functions on strings.

* :func:`parse_paint` reads a paint: ``#rgb``, ``#rrggbb``, ``rgb()``, a colour name, ``none``,
  ``currentColor``;
* :func:`parse_user_units` reads a plain length in user units (lengths with a unit are
  :func:`printandplay.units.parse_length`'s job);
* :func:`parse_opacity` reads a number or a percentage, clamped to 0..1.

Bad values raise :class:`~printandplay.data.svg_numbers.SvgSyntaxError` (offset 0: the whole value).
"""

from __future__ import annotations

import math
import re
from types import MappingProxyType

from printandplay.data.svg_numbers import MAX_NUMBER, NUMBER, SvgSyntaxError
from printandplay.model.color import RGB, parse_hex
from printandplay.model.icon import Paint

_NAMED_COLOURS = MappingProxyType({
    "black": "#000000", "white": "#ffffff", "red": "#ff0000", "green": "#008000",
    "blue": "#0000ff", "yellow": "#ffff00", "orange": "#ffa500", "purple": "#800080",
    "gray": "#808080", "grey": "#808080", "pink": "#ffc0cb", "brown": "#a52a2a",
    "silver": "#c0c0c0", "maroon": "#800000", "navy": "#000080", "teal": "#008080",
    "olive": "#808000", "lime": "#00ff00", "aqua": "#00ffff", "cyan": "#00ffff",
    "fuchsia": "#ff00ff", "magenta": "#ff00ff", "gold": "#ffd700", "darkgreen": "#006400",
    "darkred": "#8b0000", "darkblue": "#00008b", "lightgray": "#d3d3d3",
    "lightgrey": "#d3d3d3", "darkgray": "#a9a9a9", "darkgrey": "#a9a9a9",
})
_COLOUR_HELP = "use #rgb, #rrggbb, rgb(r, g, b), a colour name, none or currentColor"
_RGB_FUNCTION = re.compile(r"rgb\(([^()]*)\)")
_LENGTH = re.compile(rf"({NUMBER.pattern})(?:px)?")
_RATIO = re.compile(rf"({NUMBER.pattern})(%?)")
_UNIT = re.compile(r"\d\s*(%|[a-zA-Z]+)\s*$")


def parse_paint(value: str) -> Paint:
    """A paint: ``none``/``transparent`` → None, ``currentColor`` → "current", else RGB 0..1."""
    text = value.strip().lower()
    if text in ("none", "transparent"):
        return None
    if text == "currentcolor":
        return "current"
    if text.startswith("url("):
        raise SvgSyntaxError("gradients and patterns are not supported, use a flat colour", 0)
    if (rgb := parse_hex(_NAMED_COLOURS.get(text, text))) is not None:
        return rgb
    if match := _RGB_FUNCTION.fullmatch(text):
        return _rgb_function(match.group(1))
    raise SvgSyntaxError(f"unknown colour ({_COLOUR_HELP})", 0)


def _rgb_function(inner: str) -> RGB:
    parts = [p for p in re.split(r"\s*,\s*|\s+", inner.strip()) if p]
    matches = [_RATIO.fullmatch(p) for p in parts]
    if len(parts) != 3 or not all(matches):
        raise SvgSyntaxError(f"rgb() needs three numbers 0-255 or percentages ({_COLOUR_HELP})", 0)
    values = [float(m.group(1)) / (100 if m.group(2) else 255) for m in matches if m]
    red, green, blue = (min(1.0, max(0.0, v)) for v in values)
    return (red, green, blue)


def parse_user_units(value: str) -> float:
    """A plain number in user units (a ``px`` suffix is allowed); other units are errors."""
    match = _LENGTH.fullmatch(value.strip())
    if match and math.isfinite(float(match.group(1))):
        if abs(float(match.group(1))) > MAX_NUMBER:
            raise SvgSyntaxError(f"number out of range (at most {MAX_NUMBER:g} either way)", 0)
        return float(match.group(1))
    if _UNIT.search(value):
        raise SvgSyntaxError("units and percentages are not supported, use plain viewBox units", 0)
    raise SvgSyntaxError("expected a number", 0)


def parse_opacity(value: str) -> float:
    """A number or a percentage, clamped to 0..1."""
    match = _RATIO.fullmatch(value.strip())
    if not match:
        raise SvgSyntaxError("expected a number from 0 to 1 or a percentage", 0)
    number = float(match.group(1)) / (100 if match.group(2) else 1)
    return min(1.0, max(0.0, number))
