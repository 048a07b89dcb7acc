"""Where ops draw: the rectangles they cover on the page, to check them against the printable
area."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from printandplay.model.fonts import FontMetrics
from printandplay.model.geometry import Rect
from printandplay.model.ops import (
    EllipseOp,
    GroupOp,
    IconOp,
    ImageOp,
    LineOp,
    Op,
    PolygonOp,
    RectOp,
    TextOp,
)

Transform = tuple[float, float, float, float, float, float]
IDENTITY: Transform = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def apply_transform(t: Transform, rect: Rect) -> Rect:
    """The bounding box of ``rect`` transformed by ``t``."""
    return Rect(*transform_box(t, rect.x, rect.y, rect.w, rect.h))


def transform_box(t: Transform, x: float, y: float, w: float,
                  h: float) -> tuple[float, float, float, float]:
    """:func:`apply_transform` of ``Rect(x, y, w, h)`` as ``(x, y, w, h)``, without making
    rectangles (the same numbers)."""
    a, b, c, d, e, f = t
    right, top = x + w, y + h
    if b == 0.0 and c == 0.0:  # no rotation (the common case): two corners suffice
        x0, x1 = a * x + e, a * right + e
        y0, y1 = d * y + f, d * top + f
        low_x, low_y = min(x0, x1), min(y0, y1)
        return low_x, low_y, max(x0, x1) - low_x, max(y0, y1) - low_y
    xs, ys = [], []
    for px, py in ((x, y), (right, y), (x, top), (right, top)):
        xs.append(a * px + c * py + e)
        ys.append(b * px + d * py + f)
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def compose_transforms(outer: Transform, inner: Transform) -> Transform:
    a, b, c, d, e, f = outer
    a2, b2, c2, d2, e2, f2 = inner
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def op_extents(ops: Iterable[Op], metrics: FontMetrics,
               transform: Transform = IDENTITY) -> Iterator[tuple[Op, Rect]]:
    """Each drawing op (groups opened) with the rectangle it covers, in page coordinates.
    Text covers its advance width from descent to ascent."""
    for op in ops:
        if isinstance(op, GroupOp):
            yield from op_extents(op.ops, metrics, compose_transforms(transform, op.transform))
            continue
        if isinstance(op, TextOp):
            width = metrics.width(op.text, op.font) * op.size
            descent = metrics.descent(op.font) * op.size
            ascent = metrics.ascent(op.font) * op.size
            rect = Rect(op.x, op.y - descent, width, descent + ascent)
        elif isinstance(op, LineOp):
            rect = Rect(min(op.x1, op.x2), min(op.y1, op.y2), abs(op.x2 - op.x1),
                        abs(op.y2 - op.y1))
        elif isinstance(op, (RectOp, EllipseOp, IconOp, ImageOp)):
            rect = Rect(op.x, op.y, op.w, op.h)
        elif isinstance(op, PolygonOp):
            rect = op.bounds
        else:  # pragma: no cover - every op kind is listed above
            continue
        yield op, apply_transform(transform, rect)
