"""Tests of imposition: counts, positions, bleed clips, crop marks and duplex backs.

Every expected number is worked out by hand in millimetres (A4 = 210 × 297 mm,
Letter = 215.9 × 279.4 mm; a 5 mm printer margin; a crop mark needs a 1 mm gap and 3 to 5 mm
of length inside the printable area, so 4 mm of room beyond the bleed).
"""

from __future__ import annotations

from typing import TypedDict, Unpack

import pytest

from printandplay.imposition.grid import (
    DEFAULT_MARGIN,
    Flip,
    SheetPlan,
    Slot,
    choose_mode,
    grid_count,
    mirror_axes,
    plan_sheet,
)
from printandplay.imposition.marks import (
    KEPT_MARK,
    MARK_BAND,
    MARK_GAP,
    MARK_LENGTH,
    MIN_MARK,
    MIN_OUTER_BLEED,
    Mark,
)
from printandplay.model.game import Size
from printandplay.model.geometry import Rect

MM = 72 / 25.4
EPS = 1e-6  # points


def mm_size(width_mm: float, height_mm: float) -> Size:
    return Size(width_mm * MM, height_mm * MM)


A4 = mm_size(210, 297)
LETTER = Size(8.5 * 72, 11 * 72)
PAPERS = {"A4": A4, "Letter": LETTER}
POKER = mm_size(63, 88)
BRIDGE = mm_size(57, 89)
TILE48 = mm_size(48, 48)
TOKEN25 = mm_size(25, 25)
ITEMS = {"poker": POKER, "bridge": BRIDGE, "tile48": TILE48, "token25": TOKEN25}


# --- helpers -----------------------------------------------------------------------------------


def to_mm(points: float) -> float:
    return points / MM


def assert_mm(points: float, expected_mm: float) -> None:
    """``points`` is ``expected_mm`` millimetres (to a millionth of a millimetre)."""
    assert to_mm(points) == pytest.approx(expected_mm, abs=1e-6)


def assert_rect_mm(rect: Rect, x: float, y: float, w: float, h: float) -> None:
    assert (to_mm(rect.x), to_mm(rect.y), to_mm(rect.w), to_mm(rect.h)) == pytest.approx(
        (x, y, w, h), abs=1e-6
    )


def assert_same_rect(a: Rect, b: Rect) -> None:
    assert a.as_tuple() == pytest.approx(b.as_tuple(), abs=EPS)


class SheetOptions(TypedDict, total=False):
    """The options of ``plan_sheet`` ``plan_auto`` passes on."""

    flip: Flip
    back_offset: tuple[float, float]
    margin: float


def plan_auto(paper: Size, item: Size, bleed_mm: float, **kwargs: Unpack[SheetOptions]
              ) -> SheetPlan:
    """The plan ``build`` makes in ``auto`` bleed mode."""
    bleed = bleed_mm * MM
    return plan_sheet(paper, item, bleed=bleed, mode=choose_mode(paper, item, bleed), **kwargs)


def slot_at(plan: SheetPlan, row: int, col: int) -> Slot:
    (slot,) = [s for s in plan.fronts if (s.row, s.col) == (row, col)]
    return slot


def distinct(values: list[float]) -> list[float]:
    out: list[float] = []
    for value in sorted(values):
        if not out or value - out[-1] > 0.01:
            out.append(value)
    return out


def cut_xs(plan: SheetPlan) -> list[float]:
    return distinct([v for s in plan.fronts for v in (s.trim.x, s.trim.right)])


def cut_ys(plan: SheetPlan) -> list[float]:
    return distinct([v for s in plan.fronts for v in (s.trim.y, s.trim.top)])


def is_vertical(mark: Mark) -> bool:
    return abs(mark.x1 - mark.x2) < EPS


def mark_length(mark: Mark) -> float:
    return abs(mark.x2 - mark.x1) + abs(mark.y2 - mark.y1)


def mirror(rect: Rect, page: Size, mirror_x: bool, mirror_y: bool) -> Rect:
    """Turn the sheet over: the rule stated for duplex backs, written independently."""
    x = page.width - rect.x - rect.w if mirror_x else rect.x
    y = page.height - rect.y - rect.h if mirror_y else rect.y
    return Rect(x, y, rect.w, rect.h)


def overlaps_open(a0: float, a1: float, b0: float, b1: float) -> bool:
    """Whether the intervals share more than an end point."""
    return min(a1, b1) - max(a0, b0) > EPS


def mark_crosses(mark: Mark, rect: Rect) -> bool:
    """Whether a mark runs over ``rect`` (touching its edge from outside does not count)."""
    if is_vertical(mark):
        inside_across = rect.x - EPS <= mark.x1 <= rect.right + EPS
        y0, y1 = sorted((mark.y1, mark.y2))
        return inside_across and overlaps_open(y0, y1, rect.y, rect.top)
    inside_across = rect.y - EPS <= mark.y1 <= rect.top + EPS
    x0, x1 = sorted((mark.x1, mark.x2))
    return inside_across and overlaps_open(x0, x1, rect.x, rect.right)


# --- constants ---------------------------------------------------------------------------------


def test_default_printer_margin_and_mark_room() -> None:
    assert_mm(DEFAULT_MARGIN, 5.0)
    assert_mm(MIN_MARK, 2.0)
    assert_mm(KEPT_MARK, 3.0)
    assert_mm(MIN_OUTER_BLEED, 2.0)
    assert_mm(MARK_BAND, 4.0)  # the room an outer edge needs: 2 mm of bleed, a 2 mm mark


def printable(plan: SheetPlan) -> Rect:
    return Rect(0, 0, plan.page.width, plan.page.height).inset(plan.margin)


# --- counts ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("paper", "item", "gap_mm", "expected"),
    [
        # 6 mm margins: A4 leaves 198 × 285 mm; Letter 203.9 × 267.4 mm
        ("A4", "poker", 0, (3, 3)),  # 198/63 = 3.1, 285/88 = 3.2
        ("A4", "poker", 6, (2, 3)),  # 204/69 = 2.96, 291/94 = 3.1
        ("Letter", "poker", 6, (3, 2)),  # 209.9/69 = 3.04, 273.4/94 = 2.9
        ("A4", "token25", 1, (7, 11)),  # 286/26 = 11 exactly: an exact fit counts
    ],
)
def test_grid_count(paper: str, item: str, gap_mm: float, expected: tuple[int, int]) -> None:
    assert grid_count(PAPERS[paper], ITEMS[item], gap_mm * MM, 6 * MM) == expected


def test_grid_count_margin_parameter() -> None:
    assert grid_count(A4, POKER, 0.0, margin=0.0) == (3, 3)
    assert grid_count(mm_size(126, 176), POKER, 0.0, margin=0.0) == (2, 2)
    assert grid_count(mm_size(126, 176), POKER, 0.0, margin=0.1 * MM) == (1, 1)


@pytest.mark.parametrize(
    ("paper", "item", "bleed_mm", "mode", "cols", "rows", "landscape"),
    [
        # room for items: the page less 2 × 5 mm margin less 4 mm for marks at one end at least
        # A4 196 × 283 mm, Letter 201.9 × 265.4 mm
        ("A4", "poker", 3, "abut", 3, 3, False),  # gutters: landscape 4 × 2 = 8
        ("Letter", "poker", 3, "abut", 3, 3, False),  # 3 × 88 = 264 ≤ 265.4
        ("A4", "tile48", 3, "abut", 4, 5, False),  # 4 × 48 = 192 ≤ 196; gutters: 3 × 5
        ("Letter", "tile48", 3, "abut", 4, 5, False),
        ("A4", "token25", 3, "abut", 7, 11, False),  # 275 ≤ 283; gutters: 6 × 9 = 54
        ("Letter", "token25", 3, "abut", 8, 10, False),
        # 57 × 89 mm: landscape 5 × 57 = 285 > 283, so portrait 3 × 3
        # (gutters fit 3 × 3 too: 3 × 57 + 12 = 183, 3 × 89 + 12 = 279 mm)
        ("A4", "bridge", 3, "gutter", 3, 3, False),
        # 0.5 mm bleed: 1 mm gutters fit 7 × 10 = 70 < 77 abutting
        ("A4", "token25", 0.5, "abut", 7, 11, False),
        ("A4", "token25", 0, "none", 7, 11, False),
    ],
)
def test_auto_mode_and_grid(
    paper: str, item: str, bleed_mm: float, mode: str, cols: int, rows: int, landscape: bool
) -> None:
    plan = plan_auto(PAPERS[paper], ITEMS[item], bleed_mm)
    assert plan.mode == mode
    assert (plan.cols, plan.rows, plan.landscape) == (cols, rows, landscape)
    assert plan.per_page == cols * rows
    assert len(plan.fronts) == len(plan.backs) == cols * rows
    assert [s.index for s in plan.fronts] == list(range(cols * rows))
    assert [(s.row, s.col) for s in plan.fronts] == [
        (r, c) for r in range(rows) for c in range(cols)
    ]


@pytest.mark.parametrize(
    ("count", "mode"),
    [
        (1, "gutter"), (5, "gutter"), (8, "gutter"),  # one sheet either way
        (9, "abut"),  # 9 abut fill one sheet; gutters would need two
        (16, "gutter"),  # two sheets either way
        (17, "abut"),  # 2 sheets abutting, 3 with gutters
        (None, "abut"),  # without a count: a full sheet, 9 > 8
    ],
)
def test_auto_mode_decides_on_the_number_of_items(count: int | None, mode: str) -> None:
    assert choose_mode(A4, POKER, 3 * MM, count) == mode


def test_choose_mode_without_bleed_is_none() -> None:
    assert choose_mode(A4, POKER, 0.0) == "none"
    assert choose_mode(A4, POKER, 0.0, 5) == "none"


def test_gutter_mode_poker_on_a4_turns_landscape_4x2() -> None:
    plan = plan_sheet(A4, POKER, bleed=3 * MM, mode="gutter")
    assert (plan.landscape, plan.cols, plan.rows) == (True, 4, 2)
    assert_mm(plan.page.width, 297)
    assert_mm(plan.page.height, 210)


@pytest.mark.parametrize(
    "item",
    [
        mm_size(300, 300),  # larger than the paper
        mm_size(200, 290),  # smaller than A4 but not within the margins, either way up
        mm_size(290, 200),
        mm_size(284, 100),  # 1 mm too long for the 283 mm of landscape room
    ],
)
def test_item_that_does_not_fit_within_the_margins_raises(item: Size) -> None:
    with pytest.raises(ValueError, match="does not fit"):
        plan_sheet(A4, item, bleed=0.0, mode="none")


def test_smaller_margin_fits_more() -> None:
    poker_us = mm_size(63.5, 88.9)
    # 3 × 88.9 = 266.7 mm > 279.4 − 10 − 4 = 265.4: 8 landscape on Letter at 5 mm
    assert plan_auto(LETTER, poker_us, 3).per_page == 8
    assert plan_sheet(LETTER, poker_us, bleed=3 * MM, mode="abut", margin=4 * MM).per_page == 9


def test_mode_none_clips_are_the_trim_even_with_bleed() -> None:
    plan = plan_sheet(A4, POKER, bleed=3 * MM, mode="none")
    for slot in plan.fronts:
        assert_same_rect(slot.clip, slot.trim)


# --- 9 poker cards on A4 and Letter: exact positions ------------------------------------------


def test_a4_poker_grid_is_centred_at_10_5mm_and_16_5mm() -> None:
    plan = plan_auto(A4, POKER, 3)
    assert plan.page == A4 and not plan.landscape
    # columns: (210 − 3 × 63) / 2 = 10.5 mm ≥ 5 + 4: marks fit at both ends; rows 16.5 mm
    for slot in plan.fronts:
        assert_mm(slot.trim.x, [10.5, 73.5, 136.5][slot.col])
        assert_mm(slot.trim.top, [280.5, 192.5, 104.5][slot.row])  # row 0 is the top row
        assert_mm(slot.trim.y, [192.5, 104.5, 16.5][slot.row])
        assert_mm(slot.trim.w, 63)
        assert_mm(slot.trim.h, 88)


def test_letter_poker_grid_keeps_its_marks_above_the_cards() -> None:
    plan = plan_auto(LETTER, POKER, 3)
    # (215.9 − 189) / 2 = 13.45 mm: centred across. Down: 279.4 − 264 = 15.4 mm of paper,
    # too little for 5 + 4 mm at both ends: 5 mm margin + 5.4 mm above (a 3 mm mark without
    # its gap, 2.4 mm of bleed), 5 mm below (where the bleed may run into the margin)
    assert_rect_mm(slot_at(plan, 0, 0).trim, 13.45, 279.4 - 10.4 - 88, 63, 88)
    assert_rect_mm(slot_at(plan, 2, 2).trim, 13.45 + 126, 5, 63, 88)
    top, bottom = slot_at(plan, 0, 0), slot_at(plan, 2, 0)
    assert_mm(top.clip.top - top.trim.top, 2.4)
    assert_mm(bottom.trim.y - bottom.clip.y, 3)
    vertical = [m for m in plan.marks if is_vertical(m)]
    assert len(vertical) == 4  # one per vertical cut line, above the grid
    for mark in vertical:
        assert_mm(min(mark.y1, mark.y2), 279.4 - 10.4 + 2.4)
        assert_mm(mark_length(mark), 3)
    assert len(plan.marks) == 4 + 2 * 4  # horizontal cut lines: marks on both sides


# --- clips: bleed ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("row", "col", "left", "bottom", "right", "top"),
    [
        # sides: 10.5 − 5 margin − a 3 mm mark (no gap) = 2.5 mm; top and bottom: full 3 mm
        (0, 0, 2.5, 0, 0, 3),
        (0, 1, 0, 0, 0, 3),
        (0, 2, 0, 0, 2.5, 3),
        (1, 0, 2.5, 0, 0, 0),
        (1, 1, 0, 0, 0, 0),  # the centre card bleeds nowhere
        (1, 2, 0, 0, 2.5, 0),
        (2, 0, 2.5, 3, 0, 0),
        (2, 1, 0, 3, 0, 0),
        (2, 2, 0, 3, 2.5, 0),
    ],
)
def test_abutting_poker_on_a4_bleeds_on_the_grid_outer_edges_as_far_as_marks_allow(
    row: int, col: int, left: float, bottom: float, right: float, top: float
) -> None:
    slot = slot_at(plan_auto(A4, POKER, 3), row, col)
    assert_mm(slot.trim.x - slot.clip.x, left)
    assert_mm(slot.trim.y - slot.clip.y, bottom)
    assert_mm(slot.clip.right - slot.trim.right, right)
    assert_mm(slot.clip.top - slot.trim.top, top)


def test_abutting_clips_tile_the_grid_without_overlap() -> None:
    plan = plan_auto(A4, POKER, 3)
    assert slot_at(plan, 0, 0).clip.right == pytest.approx(slot_at(plan, 0, 1).clip.x, abs=EPS)
    assert slot_at(plan, 0, 0).clip.y == pytest.approx(slot_at(plan, 1, 0).clip.top, abs=EPS)
    total = sum(s.clip.w * s.clip.h for s in plan.fronts)
    assert to_mm(to_mm(total)) == pytest.approx((189 + 5) * (264 + 6), abs=1e-6)


def test_gutter_mode_gap_is_twice_the_bleed_and_every_clip_is_trim_plus_bleed() -> None:
    plan = plan_sheet(A4, POKER, bleed=3 * MM, mode="gutter")  # landscape 4 × 2
    # grid 4 × 63 + 3 × 6 = 270 mm wide: 13.5 mm each side = 5 + 4 + 3 + 1.5 spare
    assert_mm(slot_at(plan, 0, 0).trim.x, 13.5)
    assert_mm(slot_at(plan, 1, 0).trim.y, 14)
    for row in range(plan.rows):
        for col in range(plan.cols - 1):
            assert_mm(slot_at(plan, row, col + 1).trim.x - slot_at(plan, row, col).trim.right, 6)
    for slot in plan.fronts:
        assert_same_rect(slot.clip, slot.trim.expand(3 * MM, 3 * MM, 3 * MM, 3 * MM))


def test_outer_bleed_uses_the_margin_when_it_is_smaller() -> None:
    plan = plan_sheet(A4, POKER, bleed=3 * MM, mode="abut", margin=0.0)
    # 10.5 mm − 0 − 4 = 6.5 mm of room: the full 3 mm
    assert_mm(slot_at(plan, 0, 0).trim.x - slot_at(plan, 0, 0).clip.x, 3)


AUTO_CASES = [
    ("A4", "poker", 3, 5),
    ("Letter", "poker", 3, 5),
    ("A4", "tile48", 3, 5),
    ("Letter", "tile48", 3, 5),
    ("A4", "token25", 3, 5),
    ("Letter", "token25", 3, 5),
    ("A4", "bridge", 3, 5),
    ("A4", "token25", 0.5, 5),
    ("Letter", "poker", 0, 5),
    ("A4", "poker", 3, 0),
    ("Letter", "poker", 3, 3),
    ("Letter", "tile48", 3, 8),
]


def plan_case(paper: str, item: str, bleed_mm: float, margin_mm: float,
              **kwargs: object) -> SheetPlan:
    bleed = bleed_mm * MM
    page, size = PAPERS[paper], ITEMS[item]
    return plan_sheet(page, size, bleed=bleed, margin=margin_mm * MM,
                      mode=choose_mode(page, size, bleed, margin=margin_mm * MM),
                      **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(("paper", "item", "bleed_mm", "margin_mm"), AUTO_CASES)
def test_items_lie_in_the_printable_area_and_clips_hold_their_trims(
    paper: str, item: str, bleed_mm: float, margin_mm: float
) -> None:
    plan = plan_case(paper, item, bleed_mm, margin_mm)
    page = Rect(0, 0, plan.page.width, plan.page.height)
    for slot in plan.fronts:
        assert printable(plan).contains(slot.trim, tolerance=EPS)
        assert page.contains(slot.clip, tolerance=EPS)
        assert slot.clip.contains(slot.trim, tolerance=EPS)
        for other in plan.fronts:
            if other is not slot:  # bleeds never overlap a neighbour's
                inter_w = min(slot.clip.right, other.clip.right) - max(slot.clip.x, other.clip.x)
                inter_h = min(slot.clip.top, other.clip.top) - max(slot.clip.y, other.clip.y)
                assert inter_w <= EPS or inter_h <= EPS


# --- crop marks --------------------------------------------------------------------------------


def test_a4_poker_has_16_crop_marks_at_hand_computed_places() -> None:
    plan = plan_auto(A4, POKER, 3)
    vertical = sorted(
        (round(to_mm(m.x1), 6), round(to_mm(m.y1), 6), round(to_mm(m.y2), 6))
        for m in plan.marks if is_vertical(m)
    )
    horizontal = sorted(
        (round(to_mm(m.y1), 6), round(to_mm(m.x1), 6), round(to_mm(m.x2), 6))
        for m in plan.marks if not is_vertical(m)
    )
    assert len(plan.marks) == 16
    # x cut lines 10.5/73.5/136.5/199.5; above: from 280.5 + 3 bleed + 1 gap, 5 mm long;
    # below: from 16.5 − 3 − 1 = 12.5 down to 7.5
    assert vertical == sorted(
        [(x, 284.5, 289.5) for x in (10.5, 73.5, 136.5, 199.5)]
        + [(x, 12.5, 7.5) for x in (10.5, 73.5, 136.5, 199.5)]
    )
    # y cut lines; right: from 199.5 + 2.5 bleed (no gap: 3 mm left) = 202 to the printable
    # edge at 205; left: from 10.5 − 2.5 = 8 to 5
    assert horizontal == sorted(
        [(y, 202.0, 205.0) for y in (16.5, 104.5, 192.5, 280.5)]
        + [(y, 8.0, 5.0) for y in (16.5, 104.5, 192.5, 280.5)]
    )


@pytest.mark.parametrize(("paper", "item", "bleed_mm", "margin_mm"), AUTO_CASES)
def test_every_cut_line_has_a_mark_and_marks_come_in_pairs_when_there_is_room(
    paper: str, item: str, bleed_mm: float, margin_mm: float
) -> None:
    plan = plan_case(paper, item, bleed_mm, margin_mm)
    xs, ys = cut_xs(plan), cut_ys(plan)
    for lines, vertical in ((xs, True), (ys, False)):
        counts = set()
        for value in lines:
            on_line = [m for m in plan.marks if is_vertical(m) == vertical
                       and abs((m.x1 if vertical else m.y1) - value) < EPS]
            assert 1 <= len(on_line) <= 2
            counts.add(len(on_line))
            if len(on_line) == 2:  # one each way
                assert {(m.y2 > m.y1) if vertical else (m.x2 > m.x1) for m in on_line} == {
                    True, False}
        assert len(counts) == 1  # the same on every cut line of an axis


def test_crop_mark_count_for_gutter_grid_counts_both_sides_of_each_gutter() -> None:
    plan = plan_sheet(A4, POKER, bleed=3 * MM, mode="gutter")  # 4 × 2 with gutters
    assert (len(cut_xs(plan)), len(cut_ys(plan))) == (8, 4)
    assert len(plan.marks) == 2 * 8 + 2 * 4


def check_marks(plan: SheetPlan) -> None:
    """Every mark: 2 to 5 mm, wholly inside the printable area, on a cut line, off the art,
    the gap away from every bleed unless that would leave it under 3 mm."""
    xs, ys = cut_xs(plan), cut_ys(plan)
    area = printable(plan)
    for mark in plan.marks:
        assert MIN_MARK - EPS <= mark_length(mark) <= MARK_LENGTH + EPS
        for x, y in ((mark.x1, mark.y1), (mark.x2, mark.y2)):
            assert area.x - EPS <= x <= area.right + EPS
            assert area.y - EPS <= y <= area.top + EPS
        assert not any(mark_crosses(mark, s.clip) for s in plan.fronts)
        near = any(mark_crosses(mark, slot.clip.expand(*(4 * [MARK_GAP - EPS])))
                   for slot in plan.fronts)
        assert not near or mark_length(mark) <= KEPT_MARK + EPS
        if is_vertical(mark):
            assert any(abs(mark.x1 - x) < EPS for x in xs)
        else:
            assert abs(mark.y1 - mark.y2) < EPS
            assert any(abs(mark.y1 - y) < EPS for y in ys)


@pytest.mark.parametrize(("paper", "item", "bleed_mm", "margin_mm"), AUTO_CASES)
def test_crop_marks_stay_off_the_art_and_inside_the_printable_area(
    paper: str, item: str, bleed_mm: float, margin_mm: float
) -> None:
    plan = plan_case(paper, item, bleed_mm, margin_mm)
    check_marks(plan)
    for count in (1, plan.per_page // 2 + 1, plan.per_page - 1):
        check_marks(plan.filled(count))


# --- a sheet that is not full ------------------------------------------------------------------


def test_partial_sheet_has_no_marks_for_empty_slots_and_bleeds_towards_them() -> None:
    plan = plan_auto(A4, POKER, 3).filled(4)  # row 0 full, then (1, 0)
    assert [(s.row, s.col) for s in plan.fronts] == [(0, 0), (0, 1), (0, 2), (1, 0)]
    assert len(plan.backs) == 4
    # (0, 1) and (0, 2) face empty slots below; (1, 0) faces them right and below
    for row, col, bottom, right in ((0, 0, 0, 0), (0, 1, 3, 0), (0, 2, 3, 2.5),
                                    (1, 0, 3, 3)):
        slot = slot_at(plan, row, col)
        assert_mm(slot.trim.y - slot.clip.y, bottom)
        assert_mm(slot.clip.right - slot.trim.right, right)
    # cut lines: x 10.5 … 199.5 (4), y 104.5, 192.5, 280.5 (3); marks both ends of each
    assert len(plan.marks) == 2 * 4 + 2 * 3
    lowest = min(min(m.y1, m.y2) for m in plan.marks if is_vertical(m))
    assert_mm(lowest, 104.5 - 3 - 1 - 5)  # under the last filled row's bleed, not the page's
    check_marks(plan)


def test_full_sheet_plan_is_its_own_filled_plan() -> None:
    plan = plan_auto(A4, POKER, 3)
    assert plan.filled(9) is plan
    assert plan.filled(12) is plan


def test_back_of_a_partial_sheet_mirrors_its_fronts() -> None:
    plan = plan_auto(A4, POKER, 3, flip="long").filled(2)
    for front, back in zip(plan.fronts, plan.backs, strict=True):
        assert_same_rect(back.clip, mirror(front.clip, plan.page, True, False))



# --- duplex backs ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("landscape", "flip", "axes"),
    [
        (False, "long", (True, False)),  # portrait, long edge: mirror x
        (False, "short", (False, True)),  # portrait, short edge: mirror y
        (True, "long", (False, True)),  # landscape swaps the two
        (True, "short", (True, False)),
    ],
)
def test_mirror_axes(landscape: bool, flip: str, axes: tuple[bool, bool]) -> None:
    assert mirror_axes(landscape, flip) == axes  # type: ignore[arg-type]


def test_long_edge_back_of_a4_poker_mirrors_x_and_keeps_y() -> None:
    plan = plan_auto(A4, POKER, 3, flip="long")
    first = plan.backs[0]
    # 210 − 10.5 − 63 = 136.5 mm: the back of the top-left card is the top-right slot
    assert_rect_mm(first.trim, 136.5, 192.5, 63, 88)
    for front, back in zip(plan.fronts, plan.backs, strict=True):
        assert (back.index, back.row, back.col) == (front.index, front.row, front.col)
        assert back.trim.x == pytest.approx(A4.width - front.trim.x - front.trim.w, abs=EPS)
        assert back.trim.y == pytest.approx(front.trim.y, abs=EPS)
        assert_same_rect(back.trim, slot_at(plan, front.row, plan.cols - 1 - front.col).trim)
        assert_same_rect(back.clip, mirror(front.clip, plan.page, True, False))


def test_short_edge_back_of_a4_poker_mirrors_y_and_keeps_x() -> None:
    plan = plan_auto(A4, POKER, 3, flip="short")
    # 297 − 192.5 − 88 = 16.5 mm: the back of the top-left card is the bottom-left slot
    assert_rect_mm(plan.backs[0].trim, 10.5, 16.5, 63, 88)
    for front, back in zip(plan.fronts, plan.backs, strict=True):
        assert back.trim.x == pytest.approx(front.trim.x, abs=EPS)
        assert back.trim.y == pytest.approx(A4.height - front.trim.y - front.trim.h, abs=EPS)
        assert_same_rect(back.clip, mirror(front.clip, plan.page, False, True))


def test_back_clip_of_a_corner_card_bleeds_on_the_mirrored_sides() -> None:
    plan = plan_auto(A4, POKER, 3, flip="long")
    back = plan.backs[0]  # front is top-left: bleeds left and top; its back bleeds right and top
    assert_mm(back.clip.right - back.trim.right, 2.5)
    assert_mm(back.trim.x - back.clip.x, 0)
    assert_mm(back.clip.top - back.trim.top, 3)
    assert_mm(back.trim.y - back.clip.y, 0)


@pytest.mark.parametrize("flip", ["long", "short"])
def test_back_offset_is_added_after_mirroring(flip: Flip) -> None:
    dx, dy = 1.5 * MM, -0.5 * MM
    plain = plan_auto(A4, POKER, 3, flip=flip)
    shifted = plan_auto(A4, POKER, 3, flip=flip, back_offset=(dx, dy))
    assert shifted.fronts == plain.fronts
    assert shifted.marks == plain.marks
    for before, after in zip(plain.backs, shifted.backs, strict=True):
        assert_same_rect(after.trim, Rect(before.trim.x + dx, before.trim.y + dy,
                                          before.trim.w, before.trim.h))
        assert_same_rect(after.clip, Rect(before.clip.x + dx, before.clip.y + dy,
                                          before.clip.w, before.clip.h))


def test_back_offset_on_first_a4_slot_in_millimetres() -> None:
    plan = plan_auto(A4, POKER, 3, flip="long", back_offset=(1.5 * MM, -0.5 * MM))
    assert_rect_mm(plan.backs[0].trim, 136.5 + 1.5, 192.5 - 0.5, 63, 88)


@pytest.mark.parametrize(("paper", "item", "bleed_mm", "margin_mm"), AUTO_CASES)
@pytest.mark.parametrize("flip", ["long", "short"])
def test_turning_the_back_over_again_gives_the_front(
    paper: str, item: str, bleed_mm: float, margin_mm: float, flip: str
) -> None:
    plan = plan_case(paper, item, bleed_mm, margin_mm, flip=flip)
    axes = mirror_axes(plan.landscape, flip)  # type: ignore[arg-type]
    for front, back in zip(plan.fronts, plan.backs, strict=True):
        assert_same_rect(mirror(back.trim, plan.page, *axes), front.trim)
        assert_same_rect(mirror(back.clip, plan.page, *axes), front.clip)


def landscape_bridge(flip: str) -> SheetPlan:
    """Bridge cards at a 3 mm margin: 5 × 2 landscape (5 × 57 = 285 ≤ 297 − 6 − 4)."""
    return plan_sheet(A4, BRIDGE, bleed=3 * MM, mode="abut", margin=3 * MM,
                      flip=flip)  # type: ignore[arg-type]


def test_landscape_bridge_keeps_its_marks_on_the_left() -> None:
    plan = landscape_bridge("long")
    # 12 mm of paper across: 3 margin + a 3 mm mark + 3 bleed on the left, 3 mm on the right
    assert_mm(slot_at(plan, 0, 0).trim.x - slot_at(plan, 0, 0).clip.x, 3)
    assert_mm(slot_at(plan, 0, 4).clip.right - slot_at(plan, 0, 4).trim.right, 3)
    horizontal = [m for m in plan.marks if not is_vertical(m)]
    assert len(horizontal) == 3 and all(max(m.x1, m.x2) < 9 * MM for m in horizontal)


def test_landscape_bridge_long_edge_back_mirrors_y() -> None:
    plan = landscape_bridge("long")
    assert plan.landscape
    assert_mm(plan.page.width, 297)
    assert_mm(plan.page.height, 210)
    # 5 × 57 on 297 mm from x = 9 mm; 2 × 89 on 210 mm from y = 16 mm
    assert_rect_mm(slot_at(plan, 0, 0).trim, 9, 105, 57, 89)
    assert_rect_mm(slot_at(plan, 1, 4).trim, 237, 16, 57, 89)
    # long edge of a landscape page is horizontal: y mirrors, x stays
    assert_rect_mm(plan.backs[0].trim, 9, 210 - 105 - 89, 57, 89)
    for front, back in zip(plan.fronts, plan.backs, strict=True):
        assert back.trim.x == pytest.approx(front.trim.x, abs=EPS)


def test_landscape_bridge_short_edge_back_mirrors_x() -> None:
    plan = landscape_bridge("short")
    assert plan.landscape
    assert_rect_mm(plan.backs[0].trim, 297 - 9 - 57, 105, 57, 89)
    for front, back in zip(plan.fronts, plan.backs, strict=True):
        assert back.trim.y == pytest.approx(front.trim.y, abs=EPS)


def test_partial_sheet_without_bleed_mode_stays_unbled() -> None:
    plan = plan_sheet(A4, POKER, bleed=3 * MM, mode="none").filled(4)
    for slot in plan.fronts:
        assert_same_rect(slot.clip, slot.trim)


def test_partial_gutter_sheet_keeps_its_full_bleed() -> None:
    plan = plan_sheet(A4, POKER, bleed=3 * MM, mode="gutter").filled(3)
    for slot in plan.fronts:
        assert_same_rect(slot.clip, slot.trim.expand(*(4 * [3 * MM])))
