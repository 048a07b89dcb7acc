"""The words of a kind's ``shape`` in ``game.yaml`` and the shapes they name."""

from __future__ import annotations

from typing import Final

from printandplay.model.polygon_shapes import RegularPolygon, Shield, Stadium
from printandplay.model.shapes import Circle, Rectangle, RoundedRectangle, Shape

SHAPE_WORDS: Final = ("rect", "round", "hex-flat", "hex-pointy", "triangle", "octagon",
                      "stadium", "shield", "polygon-N", "polygon-N-flat")
"""The values of a kind's ``shape`` in YAML (``N``: a number of sides, 3 to 12)."""
MAX_SIDES: Final = 12

_NAMED: Final[dict[str, Shape]] = {
    "hex-flat": RegularPolygon(6, pointy=False),
    "hex-pointy": RegularPolygon(6, pointy=True),
    "triangle": RegularPolygon(3, pointy=True),
    "octagon": RegularPolygon(8, pointy=False),
    "stadium": Stadium(),
    "shield": Shield(),
}


def parse_shape(word: str, corner_radius: float = 0.0) -> Shape:
    """The shape a kind's ``shape`` word and ``corner_radius`` (points) name; ValueError, with
    the valid words, for another word, and for corners on a round or shaped kind."""
    if corner_radius < 0:
        raise ValueError(f"corner_radius must be ≥ 0, got {corner_radius:g} pt")
    if word == "rect":
        return RoundedRectangle(corner_radius) if corner_radius > 0 else Rectangle()
    shape: Shape | None = Circle() if word == "round" else _NAMED.get(word)
    if shape is None and word.startswith("polygon-"):
        shape = _parse_polygon(word)
    if shape is None:
        raise ValueError(f"expected one of {', '.join(SHAPE_WORDS)}, got {word!r}")
    if corner_radius > 0:
        raise ValueError(f"a {word} kind has no corners: remove its corner_radius")
    return shape


def _parse_polygon(word: str) -> Shape:
    """``polygon-N`` (a corner at the top) or ``polygon-N-flat`` (an edge at the top)."""
    rest = word.removeprefix("polygon-")
    flat = rest.endswith("-flat")
    count = rest.removesuffix("-flat")
    if not count.isdigit() or not 3 <= int(count) <= MAX_SIDES:
        raise ValueError(f"{word!r}: polygon-N needs N from 3 to {MAX_SIDES} sides "
                         f"(polygon-5, polygon-8-flat)")
    return RegularPolygon(int(count), pointy=not flat)
