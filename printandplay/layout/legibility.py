"""Legibility of a face's text: a smallest size, and contrast against the solid fill under it.

Contrast follows WCAG 2: relative luminance of sRGB colours, ratio ``(L1 + 0.05) / (L2 + 0.05)``.
Below :data:`MIN_CONTRAST` text is refused; below :data:`GOOD_CONTRAST` the build warns.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from printandplay.layout.extent import op_extents
from printandplay.layout.geometry import Rect
from printandplay.layout.textfit import FontMetrics
from printandplay.model.ops import RGB, EllipseOp, GroupOp, ImageOp, Op, RectOp, TextOp

DEFAULT_MIN_FONT_SIZE: Final = 6.0  # points
MIN_CONTRAST: Final = 3.0
GOOD_CONTRAST: Final = 4.5
PAPER: Final[RGB] = (1.0, 1.0, 1.0)


def relative_luminance(color: RGB) -> float:
    """WCAG relative luminance of an sRGB colour with channels in 0–1."""
    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in color)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio of two colours, from 1 to 21."""
    la, lb = relative_luminance(a), relative_luminance(b)
    high, low = max(la, lb), min(la, lb)
    return (high + 0.05) / (low + 0.05)


def hex_color(color: RGB) -> str:
    """``#rrggbb``."""
    return "#" + "".join(f"{round(c * 255):02x}" for c in color)


def text_ops(ops: Iterable[Op]) -> Iterator[TextOp]:
    """Every text op, groups opened."""
    for op in ops:
        if isinstance(op, GroupOp):
            yield from text_ops(op.ops)
        elif isinstance(op, TextOp):
            yield op


def _covers(op: Op, rect: Rect) -> bool:
    if isinstance(op, RectOp):
        return Rect(op.x, op.y, op.w, op.h).contains(rect)
    if isinstance(op, EllipseOp):
        cx, cy, rx, ry = op.x + op.w / 2, op.y + op.h / 2, op.w / 2, op.h / 2
        if rx <= 0 or ry <= 0:
            return False
        return all(math.hypot((px - cx) / rx, (py - cy) / ry) <= 1.0 + 1e-6
                   for px, py in ((rect.x, rect.y), (rect.right, rect.y), (rect.x, rect.top),
                                  (rect.right, rect.top)))
    return False


def _intersects(a: Rect, b: Rect) -> bool:
    return min(a.right, b.right) > max(a.x, b.x) and min(a.top, b.top) > max(a.y, b.y)


def fill_under(drawn: Sequence[Op], rect: Rect, metrics: FontMetrics) -> RGB | None:
    """The solid fill under ``rect``: the last opaque shape drawn that covers it whole, or the
    paper when none does; ``None`` when an image or a translucent shape drawn later overlaps
    it (the background is not one colour)."""
    for op in reversed(drawn):
        if isinstance(op, (RectOp, EllipseOp)) and op.fill is not None:
            if op.opacity >= 1.0 and _covers(op, rect):
                return op.fill
            if _intersects(Rect(op.x, op.y, op.w, op.h), rect) and op.opacity < 1.0:
                return None
            continue
        if isinstance(op, (ImageOp, GroupOp)):
            for inner, extent in op_extents([op], metrics):
                if isinstance(inner, ImageOp) and _intersects(extent, rect):
                    return None
    return PAPER


@dataclass(frozen=True)
class Contrast:
    """One text colour against the fill under it."""

    text: RGB
    fill: RGB
    ratio: float

    def describe(self) -> str:
        """``#ffd700 on #f08020 (2.4:1)``."""
        return f"{hex_color(self.text)} on {hex_color(self.fill)} ({self.ratio:.1f}:1)"


def poorest_contrast(texts: Iterable[TextOp], fill: RGB) -> Contrast | None:
    """The text colour with the lowest contrast against ``fill``."""
    worst: Contrast | None = None
    for op in texts:
        ratio = contrast_ratio(op.color, fill)
        if worst is None or ratio < worst.ratio:
            worst = Contrast(op.color, fill, ratio)
    return worst
