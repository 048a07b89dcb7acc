"""Composition checks: counts, per-value groups (a missing value counts as 0), distinct."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import tiny_copy

from printandplay.data.game_loader import load_game
from printandplay.errors import PrintAndPlayError
from printandplay.model.game import Game
from printandplay.project import Resources
from printandplay.rules.composition import check_composition


def tiny_with_checks(tmp_path: Path, checks: str) -> Game:
    root = tiny_copy(tmp_path)
    game_file = root / "cards" / "tiny" / "game.yaml"
    game_file.write_text(game_file.read_text(encoding="utf-8") + "checks:\n" + checks,
                         encoding="utf-8")
    return load_game(Resources((root,)), "tiny")


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


def test_aggregates_over_map_and_list_fields(tmp_path: Path) -> None:
    # x1: limits {rouge: 3, jaune: X}, tags [arme, fer]; x2 (2 copies): limits {rouge: 0, jaune: 9}
    game = tiny_with_checks(tmp_path, """\
  - {id: A-SUM, kind: carte, where: {sum(limits): 3}, count: 1}
  - {id: A-MAX, kind: carte, where: {max(limits): 9}, count: 2}
  - {id: A-MIN, kind: carte, where: {min(limits): 0}, count: 2}
  - {id: A-COUNT, kind: carte, where: {"count(limits, X)": 1}, count: 1}
  - {id: A-HAS, kind: carte, where: {"has(tags, fer)": true}, count: 1}
  - {id: A-NOT, kind: carte, where: {"has(limits, X)": false}, count: 2}
  - {id: A-ANY, kind: carte, where: {"count(limits, 9|3)": 1}, count: 3}
  - {id: A-PER, kind: carte, per: sum(limits), max: 1}
""")
    report = check_composition(game)
    assert [(v.rule, v.actual) for v in report.errors] == [("A-PER", 2)]
    assert "(sum(limits)=9)" in report.errors[0].message


def test_sum_totals_a_number_over_the_copies(tmp_path: Path) -> None:
    # x1: limits.rouge 3; x2 (2 copies): limits.rouge 0, limits.jaune 9 (X is no number)
    game = tiny_with_checks(tmp_path, "  - {id: S-1, kind: carte, sum: limits.rouge, count: 3}\n"
                                      "  - {id: S-2, kind: carte, sum: limits.jaune, count: 17}\n"
                                      "  - {id: S-3, kind: carte, sum: sum(limits), min: 21}\n")
    report = check_composition(game)
    assert [(v.rule, v.expected, v.actual) for v in report.errors] == [("S-2", 17, 18)]
    assert report.errors[0].message == ("the sum of 'limits.jaune' of carte: expected 17, "
                                        "found 18")


def test_an_aggregate_fails_when_a_value_changes(tmp_path: Path) -> None:
    game = tiny_with_checks(tmp_path, "  - {id: A-1, kind: carte, where: {max(limits): 9}, "
                                      "count: 2}\n")
    assert check_composition(game).is_valid
    cards = tmp_path / "root" / "cards" / "tiny" / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("jaune: 9}", "jaune: 8}"),
                     encoding="utf-8")
    report = check_composition(load_game(Resources((tmp_path / "root",)), "tiny"))
    assert [(v.rule, v.actual) for v in report.errors] == [("A-1", 0)]


@pytest.mark.parametrize(("check", "message"), [
    ("{id: B-1, kind: carte, where: {sum(couleur): 3}, count: 1}",
     "check 'B-1': sum() reads a map or list field, not 'couleur'"),
    ("{id: B-2, kind: carte, where: {avg(limits): 3}, count: 1}",
     "check 'B-2': unknown aggregate 'avg'"),
    ("{id: B-3, kind: carte, where: {count(limits): 3}, count: 1}",
     "check 'B-3': count() needs a value"),
    ("{id: B-4, kind: carte, where: {sum(limit): 3}, count: 1}",
     "check 'B-4': sum() reads a map or list field, not 'limit' (did you mean 'limits'?)"),
    ("{id: B-5, kind: carte, min: 4, max: 2}", "check 'B-5': min 4 is more than max 2"),
    ("{id: B-6, kind: carte, sum: couleur, count: 1}", "check 'B-6': sum: 'couleur' holds no "
                                                        "number"),
    ("{id: B-7, kind: carte, sum: limits.rouge, distinct: id, count: 1}",
     "check 'B-7': 'sum' and 'distinct' measure two different things"),
    ("{id: B-8, kind: carte, where: {couleur: vert}, count: 1}",
     "check 'B-8': 'vert' is not a choice of 'couleur'"),
])
def test_bad_checks_are_data_errors(tmp_path: Path, check: str, message: str) -> None:
    with pytest.raises(PrintAndPlayError) as info:
        tiny_with_checks(tmp_path, f"  - {check}\n")
    problems = info.value.problems()
    assert len(problems) == 1 and message in problems[0], problems
    assert "cards/tiny/game.yaml:" in problems[0]
