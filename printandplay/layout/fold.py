"""Fold-and-glue imposition: each front beside its back on one sheet, for printers without duplex.

The sheet is split by a vertical fold line at its centre. Fronts fill the half left of the
line; each back lies in the right half, at the mirror image of its front across the line, so
that folding the sheet along the line (printed sides out) puts every back exactly behind its
front. A gutter of twice the bleed runs along the fold: both halves bleed into it, so a fold a
little off the line shows no white edge once the glued card is cut out.

Pure geometry in points, like :mod:`printandplay.layout.imposition`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from printandplay.layout.geometry import Rect
from printandplay.layout.imposition import (
    EDGE_RESERVE,
    MARK_GAP,
    MARK_LENGTH,
    MIN_MARGIN,
    Mark,
    Mode,
    Slot,
    _crop_marks,
    _outer_bleed,
    mirror_rect,
)
from printandplay.model.game import Size


@dataclass(frozen=True)
class FoldPlan:
    """The imposition of one fold-and-glue sheet design."""

    page: Size
    landscape: bool
    cols: int  # columns of fronts (as many of backs)
    rows: int
    mode: Mode
    bleed: float
    fold_x: float  # the fold line, vertical, at the page's centre
    fronts: tuple[Slot, ...]
    backs: tuple[Slot, ...]  # backs[i] lies behind fronts[i] once folded
    marks: tuple[Mark, ...]
    fold: Mark  # the fold line, across the grid and as far out as the crop marks

    @property
    def per_page(self) -> int:
        """Items (front and back pairs) per sheet."""
        return self.cols * self.rows


def _half_grid(page: Size, item: Size, gap: float, fold_gap: float) -> tuple[int, int]:
    """Columns of fronts fitting between the left margin and the fold gutter; rows."""
    half = page.width / 2 - fold_gap / 2 - MIN_MARGIN
    cols = max(0, math.floor((half + gap + 1e-6) / (item.width + gap)))
    usable_h = page.height - 2 * MIN_MARGIN
    rows = max(0, math.floor((usable_h + gap + 1e-6) / (item.height + gap)))
    return cols, rows


def plan_fold(paper: Size, item: Size, *, bleed: float, mode: Mode) -> FoldPlan:
    """Impose front and back pairs of ``item`` on ``paper`` around a central fold line.

    The orientation that holds more pairs wins (portrait on a tie). ``mode`` is the bleed mode
    between neighbouring fronts (``gutter``: full bleed around each, ``abut``: shared cut
    lines, ``none``: no bleed at all); the fold gutter is twice the bleed.
    """
    if mode == "none":
        bleed = 0.0
    gap = 2 * bleed if mode == "gutter" else 0.0
    fold_gap = 2 * bleed
    portrait = Size(min(paper.width, paper.height), max(paper.width, paper.height))
    landscape = Size(portrait.height, portrait.width)
    best: tuple[Size, bool, int, int] | None = None
    for page, is_landscape in ((portrait, False), (landscape, True)):
        cols, rows = _half_grid(page, item, gap, fold_gap)
        if best is None or cols * rows > best[2] * best[3]:
            best = (page, is_landscape, cols, rows)
    assert best is not None
    page, is_landscape, cols, rows = best
    if cols * rows == 0:
        raise ValueError(f"an item of {item.width / 72 * 25.4:.1f}×{item.height / 72 * 25.4:.1f}"
                         f" mm and its back do not fit side by side on the paper")
    fold_x = page.width / 2
    grid_h = rows * item.height + (rows - 1) * gap
    top = page.height - (page.height - grid_h) / 2
    right = fold_x - fold_gap / 2  # the fronts' grid ends at the fold gutter
    x0 = right - cols * item.width - (cols - 1) * gap
    outer_x = _outer_bleed(bleed, x0) if mode != "none" else 0.0
    outer_y = _outer_bleed(bleed, page.height - top) if mode != "none" else 0.0
    inner = bleed if mode == "gutter" else 0.0
    fronts: list[Slot] = []
    for row in range(rows):
        for col in range(cols):
            x = x0 + col * (item.width + gap)
            y = top - (row + 1) * item.height - row * gap
            trim = Rect(x, y, item.width, item.height)
            clip = trim.expand(
                outer_x if col == 0 else inner,
                outer_y if row == rows - 1 else inner,
                bleed if col == cols - 1 else inner,  # into the fold gutter
                outer_y if row == 0 else inner,
            )
            fronts.append(Slot(len(fronts), row, col, trim, clip))
    backs = tuple(
        Slot(s.index, s.row, s.col, mirror_rect(s.trim, page, True, False),
             mirror_rect(s.clip, page, True, False))
        for s in fronts
    )
    marks = _crop_marks([*fronts, *backs], page, outer_x, outer_y, gap)
    bottom = top - grid_h
    reach = outer_y + MARK_GAP + MARK_LENGTH  # as far out as the crop marks
    fold = Mark(fold_x, max(EDGE_RESERVE, bottom - reach), fold_x,
                min(page.height - EDGE_RESERVE, top + reach))
    return FoldPlan(page, is_landscape, cols, rows, mode, bleed, fold_x, tuple(fronts), backs,
                    marks, fold)
