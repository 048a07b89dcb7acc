"""The ``grid`` and ``track`` keys of a layout box (boards as data), and the table that fills a
grid's cells: a YAML list or a CSV/TSV file beside ``layouts.yaml``, one cell a record
(``row``, ``col``, ``terrain``, ``icon``, ``label``, ``text``, ``region``)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from printandplay.data.csv_loader import read_csv_rows
from printandplay.data.files import resolve_inside
from printandplay.data.reader import (
    Fields,
    Invalid,
    Problems,
    as_bool,
    as_int,
    as_length,
    as_literal,
    as_str,
    type_name,
)
from printandplay.data.yamlio import LocList, load_yaml
from printandplay.errors import DataError, Location
from printandplay.model.board import (
    MAX_CELLS,
    Cell,
    GridShape,
    GridSpec,
    TrackPath,
    TrackSpec,
    parse_coordinate,
)
from printandplay.model.design import FaceDesign
from printandplay.model.polyhedron_net import DIE_SOLIDS, MAX_TAB, DieSpec

CELL_KEYS = ("row", "col", "terrain", "icon", "label", "text", "region")


def _mapping(value: Any, what: str) -> Fields:
    if not isinstance(value, dict):
        raise Invalid(f"expected a mapping, got {type_name(value)}")
    return Fields(value, what, Problems(), Location(""))


def _finish(fields: Fields) -> None:
    fields.finish()
    if fields.problems.errors:
        raise Invalid("; ".join(error.message for error in fields.problems.errors))


def _count(value: Any, low: int, what: str) -> int:
    number = as_int(value)
    if not low <= number <= MAX_CELLS:
        raise Invalid(f"{what} must be from {low} to {MAX_CELLS}, got {number}")
    return number


def as_grid(value: Any) -> GridSpec:
    """``{shape, rows, columns, cell, cells, coordinates}``."""
    fields = _mapping(value, "grid")
    shape: GridShape = fields.optional("shape", as_literal(GridShape), "square")
    rows = fields.require("rows", lambda v: _count(v, 1, "rows"))
    cols = fields.require("columns", lambda v: _count(v, 1, "columns"))
    cell = fields.require("cell", as_length)
    cells_node = fields.raw("cells")
    coordinates = fields.optional("coordinates", as_bool, False)
    _finish(fields)
    assert rows is not None and cols is not None and cell is not None
    if rows * cols > MAX_CELLS:
        raise Invalid(f"a grid has at most {MAX_CELLS} cells, got {rows} × {cols}")
    if cell <= 0:
        raise Invalid("the cell size must be > 0")
    spec = GridSpec(shape, rows, cols, cell, coordinates=coordinates)
    if isinstance(cells_node, str):
        return replace(spec, cells_file=cells_node)
    if cells_node is not None:
        if not isinstance(cells_node, list):
            raise Invalid("cells: a file name (cells.csv, cells.yaml) or a list of cells")
        spec = replace(spec, cells=_cells_of(
            [(record, getattr(record, "location", Location(""))) for record in cells_node],
            spec))
    return spec


def as_track(value: Any) -> TrackSpec:
    """``{count, start, every, path, width}``: ``path`` is ``edge``, ``line``, a list of points
    ``[[x, y], …]`` (lengths from the box's top-left corner) or a list of the box's grid cells
    ``[A1, B1, …]`` (then ``count`` is their number)."""
    fields = _mapping(value, "track")
    count = fields.optional("count", lambda v: _count(v, 2, "count"), None)
    start = fields.optional("start", as_int, 0)
    every = fields.optional("every", lambda v: _count(v, 1, "every"), 5)
    path_node = fields.raw("path")
    width = fields.optional("width", as_length, None)
    _finish(fields)
    if not isinstance(path_node, list):
        if path_node not in (None, "edge", "line"):
            raise Invalid("path: expected one of edge, line, or a list of points "
                          "[[x, y], …] or of cells [A1, …]")
        path: TrackPath = "line" if path_node == "line" else "edge"
        if count is None:
            raise Invalid("count: the number of cells is required")
        if width is not None:
            raise Invalid("width: only for a track along a list of points")
        return TrackSpec(count, start, every, path)
    if not 2 <= len(path_node) <= MAX_CELLS:
        raise Invalid(f"path: from 2 to {MAX_CELLS} points or cells, got {len(path_node)}")
    if all(isinstance(item, str) for item in path_node):
        cells = tuple(_cell_name(item) for item in path_node)
        if len(set(cells)) != len(cells):
            raise Invalid("path: a cell is listed twice")
        if count is not None and count != len(cells):
            raise Invalid(f"count: {count}, but the path lists {len(cells)} cells (leave "
                          f"count out)")
        if width is not None:
            raise Invalid("width: only for a track along a list of points")
        return TrackSpec(len(cells), start, every, "cells", cells=cells)
    points = tuple(_point(item) for item in path_node)
    if count is None:
        raise Invalid("count: the number of cells along the path is required")
    if width is not None and width <= 0:
        raise Invalid("width: must be > 0")
    return TrackSpec(count, start, every, "points", points=points, width=width)


def _cell_name(item: str) -> tuple[int, int]:
    try:
        return parse_coordinate(item)
    except ValueError as err:
        raise Invalid(f"path: {err}") from None


def _point(item: Any) -> tuple[float, float]:
    if not isinstance(item, list) or len(item) != 2 or isinstance(item[0], list):
        raise Invalid(f"path: a point is [x, y] (lengths: [10mm, 25mm]), got "
                      f"{type_name(item)}")
    return as_length(item[0]), as_length(item[1])


def as_die(value: Any) -> DieSpec:
    """``{cube: 16mm, tab: 4mm}`` (a six-sided die), ``{tetrahedron: 30mm}`` (four sides),
    ``{octahedron: 25mm}`` (eight) or ``{dodecahedron: 15mm}`` (twelve): the solid's edge, the
    tab a quarter of the edge unless given."""
    fields = _mapping(value, "die")
    edges = {sides: fields.optional(name, as_length, None) for sides, name in DIE_SOLIDS.items()}
    tab = fields.optional("tab", as_length, None)
    _finish(fields)
    given = [(sides, edge) for sides, edge in edges.items() if edge is not None]
    if len(given) != 1:
        raise Invalid("give the edge of one solid: a cube (cube: 16mm), a tetrahedron "
                      "(tetrahedron: 30mm), an octahedron (octahedron: 25mm) or a "
                      "dodecahedron (dodecahedron: 15mm)")
    sides, edge = given[0]
    assert edge is not None
    tab = edge / 4 if tab is None else tab
    if edge <= 0 or not 0 < tab <= MAX_TAB * edge:
        raise Invalid(f"the edge must be > 0 and tab from 0 to {MAX_TAB:g} × the edge")
    return DieSpec(edge, tab, sides)


def _cells_of(records: list[tuple[Any, Location]], spec: GridSpec) -> tuple[Cell, ...]:
    """The cells of ``records`` (mappings, each with where it stands), checked against the
    grid: inside it, each place once."""
    out = []
    seen: dict[tuple[int, int], Location] = {}
    for index, (record, at) in enumerate(records):
        problems = Problems()
        fields = Fields(record, f"cell {index + 1}", problems, at)
        row = fields.require("row", as_int)
        col = fields.require("col", as_int)
        texts = {key: fields.optional(key, as_str, None) for key in CELL_KEYS[2:]}
        fields.finish()
        if problems.errors:
            raise DataError(problems.errors[0].location, problems.errors[0].message)
        assert row is not None and col is not None
        if not (0 <= row < spec.rows and 0 <= col < spec.columns):
            raise DataError(at, f"cell ({row}, {col}) lies outside the grid of {spec.rows} "
                                f"rows × {spec.columns} columns (rows and columns from 0)")
        if (row, col) in seen:
            raise DataError(at, f"cell ({row}, {col}) is given twice (also at {seen[(row, col)]})")
        seen[(row, col)] = at
        out.append(Cell(row, col, location=at, **{k: v or None for k, v in texts.items()}))
    return tuple(out)


def load_cell_tables(designs: dict[str, FaceDesign], folder: Path, display: str
                     ) -> dict[str, FaceDesign]:
    """``designs`` with every grid's ``cells`` file (beside ``layouts.yaml``, in ``folder``,
    shown as ``display``/NAME) read into its cells; a file shared by grids is read once."""
    tables: dict[tuple[str, GridSpec], tuple[Cell, ...]] = {}
    if not any(box.grid is not None and box.grid.cells_file is not None
               for design in designs.values() for box in design.boxes):
        return designs  # (the same designs: nothing to read)
    out = {}
    for name, design in designs.items():
        boxes = []
        for box in design.boxes:
            grid = box.grid
            if grid is not None and grid.cells_file is not None:
                key = (grid.cells_file, replace(grid, cells_file=None))
                if key not in tables:
                    tables[key] = _read_table(folder, display, grid, box.location)
                box = replace(box, grid=replace(grid, cells=tables[key], cells_file=None))
            boxes.append(box)
        out[name] = replace(design, boxes=tuple(boxes))
    return out


def _read_table(folder: Path, display: str, grid: GridSpec, where: Location
                ) -> tuple[Cell, ...]:
    """The cells of a grid's table file (YAML: a list of mappings; CSV/TSV: a header row of
    the cell keys, then one row a cell)."""
    assert grid.cells_file is not None
    path = resolve_inside(folder, grid.cells_file, where, "cells")
    shown = f"{display}/{grid.cells_file}"
    if path.suffix in (".yaml", ".yml"):
        data = load_yaml(path, display=shown)
        if not isinstance(data, LocList):
            raise DataError(Location(shown), "a table of cells must be a list of mappings")
        return _cells_of([(record, data.at(i)) for i, record in enumerate(data)], grid)
    if path.suffix not in (".csv", ".tsv"):
        raise DataError(where, f"cells: {grid.cells_file}: use a .yaml, .csv or .tsv file")
    rows = read_csv_rows(path, shown)
    if not rows:
        raise DataError(Location(shown), "empty table of cells")
    header = [h.strip() for h in rows[0][1]]
    for column in header:
        if column not in CELL_KEYS:
            raise DataError(Location(shown, rows[0][0]),
                            f"unknown column '{column}' (use {', '.join(CELL_KEYS)})")
    records: list[tuple[Any, Location]] = []
    for line, row in rows[1:]:
        if not any(c.strip() for c in row):
            continue
        record: dict[str, Any] = {}
        for column, text in zip(header, row, strict=False):
            text = text.strip()
            if text:
                number = column in ("row", "col") and text.lstrip("-").isdigit()
                record[column] = int(text) if number else text
        records.append((record, Location(shown, line)))
    return _cells_of(records, grid)
