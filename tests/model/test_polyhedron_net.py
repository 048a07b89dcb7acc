"""The nets of a four-, six-, eight- and twelve-sided die: exact faces, one glue tab per pair of edges
that meet once folded, fold lines, tab angles and a closed cut path, in numbers."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from printandplay.data.board_fields import as_die
from printandplay.data.reader import Invalid
from printandplay.model.polyhedra import edge_key, numbered_faces
from printandplay.model.polyhedron_net import (
    TAB_ANGLE,
    TIGHT_TAB_ANGLE,
    DieSpec,
    convex_overlap,
    poly_net,
)
from printandplay.units import MM

EXACT = 0.05 * MM
SOLIDS = [(4, 3, 6, 30 * MM, 6 * MM), (6, 4, 12, 16 * MM, 4 * MM), (8, 3, 12, 25 * MM, 6 * MM),
          (12, 5, 30, 15 * MM, 15 * MM / 4)]
Point = tuple[float, float]


def _key(point: Point) -> tuple[float, float]:
    return round(point[0], 4), round(point[1], 4)


def _same(one: tuple[Point, Point], other: tuple[Point, Point]) -> bool:
    (a, b), (c, d) = one, other
    return (math.dist(a, c) < EXACT and math.dist(b, d) < EXACT) or (
        math.dist(a, d) < EXACT and math.dist(b, c) < EXACT)


def _angle(at: Point, to: Point, other: Point) -> float:
    ux, uy = to[0] - at[0], to[1] - at[1]
    vx, vy = other[0] - at[0], other[1] - at[1]
    cos = (ux * vx + uy * vy) / (math.hypot(ux, uy) * math.hypot(vx, vy))
    return math.degrees(math.acos(max(-1.0, min(1.0, cos))))


@pytest.mark.parametrize(("sides", "corners", "edges", "edge", "tab"), SOLIDS)
def test_faces_are_regular_polygons_of_the_edge(sides: int, corners: int, edges: int,
                                                edge: float, tab: float) -> None:
    net = poly_net(sides, edge, tab)
    assert len(net.faces) == sides and net.edges == edges
    inner = 180.0 * (corners - 2) / corners
    for face in net.faces:
        assert len(face) == corners
        for i in range(corners):
            a, b, c = face[i - 1], face[i], face[(i + 1) % corners]
            assert abs(math.dist(b, c) - edge) < EXACT
            assert _angle(b, a, c) == pytest.approx(inner, abs=1e-6)
            # counter-clockwise: the next corner turns left
            assert (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]) > 0
    for one in range(sides):  # faces lie side by side, never over each other
        for other in range(one + 1, sides):
            assert not convex_overlap(net.faces[one], net.faces[other])


@pytest.mark.parametrize(("sides", "corners", "edges", "edge", "tab"), SOLIDS)
def test_every_pair_of_edges_meeting_once_folded_has_exactly_one_tab(
        sides: int, corners: int, edges: int, edge: float, tab: float) -> None:
    net = poly_net(sides, edge, tab)
    sides_of_faces = [(f[i], f[(i + 1) % corners]) for f in net.faces for i in range(corners)]
    between = [s for s in sides_of_faces
               if sum(_same(s, other) for other in sides_of_faces) == 2]
    outline = [s for s in sides_of_faces if sum(_same(s, o) for o in sides_of_faces) == 1]
    assert len(between) == 2 * (sides - 1)  # a tree of faces: each fold shared by two
    assert len(net.glued) == edges - (sides - 1) and 2 * len(net.glued) == len(outline)
    for s in outline:  # each side of the outline meets exactly one other
        assert sum(_same(s, g) for pair in net.glued for g in pair) == 1
    bases = [(a, b) for a, b, _c, _d in net.tabs]
    assert len(net.tabs) == len(net.glued)
    for one, other in net.glued:
        assert abs(math.dist(*one) - math.dist(*other)) < EXACT
        assert sum(_same(one, b) for b in bases) + sum(_same(other, b) for b in bases) == 1
    # fold lines: between faces (edges - outline pairs), then one at each tab's base
    folds_between = [f for f in net.folds if any(_same(f, s) for s in between)]
    assert len(folds_between) == edges - len(net.glued) == sides - 1
    assert len(net.folds) == edges
    for base in bases:
        assert any(_same(base, f) for f in net.folds)


@pytest.mark.parametrize(("sides", "corners", "edges", "edge", "tab"), SOLIDS)
def test_tabs_lean_in_are_tab_deep_and_cover_nothing(sides: int, corners: int, edges: int,
                                                     edge: float, tab: float) -> None:
    net = poly_net(sides, edge, tab)
    leaning: Counter[int] = Counter()
    for a, b, c, d in net.tabs:
        assert abs(math.dist(a, b) - edge) < EXACT
        for base, other, side_end in ((a, b, d), (b, a, c)):
            angle = _angle(base, other, side_end)
            assert min(abs(angle - TAB_ANGLE), abs(angle - TIGHT_TAB_ANGLE)) < 1e-6
            leaning[round(angle)] += 1
        for far in (c, d):  # the far side lies ``tab`` from the base's line
            depth = abs((b[0] - a[0]) * (far[1] - a[1]) - (b[1] - a[1]) * (far[0] - a[0])) / edge
            assert abs(depth - tab) < EXACT
        assert math.dist(c, d) > 0.05 * edge
    assert leaning[45] > leaning[30]  # 45° unless the net leaves less room
    shapes: list[tuple[Point, ...]] = [*net.faces, *net.tabs]
    for i, tab_shape in enumerate(net.tabs):
        for j, shape in enumerate(shapes):
            if j != len(net.faces) + i:
                assert not convex_overlap(tab_shape, shape)


@pytest.mark.parametrize(("sides", "corners", "edges", "edge", "tab"), SOLIDS)
def test_cut_lines_close_around_the_net(sides: int, corners: int, edges: int, edge: float,
                                        tab: float) -> None:
    net = poly_net(sides, edge, tab, origin=(10.0, 20.0))
    ends = Counter(_key(p) for segment in net.cuts for p in segment)
    assert set(ends.values()) == {2}
    assert len(net.cuts) == len(net.glued) + 3 * len(net.tabs)
    xs = [p[0] for s in net.cuts for p in s]
    ys = [p[1] for s in net.cuts for p in s]
    assert (min(xs), min(ys)) == pytest.approx((10.0, 20.0))
    assert (max(xs) - min(xs), max(ys) - min(ys)) == pytest.approx(poly_net(sides, edge, tab).size)
    for face, square in zip(net.faces, net.content, strict=True):  # content inside its face
        for x, y in ((square.x, square.y), (square.right, square.top)):
            assert all((b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]) > 0
                       for a, b in zip(face, (*face[1:], face[0]), strict=True))


def test_known_sizes() -> None:
    assert poly_net(6, 16 * MM, 4 * MM).size == pytest.approx((56 * MM, 68 * MM), abs=0.01 * MM)
    assert poly_net(4, 30 * MM, 6 * MM).size == pytest.approx((64.39 * MM, 57.96 * MM), abs=0.01 * MM)
    assert poly_net(8, 25 * MM, 6 * MM).size == pytest.approx((64.70 * MM, 70.95 * MM), abs=0.01 * MM)
    assert poly_net(12, 15 * MM, 3.75 * MM).size == pytest.approx((124.85 * MM, 65.01 * MM),
                                                              abs=0.01 * MM)


@pytest.mark.parametrize("sides", [6, 8, 12])
def test_opposite_faces_add_up_to_sides_plus_one(sides: int) -> None:
    faces, tree = numbered_faces(sides)
    for n in range(sides):  # faces n + 1 and sides - n: no corner in common (opposite)
        assert not set(faces[n]) & set(faces[sides - 1 - n])
    for n in range(sides):
        for m in range(n + 1, sides):
            if m != sides - 1 - n:  # every other pair of faces shares a corner or an edge
                assert set(faces[n]) & set(faces[m]) or sides == 12
    assert sorted(child for child, _parent in tree) == list(range(1, sides))


@pytest.mark.parametrize("sides", [4, 6, 8, 12])
def test_each_net_is_a_spanning_tree_of_faces_sharing_an_edge(sides: int) -> None:
    faces, tree = numbered_faces(sides)
    assert len(faces) == sides and len(set(faces)) == sides
    edges_of = [{edge_key(f[k], f[(k + 1) % len(f)]) for k in range(len(f))} for f in faces]
    for child, parent in tree:  # each face unfolds from a neighbour on the solid
        assert len(edges_of[child] & edges_of[parent]) == 1
    reached = {0}  # and every face is reached from face 1, once
    while len(reached) < sides:
        grown = {child for child, parent in tree if parent in reached} | reached
        assert grown != reached
        reached = grown
    assert len(tree) == sides - 1
    with pytest.raises(ValueError, match="no net for a die of 10 faces"):
        numbered_faces(10)


def test_die_keys() -> None:
    assert as_die({"octahedron": "25mm", "tab": "6mm"}) == DieSpec(25 * MM, 6 * MM, 8)
    assert as_die({"dodecahedron": "15mm"}) == DieSpec(15 * MM, 15 * MM / 4, 12)
    with pytest.raises(Invalid, match="dodecahedron: 15mm"):
        as_die({"octahedron": "25mm", "dodecahedron": "15mm"})
    with pytest.raises(ValueError, match="do not fit"):
        poly_net(12, 15 * MM, 6 * MM)  # 0.4 × the edge: the tabs in the notches cross
