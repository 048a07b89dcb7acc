"""Spreadsheet component files (CSV, TSV, XLSX) and the deck folders of ``checks:`` obey the same
confinement and limits as YAML files (issue 10)."""

from __future__ import annotations

import io
import os
import shutil
import zipfile
from pathlib import Path

import pytest
from helpers import KITS_GROUP, tiny_copy
from typer.testing import CliRunner

from printandplay.cli import app
from printandplay.data import xlsx_reader
from printandplay.data.game_loader import load_game
from printandplay.errors import DataError, DataErrors, PrintAndPlayError
from printandplay.project import Resources

ROOT = Path(__file__).resolve().parent.parent.parent
# in the child of tests/data/test_csv_components.py, the other reader of .xlsx files: openpyxl
# (~0.2 s to import) is imported once
pytestmark = pytest.mark.xdist_group(KITS_GROUP)


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    copy = tiny_copy(tmp_path, monkeypatch)
    game = copy / "cards" / "tiny" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace("  - cards.yaml\n",
                                 "  - cards.yaml\n  - {file: jetons.csv, kind: jeton}\n"),
                    encoding="utf-8")
    (copy / "cards" / "tiny" / "jetons.csv").write_text("id,count\nj1,2\nj2,3\n",
                                                        encoding="utf-8")
    return copy


def problems(root: Path) -> list[str]:
    with pytest.raises(PrintAndPlayError) as info:
        load_game(Resources((root,)), "tiny")
    assert isinstance(info.value, (DataError, DataErrors))
    return info.value.problems()


def test_csv_components_load(root: Path) -> None:
    game = load_game(Resources((root,)), "tiny")
    assert [c.count for c in game.components_of("jeton")] == [2, 3]


def test_csv_symlink_outside_is_refused(root: Path, tmp_path: Path) -> None:
    csv = root / "cards" / "tiny" / "jetons.csv"
    shutil.move(csv, tmp_path / "ailleurs.csv")
    csv.symlink_to(tmp_path / "ailleurs.csv")
    assert problems(root) == [
        "cards/tiny/game.yaml:24: components 'jetons.csv': a symlink that points outside "
        "cards/tiny/ (a game reads only its own folders)"]


def test_csv_path_leaving_the_folder_is_refused(root: Path) -> None:
    game = root / "cards" / "tiny" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("file: jetons.csv",
                                                             "file: ../../../x.csv"),
                    encoding="utf-8")
    assert problems(root) == [
        "cards/tiny/game.yaml:24: components '../../../x.csv': '..' leaves the folder cards/tiny/"]


def test_csv_fifo_is_refused(root: Path) -> None:
    csv = root / "cards" / "tiny" / "jetons.csv"
    csv.unlink()
    os.mkfifo(csv)
    assert problems(root) == [
        "cards/tiny/jetons.csv: not a regular file (a device, pipe or socket); "
        "only plain files are read"]


def test_csv_rows_are_limited(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(xlsx_reader, "MAX_TABLE_ROWS", 5)
    rows = "".join(f"j{i},1\n" for i in range(5))
    (root / "cards" / "tiny" / "jetons.csv").write_text(f"id,count\n{rows}", encoding="utf-8")
    assert problems(root) == [
        "cards/tiny/jetons.csv:6: more than 5 rows (the limit of a component table)"]


def test_xlsx_that_unpacks_too_much_is_refused(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("openpyxl")
    monkeypatch.setattr(xlsx_reader, "MAX_UNPACKED_BYTES", 1024 * 1024)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", b"\0" * (2 * 1024 * 1024))
    path = tmp_path / "bombe.xlsx"
    path.write_bytes(out.getvalue())
    assert len(out.getvalue()) < 10_000
    with pytest.raises(DataError) as info:
        xlsx_reader.read_xlsx_rows(path, "cards/g/bombe.xlsx")
    assert str(info.value) == "cards/g/bombe.xlsx: workbook unpacks to 2 MB; the limit is 1 MB"


def test_xlsx_that_is_not_a_workbook_is_refused(tmp_path: Path) -> None:
    pytest.importorskip("openpyxl")
    path = tmp_path / "faux.xlsx"
    path.write_bytes(b"PK\3\4 pas vraiment un zip")
    with pytest.raises(DataError, match=r"faux.xlsx: not a readable XLSX workbook"):
        xlsx_reader.read_xlsx_rows(path, "faux.xlsx")


def test_decks_folder_symlinked_outside_is_refused(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    project = tmp_path / "p"
    shutil.copytree(ROOT / "cards" / "licum", project / "cards" / "licum")
    decks = project / "cards" / "licum" / "decks"
    shutil.move(decks, tmp_path / "ailleurs")
    decks.symlink_to(tmp_path / "ailleurs")
    monkeypatch.chdir(project)
    result = CliRunner().invoke(app, ["check", "licum"])
    assert result.exit_code == 2, result.output
    assert "decks 'decks': a symlink that points outside cards/licum/" in result.output
    assert str(tmp_path) not in result.output


def test_deck_file_symlinked_outside_is_refused(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    project = tmp_path / "p"
    shutil.copytree(ROOT / "cards" / "licum", project / "cards" / "licum")
    (tmp_path / "secret.txt").write_text("1 Anne Bourque\n", encoding="utf-8")
    (project / "cards" / "licum" / "decks" / "zz.txt").symlink_to(tmp_path / "secret.txt")
    monkeypatch.chdir(project)
    result = CliRunner().invoke(app, ["check", "licum"])
    assert result.exit_code == 2, result.output
    assert "deck 'decks/zz.txt': a symlink that points outside cards/licum/" in result.output
