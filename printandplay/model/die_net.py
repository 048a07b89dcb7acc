"""Foldable dice: the net of a cube (a six-sided die) or of a tetrahedron (a four-sided one)
with glue tabs, their fold lines and cut lines, in points (y up); eight- and twelve-sided
dice are :mod:`printandplay.model.polyhedron_net`'s.

The six-sided die: the net of a cube (a cross of six squares) with glue tabs, its
fold lines and its cut lines, in points (y up).

The net is a column of four squares (top, front, bottom, back, from the top of the page) with
a square on each side of the front (left, right). Faces are numbered so that opposite faces add
up to 7: 1 front, 6 back, 2 top, 5 bottom, 3 left, 4 right. Seven glue tabs close the cube,
one per pair of edges that meet once folded: on the top, bottom and outer edges of the left and
right squares, and on the bottom edge of the back square. A tab is a trapezoid ``tab`` deep
whose sides lean in at :data:`TAB_ANGLE` so that tabs meeting at a corner do not overlap.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from printandplay.model.geometry import Rect

Point = tuple[float, float]
Segment = tuple[Point, Point]
TAB_ANGLE: Final = 45.0  # degrees between a tab's base and its sides
MAX_TAB: Final = 0.4  # of the cube's side: a tab leaves room for its neighbours
# a layout box's die key: the solid's name, by its number of faces
DIE_SOLIDS: Final = {6: "cube", 4: "tetrahedron", 8: "octahedron", 12: "dodecahedron"}

# (column, row from the top) of the squares of faces 1 to 6
SQUARES: Final = {1: (1, 1), 2: (1, 0), 3: (0, 1), 4: (2, 1), 5: (1, 2), 6: (1, 3)}
# the edges that carry a tab: (face, side) with side one of left, right, top, bottom
TABS: Final = ((3, "top"), (3, "bottom"), (3, "left"), (4, "top"), (4, "bottom"),
               (4, "right"), (6, "bottom"))


@dataclass(frozen=True)
class DieSpec:
    """A layout box's ``die``: a cube (``sides`` 6), a tetrahedron (4), an octahedron (8) or a
    dodecahedron (12) whose edges are ``edge`` long, with glue tabs ``tab`` deep."""

    edge: float
    tab: float
    sides: int = 6


@dataclass(frozen=True)
class D6Net:
    """Where a die's net lies: its faces (1 to 6), glue tabs, fold and cut lines."""

    size: tuple[float, float]  # width and height of the net with its tabs
    faces: tuple[Rect, ...]  # faces[n - 1]: face n
    tabs: tuple[tuple[Point, Point, Point, Point], ...]  # base start, base end, far corners
    folds: tuple[Segment, ...]  # between faces, and at each tab's base
    cuts: tuple[Segment, ...]  # the outline: free square edges and tabs' other three sides


def net_size(cube: float, tab: float) -> tuple[float, float]:
    """The width and height of the net of a cube of side ``cube`` with tabs ``tab`` deep."""
    return 3 * cube + 2 * tab, 4 * cube + tab


def _edge(square: Rect, side: str) -> tuple[Point, Point, Point]:
    """The edge ``side`` of ``square`` (start, end, counter-clockwise) and its outward
    normal."""
    x0, y0, x1, y1 = square.x, square.y, square.right, square.top
    return {"bottom": ((x0, y0), (x1, y0), (0.0, -1.0)),
            "right": ((x1, y0), (x1, y1), (1.0, 0.0)),
            "top": ((x1, y1), (x0, y1), (0.0, 1.0)),
            "left": ((x0, y1), (x0, y0), (-1.0, 0.0))}[side]


def d6_net(cube: float, tab: float, origin: Point = (0.0, 0.0)) -> D6Net:
    """The net of a cube of side ``cube`` with tabs ``tab`` deep, its bottom-left corner at
    ``origin``; ValueError for a tab deeper than :data:`MAX_TAB` of the side."""
    if cube <= 0 or not 0 < tab <= MAX_TAB * cube:
        raise ValueError(f"a die's tabs must be deeper than 0 and at most {MAX_TAB:g} × its "
                         f"side ({MAX_TAB * cube * 25.4 / 72:.1f} mm)")
    width, height = net_size(cube, tab)
    ox, oy = origin
    faces = tuple(Rect(ox + tab + col * cube, oy + height - (row + 1) * cube, cube, cube)
                  for col, row in (SQUARES[n] for n in range(1, 7)))
    lean = tab / math.tan(math.radians(TAB_ANGLE))
    tabs = []
    for face, side in TABS:
        (ax, ay), (bx, by), (nx, ny) = _edge(faces[face - 1], side)
        tx, ty = (bx - ax) / cube, (by - ay) / cube  # along the edge
        tabs.append(((ax, ay), (bx, by), (bx + nx * tab - tx * lean, by + ny * tab - ty * lean),
                     (ax + nx * tab + tx * lean, ay + ny * tab + ty * lean)))
    folds: list[Segment] = []
    cuts: list[Segment] = []
    tabbed = {(face, side) for face, side in TABS}
    for face in range(1, 7):
        for side in ("bottom", "right", "top", "left"):
            a, b, _ = _edge(faces[face - 1], side)
            shared = any(_same_segment((a, b), _edge(faces[other - 1], other_side)[:2])
                         for other in range(1, 7) if other != face
                         for other_side in ("bottom", "right", "top", "left"))
            if shared:
                if face < _neighbour(faces, face, (a, b)):  # each shared edge once
                    folds.append((a, b))
            elif (face, side) in tabbed:
                folds.append((a, b))
            else:
                cuts.append((a, b))
    for a, b, c, d in tabs:
        cuts += [(b, c), (c, d), (d, a)]
    return D6Net((width, height), faces, tuple(tabs), tuple(folds), tuple(cuts))


def _same_segment(one: Segment, other: Segment) -> bool:
    (a, b), (c, d) = one, other
    return (math.dist(a, c) < 1e-6 and math.dist(b, d) < 1e-6) or (
        math.dist(a, d) < 1e-6 and math.dist(b, c) < 1e-6)


def _neighbour(faces: tuple[Rect, ...], face: int, edge: Segment) -> int:
    """The face on the other side of ``edge`` of ``face``."""
    for other in range(1, 7):
        if other != face and any(_same_segment(edge, _edge(faces[other - 1], side)[:2])
                                 for side in ("bottom", "right", "top", "left")):
            return other
    return face


@dataclass(frozen=True)
class D4Net:
    """Where a four-sided die's net lies: a large triangle pointing up cut into four, face 1
    in the middle (pointing down), 2 bottom left, 3 bottom right, 4 at the top; one glue tab
    on one half of each side of the large triangle (the halves meet once folded)."""

    size: tuple[float, float]
    faces: tuple[tuple[Point, Point, Point], ...]  # counter-clockwise
    content: tuple[Rect, ...]  # a square in each face's inscribed circle
    tabs: tuple[tuple[Point, Point, Point, Point], ...]
    folds: tuple[Segment, ...]
    cuts: tuple[Segment, ...]


def d4_size(edge: float, tab: float) -> tuple[float, float]:
    """The width and height of a tetrahedron's net of edges ``edge``, tabs ``tab`` deep."""
    points = _d4_points(edge, tab, (0.0, 0.0))
    xs = [p[0] for face in points[0] for p in face] + [p[0] for t in points[1] for p in t]
    ys = [p[1] for face in points[0] for p in face] + [p[1] for t in points[1] for p in t]
    return max(xs) - min(xs), max(ys) - min(ys)


def _d4_points(edge: float, tab: float, shift: Point
               ) -> tuple[list[tuple[Point, Point, Point]], list[tuple[Point, Point, Point, Point]]]:
    h = edge * math.sqrt(3) / 2
    dx, dy = shift
    a, b, c = (dx, dy), (dx + 2 * edge, dy), (dx + edge, dy + 2 * h)
    ab, bc, ca = (dx + edge, dy), (dx + 1.5 * edge, dy + h), (dx + 0.5 * edge, dy + h)
    faces = [(ab, bc, ca), (a, ab, ca), (ab, b, bc), (ca, bc, c)]
    lean = tab / math.tan(math.radians(TAB_ANGLE))
    tabs = []
    for start, end in ((a, ab), (b, bc), (c, ca)):  # one half of each side, counter-clockwise
        tx, ty = (end[0] - start[0]) / edge, (end[1] - start[1]) / edge
        nx, ny = ty, -tx  # outward
        tabs.append((start, end, (end[0] + nx * tab - tx * lean, end[1] + ny * tab - ty * lean),
                     (start[0] + nx * tab + tx * lean, start[1] + ny * tab + ty * lean)))
    return faces, tabs


def d4_net(edge: float, tab: float, origin: Point = (0.0, 0.0)) -> D4Net:
    """The net of a tetrahedron of edges ``edge`` with tabs ``tab`` deep, the bottom-left
    corner of its bounding box at ``origin``; ValueError for a tab deeper than
    :data:`MAX_TAB` of the edge."""
    if edge <= 0 or not 0 < tab <= MAX_TAB * edge:
        raise ValueError(f"a die's tabs must be deeper than 0 and at most {MAX_TAB:g} × its "
                         f"edge ({MAX_TAB * edge * 25.4 / 72:.1f} mm)")
    faces, tabs = _d4_points(edge, tab, (0.0, 0.0))
    low_x = min(p[0] for t in tabs for p in t)
    low_y = min(p[1] for t in tabs for p in t)
    faces, tabs = _d4_points(edge, tab, (origin[0] - low_x, origin[1] - low_y))
    radius = edge / (2 * math.sqrt(3))  # of the inscribed circle
    half = radius / math.sqrt(2)
    content = []
    for face in faces:
        cx = sum(p[0] for p in face) / 3
        cy = sum(p[1] for p in face) / 3
        content.append(Rect(cx - half, cy - half, 2 * half, 2 * half))
    folds: list[Segment] = []
    cuts: list[Segment] = []
    tabbed = [(t[0], t[1]) for t in tabs]
    seen: list[Segment] = []
    for face in faces:
        for i in range(3):
            side = (face[i], face[(i + 1) % 3])
            if any(_same_segment(side, other) for other in seen):
                continue
            seen.append(side)
            shared = sum(_same_segment(side, (f[j], f[(j + 1) % 3]))
                         for f in faces for j in range(3)) > 1
            if shared or any(_same_segment(side, t) for t in tabbed):
                folds.append(side)
            else:
                cuts.append(side)
    for a, b, c, d in tabs:
        cuts += [(b, c), (c, d), (d, a)]
    return D4Net(d4_size(edge, tab), tuple(faces), tuple(content), tuple(tabs), tuple(folds),
                 tuple(cuts))
