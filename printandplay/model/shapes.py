"""The shape of a kind's items (``shape:`` and ``corner_radius:`` in ``game.yaml``): one class
per shape, each answering for an item's trim rectangle what the rest of the engine asks.

- :meth:`Shape.outline`: the line drawn along it, as a drawing op (``--debug-boxes`` frames);
- :meth:`Shape.cut_ops` and :attr:`Shape.cut_guide`: what a sheet draws around each item to
  guide the scissors besides the crop marks every sheet has (nothing for rectangles, the thin
  circle of round pieces);
- :meth:`Shape.safe_contains`: whether a box lies inside the safe zone, the shape inset by the
  kind's ``safe_margin``;
- :attr:`Shape.legend`: the key of its words in the printing guide's legend (the words stay in
  the translation tables, `printandplay/words/*.yaml`), ``None`` when the crop marks' legend says it all.

- :meth:`Shape.painted`: the shape filled and/or stroked on a rectangle, grown by the bleed
  when asked (a layout's ``shape: outline`` box: bleed that follows the outline);
- :meth:`Shape.mirrored`: the shape seen from the back of the sheet, for duplex backs (a
  triangle pointing up shows its back pointing down once the sheet turns top to bottom).
- :meth:`Shape.outline_points`: points along the outline (grown), where the line-art
  preflight measures a ``shape: outline`` border; :attr:`Shape.hexagon_pointy` (regular
  hexagons nest in offset rows) and :attr:`Shape.round` (a disc: a Tabletop Simulator token).

Nothing else in the engine tells shapes apart: adding one touches only its class (here, or in
:mod:`printandplay.model.polygon_shapes` for the shaped pieces: hexagons, regular polygons,
stadiums, shields), its YAML word in :mod:`printandplay.model.shape_words`, the vocabulary of
``shape`` in ``docs/designing-a-game.md``, and the docs; plus, when its cut guide has a legend,
that legend's words in the guide's translation table.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import ClassVar, Final, Literal

from printandplay.model.color import RGB
from printandplay.model.geometry import Rect
from printandplay.model.ops import EllipseOp, Op, RectOp

CutGuide = Literal["crop marks", "outline"]
"""What guides the scissors on a sheet: the crop marks alone, or also the shape's outline."""

TOLERANCE: Final = 0.01  # points: a point this close outside a shape's edge is still inside
CUT_WIDTH: Final = 0.3  # points: the thin line of an outline cut guide



def rounded_rect_points(outer: Rect, radius: float) -> list[tuple[float, float]]:
    """Points along a rectangle whose corners are rounded by ``radius`` (ten a corner)."""
    r = min(radius, outer.w / 2, outer.h / 2) if radius > 0 else 0.0
    corners = ((outer.x + r, outer.y + r, 180), (outer.right - r, outer.y + r, 270),
               (outer.right - r, outer.top - r, 0), (outer.x + r, outer.top - r, 90))
    return [(cx + r * math.cos(math.radians(a + step * 10)),
             cy + r * math.sin(math.radians(a + step * 10)))
            for cx, cy, a in corners for step in range(10)]


def ellipse_points(rect: Rect) -> list[tuple[float, float]]:
    """Points along the ellipse inscribed in ``rect`` (one every 5°)."""
    cx, cy = rect.x + rect.w / 2, rect.y + rect.h / 2
    rx, ry = rect.w / 2, rect.h / 2
    return [(cx + rx * math.cos(a * math.pi / 36), cy + ry * math.sin(a * math.pi / 36))
            for a in range(72)]


class Shape(ABC):
    """The shape of an item, drawn and tested on its trim rectangle (points, y up)."""

    cut_guide: ClassVar[CutGuide]
    legend: ClassVar[str | None]  # the key of its legend words in the printing guide
    round: ClassVar[bool] = False  # a disc (Tabletop Simulator takes it as a token)

    @abstractmethod
    def outline(self, trim: Rect, stroke: RGB, width: float,
                dash: tuple[float, ...] = ()) -> Op:
        """The shape's outline on ``trim``, stroked with ``stroke``, ``width`` and ``dash``."""

    @abstractmethod
    def contains_point(self, trim: Rect, x: float, y: float) -> bool:
        """Whether ``(x, y)`` lies inside the shape on ``trim`` (within :data:`TOLERANCE`)."""

    @abstractmethod
    def inset(self, margin: float) -> Shape:
        """The shape of the zone ``margin`` inside this one (drawn on the trim inset by
        ``margin``)."""

    def contains(self, trim: Rect, box: Rect) -> bool:
        """Whether ``box`` lies inside the shape on ``trim`` (every shape is convex: its four
        corners do)."""
        return all(self.contains_point(trim, x, y)
                   for x, y in ((box.x, box.y), (box.right, box.y),
                                (box.x, box.top), (box.right, box.top)))

    def safe_contains(self, trim: Rect, margin: float, box: Rect) -> bool:
        """Whether ``box`` lies in the safe zone: the shape on ``trim`` inset by ``margin``."""
        return self.inset(margin).contains(trim.inset(margin), box)

    def cut_ops(self, trim: Rect, color: RGB) -> tuple[Op, ...]:
        """What a sheet draws in ``color`` around an item at ``trim`` to guide the scissors,
        besides the crop marks."""
        if self.cut_guide == "outline":
            return (self.outline(trim, color, CUT_WIDTH),)
        return ()

    def cuts_like(self, other: Shape) -> bool:
        """Whether items of this shape and of ``other`` can share a sheet: its guides cut both
        alike (crop marks alone, or the same outline)."""
        return self == other or self.cut_guide == other.cut_guide == "crop marks"

    @abstractmethod
    def painted(self, trim: Rect, fill: RGB | None, stroke: RGB | None, width: float,
                dash: tuple[float, ...] = (), opacity: float = 1.0, grow: float = 0.0) -> Op:
        """The shape on ``trim`` filled with ``fill`` and stroked with ``stroke``, its outline
        moved ``grow`` points outwards (the bleed of a shape that bleeds)."""

    def mirrored(self, mirror_x: bool, mirror_y: bool) -> Shape:
        """The shape as the back of the sheet shows it once the sheet turns about the vertical
        axis (``mirror_x``) or the horizontal one (``mirror_y``): itself when symmetric."""
        return self

    def outline_points(self, trim: Rect, grow: float) -> list[tuple[float, float]]:
        """Points along the outline on ``trim`` moved ``grow`` outwards (the outer edge of a
        line of width ``2 * grow`` drawn on it): a rectangle's by default."""
        return rounded_rect_points(trim.expand(grow, grow, grow, grow), 0.0)

    @property
    def hexagon_pointy(self) -> bool | None:
        """For a regular hexagon, whether a corner is at its top (tiles nest in offset rows);
        ``None`` for any other shape."""
        return None

    @property
    def aspect(self) -> float | None:
        """Height over width of a regular outline (a hexagon's), sizing an item by its width
        or side; ``None`` when any proportions are the shape's own."""
        return None

    def width_of_side(self, side: float) -> float | None:
        """The trim width of a regular outline whose sides are ``side`` long; ``None`` when
        the shape has no such sides."""
        return None


@dataclass(frozen=True)
class Rectangle(Shape):
    """A plain rectangle: cut along the crop marks."""

    cut_guide: ClassVar[CutGuide] = "crop marks"
    legend: ClassVar[str | None] = None

    def outline(self, trim: Rect, stroke: RGB, width: float,
                dash: tuple[float, ...] = ()) -> Op:
        """The trim rectangle."""
        return RectOp(trim.x, trim.y, trim.w, trim.h, None, stroke, width, 0.0, dash)

    def contains_point(self, trim: Rect, x: float, y: float) -> bool:
        """Whether ``(x, y)`` lies inside ``trim``."""
        return (trim.x - TOLERANCE <= x <= trim.right + TOLERANCE
                and trim.y - TOLERANCE <= y <= trim.top + TOLERANCE)

    def contains(self, trim: Rect, box: Rect) -> bool:
        """Whether ``box`` lies inside ``trim``."""
        return trim.contains(box, TOLERANCE)

    def inset(self, margin: float) -> Shape:
        """A rectangle again."""
        return self

    def painted(self, trim: Rect, fill: RGB | None, stroke: RGB | None, width: float,
                dash: tuple[float, ...] = (), opacity: float = 1.0, grow: float = 0.0) -> Op:
        """The trim rectangle, grown."""
        box = trim.expand(grow, grow, grow, grow)
        return RectOp(box.x, box.y, box.w, box.h, fill, stroke, width, 0.0, dash, opacity)


@dataclass(frozen=True)
class RoundedRectangle(Shape):
    """A rectangle whose corners are quarter circles of ``radius`` (points, > 0): cut along
    the crop marks, the corners rounded afterwards (a corner cutter)."""

    radius: float
    cut_guide: ClassVar[CutGuide] = "crop marks"
    legend: ClassVar[str | None] = None

    def outline(self, trim: Rect, stroke: RGB, width: float,
                dash: tuple[float, ...] = ()) -> Op:
        """The trim rectangle with its corners rounded."""
        return RectOp(trim.x, trim.y, trim.w, trim.h, None, stroke, width, self.radius, dash)

    def contains_point(self, trim: Rect, x: float, y: float) -> bool:
        """Whether ``(x, y)`` lies within the radius of the trim shrunk by the radius."""
        r = min(self.radius, trim.w / 2, trim.h / 2)
        nearest_x = min(max(x, trim.x + r), trim.right - r)
        nearest_y = min(max(y, trim.y + r), trim.top - r)
        return math.hypot(x - nearest_x, y - nearest_y) <= r + TOLERANCE

    def inset(self, margin: float) -> Shape:
        """The corners' radius less ``margin``: a plain rectangle once the margin reaches it."""
        return RoundedRectangle(self.radius - margin) if self.radius > margin else Rectangle()

    def outline_points(self, trim: Rect, grow: float) -> list[tuple[float, float]]:
        """Around the rounded corners, their radius grown too."""
        return rounded_rect_points(trim.expand(grow, grow, grow, grow), self.radius + grow)

    def painted(self, trim: Rect, fill: RGB | None, stroke: RGB | None, width: float,
                dash: tuple[float, ...] = (), opacity: float = 1.0, grow: float = 0.0) -> Op:
        """The rounded trim, grown (the corners' radius with it)."""
        box = trim.expand(grow, grow, grow, grow)
        return RectOp(box.x, box.y, box.w, box.h, fill, stroke, width, self.radius + grow, dash,
                      opacity)


@dataclass(frozen=True)
class Circle(Shape):
    """A round piece: the circle inscribed in the trim (its outline an ellipse on a trim that
    is not square, its safe zone the circle of the shorter side), cut along a thin circle."""

    cut_guide: ClassVar[CutGuide] = "outline"
    legend: ClassVar[str | None] = "round"
    round: ClassVar[bool] = True

    def outline(self, trim: Rect, stroke: RGB, width: float,
                dash: tuple[float, ...] = ()) -> Op:
        """The ellipse inscribed in the trim."""
        return EllipseOp(trim.x, trim.y, trim.w, trim.h, None, stroke, width, dash)

    def contains_point(self, trim: Rect, x: float, y: float) -> bool:
        """Whether ``(x, y)`` lies within half the trim's shorter side of its centre."""
        centre_x, centre_y = trim.x + trim.w / 2, trim.y + trim.h / 2
        return math.hypot(x - centre_x, y - centre_y) <= min(trim.w, trim.h) / 2 + TOLERANCE

    def inset(self, margin: float) -> Shape:
        """A circle again."""
        return self

    def outline_points(self, trim: Rect, grow: float) -> list[tuple[float, float]]:
        """Around the inscribed ellipse, grown."""
        return ellipse_points(trim.expand(grow, grow, grow, grow))

    def painted(self, trim: Rect, fill: RGB | None, stroke: RGB | None, width: float,
                dash: tuple[float, ...] = (), opacity: float = 1.0, grow: float = 0.0) -> Op:
        """The inscribed ellipse, grown."""
        box = trim.expand(grow, grow, grow, grow)
        return EllipseOp(box.x, box.y, box.w, box.h, fill, stroke, width, dash, opacity)
