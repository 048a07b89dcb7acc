"""Tests of imposition: counts, positions, bleed clips, crop marks and duplex backs.

Every expected number is worked out by hand in millimetres (A4 = 210 × 297 mm,
Letter = 215.9 × 279.4 mm, MIN_MARGIN = 6 mm: the 3 mm edge reserve + 1 mm gap + 2 mm mark).
"""

from __future__ import annotations

import pytest

from printandplay.layout.imposition import (
    EDGE_RESERVE,
    MARK_GAP,
    MARK_LENGTH,
    MIN_MARGIN,
    MIN_MARK,
    Mark,
    SheetPlan,
    Slot,
    choose_mode,
    grid_count,
    mirror_axes,
    plan_sheet,
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


def plan_auto(paper: Size, item: Size, bleed_mm: float, **kwargs: object) -> SheetPlan:
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


def test_min_margin_is_at_least_5mm_and_leaves_room_for_a_crop_mark() -> None:
    assert MIN_MARGIN >= 5 * MM - EPS
    assert MIN_MARGIN >= EDGE_RESERVE + MARK_GAP + MIN_MARK - EPS
    assert_mm(MIN_MARGIN, 6.0)  # 3 mm reserve + 1 mm gap + 2 mm mark beats 5 mm


# --- counts ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("paper", "item", "gap_mm", "expected"),
    [
        # usable A4 = 198 × 285 mm; usable Letter = 203.9 × 267.4 mm
        ("A4", "poker", 0, (3, 3)),  # 198/63 = 3.1, 285/88 = 3.2
        ("A4", "poker", 6, (2, 3)),  # 204/69 = 2.96, 291/94 = 3.1
        ("Letter", "poker", 0, (3, 3)),
        ("Letter", "poker", 6, (3, 2)),  # 209.9/69 = 3.04, 273.4/94 = 2.9
        ("A4", "tile48", 0, (4, 5)),
        ("A4", "tile48", 6, (3, 5)),  # 204/54 = 3.8, 291/54 = 5.4
        ("A4", "token25", 0, (7, 11)),
        ("A4", "token25", 1, (7, 11)),  # 286/26 = 11 exactly: an exact fit counts
        ("Letter", "token25", 0, (8, 10)),
        ("A4", "bridge", 0, (3, 3)),
    ],
)
def test_grid_count_within_6mm_margins(
    paper: str, item: str, gap_mm: float, expected: tuple[int, int]
) -> None:
    assert grid_count(PAPERS[paper], ITEMS[item], gap_mm * MM) == expected


def test_grid_count_exact_fit_is_not_lost_to_rounding() -> None:
    # 5 × 57 mm = 285 mm = 297 − 2 × 6 mm exactly
    assert grid_count(mm_size(297, 210), BRIDGE, 0.0) == (5, 2)


def test_grid_count_margin_parameter() -> None:
    assert grid_count(A4, POKER, 0.0, margin=0.0) == (3, 3)
    assert grid_count(mm_size(126, 176), POKER, 0.0, margin=0.0) == (2, 2)
    assert grid_count(mm_size(126, 176), POKER, 0.0, margin=0.1 * MM) == (1, 1)


@pytest.mark.parametrize(
    ("paper", "item", "bleed_mm", "mode", "cols", "rows", "landscape"),
    [
        # gutters (6 mm gap) would fit 8 poker cards on A4, 6 on Letter; abutting fits 9
        ("A4", "poker", 3, "abut", 3, 3, False),
        ("Letter", "poker", 3, "abut", 3, 3, False),
        ("A4", "tile48", 3, "abut", 4, 5, False),  # gutters: 15
        ("Letter", "tile48", 3, "abut", 4, 5, False),
        ("A4", "token25", 3, "abut", 7, 11, False),  # gutters: 6 × 9 = 54
        ("Letter", "token25", 3, "abut", 8, 10, False),  # gutters: 6 × 8 = 48
        # 57 × 89 mm: portrait 3 × 3 = 9, landscape 5 × 2 = 10
        ("A4", "bridge", 3, "abut", 5, 2, True),
        # 0.5 mm bleed: a 1 mm gutter still fits 7 × 11, so gutters win the tie
        ("A4", "token25", 0.5, "gutter", 7, 11, False),
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


AUTO_CASES = [
    ("A4", "poker", 3),
    ("Letter", "poker", 3),
    ("A4", "tile48", 3),
    ("Letter", "tile48", 3),
    ("A4", "token25", 3),
    ("Letter", "token25", 3),
    ("A4", "bridge", 3),
    ("A4", "token25", 0.5),
    ("Letter", "poker", 0),
]


def test_choose_mode_without_bleed_is_none() -> None:
    assert choose_mode(A4, POKER, 0.0) == "none"


def test_gutter_mode_poker_on_a4_turns_landscape_4x2() -> None:
    plan = plan_sheet(A4, POKER, bleed=3 * MM, mode="gutter")
    assert (plan.landscape, plan.cols, plan.rows) == (True, 4, 2)
    assert_mm(plan.page.width, 297)
    assert_mm(plan.page.height, 210)


@pytest.mark.parametrize(
    "item",
    [
        mm_size(300, 300),  # larger than the paper
        mm_size(200, 290),  # smaller than A4 but not within 6 mm margins, either way up
        mm_size(290, 200),
        mm_size(286, 100),  # 1 mm too long for the 285 mm of landscape usable width
    ],
)
def test_item_that_does_not_fit_within_the_margins_raises(item: Size) -> None:
    with pytest.raises(ValueError, match="does not fit"):
        plan_sheet(A4, item, bleed=0.0, mode="none")


@pytest.mark.parametrize("width_mm", [199, 211, 285])
def test_item_too_wide_for_portrait_goes_landscape_one_per_sheet(width_mm: float) -> None:
    # wider than the 198 mm usable portrait width; fits the 285 × 198 mm landscape area once
    plan = plan_sheet(A4, mm_size(width_mm, 100), bleed=0.0, mode="none")
    assert (plan.landscape, plan.cols, plan.rows) == (True, 1, 1)
    assert_rect_mm(plan.fronts[0].trim, (297 - width_mm) / 2, 55, width_mm, 100)


def test_mode_none_clips_are_the_trim_even_with_bleed() -> None:
    plan = plan_sheet(A4, POKER, bleed=3 * MM, mode="none")
    for slot in plan.fronts:
        assert_same_rect(slot.clip, slot.trim)


# --- 9 poker cards on A4: exact positions ------------------------------------------------------


def test_a4_poker_grid_is_centred_at_10_5mm_and_16_5mm() -> None:
    plan = plan_auto(A4, POKER, 3)
    assert plan.page == A4 and not plan.landscape
    # columns: (210 − 3 × 63) / 2 = 10.5 mm; rows: (297 − 3 × 88) / 2 = 16.5 mm top and bottom
    for slot in plan.fronts:
        assert_mm(slot.trim.x, [10.5, 73.5, 136.5][slot.col])
        assert_mm(slot.trim.top, [280.5, 192.5, 104.5][slot.row])  # row 0 is the top row
        assert_mm(slot.trim.y, [192.5, 104.5, 16.5][slot.row])
        assert_mm(slot.trim.w, 63)
        assert_mm(slot.trim.h, 88)


def test_letter_poker_grid_is_centred() -> None:
    plan = plan_auto(LETTER, POKER, 3)
    # (215.9 − 189) / 2 = 13.45 mm; (279.4 − 264) / 2 = 7.7 mm
    assert_rect_mm(slot_at(plan, 0, 0).trim, 13.45, 279.4 - 7.7 - 88, 63, 88)
    assert_rect_mm(slot_at(plan, 2, 2).trim, 13.45 + 126, 7.7, 63, 88)


# --- clips: bleed ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("row", "col", "left", "bottom", "right", "top"),
    [
        (0, 0, 3, 0, 0, 3),  # top-left corner: bleed on its outer sides only
        (0, 1, 0, 0, 0, 3),
        (0, 2, 0, 0, 3, 3),
        (1, 0, 3, 0, 0, 0),
        (1, 1, 0, 0, 0, 0),  # the centre card bleeds nowhere
        (1, 2, 0, 0, 3, 0),
        (2, 0, 3, 3, 0, 0),
        (2, 1, 0, 3, 0, 0),
        (2, 2, 0, 3, 3, 0),
    ],
)
def test_abutting_poker_on_a4_bleeds_only_on_the_grid_outer_edges(
    row: int, col: int, left: float, bottom: float, right: float, top: float
) -> None:
    slot = slot_at(plan_auto(A4, POKER, 3), row, col)
    assert_mm(slot.trim.x - slot.clip.x, left)
    assert_mm(slot.trim.y - slot.clip.y, bottom)
    assert_mm(slot.clip.right - slot.trim.right, right)
    assert_mm(slot.clip.top - slot.trim.top, top)


def test_abutting_clips_tile_the_grid_without_overlap() -> None:
    plan = plan_auto(A4, POKER, 3)
    # neighbours share their cut line exactly
    assert slot_at(plan, 0, 0).clip.right == pytest.approx(slot_at(plan, 0, 1).clip.x, abs=EPS)
    assert slot_at(plan, 0, 0).clip.y == pytest.approx(slot_at(plan, 1, 0).clip.top, abs=EPS)
    total = sum(s.clip.w * s.clip.h for s in plan.fronts)
    assert to_mm(to_mm(total)) == pytest.approx((189 + 6) * (264 + 6), abs=1e-6)


def test_letter_poker_outer_bleed_is_capped_to_leave_a_2mm_crop_mark() -> None:
    plan = plan_auto(LETTER, POKER, 3)
    # 7.7 mm top margin − 3 mm reserve − 2 mm mark − 1 mm gap = 1.7 mm of bleed
    assert_mm(slot_at(plan, 0, 0).clip.top - slot_at(plan, 0, 0).trim.top, 1.7)
    assert_mm(slot_at(plan, 2, 0).trim.y - slot_at(plan, 2, 0).clip.y, 1.7)
    # 13.45 mm side margins leave room for the full 3 mm
    assert_mm(slot_at(plan, 0, 0).trim.x - slot_at(plan, 0, 0).clip.x, 3)
    assert_mm(slot_at(plan, 0, 2).clip.right - slot_at(plan, 0, 2).trim.right, 3)


def test_landscape_bridge_exact_fit_has_no_room_for_side_bleed() -> None:
    plan = plan_auto(A4, BRIDGE, 3)
    # 5 × 57 = 285 mm leaves exactly the 6 mm margin: no bleed left and right
    assert_mm(slot_at(plan, 0, 0).trim.x, 6)
    assert_mm(slot_at(plan, 0, 0).clip.x, 6)
    assert_mm(slot_at(plan, 0, 4).clip.right, 291)
    # (210 − 178) / 2 = 16 mm above and below: full 3 mm bleed
    assert_mm(slot_at(plan, 0, 0).clip.top, 194 + 3)
    assert_mm(slot_at(plan, 1, 0).clip.y, 16 - 3)


def test_gutter_mode_gap_is_twice_the_bleed_and_every_clip_is_trim_plus_bleed() -> None:
    plan = plan_sheet(A4, POKER, bleed=3 * MM, mode="gutter")  # landscape 4 × 2
    # grid 4 × 63 + 3 × 6 = 270 mm wide, 2 × 88 + 6 = 182 mm high, centred on 297 × 210
    assert_mm(slot_at(plan, 0, 0).trim.x, 13.5)
    assert_mm(slot_at(plan, 1, 0).trim.y, 14)
    for row in range(plan.rows):
        for col in range(plan.cols - 1):
            assert_mm(slot_at(plan, row, col + 1).trim.x - slot_at(plan, row, col).trim.right, 6)
    for col in range(plan.cols):
        assert_mm(slot_at(plan, 0, col).trim.y - slot_at(plan, 1, col).trim.top, 6)
    for slot in plan.fronts:
        assert_same_rect(slot.clip, slot.trim.expand(3 * MM, 3 * MM, 3 * MM, 3 * MM))


def test_gutter_outer_bleed_is_capped_but_inner_bleed_is_not() -> None:
    plan = plan_auto(A4, TOKEN25, 0.5)  # gutter, 7 × 11, grid exactly 285 mm high
    top_left, inner = slot_at(plan, 0, 0), slot_at(plan, 5, 3)
    assert_mm(top_left.trim.top, 297 - 6)
    assert_mm(top_left.clip.top - top_left.trim.top, 0)  # no room above
    assert_mm(top_left.trim.x - top_left.clip.x, 0.5)  # (210 − 181) / 2 = 14.5 mm: room
    assert_mm(top_left.trim.y - top_left.clip.y, 0.5)  # inner side: full bleed
    assert_same_rect(inner.clip, inner.trim.expand(*(4 * [0.5 * MM])))


@pytest.mark.parametrize(("paper", "item", "bleed_mm"), AUTO_CASES)
def test_items_and_clips_stay_6mm_from_the_paper_edge(
    paper: str, item: str, bleed_mm: float
) -> None:
    plan = plan_auto(PAPERS[paper], ITEMS[item], bleed_mm)
    page = Rect(0, 0, plan.page.width, plan.page.height)
    for slot in plan.fronts:
        assert page.inset(MIN_MARGIN).contains(slot.trim, tolerance=EPS)
        assert page.inset(EDGE_RESERVE + MARK_GAP + MIN_MARK).contains(slot.clip, tolerance=EPS)
        assert slot.clip.contains(slot.trim, tolerance=EPS)


@pytest.mark.parametrize(("paper", "item", "bleed_mm"), AUTO_CASES)
def test_grid_is_centred_on_the_page(paper: str, item: str, bleed_mm: float) -> None:
    plan = plan_auto(PAPERS[paper], ITEMS[item], bleed_mm)
    left = min(s.trim.x for s in plan.fronts)
    right = max(s.trim.right for s in plan.fronts)
    bottom = min(s.trim.y for s in plan.fronts)
    top = max(s.trim.top for s in plan.fronts)
    assert left == pytest.approx(plan.page.width - right, abs=EPS)
    assert bottom == pytest.approx(plan.page.height - top, abs=EPS)


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
    # y cut lines 16.5/104.5/192.5/280.5; right: from 199.5 + 4 = 203.5, stopped 3 mm from
    # the edge at 207; left: from 10.5 − 4 = 6.5 down to 3
    assert horizontal == sorted(
        [(y, 203.5, 207.0) for y in (16.5, 104.5, 192.5, 280.5)]
        + [(y, 6.5, 3.0) for y in (16.5, 104.5, 192.5, 280.5)]
    )


def test_letter_poker_vertical_marks_are_exactly_the_2mm_minimum() -> None:
    plan = plan_auto(LETTER, POKER, 3)
    vertical = [m for m in plan.marks if is_vertical(m)]
    assert len(vertical) == 8
    for mark in vertical:
        assert_mm(mark_length(mark), 2)
    tops = sorted({round(to_mm(max(m.y1, m.y2)), 6) for m in vertical})
    assert tops == [5.0, 279.4 - 3]


@pytest.mark.parametrize(("paper", "item", "bleed_mm"), AUTO_CASES)
def test_a_crop_mark_at_each_end_of_every_cut_line(paper: str, item: str, bleed_mm: float) -> None:
    plan = plan_auto(PAPERS[paper], ITEMS[item], bleed_mm)
    xs, ys = cut_xs(plan), cut_ys(plan)
    assert len(plan.marks) == 2 * len(xs) + 2 * len(ys)
    for x in xs:
        on_line = [m for m in plan.marks if is_vertical(m) and abs(m.x1 - x) < EPS]
        assert len(on_line) == 2
        assert {m.y2 > m.y1 for m in on_line} == {True, False}  # one up, one down
    for y in ys:
        on_line = [m for m in plan.marks if not is_vertical(m) and abs(m.y1 - y) < EPS]
        assert len(on_line) == 2
        assert {m.x2 > m.x1 for m in on_line} == {True, False}


def test_crop_mark_count_for_gutter_grid_counts_both_sides_of_each_gutter() -> None:
    plan = plan_sheet(A4, POKER, bleed=3 * MM, mode="gutter")  # 4 × 2 with gutters
    assert (len(cut_xs(plan)), len(cut_ys(plan))) == (8, 4)
    assert len(plan.marks) == 2 * 8 + 2 * 4


@pytest.mark.parametrize(("paper", "item", "bleed_mm"), AUTO_CASES)
def test_crop_marks_stay_off_the_art_and_off_the_paper_edge(
    paper: str, item: str, bleed_mm: float
) -> None:
    plan = plan_auto(PAPERS[paper], ITEMS[item], bleed_mm)
    xs, ys = cut_xs(plan), cut_ys(plan)
    clip_left = min(s.clip.x for s in plan.fronts)
    clip_right = max(s.clip.right for s in plan.fronts)
    clip_bottom = min(s.clip.y for s in plan.fronts)
    clip_top = max(s.clip.top for s in plan.fronts)
    for mark in plan.marks:
        assert MIN_MARK - EPS <= mark_length(mark) <= MARK_LENGTH + EPS
        for x in (mark.x1, mark.x2):
            assert EDGE_RESERVE - EPS <= x <= plan.page.width - EDGE_RESERVE + EPS
        for y in (mark.y1, mark.y2):
            assert EDGE_RESERVE - EPS <= y <= plan.page.height - EDGE_RESERVE + EPS
        assert not any(mark_crosses(mark, s.clip) for s in plan.fronts)
        if is_vertical(mark):
            assert any(abs(mark.x1 - x) < EPS for x in xs)  # on a cut line
            low, high = sorted((mark.y1, mark.y2))
            assert low >= clip_top + MARK_GAP - EPS or high <= clip_bottom - MARK_GAP + EPS
        else:
            assert abs(mark.y1 - mark.y2) < EPS
            assert any(abs(mark.y1 - y) < EPS for y in ys)
            low, high = sorted((mark.x1, mark.x2))
            assert low >= clip_right + MARK_GAP - EPS or high <= clip_left - MARK_GAP + EPS


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
    assert_mm(back.clip.right - back.trim.right, 3)
    assert_mm(back.trim.x - back.clip.x, 0)
    assert_mm(back.clip.top - back.trim.top, 3)
    assert_mm(back.trim.y - back.clip.y, 0)


@pytest.mark.parametrize("flip", ["long", "short"])
def test_back_offset_is_added_after_mirroring(flip: str) -> None:
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


@pytest.mark.parametrize(("paper", "item", "bleed_mm"), AUTO_CASES)
@pytest.mark.parametrize("flip", ["long", "short"])
def test_turning_the_back_over_again_gives_the_front(
    paper: str, item: str, bleed_mm: float, flip: str
) -> None:
    plan = plan_auto(PAPERS[paper], ITEMS[item], bleed_mm, flip=flip)
    axes = mirror_axes(plan.landscape, flip)  # type: ignore[arg-type]
    for front, back in zip(plan.fronts, plan.backs, strict=True):
        assert_same_rect(mirror(back.trim, plan.page, *axes), front.trim)
        assert_same_rect(mirror(back.clip, plan.page, *axes), front.clip)


def test_landscape_bridge_long_edge_back_mirrors_y() -> None:
    plan = plan_auto(A4, BRIDGE, 3, flip="long")
    assert plan.landscape
    assert_mm(plan.page.width, 297)
    assert_mm(plan.page.height, 210)
    # 5 × 57 on 297 mm from x = 6 mm; 2 × 89 on 210 mm from y = 16 mm
    assert_rect_mm(slot_at(plan, 0, 0).trim, 6, 105, 57, 89)
    assert_rect_mm(slot_at(plan, 1, 4).trim, 234, 16, 57, 89)
    # long edge of a landscape page is horizontal: y mirrors, x stays
    assert_rect_mm(plan.backs[0].trim, 6, 210 - 105 - 89, 57, 89)
    for front, back in zip(plan.fronts, plan.backs, strict=True):
        assert back.trim.x == pytest.approx(front.trim.x, abs=EPS)


def test_landscape_bridge_short_edge_back_mirrors_x() -> None:
    plan = plan_auto(A4, BRIDGE, 3, flip="short")
    assert plan.landscape
    assert_rect_mm(plan.backs[0].trim, 297 - 6 - 57, 105, 57, 89)
    for front, back in zip(plan.fronts, plan.backs, strict=True):
        assert back.trim.y == pytest.approx(front.trim.y, abs=EPS)
