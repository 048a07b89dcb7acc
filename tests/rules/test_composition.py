"""Composition checks: counts, per-value groups (a missing value counts as 0), distinct."""

from __future__ import annotations

import shutil
from pathlib import Path

from printandplay.data.game_loader import load_game
from printandplay.model.game import Game
from printandplay.project import Resources
from printandplay.rules.composition import check_composition

TINY = Path(__file__).resolve().parents[1] / "fixtures" / "games" / "tiny"


def tiny_with_checks(tmp_path: Path, checks: str) -> Game:
    shutil.copytree(TINY, tmp_path / "root")
    game_file = tmp_path / "root" / "cards" / "tiny" / "game.yaml"
    game_file.write_text(game_file.read_text(encoding="utf-8") + "checks:\n" + checks,
                         encoding="utf-8")
    return load_game(Resources((tmp_path / "root",)), "tiny")


def test_per_reports_a_choice_that_no_component_has(tmp_path: Path) -> None:
    cards = tmp_path / "root" / "cards" / "tiny" / "cards.yaml"
    game = tiny_with_checks(tmp_path, "  - {id: T-1, kind: carte, per: couleur, min: 1}\n")
    assert check_composition(game).is_valid  # both colours present
    cards.write_text(cards.read_text(encoding="utf-8").replace("couleur: jaune",
                                                                "couleur: rouge"),
                     encoding="utf-8")
    game = load_game(Resources((tmp_path / "root",)), "tiny")
    report = check_composition(game)
    assert [(v.rule, v.actual) for v in report.errors] == [("T-1", 0)]
    assert "(couleur=jaune): expected at least 1, found 0" in report.errors[0].message


def test_per_respects_where_on_the_same_field(tmp_path: Path) -> None:
    game = tiny_with_checks(tmp_path, "  - {id: T-2, kind: carte, per: couleur, "
                                      "where: {couleur: [rouge]}, min: 0}\n")
    assert check_composition(game).is_valid


def test_count_and_distinct(tmp_path: Path) -> None:
    game = tiny_with_checks(tmp_path, "  - {id: T-3, kind: carte, count: 99}\n"
                                      "  - {id: T-4, kind: carte, distinct: id, max: 1}\n")
    copies = game.count("carte")
    distinct = len(game.components_of("carte"))
    report = check_composition(game)
    messages = {v.rule: v.message for v in report.errors}
    assert messages["T-3"] == f"copies of carte: expected 99, found {copies}"
    assert messages["T-4"] == f"distinct values of 'id' of carte: expected at most 1, found {distinct}"
