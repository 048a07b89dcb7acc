"""Tracks along a path: the cells' positions along a polyline, their shared ends and mitred
turns, and tracks on a grid's cells, read from data and drawn (within 0.05 mm)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from helpers import copy_kit, replace_once
from typer.testing import CliRunner

from printandplay.cli import app
from printandplay.data.board_fields import as_track
from printandplay.data.reader import Invalid
from printandplay.model.board import TrackSpec, coordinate_name, parse_coordinate
from printandplay.model.track_path import check_path, path_cells, path_length
from printandplay.units import MM

EXACT = 0.05 * MM
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _close(one: tuple[float, float], other: tuple[float, float]) -> bool:
    return math.dist(one, other) < EXACT


def test_cells_along_a_straight_path_are_equal_squares() -> None:
    cells = path_cells(((0.0, 0.0), (100 * MM, 0.0)), 10, 10 * MM)
    assert len(cells) == 10
    for i, cell in enumerate(cells):
        assert _close(cell.centre, ((i + 0.5) * 10 * MM, 0.0))
        xs = [p[0] for p in cell.outline]
        ys = [p[1] for p in cell.outline]
        assert (min(xs), max(xs)) == pytest.approx((i * 10 * MM, (i + 1) * 10 * MM))
        assert (min(ys), max(ys)) == pytest.approx((-5 * MM, 5 * MM))


def test_cells_round_a_turn_share_their_ends_and_meet_on_the_mitre() -> None:
    # 60 mm east, then 40 mm south: 10 cells of 10 mm, the turn between cells 6 and 7
    points = ((0.0, 50 * MM), (60 * MM, 50 * MM), (60 * MM, 10 * MM))
    cells = path_cells(points, 10, 12 * MM)
    centres = [(5, 50), (15, 50), (25, 50), (35, 50), (45, 50), (55, 50),
               (60, 45), (60, 35), (60, 25), (60, 15)]
    for cell, (x, y) in zip(cells, centres, strict=True):
        assert _close(cell.centre, (x * MM, y * MM))
    # the sixth cell's far end and the seventh's near end: the mitre, corner to corner
    sixth, seventh = cells[5], cells[6]
    assert _close(sixth.outline[1], (66 * MM, 56 * MM))  # outer corner, 6 mm out both ways
    assert _close(sixth.outline[2], (54 * MM, 44 * MM))  # inner corner
    assert _close(seventh.outline[0], sixth.outline[1])
    assert _close(seventh.outline[-1], sixth.outline[2])
    for one, other in zip(cells, cells[1:], strict=False):  # neighbours share their ends
        half = len(one.outline) // 2
        assert _close(one.outline[half - 1], other.outline[0])
        assert _close(one.outline[half], other.outline[-1])


def test_a_turn_inside_a_cell_bends_it() -> None:
    points = ((0.0, 0.0), (15 * MM, 0.0), (15 * MM, -15 * MM))
    cells = path_cells(points, 3, 10 * MM)
    middle = cells[1]  # from 10 mm along to 20 mm: round the corner
    assert len(middle.outline) == 6
    assert _close(middle.centre, (15 * MM, 0.0))
    assert any(_close(p, (20 * MM, 5 * MM)) for p in middle.outline)  # the outer mitre
    assert any(_close(p, (10 * MM, -5 * MM)) for p in middle.outline)  # the inner one
    assert path_length(points) == pytest.approx(30 * MM)


def test_paths_a_track_cannot_follow() -> None:
    assert check_path(((0.0, 0.0),)) is not None
    assert "same point" in (check_path(((0.0, 0.0), (0.0, 0.0), (5.0, 0.0))) or "")
    assert "turns by 135°" in (check_path(((0.0, 0.0), (50.0, 0.0), (0.0, 50.0))) or "")
    with pytest.raises(ValueError, match="at least two points"):
        path_cells(((0.0, 0.0),), 3, 10.0)


def test_track_keys_read_points_and_cells() -> None:
    spec = as_track({"count": 4, "width": "12mm", "path": [["10mm", "5mm"], ["50mm", "5mm"]]})
    assert spec == TrackSpec(4, path="points", points=((10 * MM, 5 * MM), (50 * MM, 5 * MM)),
                             width=12 * MM)
    spec = as_track({"start": 1, "path": ["A1", "b1", "B2"]})
    assert spec == TrackSpec(3, start=1, path="cells", cells=((0, 0), (0, 1), (1, 1)))
    assert as_track({"count": 8}) == TrackSpec(8)
    assert as_track({"count": 8, "path": "line"}).path == "line"
    for bad, message in (({"path": ["A1", "A1"]}, "listed twice"),
                         ({"path": ["A1", "1A"]}, "no cell name"),
                         ({"count": 3, "path": ["A1", "B1"]}, "lists 2 cells"),
                         ({"path": [["1mm", "2mm"], ["3mm", "4mm"]]}, "count"),
                         ({"count": 3, "path": [["1mm"], ["3mm", "4mm"]]}, r"\[x, y\]"),
                         ({"count": 4, "path": "spiral"}, "list of points"),
                         ({"count": 4, "width": "5mm"}, "only for a track along")):
        with pytest.raises(Invalid, match=message):
            as_track(bad)


@pytest.mark.parametrize(("name", "place"), [("A1", (0, 0)), ("E6", (5, 4)), ("AA10", (9, 26))])
def test_cell_names_both_ways(name: str, place: tuple[int, int]) -> None:
    assert parse_coordinate(name) == place
    assert coordinate_name(*place) == name


@pytest.mark.parametrize(("old", "new", "message"), [
    ("[10mm, 10mm], [94mm, 10mm]", "[10mm, 5mm], [94mm, 5mm]",
     "the track's cells leave the box (at 10.0 mm, -2.0 mm from its top-left corner)"),
    ("path: [A6, B6,", "path: [F6, B6,", "the track's cell F6 is outside the grid"),
    ("cell: 24mm, cells:", "cell: 24mm, coordinates: true, cells:",
     "leave out the grid's coordinates"),
    ("terrain: foret, icon: gi-footprint", "terrain: encre, icon: gi-footprint",
     "cell (5, 0): the track's number, colour #22223b on #22223b (1.0:1), is below the 3:1"),
])
def test_bad_tracks_are_refused_with_their_place(workdir: Path, old: str, new: str,
                                                 message: str) -> None:
    copy_kit("plateau", workdir)
    replace_once(workdir / "templates/plateau/layouts.yaml", old, new)
    result = CliRunner().invoke(app, ["build", "plateau", "--sections", "Parcours"])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "templates/plateau/layouts.yaml:" in result.output
    assert "Traceback" not in result.output
