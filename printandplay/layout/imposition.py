"""Imposition: how many items fit on a sheet, where each goes, where to cut, where backs go.

Pure geometry in points. A :class:`SheetPlan` holds the trim rectangle and the clip rectangle
(trim plus the bleed that item may print) of every slot on the front page, the same for the
back page (mirrored for duplex and shifted by the printer offset), and the crop marks.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final, Literal

from printandplay.model.game import ImpositionMode, Size
from printandplay.model.geometry import Rect
from printandplay.units import MM

Flip = Literal["long", "short"]

MARK_GAP: Final = 1 * MM  # between the end of the bleed and a crop mark
MARK_LENGTH: Final = 5 * MM
MIN_MARK: Final = 2 * MM  # shortest useful crop mark
EDGE_RESERVE: Final = 3 * MM  # crop marks stop this far from the paper edge
# Items stay at least 5 mm from the paper edge, and far enough for a crop mark to fit outside.
MIN_MARGIN: Final = max(5 * MM, EDGE_RESERVE + MARK_GAP + MIN_MARK)
MARK_WIDTH: Final = 0.25


@dataclass(frozen=True)
class Slot:
    """Where one item goes: its trim box and the area its bleed may cover."""

    index: int
    row: int
    col: int
    trim: Rect
    clip: Rect


@dataclass(frozen=True)
class Mark:
    """A crop mark: a short line on the extension of a cut line."""

    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class SheetPlan:
    """The imposition of one sheet design (every sheet of a section shares it)."""

    page: Size
    landscape: bool
    cols: int
    rows: int
    mode: ImpositionMode
    bleed: float
    fronts: tuple[Slot, ...]
    backs: tuple[Slot, ...]
    marks: tuple[Mark, ...]

    @property
    def per_page(self) -> int:
        """Items per sheet."""
        return self.cols * self.rows


def grid_count(paper: Size, item: Size, gap: float, margin: float = MIN_MARGIN) -> tuple[int, int]:
    """Columns and rows of ``item`` that fit on ``paper`` within ``margin`` with ``gap`` between."""
    usable_w = paper.width - 2 * margin
    usable_h = paper.height - 2 * margin
    cols = max(0, math.floor((usable_w + gap + 1e-6) / (item.width + gap)))
    rows = max(0, math.floor((usable_h + gap + 1e-6) / (item.height + gap)))
    return cols, rows


def _best_orientation(paper: Size, item: Size, gap: float) -> tuple[Size, bool, int, int]:
    portrait = Size(min(paper.width, paper.height), max(paper.width, paper.height))
    landscape = Size(portrait.height, portrait.width)
    best = (portrait, False, *grid_count(portrait, item, gap))
    cols, rows = grid_count(landscape, item, gap)
    if cols * rows > best[2] * best[3]:
        best = (landscape, True, cols, rows)
    return best


def choose_mode(paper: Size, item: Size, bleed: float) -> ImpositionMode:
    """``gutter`` (full bleed around each item) when it fits as many items as abutting them;
    otherwise ``abut``; ``none`` without bleed."""
    if bleed <= 0:
        return "none"
    _, _, gc, gr = _best_orientation(paper, item, 2 * bleed)
    _, _, ac, ar = _best_orientation(paper, item, 0.0)
    return "gutter" if gc * gr >= ac * ar else "abut"


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
) -> SheetPlan:
    """Impose ``item`` on ``paper``: as many as fit within the margins, centred."""
    gap = 2 * bleed if mode == "gutter" else 0.0
    page, landscape, cols, rows = _best_orientation(paper, item, gap)
    if cols * rows == 0:
        raise ValueError(
            f"an item of {item.width / MM:.1f}×{item.height / MM:.1f} mm does not fit on the paper"
        )
    grid_w = cols * item.width + (cols - 1) * gap
    grid_h = rows * item.height + (rows - 1) * gap
    x0 = (page.width - grid_w) / 2
    top = page.height - (page.height - grid_h) / 2
    outer_x = _outer_bleed(bleed, x0) if mode != "none" else 0.0
    outer_y = _outer_bleed(bleed, page.height - top) if mode != "none" else 0.0
    fronts: list[Slot] = []
    for row in range(rows):
        for col in range(cols):
            x = x0 + col * (item.width + gap)
            y = top - (row + 1) * item.height - row * gap
            trim = Rect(x, y, item.width, item.height)
            inner = bleed if mode == "gutter" else 0.0
            clip = trim.expand(
                outer_x if col == 0 else inner,
                outer_y if row == rows - 1 else inner,
                outer_x if col == cols - 1 else inner,
                outer_y if row == 0 else inner,
            )
            fronts.append(Slot(len(fronts), row, col, trim, clip))
    mirror_x, mirror_y = mirror_axes(landscape, flip)
    backs = tuple(
        Slot(s.index, s.row, s.col,
             mirror_rect(s.trim, page, mirror_x, mirror_y, back_offset),
             mirror_rect(s.clip, page, mirror_x, mirror_y, back_offset))
        for s in fronts
    )
    marks = _crop_marks(fronts, page, outer_x, outer_y, gap)
    return SheetPlan(page, landscape, cols, rows, mode, bleed, tuple(fronts), backs, marks)


def _outer_bleed(bleed: float, space: float) -> float:
    """Bleed on the grid's outer edges, leaving room for crop marks outside it."""
    room = space - EDGE_RESERVE - MARK_GAP - MIN_MARK
    return max(0.0, min(bleed, room))


def mirror_rect(rect: Rect, page: Size, mirror_x: bool, mirror_y: bool,
                offset: tuple[float, float] = (0.0, 0.0)) -> Rect:
    """Where ``rect`` of a front page lies on the back page (mirrored, then shifted)."""
    x = page.width - rect.x - rect.w if mirror_x else rect.x
    y = page.height - rect.y - rect.h if mirror_y else rect.y
    return Rect(x + offset[0], y + offset[1], rect.w, rect.h)


def _cut_positions(values: list[float]) -> list[float]:
    out: list[float] = []
    for value in sorted(values):
        if not out or abs(value - out[-1]) > 0.01:
            out.append(value)
    return out


def _crop_marks(slots: list[Slot], page: Size, outer_x: float, outer_y: float,
                gap: float) -> tuple[Mark, ...]:
    xs = _cut_positions([v for s in slots for v in (s.trim.x, s.trim.right)])
    ys = _cut_positions([v for s in slots for v in (s.trim.y, s.trim.top)])
    left, right, bottom, top = xs[0], xs[-1], ys[0], ys[-1]
    marks: list[Mark] = []
    for x in xs:
        for start, direction, limit in ((top + outer_y + MARK_GAP, 1, page.height),
                                        (bottom - outer_y - MARK_GAP, -1, 0.0)):
            end = _mark_end(start, direction, limit)
            if end is not None:
                marks.append(Mark(x, start, x, end))
    for y in ys:
        for start, direction, limit in ((right + outer_x + MARK_GAP, 1, page.width),
                                        (left - outer_x - MARK_GAP, -1, 0.0)):
            end = _mark_end(start, direction, limit)
            if end is not None:
                marks.append(Mark(start, y, end, y))
    return tuple(marks)


def _mark_end(start: float, direction: int, limit: float) -> float | None:
    furthest = limit - direction * EDGE_RESERVE
    end = start + direction * MARK_LENGTH
    if direction > 0:
        end = min(end, furthest)
    else:
        end = max(end, furthest)
    return end if abs(end - start) >= MIN_MARK - 1e-6 and (end - start) * direction > 0 else None


TILE_OVERLAP: Final = 10 * MM  # glued overlap between neighbouring tiles of a large item


@dataclass(frozen=True)
class Tile:
    """One sheet's share of an item larger than the paper."""

    row: int
    col: int
    origin: tuple[float, float]  # where the item's trim bottom-left lands on this page
    clip: Rect  # what of the item this sheet prints
    guides: tuple[Mark, ...]  # where the neighbouring sheets' edges go (dashed on the page)
    marks: tuple[Mark, ...]  # crop marks at the item's own edges that fall on this sheet


@dataclass(frozen=True)
class TilePlan:
    """How an item larger than the paper is split across sheets, to assemble with overlaps."""

    page: Size
    rows: int
    cols: int
    tiles: tuple[Tile, ...]


def fits_on(paper: Size, item: Size) -> bool:
    """Whether one item fits within the margins of the paper in either orientation."""
    _, _, cols, rows = _best_orientation(paper, item, 0.0)
    return cols * rows > 0


def plan_tiles(paper: Size, item: Size, *, bleed: float,
               overlap: float = TILE_OVERLAP) -> TilePlan:
    """Split ``item`` across as few sheets as possible; neighbours overlap by ``overlap``.

    Tiles are numbered from the item's top-left. Each sheet prints the part of the item that
    falls in its printable area; the dashed guides show where the next sheet's printed area
    starts, to glue the sheets edge on guide.
    """
    best: TilePlan | None = None
    for page in (Size(min(paper.width, paper.height), max(paper.width, paper.height)),
                 Size(max(paper.width, paper.height), min(paper.width, paper.height))):
        usable_w = page.width - 2 * MIN_MARGIN
        usable_h = page.height - 2 * MIN_MARGIN
        cols = max(1, math.ceil((item.width - overlap) / (usable_w - overlap) - 1e-9))
        rows = max(1, math.ceil((item.height - overlap) / (usable_h - overlap) - 1e-9))
        if best is None or rows * cols < best.rows * best.cols:
            best = _tiles(page, item, bleed, overlap, rows, cols)
    assert best is not None
    return best


def _tiles(page: Size, item: Size, bleed: float, overlap: float, rows: int,
           cols: int) -> TilePlan:
    usable = Rect(MIN_MARGIN, MIN_MARGIN, page.width - 2 * MIN_MARGIN,
                  page.height - 2 * MIN_MARGIN)
    step_x, step_y = usable.w - overlap, usable.h - overlap
    total_w = min(item.width, usable.w + (cols - 1) * step_x)
    total_h = min(item.height, usable.h + (rows - 1) * step_y)
    # Centre the item on a single-sheet axis; otherwise start at the printable corner.
    base_x = usable.x + (usable.w - total_w) / 2 if cols == 1 else usable.x
    base_top = usable.top - (usable.h - total_h) / 2 if rows == 1 else usable.top
    tiles = []
    for row in range(rows):
        for col in range(cols):
            x = base_x - col * step_x
            y = base_top + row * step_y - item.height
            trim = Rect(x, y, item.width, item.height)
            area = Rect(usable.x, usable.y, usable.w, usable.h)
            left = max(area.x, trim.x - (bleed if col == 0 else 0.0))
            right = min(area.right, trim.right + (bleed if col == cols - 1 else 0.0))
            bottom = max(area.y, trim.y - (bleed if row == rows - 1 else 0.0))
            top = min(area.top, trim.top + (bleed if row == 0 else 0.0))
            clip = Rect(left, bottom, right - left, top - bottom)
            guides = []
            if col < cols - 1:
                gx = area.right - overlap
                guides.append(Mark(gx, clip.y, gx, clip.top))
            if row < rows - 1:
                gy = area.y + overlap
                guides.append(Mark(clip.x, gy, clip.right, gy))
            marks = _tile_marks(trim, clip, page, bleed)
            tiles.append(Tile(row, col, (x, y), clip, tuple(guides), marks))
    return TilePlan(page, rows, cols, tuple(tiles))


def _tile_marks(trim: Rect, clip: Rect, page: Size, bleed: float) -> tuple[Mark, ...]:
    """Crop marks on the item's outer edges that this sheet shows."""
    marks: list[Mark] = []
    gap = bleed + MARK_GAP
    for x in (trim.x, trim.right):
        if clip.x - 0.01 <= x <= clip.right + 0.01:
            for start, direction, limit in ((trim.top + gap, 1, page.height),
                                            (trim.y - gap, -1, 0.0)):
                if clip.y - 0.01 <= start - direction * gap <= clip.top + 0.01:
                    end = _mark_end(start, direction, limit)
                    if end is not None:
                        marks.append(Mark(x, start, x, end))
    for y in (trim.y, trim.top):
        if clip.y - 0.01 <= y <= clip.top + 0.01:
            for start, direction, limit in ((trim.right + gap, 1, page.width),
                                            (trim.x - gap, -1, 0.0)):
                if clip.x - 0.01 <= start - direction * gap <= clip.right + 0.01:
                    end = _mark_end(start, direction, limit)
                    if end is not None:
                        marks.append(Mark(start, y, end, y))
    return tuple(marks)
