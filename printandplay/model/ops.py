"""The display list: what a face or a page draws, as plain values.

Layout produces these; render turns them into PDF. Coordinates are points, origin at the
bottom-left of the item's trim box (or of the page), y pointing up. Every op is frozen and
hashable, so identical faces are recognised and drawn once.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Union

from printandplay.model.color import RGB
from printandplay.model.geometry import Rect

if TYPE_CHECKING:  # (shapes draw themselves with these ops)
    from printandplay.model.shapes import Shape


@dataclass(frozen=True)
class RectOp:
    """A rectangle, optionally rounded, filled and/or stroked."""

    x: float
    y: float
    w: float
    h: float
    fill: RGB | None = None
    stroke: RGB | None = None
    stroke_width: float = 0.0
    radius: float = 0.0
    dash: tuple[float, ...] = ()
    opacity: float = 1.0


@dataclass(frozen=True)
class EllipseOp:
    """An ellipse inscribed in a rectangle."""

    x: float
    y: float
    w: float
    h: float
    fill: RGB | None = None
    stroke: RGB | None = None
    stroke_width: float = 0.0
    dash: tuple[float, ...] = ()
    opacity: float = 1.0


@dataclass(frozen=True)
class PolygonOp:
    """A closed polygon through ``points`` (at least three), filled and/or stroked: the
    outline of a shaped piece (hexagon, octagon, stadium…), or a grid cell."""

    points: tuple[tuple[float, float], ...]
    fill: RGB | None = None
    stroke: RGB | None = None
    stroke_width: float = 0.0
    dash: tuple[float, ...] = ()
    opacity: float = 1.0

    @property
    def bounds(self) -> Rect:
        """The smallest rectangle holding every point."""
        xs = [p[0] for p in self.points]
        ys = [p[1] for p in self.points]
        return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


@dataclass(frozen=True)
class LineOp:
    """A straight line."""

    x1: float
    y1: float
    x2: float
    y2: float
    color: RGB
    width: float
    dash: tuple[float, ...] = ()


@dataclass(frozen=True)
class TextOp:
    """One run of text on a baseline, in one font (a key from the font table)."""

    x: float
    y: float
    text: str
    font: str
    size: float
    color: RGB


@dataclass(frozen=True)
class IconOp:
    """An icon scaled into a box; ``color`` replaces the icon's ``currentColor``."""

    icon: str
    x: float
    y: float
    w: float
    h: float
    color: RGB
    opacity: float = 1.0


@dataclass(frozen=True)
class ImageOp:
    """A raster image (a file name of the game's ``images/``) stretched over a box."""

    image: str
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class GroupOp:
    """Ops drawn under an affine transform ``(a, b, c, d, e, f)``, optionally clipped."""

    transform: tuple[float, float, float, float, float, float]
    ops: tuple[Op, ...]
    clip: tuple[float, float, float, float] | None = None


Op = Union[RectOp, EllipseOp, PolygonOp, LineOp, TextOp, IconOp, ImageOp, GroupOp]


@dataclass(frozen=True)
class Face:
    """One side of one item: its trim size, bleed and shape, and what it draws.

    The first ``shared`` ops come from boxes that do not depend on the item (same ops on every
    face of the layout): a writer can draw them once, as one form per layout, and place it.
    """

    width: float
    height: float
    bleed: float
    shape: Shape
    ops: tuple[Op, ...]
    shared: int = 0


@dataclass(frozen=True)
class Placement:
    """A face placed on a page at ``(x, y)`` (its trim's bottom-left), clipped to ``clip``.

    ``uses`` is how many times the same face object is placed in the whole document (copies),
    when the planner knows it (0: unknown): a face placed once is drawn in its page, a face
    placed more often becomes a form drawn once, forgotten after its last placement.
    ``outline``: a polygon (page coordinates) that clips it further, the bleed of a hexagonal
    tile nested among others (:mod:`printandplay.imposition.hexgrid`)."""

    face: Face
    x: float
    y: float
    clip: Rect | None
    uses: int = 0
    outline: tuple[tuple[float, float], ...] | None = None


def format_op(op: Op, indent: str = "") -> list[str]:
    """Readable lines for an op (numbers rounded to 0.01 pt), for golden files."""
    name = type(op).__name__.removesuffix("Op").lower()
    parts = []
    children: tuple[Op, ...] = ()
    for field in fields(op):
        value = getattr(op, field.name)
        if field.name == "ops":
            children = value
            continue
        parts.append(f"{field.name}={_fmt(value)}")
    lines = [f"{indent}{name} " + " ".join(parts)]
    for child in children:
        lines.extend(format_op(child, indent + "  "))
    return lines


def _fmt(value: object) -> str:
    if isinstance(value, float):
        text = f"{value:.2f}"
        return "0.00" if text == "-0.00" else text
    if isinstance(value, tuple):
        return "(" + ",".join(_fmt(v) for v in value) + ")"
    if isinstance(value, str):
        return repr(value)
    return str(value)
