"""The command line through Typer's CliRunner: output, JSON, exit codes, bad input."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import cast

import pytest
from helpers import copy_kit, pdf_guide_length, replace_once, text_ops
from pdfium_text import pdfium_page_texts
from pypdf import PdfReader
from small_games import install_small_games
from typer.testing import CliRunner, Result

from printandplay.cli import app

runner = CliRunner()


def test_games_lists_charlie() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0, result.output
    assert "charlie" in result.output
    assert "3–4" in result.output


def test_cards_json_lists_tiles_and_other_components() -> None:
    result = runner.invoke(app, ["cards", "charlie", "--format", "json"])
    assert result.exit_code == 0, result.output
    records = json.loads(result.output)
    tiles = [r for r in records if r["type"] == "tuile"]
    assert len(tiles) == 31
    assert sum(r["count"] for r in tiles) == 31
    for record in records:
        assert {"id", "name", "type", "count"} <= record.keys()
    pont = next(r for r in tiles if r["id"] == "CHA-PONT-3")
    assert pont["type_tuile"] == "pont" and pont["effet"] == "perte-tv"
    types = {r["type"] for r in records}
    assert {"licorne", "attribut", "banane", "amulette", "pion"} <= types
    counts = {r["id"]: r["count"] for r in records}
    assert counts["CHA-REIN"] == counts["CHA-CORNE"] == counts["CHA-TV"] == 5


def test_cards_table() -> None:
    result = runner.invoke(app, ["cards", "charlie"])
    assert result.exit_code == 0
    assert "CHA-DEPART" in result.output


def test_unknown_game_exits_2_with_one_line() -> None:
    result = runner.invoke(app, ["build", "charly"])
    assert result.exit_code == 2
    assert "unknown game 'charly'" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("args", [
    ["build", "charlie", "--back-offset", "abc"],
    ["build", "charlie", "--back-offset", "1,2,3"],
    ["build", "charlie", "--bleed", "-1"],
    ["build", "charlie", "--paper", "a5"],
    ["build", "charlie", "--flip", "sideways"],
])
def test_bad_options_exit_2(args: list[str]) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output


def test_calibrate_writes_front_and_back(tmp_path: Path) -> None:
    result = runner.invoke(app, ["calibrate", "--paper", "letter", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    reader = PdfReader(tmp_path / "calibration-letter.pdf")
    assert len(reader.pages) == 2
    assert "back-offset" in reader.pages[0].extract_text()




@pytest.mark.parametrize(("file", "old", "new", "expected"), [
    ("cards/charlie/tuiles.yaml", "kind: tuile", "kind: [tuile",
     "cards/charlie/tuiles.yaml:7: invalid YAML"),
    ("cards/charlie/tuiles.yaml", "    name: Liopleurodon 1\n",
     "    name: Liopleurodon 1\n    atack: 3\n",
     "cards/charlie/tuiles.yaml:17: unknown field 'atack' on tuile 'CHA-LIOP-1'"),
    ("cards/charlie/bananes.yaml", "valeur: 1,", "valeur: un,",
     "cards/charlie/bananes.yaml:4: field 'valeur' on banane 'CHA-BANANE-1': expected an integer"),
    ("templates/charlie/layouts.yaml", "{{ card.accroche }}", "{{ card.acroche }}",
     "box 'accroche'"),
    ("templates/charlie/layouts.yaml", "      panneau: {y: 3mm, height: 42mm}",
     "      panneau: {y: 3mm, height: 42mm, colour: red}",
     "unknown field 'colour' on box 'panneau' of layout 'tuile-effet'"),
])
def test_bad_input_exits_2_naming_file_and_line(
    repo_root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    file: str, old: str, new: str, expected: str,
) -> None:
    result = _build_edited_charlie(tmp_path, monkeypatch, file, old, new)
    assert result.exit_code == 2, result.output
    assert expected in result.output
    assert "Traceback" not in result.output


_EDITED_BUILDS: dict[tuple[str, str, str], Result] = {}


def _build_edited_charlie(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, file: str, old: str,
                          new: str) -> Result:
    """``build charlie`` in a copy of Charlie with ``old`` replaced by ``new`` in ``file``:
    built once per test process for each edit (the tests that ask for the same edit only read
    what the build printed)."""
    key = (file, old, new)
    if key not in _EDITED_BUILDS:
        work = copy_kit("charlie", tmp_path, monkeypatch)
        replace_once(work / file, old, new)
        _EDITED_BUILDS[key] = runner.invoke(app, ["build", "charlie", "--out",
                                                  str(tmp_path / "out")])
    return _EDITED_BUILDS[key]


def test_missing_template_field_names_card_and_box(
    repo_root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = _build_edited_charlie(tmp_path, monkeypatch, "templates/charlie/layouts.yaml",
                                   "{{ card.accroche }}", "{{ card.acroche }}")
    assert result.exit_code == 2
    assert "cards/charlie/tuiles.yaml:8: tuile 'CHA-DEPART' (front), box 'accroche'" in result.output
    assert "'acroche'" in result.output


def test_current_folder_copy_wins(repo_root: Path, tmp_path: Path,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    work = copy_kit("charlie", tmp_path, monkeypatch)
    replace_once(work / "cards/charlie/game.yaml", "name: Charlie the Unicorn",
             "name: Charlie le Maison")
    result = runner.invoke(app, ["games"])
    assert "Charlie le Maison" in result.output


@pytest.fixture(scope="module")
def python_m_help() -> tuple[str, set[str]]:
    """``python -m printandplay --help`` in a fresh interpreter, run once for the two tests
    that read it: its standard output and the top-level names of the modules it imported
    (``-X importtime`` lists each import on standard error; ``python -m printandplay`` imports
    the whole ``printandplay.cli`` package before it runs the command)."""
    result = subprocess.run([sys.executable, "-X", "importtime", "-m", "printandplay", "--help"],
                            capture_output=True, text=True, check=True)
    imported = {line.split("|")[-1].strip().split(".")[0]
                for line in result.stderr.splitlines() if line.startswith("import time:")}
    return result.stdout, imported


def test_cli_start_does_not_import_reportlab(python_m_help: tuple[str, set[str]]) -> None:
    _, imported = python_m_help
    assert "printandplay" in imported and "typer" in imported  # the list is read
    assert "reportlab" not in imported and "PIL" not in imported


def test_python_m_entry_point(python_m_help: tuple[str, set[str]]) -> None:
    stdout, _ = python_m_help
    assert "build" in stdout


def test_check_passes_for_charlie() -> None:
    result = runner.invoke(app, ["check", "charlie"])
    assert result.exit_code == 0, result.output
    assert "composition checked" in result.output


def test_check_and_build_fail_on_a_wrong_composition(
    repo_root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    work = copy_kit("charlie", tmp_path, monkeypatch)
    replace_once(work / "cards/charlie/attributs.yaml", "attribut: tv, count: 5",
             "attribut: tv, count: 4")
    result = runner.invoke(app, ["check", "charlie", "--format", "json"])
    assert result.exit_code == 1
    report = json.loads(result.output)
    assert report["valid"] is False
    assert report["errors"] == [{
        "rule": "CHA-KIT-4",
        "message": "copies of attribut (attribut=tv): expected 5, found 4",
        "expected": 5, "actual": 4, "cards": ["CHA-TV"]}]
    result = runner.invoke(app, ["build", "charlie", "--out", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert "CHA-KIT-4" in result.output
    assert not (tmp_path / "out" / "charlie-a4.pdf").exists()


def test_checks_read_keys_of_map_fields(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        repo_root: Path) -> None:
    """`where: {limits.violet: X}` selects by one key of a map field."""
    from printandplay.data.game_loader import load_game
    from printandplay.project import Resources
    from printandplay.rules.composition import check_composition

    fixture = repo_root / "tests" / "fixtures" / "games" / "tiny"
    shutil.copytree(fixture, tmp_path / "root")
    game_file = tmp_path / "root" / "cards" / "tiny" / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    game_file.write_text(text + "checks:\n  - {id: T-1, kind: carte, where: {limits.jaune: X},"
                         " count: 7}\n", encoding="utf-8")
    game = load_game(Resources((tmp_path / "root",)), "tiny")
    report = check_composition(game)
    assert [v.rule for v in report.errors] == ["T-1"]
    assert "limits.jaune=X" in report.errors[0].message
    assert "expected 7, found 1" in report.errors[0].message


def test_print_deck_prints_exactly_the_deck(repo_root: Path, tmp_path: Path) -> None:
    from printandplay.data.decklist import load_deck
    from printandplay.data.game_loader import load_game
    from printandplay.project import Resources

    deck_file = repo_root / "cards" / "licum" / "decks" / "rouges.txt"
    result = runner.invoke(app, ["print-deck", "licum", str(deck_file), "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "deck-rouges-a4.pdf"
    game = load_game(Resources((repo_root,)), "licum")
    deck = load_deck(deck_file, game)
    prep = sum(deck.counts("Préparation").values())
    jeu = sum(deck.counts("Jeu").values())
    # Préparation and Jeu cards are on separate sheets, 8 to a sheet (spaced apart: the
    # cards' colours differ)
    sheets = -(-prep // 8) + -(-jeu // 8)
    reader = PdfReader(pdf)
    guide = pdf_guide_length(reader.page_labels)  # the printing guide comes first
    assert guide == 2
    assert len(reader.pages) == guide + 2 * sheets
    first = game.component(next(iter(deck.counts("Jeu"))))
    # fronts, after the Préparation sheets
    (first_jeu_sheet,) = pdfium_page_texts(pdf, [guide + 2 * -(-prep // 8)])
    assert first.name.split()[0] in first_jeu_sheet


def test_print_deck_refuses_an_invalid_deck_unless_forced(repo_root: Path,
                                                          tmp_path: Path) -> None:
    deck_file = tmp_path / "short.txt"
    deck_file.write_text("Équipe: Rouges\nPréparation\n1 Avant-Match\n", encoding="utf-8")
    result = runner.invoke(app, ["print-deck", "licum", str(deck_file), "--out", str(tmp_path)])
    assert result.exit_code == 1
    assert "--force" in result.output
    assert not (tmp_path / "deck-short-a4.pdf").exists()
    result = runner.invoke(app, ["print-deck", "licum", str(deck_file), "--out", str(tmp_path),
                                 "--force"])
    assert result.exit_code == 0, result.output
    reader = PdfReader(tmp_path / "deck-short-a4.pdf")
    assert len(reader.pages) == pdf_guide_length(reader.page_labels) + 2 == 4


def test_build_all_writes_every_kit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``build all`` builds every installed game, prints each PDF's path in game order and one
    summary line per game. On three small games (the command's mechanism is the same for every
    kit): each bundled kit is built in full by other tests (``bundled_kits``, the face replays,
    ``test_watch``), and ``benchmarks/bench_build.py`` times ``build all`` on them."""
    install_small_games(tmp_path / "installed", monkeypatch, ["gamma", "alpha", "beta"])
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["build", "all", "--out", str(tmp_path / "all")])
    assert result.exit_code == 0, result.output
    games = ["alpha", "beta", "gamma"]
    assert [Path(line).name for line in result.stdout.split()] == [f"{g}-a4.pdf" for g in games]
    # one summary line per game on stderr
    assert [line.split(":")[0] for line in result.stderr.splitlines() if line] == games
    for game in games:
        assert len(PdfReader(tmp_path / "all" / f"{game}-a4.pdf").pages) > 0


def test_game_yaml_document_style_restyles_the_rules(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from printandplay.kit.assets import load_assets
    from printandplay.model.game import DocumentSection
    from printandplay.model.ops import TextOp
    from printandplay.planning.options import BuildOptions
    from printandplay.planning.planner import KitPlanner
    from printandplay.project import Resources

    work = copy_kit("charlie", tmp_path, monkeypatch)
    with (work / "cards/charlie/game.yaml").open("a", encoding="utf-8") as handle:
        handle.write("document_style:\n  size: 8\n  footer_size: 6\n  footer_color: '#ff0000'\n")
    # the rules only: the style is the documents' (the faces do not read it)
    result = runner.invoke(app, ["build", "charlie", "--sections", "Règles et aide de jeu",
                                 "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    planner = KitPlanner(load_assets(Resources.discover(cwd=work), "charlie"), BuildOptions())
    section = cast(DocumentSection, next(s for s in planner.assets.game.kit
                                         if type(s).__name__ == "DocumentSection"))
    pages, _ = planner.documents.pages(section)
    footer = pages[0].ops[-1]
    assert isinstance(footer, TextOp) and (footer.size, footer.color) == (6, (1.0, 0.0, 0.0))
    sizes = {op.size for op in text_ops(pages[0].ops)}
    assert 8.0 in sizes and 9.0 not in sizes


def test_a_document_style_font_role_must_be_in_fonts_yaml(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    work = copy_kit("charlie", tmp_path, monkeypatch)
    with (work / "cards/charlie/game.yaml").open("a", encoding="utf-8") as handle:
        handle.write("document_style:\n  title_font: fancy\n")
    result = runner.invoke(app, ["build", "charlie", "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert result.output.startswith("error: cards/charlie/game.yaml:")
    assert "title_font 'fancy' is not a role of fonts.yaml" in result.output
    assert "Traceback" not in result.output
