"""What text may be drawn over, and which solid fill lies under a rectangle: the layers of
the ops drawn (filled shapes, images) and the fill found under a text (see
:mod:`.legibility`, which judges the contrast)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Final

from printandplay.layout.extent import IDENTITY, Transform, compose_transforms, transform_box
from printandplay.model.color import RGB
from printandplay.model.ops import EllipseOp, GroupOp, ImageOp, Op, PolygonOp, RectOp, TextOp
from printandplay.model.polygons import polygon_contains

PAPER: Final[RGB] = (1.0, 1.0, 1.0)

# A rectangle as (x, y, right, top), right = x + w and top = y + h as :class:`Rect` computes
# them: the checks below compare these numbers exactly as they would compare the rectangles'.
Bounds = tuple[float, float, float, float]
_CONTAINS_TOLERANCE: Final = 0.01  # that of Rect.contains


def bounds(x: float, y: float, w: float, h: float) -> Bounds:
    return x, y, x + w, y + h


def _covers(op: RectOp | EllipseOp | PolygonOp, shape: Bounds, rect: Bounds) -> bool:
    """Whether ``op`` (of bounds ``shape``) covers ``rect`` whole."""
    x, y, right, top = rect
    if isinstance(op, PolygonOp):  # (convex: its four corners inside)
        return all(polygon_contains(op.points, px, py, 0.0)
                   for px, py in ((x, y), (right, y), (x, top), (right, top)))
    if isinstance(op, RectOp):  # Rect.contains
        tolerance = _CONTAINS_TOLERANCE
        return (x >= shape[0] - tolerance and y >= shape[1] - tolerance
                and right <= shape[2] + tolerance and top <= shape[3] + tolerance)
    cx, cy, rx, ry = op.x + op.w / 2, op.y + op.h / 2, op.w / 2, op.h / 2
    if rx <= 0 or ry <= 0:
        return False
    return all(math.hypot((px - cx) / rx, (py - cy) / ry) <= 1.0 + 1e-6
               for px, py in ((x, y), (right, y), (x, top), (right, top)))


def _intersects(a: Bounds, b: Bounds) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


# One thing text may be drawn over: a filled shape (``RectOp``/``EllipseOp``/``PolygonOp``),
# or the page rectangle of an image (``None`` for the op), drawn inside a group or not.
Layer = tuple["RectOp | EllipseOp | PolygonOp | None", Bounds]


def _image_bounds(ops: Iterable[Op], transform: Transform, out: list[Layer]) -> None:
    """The page rectangles of the images among ``ops``, groups opened; nothing else is
    measured (text extents are not needed to know what lies under a text)."""
    for op in ops:
        if type(op) is TextOp:  # (most ops walked: the texts of the boxes drawn so far)
            continue
        if isinstance(op, GroupOp):
            _image_bounds(op.ops, compose_transforms(transform, op.transform), out)
        elif isinstance(op, ImageOp):
            out.append((None, bounds(*transform_box(transform, op.x, op.y, op.w, op.h))))


def layers(ops: Iterable[Op]) -> list[Layer]:
    """What of ``ops`` may lie under a text, in drawing order: filled shapes at the top level,
    and images at any depth (shapes inside groups and every other op are ignored)."""
    out: list[Layer] = []
    for op in ops:
        if isinstance(op, (RectOp, EllipseOp)):
            if op.fill is not None:
                out.append((op, bounds(op.x, op.y, op.w, op.h)))
        elif isinstance(op, PolygonOp):
            if op.fill is not None:
                box = op.bounds
                out.append((op, (box.x, box.y, box.right, box.top)))
        elif isinstance(op, (ImageOp, GroupOp)):
            _image_bounds((op,), IDENTITY, out)
    return out


def fill_over(below: Sequence[Layer], rect: Bounds) -> RGB | None:
    """:func:`fill_under` from the :func:`layers` of the ops drawn, for ``rect`` as
    ``(x, y, right, top)``."""
    for index in range(len(below) - 1, -1, -1):
        shape, extent = below[index]
        if shape is None:  # an image
            if _intersects(extent, rect):
                return None
        elif shape.opacity >= 1.0:
            if _covers(shape, extent, rect):
                assert shape.fill is not None
                return shape.fill
        elif _intersects(extent, rect):  # translucent: over what lies under it, if it is known
            if not _covers(shape, extent, rect):
                return None
            under = fill_over(below[:index], rect)
            return None if under is None else blend(shape, under)
    return PAPER


def blend(shape: RectOp | EllipseOp | PolygonOp, under: RGB) -> RGB:
    """The colour a translucent ``shape``'s fill prints over ``under``."""
    assert shape.fill is not None
    a = shape.opacity
    return tuple(round(a * f + (1 - a) * u, 4)  # type: ignore[return-value]
                 for f, u in zip(shape.fill, under, strict=True))


UNKNOWN: Final = (-1.0, -1.0, -1.0)  # no one fill known under every text of a group
# how far the bounds of a group's texts are grown before they are compared with the layers:
# far more than the rounding between summed and measured widths, far less than a glyph
_MARGIN: Final = 0.01


def group_fill(group: GroupOp, extent: Bounds, below: Sequence[Layer]) -> RGB | None:
    """What :func:`fill_over` gives for every text op of ``group`` (its texts lying within
    ``extent`` in its frame, up to rounding), or :data:`UNKNOWN` when they may differ."""
    if any(type(op) is GroupOp for op in group.ops):  # nested groups: the long way
        return UNKNOWN
    x0, y0, x1, y1 = extent
    m = _MARGIN + 1e-9 * (abs(x0) + abs(y0) + abs(x1) + abs(y1))
    a, b, c, d, e, f = group.transform
    if b == 0.0 and c == 0.0:  # no rotation: two corners (the margins absorb any rounding)
        left, right = a * (x0 - m) + e, a * (x1 + m) + e
        bottom, top = d * (y0 - m) + f, d * (y1 + m) + f
        if left > right:
            left, right = right, left
        if bottom > top:
            bottom, top = top, bottom
        return _uniform_fill(below, (left - m, bottom - m, right + m, top + m))
    box = transform_box(group.transform, x0 - m, y0 - m, x1 - x0 + 2 * m, y1 - y0 + 2 * m)
    return _uniform_fill(below, (box[0] - m, box[1] - m, box[0] + box[2] + m,
                                 box[1] + box[3] + m))


def _uniform_fill(below: Sequence[Layer], area: Bounds) -> RGB | None:
    """:func:`fill_over` of every rectangle inside ``area`` when it is one and the same, else
    :data:`UNKNOWN`: the layers drawn last that matter to ``area`` are an opaque rectangle
    covering it whole (its fill) or none (the paper); any layer that might matter to one
    rectangle and not to another (an image, a translucent shape or an opaque shape
    overlapping ``area``, an ellipse near it) makes it unknown."""
    ax, ay, aright, atop = area
    for index in range(len(below) - 1, -1, -1):
        shape, bounds = below[index]
        # clearly apart: neither overlaps nor (with Rect.contains' tolerance) covers any
        # rectangle inside ``area``
        gap = 2 * _CONTAINS_TOLERANCE
        if isinstance(shape, EllipseOp):
            gap += 1e-5 * (abs(shape.w) + abs(shape.h))  # an ellipse's own tolerance
        if bounds[0] > aright + gap or bounds[2] < ax - gap or \
                bounds[1] > atop + gap or bounds[3] < ay - gap:
            continue
        if shape is None or not isinstance(shape, RectOp) or not _covers(shape, bounds, area):
            return UNKNOWN
        assert shape.fill is not None
        if not shape.opacity >= 1.0:  # translucent: over what lies under it, if one colour
            under = _uniform_fill(below[:index], area)
            return UNKNOWN if under is None or under == UNKNOWN else blend(shape, under)
        return shape.fill
    return PAPER


Edges = tuple["RGB | None", "RGB | None", "RGB | None", "RGB | None"]


def edge_fills(ops: Sequence[Op], width: float, height: float, reach: float,
               whole: bool = True) -> Edges:
    """The one colour printed along each trim edge of a face of ``width`` × ``height`` drawn by
    ``ops`` (trim at the origin): left, bottom, right, top, each over a strip ``reach`` wide
    on either side of the cut line (without ``whole``: only around the edge's middle, where a
    round piece meets its neighbour); None where that is not one known colour (an image, the
    edge of a shape, a translucent fill)."""
    below = layers(ops)
    if whole:
        strips = ((-reach, 0.0, reach, height), (0.0, -reach, width, reach),
                  (width - reach, 0.0, width + reach, height),
                  (0.0, height - reach, width, height + reach))
    else:
        mx, my = width / 2, height / 2
        strips = ((-reach, my - reach, reach, my + reach), (mx - reach, -reach, mx + reach, reach),
                  (width - reach, my - reach, width + reach, my + reach),
                  (mx - reach, height - reach, mx + reach, height + reach))
    fills = [_uniform_fill(below, strip) if whole else fill_over(below, strip)
             for strip in strips]
    left, bottom, right, top = (None if fill == UNKNOWN else fill for fill in fills)
    return left, bottom, right, top
