"""Boards as data: a layout box's ``grid`` (square or hexagonal cells in rows and columns,
filled from a table) and ``track`` (numbered cells around the box's edge, or in a strip), and
where their cells lie.

Pure geometry in points, in the box's frame: origin at the box's bottom-left corner, y up;
rows are numbered from the top, columns from the left, both from 0 (the coordinates printed
are a column letter and a row number from 1: ``A1`` is the top-left cell).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final, Literal

from printandplay.errors import Location
from printandplay.model.geometry import Rect
from printandplay.units import MM

GridShape = Literal["square", "hex-flat", "hex-pointy"]
TrackPath = Literal["edge", "line", "points", "cells"]
MAX_CELLS: Final = 10_000  # rows × columns of one grid, cells of one track
Point = tuple[float, float]


@dataclass(frozen=True)
class Cell:
    """One cell of a grid's table: where it is and what it shows (each optional)."""

    row: int
    col: int
    terrain: str | None = None  # a colour: a name of the game's palette or #rrggbb
    icon: str | None = None
    label: str | None = None
    text: str | None = None
    region: str | None = None  # cells of different regions get a border between them
    location: Location | None = None


@dataclass(frozen=True)
class GridSpec:
    """A grid of ``rows`` × ``columns`` cells ``cell`` across (a square's side, a hexagon's
    distance between opposite sides), drawn from the box's top-left corner."""

    shape: GridShape
    rows: int
    columns: int
    cell: float
    cells: tuple[Cell, ...] = ()
    cells_file: str | None = None  # the table the cells are read from (beside layouts.yaml)
    coordinates: bool = False


@dataclass(frozen=True)
class TrackSpec:
    """``count`` numbered cells from ``start``, around the box's edge clockwise from its
    top-left corner (``edge``), in one row along the box (``line``), along a polyline through
    ``points`` (``width`` wide) or on the cells of the box's grid listed in ``cells``; every
    ``every``-th number marked, and every ``2 × every``-th more so."""

    count: int
    start: int = 0
    every: int = 5
    path: TrackPath = "edge"
    points: tuple[Point, ...] = ()  # path "points": from the box's top-left corner, y down
    width: float | None = None  # path "points": the cells' width across the line
    cells: tuple[tuple[int, int], ...] = ()  # path "cells": (row, col) of the box's grid


def hex_side(cell: float) -> float:
    """The side of a regular hexagon ``cell`` across its flats."""
    return cell / math.sqrt(3)


def grid_size(spec: GridSpec) -> tuple[float, float]:
    """The width and height the grid's cells cover."""
    rows, cols, cell = spec.rows, spec.columns, spec.cell
    if spec.shape == "square":
        return cols * cell, rows * cell
    side = hex_side(cell)
    if spec.shape == "hex-flat":  # columns of flat-top hexagons, odd ones half a cell lower
        return 2 * side + (cols - 1) * 1.5 * side, rows * cell + (cell / 2 if cols > 1 else 0.0)
    return cols * cell + (cell / 2 if rows > 1 else 0.0), 2 * side + (rows - 1) * 1.5 * side


def cell_centre(spec: GridSpec, row: int, col: int, height: float) -> Point:
    """The centre of the cell at ``row``, ``col`` in the frame of a box ``height`` tall."""
    cell = spec.cell
    if spec.shape == "square":
        x, down = (col + 0.5) * cell, (row + 0.5) * cell
    elif spec.shape == "hex-flat":
        side = hex_side(cell)
        x = side + col * 1.5 * side
        down = (row + 0.5) * cell + (cell / 2 if col % 2 else 0.0)
    else:
        side = hex_side(cell)
        x = (col + 0.5) * cell + (cell / 2 if row % 2 else 0.0)
        down = side + row * 1.5 * side
    return x, height - down


def cell_outline(spec: GridSpec, centre: Point) -> tuple[Point, ...]:
    """The corners of the cell around ``centre``, counter-clockwise."""
    x, y = centre
    if spec.shape == "square":
        h = spec.cell / 2
        return ((x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h))
    side = hex_side(spec.cell)
    start = 0.0 if spec.shape == "hex-flat" else math.pi / 2
    return tuple((x + side * math.cos(start + k * math.pi / 3),
                  y + side * math.sin(start + k * math.pi / 3)) for k in range(6))


def coordinate_name(row: int, col: int) -> str:
    """``A1`` for the top-left cell: the column's letters, the row's number from 1."""
    letters = ""
    col += 1
    while col:
        col, rest = divmod(col - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return f"{letters}{row + 1}"


def parse_coordinate(name: str) -> tuple[int, int]:
    """The (row, col) of a cell named as :func:`coordinate_name` names it (``A1``: 0, 0);
    ValueError for another name."""
    text = name.strip().upper()
    letters = text.rstrip("0123456789")
    digits = text[len(letters):]
    if not letters or not letters.isalpha() or not letters.isascii() or not digits or \
            len(letters) > 3 or len(digits) > 5 or int(digits) < 1:
        raise ValueError(f"{name!r} is no cell name (a column letter and a row number: A1)")
    col = 0
    for letter in letters:
        col = col * 26 + ord(letter) - ord("A") + 1
    return int(digits) - 1, col - 1


def track_cells(spec: TrackSpec, box: Rect) -> list[Rect]:
    """The track's cells in the box's frame (``box`` gives its size), in the order of their
    numbers: along the box (``line``: one row, or one column in a box taller than wide), or
    around its edge clockwise from the top-left corner, each side's cells as near square as
    the count allows (corner cells belong to both sides)."""
    w, h, n = box.w, box.h, spec.count
    if w <= 0 or h <= 0:
        raise ValueError("a track needs a box with a width and a height")
    if spec.path == "line":
        if w >= h:
            return [Rect(i * w / n, 0.0, w / n, h) for i in range(n)]
        return [Rect(0.0, h - (i + 1) * h / n, w, h / n) for i in range(n)]
    # 2 × across + 2 × down − 4 = n, across : down as w : h
    across = max(2, min(n // 2, round((n + 4) / 2 * w / (w + h))))
    down = (n + 4) // 2 - across
    if down < 2 or 2 * (across + down) - 4 != n:
        raise ValueError(f"a track around the edge needs an even count of at least 4 cells, "
                         f"got {n}")
    cw, ch = w / across, h / down
    cells = [Rect(i * cw, h - ch, cw, ch) for i in range(across)]  # top, left to right
    cells += [Rect(w - cw, h - (j + 1) * ch, cw, ch) for j in range(1, down)]  # right, down
    cells += [Rect(w - (i + 1) * cw, 0.0, cw, ch) for i in range(1, across)]  # bottom
    cells += [Rect(0.0, j * ch, cw, ch) for j in range(1, down - 1)]  # left, up
    return cells


def check_grid_fits(grid: GridSpec, width: float, height: float) -> str | None:
    """Why ``grid`` does not fit a box of ``width`` × ``height``, or None."""
    need_w, need_h = grid_size(grid)
    if need_w > width + 0.01 or need_h > height + 0.01:
        return (f"the grid needs {need_w / MM:.1f} × {need_h / MM:.1f} mm, the box "
                f"is {width / MM:.1f} × {height / MM:.1f} mm")
    return None


def region_borders(grid: GridSpec, corners: dict[tuple[int, int], tuple[Point, ...]]
                   ) -> list[tuple[Point, Point]]:
    """The cell sides between cells of different regions (a cell without one being of none),
    and those of cells of a region on the grid's edge, from each cell's ``corners``."""
    regions = {(c.row, c.col): c.region for c in grid.cells if c.region}
    sides: dict[tuple[tuple[float, float], ...], list[tuple[int, int]]] = {}
    ends: dict[tuple[tuple[float, float], ...], tuple[Point, Point]] = {}
    for place, points in corners.items():
        for i, a in enumerate(points):
            b = points[(i + 1) % len(points)]
            key = tuple(sorted(((round(a[0], 3), round(a[1], 3)),
                               (round(b[0], 3), round(b[1], 3)))))
            sides.setdefault(key, []).append(place)
            ends[key] = (a, b)
    out = []
    for key, places in sides.items():
        kinds = {regions.get(place) for place in places}
        if len(kinds) > 1 or (len(places) == 1 and None not in kinds):
            out.append(ends[key])
    return out
