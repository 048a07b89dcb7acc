"""The shaped pieces: convex outlines drawn through their corners on the trim, cut along a
thin grey line (:data:`~printandplay.model.shapes.CutGuide` ``"outline"``), their safe zone the
outline moved inwards by the margin, their bleed the outline moved outwards. Hexagons (flat-top
and pointy-top) and the other regular polygons, stadiums (pills) and heater shields; each
answers :meth:`~printandplay.model.shapes.Shape.mirrored` for the duplex backs."""

from __future__ import annotations

import math
from abc import abstractmethod
from dataclasses import dataclass
from typing import ClassVar, Final

from printandplay.model.color import RGB
from printandplay.model.geometry import Rect
from printandplay.model.ops import Op, PolygonOp
from printandplay.model.polygons import Point, fit_to, offset_polygon, polygon_contains
from printandplay.model.shapes import CutGuide, Shape

ARC_STEPS: Final = 32  # chords per half circle of a stadium: 0.12 % of the radius off the arc


class PolygonShape(Shape):
    """A convex outline drawn through its vertices on the trim, cut along a thin grey line:
    its safe zone the outline moved in by the margin, its bleed the outline moved out."""

    cut_guide: ClassVar[CutGuide] = "outline"
    legend: ClassVar[str | None] = "outline"

    @abstractmethod
    def vertices(self, trim: Rect) -> tuple[Point, ...]:
        """The outline's corners on ``trim``, counter-clockwise (points, y up)."""

    def outline(self, trim: Rect, stroke: RGB, width: float,
                dash: tuple[float, ...] = ()) -> Op:
        """The polygon through the vertices."""
        return PolygonOp(self.vertices(trim), None, stroke, width, dash)

    def painted(self, trim: Rect, fill: RGB | None, stroke: RGB | None, width: float,
                dash: tuple[float, ...] = (), opacity: float = 1.0, grow: float = 0.0) -> Op:
        """The polygon, its edges moved ``grow`` outwards."""
        return PolygonOp(offset_polygon(self.vertices(trim), grow), fill, stroke, width, dash,
                         opacity)

    def contains_point(self, trim: Rect, x: float, y: float) -> bool:
        """Whether ``(x, y)`` lies inside the polygon."""
        return polygon_contains(self.vertices(trim), x, y)

    def inset(self, margin: float) -> Shape:
        """The outline moved ``margin`` inwards."""
        return InsetPolygon(self, margin)

    def outline_points(self, trim: Rect, grow: float) -> list[Point]:
        """The corners of the outline moved ``grow`` outwards."""
        return list(offset_polygon(self.vertices(trim), grow))


@dataclass(frozen=True)
class InsetPolygon(PolygonShape):
    """The zone ``margin`` inside the outline of ``base``, drawn on the trim inset by
    ``margin`` (a safe zone)."""

    base: PolygonShape
    margin: float

    def vertices(self, trim: Rect) -> tuple[Point, ...]:
        """The base's vertices on the trim grown back by the margin, moved in by it."""
        m = self.margin
        return offset_polygon(self.base.vertices(trim.expand(m, m, m, m)), -m)

    def inset(self, margin: float) -> Shape:
        """The base moved in by both margins."""
        return InsetPolygon(self.base, self.margin + margin)

    def mirrored(self, mirror_x: bool, mirror_y: bool) -> Shape:
        """The base mirrored, moved in alike."""
        base = self.base.mirrored(mirror_x, mirror_y)
        assert isinstance(base, PolygonShape)
        return InsetPolygon(base, self.margin)


@dataclass(frozen=True)
class RegularPolygon(PolygonShape):
    """A regular polygon of ``sides`` sides fitted to the trim: ``pointy`` puts a corner at
    the top (a pointy-top hexagon, a triangle pointing up), otherwise an edge (a flat-top
    hexagon, an octagon). On a trim of :attr:`aspect` its sides are all equal."""

    sides: int
    pointy: bool

    @property
    def hexagon_pointy(self) -> bool | None:
        """Whether a hexagon's corner is at its top (``None``: not six sides)."""
        return self.pointy if self.sides == 6 else None

    def _unit(self) -> tuple[Point, ...]:
        n = self.sides
        start = math.pi / 2 if self.pointy else math.pi / 2 + math.pi / n
        return tuple((math.cos(start + 2 * math.pi * k / n), math.sin(start + 2 * math.pi * k / n))
                     for k in range(n))

    def vertices(self, trim: Rect) -> tuple[Point, ...]:
        """The corners, counter-clockwise from the top one (or the top edge's left end)."""
        return fit_to(self._unit(), trim)

    @property
    def aspect(self) -> float:
        """Height over width of the regular polygon."""
        unit = self._unit()
        xs = [p[0] for p in unit]
        ys = [p[1] for p in unit]
        return (max(ys) - min(ys)) / (max(xs) - min(xs))

    def width_of_side(self, side: float) -> float:
        """The width of the regular polygon whose sides are ``side`` long."""
        xs = [p[0] for p in self._unit()]
        return side / (2 * math.sin(math.pi / self.sides)) * (max(xs) - min(xs))

    def mirrored(self, mirror_x: bool, mirror_y: bool) -> Shape:
        """Symmetric about the vertical axis; about the horizontal one when it has an even
        number of sides, else turned upside down (a corner at the top becomes an edge)."""
        if mirror_y and self.sides % 2:
            return RegularPolygon(self.sides, not self.pointy)
        return self


@dataclass(frozen=True)
class Stadium(PolygonShape):
    """A pill: a rectangle with half circles at its short ends (the whole shorter side round),
    each half circle drawn with :data:`ARC_STEPS` chords."""

    def vertices(self, trim: Rect) -> tuple[Point, ...]:
        """Counter-clockwise, the right (or top) half circle first."""
        wide = trim.w >= trim.h
        r = (trim.h if wide else trim.w) / 2
        cx, cy = trim.x + trim.w / 2, trim.y + trim.h / 2
        reach = (trim.w / 2 - r) if wide else (trim.h / 2 - r)
        ends = ((cx + reach, cy), (cx - reach, cy)) if wide else ((cx, cy + reach),
                                                                  (cx, cy - reach))
        start = -math.pi / 2 if wide else 0.0
        points: list[Point] = []
        for index, (ex, ey) in enumerate(ends):
            for step in range(ARC_STEPS + 1):
                angle = start + math.pi * (index + step / ARC_STEPS)
                points.append((ex + r * math.cos(angle), ey + r * math.sin(angle)))
        return tuple(points)


SHIELD_SIDES: Final = 0.5  # of the height: the straight part of a shield's sides
SHIELD_STEPS: Final = 12  # chords of each curve down to a shield's point


@dataclass(frozen=True)
class Shield(PolygonShape):
    """A heater shield: a flat top, straight sides down to mid-height, then two curves (quadratic
    Béziers) meeting at a point at the bottom (at the top when ``point_up``, its back)."""

    point_up: bool = False

    def vertices(self, trim: Rect) -> tuple[Point, ...]:
        """Counter-clockwise from the point."""
        unit: list[Point] = []  # on a 1 × 1 square, point at the bottom
        for step in range(SHIELD_STEPS):  # right curve: point → side
            t = step / SHIELD_STEPS
            # from (0.5, 0) with control (1, 0.15) to (1, SHIELD_SIDES)
            x = (1 - t) ** 2 * 0.5 + 2 * (1 - t) * t * 1.0 + t * t * 1.0
            y = 2 * (1 - t) * t * 0.15 + t * t * SHIELD_SIDES
            unit.append((x, y))
        unit += [(1.0, SHIELD_SIDES), (1.0, 1.0), (0.0, 1.0), (0.0, SHIELD_SIDES)]
        unit += [(1 - x, y) for x, y in reversed(unit[1:SHIELD_STEPS])]
        if self.point_up:
            unit = [(x, 1 - y) for x, y in reversed(unit)]
        return tuple((trim.x + x * trim.w, trim.y + y * trim.h) for x, y in unit)

    def mirrored(self, mirror_x: bool, mirror_y: bool) -> Shape:
        """Turned upside down about the horizontal axis."""
        return Shield(not self.point_up) if mirror_y else self
