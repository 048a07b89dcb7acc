"""Placing a grid of items along one axis of the paper: where the grid starts, the outer bleed at
each end (crop marks at both ends when there is room, else at one), and the gaps of a gutter.

Pure geometry in points, for :mod:`printandplay.imposition.grid` and
:mod:`printandplay.imposition.fold`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from printandplay.imposition.marks import (
    KEPT_MARK,
    MARK_BAND,
    MIN_MARK,
    MIN_OUTER_BLEED,
    outer_bleed,
)

_EPS: Final = 1e-6


@dataclass(frozen=True)
class Axis:
    """Placement of the grid along one axis: trim start and outer bleed at each end."""

    start: float
    bleed_low: float
    bleed_high: float


def place_axis(length: float, count: int, item: float, gap: float, bleed: float,
               margin: float, marks_low: bool) -> Axis:
    """Centre the grid when its ends have room for crop marks and the least outer bleed
    (:func:`~printandplay.imposition.marks.outer_bleed`); otherwise keep the marks at one end
    (``marks_low``: the low-coordinate end) and let the other end's bleed run into the
    margin."""
    grid = count * item + (count - 1) * gap
    spare = length - grid
    half = spare / 2
    if half - margin >= MARK_BAND - _EPS:
        side = outer_bleed(half - margin, bleed)
        return Axis(half, side, side)
    extra = max(0.0, spare - 2 * margin)  # the marked end's room, and what is over
    used = min(extra, MIN_MARK + KEPT_MARK + bleed)
    room = used + (extra - used) / 2
    marked_bleed = outer_bleed(room, bleed)
    other = spare - margin - room
    other_bleed = max(0.0, min(bleed, other))
    if marks_low:
        return Axis(margin + room, marked_bleed, other_bleed)
    return Axis(other, other_bleed, marked_bleed)


def gutter_gaps(bleed: float, gap: float | None = None) -> tuple[float, float]:
    """The narrowest and the widest gap between neighbours in ``gutter`` mode: ``gap`` when
    given, else from twice :data:`~printandplay.imposition.marks.MIN_OUTER_BLEED` (each side
    keeps 2 mm of bleed) to twice the bleed."""
    if gap is not None:
        return gap, gap
    return min(2 * bleed, 2 * MIN_OUTER_BLEED), 2 * bleed


def widest_gap(length: float, count: int, item: float, gaps: tuple[float, float],
                margin: float) -> float:
    """The widest of ``gaps`` between ``count`` items along ``length`` that keeps them all
    inside the printable area with room for marks and outer bleed at one end at least."""
    least, most = gaps
    if count <= 1:
        return most
    room = (length - 2 * margin - MARK_BAND - count * item) / (count - 1)
    return max(least, min(most, room))
