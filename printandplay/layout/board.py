"""The ops of a board's boxes: a ``grid``'s cells (outlines, terrain colours, icons, labels,
texts and coordinates) and a ``track``'s numbered cells (around the box, in a strip, along a
polyline or on the grid's cells), in face coordinates.

Texts go through the face's own text fitting (the box's font, size and ``min_size``, never
under the game's minimum size); a cell's colours are names of the game's palette or
``#rrggbb``. The geometry is :mod:`printandplay.model.board`'s."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from printandplay.errors import LayoutError
from printandplay.layout.die import die_ops
from printandplay.layout.face_geometry import DEFAULT_STROKE, icon_ops
from printandplay.layout.legibility import MIN_CONTRAST, contrast_ratio, hex_color
from printandplay.model.board import (
    GridSpec,
    TrackSpec,
    cell_centre,
    cell_outline,
    check_grid_fits,
    coordinate_name,
    region_borders,
    track_cells,
)
from printandplay.model.color import RGB
from printandplay.model.design import Box, Template
from printandplay.model.geometry import Rect
from printandplay.model.ops import GroupOp, LineOp, Op, PolygonOp, RectOp
from printandplay.model.track_path import check_path, path_cells, path_length
from printandplay.text.fitting import FittedText
from printandplay.units import MM

Fit = Callable[[str, float, float, Box], FittedText]  # text, width, height, style box
Color = Callable[[str], RGB | None]
Point = tuple[float, float]  # a colour's name or #rrggbb → RGB
REGION_WIDTH = 4.0  # a region's border, as a multiple of the cells' outline
COORDINATE_SIZE = 6.5  # points: the coordinates printed in a corner of each cell
INK: RGB = (0.0, 0.0, 0.0)


def _text_at(fit: Fit, source: str, area: Rect, box: Box) -> Op:
    """``source`` fitted in ``area`` with the style of ``box``."""
    fitted = fit(source, area.w, area.h, box)
    return GroupOp((1.0, 0.0, 0.0, 1.0, area.x, area.y), fitted.ops)


def grid_ops(box: Box, grid: GridSpec, rect: Rect, fit: Fit, color: Color,
             icon_aspect: Callable[[str], float], stroke: RGB | None, ink: RGB,
             what: str) -> list[Op]:
    """The grid's cells drawn from the top-left corner of the box at ``rect``: every cell's
    outline (``stroke``, or black), then each cell of the table: its terrain, icon, label and
    text; the coordinates last."""
    problem = check_grid_fits(grid, rect.w, rect.h)
    if problem:
        raise LayoutError(f"{what}: {problem}")
    line = box.stroke_width or DEFAULT_STROKE
    centred = replace(box, align="center", valign="middle", padding=0.0)
    small = replace(centred, size=COORDINATE_SIZE, min_size=min(COORDINATE_SIZE, box.size),
                    bold=False)
    fills: dict[tuple[int, int], RGB | None] = {}
    for cell in grid.cells:
        if cell.terrain:
            fills[(cell.row, cell.col)] = _color(color, cell.terrain, what)
    ops: list[Op] = []
    centres = {}
    corners = {}
    for row in range(grid.rows):
        for col in range(grid.columns):
            x, y = cell_centre(grid, row, col, rect.h)
            centres[(row, col)] = (rect.x + x, rect.y + y)
            corners[(row, col)] = cell_outline(grid, centres[(row, col)])
            ops.append(PolygonOp(corners[(row, col)], fills.get((row, col)), stroke or INK,
                                 line, box.dash))
    if any(cell.region for cell in grid.cells):  # thick borders around the regions
        ops += [LineOp(a[0], a[1], b[0], b[1], stroke or INK, REGION_WIDTH * line)
                for a, b in region_borders(grid, corners)]
    half = grid.cell / 2
    for cell in grid.cells:  # icon in the middle, label under it, text under the label
        cx, cy = centres[(cell.row, cell.col)]
        at = f"{what}, cell ({cell.row}, {cell.col})"
        under = fills.get((cell.row, cell.col))
        if (cell.label or cell.text or grid.coordinates) and under is not None and \
                contrast_ratio(ink, under) < MIN_CONTRAST:
            raise LayoutError(f"{at}: text colour {hex_color(ink)} on {hex_color(under)} "
                              f"({contrast_ratio(ink, under):.1f}:1) is below the "
                              f"{MIN_CONTRAST:g}:1 contrast needed to read it")
        if cell.icon:
            size = 0.8 * half
            icons = icon_ops(cell.icon, icon_aspect, size, size, ink, 1.0, at)
            ops.append(GroupOp((1.0, 0.0, 0.0, 1.0, cx - size / 2, cy - 0.3 * half),
                               tuple(icons)))
        if cell.label:
            ops.append(_text_at(fit, cell.label, Rect(cx - 0.75 * half, cy - 0.58 * half,
                                                      1.5 * half, 0.26 * half), centred))
        if cell.text:
            ops.append(_text_at(fit, cell.text, Rect(cx - 0.6 * half, cy - 0.86 * half,
                                                     1.2 * half, 0.26 * half), centred))
    if grid.coordinates:
        for (row, col), (cx, cy) in centres.items():
            ops.append(_text_at(fit, coordinate_name(row, col),
                                Rect(cx - 0.4 * half, cy + 0.58 * half, 0.8 * half,
                                     0.28 * half), small))
    return ops


def track_ops(box: Box, track: TrackSpec, rect: Rect, fit: Fit, stroke: RGB | None,
              what: str, color: Color | None = None, ink: RGB = INK) -> list[Op]:
    """The track's numbered cells: every ``every``-th number in bold with a thicker outline,
    every second of those tinted with the stroke colour (on a grid's cells, ``color`` reads
    their terrain and the numbers, in ``ink``, must be legible on it)."""
    if track.path == "points":
        return _path_track_ops(box, track, rect, fit, stroke, what)
    if track.path == "cells":
        return _grid_track_ops(box, track, rect, fit, stroke, what, color, ink)
    try:
        cells = track_cells(track, rect)
    except ValueError as err:
        raise LayoutError(f"{what}: {err}") from None
    line = box.stroke_width or DEFAULT_STROKE
    ink = stroke or INK
    centred = replace(box, align="center", valign="middle", padding=0.0)
    marked = replace(centred, bold=True)
    ops: list[Op] = []
    for index, cell in enumerate(cells):
        number = track.start + index
        area = Rect(rect.x + cell.x, rect.y + cell.y, cell.w, cell.h)
        every = number % track.every == 0
        if number % (2 * track.every) == 0:
            ops.append(RectOp(area.x, area.y, area.w, area.h, ink, None, 0.0, 0.0, (), 0.18))
        ops.append(RectOp(area.x, area.y, area.w, area.h, None, ink, 2 * line if every else line))
        inner = area.inset(min(area.w, area.h) * 0.12)
        ops.append(_text_at(fit, str(number), inner, marked if every else centred))
    return ops


def _numbered_cell_ops(box: Box, track: TrackSpec, index: int, outline: tuple[Point, ...],
                       area: Rect, fit: Fit, ink: RGB, fill: bool) -> list[Op]:
    """One cell of a track drawn as a polygon: its tint (every ``2 × every``-th), its outline
    (thicker every ``every``-th) and its number in ``area``."""
    line = box.stroke_width or DEFAULT_STROKE
    number = track.start + index
    every = number % track.every == 0
    centred = replace(box, align="center", valign="middle", padding=0.0, bold=every or box.bold)
    ops: list[Op] = []
    if fill and number % (2 * track.every) == 0:
        ops.append(PolygonOp(outline, ink, None, 0.0, (), 0.18))
    ops.append(PolygonOp(outline, None, ink, 2 * line if every else line))
    ops.append(_text_at(fit, str(number), area, centred))
    return ops


def _path_track_ops(box: Box, track: TrackSpec, rect: Rect, fit: Fit, stroke: RGB | None,
                    what: str) -> list[Op]:
    """A track along the polyline of its ``points`` (from the box's top-left corner, y
    down): a ribbon ``width`` wide (the cells' length along the line unless given)."""
    points = tuple((rect.x + x, rect.top - y) for x, y in track.points)
    step = path_length(points) / track.count if check_path(points) is None else 0.0
    width = track.width or step
    try:
        cells = path_cells(points, track.count, width)
    except ValueError as err:
        raise LayoutError(f"{what}: {err}") from None
    outside = [p for cell in cells for p in cell.outline
               if not (rect.x - 0.01 <= p[0] <= rect.right + 0.01
                       and rect.y - 0.01 <= p[1] <= rect.top + 0.01)]
    if outside:
        x, y = outside[0]
        raise LayoutError(f"{what}: the track's cells leave the box (at {(x - rect.x) / MM:.1f} "
                          f"mm, {(rect.top - y) / MM:.1f} mm from its top-left corner)")
    side = 0.7 * min(width, step)
    ops: list[Op] = []
    for index, cell in enumerate(cells):
        cx, cy = cell.centre
        area = Rect(cx - side / 2, cy - side / 2, side, side)
        ops += _numbered_cell_ops(box, track, index, cell.outline, area, fit, stroke or INK,
                                  True)
    return ops


def _grid_track_ops(box: Box, track: TrackSpec, rect: Rect, fit: Fit, stroke: RGB | None,
                    what: str, color: Color | None, ink: RGB) -> list[Op]:
    """A track on cells of the box's grid: each listed cell's outline marked, its number in
    the top of the cell (where coordinates would go), in ``ink`` legible on its terrain."""
    grid = box.grid
    if grid is None:
        raise LayoutError(f"{what}: a track along grid cells (path: [A1, B1, …]) needs a grid "
                          f"in the same box")
    if grid.coordinates:
        raise LayoutError(f"{what}: a track along grid cells prints its numbers where the "
                          f"coordinates go: leave out the grid's coordinates")
    half = grid.cell / 2
    terrain = {(cell.row, cell.col): _color(color, cell.terrain, what)
               for cell in grid.cells if cell.terrain and color is not None}
    ops: list[Op] = []
    for index, (row, col) in enumerate(track.cells):
        if not (0 <= row < grid.rows and 0 <= col < grid.columns):
            raise LayoutError(f"{what}: the track's cell {coordinate_name(row, col)} is outside "
                              f"the grid ({grid.rows} rows, {grid.columns} columns)")
        under = terrain.get((row, col))
        if under is not None and contrast_ratio(ink, under) < MIN_CONTRAST:
            raise LayoutError(f"{what}, cell ({row}, {col}): the track's number, colour "
                              f"{hex_color(ink)} on {hex_color(under)} "
                              f"({contrast_ratio(ink, under):.1f}:1), is below the "
                              f"{MIN_CONTRAST:g}:1 contrast needed to read it")
        x, y = cell_centre(grid, row, col, rect.h)
        cx, cy = rect.x + x, rect.y + y
        area = Rect(cx - 0.4 * half, cy + 0.58 * half, 0.8 * half, 0.28 * half)
        ops += _numbered_cell_ops(box, track, index, cell_outline(grid, (cx, cy)), area, fit,
                                  stroke or INK, False)
    return ops


def _color(color: Color, name: str, what: str) -> RGB | None:
    try:
        return color(name)
    except (LayoutError, ValueError) as err:
        raise LayoutError(f"{what}: {err}") from None


def board_box_ops(box: Box, rect: Rect, fit: Fit, color: Color,
                  icon_aspect: Callable[[str], float], stroke: RGB | None, ink: RGB,
                  what: str, render: Callable[[Template], str]) -> list[Op]:
    """The ops of a box's ``grid``, ``track`` and ``die`` (``render`` gives a template's
    text: a die's faces)."""
    ops: list[Op] = []
    if box.die is not None:
        ops += die_ops(box, box.die, rect, fit, render, what)
    if box.grid is not None:
        ops += grid_ops(box, box.grid, rect, fit, color, icon_aspect, stroke, ink, what)
    if box.track is not None:
        ops += track_ops(box, box.track, rect, fit, stroke, what, color, ink)
    return ops
