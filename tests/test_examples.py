"""The example games of ``examples/`` (hexagonal tiles, shaped tokens…) build as a designer
would build them: from the examples folder, with the real syntax, no warning."""

from __future__ import annotations

import math
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


def test_board_proof_on_one_sheet(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """--proof: the board scaled down on one sheet (69 % on A4, its bleed included), inside
    the printable area."""
    monkeypatch.chdir(EXAMPLES)
    result = runner.invoke(app, ["build", "plateau", "--proof", "--out", str(tmp_path),
                                 "--sections", "Plateau"])
    assert result.exit_code == 0, result.output
    reader = PdfReader(tmp_path / "plateau-plateau-proof-a4.pdf")
    labels = reader.page_labels
    assert [label for label in labels if label.startswith("Plateau")] == [
        "Plateau 1/1 recto", "Plateau 1/1 verso blanc"]
    page = reader.pages[labels.index("Plateau 1/1 recto")]
    assert float(page.mediabox.width) > float(page.mediabox.height)  # landscape, like the board
    text = page.extract_text()
    assert "épreuve réduite à 69 %, pas pour jouer" in text
    sizes = []  # the label says it is a proof, and is printed at 6 pt or more (not scaled)

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if "pas pour jouer" in text:
            sizes.append(size * math.hypot(tm[0], tm[1]) * math.hypot(cm[0], cm[1]))

    page.extract_text(visitor_text=visit)
    assert sizes and min(sizes) >= 6.0 - 1e-6
    guide = " ".join(reader.pages[i].extract_text() for i in range(2)).replace("\n", " ")
    assert "Épreuve réduite, pas pour jouer" in guide
    assert "--proof" in guide  # the rebuild command repeats it
    x0, y0, x1, y1 = (float(v) for v in page.trimbox)  # the board's trim, scaled
    assert (x1 - x0) / (400 * 72 / 25.4) == pytest.approx(0.6856, abs=1e-3)
    assert (y1 - y0) / (280 * 72 / 25.4) == pytest.approx(0.6856, abs=1e-3)
    assert x0 > 5 * 72 / 25.4 and x1 < float(page.mediabox.width) - 5 * 72 / 25.4


def test_a_kit_without_backs_asks_for_no_back_offset(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The dice example prints nothing on any back: its guide has no back offset to set and no
    calibration to do (the tiles example, whose tiles have backs, has both)."""
    from pypdf import PdfReader

    monkeypatch.chdir(EXAMPLES)
    guides = {}
    for game in ("des", "tuiles"):
        result = runner.invoke(app, ["build", game, "--out", str(tmp_path)])
        assert result.exit_code == 0, result.output
        reader = PdfReader(tmp_path / f"{game}-a4.pdf")
        guides[game] = "".join(page.extract_text() for page in reader.pages[:2])
    assert "Décalage du verso" in guides["tuiles"] and "printandplay calibrate" in guides["tuiles"]
    assert "Décalage du verso" not in guides["des"]
    assert "printandplay calibrate" not in guides["des"] and "--back-offset" not in guides["des"]
