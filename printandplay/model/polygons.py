"""Convex polygons as tuples of points (y up): whether a point lies inside, the polygon with
its edges moved out or in (bleed and safe zones of shaped pieces), fitted to a rectangle."""

from __future__ import annotations

import math
from typing import Final

from printandplay.model.geometry import Rect

Point = tuple[float, float]
TOLERANCE: Final = 0.01  # points: a point this close outside an edge is still inside


def polygon_contains(points: tuple[Point, ...], x: float, y: float,
                     tolerance: float = TOLERANCE) -> bool:
    """Whether ``(x, y)`` lies inside the convex polygon ``points`` (either winding), or
    within ``tolerance`` outside one of its edges."""
    sign = 1.0 if signed_area(points) >= 0 else -1.0
    count = len(points)
    for i in range(count):
        (ax, ay), (bx, by) = points[i], points[(i + 1) % count]
        length = math.hypot(bx - ax, by - ay)
        if length == 0:
            continue
        # distance of (x, y) inside the edge's line (positive: the polygon's side)
        if sign * ((bx - ax) * (y - ay) - (by - ay) * (x - ax)) / length < -tolerance:
            return False
    return True


def offset_polygon(points: tuple[Point, ...], distance: float) -> tuple[Point, ...]:
    """The convex polygon ``points`` (counter-clockwise) with every edge moved ``distance``
    outwards (inwards when negative), its corners where the moved edges meet (mitred)."""
    if distance == 0:
        return points
    points = tuple(p for i, p in enumerate(points) if p != points[i - 1])  # (no empty edge)
    count = len(points)
    lines = []  # each edge moved: a point on it and its direction
    for i in range(count):
        (ax, ay), (bx, by) = points[i], points[(i + 1) % count]
        length = math.hypot(bx - ax, by - ay)
        nx, ny = (by - ay) / length, (ax - bx) / length  # outward normal (counter-clockwise)
        lines.append((ax + nx * distance, ay + ny * distance, bx - ax, by - ay))
    out = []
    for i in range(count):
        px, py, dx, dy = lines[i - 1]
        qx, qy, ex, ey = lines[i]
        cross = dx * ey - dy * ex
        t = ((qx - px) * ey - (qy - py) * ex) / cross
        out.append((px + t * dx, py + t * dy))
    return tuple(out)


def signed_area(points: tuple[Point, ...]) -> float:
    """Twice the signed area of ``points`` (positive: counter-clockwise)."""
    count = len(points)
    return sum(points[i][0] * points[(i + 1) % count][1] - points[(i + 1) % count][0]
               * points[i][1] for i in range(count))


def fit_to(unit: tuple[Point, ...], trim: Rect) -> tuple[Point, ...]:
    """``unit`` points scaled and moved so that their bounding box is ``trim``."""
    xs = [p[0] for p in unit]
    ys = [p[1] for p in unit]
    x0, y0 = min(xs), min(ys)
    sx, sy = trim.w / (max(xs) - x0), trim.h / (max(ys) - y0)
    return tuple((trim.x + (x - x0) * sx, trim.y + (y - y0) * sy) for x, y in unit)
