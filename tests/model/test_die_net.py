"""The nets of a six-sided die (the familiar cross) and of a four-sided one (a large
triangle cut into four), unfolded from their solids as every die is: their faces, fold
lines, glue tabs and cut lines in numbers."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from printandplay.data.board_fields import as_die
from printandplay.data.reader import Invalid
from printandplay.model.polyhedron_net import TAB_ANGLE, DieSpec, poly_net
from printandplay.units import MM

CUBE = 16 * MM
TAB = 4 * MM
EXACT = 0.05 * MM
Point = tuple[float, float]


def _key(point: Point) -> tuple[float, float]:
    return round(point[0], 6), round(point[1], 6)


def _centre(face: tuple[Point, ...]) -> Point:
    return (sum(p[0] for p in face) / len(face), sum(p[1] for p in face) / len(face))


def _box(face: tuple[Point, ...]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in face], [p[1] for p in face]
    return min(xs), min(ys), max(xs), max(ys)


def _shared_side(one: tuple[Point, ...], other: tuple[Point, ...]) -> bool:
    return sum(any(math.dist(p, q) < EXACT for q in other) for p in one) >= 2


def _angle(at: Point, to: Point, other: Point) -> float:
    ux, uy = to[0] - at[0], to[1] - at[1]
    vx, vy = other[0] - at[0], other[1] - at[1]
    cos = (ux * vx + uy * vy) / (math.hypot(ux, uy) * math.hypot(vx, vy))
    return math.degrees(math.acos(max(-1.0, min(1.0, cos))))


def test_faces_form_a_cross_and_opposite_faces_add_up_to_seven() -> None:
    net = poly_net(6, CUBE, TAB)
    assert net.size == pytest.approx((56 * MM, 68 * MM))
    for face in net.faces:  # upright squares of the cube's side
        x0, y0, x1, y1 = _box(face)
        assert (x1 - x0, y1 - y0) == pytest.approx((CUBE, CUBE), abs=EXACT)
    front, top, left, right, bottom, back = (_box(face) for face in net.faces)
    # the top face's tab above it: the front's top is one side and one tab below the net's
    assert front == pytest.approx((TAB + CUBE, 68 * MM - TAB - 2 * CUBE, TAB + 2 * CUBE,
                                   68 * MM - TAB - CUBE))
    assert top[1] == pytest.approx(front[3]) and top[0] == pytest.approx(front[0])
    assert bottom[3] == pytest.approx(front[1]) and back[3] == pytest.approx(bottom[1])
    assert bottom[0] == pytest.approx(front[0]) and back[0] == pytest.approx(front[0])
    assert left[2] == pytest.approx(front[0]) and right[0] == pytest.approx(front[2])
    assert left[1] == pytest.approx(front[1]) and right[1] == pytest.approx(front[1])
    # opposite faces (1-6, 2-5, 3-4) never share an edge: they end up parallel
    for a, b in ((0, 5), (1, 4), (2, 3)):
        assert not _shared_side(net.faces[a], net.faces[b])


def test_fold_lines_between_faces_and_at_each_tab() -> None:
    net = poly_net(6, CUBE, TAB)
    assert len(net.folds) == 12  # 5 between the six faces, 7 at the tabs' bases
    for a, b in net.folds:
        assert math.dist(a, b) == pytest.approx(CUBE)  # each a whole edge of a face
    corners = [p for face in net.faces for p in face]
    between = [f for f in net.folds
               if sum(math.dist(p, c) < EXACT for c in corners for p in f) == 4]
    assert len(between) == 5
    x0, _y0, x1, y1 = _box(net.faces[0])
    assert any({_key(a), _key(b)} == {_key((x0, y1)), _key((x1, y1))}
               for a, b in net.folds)  # the fold between the front and the top


def test_tabs_lean_in_at_45_degrees_and_are_tab_deep() -> None:
    net = poly_net(6, CUBE, TAB)
    assert len(net.tabs) == 7
    for a, b, c, d in net.tabs:
        assert math.dist(a, b) == pytest.approx(CUBE)
        # the far side is parallel to the base, shorter by the lean at both ends
        assert math.dist(c, d) == pytest.approx(CUBE - 2 * TAB / math.tan(math.radians(TAB_ANGLE)))
        for base, other, side_end in ((a, b, d), (b, a, c)):
            assert _angle(base, other, side_end) == pytest.approx(TAB_ANGLE)
        # its depth: the far side lies TAB from the base's line
        (ax, ay), (bx, by) = a, b
        depth = abs((bx - ax) * (c[1] - ay) - (by - ay) * (c[0] - ax)) / CUBE
        assert depth == pytest.approx(TAB)


def test_cut_lines_close_around_the_net() -> None:
    net = poly_net(6, CUBE, TAB)
    ends = Counter(_key(p) for segment in net.cuts for p in segment)
    assert set(ends.values()) == {2}  # every end meets exactly one other cut: a closed path
    xs = [p[0] for s in net.cuts for p in s]
    ys = [p[1] for s in net.cuts for p in s]
    assert (min(xs), min(ys), max(xs), max(ys)) == pytest.approx((0, 0, 56 * MM, 68 * MM))


def test_die_key_and_tab_bounds() -> None:
    assert as_die({"cube": "16mm"}) == DieSpec(CUBE, CUBE / 4)
    with pytest.raises(Invalid, match="tab from 0 to 0.4"):
        as_die({"cube": "16mm", "tab": "8mm"})
    with pytest.raises(ValueError, match="at most 0.4"):
        poly_net(6, CUBE, 0.0)
    with pytest.raises(ValueError, match="at most 0.4"):
        poly_net(4, 30 * MM, 13 * MM)


def test_tetrahedron_net_is_a_large_triangle_with_a_tab_on_each_side() -> None:
    edge, tab = 30 * MM, 6 * MM
    net = poly_net(4, edge, tab)
    assert net.size == pytest.approx((64.39 * MM, 57.96 * MM), abs=0.01 * MM)
    for face in net.faces:  # four equilateral triangles
        sides = [math.dist(face[i], face[(i + 1) % 3]) for i in range(3)]
        assert sides == pytest.approx([edge] * 3)
    assert len(net.folds) == 6 and len(net.tabs) == 3 and len(net.cuts) == 3 + 3 * 3
    # face 2 in the middle, pointing down, sharing a side with each of the others; 1 bottom
    # left, 3 bottom right, 4 at the top: a large triangle pointing up
    first, middle, third, top = (_centre(face) for face in net.faces)
    assert all(_shared_side(net.faces[1], net.faces[n]) for n in (0, 2, 3))
    assert first[1] == pytest.approx(third[1]) and first[1] < middle[1] < top[1]
    assert middle[0] == pytest.approx(top[0]) and first[0] < middle[0] < third[0]
    low = min(p[1] for face in net.faces for p in face)
    assert sorted(p[1] for p in net.faces[1])[1:] == pytest.approx(
        [low + edge * math.sqrt(3) / 2] * 2)
    for a, b, c, d in net.tabs:  # each tab on half a side of the large triangle, 45° sides
        assert math.dist(a, b) == pytest.approx(edge)
        assert _angle(a, b, d) == pytest.approx(TAB_ANGLE)
        assert _angle(b, a, c) == pytest.approx(TAB_ANGLE)
    # the other half of each tabbed side is cut: once folded the two halves meet on the tab
    ends = Counter(_key(p) for segment in net.cuts for p in segment)
    assert set(ends.values()) == {2}
    assert as_die({"tetrahedron": "30mm", "tab": "6mm"}) == DieSpec(edge, tab, 4)
    with pytest.raises(Invalid, match="cube: 16mm"):
        as_die({"cube": "16mm", "tetrahedron": "30mm"})
