"""The boxes of a page holding one item: its ``TrimBox`` and ``BleedBox``."""

from __future__ import annotations

from collections.abc import Sequence

from printandplay.model.game import Size
from printandplay.model.geometry import Rect
from printandplay.model.ops import Placement


def item_boxes(size: Size, placements: Sequence[Placement]
               ) -> tuple[list[float], list[float]] | None:
    """``(TrimBox, BleedBox)`` as ``[x0, y0, x1, y1]`` of a page holding one item: its trim
    (the part on this page, for a tile of a large item) and the area it prints (trim plus
    bleed, within its clip and the page); ``None`` for other pages."""
    if len(placements) != 1:
        return None
    placement = placements[0]
    face = placement.face
    b = face.bleed
    bleed = placement.clip or Rect(placement.x - b, placement.y - b, face.width + 2 * b,
                                   face.height + 2 * b)
    trim = Rect(placement.x, placement.y, face.width, face.height)
    page = Rect(0.0, 0.0, size.width, size.height)
    bleed_box = _intersect(bleed, page)
    trim_box = _intersect(trim, bleed_box)
    if bleed_box is None or trim_box is None:
        return None
    return _corners(trim_box), _corners(bleed_box)


def _intersect(a: Rect | None, b: Rect | None) -> Rect | None:
    if a is None or b is None:
        return None
    x0, y0 = max(a.x, b.x), max(a.y, b.y)
    x1, y1 = min(a.right, b.right), min(a.top, b.top)
    if x1 - x0 <= 0 or y1 - y0 <= 0:
        return None
    return Rect(x0, y0, x1 - x0, y1 - y0)


def _corners(rect: Rect) -> list[float]:
    return [round(v, 3) for v in (rect.x, rect.y, rect.right, rect.top)]
