"""The ``size`` of a kind of a regular shape (hexagons, regular polygons): ``{width, height}``
as any kind, or only its ``width`` or only its ``side`` (the length of one side), the other
dimensions following from the shape."""

from __future__ import annotations

from printandplay.data.presets import read_size
from printandplay.data.reader import Fields, Problems, as_length
from printandplay.errors import Location
from printandplay.model.game import Size
from printandplay.model.shapes import Shape


def read_shaped_size(node: object, shape: Shape, problems: Problems, what: str,
                     where: Location) -> Size | None:
    """Read a kind's ``size`` mapping for ``shape``: ``{width, height}``, or for a regular
    shape ``{width}`` or ``{side}`` alone."""
    aspect = shape.aspect
    if aspect is None or not isinstance(node, dict) or "height" in node:
        return read_size(node, problems, what, where)
    fields = Fields(node, what, problems, where)
    width = fields.optional("width", as_length, None)
    side = fields.optional("side", as_length, None)
    fields.finish()
    if (width is None) == (side is None):
        problems.add(fields.location, f"{what}: give the width (and height), or the side alone")
        return None
    if side is not None:
        width = shape.width_of_side(side)
    if width is None or width <= 0:
        problems.add(fields.location, f"{what}: the width and side must be > 0")
        return None
    return Size(width, width * aspect)
