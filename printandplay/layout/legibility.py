"""Legibility of a face's text: a smallest size, and contrast against the solid fill under it.

Contrast follows WCAG 2: relative luminance of sRGB colours, ratio ``(L1 + 0.05) / (L2 + 0.05)``.
Below :data:`MIN_CONTRAST` text is refused; below :data:`GOOD_CONTRAST` the build warns.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final

from printandplay.errors import LayoutError
from printandplay.layout.extent import op_extents
from printandplay.model.color import RGB
from printandplay.model.fonts import FontMetrics
from printandplay.model.geometry import Rect
from printandplay.model.ops import EllipseOp, GroupOp, ImageOp, Op, RectOp, TextOp

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


def check_text(box_ops: Sequence[Op], drawn: Sequence[Op], metrics: FontMetrics,
               min_font_size: float, what: str,
               warn: Callable[[tuple[Any, ...], str], None]) -> None:
    """Refuse text of ``box_ops`` (drawn over ``drawn``) under ``min_font_size`` or of contrast
    under 3:1 against the solid fill under it; under 4.5:1, ``warn(colours, message)``."""
    for index, op in enumerate(box_ops):
        for text, extent in op_extents([op], metrics):
            if not isinstance(text, TextOp):
                continue
            if text.size < min_font_size - 1e-6:
                raise LayoutError(
                    f"{what}: text at {text.size:.2g} pt is smaller than min_font_size "
                    f"{min_font_size:g} pt: «{_shown(text.text)}» (raise the box's "
                    f"size and min_size)")
            fill = fill_under([*drawn, *box_ops[:index]], extent, metrics)
            if fill is None:
                continue
            ratio = contrast_ratio(text.color, fill)
            contrast = Contrast(text.color, fill, ratio)
            if ratio < MIN_CONTRAST:
                raise LayoutError(
                    f"{what}: text colour {contrast.describe()} is below the {MIN_CONTRAST:g}:1 "
                    f"contrast needed to read it: «{_shown(text.text)}»")
            if ratio < GOOD_CONTRAST:
                warn((text.color, fill), f"{what}: text colour {contrast.describe()} is below "
                                         f"the {GOOD_CONTRAST:g}:1 contrast recommended for "
                                         f"small text")


def _shown(text: str) -> str:
    shown = " ".join(text.split())
    return shown if len(shown) <= 40 else shown[:37] + "…"
