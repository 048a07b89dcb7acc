"""Interlocking imposition of hexagonal tiles: rows (pointy-top) or columns (flat-top) offset by
half a tile, so that each row nests in the notches of the one before (a honeycomb).

Pure geometry in points. Neighbouring tiles keep a gutter of twice the bleed between parallel
sides, so that each tile's bleed, its outline moved out by the bleed, ends where its
neighbour's begins: the moved-out hexagons of a regular honeycomb tile the plane. There are no
crop marks: tiles are cut along their outline. Backs are mirrored like those of
:func:`printandplay.imposition.grid.plan_sheet`. Only regular hexagons interlock; a tile drawn
on a trim of other proportions goes on the ordinary grid.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from printandplay.imposition.grid import DEFAULT_MARGIN, Flip, Slot, mirror_axes, mirror_rect
from printandplay.imposition.tiling import art_area
from printandplay.model.game import Size
from printandplay.model.geometry import Rect

REGULAR: Final = 0.005  # how far a trim's proportions may stray from a regular hexagon's
_EPS: Final = 1e-6


@dataclass(frozen=True)
class HexPlan:
    """The interlocked imposition of one sheet design: ``fronts`` and their mirrored
    ``backs`` (same order), on ``page``."""

    page: Size
    bleed: float  # how far each tile's bleed reaches out of its outline (0: shared cut lines)
    fronts: tuple[Slot, ...]
    backs: tuple[Slot, ...]
    mirror: tuple[bool, bool]  # the axes a back page mirrors (x, y)
    margin: float = DEFAULT_MARGIN

    @property
    def per_page(self) -> int:
        """Tiles per sheet."""
        return len(self.fronts)


def is_regular_hexagon(item: Size, pointy: bool) -> bool:
    """Whether ``item`` has the proportions of a regular hexagon (pointy-top: taller than
    wide by 2/√3; flat-top: wider than tall by as much)."""
    long_side, short_side = (item.height, item.width) if pointy else (item.width, item.height)
    return abs(long_side / short_side - 2 / math.sqrt(3)) <= REGULAR


def _rows(width: float, height: float, across: float, along: float, gap: float
          ) -> list[int]:
    """Tiles per row of pointy-top hexagons ``across`` wide and ``along`` tall in an area of
    ``width`` × ``height``, rows nested: the best of every row full (the odd ones shifted by
    half a pitch) and odd rows one short."""
    pitch = across + gap
    rise = pitch * math.sqrt(3) / 2  # from one row's centres to the next
    rows = max(0, math.floor((height - along) / rise + _EPS) + 1) if height >= along else 0
    full = max(0, math.floor((width + gap - pitch / 2) / pitch + _EPS))
    wide = max(0, math.floor((width + gap) / pitch + _EPS))
    even = [full] * rows
    alternate = [wide if r % 2 == 0 else wide - 1 for r in range(rows)]
    return max(even, alternate, key=sum) if rows else []


def plan_hex_sheet(paper: Size, item: Size, *, pointy: bool, bleed: float,
                   flip: Flip = "long", back_offset: tuple[float, float] = (0.0, 0.0),
                   margin: float = DEFAULT_MARGIN) -> HexPlan:
    """Nest regular hexagons of trim ``item`` on ``paper`` in the orientation that holds the
    most, centred in the printable area less the sheet label's band: ``bleed`` apart from
    their neighbours' bleed (a gutter of twice the bleed), or sharing their cut lines when
    ``bleed`` is 0."""
    best: HexPlan | None = None
    for landscape in (False, True):
        page = (Size(max(paper.width, paper.height), min(paper.width, paper.height))
                if landscape else
                Size(min(paper.width, paper.height), max(paper.width, paper.height)))
        plan = _plan(page, landscape, item, pointy, bleed, flip, back_offset, margin)
        if best is None or plan.per_page > best.per_page:
            best = plan
    assert best is not None
    if best.per_page == 0:
        raise ValueError(f"a hexagon of {item.width:.1f}×{item.height:.1f} pt does not fit "
                         f"on the paper")
    return best


def _plan(page: Size, landscape: bool, item: Size, pointy: bool, bleed: float, flip: Flip,
          back_offset: tuple[float, float], margin: float) -> HexPlan:
    area = art_area(page, margin)
    gap = 2 * bleed
    # work as if pointy-top (rows along x); a flat-top plan is the same turned a quarter
    across, along = (item.width, item.height) if pointy else (item.height, item.width)
    width, height = (area.w, area.h) if pointy else (area.h, area.w)
    counts = _rows(width, height, across, along, gap)
    pitch = across + gap
    rise = pitch * math.sqrt(3) / 2
    shifted = len(counts) > 1 and counts[1] == counts[0]  # every row full: odd ones shifted
    span_w = (max(counts, default=0) * pitch - gap + (pitch / 2 if shifted else 0.0))
    span_h = (len(counts) - 1) * rise + along if counts else 0.0
    start_u = (width - span_w) / 2
    start_v = (height - span_h) / 2
    fronts: list[Slot] = []
    for row, count in enumerate(counts):
        offset = pitch / 2 if row % 2 == 1 else 0.0
        v = start_v + row * rise  # distance of the row's tops from the area's top
        for col in range(count):
            u = start_u + offset + col * pitch
            if pointy:
                trim = Rect(area.x + u, area.top - v - along, across, along)
            else:  # u runs down the page, v across it
                trim = Rect(area.x + v, area.top - u - across, along, across)
            clip = trim.expand(bleed, bleed, bleed, bleed)
            fronts.append(Slot(len(fronts), row, col, trim, clip))
    mirror = mirror_axes(landscape, flip)
    backs = tuple(Slot(s.index, s.row, s.col,
                       mirror_rect(s.trim, page, *mirror, back_offset),
                       mirror_rect(s.clip, page, *mirror, back_offset)) for s in fronts)
    return HexPlan(page, bleed, tuple(fronts), backs, mirror, margin)
