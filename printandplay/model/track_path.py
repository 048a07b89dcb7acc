"""A track along a path: numbered cells following a polyline given in data, as a ribbon
``width`` wide cut into cells of equal length along the line.

Pure geometry in points, in the box's frame (origin at the box's bottom-left corner, y up).
Each cell runs between two stations of the line, ``length / count`` apart; its ends are
square to the line, and where the line turns inside a cell its sides meet at the mitre, so
the cells make one unbroken ribbon whose neighbours share their ends exactly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from printandplay.units import MM

Point = tuple[float, float]
MAX_TURN: Final = 120.0  # degrees: a sharper turn would stretch the mitre past the ribbon


@dataclass(frozen=True)
class PathCell:
    """One cell of a track along a path: its outline and where its number goes (the point of
    the line halfway between the cell's ends)."""

    outline: tuple[Point, ...]
    centre: Point


def _direction(a: Point, b: Point) -> Point:
    length = math.dist(a, b)
    return (b[0] - a[0]) / length, (b[1] - a[1]) / length


def check_path(points: tuple[Point, ...]) -> str | None:
    """Why ``points`` is no path a track can follow, or None: at least two points, no two in
    a row the same, no turn sharper than :data:`MAX_TURN`."""
    if len(points) < 2:
        return "a track's path needs at least two points"
    for a, b in zip(points, points[1:], strict=False):
        if math.dist(a, b) < 1e-6:
            return "a track's path has the same point twice in a row"
    for a, b, c in zip(points, points[1:], points[2:], strict=False):
        (ux, uy), (vx, vy) = _direction(a, b), _direction(b, c)
        turn = math.degrees(math.acos(max(-1.0, min(1.0, ux * vx + uy * vy))))
        if turn > MAX_TURN + 1e-9:
            return (f"a track's path turns by {turn:.0f}° at ({b[0] / MM:.1f} mm, "
                    f"{b[1] / MM:.1f} mm); at most {MAX_TURN:.0f}°")
    return None


def path_length(points: tuple[Point, ...]) -> float:
    """The length of the polyline through ``points``."""
    return sum(math.dist(a, b) for a, b in zip(points, points[1:], strict=False))


def path_cells(points: tuple[Point, ...], count: int, width: float) -> list[PathCell]:
    """``count`` cells ``width`` wide along the polyline through ``points``, in order from
    its first point; ValueError for a path :func:`check_path` refuses."""
    problem = check_path(points)
    if problem:
        raise ValueError(problem)
    starts = [0.0]
    for a, b in zip(points, points[1:], strict=False):
        starts.append(starts[-1] + math.dist(a, b))
    total = starts[-1]
    half = width / 2

    def segment_at(s: float) -> int:
        for k in range(len(points) - 1):
            if s <= starts[k + 1] + 1e-9:
                return k
        return len(points) - 2

    def point_at(s: float) -> Point:
        k = segment_at(s)
        (dx, dy), (ax, ay) = _direction(points[k], points[k + 1]), points[k]
        return ax + dx * (s - starts[k]), ay + dy * (s - starts[k])

    def mitre(k: int) -> tuple[Point, Point]:  # left and right of the inner point k
        (ux, uy), (vx, vy) = _direction(points[k - 1], points[k]), _direction(points[k],
                                                                             points[k + 1])
        mx, my = -uy - vy, ux + vx  # the sum of the two left normals
        norm = math.hypot(mx, my)
        mx, my = mx / norm, my / norm
        reach = half / (mx * -uy + my * ux)  # half the width over cos(half the turn)
        x, y = points[k]
        return (x + mx * reach, y + my * reach), (x - mx * reach, y - my * reach)

    def ends(s: float) -> tuple[Point, Point]:  # left and right of the line at station s
        for k in range(1, len(points) - 1):
            if abs(s - starts[k]) < 1e-9:
                return mitre(k)
        k = segment_at(s)
        dx, dy = _direction(points[k], points[k + 1])
        x, y = point_at(s)
        return (x - dy * half, y + dx * half), (x + dy * half, y - dx * half)

    step = total / count
    cells = []
    for i in range(count):
        s0, s1 = i * step, (i + 1) * step if i + 1 < count else total
        left0, right0 = ends(s0)
        left1, right1 = ends(s1)
        inner = [k for k in range(1, len(points) - 1) if s0 + 1e-9 < starts[k] < s1 - 1e-9]
        lefts = [left0, *(mitre(k)[0] for k in inner), left1]
        rights = [right0, *(mitre(k)[1] for k in inner), right1]
        cells.append(PathCell((*lefts, *reversed(rights)), point_at((s0 + s1) / 2)))
    return cells
