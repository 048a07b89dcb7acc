"""One workbook holding every kind, one sheet each (``{file, kind, sheet}``); its cells named
as a spreadsheet names them (``Créatures!D3``); no follow-on errors once a file fails."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from small_games import add_small_game, read_lands_from
from typer.testing import CliRunner

from printandplay.cli import app
from printandplay.data.game_loader import load_game
from printandplay.errors import DataError, DataErrors, Location, cell_name, column_letters
from printandplay.project import Resources, bundled_root

openpyxl = pytest.importorskip("openpyxl")
runner = CliRunner()
SHEETS = {"terre": "Terres", "creature": "Créatures", "sortilege": "Sortilèges"}
COLUMNS = {"terre": ["id", "name", "ecole"], "creature": ["id", "name", "ecole", "cout", "force"],
           "sortilege": ["id", "name", "ecole", "cout"]}


def _workbook(root: Path, edit: Any = None) -> Path:
    """Arcanes with its three YAML files moved to the three sheets of ``arcanes.xlsx``."""
    game_file = add_small_game(root, "wb")
    folder = game_file.parent
    book = openpyxl.Workbook()
    book.remove(book.active)
    for kind, title in SHEETS.items():
        sheet = book.create_sheet(title)
        sheet.append(COLUMNS[kind])
        game = load_game(Resources((root, bundled_root())), "wb")
        for card in game.components_of(kind):
            sheet.append([card.id, card.name, *(card.values[c] for c in COLUMNS[kind][2:])])
    if edit is not None:
        edit(book)
    book.save(folder / "arcanes.xlsx")
    for name in ("terres.yaml", "creatures.yaml", "sortileges.yaml"):
        (folder / name).unlink()
    listed = ", ".join(f"{{file: arcanes.xlsx, kind: {kind}, sheet: {title}}}"
                       for kind, title in SHEETS.items())
    text = game_file.read_text(encoding="utf-8")
    game_file.write_text(text.replace("components: [terres.yaml, creatures.yaml, "
                                      "sortileges.yaml]", f"components: [{listed}]"),
                         encoding="utf-8")
    return game_file


def _problems(root: Path) -> list[str]:
    with pytest.raises((DataError, DataErrors)) as caught:
        load_game(Resources((root, bundled_root())), "wb")
    return caught.value.problems()


def test_one_workbook_with_three_sheets_builds(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    yaml_pdf = tmp_path / "yaml"
    add_small_game(yaml_pdf, "wb")
    monkeypatch.chdir(yaml_pdf)
    assert runner.invoke(app, ["build", "wb"]).exit_code == 0
    _workbook(tmp_path / "xlsx")
    monkeypatch.chdir(tmp_path / "xlsx")
    result = runner.invoke(app, ["build", "wb"])
    assert result.exit_code == 0, result.output
    game = load_game(Resources((tmp_path / "xlsx", bundled_root())), "wb")
    assert [c.kind for c in game.components].count("creature") == 8
    # the same cards in the same order: the very same PDF as from the YAML files
    assert ((tmp_path / "xlsx/build/wb/wb-a4.pdf").read_bytes()
            == (yaml_pdf / "build/wb/wb-a4.pdf").read_bytes())


def test_a_cell_is_named_as_the_spreadsheet_names_it(tmp_path: Path) -> None:
    def edit(book: Any) -> None:
        book["Créatures"]["D3"] = "cher"  # cout of the second creature
    _workbook(tmp_path, edit)
    assert _problems(tmp_path) == ["cards/wb/arcanes.xlsx, Créatures!D3: field 'cout' on "
                                   "creature 'CR-DRAGON-2': expected an integer, got 'cher'"]


def test_an_unknown_sheet_is_named_with_the_sheets_there_are(tmp_path: Path) -> None:
    game_file = _workbook(tmp_path)
    text = game_file.read_text(encoding="utf-8")
    game_file.write_text(text.replace("sheet: Terres", "sheet: terres"), encoding="utf-8")
    (problem,) = _problems(tmp_path)
    assert problem == ("cards/wb/arcanes.xlsx: no sheet 'terres' in the workbook (did you mean "
                       "'Terres'?); its sheets: Terres, Créatures, Sortilèges")


def test_sheet_goes_with_a_workbook_only(tmp_path: Path) -> None:
    game_file = add_small_game(tmp_path, "wb")
    (game_file.parent / "terres.csv").write_text("id,name,ecole\nT-V,Volcan,feu\n",
                                                 encoding="utf-8")
    read_lands_from(game_file, "{file: terres.csv, kind: terre, sheet: A}")
    (problem,) = _problems(tmp_path)
    assert "'terres.csv': 'sheet' names a sheet of an .xlsx workbook" in problem


def test_no_follow_on_errors_after_a_file_fails(tmp_path: Path) -> None:
    """The banned card is on the broken sheet: only the sheet's own error is reported, not
    'unknown card … in banned' after it."""
    def edit(book: Any) -> None:
        book["Sortilèges"]["A1"] = "ident"  # no 'id' column: the sheet gives no card
    _workbook(tmp_path, edit)
    problems = _problems(tmp_path)
    assert problems[0].startswith("cards/wb/arcanes.xlsx, Sortilèges!A1: unknown field "
                                  "'ident'"), problems
    assert not any("unknown card" in p or "banned" in p for p in problems), problems


@pytest.mark.parametrize(("column", "letters"), [(1, "A"), (5, "E"), (26, "Z"), (27, "AA"),
                                                 (52, "AZ"), (703, "AAA")])
def test_column_letters(column: int, letters: str) -> None:
    assert column_letters(column) == letters


def test_cell_names() -> None:
    assert cell_name("Tides", 4, 5) == "Tides!E4"
    assert cell_name("My crew", 2, 2) == "'My crew'!B2"
    assert cell_name("Tides", 4) == "Tides row 4"
    assert str(Location("crew.xlsx", 4, 5, "Tides")) == "crew.xlsx, Tides!E4"
    assert str(Location("crew.csv", 4, 5)) == "crew.csv:4:5"


def test_a_workbook_is_opened_once_per_load(tmp_path: Path) -> None:
    """Three sheets read through one Workbooks open the workbook once; saved again (another
    size and time), it is read again; a workbook that cannot be opened fails each sheet with
    the same error, opened once too."""
    from printandplay.data.xlsx_reader import Workbooks

    path = _workbook(tmp_path).parent / "arcanes.xlsx"
    with Workbooks() as workbooks:
        titles = [workbooks.sheet(path, "arcanes.xlsx", title)[0] for title in SHEETS.values()]
        assert titles == list(SHEETS.values()) and workbooks.opens == 1
        rows = workbooks.sheet(path, "arcanes.xlsx", "Terres")[1]
        assert rows[0] == (1, COLUMNS["terre"]) and workbooks.opens == 1
        book = openpyxl.load_workbook(path)
        book["Terres"].append(["T-NEW", "Nouvelle terre", "feu"])
        book.save(path)
        rows_again = workbooks.sheet(path, "arcanes.xlsx", "Terres")[1]
        assert rows_again[-1] == (len(rows) + 1, ["T-NEW", "Nouvelle terre", "feu"])
        assert workbooks.opens == 2
    broken = tmp_path / "broken.xlsx"
    broken.write_bytes(b"not a zip")
    with Workbooks() as workbooks:
        for title in SHEETS.values():
            with pytest.raises(DataError, match="not a readable XLSX workbook"):
                workbooks.sheet(broken, "broken.xlsx", title)
        assert workbooks.opens == 1
