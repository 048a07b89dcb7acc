"""Icons: small vector pictograms as immutable geometry, ready for any renderer.

An :class:`Icon` is what :mod:`printandplay.data.svg` makes of a designer's SVG file. All
coordinates are absolute floats in the icon's *user space*: viewBox units with y pointing
DOWN, as in SVG, every ``transform`` already applied. A renderer maps ``view_box`` onto its
target box (flipping y for PDF) and paints ``shapes`` in order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Union

from printandplay.model.color import RGB

Paint = Union[RGB, Literal["current"], None]  # noqa: UP007 (the documented spelling)
"""``None`` paints nothing; ``"current"`` is SVG's currentColor, chosen by the layout."""

Segment = tuple
"""``("M", x, y)``, ``("L", x, y)``, ``("C", x1, y1, x2, y2, x, y)`` or ``("Z",)``; absolute floats.

A path always starts with ``M``; after a ``Z`` the next segment is always an ``M``.
"""

FillRule = Literal["nonzero", "evenodd"]
LineCap = Literal["butt", "round", "square"]
LineJoin = Literal["miter", "round", "bevel"]


@dataclass(frozen=True)
class IconShape:
    """One painted path: geometry plus how to fill and stroke it."""

    segments: tuple[Segment, ...]
    fill: Paint
    stroke: Paint
    stroke_width: float
    fill_rule: FillRule
    line_cap: LineCap
    line_join: LineJoin
    fill_opacity: float
    stroke_opacity: float

    def points(self) -> tuple[tuple[float, float], ...]:
        """Every point of the segments (end points and control points), in order."""
        found: list[tuple[float, float]] = []
        for segment in self.segments:
            coords = segment[1:]
            found.extend(zip(coords[0::2], coords[1::2], strict=False))
        return tuple(found)


@dataclass(frozen=True)
class Icon:
    """A parsed icon: its id, its viewBox and its shapes in painting order."""

    id: str
    view_box: tuple[float, float, float, float]
    shapes: tuple[IconShape, ...]

    @property
    def aspect(self) -> float:
        """Width over height of the viewBox."""
        return self.view_box[2] / self.view_box[3]

    @property
    def edges(self) -> tuple[IconEdge, ...]:
        """How the icon's painted shapes are painted, in painting order (the first lies under
        the rest: the icon's silhouette, unless it blends into what it is drawn on)."""
        side = min(self.view_box[2], self.view_box[3]) or 1.0
        out = []
        for shape in self.shapes:
            fill = shape.fill if shape.fill_opacity > 0 else None
            stroke = (shape.stroke if shape.stroke_opacity > 0 and shape.stroke_width > 0
                      else None)
            if fill is not None or stroke is not None:
                out.append(IconEdge(fill, stroke, shape.stroke_width / side if stroke else 0.0))
        return tuple(out)


@dataclass(frozen=True)
class IconEdge:
    """How one shape of an icon is painted: its fill, its outline's stroke and that stroke's
    width as a share of the icon's smaller side."""

    fill: Paint
    stroke: Paint
    stroke_share: float
