"""Hexagonal tiles nested in offset rows: gaps, bounds, capacity and mirrored backs."""

from __future__ import annotations

import itertools
import math

import pytest

from printandplay.imposition.grid import capacity
from printandplay.imposition.hexgrid import is_regular_hexagon, plan_hex_sheet
from printandplay.imposition.tiling import art_area
from printandplay.model.game import Size
from printandplay.model.polygon_shapes import RegularPolygon
from printandplay.model.polygons import offset_polygon, polygon_contains
from printandplay.units import MM

A4 = Size(210 * MM, 297 * MM)
EXACT = 0.05 * MM
SIDE = 20 * MM
POINTY = Size(SIDE * math.sqrt(3), 2 * SIDE)
FLAT = Size(2 * SIDE, SIDE * math.sqrt(3))


def test_regular_proportions() -> None:
    assert is_regular_hexagon(POINTY, pointy=True)
    assert is_regular_hexagon(FLAT, pointy=False)
    assert not is_regular_hexagon(POINTY, pointy=False)
    assert not is_regular_hexagon(Size(30 * MM, 40 * MM), pointy=True)


@pytest.mark.parametrize(("item", "pointy"), [(POINTY, True), (FLAT, False)])
@pytest.mark.parametrize("bleed", [0.0, 3 * MM])
def test_nested_tiles_keep_twice_the_bleed_apart(item: Size, pointy: bool, bleed: float) -> None:
    plan = plan_hex_sheet(A4, item, pointy=pointy, bleed=bleed)
    shape = RegularPolygon(6, pointy)
    area = art_area(plan.page, plan.margin)
    centres = []
    for slot in plan.fronts:
        assert area.contains(slot.trim, 1e-6)  # inside the printable area, above the label
        centres.append((slot.trim.x + slot.trim.w / 2, slot.trim.y + slot.trim.h / 2))
    apothem = min(item.width, item.height) / 2
    pitch = 2 * apothem + 2 * bleed  # neighbours' centres: across two apothems and the gutter
    nearest = min(math.dist(a, b) for a, b in itertools.combinations(centres, 2))
    assert nearest == pytest.approx(pitch, abs=1e-6)
    grown = [offset_polygon(shape.vertices(s.trim), bleed) for s in plan.fronts]
    for one, other in itertools.combinations(range(len(grown)), 2):
        if math.dist(centres[one], centres[other]) > pitch + 1e-6:
            continue  # (not neighbours)
        # a grown tile's corners lie on or outside its neighbour's grown outline: they meet
        # along the middle of the gutter, never overlapping by more than rounding
        inside = [polygon_contains(grown[other], x, y, -1e-6) for x, y in grown[one]]
        assert not any(inside)


def test_nesting_holds_more_than_the_grid() -> None:
    shared = plan_hex_sheet(A4, POINTY, pointy=True, bleed=0.0)
    assert shared.per_page == 45  # 9 rows of 5 on a portrait A4
    assert capacity(A4, POINTY, "abut", 3 * MM) == 35  # 5 × 7 on the grid
    gutter = plan_hex_sheet(A4, POINTY, pointy=True, bleed=3 * MM)
    assert gutter.per_page > capacity(A4, POINTY, "gutter", 3 * MM)


@pytest.mark.parametrize("flip", ["long", "short"])
def test_nested_backs_lie_behind_their_fronts(flip: str) -> None:
    plan = plan_hex_sheet(A4, FLAT, pointy=False, bleed=3 * MM, flip=flip)  # type: ignore[arg-type]
    shape = RegularPolygon(6, pointy=False)
    mirror_x, mirror_y = plan.mirror
    page = plan.page
    for front, back in zip(plan.fronts, plan.backs, strict=True):
        seen = [(page.width - x if mirror_x else x, page.height - y if mirror_y else y)
                for x, y in shape.vertices(front.trim)]
        drawn = shape.vertices(back.trim)
        for x, y in seen:
            assert min(math.hypot(x - bx, y - by) for bx, by in drawn) <= EXACT
