"""A board built from data, as a designer changes it: mistakes in its cells are refused with
the file and line, its texts stay legible, its nested tiles are clipped to their outlines."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from helpers import copy_kit
from pypdf import PdfReader
from typer.testing import CliRunner, Result

from printandplay.cli import app

runner = CliRunner()


def _build_plateau_edited(workdir: Path, relative: str, edit: Callable[[str], str]) -> Result:
    """``build plateau`` from a copy of the example whose file ``relative`` is ``edit``-ed."""
    copy_kit("plateau", workdir)
    path = workdir / relative
    path.write_text(edit(path.read_text(encoding="utf-8")), encoding="utf-8")
    return runner.invoke(app, ["build", "plateau"])


def test_dark_terrain_under_dark_labels_is_refused(workdir: Path) -> None:
    result = _build_plateau_edited(workdir, "templates/plateau/cases.csv",
                                   lambda text: text.replace("1,3,ville,", "1,3,encre,"))
    assert result.exit_code == 2
    assert "cell (1, 3): text colour #22223b on #22223b (1.0:1) is below the 3:1 contrast" \
        in result.output


def test_a_cell_outside_the_grid_names_the_table_line(workdir: Path) -> None:
    result = _build_plateau_edited(workdir, "templates/plateau/cases.csv",
                                   lambda text: text + "9,0,eau,,,\n")
    assert result.exit_code == 2
    table = workdir / "templates/plateau/cases.csv"
    lines = len(table.read_text(encoding="utf-8").splitlines())
    assert f"templates/plateau/cases.csv:{lines}: cell (9, 0) lies outside the grid" \
        in result.output
    assert "Traceback" not in result.output


def test_a_grid_larger_than_its_box_is_refused(workdir: Path) -> None:
    result = _build_plateau_edited(workdir, "templates/plateau/layouts.yaml",
                                   lambda text: text.replace("rows: 7", "rows: 8"))
    assert result.exit_code == 2
    assert re.search(r"the grid needs 242\.5 × 255\.0 mm, the box is 245\.0 × 226\.0 mm",
                     result.output), result.output


def test_nested_tiles_are_clipped_to_their_bleed_outline(workdir: Path) -> None:
    copy_kit("tuiles", workdir)
    result = runner.invoke(app, ["build", "tuiles", "--sections", "Tuiles"])
    assert result.exit_code == 0, result.output
    reader = PdfReader(workdir / "build/tuiles/tuiles-tuiles-a4.pdf")
    fronts = next(page for page, label in zip(reader.pages, reader.page_labels, strict=True)
                  if label == "Tuiles 1/1 recto")
    content = fronts.get_contents().get_data().decode("latin-1")  # type: ignore[union-attr]
    # each of the 40 tiles: a six-corner clip path (m, 5 × l, h, W n) before it is drawn
    clips = re.findall(r"n [-\d. ]+ m(?: [-\d. ]+ l){5} h W n", content)
    assert len(clips) == 40
