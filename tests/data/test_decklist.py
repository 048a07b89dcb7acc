"""Deck lists: parsing, the canonical text and its round trip, the YAML form, bad files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import DECK_JEU, DECKS_FIXTURE, decks_game
from typer.testing import CliRunner

from printandplay.cli import app
from printandplay.data.decklist import (
    format_decklist,
    load_collection,
    load_deck,
    parse_decklist,
)
from printandplay.errors import DataError, DeckSyntaxError
from printandplay.model.deck import Deck
from printandplay.model.game import Game

runner = CliRunner()

LEGAL = """# Deck des Rouges
Équipe: Rouges
Préparation
1 Avant-Match
1 Entre-Période
1 I1
1 Impro La Tempête
1 Impro Le Marché
1 Impro Le Phare
1 Impro La Fanfare
2 Sifflet
1 Sifflet
""" + DECK_JEU


@pytest.fixture(scope="module")
def game() -> Game:
    return decks_game()


def test_parse_resolves_names_ids_and_qualifiers(game: Game) -> None:
    deck = parse_decklist(LEGAL, game, "rouges.txt")
    assert deck.headers == {"team": "rouges"}
    assert deck.header_lines == {"team": 2}
    assert deck.unknown == ()
    assert deck.counts("Préparation")["D1"] == 3  # two lines for Sifflet add up
    assert deck.counts("Préparation")["I1"] == 1  # named by id
    assert deck.counts("Jeu")["ROU-ROSALIE"] == 2  # "Name (Équipe)"
    entry = next(e for e in deck.entries if e.card_id == "ROU-MARC")
    assert (entry.section, entry.count, entry.line) == ("Jeu", 1, 15)


def test_canonical_text(game: Game) -> None:
    text = format_decklist(parse_decklist(LEGAL, game), game)
    assert text == (
        "Équipe: Rouges\n"
        "Préparation\n"
        "1 Impro La Fanfare\n1 Impro La Tempête\n1 Impro Le Marché\n1 Impro Le Mariage\n"
        "1 Impro Le Phare\n1 Avant-Match\n1 Entre-Période\n3 Sifflet\n"
        "Jeu\n"
        "1 Marc Cormier\n2 Rosalie Gaudet (Rouges)\n2 Bonne étoile\n"
        "1 Repêchage\n1 Scuze, mais…\n1 Shote de café\n")


def _same_cards(one: Deck, other: Deck) -> bool:
    """Same headers and the same copies per section (line numbers and order ignored)."""
    sections = {e.section for e in (*one.entries, *other.entries)}
    return dict(one.headers) == dict(other.headers) and all(
        one.counts(s) == other.counts(s) for s in sections)


def test_round_trip_parses_to_the_same_deck(game: Game) -> None:
    deck = parse_decklist(LEGAL, game)
    again = parse_decklist(format_decklist(deck, game), game)
    assert _same_cards(again, deck)
    assert format_decklist(again, game) == format_decklist(deck, game)


def test_team_aliases_and_etoile(game: Game) -> None:
    deck = parse_decklist("équipe : Équipe-Étoile\nJeu\n1 Rosalie Gaudet (Étoile)\n", game)
    assert deck.headers == {"team": "etoile"}
    assert deck.counts("Jeu") == {"ETO-ROSALIE": 1}
    assert format_decklist(deck, game) == "Équipe: Étoile\nJeu\n1 Rosalie Gaudet (Étoile)\n"


@pytest.mark.parametrize(("text", "message"), [
    ("Préparation\n1 Avant-Match\nblah blah\n",
     "deck.txt:3: cannot read 'blah blah': expected 'N Name', 'Nx Name' or a section"),
    ("1 Avant-Match\n", "deck.txt:1: card before any section"),
    ("Couleur: rouge\n", "deck.txt:1: unknown header 'Couleur' (expected one of Équipe, "
                         "Préparation, Jeu)"),
    ("Jeu\n0 Sifflet\n", "deck.txt:2: a count of 0"),
])
def test_syntax_errors_name_the_line(game: Game, text: str, message: str) -> None:
    with pytest.raises(DeckSyntaxError) as info:
        parse_decklist(text, game, "deck.txt")
    assert str(info.value).startswith(message)


def test_header_problems_are_kept_for_the_validator(game: Game) -> None:
    """An unknown team or a second team line is a rules error (issue 12), not unreadable."""
    deck = parse_decklist("Équipe: Violets\nÉquipe: Rouges\nÉquipe: Bleus\n", game, "deck.txt")
    assert [(p.field, p.line) for p in deck.header_problems] == [
        ("team", 1), ("team", 2), ("team", 3)]
    assert deck.header_problems[0].message.startswith("unknown Équipe 'Violets' (one of Bleus")
    assert "second Équipe line" in deck.header_problems[1].message
    assert "team" not in deck.headers


def test_yaml_deck_is_the_same_deck(game: Game, tmp_path: Path) -> None:
    path = tmp_path / "rouges.yaml"
    path.write_text(
        "Équipe: Rouges\n"
        "Préparation:\n  - 1 Avant-Match\n  - 1 Entre-Période\n  - 1 I1\n"
        "  - 1 Impro La Tempête\n  - 1 Impro Le Marché\n  - 1 Impro Le Phare\n"
        "  - 1 Impro La Fanfare\n  - 3 Sifflet\n"
        "Jeu:\n  Rosalie Gaudet (Rouges): 2\n  Marc Cormier: 1\n  Bonne étoile: 2\n"
        "  Repêchage: 1\n  'Scuze, mais…': 1\n  Shote de café: 1\n", encoding="utf-8")
    deck = load_deck(path, game)
    assert _same_cards(deck, parse_decklist(LEGAL, game))
    marc = next(e for e in deck.entries if e.card_id == "ROU-MARC")
    assert marc.line == 13


def test_yaml_deck_bad_count(game: Game, tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("Jeu:\n  Sifflet: deux\n", encoding="utf-8")
    with pytest.raises(DeckSyntaxError, match="bad.yaml:2: the count of 'Sifflet'"):
        load_deck(path, game, "bad.yaml")


def test_collection(game: Game, tmp_path: Path) -> None:
    path = tmp_path / "owned.yaml"
    path.write_text("Sifflet: 3\nRosalie Gaudet (Étoile): 1\nAM: 2\n", encoding="utf-8")
    assert load_collection(path, game) == {"D1": 3, "ETO-ROSALIE": 1, "AM": 2}
    path.write_text("Siflet: 3\n", encoding="utf-8")
    with pytest.raises(DataError, match="unknown card 'Siflet' \\(did you mean 'Sifflet'\\?\\)"):
        load_collection(path, game, "owned.yaml")


# --- the command line ------------------------------------------------------------------------


@pytest.fixture
def in_fixture(monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(DECKS_FIXTURE)
    return DECKS_FIXTURE


def test_validate_valid_deck(in_fixture: Path, tmp_path: Path) -> None:
    deck = tmp_path / "rouges.txt"
    deck.write_text(LEGAL, encoding="utf-8")
    result = runner.invoke(app, ["validate", "licum", str(deck)])
    assert result.exit_code == 0, result.output
    assert "valid" in result.output


def test_validate_invalid_deck_json(in_fixture: Path, tmp_path: Path) -> None:
    deck = tmp_path / "bad.txt"
    deck.write_text(LEGAL.replace("1 I1\n", "").replace("Marc Cormier", "Anne Bourque"),
                    encoding="utf-8")
    result = runner.invoke(app, ["validate", "licum", str(deck), "--format", "json"])
    assert result.exit_code == 1
    report = json.loads(result.output)
    assert report["valid"] is False
    assert {e["rule"] for e in report["errors"]} == {"LIC-DECK-PREP-IMPROS", "LIC-DECK-TEAM"}
    team = next(e for e in report["errors"] if e["rule"] == "LIC-DECK-TEAM")
    assert team == {"rule": "LIC-DECK-TEAM",
                    "message": "Anne Bourque plays for bleus, not for the deck's team (rouges)",
                    "expected": "rouges", "actual": "bleus", "cards": ["BLE-ANNE"], "line": 14}
    assert report["counts"]["impros"] == 4
    assert "warnings" in report


def test_validate_unreadable_deck_exits_2(in_fixture: Path, tmp_path: Path) -> None:
    deck = tmp_path / "broken.txt"
    deck.write_text("Préparation\nquelques cartes\n", encoding="utf-8")
    result = runner.invoke(app, ["validate", "licum", str(deck)])
    assert result.exit_code == 2
    assert "broken.txt:2: cannot read 'quelques cartes'" in result.output
    result = runner.invoke(app, ["validate", "licum", str(tmp_path / "missing.txt")])
    assert result.exit_code == 2 and "file not found" in result.output


def test_validate_with_collection(in_fixture: Path, tmp_path: Path) -> None:
    deck = tmp_path / "rouges.txt"
    deck.write_text(LEGAL, encoding="utf-8")
    owned = tmp_path / "owned.yaml"
    owned.write_text("Sifflet: 1\n", encoding="utf-8")
    result = runner.invoke(app, ["validate", "licum", str(deck), "--collection", str(owned)])
    assert result.exit_code == 1
    assert "LIC-DECK-COLLECTION" in result.output and "3 Sifflet used, 1 owned" in result.output


def test_validate_a_game_without_decks() -> None:
    result = runner.invoke(app, ["validate", "charlie", "deck.txt"])
    assert result.exit_code == 2
    assert "has no deck rules" in result.output
