"""Bounds that spare text fitting and checking work: the fewest lines a text can break into
(:class:`LineFloor`), and where a fitted text's ops lie (:func:`text_extent`)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from printandplay.model.fonts import FontMetrics
from printandplay.model.ops import Op, TextOp
from printandplay.text.tokens import Break, Item, Word


class LineFloor:
    """The fewest lines ``items`` can break into at a width, without breaking them: every
    line holds at most the width (hyphenated heads included), so the words' total width
    divided by it, and a line per break. A size whose floor already overflows the box
    cannot fit, and :func:`~printandplay.text.fitting.fit_text` skips it without breaking
    lines (same result)."""

    __slots__ = ("words", "breaks")

    def __init__(self, items: Sequence[Item]) -> None:
        total = 0.0
        breaks = 0
        for item in items:
            if isinstance(item, Word):
                total += item.width
            elif isinstance(item, Break):
                breaks += 1
        # a little under the total: hyphenated pieces are measured apart (rounding)
        self.words = max(0.0, total * (1 - 1e-7) - 1e-9)
        self.breaks = breaks

    def lines(self, max_width: float) -> int:
        """At least how many lines at ``max_width`` (em)."""
        by_width = math.ceil(self.words / (max_width + 1e-8)) if max_width > 0 else 1
        return max(1, by_width, self.breaks)


def text_extent(ops: Sequence[Op], left: float, right: float,
            metrics: FontMetrics) -> tuple[float, float, float, float] | None:
    """:attr:`~printandplay.text.fitting.FittedText.extent` of ``ops``, the lines spanning ``left`` to ``right``."""
    low = high = None
    heights: dict[str, tuple[float, float]] = {}  # font → (descent, ascent)
    for op in ops:
        if type(op) is TextOp:
            font = op.font
            height = heights.get(font)
            if height is None:
                height = heights[font] = (metrics.descent(font), metrics.ascent(font))
            bottom = op.y - height[0] * op.size
            top = op.y + height[1] * op.size
            if low is None or bottom < low:
                low = bottom
            if high is None or top > high:
                high = top
    if low is None or high is None:
        return None
    return left, low, right, high
