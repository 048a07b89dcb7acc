"""The shapes of a kind's items: outlines, cut guides, safe zones at their edge, legends and
the words that name them in YAML."""

from __future__ import annotations

import math

import pytest
from helpers import approx_float

from printandplay.data.kit_words import LANGUAGES, load_words_table
from printandplay.model.geometry import Rect
from printandplay.model.ops import EllipseOp, RectOp
from printandplay.model.polygon_shapes import RegularPolygon, Shield, Stadium
from printandplay.model.shape_words import SHAPE_WORDS, parse_shape
from printandplay.model.shapes import (
    CUT_WIDTH,
    Circle,
    Rectangle,
    RoundedRectangle,
    Shape,
)
from printandplay.units import MM

GREY = (0.55, 0.55, 0.55)
STEP = 0.01 * MM  # in or out of an edge by this much
CARD = Rect(0, 0, 63 * MM, 88 * MM)
TOKEN = Rect(0, 0, 25 * MM, 25 * MM)
TRIM = Rect(10.0, 20.0, 30.0, 40.0)  # placed on a sheet: not at the origin


def _square(x: float, y: float, side: float) -> Rect:
    return Rect(x, y, side, side)


# --- outlines ----------------------------------------------------------------------------------


def test_outlines_are_the_ops_the_renderer_draws() -> None:
    dash = (2.0, 1.5)
    assert Rectangle().outline(TRIM, GREY, 0.5) == RectOp(10.0, 20.0, 30.0, 40.0, None, GREY,
                                                          0.5, 0.0, ())
    assert RoundedRectangle(3.0).outline(TRIM, GREY, 0.5, dash) == RectOp(
        10.0, 20.0, 30.0, 40.0, None, GREY, 0.5, 3.0, dash)
    assert Circle().outline(TRIM, GREY, 0.5, dash) == EllipseOp(10.0, 20.0, 30.0, 40.0, None,
                                                                GREY, 0.5, dash)


# --- cut guides and legends --------------------------------------------------------------------


def test_rectangles_are_cut_along_the_crop_marks_alone() -> None:
    for shape in (Rectangle(), RoundedRectangle(3 * MM)):
        assert shape.cut_guide == "crop marks"
        assert shape.cut_ops(TRIM, GREY) == ()
        assert shape.legend is None  # the crop marks' own legend says it all


def test_round_pieces_get_a_thin_circle_on_their_cut_line() -> None:
    assert Circle().cut_guide == "outline"
    assert CUT_WIDTH == 0.3
    assert Circle().cut_ops(TRIM, GREY) == (EllipseOp(10.0, 20.0, 30.0, 40.0, None, GREY, 0.3),)
    assert Circle().legend == "round"


def test_every_legend_has_its_words_in_both_languages() -> None:
    for shape in (Rectangle(), RoundedRectangle(1.0), Circle()):
        if shape.legend is not None:
            assert all(shape.legend in load_words_table(language)["guide"]
                       for language in LANGUAGES)


def test_shapes_cut_alike_share_a_sheet() -> None:
    assert Rectangle().cuts_like(RoundedRectangle(3 * MM))
    assert RoundedRectangle(2 * MM).cuts_like(RoundedRectangle(3 * MM))
    assert Circle().cuts_like(Circle())
    assert not Circle().cuts_like(Rectangle())
    assert not RoundedRectangle(3 * MM).cuts_like(Circle())


# --- safe zones, 0.01 mm either side of their edge ----------------------------------------------


def test_rectangle_safe_zone_edges() -> None:
    shape, margin = Rectangle(), 3 * MM
    right = CARD.w - margin
    assert shape.safe_contains(CARD, margin, Rect(margin + STEP, margin + STEP, 20.0, 20.0))
    assert not shape.safe_contains(CARD, margin, Rect(margin - STEP, 50.0, 20.0, 20.0))
    assert shape.safe_contains(CARD, margin, Rect(right - 20.0 - STEP, 50.0, 20.0, 20.0))
    assert not shape.safe_contains(CARD, margin, Rect(right - 20.0 + STEP, 50.0, 20.0, 20.0))
    top = CARD.h - margin
    assert shape.safe_contains(CARD, margin, Rect(50.0, top - 20.0 - STEP, 20.0, 20.0))
    assert not shape.safe_contains(CARD, margin, Rect(50.0, top - 20.0 + STEP, 20.0, 20.0))
    # the whole safe zone fits; a box a hair larger does not
    assert shape.safe_contains(CARD, margin, CARD.inset(margin))
    assert not shape.safe_contains(CARD, margin, CARD.inset(margin - STEP))


def test_rectangle_points() -> None:
    assert Rectangle().contains_point(TRIM, 10.0, 60.0)  # a corner
    assert not Rectangle().contains_point(TRIM, 10.0 - STEP, 40.0)
    assert not Rectangle().contains_point(TRIM, 25.0, 60.0 + STEP)


def test_rounded_rectangle_safe_zone_follows_its_corners() -> None:
    shape, margin = RoundedRectangle(5 * MM), 3 * MM
    assert shape.inset(margin) == RoundedRectangle(approx_float(2 * MM))
    # the bottom-left corner of the safe zone: an arc of 2 mm around (5 mm, 5 mm)
    centre, radius = 5 * MM, 2 * MM
    on_arc = centre - radius / math.sqrt(2)
    step = STEP / math.sqrt(2)  # along the diagonal
    assert shape.safe_contains(CARD, margin, _square(on_arc + step, on_arc + step, 10.0))
    assert not shape.safe_contains(CARD, margin, _square(on_arc - step, on_arc - step, 10.0))
    # the corner of the plain rectangle inset by the margin is outside
    assert not shape.safe_contains(CARD, margin, _square(margin, margin, 10.0))
    assert Rectangle().safe_contains(CARD, margin, _square(margin, margin, 10.0))
    # along a straight edge, as a rectangle
    assert shape.safe_contains(CARD, margin, Rect(margin + STEP, 40 * MM, 10.0, 10.0))
    assert not shape.safe_contains(CARD, margin, Rect(margin - STEP, 40 * MM, 10.0, 10.0))


def test_rounded_rectangle_points_on_its_trim() -> None:
    shape = RoundedRectangle(4.0)
    centre_x, centre_y = TRIM.right - 4.0, TRIM.top - 4.0  # the top-right corner's arc
    for angle in (0.3, 0.785, 1.2):
        x, y = math.cos(angle), math.sin(angle)
        assert shape.contains_point(TRIM, centre_x + (4.0 - STEP) * x, centre_y + (4.0 - STEP) * y)
        assert not shape.contains_point(TRIM, centre_x + (4.0 + STEP) * x,
                                        centre_y + (4.0 + STEP) * y)
    assert not shape.contains_point(TRIM, TRIM.right, TRIM.top)  # the square corner is cut off


def test_corners_no_larger_than_the_margin_leave_a_rectangular_safe_zone() -> None:
    assert RoundedRectangle(3 * MM).inset(3 * MM) == Rectangle()
    assert RoundedRectangle(2 * MM).inset(3 * MM) == Rectangle()
    shape, margin = RoundedRectangle(2 * MM), 3 * MM
    assert shape.safe_contains(CARD, margin, _square(margin + STEP, margin + STEP, 10.0))
    assert not shape.safe_contains(CARD, margin, _square(margin - STEP, margin + STEP, 10.0))


def test_circle_safe_zone_edge() -> None:
    shape, margin = Circle(), 2 * MM
    assert shape.inset(margin) == Circle()
    centre, radius = 12.5 * MM, 10.5 * MM  # the safe zone of a 25 mm token, 2 mm in
    for angle in (0.0, 0.5, 2.0, 4.0):
        x, y = math.cos(angle), math.sin(angle)
        inside = _square(centre + (radius - STEP) * x, centre + (radius - STEP) * y, 0.0)
        outside = _square(centre + (radius + STEP) * x, centre + (radius + STEP) * y, 0.0)
        assert shape.safe_contains(TOKEN, margin, inside)
        assert not shape.safe_contains(TOKEN, margin, outside)
    # the square inscribed in the safe circle fits; a hair larger, its corners leave it
    half = radius / math.sqrt(2)
    assert shape.safe_contains(TOKEN, margin, _square(centre - half + STEP, centre - half + STEP,
                                                      2 * (half - STEP)))
    assert not shape.safe_contains(TOKEN, margin, _square(centre - half - STEP,
                                                          centre - half - STEP,
                                                          2 * (half + STEP)))


def test_circle_on_a_trim_that_is_not_square_uses_its_shorter_side() -> None:
    trim = Rect(0.0, 0.0, 40.0, 20.0)
    assert Circle().contains_point(trim, 20.0, 20.0 - STEP)
    assert not Circle().contains_point(trim, 40.0 - STEP, 10.0)


# --- the words of YAML ------------------------------------------------------------------------


@pytest.mark.parametrize(("word", "radius", "shape"), [
    ("rect", 0.0, Rectangle()),
    ("rect", 5.0, RoundedRectangle(5.0)),
    ("round", 0.0, Circle()),
])
def test_parse_shape(word: str, radius: float, shape: Shape) -> None:
    assert parse_shape(word, radius) == shape


def test_every_word_names_a_shape() -> None:
    assert {type(parse_shape(word.replace("N", "5"))) for word in SHAPE_WORDS} == {
        Rectangle, Circle, RegularPolygon, Stadium, Shield}


WORDS = ("rect, round, hex-flat, hex-pointy, triangle, octagon, stadium, shield, polygon-N, "
         "polygon-N-flat")


@pytest.mark.parametrize(("word", "radius", "message"), [
    ("hexagon", 0.0, f"expected one of {WORDS}, got 'hexagon'"),
    ("Rect", 0.0, f"expected one of {WORDS}, got 'Rect'"),
    ("polygon-13", 0.0, "'polygon-13': polygon-N needs N from 3 to 12 sides "
                        "(polygon-5, polygon-8-flat)"),
    ("hex-flat", 1.0, "a hex-flat kind has no corners: remove its corner_radius"),
    ("round", 2.0, "a round kind has no corners: remove its corner_radius"),
    ("rect", -1.0, "corner_radius must be ≥ 0, got -1 pt"),
])
def test_parse_errors(word: str, radius: float, message: str) -> None:
    with pytest.raises(ValueError) as error:
        parse_shape(word, radius)
    assert str(error.value) == message


def test_shapes_are_values() -> None:
    assert RoundedRectangle(3.0) == RoundedRectangle(3.0) != RoundedRectangle(2.0)
    assert Rectangle() != Circle()
    assert len({Rectangle(), Rectangle(), Circle(), RoundedRectangle(1.0)}) == 3
