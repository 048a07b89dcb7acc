"""The net of a six-sided die: its faces, fold lines, glue tabs and cut lines in numbers."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from printandplay.data.board_fields import as_die
from printandplay.data.reader import Invalid
from printandplay.model.die_net import TAB_ANGLE, DieSpec, d4_net, d4_size, d6_net, net_size
from printandplay.model.geometry import Rect
from printandplay.units import MM

CUBE = 16 * MM
TAB = 4 * MM
EXACT = 0.05 * MM


def _key(point: tuple[float, float]) -> tuple[float, float]:
    return round(point[0], 6), round(point[1], 6)


def test_faces_form_a_cross_and_opposite_faces_add_up_to_seven() -> None:
    net = d6_net(CUBE, TAB)
    assert net.size == net_size(CUBE, TAB)
    assert net.size == pytest.approx((56 * MM, 68 * MM))
    front, top, left, right, bottom, back = net.faces
    assert front.as_tuple() == pytest.approx((TAB + CUBE, 68 * MM - 2 * CUBE, CUBE, CUBE))
    assert top.y == pytest.approx(front.top) and top.x == front.x
    assert bottom.top == pytest.approx(front.y) and back.top == pytest.approx(bottom.y)
    assert left.right == pytest.approx(front.x) and right.x == pytest.approx(front.right)
    # opposite faces (1-6, 2-5, 3-4) never share an edge: they end up parallel
    for a, b in ((0, 5), (1, 4), (2, 3)):
        one, other = net.faces[a], net.faces[b]
        touching_x = one.right >= other.x - 1e-9 and other.right >= one.x - 1e-9
        touching_y = one.top >= other.y - 1e-9 and other.top >= one.y - 1e-9
        assert not (touching_x and touching_y)


def test_fold_lines_between_faces_and_at_each_tab() -> None:
    net = d6_net(CUBE, TAB)
    assert len(net.folds) == 12  # 5 between the six faces, 7 at the tabs' bases
    for a, b in net.folds:
        assert math.dist(a, b) == pytest.approx(CUBE)  # each a whole edge of a face
    between = [f for f in net.folds
               if sum(any(math.dist(p, c) < EXACT for c in _corners(face))
                      for face in net.faces for p in f) == 4]
    assert len(between) == 5
    front = net.faces[0]
    assert any({_key(a), _key(b)} == {_key((front.x, front.top)), _key((front.right, front.top))}
               for a, b in net.folds)  # the fold between the front and the top


def _corners(face: Rect) -> list[tuple[float, float]]:
    return [(face.x, face.y), (face.right, face.y), (face.right, face.top), (face.x, face.top)]


def test_tabs_lean_in_at_45_degrees_and_are_tab_deep() -> None:
    net = d6_net(CUBE, TAB)
    assert len(net.tabs) == 7
    for a, b, c, d in net.tabs:
        assert math.dist(a, b) == pytest.approx(CUBE)
        # the far side is parallel to the base, shorter by the lean at both ends
        assert math.dist(c, d) == pytest.approx(CUBE - 2 * TAB / math.tan(math.radians(TAB_ANGLE)))
        for base, other, side_end in ((a, b, d), (b, a, c)):
            along = (other[0] - base[0], other[1] - base[1])
            side = (side_end[0] - base[0], side_end[1] - base[1])
            cos = (along[0] * side[0] + along[1] * side[1]) / (math.hypot(*along)
                                                                * math.hypot(*side))
            assert math.degrees(math.acos(cos)) == pytest.approx(TAB_ANGLE)
        # its depth: the far side lies TAB from the base's line
        (ax, ay), (bx, by) = a, b
        depth = abs((bx - ax) * (c[1] - ay) - (by - ay) * (c[0] - ax)) / CUBE
        assert depth == pytest.approx(TAB)


def test_cut_lines_close_around_the_net() -> None:
    net = d6_net(CUBE, TAB)
    ends = Counter(_key(p) for segment in net.cuts for p in segment)
    assert set(ends.values()) == {2}  # every end meets exactly one other cut: a closed path
    xs = [p[0] for s in net.cuts for p in s]
    ys = [p[1] for s in net.cuts for p in s]
    assert (min(xs), min(ys), max(xs), max(ys)) == pytest.approx((0, 0, 56 * MM, 68 * MM))


def test_die_key_and_tab_bounds() -> None:
    assert as_die({"cube": "16mm"}) == DieSpec(CUBE, CUBE / 4)
    with pytest.raises(Invalid, match="tab from 0 to 0.4"):
        as_die({"cube": "16mm", "tab": "8mm"})
    with pytest.raises(ValueError):
        d6_net(CUBE, 0.0)


def test_tetrahedron_net_has_three_folds_inside_and_a_tab_on_each_side() -> None:
    edge, tab = 30 * MM, 6 * MM
    net = d4_net(edge, tab)
    assert net.size == pytest.approx(d4_size(edge, tab))
    for face in net.faces:  # four equilateral triangles
        sides = [math.dist(face[i], face[(i + 1) % 3]) for i in range(3)]
        assert sides == pytest.approx([edge] * 3)
    assert len(net.folds) == 6 and len(net.tabs) == 3 and len(net.cuts) == 3 + 3 * 3
    middle = net.faces[0]
    assert min(p[1] for p in middle) == pytest.approx(min(p[1] for f in net.faces for p in f))
    for a, b, _c, d in net.tabs:  # each tab on half a side of the large triangle, 45° sides
        assert math.dist(a, b) == pytest.approx(edge)
        along = (b[0] - a[0], b[1] - a[1])
        side = (d[0] - a[0], d[1] - a[1])
        cos = (along[0] * side[0] + along[1] * side[1]) / (math.hypot(*along) * math.hypot(*side))
        assert math.degrees(math.acos(cos)) == pytest.approx(TAB_ANGLE)
    # the other half of each tabbed side is cut: once folded the two halves meet on the tab
    ends = Counter(_key(p) for segment in net.cuts for p in segment)
    assert set(ends.values()) == {2}
    assert as_die({"tetrahedron": "30mm", "tab": "6mm"}) == DieSpec(edge, tab, 4)
    with pytest.raises(Invalid, match="cube: 16mm"):
        as_die({"cube": "16mm", "tetrahedron": "30mm"})
