"""``where:`` is one language (issue 27): every selector that works in a kit's ``checks:`` works
in a deck rule, with the same errors; conditions no card could meet are refused."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from helpers import DECK_JEU, DECKS_FIXTURE

from printandplay.data.decklist import parse_decklist
from printandplay.data.game_loader import load_game
from printandplay.errors import PrintAndPlayError
from printandplay.model.game import Game
from printandplay.project import Resources
from printandplay.rules.composition import check_composition
from printandplay.rules.deck import validate_deck

COACH_WHERE = "          where: {role: entraineur}\n"
DECK = """Équipe: Rouges
Préparation
1 Avant-Match
1 Entre-Période
1 Impro Le Mariage
1 Impro La Tempête
1 Impro Le Marché
1 Impro Le Phare
1 Impro La Fanfare
""" + DECK_JEU  # 2 Rosalie Gaudet (capitaine, springs Bonne étoile), 1 Marc Cormier


def _load(tmp_path: Path, where: str, place: str) -> Game:
    """The decks fixture with ``where`` in a kit check (``place`` 'check') or in the deck
    rule LIC-DECK-COACH (``place`` 'deck'), both on the improvisateurs."""
    copy = tmp_path / place
    shutil.copytree(DECKS_FIXTURE, copy)
    path = copy / "cards" / "licum" / "game.yaml"
    text = path.read_text(encoding="utf-8")
    assert COACH_WHERE in text and "\nchecks:" not in text
    if place == "deck":
        text = text.replace(COACH_WHERE, f"          where: {where}\n")
    else:
        text += f"checks:\n  - {{id: T-1, kind: improvisateur, where: {where}, max: 0}}\n"
    path.write_text(text, encoding="utf-8")
    return load_game(Resources((copy,)), "licum")


def _deck_hits(game: Game) -> int:
    report = validate_deck(parse_decklist(DECK, game), game)
    return next((int(v.actual) for v in report.warnings if v.rule == "LIC-DECK-COACH"), 0)


def _kit_hits(game: Game) -> int:
    return next((int(v.actual) for v in check_composition(game).errors if v.rule == "T-1"), 0)


@pytest.mark.parametrize(("where", "kit", "deck"), [
    ('{role: capitaine}', 1, 2),
    ('{"has(springs, Bonne étoile)": true}', 1, 2),
    ('{"has(springs, Bonne étoile)": false}', 4, 1),
    ('{"count(springs, Bonne étoile)": 1}', 1, 2),
    ('{"count(springs, Bonne étoile|Repêchage)": [1, 2]}', 1, 2),
    ('{kind: improvisateur, team: rouges}', 3, 3),
    ('{id: ROU-ROSALIE}', 1, 2),
    ('{name: Marc Cormier}', 1, 1),
])
def test_every_selector_works_in_checks_and_in_deck_rules(tmp_path: Path, where: str, kit: int,
                                                          deck: int) -> None:
    """The same ``where`` selects the same cards: ``kit`` cards of the kit, ``deck`` copies of
    the deck (the max is 1 in the deck rule, so a count of 1 passes: 0 hits)."""
    assert _kit_hits(_load(tmp_path, where, "check")) == kit
    assert _deck_hits(_load(tmp_path, where, "deck")) == (deck if deck > 1 else 0)


@pytest.mark.parametrize(("where", "problem"), [
    ('{rol: capitaine}', "unknown field 'rol' (did you mean 'role'?)"),
    ('{"has(team, rouges)": true}', "has() reads a map or list field, not 'team'"),
    ('{"avg(springs)": 1}', "unknown aggregate 'avg'"),
    ('{"count(springs)": 1}', "count() needs a value"),
    ('{role: capitain}', "'capitain' is not a choice of 'role' (capitaine, assistant, joueur, "
                         "substitut, entraineur) (did you mean 'capitaine'?)"),
    ('{team: [rouges, rouge]}', "'rouge' is not a choice of 'team'"),
    ('{"has(springs, Bonne étoile)": 1}', "has(springs, Bonne étoile) is true or false, not 1"),
    ('{"count(springs, X)": yes}', "count(springs, X) is a whole number ≥ 0, not True"),
    ('{kind: improvisatuer}', "unknown kind 'improvisatuer'"),
    ('{punition: 1}', "unknown field 'punition'"),  # a field of another kind: never met
    ('[role]', "'where' must map fields to values"),
    ('{springs: Sifflet}', "'springs' is a list field: no card's value is one value"),
    ('{role: [[capitaine]]}', "a value or a list of values, not a nested list"),
])
def test_bad_conditions_are_the_same_errors_in_both_places(tmp_path: Path, where: str,
                                                           problem: str) -> None:
    for place, prefix in (("check", "check 'T-1': "),
                          ("deck", "rules item 9 of format 'base': ")):
        with pytest.raises(PrintAndPlayError) as info:
            _load(tmp_path, where, place)
        problems = info.value.problems()
        assert len(problems) == 1, problems
        assert "cards/licum/game.yaml:" in problems[0], problems
        assert prefix + problem in problems[0], problems


def test_a_text_field_is_no_list_of_targets() -> None:
    """``targets:`` on a text field would walk it letter by letter: refused."""
    from printandplay.model.where import FieldScope

    game = load_game(Resources.discover(), "licum")
    scope = FieldScope([game.kinds["impro"]])
    assert scope.type_problem("theme", "list") == (
        "'theme' is a text field, not a list field: it could never match")
    assert scope.type_problem("demands", "list") == ""
    assert FieldScope(game.kinds.values()).type_problem("allowed_in_jeu", "bool") == ""
