"""Tests of tiling: an item larger than the paper split across sheets inside the printable area.

The Licum mat (830 × 370 mm) is the worked example: on A4 landscape the art area is the page less
a 5 mm margin and a 4 mm label band at the bottom: 287 × 196 mm.
"""

from __future__ import annotations

import pytest

from printandplay.imposition.tiling import LABEL_BAND, TILE_OVERLAP, plan_tiles
from printandplay.model.game import Size
from printandplay.model.geometry import Rect

MM = 72 / 25.4
EPS = 1e-6
A4 = Size(210 * MM, 297 * MM)
LETTER = Size(8.5 * 72, 11 * 72)
MAT = Size(830 * MM, 370 * MM)


def to_mm(points: float) -> float:
    return points / MM


def test_mat_on_a4_takes_six_sheets_with_the_bleed_that_costs_none_more() -> None:
    plan = plan_tiles(A4, MAT, bleed=3 * MM)
    assert (plan.rows, plan.cols) == (2, 3)
    assert to_mm(plan.page.width) == pytest.approx(297)
    # across: 3 sheets show 287 + 2 × 277 = 841 mm; 830 + 2 × (3 + 4) = 844 would need a 4th,
    # so the side bleed is (841 − 830) / 2 − 4 = 1.5 mm
    first = plan.tiles[0]
    trim_x = first.origin[0]
    assert to_mm(trim_x) == pytest.approx(5 + 4 + 1.5)
    assert to_mm(trim_x - first.clip.x) == pytest.approx(1.5)
    # down: 196 + 186 = 382 mm; 370 + 14 = 384 > 382, so (382 − 370) / 2 − 4 = 2 mm
    top = first.origin[1] + MAT.height
    assert to_mm(first.clip.top - top) == pytest.approx(2)


@pytest.mark.parametrize("paper", [A4, LETTER])
@pytest.mark.parametrize("margin_mm", [5, 0, 8])
def test_tiles_marks_and_guides_lie_in_the_printable_area(paper: Size,
                                                                margin_mm: float) -> None:
    plan = plan_tiles(paper, MAT, bleed=3 * MM, margin=margin_mm * MM)
    printable = Rect(0, 0, plan.page.width, plan.page.height).inset(margin_mm * MM)
    assert printable.contains(plan.area, tolerance=EPS)  # the label band lies under the area
    assert plan.area.y == pytest.approx(margin_mm * MM + LABEL_BAND)
    corners = 0
    for tile in plan.tiles:
        assert plan.area.contains(tile.clip, tolerance=EPS)
        for line in (*tile.marks, *tile.guides):
            for x, y in ((line.x1, line.y1), (line.x2, line.y2)):
                assert plan.area.x - EPS <= x <= plan.area.right + EPS
                assert plan.area.y - EPS <= y <= plan.area.top + EPS
        for mark in tile.marks:
            assert abs(mark.x2 - mark.x1) + abs(mark.y2 - mark.y1) >= 3 * MM - EPS
        corners += len(tile.marks)
    assert corners == 8  # two marks at each of the mat's four corners


def test_neighbouring_tiles_overlap_by_the_glue_strip() -> None:
    plan = plan_tiles(A4, MAT, bleed=3 * MM)
    left, right = plan.tiles[0], plan.tiles[1]
    # the same point of the mat: x on the first sheet minus x on the second is one step
    step = left.origin[0] - right.origin[0]
    assert to_mm(step) == pytest.approx(287 - to_mm(TILE_OVERLAP))
