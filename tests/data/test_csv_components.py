"""Component files kept in a spreadsheet (CSV, TSV): typed like YAML, located errors, and the
Limits deck written as CSV builds the very same PDF."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from helpers import KITS_GROUP, KitsBuild
from typer.testing import CliRunner

from printandplay.cli import app
from printandplay.data.game_loader import load_game
from printandplay.errors import DataError, DataErrors
from printandplay.project import Resources

runner = CliRunner()
FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "games" / "limits-csv"
# reads the shared `bundled_kits` build of Limits (built there for tests/games/test_limits.py);
# with tests/data/test_table_limits.py, the other reader of .xlsx files (openpyxl imported once)
pytestmark = pytest.mark.xdist_group(KITS_GROUP)

GAME = """\
name: Tableur
players: {min: 2, max: 4}
kinds:
  carte:
    size: poker
    front: recto
    fields:
      force: {type: int}
      couleur: {type: choice, choices: [rouge, 1, X]}
      motifs: {type: list, of: {type: choice, choices: [lune, soleil, "a|b"]}, required: false}
      texte: {type: rich, required: false}
      rare: {type: bool, required: false}
      seuils: {type: map, keys: [bas, haut], of: int, required: false}
components:
  - {file: cartes.csv, kind: carte}
"""


def _game(tmp_path: Path, csv_text: str, game: str = GAME) -> Path:
    folder = tmp_path / "cards" / "tableur"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(game, encoding="utf-8")
    (folder / "cartes.csv").write_text(csv_text, encoding="utf-8")
    return tmp_path


def _problems(tmp_path: Path) -> list[str]:
    with pytest.raises((DataError, DataErrors)) as caught:
        load_game(Resources((tmp_path,)), "tableur")
    return caught.value.problems()


def test_cells_are_typed_by_the_field_specs(tmp_path: Path) -> None:
    root = _game(tmp_path, (
        "\ufeffid,name,count,force,couleur,motifs,texte,rare,seuils.bas,seuils.haut\n"
        'T-1,Première,3,-2,1,lune | soleil,"**Gras** :etoile:\nsur deux lignes",TRUE,0,4\n'
        "T-2,,,5,X,a\\|b,,,,\n"
        ",,,,,,,,,\n"))
    game = load_game(Resources((root,)), "tableur")
    first, second = game.components
    assert (first.id, first.name, first.count) == ("T-1", "Première", 3)
    assert first.values == {"force": -2, "couleur": 1, "motifs": ("lune", "soleil"),
                            "texte": "**Gras** :etoile:\nsur deux lignes", "rare": True,
                            "seuils": {"bas": 0, "haut": 4}}
    assert (second.name, second.count, second.front) == ("T-2", 1, "recto")
    assert second.values == {"force": 5, "couleur": "X", "motifs": ("a|b",), "texte": None,
                             "rare": None, "seuils": None}
    assert str(second.location) == "cards/tableur/cartes.csv:4"


def test_errors_name_file_line_and_column(tmp_path: Path) -> None:
    root = _game(tmp_path, (
        "id,name,force,couleur,motifs,seuils.bas,seuils.haut\n"
        "T-1,Une,trois,rouge,lune,1,2\n"
        "T-2,Deux,2,rose,lune|étoile,1,\n"
        "T 3,Trois,,1,,,\n"))
    problems = "\n".join(_problems(root))
    assert "cartes.csv:2:3: field 'force' on carte 'T-1': expected an integer, got 'trois'" in problems
    assert "cartes.csv:3:4: field 'couleur' on carte 'T-2': expected one of rouge, 1, X, got 'rose'" in problems
    assert "cartes.csv:3:5: field 'motifs' on carte 'T-2': item 2: expected one of" in problems
    assert "cartes.csv:3:7: field 'seuils' on carte 'T-2': missing key 'haut'" in problems
    assert "cartes.csv:4:1: field 'id' on carte 'T 3': bad id" in problems
    assert "cartes.csv:4:3: missing field 'force' on carte 'T 3'" in problems


def test_header_problems(tmp_path: Path) -> None:
    root = _game(tmp_path, "id,nme,force,force\nT-1,Une,1,2\n")
    problems = "\n".join(_problems(root))
    assert "cartes.csv:1:2: unknown field 'nme' on kind 'carte' (did you mean 'name'?)" in problems
    assert "cartes.csv:1:4: duplicate column 'force'" in problems
    assert "cartes.csv:1: missing column 'couleur'" in problems


def test_a_csv_file_needs_its_kind(tmp_path: Path) -> None:
    root = _game(tmp_path, "id\n", GAME.replace("{file: cartes.csv, kind: carte}", "cartes.csv"))
    problems = "\n".join(_problems(root))
    assert "game.yaml:" in problems and "list it as {file: cartes.csv, kind: KIND}" in problems


def test_cli_reports_csv_errors_in_one_line_each(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    _game(tmp_path, "id;force;couleur\nT-1;x;rouge\n")  # semicolons: a French export
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["cards", "tableur"])
    assert result.exit_code == 2
    assert result.output.strip() == ("error: cards/tableur/cartes.csv:2:2: field 'force' on "
                                     "carte 'T-1': expected an integer, got 'x'")


def test_limits_as_csv_builds_byte_identical(repo_root: Path, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch,
                                             bundled_kits: KitsBuild) -> None:
    yaml_dir, csv_dir = tmp_path / "yaml", tmp_path / "csv"
    yaml_dir.mkdir()
    shutil.copytree(repo_root / "cards" / "limits", csv_dir / "cards" / "limits")
    folder = csv_dir / "cards" / "limits"
    for name in ("couleurs.yaml", "limites.yaml", "points.yaml", "aides.yaml"):
        (folder / name).unlink()
    for file in FIXTURE.iterdir():
        shutil.copyfile(file, folder / file.name)
    game = folder / "game.yaml"
    text = game.read_text(encoding="utf-8")
    old = "  - couleurs.yaml\n  - limites.yaml\n  - points.yaml\n  - aides.yaml\n"
    assert old in text
    game.write_text(text.replace(old, (
        "  - {file: couleurs.tsv, kind: couleur}\n  - {file: limites.csv, kind: limite}\n"
        "  - {file: points.csv, kind: points}\n  - {file: aides.csv, kind: aide}\n")),
        encoding="utf-8")
    outputs = []
    for root in (yaml_dir, csv_dir):
        monkeypatch.chdir(root)
        cards = runner.invoke(app, ["cards", "limits", "--format", "json"])
        assert cards.exit_code == 0, cards.output
        if root == yaml_dir:  # the bundled kit, as `build limits` writes it (once per process)
            pdf = bundled_kits.pdf("limits").read_bytes()
        else:
            result = runner.invoke(app, ["build", "limits"])
            assert result.exit_code == 0, result.output
            pdf = (root / "build/limits/limits-a4.pdf").read_bytes()
        outputs.append((json.loads(cards.output), pdf))
    assert outputs[0][0] == outputs[1][0]
    assert len(outputs[0][0]) == 5 + 24 + 2 + 1
    assert outputs[0][1] == outputs[1][1]


def test_xlsx_workbook_is_read_like_csv(tmp_path: Path) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    root = _game(tmp_path, "", GAME.replace("cartes.csv", "cartes.xlsx"))
    (root / "cards/tableur/cartes.csv").unlink()
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["id", "name", "count", "force", "couleur", "motifs", "rare", "seuils.bas",
                  "seuils.haut"])
    sheet.append(["T-1", "Première", 2, -3, 1, "lune|soleil", True, 0, 4.0])
    sheet.append([None] * 9)
    sheet.append(["T-2", None, None, "beaucoup", "X", None, None, None, None])
    book.save(root / "cards/tableur/cartes.xlsx")
    problems = _problems(root)
    assert problems == ["cards/tableur/cartes.xlsx, Sheet!D4: field 'force' on carte 'T-2': expected "
                        "an integer, got 'beaucoup'"]
    sheet.delete_rows(4)
    book.save(root / "cards/tableur/cartes.xlsx")
    (first,) = load_game(Resources((root,)), "tableur").components
    assert (first.name, first.count) == ("Première", 2)
    assert first.values == {"force": -3, "couleur": 1, "motifs": ("lune", "soleil"),
                            "texte": None, "rare": True, "seuils": {"bas": 0, "haut": 4}}


def test_extra_cells_beyond_the_header_are_errors(tmp_path: Path) -> None:
    root = _game(tmp_path, "id,force,couleur\nT-1,1,rouge,oops\nT-2,2,X,\n")
    assert _problems(root) == ["cards/tableur/cartes.csv:2:4: a value in column 4, but the "
                               "header names 3 columns"]
