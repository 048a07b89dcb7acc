"""Colours: ``#rrggbb``, ``#rgb`` or a name from the game's palette."""

from __future__ import annotations

from collections.abc import Mapping

from printandplay.model.ops import RGB

NAMED: dict[str, str] = {"black": "#000000", "white": "#ffffff"}


class ColorError(ValueError):
    """A colour that cannot be read."""


def parse_color(text: str, palette: Mapping[str, str]) -> RGB | None:
    """Parse a colour; empty and ``none`` give ``None`` (nothing painted)."""
    value = text.strip()
    if value in ("", "none", "transparent"):
        return None
    value = palette.get(value, NAMED.get(value, value))
    if value.startswith("#"):
        digits = value[1:]
        if len(digits) == 3:
            digits = "".join(c * 2 for c in digits)
        if len(digits) == 6:
            try:
                r, g, b = (int(digits[i : i + 2], 16) / 255.0 for i in (0, 2, 4))
            except ValueError:
                pass
            else:
                return (round(r, 4), round(g, 4), round(b, 4))
    known = ", ".join(sorted(palette)) or "none"
    raise ColorError(f"bad colour {text!r} (use '#rrggbb' or a palette name: {known})")
