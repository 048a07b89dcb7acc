"""Six test games with the deck-building structure of real card games' formats (fictional
cards, structure only), each written only as data: their deck rules checked by their own rule
cases (``tests/rules/cases/formats/<game>/``), a few through the real ``validate`` command."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from helpers import check_deck_case
from typer.testing import CliRunner

from printandplay.cli import app
from printandplay.data.game_loader import load_game
from printandplay.model.game import Game
from printandplay.project import Resources

HERE = Path(__file__).resolve().parent
FIXTURES = HERE.parent / "fixtures" / "games" / "formats"
CASES_ROOT = HERE / "cases" / "formats"
GAMES = ("sommet", "reseau", "maisons", "classes", "energie", "duel")
CASES = sorted(CASES_ROOT.glob("*/*.yaml"))
runner = CliRunner()
_LOADED: dict[str, Game] = {}


def game_of(name: str) -> Game:
    """The test game ``name``, loaded once."""
    if name not in _LOADED:
        _LOADED[name] = load_game(Resources((FIXTURES / name,)), name)
    return _LOADED[name]


def test_every_game_has_cases() -> None:
    assert sorted(p.name for p in CASES_ROOT.iterdir()) == sorted(GAMES)
    for name in GAMES:
        cases = [yaml.safe_load(p.read_text(encoding="utf-8"))
                 for p in (CASES_ROOT / name).glob("*.yaml")]
        assert any(c["valid"] for c in cases) and any(not c["valid"] for c in cases), name


@pytest.mark.parametrize("case_file", CASES, ids=[f"{c.parent.name}/{c.stem}" for c in CASES])
def test_rule_case(case_file: Path) -> None:
    check_deck_case(case_file, game_of(case_file.parent.name))


@pytest.mark.parametrize("name", GAMES)
def test_cases_cover_every_rule_id(name: str) -> None:
    folder = FIXTURES / name / "cards" / name
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    declared = set(re.findall(r"\b([A-Z]{3}-[A-Z-]*[A-Z])\b", text))
    used: set[str] = set()
    for case_file in (CASES_ROOT / name).glob("*.yaml"):
        case = yaml.safe_load(case_file.read_text(encoding="utf-8"))
        used |= set(case["errors"]) | set(case["warnings"])
    assert declared - {f"{name[:3].upper()}-CARTE"} <= used, declared - used


def _deck_file(tmp_path: Path, game: str, case: str) -> Path:
    data = yaml.safe_load((CASES_ROOT / game / f"{case}.yaml").read_text(encoding="utf-8"))
    deck = tmp_path / f"{case}.txt"
    deck.write_text(data["deck"], encoding="utf-8")
    return deck


def test_validate_commander_from_the_cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                         ) -> None:
    monkeypatch.chdir(FIXTURES / "sommet")
    result = runner.invoke(app, ["validate", "sommet", str(_deck_file(tmp_path, "sommet",
                                                                       "valid-aube"))])
    assert result.exit_code == 0, result.output
    assert "valid (total 100)" in result.output
    deck = _deck_file(tmp_path, "sommet", "off-colour")
    result = runner.invoke(app, ["validate", "sommet", str(deck), "--format", "json"])
    assert result.exit_code == 1, result.output
    report = json.loads(result.output)
    [error] = report["errors"]
    assert error["rule"] == "SOM-COULEURS" and error["expected"] == 0 and error["actual"] == 1
    lines = deck.read_text(encoding="utf-8").splitlines()
    assert error["line"] == len(lines)  # the off-colour card, added last
    assert error["cards"] == [lines[-1].removeprefix("1 ").replace("Rune ", "SO-")] or \
        len(error["cards"]) == 1


def test_validate_influence_from_the_cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                         ) -> None:
    monkeypatch.chdir(FIXTURES / "reseau")
    deck = _deck_file(tmp_path, "reseau", "influence-over")
    result = runner.invoke(app, ["validate", "reseau", str(deck), "--format", "json"])
    assert result.exit_code == 1, result.output
    [error] = json.loads(result.output)["errors"]
    assert (error["rule"], error["expected"]) == ("RES-INFLUENCE", 15)
    assert error["actual"] > 15


def test_ban_list_swapped_from_the_cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(FIXTURES / "duel")
    deck = str(_deck_file(tmp_path, "duel", "valid-no-side"))
    result = runner.invoke(app, ["validate", "duel", deck])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["validate", "duel", deck, "--ban-list", "listes/2026-09.yaml"])
    assert result.exit_code == 1, result.output
    assert "DUE-INTERDITE" in result.output and "liste de septembre 2026" in result.output
    for outside in ("../duel/cards/duel/listes/2026-09.yaml", "/etc/passwd"):
        result = runner.invoke(app, ["validate", "duel", deck, "--ban-list", outside])
        assert result.exit_code == 2, result.output
        assert "Traceback" not in result.output
    result = runner.invoke(app, ["validate", "duel", deck, "--ban-list", "listes/nope.yaml"])
    assert result.exit_code == 2 and "nope.yaml" in result.output, result.output


def test_ban_list_option_needs_tiers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(FIXTURES / "maisons")
    deck = str(_deck_file(tmp_path, "maisons", "valid-three-houses"))
    result = runner.invoke(app, ["validate", "maisons", deck, "--ban-list", "x.yaml"])
    assert result.exit_code == 2 and "has no ban_list" in result.output, result.output
