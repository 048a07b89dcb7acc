"""Icons seen on what they lie over: an icon's silhouette against the solid fill under it.

An icon's shapes are judged in painting order (:attr:`~printandplay.model.icon.Icon.edges`): a
shape is seen when its fill contrasts at least :data:`MIN_CONTRAST` with the fill under the
icon, or its outline (at least :data:`MIN_OUTLINE` of the icon's side) at least
:data:`LINE_CONTRAST` (a line is thin, as small text), or, without a fill, its outline 3:1. The
icon is seen when its first shape is; a first shape that blends into the fill (under
:data:`BLENDS`: a white halo on paper, a disc of the card's colour) is skipped, and the next
shape judged. A red disc in a dark ring of 3.1:1 on a red card is not seen; a yellow banana in a
dark ring on cream is; a flame in a white halo is, on any colour. An icon that is not seen is
a warning (a game's own art may mean it), naming the icon, the colours and the ratio.

The icons set in a box's text (``:icon:``) are judged, as words are, and so is an icon box's
icon: art is printed to be seen (a back's emblem too).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final

from printandplay.layout.extent import IDENTITY, Transform, compose_transforms, transform_box
from printandplay.layout.fills import Bounds, Layer, bounds, fill_over, layers
from printandplay.layout.legibility import GOOD_CONTRAST, MIN_CONTRAST, contrast_ratio, hex_color
from printandplay.model.color import RGB
from printandplay.model.icon import IconEdge, Paint
from printandplay.model.ops import GroupOp, IconOp, Op

LINE_CONTRAST: Final = GOOD_CONTRAST  # an outline alone carries the icon from this ratio
MIN_OUTLINE: Final = 0.02  # an outline thinner than this share of the icon's side does not
BLENDS: Final = 1.5  # a shape whose fill contrasts less with the fill under it blends in

IconEdges = Callable[[str], Sequence[IconEdge]]


def icon_extents(ops: Sequence[Op], transform: Transform = IDENTITY
                 ) -> Iterator[tuple[IconOp, Bounds]]:
    """Every icon op of ``ops`` (groups opened) with the page rectangle it covers."""
    for op in ops:
        if isinstance(op, IconOp):
            yield op, bounds(*transform_box(transform, op.x, op.y, op.w, op.h))
        elif isinstance(op, GroupOp):
            yield from icon_extents(op.ops, compose_transforms(transform, op.transform))


def _paint(paint: Paint, current: RGB) -> RGB | None:
    return current if paint == "current" else paint if isinstance(paint, tuple) else None


def icon_seen(edges: Sequence[IconEdge], current: RGB, under: RGB
              ) -> tuple[RGB, float, bool]:
    """Whether an icon of these shapes (:attr:`~printandplay.model.icon.Icon.edges`) is seen
    on ``under`` (``current``: the colour of the box, SVG's currentColor): the colour and
    ratio of the shape judged last, and whether it is seen."""
    shown, best = under, 1.0
    for edge in edges:
        fill = _paint(edge.fill, current)
        stroke = _paint(edge.stroke, current) if edge.stroke_share >= MIN_OUTLINE else None
        fill_ratio = contrast_ratio(fill, under) if fill is not None else 0.0
        stroke_ratio = contrast_ratio(stroke, under) if stroke is not None else 0.0
        shown = fill if fill is not None else stroke if stroke is not None else under
        best = max(fill_ratio, stroke_ratio)
        if fill_ratio >= MIN_CONTRAST or stroke_ratio >= (
                LINE_CONTRAST if fill is not None else MIN_CONTRAST):
            return shown, best, True
        if fill is None or fill_ratio >= BLENDS:
            return shown, best, False
    return shown, best, not edges


def check_icons_over(box_ops: Sequence[Op], below: Sequence[Layer], edges: IconEdges | None,
                     what: str, warn: Callable[[tuple[Any, ...], str], None]) -> None:
    """Warn (``warn(key, message)``) of each icon of ``box_ops`` whose silhouette is not seen
    (:func:`icon_seen`) on the solid fill under it (drawn before the box: ``below``, with the box's
    own shapes); an icon over several colours or an image is not judged (nor any without
    ``edges``, what tells how each icon is painted)."""
    if edges is None:
        return
    under_all: list[Layer] | None = None
    for icon, area in icon_extents(box_ops):
        shapes = edges(icon.icon)
        if not shapes or icon.opacity < 1:
            continue
        if under_all is None:
            under_all = [*below, *layers(box_ops)]
        under = fill_over(under_all, area)
        if under is None:
            continue
        colour, ratio, seen = icon_seen(shapes, icon.color, under)
        if seen:
            continue
        warn((icon.icon, under), f"{what}: icon '{icon.icon}' ({hex_color(colour)}) on "
                                 f"{hex_color(under)} ({ratio:.1f}:1) is not seen: its fill "
                                 f"needs {MIN_CONTRAST:g}:1 contrast with what is under it, or "
                                 f"its outline {LINE_CONTRAST:g}:1")
