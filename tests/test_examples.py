"""The example games of ``examples/`` (hexagonal tiles, shaped tokens…) build as a designer
would build them: from the examples folder, with the real syntax, no warning."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from printandplay.cli import app

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
GAMES = sorted(p.name for p in (EXAMPLES / "cards").iterdir() if (p / "game.yaml").is_file())
runner = CliRunner()


def test_there_are_examples() -> None:
    assert "tuiles" in GAMES


@pytest.mark.parametrize("game", GAMES)
def test_example_builds(game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(EXAMPLES)
    monkeypatch.delenv("PRINTANDPLAY_GAME_ICONS", raising=False)
    result = runner.invoke(app, ["build", game, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output.lower(), result.output
    assert (tmp_path / f"{game}-a4.pdf").is_file()


def test_hexagonal_tiles_nest_on_one_sheet(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """40 pointy-top tiles of 20 mm sides: 35 a sheet on the grid, 45 nested."""
    monkeypatch.chdir(EXAMPLES)
    result = runner.invoke(app, ["build", "tuiles", "--out", str(tmp_path),
                                 "--sections", "Tuiles"])
    assert result.exit_code == 0, result.output
    labels = PdfReader(tmp_path / "tuiles-tuiles-a4.pdf").page_labels
    assert [label for label in labels if label.startswith("Tuiles")] == [
        "Tuiles 1/1 recto", "Tuiles 1/1 verso"]


def test_board_is_tiled_over_four_sheets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The 400 × 280 mm board of the example, with its grid and track, on four A4 sheets."""
    monkeypatch.chdir(EXAMPLES)
    result = runner.invoke(app, ["build", "plateau", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    labels = PdfReader(tmp_path / "plateau-a4.pdf").page_labels
    assert [label for label in labels if label.startswith("Plateau") and "recto" in label] == [
        f"Plateau {n}/4 recto" for n in range(1, 5)]
