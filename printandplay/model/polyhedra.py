"""The solids of the dice with more than six faces: a regular octahedron and a regular
dodecahedron, their faces found from their vertices (those farthest along each face's
normal), ordered counter-clockwise seen from outside, and numbered so that opposite faces add
up to the number of faces plus one."""

from __future__ import annotations

import math
from typing import Final

Vector = tuple[float, float, float]
PHI: Final = (1 + math.sqrt(5)) / 2


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


def edge_key(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def numbered_faces(sides: int) -> tuple[list[tuple[int, ...]], list[tuple[int, int]]]:
    """The faces in the order of their numbers (face 1 first) and the net's tree: for each
    face after the first, the face (by number, from 0) it unfolds from."""
    faces = _faces(sides)
    _, normals = _solid(sides)
    opposite = {i: next(j for j, m in enumerate(normals)
                        if all(abs(a + b) < 1e-9 for a, b in zip(normals[i], m, strict=True)))
                for i in range(sides)}
    edges_of = [{edge_key(f[k], f[(k + 1) % len(f)]) for k in range(len(f))} for f in faces]

    def ring(centre: int) -> list[int]:  # the neighbours in the order of the centre's edges
        f = faces[centre]
        out = []
        for k in range(len(f)):
            key = edge_key(f[k], f[(k + 1) % len(f)])
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
