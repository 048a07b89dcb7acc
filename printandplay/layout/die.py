"""The ops of a layout box's ``die``: a die's net (a cube's, a tetrahedron's, an octahedron's
or a dodecahedron's) drawn from the box's top-left corner, its faces the box's text split at
``|`` (inline markup: numbers, ``:icons:``, words), its fold lines dashed as the printing
guide's legend shows them, its cut lines solid."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from printandplay.errors import LayoutError
from printandplay.layout.print_guide import FOLD, FOLD_DASH  # (as the legend shows them)
from printandplay.model.color import RGB
from printandplay.model.design import Box, Template
from printandplay.model.geometry import Rect
from printandplay.model.ops import GroupOp, LineOp, Op, PolygonOp
from printandplay.model.polyhedron_net import DieSpec, poly_net
from printandplay.text.fitting import FittedText
from printandplay.units import MM

Fit = Callable[[str, float, float, Box], FittedText]
CUT: RGB = (0.0, 0.0, 0.0)
CUT_WIDTH = 0.5
TAB_FILL: RGB = (0.9, 0.9, 0.9)


def die_ops(box: Box, die: DieSpec, rect: Rect, fit: Fit, render: Callable[[Template], str],
            what: str) -> list[Op]:
    """The net in the box at ``rect``: tabs (pale grey), each face's content, the fold lines
    and the cut lines (the faces show what the box paints under them)."""
    try:
        net = poly_net(die.sides, die.edge, die.tab)
    except ValueError as err:
        raise LayoutError(f"{what}: {err}") from None
    width, height = net.size
    if width > rect.w + 0.01 or height > rect.h + 0.01:
        raise LayoutError(f"{what}: the die's net needs {width / MM:.1f} × {height / MM:.1f} mm, "
                          f"the box is {rect.w / MM:.1f} × {rect.h / MM:.1f} mm")
    net = poly_net(die.sides, die.edge, die.tab, (rect.x, rect.top - height))
    source = render(box.text) if box.text is not None else ""
    faces = ([face.strip() for face in source.split("|")] if source.strip()
             else [""] * die.sides)
    if len(faces) != die.sides:
        raise LayoutError(f"{what}: a die has {die.sides} faces, its text gives {len(faces)} "
                          f"(separate them with |)")
    ops: list[Op] = [PolygonOp((a, b, c, d), TAB_FILL) for a, b, c, d in net.tabs]
    centred = replace(box, align="center", valign="middle", padding=0.0)
    for inner, text in zip(net.content, faces, strict=True):
        if text:
            fitted = fit(text, inner.w, inner.h, centred)
            ops.append(GroupOp((1.0, 0.0, 0.0, 1.0, inner.x, inner.y), fitted.ops))
    ops += [LineOp(a[0], a[1], b[0], b[1], FOLD, 0.5, FOLD_DASH) for a, b in net.folds]
    ops += [LineOp(a[0], a[1], b[0], b[1], CUT, CUT_WIDTH) for a, b in net.cuts]
    return ops
