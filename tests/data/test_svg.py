"""Tests of the icon SVG parser: numbers out, not just "it parses"."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

import pytest

from printandplay.data.svg import load_icon, parse_svg
from printandplay.data.svg_shapes import KAPPA
from printandplay.errors import DataError
from printandplay.model.icon import Icon, IconShape, Segment

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "svg"
NS = "http://www.w3.org/2000/svg"


# --- helpers ---------------------------------------------------------------------------------


def icon(body: str, view_box: str = "0 0 100 100") -> Icon:
    """Parse ``body`` wrapped in an <svg>; the body starts on line 2."""
    text = f'<svg xmlns="{NS}" viewBox="{view_box}">\n{body}\n</svg>'
    return parse_svg(text, source="t.svg", icon_id="t")


def shape(body: str) -> IconShape:
    """The only shape of ``body``."""
    shapes = icon(body).shapes
    assert len(shapes) == 1, shapes
    return shapes[0]


def segments(d: str) -> tuple[Segment, ...]:
    """The segments of a filled path with data ``d``."""
    return shape(f'<path d="{d}"/>').segments


def same(actual: Sequence[Segment], expected: Sequence[Segment], tol: float = 1e-9) -> None:
    """Same commands, numbers equal within ``tol``."""
    assert [s[0] for s in actual] == [s[0] for s in expected], actual
    for got, want in zip(actual, expected, strict=True):
        assert got[1:] == pytest.approx(want[1:], abs=tol), (got, want)


def error_of(body: str, view_box: str = "0 0 100 100") -> str:
    with pytest.raises(DataError) as caught:
        icon(body, view_box)
    return str(caught.value)


def bezier(p0: tuple[float, float], seg: Segment, t: float) -> tuple[float, float]:
    """The point at ``t`` of the cubic ``seg`` starting at ``p0``."""
    _, x1, y1, x2, y2, x, y = seg
    u = 1 - t
    return (u**3 * p0[0] + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t**3 * x,
            u**3 * p0[1] + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t**3 * y)


def sample(segs: Sequence[Segment], steps: int = 8) -> list[tuple[float, float]]:
    """Points along every cubic of ``segs`` (which must start with M)."""
    pen = (segs[0][1], segs[0][2])
    points = []
    for seg in segs[1:]:
        if seg[0] == "C":
            points += [bezier(pen, seg, i / steps) for i in range(steps + 1)]
        if seg[0] != "Z":
            pen = (seg[-2], seg[-1])
    return points


# --- path grammar ----------------------------------------------------------------------------


def test_absolute_moves_lines_and_close() -> None:
    same(segments("M10 20 L30 40 Z"), [("M", 10, 20), ("L", 30, 40), ("Z",)])


def test_relative_commands_and_implicit_repeats() -> None:
    same(segments("m10 10 20 0 0 20z"),
         [("M", 10, 10), ("L", 30, 10), ("L", 30, 30), ("Z",)])
    same(segments("M10 10 20 0 l5 5 5 5"),
         [("M", 10, 10), ("L", 20, 0), ("L", 25, 5), ("L", 30, 10)])


def test_compact_numbers() -> None:
    same(segments("M.5.5-1-2 1e-3,2E1L+3-.25"),
         [("M", 0.5, 0.5), ("L", -1, -2), ("L", 0.001, 20), ("L", 3, -0.25)])


def test_horizontal_and_vertical_become_lines() -> None:
    same(segments("M1 2H5V7h-1v-2"),
         [("M", 1, 2), ("L", 5, 2), ("L", 5, 7), ("L", 4, 7), ("L", 4, 5)])


def test_lines_after_close_restart_at_the_subpath_start() -> None:
    same(segments("M1 1L10 1Z l0 10"),
         [("M", 1, 1), ("L", 10, 1), ("Z",), ("M", 1, 1), ("L", 1, 11)])
    same(segments("M10 10L20 10Z m5 5 1 0"),
         [("M", 10, 10), ("L", 20, 10), ("Z",), ("M", 15, 15), ("L", 16, 15)])


def test_cubic_and_smooth_cubic_reflection() -> None:
    same(segments("M0 0C0 10 10 10 10 0S20-10 20 0"),
         [("M", 0, 0), ("C", 0, 10, 10, 10, 10, 0), ("C", 10, -10, 20, -10, 20, 0)])
    same(segments("M0 0c0 10 10 10 10 0s10-10 10 0"),
         [("M", 0, 0), ("C", 0, 10, 10, 10, 10, 0), ("C", 10, -10, 20, -10, 20, 0)])


def test_smooth_cubic_without_previous_cubic_starts_at_the_pen() -> None:
    same(segments("M5 5L10 5S20 0 20 5"),
         [("M", 5, 5), ("L", 10, 5), ("C", 10, 5, 20, 0, 20, 5)])


def test_quadratic_becomes_the_exact_cubic() -> None:
    segs = segments("M0 0Q10 10 20 0")
    same(segs, [("M", 0, 0), ("C", 20 / 3, 20 / 3, 40 / 3, 20 / 3, 20, 0)])
    for t in (0.25, 0.5, 0.8):  # the quadratic B(t) = (1-t)²P0 + 2t(1-t)Q + t²P2
        quad = (2 * t * (1 - t) * 10 + t * t * 20, 2 * t * (1 - t) * 10)
        assert bezier((0, 0), segs[1], t) == pytest.approx(quad)


def test_smooth_quadratic_reflects_the_previous_control() -> None:
    # T's control is (10, 10) reflected about (20, 0): (30, -10)
    same(segments("M0 0Q10 10 20 0T40 0"),
         [("M", 0, 0), ("C", 20 / 3, 20 / 3, 40 / 3, 20 / 3, 20, 0),
          ("C", 20 + 20 / 3, -20 / 3, 40 - 20 / 3, -20 / 3, 40, 0)])
    same(segments("m0 0q10 10 20 0t20 0"), segments("M0 0Q10 10 20 0T40 0"))


def test_smooth_quadratic_after_a_line_is_straight() -> None:
    same(segments("M0 0L3 0T9 0"), [("M", 0, 0), ("L", 3, 0), ("C", 3, 0, 5, 0, 9, 0)])


def test_arc_lands_exactly_on_its_end_point() -> None:
    for d, end in (("M0 0A5 5 0 0 1 10 0", (10.0, 0.0)),
                   ("M1 2A4 2 30 0 0 7 5", (7.0, 5.0)),
                   ("M1 2a4 2 30 1 1 6 3", (7.0, 5.0)),
                   ("M0 0A3 7 -45 1 0 .3 9.1", (0.3, 9.1))):
        last = segments(d)[-1]
        assert last[0] == "C"
        assert (last[5], last[6]) == end  # exactly, not approximately


def test_arc_sweep_flag_picks_the_side() -> None:
    # y points down: sweep=1 turns clockwise on screen, so from left to right it goes up (-y)
    up = segments("M0 0A5 5 0 0 1 10 0")
    down = segments("M0 0A5 5 0 0 0 10 0")
    assert len(up) == len(down) == 3  # two quarter circles
    assert up[1][5:] == pytest.approx((5, -5))
    assert down[1][5:] == pytest.approx((5, 5))


def test_arc_stays_on_its_circle() -> None:
    segs = segments("M0 0A5 5 0 0 1 10 0")
    for x, y in sample(segs):
        assert math.hypot(x - 5, y) == pytest.approx(5, abs=2e-3)


def test_large_arc_flag() -> None:
    small = sample(segments("M0 0A10 10 0 0 1 10 0"))
    large = sample(segments("M0 0A10 10 0 1 1 10 0"))
    sagitta = 10 - math.sqrt(100 - 25)
    assert min(y for _, y in small) == pytest.approx(-sagitta, abs=1e-3)
    assert min(y for _, y in large) == pytest.approx(-(10 + math.sqrt(75)), abs=1e-3)
    centre = (5, -math.sqrt(75))  # the large arc turns around a centre above the chord
    for x, y in large:
        assert math.hypot(x - centre[0], y - centre[1]) == pytest.approx(10, abs=5e-3)


def test_arc_flags_without_separators() -> None:
    same(segments("M0 0a1 1 0 00 1 1"), segments("M0 0a1 1 0 0 0 1 1"))
    same(segments("M0 0a5 5 0 1010 0"), segments("M0 0A5 5 0 1 0 10 0"))
    assert segments("M0 0a1 1 0 00 1 1")[-1][5:] == (1.0, 1.0)


def test_arc_radius_too_small_is_scaled_up() -> None:
    segs = segments("M0 0A1 1 0 0 1 10 0")  # becomes a half circle of radius 5
    assert segs[1][5:] == pytest.approx((5, -5))
    assert segs[-1][5:] == (10.0, 0.0)


def test_degenerate_arcs() -> None:
    same(segments("M0 0A0 5 0 0 1 10 0"), [("M", 0, 0), ("L", 10, 0)])
    same(segments("M3 4A5 5 0 0 1 3 4L9 9"), [("M", 3, 4), ("L", 9, 9)])


def test_arc_of_rotated_ellipse_keeps_its_radii() -> None:
    segs = segments("M0 0A10 5 90 0 1 0 20")  # the 10 radius is now vertical: half ellipse
    assert segs[-1][5:] == (0.0, 20.0)
    assert max(abs(x) for x, _ in sample(segs)) == pytest.approx(5, abs=1e-3)


# --- basic shapes ----------------------------------------------------------------------------


def test_circle_is_four_cubics_on_the_circle() -> None:
    segs = shape('<circle cx="50" cy="40" r="10"/>').segments
    assert [s[0] for s in segs] == ["M", "C", "C", "C", "C", "Z"]
    assert segs[0][1:] == (60, 40)
    ends = [s[5:] for s in segs[1:5]]
    assert ends == [(50, 50), (40, 40), (50, 30), (60, 40)]
    for x, y in ends:
        assert math.hypot(x - 50, y - 40) == pytest.approx(10)
    assert segs[1][1:3] == pytest.approx((60, 40 + 10 * KAPPA))  # tangent handle
    for x, y in sample(segs):
        assert math.hypot(x - 50, y - 40) == pytest.approx(10, abs=3e-3)


def test_ellipse_and_a_single_radius() -> None:
    segs = shape('<ellipse cx="10" cy="20" rx="8" ry="4"/>').segments
    assert [s[5:] for s in segs[1:5]] == [(10, 24), (2, 20), (10, 16), (18, 20)]
    segs = shape('<ellipse cx="10" cy="20" rx="8"/>').segments
    assert segs[1][5:] == (10, 28)


def test_rect_without_and_with_rounded_corners() -> None:
    same(shape('<rect x="1" y="2" width="10" height="5"/>').segments,
         [("M", 1, 2), ("L", 11, 2), ("L", 11, 7), ("L", 1, 7), ("Z",)])
    k = 2 * (1 - KAPPA)
    same(shape('<rect x="0" y="0" width="10" height="6" rx="2"/>').segments, [
        ("M", 2, 0), ("L", 8, 0), ("C", 10 - k, 0, 10, k, 10, 2),
        ("L", 10, 4), ("C", 10, 6 - k, 10 - k, 6, 8, 6),
        ("L", 2, 6), ("C", k, 6, 0, 6 - k, 0, 4),
        ("L", 0, 2), ("C", 0, k, k, 0, 2, 0), ("Z",)])


def test_rect_radii_are_clamped_and_may_differ() -> None:
    segs = shape('<rect width="10" height="4" rx="20"/>').segments  # rx → 5, ry → 2
    assert [s[0] for s in segs] == ["M", "C", "C", "C", "C", "Z"]  # no zero-length lines
    assert segs[0][1:] == (5, 0)
    assert segs[1][5:] == (10, 2)
    segs = shape('<rect width="10" height="10" rx="3" ry="1"/>').segments
    assert segs[2][5:] == (10, 1)


def test_lines_polylines_and_polygons() -> None:
    line = shape('<line x1="1" y1="2" x2="3" y2="4" stroke="red"/>')
    same(line.segments, [("M", 1, 2), ("L", 3, 4)])
    assert line.fill is None  # lines are never filled
    same(shape('<polyline points="0,0 10,0 10,10"/>').segments,
         [("M", 0, 0), ("L", 10, 0), ("L", 10, 10)])
    same(shape('<polygon points="0 0,10 0 10-10"/>').segments,
         [("M", 0, 0), ("L", 10, 0), ("L", 10, -10), ("Z",)])


def test_shapes_that_paint_nothing_are_dropped() -> None:
    assert icon('<line x2="9" y2="9"/>').shapes == ()  # not filled, not stroked
    assert icon('<rect width="9" height="9" fill="none"/>').shapes == ()
    assert icon('<rect width="9" height="9" fill="none" stroke="red" stroke-width="0"/>'
                ).shapes == ()
    assert icon('<circle r="0"/><rect width="0" height="4"/><path d=""/>').shapes == ()
    assert icon('<polyline points=""/>').shapes == ()


# --- transforms ------------------------------------------------------------------------------


def test_translate_then_scale() -> None:
    s = shape('<path d="M1 1L2 3" transform="translate(10 20) scale(2)"/>')
    same(s.segments, [("M", 12, 22), ("L", 14, 26)])
    s = shape('<path d="M1 1" transform="translate(10) scale(2,3)"/>')
    same(s.segments, [("M", 12, 3)])


def test_rotate_with_and_without_centre() -> None:
    same(shape('<path d="M1 0" transform="rotate(90)"/>').segments, [("M", 0, 1)])
    same(shape('<path d="M10 5" transform="rotate(90 5 5)"/>').segments, [("M", 5, 10)])


def test_matrix_and_skews() -> None:
    same(shape('<path d="M1 2" transform="matrix(1 2 3 4 5 6)"/>').segments,
         [("M", 1 + 6 + 5, 2 + 8 + 6)])
    same(shape('<path d="M0 1" transform="skewX(45)"/>').segments, [("M", 1, 1)])
    same(shape('<path d="M1 0" transform="skewY(45)"/>').segments, [("M", 1, 1)])


def test_transforms_compose_with_parents() -> None:
    body = ('<g transform="translate(10 0)"><g transform="scale(2)">'
            '<path d="M1 1" transform="rotate(90)"/></g></g>')
    # rotate: (-1, 1); scale: (-2, 2); translate: (8, 2)
    same(shape(body).segments, [("M", 8, 2)])


def test_transforms_apply_to_curves_and_circles() -> None:
    s = shape('<circle r="1" transform="translate(5 5) scale(3 2)"/>')
    ends = [coord for seg in s.segments[1:5] for coord in seg[5:]]
    assert ends == pytest.approx([5, 7, 2, 5, 5, 3, 8, 5])


def test_stroke_width_scales_with_the_transform() -> None:
    assert shape('<path d="M0 0L1 1" stroke="red" stroke-width="2" '
                 'transform="scale(3)"/>').stroke_width == pytest.approx(6)
    assert shape('<path d="M0 0L1 1" stroke="red" stroke-width="2" '
                 'transform="scale(2 8) rotate(30)"/>').stroke_width == pytest.approx(8)
    assert shape('<path d="M0 0L1 1" stroke="red" transform="scale(-2 2)"/>'
                 ).stroke_width == pytest.approx(2)
    inherited = ('<g stroke-width="2" transform="scale(2)"><path d="M0 0L1 1" stroke="red" '
                 'transform="scale(1.5)"/></g>')
    assert shape(inherited).stroke_width == pytest.approx(6)


# --- style -----------------------------------------------------------------------------------


def test_defaults_are_the_svg_ones() -> None:
    s = shape('<path d="M0 0L1 1"/>')
    assert (s.fill, s.stroke, s.stroke_width) == ((0.0, 0.0, 0.0), None, 1.0)
    assert (s.fill_rule, s.line_cap, s.line_join) == ("nonzero", "butt", "miter")
    assert (s.fill_opacity, s.stroke_opacity) == (1.0, 1.0)


def test_every_supported_property() -> None:
    s = shape('<path d="M0 0L1 1" fill="#fff" stroke="#102030" stroke-width="3px" '
              'fill-rule="evenodd" stroke-linecap="round" stroke-linejoin="bevel" '
              'fill-opacity=".5" stroke-opacity="25%"/>')
    assert s.fill == (1.0, 1.0, 1.0)
    assert s.stroke == pytest.approx((16 / 255, 32 / 255, 48 / 255))
    assert (s.stroke_width, s.fill_rule, s.line_cap, s.line_join) == (3, "evenodd", "round",
                                                                       "bevel")
    assert (s.fill_opacity, s.stroke_opacity) == (0.5, 0.25)


def test_style_wins_over_attributes() -> None:
    s = shape('<path d="M0 0" fill="red" stroke="red" style="fill: blue ; stroke-width:4"/>')
    assert (s.fill, s.stroke, s.stroke_width) == ((0, 0, 1), (1, 0, 0), 4)
    s = shape('<path d="M0 0" style="/* note */ FILL:Lime !important"/>')
    assert s.fill == (0, 1, 0)


def test_inheritance_through_groups() -> None:
    body = ('<g fill="red" style="stroke:blue" stroke-linecap="square">'
            '<g stroke-width="3"><path d="M0 0"/><path d="M0 0" fill="green" '
            'stroke="inherit"/></g></g>')
    first, second = icon(body).shapes
    assert (first.fill, first.stroke, first.stroke_width, first.line_cap) == (
        (1, 0, 0), (0, 0, 1), 3, "square")
    assert (second.fill, second.stroke) == ((0, 128 / 255, 0), (0, 0, 1))


def test_opacity_multiplies_through_groups() -> None:
    body = ('<g opacity=".5"><g style="opacity:50%"><path d="M0 0" stroke="red" '
            'opacity=".5" fill-opacity=".5" stroke-opacity=".8"/></g></g>')
    s = shape(body)
    assert s.fill_opacity == pytest.approx(0.0625)
    assert s.stroke_opacity == pytest.approx(0.1)


def test_fill_opacity_is_inherited_not_multiplied() -> None:
    s = shape('<g fill-opacity=".5"><g opacity=".5"><path d="M0 0" fill-opacity=".8"/></g></g>')
    assert s.fill_opacity == pytest.approx(0.4)
    s = shape('<g fill-opacity=".5"><path d="M0 0"/></g>')
    assert s.fill_opacity == pytest.approx(0.5)


def test_current_color() -> None:
    s = shape('<g fill="currentColor"><path d="M0 0" style="stroke:currentcolor"/></g>')
    assert (s.fill, s.stroke) == ("current", "current")


@pytest.mark.parametrize(("text", "rgb"), [
    ("#f80", (1, 136 / 255, 0)),
    ("#FF8800", (1, 136 / 255, 0)),
    ("rgb(255, 136, 0)", (1, 136 / 255, 0)),
    ("rgb(100%,0%,50%)", (1, 0, 0.5)),
    ("rgb(0 0 300)", (0, 0, 1)),
    ("Orange", (1, 165 / 255, 0)),
    ("grey", (128 / 255,) * 3),
    ("gray", (128 / 255,) * 3),
    ("brown", (165 / 255, 42 / 255, 42 / 255)),
])
def test_colours(text: str, rgb: tuple[float, float, float]) -> None:
    assert shape(f'<path d="M0 0" fill="{text}"/>').fill == pytest.approx(rgb)


def test_visibility_and_display() -> None:
    body = ('<g visibility="hidden"><path d="M0 0"/><path d="M1 1" visibility="visible"/></g>'
            '<g style="display:none"><text>draft</text><path d="M2 2"/></g>'
            '<path d="M3 3" display="inline"/>')
    assert [s.segments[0] for s in icon(body).shapes] == [("M", 1, 1), ("M", 3, 3)]


def test_neutral_and_unrelated_attributes_are_ignored() -> None:
    s = shape('<path d="M0 0" id="p" class="x" data-role="leaf" stroke-miterlimit="10" '
              'style="stroke-dasharray:none;mix-blend-mode:normal;font-size:3px;'
              'paint-order:markers fill stroke;-inkscape-stroke:none;color:#123"/>')
    assert s.fill == (0, 0, 0)


def test_editor_elements_and_attributes_are_ignored() -> None:
    text = (f'<svg xmlns="{NS}" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" '
            'xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" '
            'viewBox="0,0,10,20" width="5cm">'
            '<sodipodi:namedview inkscape:zoom="2"><inkscape:grid/></sodipodi:namedview>'
            '<defs/><title>t<b/></title><desc>d</desc><metadata><x/></metadata>'
            '<g inkscape:label="L" xml:space="preserve"><rect width="1" height="2"/></g>'
            '</svg>')
    result = parse_svg(text, source="x.svg", icon_id="x")
    assert result.view_box == (0, 0, 10, 20)
    assert result.aspect == 0.5
    assert len(result.shapes) == 1


def test_svg_without_namespace_and_root_style() -> None:
    text = '<svg viewBox="-5 -5 10 10" fill="red" transform="scale(2)"><path d="M1 1"/></svg>'
    result = parse_svg(text, source="x.svg", icon_id="x")
    assert result.view_box == (-5, -5, 10, 10)
    assert result.shapes[0].fill == (1, 0, 0)
    assert result.shapes[0].segments == (("M", 2, 2),)


def test_model_is_immutable_and_hashable() -> None:
    result = icon('<circle r="5"/>')
    assert hash(result) == hash(icon('<circle r="5"/>'))
    with pytest.raises(AttributeError):
        result.shapes[0].fill = None  # type: ignore[misc]


# --- errors ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("body", "message"), [
    ('<g>\n<linearGradient/></g>',
     "t.svg:3: unsupported element <linearGradient> (supported: svg, g, path, circle, "
     "ellipse, rect, line, polyline, polygon, title, desc, metadata)"),
    ('<text>hi</text>', "t.svg:2: unsupported element <text> (supported:"),
    ('<text/>', "; convert text to paths in your editor"),
    ('<use href="#a"/>', "t.svg:2: unsupported element <use>"),
    ('<image/>', "t.svg:2: unsupported element <image>"),
    ('<clipPath/>', "t.svg:2: unsupported element <clipPath>"),
    ('<mask/>', "t.svg:2: unsupported element <mask>"),
    ('<filter/>', "t.svg:2: unsupported element <filter>"),
    ('<style>path{fill:red}</style>', "t.svg:2: unsupported element <style>"),
    ('<defs>\n<radialGradient/></defs>', "t.svg:3: unsupported element <radialGradient>"),
    ('<defs>\n\n<circle r="1"/></defs>', "t.svg:4: <circle> inside <defs> is not supported"),
    ('<svg viewBox="0 0 1 1"/>', "t.svg:2: nested <svg> is not supported"),
    ('<path d="M0 0" fill="bleu"/>',
     "t.svg:2: bad fill 'bleu' on <path>: unknown colour (use #rgb, #rrggbb"),
    ('<path d="M0 0" stroke="#12345"/>', "t.svg:2: bad stroke '#12345' on <path>: unknown colour"),
    ('<path d="M0 0" fill="url(#g)"/>',
     "t.svg:2: bad fill 'url(#g)' on <path>: gradients and patterns are not supported"),
    ('<path d="M0 0" fill="rgb(1,2)"/>', "t.svg:2: bad fill 'rgb(1,2)' on <path>: rgb() needs"),
    ('<path d="M0 0" stroke-width="-1"/>',
     "t.svg:2: bad stroke-width '-1' on <path>: must not be negative"),
    ('<path d="M0 0" stroke-width="2%"/>',
     "t.svg:2: bad stroke-width '2%' on <path>: units and percentages are not supported"),
    ('<path d="M0 0" opacity="half"/>', "t.svg:2: bad opacity 'half' on <path>: expected"),
    ('<path d="M0 0" stroke-linejoin="arcs"/>',
     "t.svg:2: bad stroke-linejoin 'arcs' on <path>: expected miter, round or bevel"),
    ('<path d="M0 0" fill-rule="odd"/>', "t.svg:2: bad fill-rule 'odd' on <path>: expected"),
    ('<path d="M0 0" stroke-dasharray="4 2"/>',
     "t.svg:2: unsupported stroke-dasharray '4 2' on <path> (only 'none' is supported)"),
    ('<g style="mask:url(#m)"/>', "t.svg:2: unsupported mask 'url(#m)' on <g>"),
    ('<g clip-path="url(#c)"/>', "t.svg:2: unsupported clip-path 'url(#c)' on <g>"),
    ('<g filter="url(#f)"/>', "t.svg:2: unsupported filter 'url(#f)' on <g>"),
    ('<path d="M0 0" marker-end="url(#a)"/>', "t.svg:2: unsupported marker-end"),
    ('<path d="M0 0" paint-order="stroke"/>', "t.svg:2: unsupported paint-order 'stroke'"),
    ('<path d="M0 0" style="fill red"/>',
     "t.svg:2: bad style declaration 'fill red' (expected name: value)"),
    ('<path d="M0 0" style="transform:rotate(3deg)"/>',
     "t.svg:2: transform in style is not supported, use the transform attribute"),
    ('<path d="M0 0" transform="rotate(1 2)"/>',
     "t.svg:2: bad transform on <path>: rotate() takes 1 or 3 numbers, got 2"),
    ('<path d="M0 0" transform="turn(1)"/>',
     "t.svg:2: bad transform on <path>: expected matrix, translate, scale, rotate, skewX or "
     "skewY near 'turn(1)'"),
    ('<path d="M0 0" transform="scale(1 x)"/>',
     "t.svg:2: bad transform on <path>: bad number near 'x'"),
    ('<path d="M0 0" transform="scale(1) ,, rotate(4)"/>',
     "t.svg:2: bad transform on <path>: expected matrix, translate, scale, rotate, skewX or "
     "skewY near ', rotate(4)'"),
    ('<path d="M0 0" transform="translate(1,,2)"/>',
     "t.svg:2: bad transform on <path>: bad number near ',2'"),
    ('<path d="M0 0 Q 10"/>', "t.svg:2: bad path data near 'Q 10' (Q needs 4 numbers)"),
    ('<path d="L 1 2"/>', "t.svg:2: bad path data near 'L 1 2' (path data must start with M"),
    ('<path d="M0 0 X 3"/>', "t.svg:2: bad path data near 'X 3' (expected a command letter)"),
    ('<path d="M0 0 L 1 2 3"/>', "t.svg:2: bad path data near '3' (L needs 2 numbers)"),
    ('<path d="M0 0 A 1 1 0 2 1 3 3"/>',
     "t.svg:2: bad path data near 'A 1 1 0 2 1' (arc flags must be 0 or 1)"),
    ('<path d="M1e999 0"/>', "t.svg:2: bad path data near 'M1e999 0' (M needs 2 numbers)"),
    ('<path d="M0 0 Z 4"/>', "t.svg:2: bad path data near '4' (expected a command letter)"),
    ('<path/>', "t.svg:2: missing d on <path>"),
    ('<polyline/>', "t.svg:2: missing points on <polyline>"),
    ('<polygon points="1 2 3"/>', "t.svg:2: odd number of coordinates in points on <polygon>"),
    ('<polygon points="1 2 a 3"/>', "t.svg:2: bad points on <polygon>: bad number near 'a 3'"),
    ('<circle/>', "t.svg:2: missing r on <circle>"),
    ('<circle r="-2"/>', "t.svg:2: negative r '-2' on <circle>"),
    ('<circle r="5mm"/>',
     "t.svg:2: bad r '5mm' on <circle>: units and percentages are not supported"),
    ('<ellipse/>', "t.svg:2: missing rx and ry on <ellipse>"),
    ('<rect width="3"/>', "t.svg:2: missing height on <rect>"),
    ('<rect width="3" height="2" rx="-1"/>', "t.svg:2: negative rx '-1' on <rect>"),
    ('<line x1="a"/>', "t.svg:2: bad x1 'a' on <line>: expected a number"),
    ('<path d="M0 0">', "t.svg:3: invalid XML: mismatched tag"),
])
def test_error_messages_name_the_line(body: str, message: str) -> None:
    assert message in error_of(body)


@pytest.mark.parametrize(("view_box", "message"), [
    ("0 0 10", "t.svg:1: bad viewBox '0 0 10' (expected min-x min-y width height"),
    ("0 0 10 0", "t.svg:1: bad viewBox '0 0 10 0'"),
    ("0 0 10 -5", "t.svg:1: bad viewBox '0 0 10 -5'"),
    ("0 0 1O 5", "t.svg:1: bad viewBox: bad number near 'O 5'"),
])
def test_bad_view_boxes(view_box: str, message: str) -> None:
    assert message in error_of("", view_box)


@pytest.mark.parametrize(("text", "message"), [
    ('<svg width="10" height="10"/>', "x.svg:1: missing viewBox on <svg>"),
    ('\n<html viewBox="0 0 1 1"/>', "x.svg:2: the root element must be <svg>, not <html>"),
    ('', "x.svg:1: invalid XML: no element found"),
    ('<svg viewBox="0 0 1 1">\n<path d="M0 0" fill="a&b"/></svg>', "x.svg:2: invalid XML"),
])
def test_document_errors(text: str, message: str) -> None:
    with pytest.raises(DataError) as caught:
        parse_svg(text, source="x.svg", icon_id="x")
    assert message in str(caught.value)


def test_errors_point_at_the_line_of_the_attribute() -> None:
    body = '<path\n   id="p"\n   fill="#nope"\n   d="M0 0" />'
    assert error_of(body).startswith("t.svg:4: bad fill '#nope' on <path>")
    body = '<path\n   d="M0 0 L 1 1\n      L 2 2\n      Q 7"\n   style="fill:red" />'
    assert error_of(body).startswith("t.svg:5: bad path data near 'Q 7'")
    body = '<g>\n<circle\n  r="1"\n  cx="é"/></g>'
    assert error_of(body).startswith("t.svg:5: bad cx 'é' on <circle>")


def test_error_is_a_data_error_with_a_location() -> None:
    with pytest.raises(DataError) as caught:
        icon('\n<path d="M0 0 Q 10"/>')
    assert caught.value.location is not None
    assert (str(caught.value.location.path), caught.value.location.line) == ("t.svg", 3)
    assert caught.value.message == "bad path data near 'Q 10' (Q needs 4 numbers)"


# --- fixtures --------------------------------------------------------------------------------


def test_fixture_banane() -> None:
    banane = load_icon(FIXTURES / "banane.svg")
    assert banane.id == "banane"
    assert banane.view_box == (0, 0, 24, 24)
    assert banane.aspect == 1.0
    body, stem, ring = banane.shapes
    assert body.fill == pytest.approx((0xF5 / 255, 0xD3 / 255, 0x3B / 255))
    assert body.stroke == pytest.approx((0x5A / 255, 0x3D / 255, 0x12 / 255))
    assert (body.stroke_width, body.line_join) == (0.8, "round")
    same(body.segments, [("M", 4, 18), ("C", 10, 20, 16, 17, 19, 9), ("L", 20.5, 9.5),
                         ("C", 18.5, 18.5, 10.5, 23.5, 3.5, 19.5), ("Z",)])
    assert stem.fill == stem.stroke
    same(stem.segments, [("M", 19, 9), ("L", 20, 6), ("L", 21.5, 6.5), ("L", 20.5, 9.5),
                         ("Z",)])
    assert (ring.fill, ring.stroke, ring.stroke_width) == (None, "current", 1)
    assert (ring.fill_opacity, ring.stroke_opacity) == (0.5, 0.5)
    assert ring.segments[0] == ("M", 23, 12)


def test_fixture_from_inkscape() -> None:
    etoile = load_icon(FIXTURES / "etoile.svg")
    assert etoile.id == "etoile"
    assert etoile.view_box == (0, 0, 8.4666665, 8.4666669)
    star, ring = etoile.shapes  # the hidden "Notes" layer and its <text> are skipped
    assert star.fill == pytest.approx((0xE8 / 255, 0xB9 / 255, 0x23 / 255))
    assert (star.stroke, star.stroke_width) == ((0, 0, 0), 0.264583)
    assert (star.line_cap, star.line_join) == ("round", "round")
    assert [s[0] for s in star.segments] == ["M"] + ["L"] * 9 + ["Z"]
    assert star.segments[0][1:] == pytest.approx((4.233333, 0.5))  # translate(-10,-20)
    assert star.segments[1][1:] == pytest.approx((5.333333, 3.0))
    assert (ring.fill, ring.stroke) == (None, "current")
    assert ring.segments[0][1:] == pytest.approx((4.233333 + 3.8, 4.233333))


def test_fixture_with_a_gradient_is_rejected_at_its_line() -> None:
    path = FIXTURES / "lune.svg"
    with pytest.raises(DataError) as caught:
        load_icon(path)
    assert str(caught.value) == (
        f"{path}:12: unsupported element <linearGradient> (supported: svg, g, path, circle, "
        "ellipse, rect, line, polyline, polygon, title, desc, metadata)")


def test_load_icon_file_problems(tmp_path: Path) -> None:
    latin = tmp_path / "latin.svg"
    latin.write_bytes(b'<svg viewBox="0 0 1 1"><title>\xe9t\xe9</title></svg>')
    with pytest.raises(DataError, match=r"latin\.svg: not UTF-8 text"):
        load_icon(latin)
    with pytest.raises(DataError, match=r"missing\.svg: cannot read icon"):
        load_icon(tmp_path / "missing.svg")
    bom = tmp_path / "bom.svg"
    bom.write_bytes(b'\xef\xbb\xbf<svg viewBox="0 0 2 1">\r\n<path d="M0 0"/></svg>')
    assert load_icon(bom).aspect == 2


def test_an_icon_is_parsed_once_per_process_and_again_when_its_text_changes() -> None:
    text = '<svg viewBox="0 0 10 10"><path d="M1 1h5v5z"/></svg>'
    first = parse_svg(text, source="icons/a.svg", icon_id="a")
    assert parse_svg(text, source="icons/a.svg", icon_id="a") is first
    other = parse_svg(text.replace("h5", "h6"), source="icons/a.svg", icon_id="a")
    assert other is not first and other.shapes != first.shapes
    assert parse_svg(text, source="icons/b.svg", icon_id="b").id == "b"
