"""The net of a die: a regular tetrahedron (four sides), cube (six), octahedron (eight) or
dodecahedron (twelve), unfolded from the solid itself (:mod:`printandplay.model.polyhedra`)
so that the geometry is exact.

The net is the solid's tree of faces (given per solid: a cross for the cube, a large
triangle for the tetrahedron, two "flowers" joined by one edge for the others). Each face is
laid out as a regular polygon on the edge it shares with the face it unfolds from, so every
vertex of the net is where the solid puts it, to rounding.

Each edge of the solid is either a fold between two faces of the net or appears twice on
the net's outline (the two edges that meet once folded); exactly one of those two carries a
glue tab, a trapezoid ``tab`` deep whose sides lean in at :data:`TAB_ANGLE` (or at
:data:`TIGHT_TAB_ANGLE` at an end where the net leaves less room), chosen so that no tab
covers a face or another tab. Points in points (PDF units), y up.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from printandplay.model.geometry import Rect
from printandplay.model.polyhedra import edge_key, numbered_faces
from printandplay.units import MM

Point = tuple[float, float]
Segment = tuple[Point, Point]
Tab = tuple[Point, Point, Point, Point]  # base start, base end, far corners
TAB_ANGLE: Final = 45.0  # degrees between a tab's base and its sides
TIGHT_TAB_ANGLE: Final = 30.0  # at an end of a tab where 45° would cover the net
MAX_TAB: Final = 0.4  # of the edge: a tab leaves room for its neighbours
# a layout box's die key: the solid's name, by its number of faces
DIE_SOLIDS: Final = {6: "cube", 4: "tetrahedron", 8: "octahedron", 12: "dodecahedron"}


@dataclass(frozen=True)
class DieSpec:
    """A layout box's ``die``: a cube (``sides`` 6), a tetrahedron (4), an octahedron (8) or a
    dodecahedron (12) whose edges are ``edge`` long, with glue tabs ``tab`` deep."""

    edge: float
    tab: float
    sides: int = 6


@dataclass(frozen=True)
class PolyNet:
    """Where a die's net lies: its faces (``faces[n - 1]``: face n, counter-clockwise), a
    square in each face's inscribed circle for its content, the glue tabs, the fold lines
    (between faces, then at each tab's base) and the cut lines (the rest of the outline)."""

    size: tuple[float, float]
    faces: tuple[tuple[Point, ...], ...]
    content: tuple[Rect, ...]
    tabs: tuple[Tab, ...]
    folds: tuple[Segment, ...]
    cuts: tuple[Segment, ...]
    glued: tuple[tuple[Segment, Segment], ...]  # the outline's sides that meet once folded
    edges: int  # the solid's edges


def _lay(outline: tuple[int, ...], start: int, a: Point, b: Point) -> dict[int, Point]:
    """A regular polygon with vertices ``outline`` (counter-clockwise) whose vertex at index
    ``start`` is at ``a`` and the next one at ``b``."""
    n = len(outline)
    turn = 2 * math.pi / n
    points = {outline[start]: a, outline[(start + 1) % n]: b}
    x, y = b
    dx, dy = b[0] - a[0], b[1] - a[1]
    for k in range(2, n):
        dx, dy = dx * math.cos(turn) - dy * math.sin(turn), dx * math.sin(turn) + dy * math.cos(turn)
        x, y = x + dx, y + dy
        points[outline[(start + k) % n]] = (x, y)
    return points


def _unfold(sides: int, edge: float) -> tuple[list[list[Point]], list[tuple[int, int, int]],
                                              list[tuple[int, int, int, int]]]:
    """Each face's corners on the page, the folds (face, face, side of the first) and the pairs
    of outline sides that meet once folded (face, side, face, side)."""
    faces, tree = numbered_faces(sides)
    parent_of: dict[int, int] = {}
    children: dict[int, list[int]] = {}
    for child, parent in tree:
        parent_of[child] = parent
        children.setdefault(parent, []).append(child)
    placed: dict[int, dict[int, Point]] = {0: _lay(faces[0], 0, (0.0, 0.0), (edge, 0.0))}
    queue = [0]
    while queue:
        parent = queue.pop(0)
        for child in children.get(parent, []):
            f, g = faces[parent], faces[child]
            k = next(k for k in range(len(g))
                     if edge_key(g[k], g[(k + 1) % len(g)]) in
                     {edge_key(f[i], f[(i + 1) % len(f)]) for i in range(len(f))})
            u, v = g[k], g[(k + 1) % len(g)]  # the parent runs v then u
            placed[child] = _lay(g, k, placed[parent][u], placed[parent][v])
            queue.append(child)
    corners = [[placed[i][v] for v in faces[i]] for i in range(sides)]
    sides_of: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for i, f in enumerate(faces):
        for k in range(len(f)):
            sides_of.setdefault(edge_key(f[k], f[(k + 1) % len(f)]), []).append((i, k))
    folds, pairs = [], []
    for (i, k), (j, m) in sides_of.values():
        if parent_of.get(i) == j or parent_of.get(j) == i:
            folds.append((i, j, k))
        else:
            pairs.append((i, k, j, m))
    return corners, folds, pairs


def _side(corners: list[list[Point]], face: int, k: int) -> Segment:
    points = corners[face]
    return points[k], points[(k + 1) % len(points)]


def _tab(base: Segment, tab: float, angles: tuple[float, float]) -> Tab | None:
    """A trapezoid ``tab`` deep outside ``base`` (a counter-clockwise side), its sides leaning
    in at ``angles`` (degrees, at the start and at the end); None when they would cross."""
    (ax, ay), (bx, by) = base
    length = math.dist(base[0], base[1])
    tx, ty = (bx - ax) / length, (by - ay) / length
    nx, ny = ty, -tx  # outward
    lean_a = tab / math.tan(math.radians(angles[0]))
    lean_b = tab / math.tan(math.radians(angles[1]))
    if lean_a + lean_b > 0.9 * length:
        return None
    return ((ax, ay), (bx, by), (bx + nx * tab - tx * lean_b, by + ny * tab - ty * lean_b),
            (ax + nx * tab + tx * lean_a, ay + ny * tab + ty * lean_a))


def convex_overlap(one: tuple[Point, ...], other: tuple[Point, ...]) -> bool:
    """Whether two convex polygons overlap by more than a touch (a shared side or corner)."""
    for poly in (one, other):
        for i, (ax, ay) in enumerate(poly):
            bx, by = poly[(i + 1) % len(poly)]
            nx, ny = ay - by, bx - ax
            scale = math.hypot(nx, ny)
            a = [(x * nx + y * ny) / scale for x, y in one]
            b = [(x * nx + y * ny) / scale for x, y in other]
            if min(max(a), max(b)) - max(min(a), min(b)) < 1e-6:
                return False  # a separating axis
    return True


def _fit_rotation(corners: list[list[Point]]) -> float:
    """The turn (radians) that lays the net in the smallest upright box: one of its sides
    horizontal."""
    points = [p for face in corners for p in face]
    best, best_area = 0.0, math.inf
    for face in corners:
        for k in range(len(face)):
            (ax, ay), (bx, by) = face[k], face[(k + 1) % len(face)]
            angle = -math.atan2(by - ay, bx - ax)
            c, s = math.cos(angle), math.sin(angle)
            xs = [x * c - y * s for x, y in points]
            ys = [x * s + y * c for x, y in points]
            area = (max(xs) - min(xs)) * (max(ys) - min(ys))
            if area < best_area - 1e-6:
                best, best_area = angle, area
    return best


def poly_net(sides: int, edge: float, tab: float, origin: Point = (0.0, 0.0)) -> PolyNet:
    """The net of the die of ``sides`` faces (4, 6, 8 or 12) with edges ``edge`` and tabs
    ``tab`` deep, the bottom-left corner of its box (tabs included) at ``origin``; ValueError
    for a tab deeper than :data:`MAX_TAB` of the edge or tabs that do not fit."""
    if edge <= 0 or not 0 < tab <= MAX_TAB * edge:
        raise ValueError(f"a die's tabs must be deeper than 0 and at most {MAX_TAB:g} × its "
                         f"edge ({MAX_TAB * edge / MM:.1f} mm)")
    corners, fold_sides, pairs = _unfold(sides, edge)
    angle = _fit_rotation(corners)
    c, s = math.cos(angle), math.sin(angle)
    corners = [[(x * c - y * s, x * s + y * c) for x, y in face] for face in corners]
    polygons = [tuple(face) for face in corners]
    tabs: list[Tab] = []
    tabbed: list[tuple[int, int]] = []
    for i, k, j, m in pairs:
        tabs_here = _choose_tab([(i, k), (j, m)], corners, polygons, tabs, tab)
        if tabs_here is None:
            raise ValueError(f"the glue tabs of a {sides}-sided die's net do not fit: make "
                             f"them shallower than {tab / MM:.1f} mm")
        where, shape = tabs_here
        tabs.append(shape)
        tabbed.append(where)
    xs = [p[0] for poly in (*polygons, *tabs) for p in poly]
    ys = [p[1] for poly in (*polygons, *tabs) for p in poly]
    dx, dy = origin[0] - min(xs), origin[1] - min(ys)

    def move(p: Point) -> Point:
        return p[0] + dx, p[1] + dy

    corners = [[move(p) for p in face] for face in corners]
    tabs = [(move(a), move(b), move(cc), move(d)) for a, b, cc, d in tabs]
    folds = [_side(corners, i, k) for i, _j, k in fold_sides]
    folds += [_side(corners, i, k) for i, k in tabbed]
    glued = tuple((_side(corners, i, k), _side(corners, j, m)) for i, k, j, m in pairs)
    cuts: list[Segment] = []
    for i, k, j, m in pairs:
        for face, side in ((i, k), (j, m)):
            if (face, side) not in tabbed:
                cuts.append(_side(corners, face, side))
    for a, b, cc, d in tabs:
        cuts += [(b, cc), (cc, d), (d, a)]
    inradius = edge / (2 * math.tan(math.pi / len(corners[0])))
    half = inradius / math.sqrt(2)
    content = []
    for points in corners:
        cx = sum(p[0] for p in points) / len(points)
        cy = sum(p[1] for p in points) / len(points)
        content.append(Rect(cx - half, cy - half, 2 * half, 2 * half))
    size = (max(xs) - min(xs), max(ys) - min(ys))
    return PolyNet(size, tuple(tuple(face) for face in corners), tuple(content), tuple(tabs),
                   tuple(folds), tuple(cuts), glued, len(fold_sides) + len(pairs))


def _choose_tab(candidates: list[tuple[int, int]], corners: list[list[Point]],
                polygons: list[tuple[Point, ...]], tabs: list[Tab], depth: float
                ) -> tuple[tuple[int, int], Tab] | None:
    """The first of the two sides (with the widest angles that fit) whose tab covers no face
    and no tab already placed."""
    tries = ((TAB_ANGLE, TAB_ANGLE), (TAB_ANGLE, TIGHT_TAB_ANGLE),
             (TIGHT_TAB_ANGLE, TAB_ANGLE), (TIGHT_TAB_ANGLE, TIGHT_TAB_ANGLE))
    for angles in tries:
        for face, side in candidates:
            shape = _tab(_side(corners, face, side), depth, angles)
            if shape is None:
                continue
            if not any(convex_overlap(shape, other) for other in (*polygons, *tabs)):
                return (face, side), shape
    return None
