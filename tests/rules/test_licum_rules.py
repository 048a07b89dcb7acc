"""Licum deck rules as data: each file of cases/licum holds a deck and what it breaks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import check_deck_case, decks_game

from printandplay.data.decklist import parse_decklist
from printandplay.data.game_loader import load_game
from printandplay.model.game import Game
from printandplay.project import Resources
from printandplay.rules.deck import validate_deck

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CASES = sorted((HERE / "cases" / "licum").glob("*.yaml"))


@pytest.fixture(scope="module")
def game() -> Game:
    return decks_game()


@pytest.mark.parametrize("case_file", CASES, ids=[c.stem for c in CASES])
def test_rule_case(game: Game, case_file: Path) -> None:
    check_deck_case(case_file, game)


def test_every_case_rule_id_is_in_the_digest_or_fixture(game: Game) -> None:
    """The rule ids the validator uses are the ones the rules digest defines."""
    text = (ROOT / "seeds" / "licum.md").read_text(encoding="utf-8")
    source = (ROOT / "cards" / "licum" / "game.yaml").read_text(encoding="utf-8")
    rules = sorted(set(re.findall(r"\b(LIC-DECK-[A-Z-]*[A-Z])\b", source)))
    assert len(rules) >= 15
    for rule in rules:
        assert f"**{rule}**" in text, f"{rule} is not defined in seeds/licum.md"


def test_fixture_uses_licums_own_deck_rules(game: Game) -> None:
    """The fixture game carries a copy of Licum's deck_rules: the cases test the real YAML."""
    real = load_game(Resources((ROOT,)), "licum")
    assert real.deck_rules is not None and game.deck_rules is not None

    def strip(book: object) -> object:
        # locations and card ids differ (the fixture has its own cards), the rules do not
        return re.sub(r"Location\([^)]*\)|cards=\([^)]*\)", "", repr(book))

    assert strip(game.deck_rules) == strip(real.deck_rules)


def test_violations_carry_lines_and_cards(game: Game) -> None:
    deck = parse_decklist("Équipe: Rouges\nPréparation\n1 Avant-Match\nJeu\n1 Anne Bourque\n",
                          game)
    report = validate_deck(deck, game)
    team = next(v for v in report.errors if v.rule == "LIC-DECK-TEAM")
    assert team.line == 5 and team.cards == ("BLE-ANNE",)
    assert team.expected == "rouges" and team.actual == "bleus"


def test_collection_limits_copies(game: Game) -> None:
    deck = parse_decklist(
        "Équipe: Rouges\nPréparation\n1 Avant-Match\n1 Entre-Période\n"
        "1 I1\n1 I2\n1 I3\n1 I4\n1 I5\n3 Sifflet\nJeu\n2 Rosalie Gaudet (Rouges)\n"
        "5 Bonne étoile\n", game)
    owned = {"D1": 2, "ROU-ROSALIE": 2, "C1": 5, "AM": 1, "EP": 1,
             "I1": 1, "I2": 1, "I3": 1, "I4": 1, "I5": 1}
    report = validate_deck(deck, game, collection=owned)
    collection = [v for v in report.errors if v.rule == "LIC-DECK-COLLECTION"]
    assert [(v.cards, v.expected, v.actual) for v in collection] == [(("D1",), 2, 3)]
    assert collection[0].message == "3 Sifflet used, 2 owned"
