"""Colours: ``#rrggbb``, ``#rgb`` or a name from the game's palette."""

from __future__ import annotations

from collections.abc import Mapping

from printandplay.model.color import RGB, parse_hex

NAMED: dict[str, str] = {"black": "#000000", "white": "#ffffff"}


class ColorError(ValueError):
    """A colour that cannot be read."""


def parse_color(text: str, palette: Mapping[str, str]) -> RGB | None:
    """Parse a colour; empty and ``none`` give ``None`` (nothing painted)."""
    value = text.strip()
    if value in ("", "none", "transparent"):
        return None
    rgb = parse_hex(palette.get(value, NAMED.get(value, value)))
    if rgb is not None:
        r, g, b = rgb
        return (round(r, 4), round(g, 4), round(b, 4))
    known = ", ".join(sorted(palette)) or "none"
    raise ColorError(f"bad colour {text!r} (use '#rrggbb' or a palette name: {known})")
