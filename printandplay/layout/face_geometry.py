"""Where the boxes of a face design lie on a face: rectangles from the YAML geometry, bleed,
the transform of a box's content, and the safe zone text must stay in."""

from __future__ import annotations

from collections.abc import Callable

from printandplay.errors import LayoutError
from printandplay.model.color import RGB
from printandplay.model.design import Box, FaceDesign
from printandplay.model.game import Kind
from printandplay.model.geometry import Rect
from printandplay.model.ops import EllipseOp, IconOp, ImageOp, LineOp, Op, RectOp
from printandplay.model.shapes import ellipse_points, rounded_rect_points
from printandplay.units import MM

EDGE = 0.01  # points: a box edge this close to the trim edge touches it
Transform = tuple[float, float, float, float, float, float]


def box_rect(box: Box, width: float, height: float) -> Rect:
    """The box's rectangle in face coordinates (y up) from its top-left YAML geometry."""
    x = box.x.resolve(width)
    y = box.y.resolve(height)
    w = box.width.resolve(width)
    h = box.height.resolve(height)
    return Rect(x, height - y - h, w, h)


def bleed_rect(rect: Rect, kind: Kind, bleed: float) -> Rect:
    """Grow ``rect`` by ``bleed`` on each side that lies on the trim edge."""
    w, h = kind.size.width, kind.size.height
    return rect.expand(
        bleed if rect.x <= EDGE else 0.0,
        bleed if rect.y <= EDGE else 0.0,
        bleed if rect.right >= w - EDGE else 0.0,
        bleed if rect.top >= h - EDGE else 0.0,
    )


def placement_transform(box: Box, rect: Rect) -> Transform:
    """Transform from the box's local frame (origin at its inner bottom-left) to the face."""
    p = box.padding
    if box.rotate == 90:  # clockwise
        return (0.0, -1.0, 1.0, 0.0, rect.x + p, rect.top - p)
    if box.rotate == 180:
        return (-1.0, 0.0, 0.0, -1.0, rect.right - p, rect.top - p)
    if box.rotate == 270:
        return (0.0, 1.0, -1.0, 0.0, rect.right - p, rect.y + p)
    return (1.0, 0.0, 0.0, 1.0, rect.x + p, rect.y + p)


def inner_size(box: Box, rect: Rect) -> tuple[float, float]:
    """The width and height of the box's content frame: inside its padding, turned with it."""
    width, height = (rect.h, rect.w) if box.rotate in (90, 270) else (rect.w, rect.h)
    return width - 2 * box.padding, height - 2 * box.padding


def check_safe_zone(design: FaceDesign, kind: Kind) -> None:
    """Every text box of ``design`` must lie inside the kind's safe zone."""
    width, height = kind.size.width, kind.size.height
    margin = kind.safe_margin
    trim = Rect(0, 0, width, height)
    for box in design.boxes:
        if box.text is None:
            continue
        if not kind.shape.safe_contains(trim, margin, box_rect(box, width, height)):
            raise LayoutError(
                f"{box.location}: text box '{box.name}' of layout '{design.name}' leaves the "
                f"safe zone of kind '{kind.id}' ({margin / MM:.1f} mm inside the trim)"
            )


def is_static_box(box: Box) -> bool:
    """True when none of the box's templates holds Jinja: it draws the same on every face."""
    templates = (box.when, box.fill, box.stroke, box.color, box.text, box.icon, box.image)
    return all(t is None or t.is_static for t in templates)


DEFAULT_STROKE = 0.5  # points, when a box has a stroke colour but no stroke_width


def shape_op(box: Box, rect: Rect, fill: RGB | None, stroke: RGB | None) -> Op:
    width = (box.stroke_width or DEFAULT_STROKE) if stroke is not None else 0.0
    if box.shape == "ellipse":
        return EllipseOp(rect.x, rect.y, rect.w, rect.h, fill, stroke, width, box.dash, box.opacity)
    if box.shape == "line":
        return LineOp(rect.x, rect.top, rect.right, rect.y, stroke or fill or (0.0, 0.0, 0.0),
                      box.stroke_width or DEFAULT_STROKE, box.dash)
    return RectOp(rect.x, rect.y, rect.w, rect.h, fill, stroke, width, box.radius, box.dash,
                  box.opacity)


def painted_box(box: Box, kind: Kind, rect: Rect, fill: RGB | None, stroke: RGB | None,
                bleed: float) -> Op:
    """A box's filled or stroked shape, grown over the ``bleed`` when the box bleeds: a
    ``shape: outline`` box draws the kind's own outline fitted to the box, its bleed following
    that outline (a hexagon's moved out by the bleed)."""
    if box.shape == "outline":
        width = (box.stroke_width or DEFAULT_STROKE) if stroke is not None else 0.0
        return kind.shape.painted(rect, fill, stroke, width, box.dash, box.opacity,
                                  bleed if box.bleed else 0.0)
    return shape_op(box, bleed_rect(rect, kind, bleed) if box.bleed else rect, fill, stroke)


def contain(aspect: float, width: float, height: float) -> tuple[float, float, float, float]:
    """``(x, y, w, h)`` of the largest rectangle of ``aspect`` centred in ``width × height``."""
    w, h = (width, width / aspect) if width / aspect <= height else (height * aspect, height)
    return (width - w) / 2, (height - h) / 2, w, h


def image_ops(image: str, aspect: Callable[[str], float] | None, width: float, height: float,
              what: str) -> list[Op]:
    """The image ``image`` ('' for none) contained in a box's inner ``width × height``;
    errors name ``what``."""
    if not image:
        return []
    try:
        if aspect is None:
            raise LayoutError(f"image '{image}': this build has no images folder")
        return [ImageOp(image, *contain(aspect(image), width, height))]
    except LayoutError as err:
        raise LayoutError(f"{what}: {err}") from None


def icon_ops(icon: str, aspect: Callable[[str], float], width: float, height: float,
             color: RGB, opacity: float, what: str) -> list[Op]:
    """The icon ``icon`` ('' for none) contained in a box's inner ``width × height``; errors
    name ``what``."""
    if not icon:
        return []
    try:
        return [IconOp(icon, *contain(aspect(icon), width, height), color, opacity)]
    except LayoutError as err:
        raise LayoutError(f"{what}: {err}") from None


_STEP = 0.05 * MM  # the resolution of a line's measured distance to the cut


def line_art_near_cut(design: FaceDesign, kind: Kind, least: float = 0.0) -> list[str]:
    """Warnings for the boxes of ``design`` whose line art (a stroke, a line) comes closer to
    the cut than the kind's safe zone (``safe_margin`` inside the trim), or than ``least``:
    duplex drift and scissors show a frame or a ring that close to the edge. Boxes that bleed
    and lines (a fold line runs from edge to edge) are left out."""
    width, height = kind.size.width, kind.size.height
    trim = Rect(0, 0, width, height)
    margin = max(kind.safe_margin, least)
    out = []
    for box in design.boxes:
        if box.stroke is None or box.bleed or box.shape == "line":
            continue
        rect = box_rect(box, width, height)
        stroke = box.stroke_width or DEFAULT_STROKE
        points = _outline_points(box, kind, rect, stroke)
        if margin <= 0 or _inside(kind, trim, margin, points):
            continue
        depth = 0.0
        while depth + _STEP < margin and _inside(kind, trim, depth + _STEP, points):
            depth += _STEP
        out.append(f"{box.location}: the line of box '{box.name}' of layout '{design.name}' "
                   f"comes {depth / MM:.1f} mm from the cut of kind '{kind.id}' (its safe "
                   f"zone is {kind.safe_margin / MM:.1f} mm): move it inward, or make the box bleed")
    return out


def _inside(kind: Kind, trim: Rect, depth: float, points: list[tuple[float, float]]) -> bool:
    """Whether ``points`` lie ``depth`` or more inside the kind's shape on ``trim``."""
    zone, on = kind.shape.inset(depth), trim.inset(depth)
    return all(zone.contains_point(on, x, y) for x, y in points)


def _outline_points(box: Box, kind: Kind, rect: Rect,
                    stroke: float) -> list[tuple[float, float]]:
    """Points on the outer edge of a box's line: around the corners of a rectangle (rounded
    by its radius), around an ellipse, along the kind's own outline (``shape: outline``)."""
    half = stroke / 2
    if box.shape == "outline":
        return kind.shape.outline_points(rect, half)
    outer = rect.expand(half, half, half, half)
    if box.shape == "ellipse":
        return ellipse_points(outer)
    return rounded_rect_points(outer, box.radius + half if box.radius > 0 else 0.0)
