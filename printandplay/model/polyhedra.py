"""The solids of the dice: a regular tetrahedron, cube, octahedron and dodecahedron, each
given as data (its vertices, its faces' normals in the order of the faces' numbers, and its
net), their faces found from the vertices (those farthest along each face's normal) and
ordered counter-clockwise seen from outside.

Opposite faces add up to the number of faces plus one (a tetrahedron has none). A net is a
spanning tree of the faces: for each face after the first, the face it unfolds from (an
edge they share), chosen per solid so that the six-sided die is the familiar cross and the
others lie compactly."""

from __future__ import annotations

import math
from typing import Final

Vector = tuple[float, float, float]
PHI: Final = (1 + math.sqrt(5)) / 2
_INV: Final = 1 / PHI
_SIGNS: Final = (1.0, -1.0)
_CORNERS: Final = tuple((x, y, z) for x in _SIGNS for y in _SIGNS for z in _SIGNS)

# each solid's vertices
VERTICES: Final[dict[int, tuple[Vector, ...]]] = {
    4: ((1.0, 1.0, 1.0), (1.0, -1.0, -1.0), (-1.0, 1.0, -1.0), (-1.0, -1.0, 1.0)),
    6: _CORNERS,
    8: ((1.0, 0.0, 0.0), (-1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, -1.0, 0.0),
        (0.0, 0.0, 1.0), (0.0, 0.0, -1.0)),
    12: _CORNERS + tuple(v for a in _SIGNS for b in _SIGNS
                         for v in ((0.0, a * PHI, b * _INV), (a * _INV, 0.0, b * PHI),
                                   (a * PHI, b * _INV, 0.0))),
}
# the normal of face 1, 2, … of each solid
NORMALS: Final[dict[int, tuple[Vector, ...]]] = {
    4: ((-1.0, -1.0, -1.0), (1.0, -1.0, 1.0), (1.0, 1.0, -1.0), (-1.0, 1.0, 1.0)),
    6: ((0.0, 0.0, 1.0), (-1.0, 0.0, 0.0), (0.0, -1.0, 0.0), (0.0, 1.0, 0.0),
        (1.0, 0.0, 0.0), (0.0, 0.0, -1.0)),
    8: ((1.0, 1.0, 1.0), (1.0, -1.0, 1.0), (1.0, 1.0, -1.0), (-1.0, 1.0, 1.0),
        (1.0, -1.0, -1.0), (-1.0, -1.0, 1.0), (-1.0, 1.0, -1.0), (-1.0, -1.0, -1.0)),
    12: ((0.0, 1.0, PHI), (0.0, -1.0, PHI), (PHI, 0.0, 1.0), (1.0, PHI, 0.0),
         (-1.0, PHI, 0.0), (-PHI, 0.0, 1.0), (PHI, 0.0, -1.0), (1.0, -PHI, 0.0),
         (-1.0, -PHI, 0.0), (-PHI, 0.0, -1.0), (0.0, 1.0, -PHI), (0.0, -1.0, -PHI)),
}
# each solid's net: (face, the face it unfolds from), by number. The tetrahedron: a large
# triangle, face 2 in the middle; the cube: a cross, 1 in the middle, 6 below 5; the
# octahedron and the dodecahedron: two "flowers" (face 1 and the last face, each with its
# neighbours around it) joined by one edge.
NETS: Final[dict[int, tuple[tuple[int, int], ...]]] = {
    4: ((2, 1), (3, 2), (4, 2)),
    6: ((2, 1), (3, 1), (4, 1), (5, 1), (6, 5)),
    8: ((2, 1), (3, 1), (4, 1), (5, 3), (8, 5), (7, 8), (6, 8)),
    12: ((2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (7, 3), (12, 7), (11, 12), (10, 12),
         (9, 12), (8, 12)),
}


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


def edge_key(a: int, b: int) -> tuple[int, int]:
    """An edge of the solid by its two vertices, whichever way it is walked."""
    return (a, b) if a < b else (b, a)


def numbered_faces(sides: int) -> tuple[list[tuple[int, ...]], list[tuple[int, int]]]:
    """The faces of the die of ``sides`` faces in the order of their numbers (face 1 first),
    each its vertex indices counter-clockwise seen from outside, and the net's tree: for each
    face after the first, the face (by number, from 0) it unfolds from."""
    if sides not in NETS:
        raise ValueError(f"no net for a die of {sides} faces")
    vertices = VERTICES[sides]
    faces = []
    for normal in NORMALS[sides]:
        reach = max(_dot(v, normal) for v in vertices)
        on = [i for i, v in enumerate(vertices) if _dot(v, normal) > reach - 1e-9]
        centre = _mean([vertices[i] for i in on])
        u = _minus(vertices[on[0]], centre)
        w = _cross(normal, u)
        angles = {i: math.atan2(_dot(w, _minus(vertices[i], centre)),
                                _dot(u, _minus(vertices[i], centre))) for i in on}
        on.sort(key=angles.__getitem__)
        faces.append(tuple(on))
    return faces, [(child - 1, parent - 1) for child, parent in NETS[sides]]
