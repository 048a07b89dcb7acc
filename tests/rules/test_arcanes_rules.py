"""Arcanes, a test game written only as data: its deck rules (a 60-card format with a 4-copy
limit, a banned and a restricted list, and a second format) checked by its own rule cases."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from cli_runner import CliRunner
from helpers import check_deck_case

from printandplay.cli import app
from printandplay.data.game_loader import load_game
from printandplay.model.game import Game
from printandplay.project import Resources

HERE = Path(__file__).resolve().parent
FIXTURE = HERE.parent / "fixtures" / "games" / "arcanes"
CASES = sorted((HERE / "cases" / "arcanes").glob("*.yaml"))
runner = CliRunner()


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game(Resources((FIXTURE,)), "arcanes")


def test_the_game_is_only_data() -> None:
    files = [p for p in FIXTURE.rglob("*") if p.is_file()]
    assert files and all(p.suffix == ".yaml" for p in files), files


@pytest.mark.parametrize("case_file", CASES, ids=[c.stem for c in CASES])
def test_rule_case(game: Game, case_file: Path) -> None:
    check_deck_case(case_file, game)


def test_cases_cover_every_rule_id(game: Game) -> None:
    declared = set(re.findall(r"\b(ARC-[A-Z]+)\b", (FIXTURE / "cards" / "arcanes" / "game.yaml")
                              .read_text(encoding="utf-8")))
    used = set()
    for case_file in CASES:
        case = yaml.safe_load(case_file.read_text(encoding="utf-8"))
        used |= set(case["errors"]) | set(case["warnings"])
    assert declared - {"ARC-COLLECTION"} <= used, declared - used


def test_validate_from_the_cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(FIXTURE)
    case = yaml.safe_load((HERE / "cases" / "arcanes" / "libre-forty.yaml")
                          .read_text(encoding="utf-8"))
    deck = tmp_path / "libre.txt"
    deck.write_text(case["deck"], encoding="utf-8")
    result = runner.invoke(app, ["validate", "arcanes", str(deck), "--rules", "libre"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["validate", "arcanes", str(deck)])
    assert result.exit_code == 1 and "ARC-BANNIE" in result.output
    assert "(line 4)" in result.output  # the banned card's line
