"""Tiling: an item larger than the paper (a board, a mat) split across sheets to glue together.

Pure geometry in points. Each sheet prints the part of the item that falls in its art area:
the printable area (the page less the printer margin) less a band at the bottom for the sheet's
assembly label. The item's outer edges keep their bleed and crop marks inside that area.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from printandplay.imposition.grid import DEFAULT_MARGIN
from printandplay.imposition.marks import MARK_BAND, MARK_GAP, Mark, mark_end
from printandplay.model.game import Size
from printandplay.model.geometry import Rect
from printandplay.units import MM

Span = tuple[float, float]  # a low and a high coordinate along one axis

TILE_OVERLAP: Final = 10 * MM  # glued overlap between neighbouring tiles of a large item
LABEL_BAND: Final = 4 * MM  # kept free above the bottom margin for the tile's label


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
    area: Rect  # where art, guides and marks go on every sheet
    margin: float = DEFAULT_MARGIN


def art_area(page: Size, margin: float) -> Rect:
    """The printable area of ``page`` less the label band at its bottom."""
    return Rect(margin, margin + LABEL_BAND, page.width - 2 * margin,
                page.height - 2 * margin - LABEL_BAND)


def plan_tiles(paper: Size, item: Size, *, bleed: float, overlap: float = TILE_OVERLAP,
               margin: float = DEFAULT_MARGIN) -> TilePlan:
    """Split ``item`` across as few sheets as possible; neighbours overlap by ``overlap``.

    Tiles are numbered from the item's top-left. Each sheet prints the part of the item that
    falls in its art area; the dashed guides show where the next sheet's printed area starts,
    to glue the sheets edge on guide. Around the item's outer edges stay room for crop marks
    and as much of the bleed as costs no extra sheet.
    """
    best: TilePlan | None = None
    for page in (Size(min(paper.width, paper.height), max(paper.width, paper.height)),
                 Size(max(paper.width, paper.height), min(paper.width, paper.height))):
        area = art_area(page, margin)
        if area.w <= overlap or area.h <= overlap:
            continue
        cols, bleed_x = _axis(item.width, area.w, overlap, bleed)
        rows, bleed_y = _axis(item.height, area.h, overlap, bleed)
        if best is None or rows * cols < best.rows * best.cols:
            best = _tiles(page, area, item, (bleed_x, bleed_y), overlap, rows, cols, margin)
    if best is None:
        raise ValueError(f"the paper is too small for {margin / MM:g} mm printer margins")
    return best


def _axis(length: float, room: float, overlap: float, bleed: float) -> tuple[int, float]:
    """Sheets along one axis and the outer bleed: the full ``bleed`` unless it would take one
    more sheet than the crop marks alone need."""
    def sheets(outer: float) -> int:
        return max(1, math.ceil((length + 2 * (outer + MARK_BAND) - overlap) / (room - overlap)
                                - 1e-9))
    count = sheets(0.0)
    if sheets(bleed) == count:
        return count, bleed
    span = room + (count - 1) * (room - overlap)
    return count, max(0.0, min(bleed, (span - length) / 2 - MARK_BAND))


def _tiles(page: Size, area: Rect, item: Size, bleed: tuple[float, float], overlap: float,
           rows: int, cols: int, margin: float) -> TilePlan:
    step_x, step_y = area.w - overlap, area.h - overlap
    bleed_x, bleed_y = bleed
    reserve_x, reserve_y = bleed_x + MARK_BAND, bleed_y + MARK_BAND
    ext_w, ext_h = item.width + 2 * reserve_x, item.height + 2 * reserve_y
    # Centre the item on a single-sheet axis; otherwise start at the area's top-left corner.
    base_x = area.x + (area.w - ext_w) / 2 if cols == 1 else area.x
    base_top = area.top - (area.h - ext_h) / 2 if rows == 1 else area.top
    tiles = []
    for row in range(rows):
        for col in range(cols):
            x = base_x + reserve_x - col * step_x
            y = base_top - reserve_y + row * step_y - item.height
            trim = Rect(x, y, item.width, item.height)
            left = max(area.x, trim.x - (bleed_x if col == 0 else 0.0))
            right = min(area.right, trim.right + (bleed_x if col == cols - 1 else 0.0))
            bottom = max(area.y, trim.y - (bleed_y if row == rows - 1 else 0.0))
            top = min(area.top, trim.top + (bleed_y if row == 0 else 0.0))
            clip = Rect(left, bottom, right - left, top - bottom)
            guides = []
            if col < cols - 1:
                gx = area.right - overlap
                guides.append(Mark(gx, clip.y, gx, clip.top))
            if row < rows - 1:
                gy = area.y + overlap
                guides.append(Mark(clip.x, gy, clip.right, gy))
            marks = _tile_marks(trim, clip, area, bleed_x, bleed_y)
            tiles.append(Tile(row, col, (x, y), clip, tuple(guides), marks))
    return TilePlan(page, rows, cols, tuple(tiles), area, margin)


def _tile_marks(trim: Rect, clip: Rect, area: Rect, bleed_x: float,
                bleed_y: float) -> tuple[Mark, ...]:
    """Crop marks at the item's corners that this sheet shows, inside the art area."""
    vertical = _edge_marks((trim.x, trim.right), (clip.x, clip.right), (trim.y, trim.top),
                           (clip.y, clip.top), (area.y, area.top), bleed_y)
    horizontal = _edge_marks((trim.y, trim.top), (clip.y, clip.top), (trim.x, trim.right),
                             (clip.x, clip.right), (area.x, area.right), bleed_x)
    return (*(Mark(x, start, x, end) for x, start, end in vertical),
            *(Mark(start, y, end, y) for y, start, end in horizontal))


def _edge_marks(edges: Span, shown: Span, trim: Span, clip: Span, area: Span,
                bleed: float) -> list[tuple[float, float, float]]:
    """The marks along one axis: for each trim ``edges`` line the sheet ``shown`` across, the
    marks beyond both ends of the ``trim`` that the sheet's ``clip`` shows, stopped at the
    ``area``; each as (edge, start, end)."""
    marks: list[tuple[float, float, float]] = []
    gap = bleed + MARK_GAP
    for edge in edges:
        if shown[0] - 0.01 <= edge <= shown[1] + 0.01:
            for start, direction, limit in ((trim[1] + gap, 1, area[1]),
                                            (trim[0] - gap, -1, area[0])):
                if clip[0] - 0.01 <= start - direction * gap <= clip[1] + 0.01:
                    end = mark_end(start, direction, limit)
                    if end is not None:
                        marks.append((edge, start, end))
    return marks
