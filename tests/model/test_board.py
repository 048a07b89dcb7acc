"""Boards as data: grid cells, coordinates and tracks in numbers; a board's cells line up
across the sheets it is tiled over."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from printandplay.data.board_fields import as_grid, as_track, load_cell_tables
from printandplay.data.design_loader import load_face_designs
from printandplay.data.reader import Invalid
from printandplay.errors import DataError
from printandplay.imposition.tiling import plan_tiles
from printandplay.model.board import (
    Cell,
    GridSpec,
    TrackSpec,
    cell_centre,
    cell_outline,
    coordinate_name,
    grid_size,
    region_borders,
    track_cells,
)
from printandplay.model.design import FaceDesign
from printandplay.model.game import Size
from printandplay.model.geometry import Rect
from printandplay.units import MM

EXACT = 0.05 * MM
ROOT3 = math.sqrt(3)


def test_square_grid_centres() -> None:
    grid = GridSpec("square", rows=3, columns=4, cell=20.0)
    assert grid_size(grid) == (80.0, 60.0)
    assert cell_centre(grid, 0, 0, 60.0) == (10.0, 50.0)  # top-left cell, y up
    assert cell_centre(grid, 2, 3, 60.0) == (70.0, 10.0)
    assert cell_outline(grid, (10.0, 50.0)) == ((0.0, 40.0), (20.0, 40.0), (20.0, 60.0),
                                                 (0.0, 60.0))


def test_flat_top_hex_grid_offsets_odd_columns_by_half_a_cell() -> None:
    cell = 30.0  # across the flats
    side = cell / ROOT3
    grid = GridSpec("hex-flat", rows=2, columns=3, cell=cell)
    width, height = grid_size(grid)
    assert width == pytest.approx(2 * side + 2 * 1.5 * side)
    assert height == pytest.approx(2 * cell + cell / 2)
    assert cell_centre(grid, 0, 0, height) == pytest.approx((side, height - cell / 2))
    assert cell_centre(grid, 0, 1, height) == pytest.approx((2.5 * side, height - cell))
    # neighbours' centres are one cell apart: the hexagons share a side
    a, b = cell_centre(grid, 0, 0, height), cell_centre(grid, 0, 1, height)
    assert math.dist(a, b) == pytest.approx(cell)
    corners = cell_outline(grid, a)
    assert len(corners) == 6
    assert all(math.dist(a, c) == pytest.approx(side) for c in corners)


def test_pointy_top_hex_grid_offsets_odd_rows() -> None:
    grid = GridSpec("hex-pointy", rows=3, columns=2, cell=20.0)
    side = 20.0 / ROOT3
    _, height = grid_size(grid)
    assert cell_centre(grid, 1, 0, height) == pytest.approx((20.0, height - 2.5 * side))
    assert math.dist(cell_centre(grid, 0, 0, height),
                     cell_centre(grid, 1, 0, height)) == pytest.approx(20.0)


def test_coordinates_are_column_letters_and_row_numbers() -> None:
    assert coordinate_name(0, 0) == "A1"
    assert coordinate_name(9, 2) == "C10"
    assert coordinate_name(0, 26) == "AA1"


def test_track_around_the_edge_goes_clockwise_from_the_top_left() -> None:
    box = Rect(0.0, 0.0, 390.0, 270.0)
    cells = track_cells(TrackSpec(60), box)
    assert len(cells) == 60
    assert cells[0] == Rect(0.0, 270.0 - cells[0].h, cells[0].w, cells[0].h)
    assert cells[18].right == pytest.approx(390.0) and cells[18].top == pytest.approx(270.0)
    # each cell touches the next, and the last one the first
    for a, b in zip(cells, cells[1:] + cells[:1], strict=True):
        gap_x = max(a.x, b.x) - min(a.right, b.right)
        gap_y = max(a.y, b.y) - min(a.top, b.top)
        assert max(gap_x, gap_y) == pytest.approx(0.0, abs=1e-9)
    assert len({(round(c.x, 6), round(c.y, 6)) for c in cells}) == 60  # none twice


def test_track_as_a_strip_and_bad_counts() -> None:
    cells = track_cells(TrackSpec(21, path="line"), Rect(0.0, 0.0, 210.0, 18.0))
    assert [c.x for c in cells[:3]] == [0.0, 10.0, 20.0]
    with pytest.raises(ValueError, match="even count"):
        track_cells(TrackSpec(61), Rect(0.0, 0.0, 390.0, 270.0))
    with pytest.raises(ValueError, match="a width and a height"):
        track_cells(TrackSpec(20), Rect(0.0, 0.0, 390.0, 0.0))


def test_board_cells_line_up_across_tiled_sheets() -> None:
    """A board tiled over A4 sheets: gluing each sheet's printed edge on its neighbour's
    dashed guide puts every cell centre and corner printed on both sheets at one place,
    within 0.05 mm."""
    board = Size(400 * MM, 280 * MM)
    grid = GridSpec("hex-flat", rows=7, columns=9, cell=30 * MM)
    box = Rect(32 * MM, board.height - 30 * MM - 226 * MM, 245 * MM, 226 * MM)
    plan = plan_tiles(Size(210 * MM, 297 * MM), board, bleed=3 * MM)
    assert plan.rows * plan.cols > 1
    tiles = {(t.row, t.col): t for t in plan.tiles}
    checked = 0
    for (row, col), tile in tiles.items():
        right = tiles.get((row, col + 1))
        if right is None:
            continue
        guide = next(g for g in tile.guides if g.x1 == g.x2)  # where the next sheet's edge goes
        shift = guide.x1 - right.clip.x  # the right sheet, glued on the guide
        for r in range(grid.rows):
            for c in range(grid.columns):
                centre = cell_centre(grid, r, c, box.h)
                for x, y in (centre, *cell_outline(grid, centre)):
                    on_left = (tile.origin[0] + box.x + x, tile.origin[1] + box.y + y)
                    on_right = (right.origin[0] + box.x + x + shift,
                                right.origin[1] + box.y + y)
                    shown_left = tile.clip.x <= on_left[0] <= tile.clip.right
                    shown_right = right.clip.x + shift <= on_right[0] <= right.clip.right + shift
                    if shown_left and shown_right:  # printed on both sheets: the overlap
                        assert math.dist(on_left, on_right) <= EXACT
                        checked += 1
    assert checked > 0


def test_grid_and_track_keys_are_strict() -> None:
    assert as_grid({"rows": 2, "columns": 3, "cell": "20mm"}).shape == "square"
    with pytest.raises(Invalid, match="unknown field 'colums'"):
        as_grid({"rows": 2, "colums": 3, "cell": "20mm"})
    with pytest.raises(Invalid, match="at most 10000 cells"):
        as_grid({"rows": 200, "columns": 200, "cell": "1mm"})
    assert as_track({"count": 20, "every": 10}) == TrackSpec(20, 0, 10, "edge")
    with pytest.raises(Invalid, match="expected one of edge, line"):
        as_track({"count": 20, "path": "spiral"})


def _layouts(folder: Path, cells: str, table: str | None = None) -> Path:
    layouts = folder / "layouts.yaml"
    layouts.write_text("layouts:\n  plateau:\n    boxes:\n"
                       "      carte: {grid: {shape: hex-flat, rows: 2, columns: 3, cell: 20mm,"
                       f" cells: {cells}}}}}\n", encoding="utf-8")
    if table is not None:
        (folder / "cases.csv").write_text(table, encoding="utf-8")
    return layouts


def _designs(path: Path) -> dict[str, FaceDesign]:
    designs = load_face_designs(path, "templates/g/layouts.yaml")
    return load_cell_tables(designs, path.parent, "templates/g")


def test_cells_from_a_csv_table(tmp_path: Path) -> None:
    path = _layouts(tmp_path, "cases.csv", "row,col,terrain,label\n0,1,foret,Bois\n1,2,eau,\n")
    designs = _designs(path)
    grid = designs["plateau"].boxes[0].grid
    assert grid is not None and grid.cells_file is None
    assert [(c.row, c.col, c.terrain, c.label) for c in grid.cells] == [
        (0, 1, "foret", "Bois"), (1, 2, "eau", None)]


@pytest.mark.parametrize(("table", "message"), [
    ("row,col,colour\n0,0,red\n", "templates/g/cases.csv:1: unknown column 'colour'"),
    ("row,col\n0,0\n5,0\n", "templates/g/cases.csv:3: cell (5, 0) lies outside the grid of 2 "
                            "rows × 3 columns"),
    ("row,col\n0,0\n0,0\n", "templates/g/cases.csv:3: cell (0, 0) is given twice"),
])
def test_bad_cell_tables_name_file_and_line(tmp_path: Path, table: str, message: str) -> None:
    path = _layouts(tmp_path, "cases.csv", table)
    with pytest.raises(DataError) as error:
        _designs(path)
    assert str(error.value).startswith(message)


def test_cells_table_stays_inside_the_game(tmp_path: Path) -> None:
    path = _layouts(tmp_path, "../secret.csv")
    with pytest.raises(DataError, match="cells '../secret.csv'"):
        _designs(path)


def test_region_borders_run_between_regions_and_along_the_edge() -> None:
    grid = GridSpec("square", rows=2, columns=3, cell=10.0,
                    cells=(Cell(0, 0, region="nord"), Cell(0, 1, region="nord")))
    corners = {(r, c): cell_outline(grid, cell_centre(grid, r, c, 20.0))
               for r in range(2) for c in range(3)}
    borders = {tuple(sorted(side)) for side in region_borders(grid, corners)}
    assert borders == {
        ((0.0, 20.0), (10.0, 20.0)), ((10.0, 20.0), (20.0, 20.0)),  # the top edge
        ((0.0, 10.0), (0.0, 20.0)),  # the left edge
        ((0.0, 10.0), (10.0, 10.0)), ((10.0, 10.0), (20.0, 10.0)),  # above row 1
        ((20.0, 10.0), (20.0, 20.0)),  # beside column 2
    }
