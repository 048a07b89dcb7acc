"""Nets of an eight-sided die (a regular octahedron) and a twelve-sided one (a regular
dodecahedron), unfolded from the solid itself so that the geometry is exact.

The solid's faces are found from its vertices (those farthest along each face's normal),
ordered counter-clockwise seen from outside. The net is two "flowers": face 1 with its
neighbours around it, the opposite face (8 or 12) with its own, joined by one edge. Each face
is laid out as a regular polygon on the edge it shares with the face it unfolds from, so
every vertex of the net is where the solid puts it, to rounding. Faces are numbered so that
opposite faces add up to the number of faces plus one.

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

Point = tuple[float, float]
Segment = tuple[Point, Point]
Tab = tuple[Point, Point, Point, Point]  # base start, base end, far corners
Vector = tuple[float, float, float]
TAB_ANGLE: Final = 45.0  # degrees between a tab's base and its sides
TIGHT_TAB_ANGLE: Final = 30.0  # at an end of a tab where 45° would cover the net
PHI: Final = (1 + math.sqrt(5)) / 2
SOLIDS: Final = {8: "octahedron", 12: "dodecahedron"}


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


def _solid(sides: int) -> tuple[list[Vector], list[Vector]]:
    """The vertices and the face normals of the solid with ``sides`` faces."""
    if sides == 8:
        octahedron: list[Vector] = [(s, 0.0, 0.0) for s in (1.0, -1.0)]
        octahedron += [(0.0, s, 0.0) for s in (1.0, -1.0)]
        octahedron += [(0.0, 0.0, s) for s in (1.0, -1.0)]
        normals = [(x, y, z) for x in (1.0, -1.0) for y in (1.0, -1.0) for z in (1.0, -1.0)]
        return octahedron, normals
    if sides == 12:
        inv = 1 / PHI
        vertices = [(x, y, z) for x in (1.0, -1.0) for y in (1.0, -1.0) for z in (1.0, -1.0)]
        for a in (1.0, -1.0):
            for b in (1.0, -1.0):
                vertices += [(0.0, a * PHI, b * inv), (a * inv, 0.0, b * PHI),
                             (a * PHI, b * inv, 0.0)]
        normals = []
        for a in (1.0, -1.0):
            for b in (1.0, -1.0):
                normals += [(0.0, a, b * PHI), (a, b * PHI, 0.0), (b * PHI, 0.0, a)]
        return vertices, normals
    raise ValueError(f"no net for a die of {sides} faces")


def _dot(a: Vector, b: Vector) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _minus(a: Vector, b: Vector) -> Vector:
    return a[0] - b[0], a[1] - b[1], a[2] - b[2]


def _mean(points: list[Vector]) -> Vector:
    n = len(points)
    return (sum(p[0] for p in points) / n, sum(p[1] for p in points) / n,
            sum(p[2] for p in points) / n)


def _cross(a: Vector, b: Vector) -> Vector:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _faces(sides: int) -> list[tuple[int, ...]]:
    """Each face's vertex indices, counter-clockwise seen from outside, in the order of the
    normals."""
    vertices, normals = _solid(sides)
    faces = []
    for normal in normals:
        reach = max(_dot(v, normal) for v in vertices)
        on = [i for i, v in enumerate(vertices) if _dot(v, normal) > reach - 1e-9]
        assert len(on) == (3 if sides == 8 else 5)
        centre = _mean([vertices[i] for i in on])
        u = _minus(vertices[on[0]], centre)
        w = _cross(normal, u)
        angles = {i: math.atan2(_dot(w, _minus(vertices[i], centre)),
                                _dot(u, _minus(vertices[i], centre))) for i in on}
        on.sort(key=angles.__getitem__)
        faces.append(tuple(on))
    return faces


def _edge_key(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def numbered_faces(sides: int) -> tuple[list[tuple[int, ...]], list[tuple[int, int]]]:
    """The faces in the order of their numbers (face 1 first) and the net's tree: for each
    face after the first, the face (by number, from 0) it unfolds from."""
    faces = _faces(sides)
    _, normals = _solid(sides)
    opposite = {i: next(j for j, m in enumerate(normals)
                        if all(abs(a + b) < 1e-9 for a, b in zip(normals[i], m, strict=True)))
                for i in range(sides)}
    edges_of = [{_edge_key(f[k], f[(k + 1) % len(f)]) for k in range(len(f))} for f in faces]

    def ring(centre: int) -> list[int]:  # the neighbours in the order of the centre's edges
        f = faces[centre]
        out = []
        for k in range(len(f)):
            key = _edge_key(f[k], f[(k + 1) % len(f)])
            out.append(next(j for j in range(sides) if j != centre and key in edges_of[j]))
        return out

    first = 0
    petals = ring(first)
    last = opposite[first]
    order = [first, *petals, *(opposite[p] for p in reversed(petals)), last]
    number = {face: n for n, face in enumerate(order)}  # opposite faces add up to sides - 1
    # the two flowers joined between the second petal and a petal of the other flower,
    # which carries the opposite face and its other petals
    join = petals[1]
    other = next(j for j in ring(join) if number[j] > len(petals))
    tree = [(number[p], 0) for p in petals]
    tree += [(number[other], number[join]), (sides - 1, number[other])]
    tree += [(number[opposite[p]], sides - 1) for p in petals if opposite[p] != other]
    return [faces[face] for face in order], tree


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
                     if _edge_key(g[k], g[(k + 1) % len(g)]) in
                     {_edge_key(f[i], f[(i + 1) % len(f)]) for i in range(len(f))})
            u, v = g[k], g[(k + 1) % len(g)]  # the parent runs v then u
            placed[child] = _lay(g, k, placed[parent][u], placed[parent][v])
            queue.append(child)
    corners = [[placed[i][v] for v in faces[i]] for i in range(sides)]
    sides_of: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for i, f in enumerate(faces):
        for k in range(len(f)):
            sides_of.setdefault(_edge_key(f[k], f[(k + 1) % len(f)]), []).append((i, k))
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
    """The net of the die of ``sides`` faces (8 or 12) with edges ``edge`` and tabs ``tab``
    deep, the bottom-left corner of its box (tabs included) at ``origin``."""
    if edge <= 0 or tab <= 0:
        raise ValueError("a die's edge and tabs must be longer than 0")
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
                             f"them shallower than {tab * 25.4 / 72:.1f} mm")
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


def poly_size(sides: int, edge: float, tab: float) -> tuple[float, float]:
    """The width and height of the net of ``poly_net(sides, edge, tab)``."""
    return poly_net(sides, edge, tab).size
