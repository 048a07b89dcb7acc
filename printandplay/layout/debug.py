"""``--debug-boxes``: outlines drawn over faces and document pages to see the layout.

Every box of a face is outlined with its name (dashed when its ``when`` hides it on this
face); the trim is green, the bleed's outer edge red, the safe zone blue and dashed. On
document pages, the text frame, and each block with its kind.
"""

from __future__ import annotations

from printandplay.model.color import RGB
from printandplay.model.fonts import FontMetrics
from printandplay.model.geometry import Rect
from printandplay.model.ops import Op, RectOp, TextOp
from printandplay.model.shapes import Shape

BOX: RGB = (0.85, 0.0, 0.65)
TRIM: RGB = (0.0, 0.6, 0.2)
BLEED: RGB = (0.9, 0.1, 0.1)
SAFE: RGB = (0.1, 0.35, 0.95)
LINE = 0.35  # points
LABEL_SIZE = 4.5  # points
DASH = (2.0, 1.5)


def label(metrics: FontMetrics, text: str, x: float, top: float, color: RGB) -> TextOp:
    """A small label whose top-left corner is at ``(x, top)``."""
    font = metrics.select("body", False, False)
    prepared = metrics.prepare(text, font)
    return TextOp(x + 0.8, top - 0.8 - metrics.ascent(font) * LABEL_SIZE, prepared, font,
                  LABEL_SIZE, color)


def outline(rect: Rect, color: RGB, dashed: bool = False) -> RectOp:
    """A thin outline of ``rect``, inside it (so that a clip at its edge keeps it whole)."""
    half = LINE / 2
    return RectOp(rect.x + half, rect.y + half, rect.w - LINE, rect.h - LINE, None, color, LINE,
                  0.0, DASH if dashed else ())


def box_overlay(metrics: FontMetrics, rect: Rect, name: str, hidden: bool) -> list[Op]:
    """The outline and name of one box."""
    return [outline(rect, BOX, hidden), label(metrics, name, rect.x, rect.top, BOX)]


def face_frame(width: float, height: float, bleed: float, safe_margin: float, shape: Shape
               ) -> list[Op]:
    """Trim, bleed and safe zone of a face of ``shape``."""
    ops: list[Op] = []
    if bleed > 0:
        ops.append(outline(Rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed), BLEED))
    trim = Rect(0, 0, width, height)
    ops.append(shape.outline(trim, TRIM, LINE))
    ops.append(shape.inset(safe_margin).outline(trim.inset(safe_margin), SAFE, LINE, DASH))
    return ops
