"""The generic deck validator on Licum's YAML rules: the defects of issue 12, formats, and the
strict reading of ``deck_rules:``."""

from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path

import pytest
from helpers import DECK_JEU, DECKS_FIXTURE, decks_game
from typer.testing import CliRunner

from printandplay.cli import app
from printandplay.data.decklist import parse_decklist
from printandplay.data.game_loader import load_game
from printandplay.errors import OptionError, PrintAndPlayError
from printandplay.model.game import Game
from printandplay.project import Resources
from printandplay.rules.deck import validate_deck

runner = CliRunner()

PREP = """Préparation
1 Avant-Match
1 Entre-Période
1 Impro Le Mariage
1 Impro La Tempête
1 Impro Le Marché
1 Impro Le Phare
1 Impro La Fanfare
"""


@pytest.fixture(scope="module")
def game() -> Game:
    return decks_game()


def rules_of(report: object) -> list[str]:
    return sorted(v.rule for v in report.errors)  # type: ignore[attr-defined]


def test_mises_au_jeu_in_preparation_are_truly_ignored(game: Game) -> None:
    """A 30-card Préparation plus two Mises au jeu is legal, with the warning only."""
    deck = parse_decklist("Équipe: Rouges\n" + PREP + "24 Salle bruyante\n"
                          "1 Mise au jeu verte\n1 Mise au jeu rouge\n" + DECK_JEU, game)
    report = validate_deck(deck, game)
    assert report.is_valid, [v.message for v in report.errors]
    assert [v.rule for v in report.warnings] == ["LIC-DECK-MAJ", "LIC-DECK-MAJ"]
    assert "(ignored)" in report.warnings[0].message and report.warnings[0].line == 11
    assert report.counts["preparation"] == 30 and report.counts["preparation_cards"] == 31


def test_a_mise_au_jeu_more_goes_over_nothing(game: Game) -> None:
    """Without the ignore, the same deck would break PREP-SIZE and PREP-REST."""
    deck = parse_decklist("Équipe: Rouges\n" + PREP + "25 Salle bruyante\n"
                          "2 Mise au jeu verte\n" + DECK_JEU, game)
    report = validate_deck(deck, game)
    assert rules_of(report) == ["LIC-DECK-PREP-SIZE"]
    assert report.errors[0].actual == 31


@pytest.mark.parametrize(("header", "message"), [
    ("Équipe: Noirs\n", "unknown Équipe 'Noirs' (one of Bleus, Étoile, Jaunes, Rouges, Verts)"),
    ("Équipe: Rouges\nÉquipe: Bleus\n", "a second Équipe line (Bleus): line 1 already chose"),
])
def test_bad_team_lines_are_team_errors(game: Game, header: str, message: str) -> None:
    deck = parse_decklist(header + PREP + "2 Sifflet\n" + DECK_JEU, game)
    report = validate_deck(deck, game)
    assert rules_of(report) == ["LIC-DECK-TEAM"]
    assert report.errors[0].message.startswith(message)
    assert report.errors[0].line == header.count("\n")


def test_unknown_team_exits_1_from_the_cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                           ) -> None:
    monkeypatch.chdir(DECKS_FIXTURE)
    deck = tmp_path / "noirs.txt"
    deck.write_text("Équipe: Noirs\n" + PREP + DECK_JEU, encoding="utf-8")
    result = runner.invoke(app, ["validate", "licum", str(deck), "--format", "json"])
    assert result.exit_code == 1, result.output
    report = json.loads(result.output)
    assert [e["rule"] for e in report["errors"]] == ["LIC-DECK-TEAM"]
    assert report["errors"][0]["line"] == 1


@pytest.mark.parametrize(("line", "message"), [
    ("1 Anne Bourque (Martiens)", "'Anne Bourque (Martiens)': unknown team 'Martiens'"),
    ("1 Rosalie Gaudet (Martiens)", "'Rosalie Gaudet (Martiens)': unknown team 'Martiens'"),
    ("1 Marc Cormier (Bleus)", "'Marc Cormier (Bleus)': no card 'Marc Cormier' has team"),
    # a card without the field (no team) is no match for an unknown team either (issue 26)
    ("1 Scuze, mais… (Martiens)", "'Scuze, mais… (Martiens)': unknown team 'Martiens'"),
])
def test_bad_qualifiers_are_card_errors(game: Game, line: str, message: str) -> None:
    deck = parse_decklist("Équipe: Rouges\n" + PREP + DECK_JEU + line + "\n", game)
    report = validate_deck(deck, game)
    assert rules_of(report) == ["LIC-DECK-CARD"]
    assert report.errors[0].message.startswith(message), report.errors[0].message
    assert report.errors[0].line == 17


def test_tournament_format_bans_and_limits_copies(game: Game) -> None:
    deck = parse_decklist("Équipe: Rouges\n" + PREP + "3 Sifflet\n" + DECK_JEU, game)
    assert validate_deck(deck, game).is_valid
    assert validate_deck(deck, game, "base").is_valid
    report = validate_deck(deck, game, "tournoi")
    assert rules_of(report) == ["LIC-DECK-TOURNOI-BANNED", "LIC-DECK-TOURNOI-COPIES"]
    copies = next(v for v in report.errors if v.rule == "LIC-DECK-TOURNOI-COPIES")
    assert copies.message == "3 copies of Sifflet: at most 2 in a tournament"
    assert (copies.expected, copies.actual, copies.line) == (2, 3, 10)
    with pytest.raises(OptionError, match=r"--rules nope: .* \(formats: base, tournoi\)"):
        validate_deck(deck, game, "nope")


def test_cli_rules_option(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(DECKS_FIXTURE)
    deck = tmp_path / "d.txt"
    deck.write_text("Équipe: Rouges\n" + PREP + "3 Sifflet\n" + DECK_JEU, encoding="utf-8")
    assert runner.invoke(app, ["validate", "licum", str(deck)]).exit_code == 0
    result = runner.invoke(app, ["validate", "licum", str(deck), "--rules", "tournoi"])
    assert result.exit_code == 1 and "LIC-DECK-TOURNOI-BANNED" in result.output
    result = runner.invoke(app, ["validate", "licum", str(deck), "--rules", "tournio"])
    assert result.exit_code == 2 and "no such format" in result.output
    assert "Traceback" not in result.output


# --- reading deck_rules strictly ---------------------------------------------------------------

def _game_with(tmp_path: Path, old: str, new: str) -> Game:
    copy = tmp_path / "decks"
    shutil.copytree(DECKS_FIXTURE, copy)
    path = copy / "cards" / "licum" / "game.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return load_game(Resources((copy,)), "licum")


@pytest.mark.parametrize(("old", "new", "message"), [
    ("          allow_field: allowed_in_jeu", "          allow_feild: allowed_in_jeu",
     "unknown field 'allow_feild' on sections item 2 of format 'base' (did you mean "
     "'allow_field'?)"),
    ("kind: impro\n          distinct", "kind: improv\n          distinct",
     "unknown kind 'improv' in rules item 1 of format 'base' (did you mean 'impro'"),
    ("count: punitions\n", "count: punition\n", "unknown count 'punition'"),
    ("max: {of: difficultes,", "max: {of: dificultes,", "unknown count 'dificultes'"),
    ("at most {max}\"\n        - id: LIC-DECK-JEU-MIN", "at most {maxi}\"\n        - id: "
     "LIC-DECK-JEU-MIN", "unknown count 'maxi'"),
    ("          min: 7\n", "          min: 7\n          max: 3\n", "min 7 is more than max 3"),
    ("default: base", "default: basic", "unknown default format 'basic'"),
    ("section: Jeu\n          accepts", "section: Jeux\n          accepts",
     "unknown section 'Jeux'"),
    ("cards: [Repêchage]", "cards: [Repechage, Nulle part]", "unknown card 'Nulle part'"),
    ("extends: base", "extends: bse", "extends an unknown format 'bse'"),
    ("    tournoi:\n", "    tour noi:\n", "format name: bad id 'tour noi'"),
    ("{card} springs '{target}'", "{card} springs '{cible}'", "unknown placeholder '{cible}'"),
    # rules that could never match (issue 27)
    ("          allow_field: allowed_in_jeu", "          allow_field: punition",
     "allow_field of sections item 2 of format 'base': 'punition' is a choice field, not a "
     "yes/no (bool) field: it could never match"),
    ("targets: springs", "targets: role", "targets of rules item 8 of format 'base': 'role' is "
                                          "a choice field, not a list field"),
    ("where: {role: entraineur}", "where: {role: entraîneur}",
     "rules item 9 of format 'base': 'entraîneur' is not a choice of 'role' (capitaine, "
     "assistant, joueur, substitut, entraineur) (did you mean 'entraineur'?)"),
    ("where: {punition: [1, 2]}", "where: {punition: [1, 3]}",
     "count 'punitions': 3 is not a choice of 'punition' (0, 1, 2)"),
])
def test_deck_rules_are_read_strictly(tmp_path: Path, old: str, new: str,
                                      message: str) -> None:
    with pytest.raises(PrintAndPlayError) as info:
        _game_with(tmp_path, old, new)
    problems = info.value.problems()
    assert any(message in p for p in problems), problems
    assert len(problems) == 1 and "cards/licum/game.yaml:" in problems[0], problems


def test_counted_deck_drops_ignored_kinds(game: Game) -> None:
    from printandplay.rules.deck import counted_deck

    deck = parse_decklist("Équipe: Rouges\n" + PREP + "2 Sifflet\n1 Mise au jeu verte\n"
                          + DECK_JEU, game)
    assert "MAJ-V" in deck.counts()
    kept = counted_deck(deck, game).counts()
    assert "MAJ-V" not in kept and kept["D1"] == 2


def test_print_deck_uses_the_rules_option(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    deck = root / "cards" / "licum" / "decks" / "verts.txt"
    result = runner.invoke(app, ["print-deck", "licum", str(deck), "--rules", "tournoi",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 1, result.output
    assert "LIC-DECK-TOURNOI-BANNED" in result.output and "--force" in result.output
    assert not list(tmp_path.iterdir())


HEADERS = """      headers:
        - field: team
          rule: LIC-DECK-TEAM
          restricts: [improvisateur]
          missing: "no team chosen: add a line such as 'Équipe: Rouges'"
          message: "{card} plays for {value}, not for the deck's team ({header})"
"""


@pytest.mark.parametrize(("named", "rule"), [("", "DECK-HEADER"),
                                             ("  header: LIC-DECK-HEADER\n", "LIC-DECK-HEADER")])
def test_a_bad_header_without_a_header_rule_has_an_id_the_game_can_name(
        tmp_path: Path, named: str, rule: str) -> None:
    """Issue 27: a format with no rule for a header reports an unknown or repeated header
    value under ``DECK-HEADER``, or the id ``deck_rules.header`` gives it (one of the
    documented built-in ids)."""
    from printandplay.model.deck_rules import BUILT_IN_RULES, DeckRuleBook

    _game_with(tmp_path, HEADERS, "")  # the base format without its `headers`
    path = tmp_path / "decks" / "cards" / "licum" / "game.yaml"
    collection = "  collection: LIC-DECK-COLLECTION\n"
    path.write_text(path.read_text(encoding="utf-8").replace(collection, collection + named, 1),
                    encoding="utf-8")
    game = load_game(Resources((tmp_path / "decks",)), "licum")
    deck = parse_decklist("Équipe: Mauves\n" + PREP + DECK_JEU, game)
    report = validate_deck(deck, game)
    assert [(v.rule, v.line) for v in report.errors] == [(rule, 1)]
    assert "unknown Équipe 'Mauves'" in report.errors[0].message
    defaults = {f.name: f.default for f in dataclasses.fields(DeckRuleBook)}
    assert all(defaults[key] == built_in for built_in, (key, _) in BUILT_IN_RULES.items())
