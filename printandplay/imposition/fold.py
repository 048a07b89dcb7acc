"""Fold-and-glue imposition: each front beside its back on one sheet, for printers without duplex.

The sheet is split by a vertical fold line at its centre. Fronts fill the half left of the
line; each back lies in the right half, at the mirror image of its front across the line, so
that folding the sheet along the line (printed sides out) puts every back exactly behind its
front. A gutter of twice the bleed runs along the fold: both halves bleed into it, so a fold a
little off the line shows no white edge once the glued card is cut out.

Pure geometry in points, like :mod:`printandplay.imposition.grid`, with its crop marks
(:mod:`printandplay.imposition.marks`) and its printer margin.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from printandplay.imposition.grid import (
    DEFAULT_MARGIN,
    Slot,
    bleed_into_empty_slots,
    gutter_gaps,
    mirror_rect,
    place_axis,
)
from printandplay.imposition.marks import (
    MARK_BAND,
    MARK_GAP,
    MARK_LENGTH,
    Mark,
    crop_marks,
    outer_bleed,
)
from printandplay.imposition.tiling import LABEL_BAND
from printandplay.model.game import ImpositionMode, Size
from printandplay.model.geometry import Rect
from printandplay.units import MM

_EPS = 1e-6


@dataclass(frozen=True)
class FoldPlan:
    """The imposition of one fold-and-glue sheet design (every sheet of a section shares it).

    ``fronts``, ``backs``, ``marks`` and ``fold`` are those of a full sheet; :meth:`filled`
    gives the plan of a sheet that holds fewer pairs."""

    page: Size
    landscape: bool
    cols: int  # columns of fronts (as many of backs)
    rows: int
    mode: ImpositionMode
    bleed: float
    fold_x: float  # the fold line, vertical, at the page's centre
    fronts: tuple[Slot, ...]
    backs: tuple[Slot, ...]  # backs[i] lies behind fronts[i] once folded
    marks: tuple[Mark, ...]
    fold: Mark  # the fold line, across the grid and as far out as the crop marks
    margin: float = DEFAULT_MARGIN

    @property
    def per_page(self) -> int:
        """Items (front and back pairs) per sheet."""
        return self.cols * self.rows

    def filled(self, count: int) -> FoldPlan:
        """The plan of a sheet holding only the first ``count`` pairs: no crop marks for the
        empty slots, the edges that face them get the full bleed (as on sheets of items)."""
        if count >= self.per_page:
            return self
        bleed = self.bleed if self.mode != "none" else 0.0
        fronts = bleed_into_empty_slots(self.fronts[:count], self.rows, self.cols, bleed)
        backs = _backs(fronts, self.page)
        marks = _marks([*fronts, *backs], self.page, self.margin)
        return replace(self, fronts=tuple(fronts), backs=backs, marks=marks,
                       fold=_fold_line(self.fold_x, fronts, self.page, self.margin))


def _fit(length: float, item: float, gap: float) -> int:
    return max(0, math.floor((length + gap + _EPS) / (item + gap)))


def _half_grid(page: Size, item: Size, gap: float, fold_gap: float,
               margin: float) -> tuple[int, int]:
    """Columns of fronts fitting between the left crop marks (inside the printer ``margin``)
    and the fold gutter; rows with room for crop marks at one end at least and, under them,
    the band of the sheet's label (a fold sheet has no free slot to put it in otherwise)."""
    half = page.width / 2 - fold_gap / 2 - margin - MARK_BAND
    return (_fit(half, item.width, gap), _fit(page.height - 2 * margin - MARK_BAND - LABEL_BAND,
                                               item.height, gap))


def _backs(fronts: list[Slot], page: Size) -> tuple[Slot, ...]:
    """Each front's back: its mirror image across the page's vertical centre line."""
    return tuple(Slot(s.index, s.row, s.col, mirror_rect(s.trim, page, True, False),
                      mirror_rect(s.clip, page, True, False)) for s in fronts)


def _marks(slots: list[Slot], page: Size, margin: float) -> tuple[Mark, ...]:
    """Crop marks inside the printable area and above the label band (marks shorter than
    :data:`~printandplay.imposition.marks.MIN_MARK` left out)."""
    area = Rect(0, 0, page.width, page.height).inset(margin)
    return crop_marks(slots, page, margin, Rect(area.x, area.y + LABEL_BAND, area.w,
                                                area.h - LABEL_BAND))


def _fold_line(fold_x: float, fronts: list[Slot], page: Size, margin: float) -> Mark:
    """The fold line: across the grid and as far out as crop marks go, inside the printable
    area."""
    bottom = min(s.clip.y for s in fronts) - MARK_GAP - MARK_LENGTH
    top = max(s.clip.top for s in fronts) + MARK_GAP + MARK_LENGTH
    return Mark(fold_x, max(margin + LABEL_BAND, bottom), fold_x,
                min(page.height - margin, top))


def plan_fold(paper: Size, item: Size, *, bleed: float, mode: ImpositionMode,
              margin: float = DEFAULT_MARGIN, gap: float | None = None) -> FoldPlan:
    """Impose front and back pairs of ``item`` on ``paper`` around a central fold line.

    The orientation that holds more pairs wins (portrait on a tie). ``mode`` is the bleed mode
    between neighbouring fronts (``gutter``: full bleed around each, ``abut``: shared cut
    lines, ``none``: no bleed at all), ``gap`` the gutter's width (by default twice the bleed,
    or twice 2 mm where that holds more pairs); the fold gutter is twice the bleed. Items, crop marks (at least 2 mm long), at
    least 2 mm of outer bleed and the fold line lie inside the printable area (``margin`` from the
    paper's edge), as on sheets of items.
    """
    if mode == "none":
        bleed = 0.0
    # the gutter's width: twice the bleed, or down to 2 mm of bleed on each side where that
    # holds more pairs (as on sheets of items, :func:`~printandplay.imposition.axis.gutter_gaps`)
    least, most = gutter_gaps(bleed, gap) if mode == "gutter" else (0.0, 0.0)
    fold_gap = 2 * bleed
    portrait = Size(min(paper.width, paper.height), max(paper.width, paper.height))
    landscape = Size(portrait.height, portrait.width)
    best: tuple[Size, bool, int, int, float] | None = None
    for width in dict.fromkeys((most, least)):
        for page, is_landscape in ((portrait, False), (landscape, True)):
            cols, rows = _half_grid(page, item, width, fold_gap, margin)
            if best is None or cols * rows > best[2] * best[3]:
                best = (page, is_landscape, cols, rows, width)
    assert best is not None
    page, is_landscape, cols, rows, gap = best
    if cols * rows == 0:
        raise ValueError(f"an item of {item.width / MM:.1f}×{item.height / MM:.1f}"
                         f" mm and its back do not fit side by side on the paper")
    fold_x = page.width / 2
    outer = bleed if mode != "none" else 0.0
    # the label band along the bottom of the printable area stays free (as on tiled sheets)
    # (marks at the bottom when they fit at one end only: the other end's bleed then runs into
    # the top margin, not into the label band)
    y_axis = place_axis(page.height - LABEL_BAND, rows, item.height, gap, outer, margin,
                        marks_low=True)
    grid_h = rows * item.height + (rows - 1) * gap
    top = LABEL_BAND + y_axis.start + grid_h
    right = fold_x - fold_gap / 2  # the fronts' grid ends at the fold gutter
    x0 = right - cols * item.width - (cols - 1) * gap
    # the left crop marks and the outer bleed share the room inside the margin
    outer_x = outer_bleed(x0 - margin, outer)
    inner = min(bleed, gap / 2) if mode == "gutter" else 0.0
    fronts: list[Slot] = []
    for row in range(rows):
        for col in range(cols):
            x = x0 + col * (item.width + gap)
            y = top - (row + 1) * item.height - row * gap
            trim = Rect(x, y, item.width, item.height)
            clip = trim.expand(
                outer_x if col == 0 else inner,
                y_axis.bleed_low if row == rows - 1 else inner,
                bleed if col == cols - 1 else inner,  # into the fold gutter
                y_axis.bleed_high if row == 0 else inner,
            )
            fronts.append(Slot(len(fronts), row, col, trim, clip))
    backs = _backs(fronts, page)
    marks = _marks([*fronts, *backs], page, margin)
    return FoldPlan(page, is_landscape, cols, rows, mode, bleed, fold_x, tuple(fronts), backs,
                    marks, _fold_line(fold_x, fronts, page, margin), margin)
