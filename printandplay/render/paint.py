"""The PDF operators of shapes and numbers, written as text: colours, line widths, dashes
and paths (the same points as ReportLab's own shapes), numbers formatted as every number of
the file is (:func:`~printandplay.render.pdf_syntax.format_number`) and their texts kept."""

from __future__ import annotations

from collections.abc import Iterable

from reportlab.pdfgen.canvas import FILL_EVEN_ODD, PATH_OPS
from reportlab.pdfgen.pdfgeom import bezierArc

from printandplay.model.color import RGB
from printandplay.model.ops import EllipseOp, LineOp, PolygonOp, RectOp
from printandplay.render.pdf_syntax import format_number


def paint_code(fill: RGB | None, stroke: RGB | None, width: float,
                dash: tuple[float, ...]) -> list[str]:
    """The operators setting a fill colour, a stroke colour and width, and dashes."""
    code = []
    if fill is not None:
        code.append(f"{nums(fill)} rg")
    if stroke is not None:
        code.append(f"{nums(stroke)} RG {num(width)} w")
    if dash:
        code.append(f"[{nums(dash)}] 0 d")
    return code


def shape_path(op: RectOp | EllipseOp | PolygonOp | LineOp) -> str:
    """The path of a shape and the operator that paints it."""
    if isinstance(op, LineOp):
        return f"n {num(op.x1)} {num(op.y1)} m {num(op.x2)} {num(op.y2)} l S"
    if isinstance(op, PolygonOp):
        path = polygon_path(op.points)
    elif isinstance(op, EllipseOp):
        path = ellipse_path(op.x, op.y, op.w, op.h)
    elif op.radius > 0:
        path = round_rect_path(op.x, op.y, op.w, op.h, op.radius)
    else:
        path = f"n {nums((op.x, op.y, op.w, op.h))} re"
    return f"{path} {PATH_OPS[int(op.stroke is not None), int(op.fill is not None), FILL_EVEN_ODD]}"


def shape_code(op: RectOp | EllipseOp | PolygonOp | LineOp) -> str:
    """The operators of an opaque shape: colours, line width, dashes, path."""
    if isinstance(op, LineOp):
        code = paint_code(None, op.color, op.width, op.dash)
    else:
        code = paint_code(op.fill, op.stroke, op.stroke_width, op.dash)
    code.append(shape_path(op))
    if op.dash:
        code.append("[] 0 d")
    return "\n".join(code)


# How many entries a writer's caches keep at most (shapes, matrices, colours, images placed):
# memory must not grow with the number of cards.
KEPT_MAX = 20_000

# Numbers as the file writes them (format_number), each value's text kept: the same few
# coordinates, sizes and colours come back on every card.
NUMBERS: dict[float, str] = {}  # value → its text
_NUMBERS_MAX = 20_000


def num(value: float) -> str:
    """``value`` as the file writes it (:func:`format_number`, its text kept)."""
    text = NUMBERS.get(value)
    if text is None:
        text = format_number(value)
        if len(NUMBERS) >= _NUMBERS_MAX:
            NUMBERS.clear()
        NUMBERS[value] = text
    return text


def nums(values: Iterable[float]) -> str:
    """``values`` as the file writes them, separated by spaces."""
    return " ".join(map(num, values))


_ROUND = 0.4472  # ReportLab's control-point factor for the quarter circles of round corners


def round_rect_path(x: float, y: float, w: float, h: float, radius: float) -> str:
    """The path of ReportLab's ``roundRect`` (same points)."""
    xlo, xhi = min(x, x + w), max(x, x + w)
    ylo, yhi = min(y, y + h), max(y, y + h)
    r, t = radius, _ROUND * radius
    n = num
    return (f"n {n(xlo + r)} {n(ylo)} m {n(xhi - r)} {n(ylo)} l "
            f"{n(xhi - t)} {n(ylo)} {n(xhi)} {n(ylo + t)} {n(xhi)} {n(ylo + r)} c "
            f"{n(xhi)} {n(yhi - r)} l "
            f"{n(xhi)} {n(yhi - t)} {n(xhi - t)} {n(yhi)} {n(xhi - r)} {n(yhi)} c "
            f"{n(xlo + r)} {n(yhi)} l "
            f"{n(xlo + t)} {n(yhi)} {n(xlo)} {n(yhi - t)} {n(xlo)} {n(yhi - r)} c "
            f"{n(xlo)} {n(ylo + r)} l "
            f"{n(xlo)} {n(ylo + t)} {n(xlo + t)} {n(ylo)} {n(xlo + r)} {n(ylo)} c h")


def ellipse_path(x: float, y: float, w: float, h: float) -> str:
    """The path of ReportLab's ``ellipse`` (same Bézier arcs)."""
    curves = bezierArc(x, y, x + w, y + h, 0, 360)
    parts = [f"n {num(curves[0][0])} {num(curves[0][1])} m"]
    parts.extend(f"{nums(curve[2:])} c" for curve in curves)
    return " ".join(parts)


def polygon_path(points: Iterable[tuple[float, float]]) -> str:
    """The closed path through ``points``."""
    it = iter(points)
    x, y = next(it)
    parts = [f"n {num(x)} {num(y)} m"]
    parts.extend(f"{num(px)} {num(py)} l" for px, py in it)
    parts.append("h")
    return " ".join(parts)
