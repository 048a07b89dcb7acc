"""Legibility of a face's text: a smallest size, and contrast against the solid fill under it.

Contrast follows WCAG 2: relative luminance of sRGB colours, ratio ``(L1 + 0.05) / (L2 + 0.05)``.
Below :data:`MIN_CONTRAST` text is refused; below :data:`GOOD_CONTRAST` the build warns.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from printandplay.errors import LayoutError
from printandplay.layout.extent import (
    IDENTITY,
    Transform,
    compose_transforms,
    transform_box,
)
from printandplay.layout.fills import (
    UNKNOWN,
    Bounds,
    Layer,
    bounds,
    fill_over,
    group_fill,
    layers,
)
from printandplay.model.color import RGB
from printandplay.model.fonts import FontMetrics
from printandplay.model.geometry import Rect
from printandplay.model.ops import GroupOp, Op, TextOp

DEFAULT_MIN_FONT_SIZE: Final = 6.0  # points
MIN_CONTRAST: Final = 3.0
GOOD_CONTRAST: Final = 4.5


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

    ``extent`` (optional, from :attr:`~printandplay.text.fitting.FittedText.extent`): bounds
    as ``(x0, y0, x1, y1)``, in the frame of each group of ``box_ops``, that hold every text op
    of the group up to rounding. When one fill lies under all of them (:func:`~printandplay.layout.fills.group_fill`),
    the texts are judged against it without measuring each one: the same outcome."""
    below: list[Layer] | None = None
    done = 0  # box_ops[:done] are in ``below``
    for index, op in enumerate(box_ops):
        if extent is not None and type(op) is GroupOp:
            if below is None:
                below = list(drawn)
            below.extend(layers(box_ops[done:index]))
            done = index
            fill = group_fill(op, extent, below)
            if fill is not UNKNOWN:
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
        for text, area in texts:
            _judge(text, fill_over(below, area), min_font_size, what, warn)


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


@lru_cache(maxsize=4096)  # a face uses few colours: each pair computed once
def _ratio(text: RGB, fill: RGB) -> float:
    return contrast_ratio(text, fill)


def _text_extents(op: Op, metrics: FontMetrics, transform: Transform,
                  out: list[tuple[TextOp, Bounds]]) -> list[tuple[TextOp, Bounds]]:
    """The text ops of ``op`` (groups opened) with the page rectangles they cover, as
    :func:`~printandplay.layout.extent.op_extents` measures them; other ops are not measured."""
    if isinstance(op, TextOp):
        descent = metrics.descent(op.font) * op.size
        box = transform_box(transform, op.x, op.y - descent,
                            metrics.width(op.text, op.font) * op.size,
                            descent + metrics.ascent(op.font) * op.size)
        out.append((op, bounds(*box)))
    elif isinstance(op, GroupOp):
        inner = compose_transforms(transform, op.transform)
        for child in op.ops:
            if isinstance(child, (TextOp, GroupOp)):
                _text_extents(child, metrics, inner, out)
    return out


def _shown(text: str) -> str:
    shown = " ".join(text.split())
    return shown if len(shown) <= 40 else shown[:37] + "…"
