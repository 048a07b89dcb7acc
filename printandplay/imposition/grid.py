"""Imposition: how many items fit on a sheet, where each goes, where to cut, where backs go.

Pure geometry in points. A :class:`SheetPlan` holds the trim rectangle and the clip rectangle
(trim plus the bleed that item may print) of every slot on the front page, the same for the
back page (mirrored for duplex and shifted by the printer offset), and the crop marks.

The printer margin (``margin``, 5 mm by default) is the band along the paper edge where a home
printer prints nothing: only bleed art may fall there. Every trim lies inside the printable
area, and every crop mark lies wholly inside it, at least :data:`MIN_MARK` long. Along an axis
where there is no room for marks at both ends of the cut lines, they go at one end only (the
left, or the top) rather than losing a row or column of items.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final, Literal

from printandplay.imposition.axis import Axis, gutter_gaps, place_axis, widest_gap
from printandplay.imposition.marks import (
    MARK_BAND,
    Mark,
    crop_marks,
)
from printandplay.model.game import ImpositionMode, Size
from printandplay.model.geometry import Rect
from printandplay.units import MM

Flip = Literal["long", "short"]

DEFAULT_MARGIN: Final = 5 * MM  # unprintable band along the paper edge on most home printers
_EPS: Final = 1e-6

__all__ = [
    "DEFAULT_MARGIN", "Axis", "Flip", "SheetPlan", "Slot", "capacity", "choose_mode", "fits_on",
    "colour_gutter_fits", "grid_count", "gutter_gaps", "mirror_axes", "mirror_rect", "place_axis", "plan_sheet", "sheet_capacity",
]


@dataclass(frozen=True)
class Slot:
    """Where one item goes: its trim box and the area its bleed may cover."""

    index: int
    row: int
    col: int
    trim: Rect
    clip: Rect


@dataclass(frozen=True)
class SheetPlan:
    """The imposition of one sheet design (every sheet of a section shares it).

    ``fronts``, ``backs`` and ``marks`` are those of a full sheet; :meth:`filled` gives the
    plan of a sheet that holds fewer items."""

    page: Size
    landscape: bool
    cols: int
    rows: int
    mode: ImpositionMode
    bleed: float
    fronts: tuple[Slot, ...]
    backs: tuple[Slot, ...]
    marks: tuple[Mark, ...]
    margin: float = DEFAULT_MARGIN
    flip: Flip = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)

    @property
    def per_page(self) -> int:
        """Items per sheet."""
        return self.cols * self.rows

    @property
    def printable(self) -> Rect:
        """The part of the page a printer prints: the page less the margin."""
        return Rect(0, 0, self.page.width, self.page.height).inset(self.margin)

    def filled(self, count: int) -> SheetPlan:
        """The plan of a sheet holding only the first ``count`` items: the empty slots are
        dropped, the edges that face them get the full bleed and they get no crop marks."""
        if count >= self.per_page:
            return self
        bleed = self.bleed if self.mode != "none" else 0.0
        fronts = bleed_into_empty_slots(self.fronts[:count], self.rows, self.cols, bleed)
        return _with_fronts(self, fronts)


def bleed_into_empty_slots(slots: Sequence[Slot], rows: int, cols: int, bleed: float
                           ) -> list[Slot]:
    """``slots`` (a partly filled grid of ``rows`` × ``cols``) with each edge that faces an
    empty slot grown to the full ``bleed`` (no crop mark stands there to be overprinted)."""
    taken = {(s.row, s.col) for s in slots}

    def empty(row: int, col: int) -> bool:
        return 0 <= row < rows and 0 <= col < cols and (row, col) not in taken

    out = []
    for slot in slots:
        trim, clip = slot.trim, slot.clip
        reach_x, reach_y = min(bleed, trim.w), min(bleed, trim.h)  # into the empty slot
        left = reach_x if empty(slot.row, slot.col - 1) else 0.0
        right = reach_x if empty(slot.row, slot.col + 1) else 0.0
        bottom = reach_y if empty(slot.row + 1, slot.col) else 0.0  # row 0 is the top
        top = reach_y if empty(slot.row - 1, slot.col) else 0.0
        wanted = trim.expand(left, bottom, right, top)
        grow = (max(0.0, clip.x - wanted.x), max(0.0, clip.y - wanted.y),
                max(0.0, wanted.right - clip.right), max(0.0, wanted.top - clip.top))
        out.append(replace(slot, clip=clip.expand(*grow)) if any(grow) else slot)
    return out


def _with_fronts(plan: SheetPlan, fronts: list[Slot]) -> SheetPlan:
    mirror_x, mirror_y = mirror_axes(plan.landscape, plan.flip)
    backs = tuple(
        Slot(s.index, s.row, s.col,
             mirror_rect(s.trim, plan.page, mirror_x, mirror_y, plan.back_offset),
             mirror_rect(s.clip, plan.page, mirror_x, mirror_y, plan.back_offset))
        for s in fronts
    )
    marks = crop_marks(fronts, plan.page, plan.margin)
    return replace(plan, fronts=tuple(fronts), backs=backs, marks=marks)


def grid_count(paper: Size, item: Size, gap: float, margin: float) -> tuple[int, int]:
    """Columns and rows of ``item`` that fit on ``paper`` ``margin`` from each edge with
    ``gap`` between them."""
    return (_fit(paper.width - 2 * margin, item.width, gap),
            _fit(paper.height - 2 * margin, item.height, gap))


def _fit(length: float, item: float, gap: float) -> int:
    return max(0, math.floor((length + gap + _EPS) / (item + gap)))


def sheet_capacity(paper: Size, item: Size, gap: float,
                   margin: float = DEFAULT_MARGIN) -> tuple[int, int]:
    """Columns and rows that fit inside the printable area with room for crop marks at one end
    of every cut line at least, and the least outer bleed at both ends."""
    return (_fit(paper.width - 2 * margin - MARK_BAND, item.width, gap),
            _fit(paper.height - 2 * margin - MARK_BAND, item.height, gap))


def _best_orientation(paper: Size, item: Size, gap: float,
                      margin: float) -> tuple[Size, bool, int, int]:
    portrait = Size(min(paper.width, paper.height), max(paper.width, paper.height))
    landscape = Size(portrait.height, portrait.width)
    best = (portrait, False, *sheet_capacity(portrait, item, gap, margin))
    cols, rows = sheet_capacity(landscape, item, gap, margin)
    if cols * rows > best[2] * best[3]:
        best = (landscape, True, cols, rows)
    return best


def capacity(paper: Size, item: Size, mode: ImpositionMode, bleed: float,
             margin: float = DEFAULT_MARGIN) -> int:
    """Items per sheet in ``mode``."""
    gap = gutter_gaps(bleed)[0] if mode == "gutter" else 0.0
    _, _, cols, rows = _best_orientation(paper, item, gap, margin)
    return cols * rows


def colour_gutter_fits(gutter: int) -> bool:
    """Whether items whose edges differ in colour can be spaced with full bleed: a sheet with
    gutters holds ``gutter`` items, at least one. They are spaced whatever it costs in sheets
    (a shared cut line shows a sliver of the neighbour when a cut is a little off); a user who
    prefers fewer sheets asks for abutting items with ``--gutter 0``."""
    return gutter >= 1


def choose_mode(paper: Size, item: Size, bleed: float, count: int | None = None,
                margin: float = DEFAULT_MARGIN) -> ImpositionMode:
    """``gutter`` (full bleed around each item) when it costs no extra sheet for ``count``
    items (or, without a count, when a sheet holds as many items as abutting them);
    otherwise ``abut``; ``none`` without bleed."""
    if bleed <= 0:
        return "none"
    gutter = capacity(paper, item, "gutter", bleed, margin)
    abut = capacity(paper, item, "abut", bleed, margin)
    if gutter == 0:
        return "abut"
    if count:
        return "gutter" if math.ceil(count / gutter) <= math.ceil(count / abut) else "abut"
    return "gutter" if gutter >= abut else "abut"


def mirror_axes(landscape: bool, flip: Flip) -> tuple[bool, bool]:
    """Which axes a duplex back page mirrors: ``(x, y)``.

    Long-edge flip turns the sheet about its long edge: the vertical axis on a portrait page,
    the horizontal one on a landscape page. Short-edge flip is the other one.
    """
    about_vertical = (flip == "long") != landscape
    return (about_vertical, not about_vertical)


def plan_sheet(
    paper: Size,
    item: Size,
    *,
    bleed: float,
    mode: ImpositionMode,
    flip: Flip = "long",
    back_offset: tuple[float, float] = (0.0, 0.0),
    margin: float = DEFAULT_MARGIN,
    gap: float | None = None,
) -> SheetPlan:
    """Impose ``item`` on ``paper``: as many as fit inside the printable area with their crop
    marks, centred when the marks fit at both ends. In ``gutter`` mode neighbours are ``gap``
    apart (default: :func:`gutter_gaps`, along each axis as wide as keeps the count), each
    bleeding into it as far as half of it."""
    gaps = gutter_gaps(bleed, gap) if mode == "gutter" else (0.0, 0.0)
    page, landscape, cols, rows = _best_orientation(paper, item, gaps[0], margin)
    if cols * rows == 0:
        raise ValueError(
            f"an item of {item.width / MM:.1f}×{item.height / MM:.1f} mm does not fit on the paper "
            f"with its crop marks inside a {margin / MM:g} mm printer margin"
        )
    outer = bleed if mode != "none" else 0.0
    gap_x = widest_gap(page.width, cols, item.width, gaps, margin)
    gap_y = widest_gap(page.height, rows, item.height, gaps, margin)
    x_axis = place_axis(page.width, cols, item.width, gap_x, outer, margin, marks_low=True)
    y_axis = place_axis(page.height, rows, item.height, gap_y, outer, margin, marks_low=False)
    inner_x, inner_y = min(bleed, gap_x / 2), min(bleed, gap_y / 2)
    grid_h = rows * item.height + (rows - 1) * gap_y
    top = y_axis.start + grid_h
    fronts: list[Slot] = []
    for row in range(rows):
        for col in range(cols):
            x = x_axis.start + col * (item.width + gap_x)
            y = top - (row + 1) * item.height - row * gap_y
            trim = Rect(x, y, item.width, item.height)
            clip = trim.expand(
                x_axis.bleed_low if col == 0 else inner_x,
                y_axis.bleed_low if row == rows - 1 else inner_y,
                x_axis.bleed_high if col == cols - 1 else inner_x,
                y_axis.bleed_high if row == 0 else inner_y,
            )
            fronts.append(Slot(len(fronts), row, col, trim, clip))
    plan = SheetPlan(page, landscape, cols, rows, mode, bleed, (), (), (), margin, flip,
                     back_offset)
    return _with_fronts(plan, fronts)


def mirror_rect(rect: Rect, page: Size, mirror_x: bool, mirror_y: bool,
                offset: tuple[float, float] = (0.0, 0.0)) -> Rect:
    """Where ``rect`` of a front page lies on the back page (mirrored, then shifted)."""
    x = page.width - rect.x - rect.w if mirror_x else rect.x
    y = page.height - rect.y - rect.h if mirror_y else rect.y
    return Rect(x + offset[0], y + offset[1], rect.w, rect.h)


def fits_on(paper: Size, item: Size, margin: float = DEFAULT_MARGIN) -> bool:
    """Whether one item fits on the paper with its crop marks, in either orientation."""
    _, _, cols, rows = _best_orientation(paper, item, 0.0, margin)
    return cols * rows > 0
