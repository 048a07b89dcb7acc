"""Tests of text fitting with fake, hand-countable metrics.

Fake fonts: every character is 0.5 em wide (0.6 em in the bold fonts ``B`` and ``BI``), a space
0.25 em; ascent 0.8 em, descent 0.2 em. So ``"aa bb"`` is 1 + 0.25 + 1 = 2.25 em, 22.5 pt at 10 pt.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import pytest
from helpers import DESCENT, FakeMetrics

from printandplay.model.ops import IconOp, TextOp
from printandplay.text.fitting import (
    ICON_DROP,
    PAR_GAP,
    FittedText,
    TextStyle,
    break_lines,
    fit_text,
)
from printandplay.text.markup import parse_markup
from printandplay.text.tokens import ICON_EM, TAG_COLOR, TAG_SCALE, tokenize

RED = (1.0, 0.0, 0.0)
METRICS = FakeMetrics()
DEFAULT = TextStyle()


def no_icons(name: str) -> float:
    raise AssertionError(f"unexpected icon {name}")


def items_of(markup: str, style: TextStyle = DEFAULT,
             icon_aspect: Callable[[str], float] = no_icons) -> list:
    return tokenize(parse_markup(markup), style, METRICS, icon_aspect)


def fit(markup: str, width: float, height: float, style: TextStyle = DEFAULT,
        icon_aspect: Callable[[str], float] = no_icons) -> FittedText | None:
    return fit_text(items_of(markup, style, icon_aspect), width, height, style, METRICS)


def fitted(markup: str, width: float, height: float, style: TextStyle = DEFAULT,
           icon_aspect: Callable[[str], float] = no_icons) -> FittedText:
    result = fit(markup, width, height, style, icon_aspect)
    assert result is not None
    return result


def line_texts(markup: str, max_width: float) -> list[str]:
    """The words of each line, as text."""
    lines = break_lines(items_of(markup), max_width)
    assert lines is not None
    return [render_line(line) for line, _ in lines]


def render_line(line: list) -> str:
    """Words as their text, glue as one space."""
    return "".join(
        "".join(f.value for f in item.frags) if hasattr(item, "frags") else " " for item in line
    )


def text_ops(result: FittedText) -> list[TextOp]:
    return [op for op in result.ops if isinstance(op, TextOp)]


def icon_ops(result: FittedText) -> list[IconOp]:
    return [op for op in result.ops if isinstance(op, IconOp)]


def test_fake_metrics_sanity() -> None:
    assert METRICS.width("aa bb", "R") == 2.25
    assert METRICS.width("bb", "B") == pytest.approx(1.2)


# --- tokenize ----------------------------------------------------------------------------------


def test_tokenize_measures_words_and_glue_in_em() -> None:
    items = items_of("aa bbb c")
    kinds = [type(item).__name__ for item in items]
    assert kinds == ["Word", "Glue", "Word", "Glue", "Word"]
    assert [item.width for item in items] == [1.0, 0.25, 1.5, 0.25, 0.5]
    assert items[1].font == "R"


def test_tokenize_collapses_runs_of_spaces_and_tabs_into_one_glue() -> None:
    items = items_of("aa  \t bb")
    assert [type(item).__name__ for item in items] == ["Word", "Glue", "Word"]


def test_tokenize_keeps_a_styled_run_inside_a_word_as_one_word() -> None:
    items = items_of("aa**bb**")
    assert [type(item).__name__ for item in items] == ["Word"]
    (word,) = items
    assert [(f.value, f.font) for f in word.frags] == [("aa", "R"), ("bb", "B")]
    assert word.width == pytest.approx(1.0 + 1.2)


def test_tokenize_breaks() -> None:
    items = items_of("aa\nbb\n\ncc")
    assert [type(item).__name__ for item in items] == [
        "Word", "Break", "Word", "Break", "Word"
    ]
    assert [item.paragraph for item in items if type(item).__name__ == "Break"] == [False, True]


def test_tokenize_style_bold_makes_every_word_bold() -> None:
    items = items_of("aa *bb*", TextStyle(bold=True))
    assert [f.font for item in items if hasattr(item, "frags") for f in item.frags] == ["B", "BI"]


# --- break_lines -------------------------------------------------------------------------------


def test_text_that_exactly_fits_stays_on_one_line() -> None:
    # "aa bb cc" = 1 + 0.25 + 1 + 0.25 + 1 = 3.5 em
    assert line_texts("aa bb cc", 3.5) == ["aa bb cc"]


def test_text_a_hair_too_wide_breaks_before_the_last_word() -> None:
    assert line_texts("aa bb cc", 3.4999) == ["aa bb", "cc"]


def test_greedy_breaking_fills_each_line_before_starting_the_next() -> None:
    # at 3.0 em: "aa bb" (2.25) + " cc" (1.25) = 3.5 > 3 → break; "cc dd" = 2.25 fits
    assert line_texts("aa bb cc dd ee", 3.0) == ["aa bb", "cc dd", "ee"]
    assert line_texts("aa bb cc dd ee", 1.0) == ["aa", "bb", "cc", "dd", "ee"]


def test_glue_at_a_line_break_is_dropped() -> None:
    lines = break_lines(items_of("aa bb cc"), 2.25)
    assert lines is not None
    assert [[type(i).__name__ for i in line] for line, _ in lines] == [
        ["Word", "Glue", "Word"], ["Word"]
    ]


def test_word_wider_than_the_box_gives_none() -> None:
    assert break_lines(items_of("aaaa"), 2.0) is not None  # exactly 2 em
    assert break_lines(items_of("aaaa"), 1.999) is None
    assert break_lines(items_of("a aaaa a"), 1.999) is None


def test_explicit_breaks_end_lines_and_flag_paragraphs() -> None:
    lines = break_lines(items_of("aa\nbb\n\ncc"), 100.0)
    assert lines is not None
    assert [paragraph for _, paragraph in lines] == [False, True, False]
    assert len(lines) == 3


def test_empty_text_is_one_empty_line() -> None:
    assert break_lines([], 10.0) == [([], False)]


# --- fit_text: sizes ---------------------------------------------------------------------------


def test_text_that_fits_at_full_size_keeps_it() -> None:
    result = fitted("aa bb", 22.5, 10.0)  # 2.25 em × 10 pt wide, one line 10 pt high
    assert (result.size, result.lines, result.height) == (10.0, 1, pytest.approx(10.0))


def test_shrinks_in_quarter_points_until_one_line_fits() -> None:
    # "aaaa aaaa" = 4.25 em on one line: needs size ≤ 40 / 4.25 = 9.41;
    # two lines need 2.2 × size ≤ 12, i.e. ≤ 5.45 < min 6. Steps 10, 9.75, 9.5 → 9.25.
    result = fitted("aaaa aaaa", 40.0, 12.0)
    assert result.size == 9.25
    assert result.lines == 1
    assert result.height == pytest.approx(9.25)


def test_shrinks_until_two_lines_fit_the_height() -> None:
    # 30 pt wide: at 10 pt the words go on 2 lines (4.25 em > 3 em), 10 × (1 + 1.2) = 22 > 20.
    # Two lines fit when 2.2 × size ≤ 20 → size ≤ 9.09: 9.0 (one line would need ≤ 7.06).
    result = fitted("aaaa aaaa", 30.0, 20.0)
    assert result.size == 9.0
    assert result.lines == 2
    assert result.height == pytest.approx(9.0 * (0.8 + 0.2 + 1.2))


def test_min_size_itself_is_tried() -> None:
    # 10 characters = 5 em fit 30 pt only at 6 pt, the minimum
    result = fitted("aaaaaaaaaa", 30.0, 100.0, TextStyle(size=10.0, min_size=6.0))
    assert result.size == 6.0


def test_never_fitting_gives_none() -> None:
    assert fit("aaaaaaaaaa", 29.9, 100.0, TextStyle(size=10.0, min_size=6.0)) is None
    assert fit("aa\nbb\ncc", 100.0, 10.0, TextStyle(size=10.0, min_size=6.0)) is None


def test_size_steps_are_a_quarter_point_from_the_start_size() -> None:
    # start 9.9: 9.9, 9.65, 9.4, 9.15 — "aaaa aaaa" fits one line at ≤ 9.41
    result = fitted("aaaa aaaa", 40.0, 12.0, TextStyle(size=9.9))
    assert result.size == pytest.approx(9.4)


@pytest.mark.parametrize(
    ("markup", "lines", "height"),
    [
        # size × (ascent + descent + (lines − 1 + gaps × 0.5) × leading), size 10, leading 1.2
        ("aa", 1, 10.0),
        ("aa\nbb", 2, 10 * (1 + 1.2)),
        ("aa\nbb\ncc", 3, 10 * (1 + 2 * 1.2)),
        ("aa\n\nbb", 2, 10 * (1 + 1.5 * 1.2)),
        ("aa\n\nbb\n\ncc", 3, 10 * (1 + 3 * 1.2)),
        ("aa\n\nbb\ncc", 3, 10 * (1 + 2.5 * 1.2)),
    ],
)
def test_height_used(markup: str, lines: int, height: float) -> None:
    result = fitted(markup, 100.0, 100.0)
    assert result.lines == lines
    assert result.height == pytest.approx(height)


def test_height_uses_the_style_leading() -> None:
    result = fitted("aa\nbb\ncc", 100.0, 100.0, TextStyle(size=8.0, leading=1.5))
    assert result.height == pytest.approx(8 * (1 + 2 * 1.5))


def test_par_gap_is_half_a_line() -> None:
    assert PAR_GAP == 0.5


# --- fit_text: placement -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("align", "x"),
    [("left", 0.0), ("center", (100 - 22.5) / 2), ("right", 100 - 22.5)],
)
def test_horizontal_alignment(align: str, x: float) -> None:
    result = fitted("aa bb", 100.0, 50.0, TextStyle(align=align))  # type: ignore[arg-type]
    (op,) = text_ops(result)
    assert op.text == "aa bb"
    assert op.x == pytest.approx(x)


def test_each_line_is_aligned_on_its_own_without_the_space_at_the_break() -> None:
    # 30 pt box: "aa bb" (22.5 pt) then "ccc" (15 pt)
    result = fitted("aa bb ccc", 30.0, 50.0, TextStyle(align="right"))
    assert [(op.text, op.x) for op in text_ops(result)] == [
        ("aa bb", pytest.approx(7.5)), ("ccc", pytest.approx(15.0))
    ]
    centred = fitted("aa bb ccc", 30.0, 50.0, TextStyle(align="center"))
    assert [op.x for op in text_ops(centred)] == [pytest.approx(3.75), pytest.approx(7.5)]


@pytest.mark.parametrize(
    ("valign", "baseline"),
    [
        ("top", 50 - 8),  # top of the box minus the ascent
        ("middle", 50 - (50 - 10) / 2 - 8),  # 10 pt of text centred in 50
        ("bottom", 10 - 8),  # the descent rests on the bottom
    ],
)
def test_vertical_alignment_baselines(valign: str, baseline: float) -> None:
    result = fitted("aa", 100.0, 50.0, TextStyle(valign=valign))  # type: ignore[arg-type]
    (op,) = text_ops(result)
    assert op.y == pytest.approx(baseline)


@pytest.mark.parametrize(
    ("valign", "first"), [("top", 42.0), ("middle", 50 - (50 - 28) / 2 - 8), ("bottom", 20.0)]
)
def test_paragraph_gap_lowers_the_next_baseline_by_one_and_a_half_lines(
    valign: str, first: float
) -> None:
    # used = 10 × (1 + 1.5 × 1.2) = 28 pt
    result = fitted("aa\n\nbb", 100.0, 50.0, TextStyle(valign=valign))  # type: ignore[arg-type]
    assert [op.y for op in text_ops(result)] == [
        pytest.approx(first), pytest.approx(first - 18.0)
    ]


def test_bottom_aligned_last_line_descent_touches_the_bottom() -> None:
    result = fitted("aa\nbb\n\ncc", 100.0, 80.0, TextStyle(valign="bottom", size=8.0))
    assert text_ops(result)[-1].y == pytest.approx(8 * DESCENT)
    assert [op.y for op in text_ops(result)] == [
        pytest.approx(1.6 + 8 * 1.2 * 1.5 + 8 * 1.2),
        pytest.approx(1.6 + 8 * 1.2 * 1.5),
        pytest.approx(1.6),
    ]


def test_ops_use_the_fitted_size_and_box_colour() -> None:
    result = fitted("aaaa aaaa", 40.0, 12.0, TextStyle(color=RED))
    (op,) = text_ops(result)
    assert (op.size, op.color, op.font) == (9.25, RED, "R")
    assert op.y == pytest.approx(12 - 0.8 * 9.25)


# --- fit_text: runs, fonts, icons, tags --------------------------------------------------------


def test_adjacent_same_font_words_merge_into_one_text_op() -> None:
    result = fitted("aa bb  cc", 100.0, 50.0)
    ops = cast(tuple[TextOp, ...], result.ops)  # text only
    assert [(op.text, op.x, op.font) for op in ops] == [("aa bb cc", 0.0, "R")]


def test_bold_span_gets_its_own_op_in_the_bold_font_at_measured_positions() -> None:
    result = fitted("aa **bb** cc", 100.0, 50.0)
    ops = text_ops(result)
    assert [op.font for op in ops] == ["R", "B", "R"]
    assert [op.text.strip() for op in ops] == ["aa", "bb", "cc"]
    # "aa" 10 pt + space 2.5 pt; bold "bb" 2 × 0.6 em = 12 pt + space 2.5 pt
    assert [op.x for op in ops] == [0.0, pytest.approx(12.5), pytest.approx(27.0)]
    assert {op.y for op in ops} == {42.0}
    assert {op.size for op in ops} == {10.0}


def test_bold_width_counts_for_breaking() -> None:
    # "bbbbb" bold = 3 em, regular would be 2.5 em: at 2.75 em the bold word no longer fits
    assert break_lines(items_of("bbbbb"), 2.75) is not None
    assert break_lines(items_of("**bbbbb**"), 2.75) is None


def test_italic_and_bold_italic_fonts() -> None:
    result = fitted("*a* ***b***", 100.0, 50.0)
    assert [op.font for op in text_ops(result)] == ["I", "BI"]


def test_inline_icon_is_an_icon_op_sized_by_aspect_size_and_scale() -> None:
    aspects = {"banane": 2.0}
    style = TextStyle(icon_scale=1.5, color=RED)
    result = fitted("aa :banane: bb", 100.0, 50.0, style, aspects.__getitem__)
    (icon,) = icon_ops(result)
    assert icon.icon == "banane"
    assert icon.w == pytest.approx(2.0 * 10 * 1.5)  # aspect × size × icon_scale
    assert icon.h == pytest.approx(10 * 1.5)
    assert icon.x == pytest.approx(12.5)  # after "aa" and a space
    assert icon.color == RED
    texts = text_ops(result)
    assert [op.text.strip() for op in texts] == ["aa", "bb"]  # not merged across the icon
    assert texts[1].x == pytest.approx(12.5 + 30 + 2.5)
    assert [type(op).__name__ for op in result.ops] == ["TextOp", "IconOp", "TextOp"]


def test_icon_at_scale_one_sits_icon_drop_below_the_baseline() -> None:
    result = fitted(":banane:", 100.0, 50.0, DEFAULT, lambda _: 1.0)
    (icon,) = icon_ops(result)
    baseline = 50 - 0.8 * 10
    assert icon.h == pytest.approx(ICON_EM * 10)
    assert icon.y == pytest.approx(baseline - ICON_DROP * 10)
    assert ICON_EM == 1.0 and ICON_DROP == pytest.approx(0.16)


def test_icon_widths_count_for_breaking_and_shrinking() -> None:
    # icon 3 em + " aa" 1.25 em = 4.25 em: one line at size ≤ 40 / 4.25 → 9.25 in a 12 pt box
    result = fitted(":wide: aa", 40.0, 12.0, DEFAULT, lambda _: 3.0)
    assert result.size == 9.25
    (icon,) = icon_ops(result)
    assert icon.w == pytest.approx(3.0 * 9.25)


def test_icon_glued_to_a_word_stays_on_its_line() -> None:
    # "aa:x:" is one word of 1 + 1 em; it cannot be split at 1.5 em
    assert break_lines(items_of("aa:x:", icon_aspect=lambda _: 1.0), 1.5) is None
    assert break_lines(items_of("aa :x:", icon_aspect=lambda _: 1.0), 1.5) is not None


def test_tag_uses_tag_scale_tag_colour_and_regular_font() -> None:
    result = fitted("**voir** [[CHA-1]]", 100.0, 50.0)
    word, tag = text_ops(result)
    assert (word.font, word.size, word.color) == ("B", 10.0, (0.0, 0.0, 0.0))
    assert tag.text == "CHA-1"
    assert tag.font == "R"
    assert tag.size == pytest.approx(10 * TAG_SCALE)
    assert tag.color == TAG_COLOR
    assert tag.x == pytest.approx(4 * 0.6 * 10 + 0.25 * 10)  # bold "voir" + space
    assert tag.y == word.y


def test_tag_width_is_scaled() -> None:
    # "CHA-1": 5 × 0.5 em × 0.72 = 1.8 em; then a space and "aa"
    result = fitted("[[CHA-1]] aa", 100.0, 50.0)
    assert text_ops(result)[1].x == pytest.approx(18.0 + 2.5)
    assert TAG_SCALE == pytest.approx(0.72)
    assert TAG_COLOR == (0.4, 0.4, 0.4)


def test_tag_grows_to_the_smallest_tag_size() -> None:
    # at 10 pt a tag would be 7.2 pt; min_tag_size 9 sets it at 9 pt: 5 × 0.5 em × 0.9 = 2.25 em
    result = fitted("[[CHA-1]] aa", 100.0, 50.0, TextStyle(min_tag_size=9))
    tag, word = text_ops(result)
    assert tag.size == pytest.approx(9)
    assert word.x == pytest.approx(22.5 + 2.5)
    assert word.size == pytest.approx(10)


def test_tag_above_the_smallest_tag_size_keeps_its_scale() -> None:
    result = fitted("[[CHA-1]] aa", 100.0, 50.0, TextStyle(min_tag_size=6))
    assert text_ops(result)[0].size == pytest.approx(7.2)


def test_tag_in_a_bold_box_is_still_set_in_the_regular_font() -> None:
    result = fitted("aa [[X-1]]", 100.0, 50.0, TextStyle(bold=True))
    word, tag = text_ops(result)
    assert (word.font, tag.font) == ("B", "R")
    assert tag.x == pytest.approx(2 * 0.6 * 10 + 0.25 * 10)


# --- wrap: false -------------------------------------------------------------------------------


def test_unwrapped_text_shrinks_until_its_longest_line_fits() -> None:
    # "aaaa aaaa" stays one 4.25 em line: size ≤ 30 / 4.25 = 7.06 → 10 − 12 × 0.25 = 7.0
    result = fitted("aaaa aaaa", 30.0, 100.0, TextStyle(wrap=False))
    assert (result.size, result.lines) == (7.0, 1)
    (op,) = text_ops(result)
    assert op.text == "aaaa aaaa"


def test_unwrapped_text_breaks_only_at_explicit_breaks() -> None:
    # longest line "aa bb" = 2.25 em: fits 20 pt at size ≤ 8.89 → 8.75; wrapping would keep 10
    result = fitted("aa bb\ncc", 20.0, 100.0, TextStyle(wrap=False))
    assert (result.size, result.lines) == (8.75, 2)
    assert [op.text for op in text_ops(result)] == ["aa bb", "cc"]
    assert fitted("aa bb\ncc", 20.0, 100.0).size == 10.0


def test_unwrapped_text_too_long_at_min_size_gives_none() -> None:
    assert fit("aaaa aaaa", 25.0, 100.0, TextStyle(wrap=False)) is None  # needs ≤ 5.88 pt
