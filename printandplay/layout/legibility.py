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
from printandplay.layout.extent import (
    IDENTITY,
    Transform,
    compose_transforms,
    transform_box,
)
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


# A rectangle as (x, y, right, top), right = x + w and top = y + h as :class:`Rect` computes
# them: the checks below compare these numbers exactly as they would compare the rectangles'.
Bounds = tuple[float, float, float, float]
_CONTAINS_TOLERANCE: Final = 0.01  # that of Rect.contains


def _bounds(x: float, y: float, w: float, h: float) -> Bounds:
    return x, y, x + w, y + h


def _covers(op: RectOp | EllipseOp, shape: Bounds, rect: Bounds) -> bool:
    """Whether ``op`` (of bounds ``shape``) covers ``rect`` whole."""
    x, y, right, top = rect
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


# One thing text may be drawn over: a filled shape (``RectOp``/``EllipseOp``), or the page
# rectangle of an image (``None`` for the op), drawn inside a group or not.
Layer = tuple["RectOp | EllipseOp | None", Bounds]


def _image_bounds(ops: Iterable[Op], transform: Transform, out: list[Layer]) -> None:
    """The page rectangles of the images among ``ops``, groups opened; nothing else is
    measured (text extents are not needed to know what lies under a text)."""
    for op in ops:
        if isinstance(op, GroupOp):
            _image_bounds(op.ops, compose_transforms(transform, op.transform), out)
        elif isinstance(op, ImageOp):
            out.append((None, _bounds(*transform_box(transform, op.x, op.y, op.w, op.h))))


def layers(ops: Iterable[Op]) -> list[Layer]:
    """What of ``ops`` may lie under a text, in drawing order: filled shapes at the top level,
    and images at any depth (shapes inside groups and every other op are ignored)."""
    out: list[Layer] = []
    for op in ops:
        if isinstance(op, (RectOp, EllipseOp)):
            if op.fill is not None:
                out.append((op, _bounds(op.x, op.y, op.w, op.h)))
        elif isinstance(op, (ImageOp, GroupOp)):
            _image_bounds((op,), IDENTITY, out)
    return out


def fill_over(below: Sequence[Layer], rect: Bounds) -> RGB | None:
    """:func:`fill_under` from the :func:`layers` of the ops drawn, for ``rect`` as
    ``(x, y, right, top)``."""
    for shape, extent in reversed(below):
        if shape is None:  # an image
            if _intersects(extent, rect):
                return None
        elif shape.opacity >= 1.0:
            if _covers(shape, extent, rect):
                assert shape.fill is not None
                return shape.fill
        elif shape.opacity < 1.0 and _intersects(extent, rect):  # (opacity tested first)
            return None
    return PAPER


def fill_under(drawn: Sequence[Op], rect: Rect, metrics: FontMetrics) -> RGB | None:
    """The solid fill under ``rect``: the last opaque shape drawn that covers it whole, or the
    paper when none does; ``None`` when an image or a translucent shape drawn later overlaps
    it (the background is not one colour)."""
    return fill_over(layers(drawn), (rect.x, rect.y, rect.right, rect.top))


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


def too_small(text: TextOp, min_font_size: float) -> bool:
    """Whether ``text`` is set under ``min_font_size`` points."""
    return text.size < min_font_size - 1e-6


def size_error(text: TextOp, min_font_size: float, what: str, remedy: str) -> LayoutError:
    """The error for ``text`` set under ``min_font_size``: ``what`` starts it, ``remedy`` (what
    to change) ends it."""
    return LayoutError(f"{what}: text at {text.size:.3g} pt is smaller than min_font_size "
                       f"{min_font_size:g} pt: «{_shown(text.text)}» ({remedy})")


def check_text(box_ops: Sequence[Op], drawn: Sequence[Op], metrics: FontMetrics,
               min_font_size: float, what: str,
               warn: Callable[[tuple[Any, ...], str], None]) -> None:
    """Refuse text of ``box_ops`` (drawn over ``drawn``) under ``min_font_size`` or of contrast
    under 3:1 against the solid fill under it; under 4.5:1, ``warn(colours, message)``."""
    check_text_over(box_ops, layers(drawn), metrics, min_font_size, what, warn)


def check_text_over(box_ops: Sequence[Op], drawn: Sequence[Layer], metrics: FontMetrics,
                    min_font_size: float, what: str,
                    warn: Callable[[tuple[Any, ...], str], None],
                    extent: Bounds | None = None) -> None:
    """:func:`check_text` with the :func:`layers` of the ops drawn before the box (a caller
    that checks box after box keeps them instead of walking every op drawn again).

    ``extent`` (optional, from :attr:`~printandplay.layout.textfit.FittedText.extent`): bounds
    as ``(x0, y0, x1, y1)``, in the frame of each group of ``box_ops``, that hold every text op
    of the group up to rounding. When one fill lies under all of them (:func:`_uniform_fill`),
    the texts are judged against it without measuring each one: the same outcome."""
    below: list[Layer] | None = None
    done = 0  # box_ops[:done] are in ``below``
    for index, op in enumerate(box_ops):
        if extent is not None and type(op) is GroupOp:
            if below is None:
                below = list(drawn)
            below.extend(layers(box_ops[done:index]))
            done = index
            fill = _group_fill(op, extent, below)
            if fill is not _UNKNOWN:
                for text in op.ops:
                    if type(text) is TextOp:
                        _judge(text, fill, min_font_size, what, warn)  # type: ignore[arg-type]
                continue
        texts = _text_extents(op, metrics, IDENTITY, [])
        if not texts:
            continue
        if below is None:
            below = list(drawn)
        below.extend(layers(box_ops[done:index]))
        done = index
        for text, bounds in texts:
            _judge(text, fill_over(below, bounds), min_font_size, what, warn)


def _judge(text: TextOp, fill: RGB | None, min_font_size: float, what: str,
           warn: Callable[[tuple[Any, ...], str], None]) -> None:
    """Refuse ``text`` under ``min_font_size`` or of contrast under 3:1 against ``fill`` (the
    fill under it; ``None``: not one colour, not judged), warn under 4.5:1."""
    if too_small(text, min_font_size):
        raise size_error(text, min_font_size, what, "raise the box's size and min_size")
    if fill is None:
        return
    ratio = _ratio(text.color, fill)
    if ratio >= GOOD_CONTRAST:
        return
    contrast = Contrast(text.color, fill, ratio)
    if ratio < MIN_CONTRAST:
        raise LayoutError(
            f"{what}: text colour {contrast.describe()} is below the {MIN_CONTRAST:g}:1 "
            f"contrast needed to read it: «{_shown(text.text)}»")
    warn((text.color, fill), f"{what}: text colour {contrast.describe()} is below "
                             f"the {GOOD_CONTRAST:g}:1 contrast recommended for small text")


_UNKNOWN: Final = (-1.0, -1.0, -1.0)  # no one fill known under every text of a group
# how far the bounds of a group's texts are grown before they are compared with the layers:
# far more than the rounding between summed and measured widths, far less than a glyph
_MARGIN: Final = 0.01


def _group_fill(group: GroupOp, extent: Bounds, below: Sequence[Layer]) -> RGB | None:
    """What :func:`fill_over` gives for every text op of ``group`` (its texts lying within
    ``extent`` in its frame, up to rounding), or :data:`_UNKNOWN` when they may differ."""
    if any(type(op) is GroupOp for op in group.ops):  # nested groups: the long way
        return _UNKNOWN
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
    :data:`_UNKNOWN`: the layers drawn last that matter to ``area`` are an opaque rectangle
    covering it whole (its fill) or none (the paper); any layer that might matter to one
    rectangle and not to another (an image, a translucent shape or an opaque shape
    overlapping ``area``, an ellipse near it) makes it unknown."""
    ax, ay, aright, atop = area
    for shape, bounds in reversed(below):
        # clearly apart: neither overlaps nor (with Rect.contains' tolerance) covers any
        # rectangle inside ``area``
        gap = 2 * _CONTAINS_TOLERANCE
        if shape is not None and not isinstance(shape, RectOp):
            gap += 1e-5 * (abs(shape.w) + abs(shape.h))  # an ellipse's own tolerance
        if bounds[0] > aright + gap or bounds[2] < ax - gap or \
                bounds[1] > atop + gap or bounds[3] < ay - gap:
            continue
        if shape is None or not shape.opacity >= 1.0 or not isinstance(shape, RectOp):
            return _UNKNOWN
        if not _covers(shape, bounds, area):
            return _UNKNOWN
        assert shape.fill is not None
        return shape.fill
    return PAPER


_RATIOS: dict[tuple[RGB, RGB], float] = {}  # a face uses few colours: each pair once


def _ratio(text: RGB, fill: RGB) -> float:
    ratio = _RATIOS.get((text, fill))
    if ratio is None:
        if len(_RATIOS) >= 4096:  # bounded
            _RATIOS.clear()
        ratio = _RATIOS[(text, fill)] = contrast_ratio(text, fill)
    return ratio


def _text_extents(op: Op, metrics: FontMetrics, transform: Transform,
                  out: list[tuple[TextOp, Bounds]]) -> list[tuple[TextOp, Bounds]]:
    """The text ops of ``op`` (groups opened) with the page rectangles they cover, as
    :func:`~printandplay.layout.extent.op_extents` measures them; other ops are not measured."""
    if isinstance(op, TextOp):
        descent = metrics.descent(op.font) * op.size
        box = transform_box(transform, op.x, op.y - descent,
                            metrics.width(op.text, op.font) * op.size,
                            descent + metrics.ascent(op.font) * op.size)
        out.append((op, _bounds(*box)))
    elif isinstance(op, GroupOp):
        inner = compose_transforms(transform, op.transform)
        for child in op.ops:
            if isinstance(child, (TextOp, GroupOp)):
                _text_extents(child, metrics, inner, out)
    return out


def _shown(text: str) -> str:
    shown = " ".join(text.split())
    return shown if len(shown) <= 40 else shown[:37] + "…"
