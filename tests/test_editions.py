"""Bilingual games: texts written ``field@language`` (YAML keys, spreadsheet columns, game and
kit section texts) and ``build GAME --language en`` printing them, the untranslated ones
listed by ``check --language``; deck lists in either language validate against the same
cards."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from small_games import add_small_game, read_lands_from
from typer.testing import CliRunner

from printandplay.cli import app
from printandplay.data.game_loader import load_game
from printandplay.errors import DataError
from printandplay.project import Resources, bundled_root

runner = CliRunner()
ENGLISH = {"Volcan": "Volcano", "Lagon": "Lagoon", "Cime": "Summit", "Falaise": "Cliff",
           "Dragon de braise": "Ember Dragon", "Salamandre": "Salamander", "Ondine": "Undine",
           "Loup des brumes": "Mist Wolf", "Faucon messager": "Messenger Hawk",
           "Sylphe": "Sylph", "Golem de granit": "Granite Golem", "Boule de feu": "Fireball",
           "Vague de fond": "Groundswell", "Bourrasque": "Gust", "Contresort": "Counterspell",
           "Pluie de comètes": "Comet Rain", "Grimoire infini": "Endless Grimoire"}
DECK = ("Deck\n5 {Volcan}\n5 {Lagon}\n5 {Cime}\n5 {Falaise}\n2 CR-DRAGON-1\n2 CR-DRAGON-2\n"
        "4 {Salamandre}\n4 {Ondine}\n4 {Loup des brumes}\n4 {Faucon messager}\n4 {Sylphe}\n"
        "4 {Golem de granit}\n4 {Boule de feu}\n4 {Vague de fond}\n3 {Bourrasque}\n"
        "1 {Grimoire infini}\n")


def _bilingual(root: Path) -> Path:
    """Arcanes with an English name on every card, the game's name and the kit's title in
    English, and rules in two templates (``document@en``)."""
    game_file = add_small_game(root, "duo")
    folder = game_file.parent
    for path in folder.glob("*.yaml"):
        if path.name == "game.yaml":
            continue
        text = path.read_text(encoding="utf-8")
        text = re.sub(r"name: ([^,}]+),",
                      lambda m: f"name: {m[1]}, name@en: {ENGLISH[m[1].strip()]},", text)
        path.write_text(text, encoding="utf-8")
    text = game_file.read_text(encoding="utf-8")
    text = text.replace("name: Arcanes (test)\n", "name: Arcanes (test)\nname@en: Arcana\n")
    for french, english in (("Terre", "Land"), ("Créature", "Creature"),
                            ("Sortilège", "Spell")):
        text = text.replace(f"    label: {french}\n",
                            f"    label: {french}\n    label@en: {english}\n", 1)
    text = text.replace("kit:\n  - sheet: [terre, creature, sortilege]\n    title: Cartes\n",
                        "kit:\n  - document: regles.md.j2\n    document@en: rules.md.j2\n"
                        "    title: Règles\n    title@en: Rules\n"
                        "  - sheet: [terre, creature, sortilege]\n    title: Cartes\n"
                        "    title@en: Cards\n")
    game_file.write_text(text, encoding="utf-8")
    templates = root / "templates" / "duo"
    (templates / "regles.md.j2").write_text("# Règles du jeu\n\nBonne partie !\n",
                                            encoding="utf-8")
    (templates / "rules.md.j2").write_text("# Rules of play\n\nHave fun "
                                           "({{ game.language }}).\n", encoding="utf-8")
    return game_file


@pytest.fixture
def bilingual(workdir: Path) -> Path:
    """The current folder holding the bilingual game ``duo`` (:func:`_bilingual`)."""
    _bilingual(workdir)
    return workdir


def _text(pdf: Path) -> str:
    return " ".join(" ".join(page.extract_text() for page in PdfReader(pdf).pages).split())


def test_both_editions_build(bilingual: Path) -> None:
    base = runner.invoke(app, ["build", "duo"])
    assert base.exit_code == 0, base.output
    english = runner.invoke(app, ["build", "duo", "--language", "en"])
    assert english.exit_code == 0, english.output
    assert "warning" not in english.output  # every text has its English version
    french_text = _text(bilingual / "build/duo/duo-a4.pdf")
    english_text = _text(bilingual / "build/duo/duo-en-a4.pdf")
    assert "Ember Dragon" in english_text and "Dragon de braise" not in english_text
    assert "Dragon de braise" in french_text and "Ember Dragon" not in french_text
    assert "Rules of play" in english_text and "Have fun (en)" in english_text
    assert "Règles du jeu" in french_text
    assert "Printing and assembly" in english_text and "Impression et montage" in french_text
    assert "Arcana" in english_text
    pdf: Any = PdfReader(bilingual / "build/duo/duo-en-a4.pdf")
    labels = pdf.page_labels
    assert any(label.startswith("Cards 1/") for label in labels), labels
    assert pdf.trailer["/Root"]["/Lang"] == "en"  # the language readers are told
    french_pdf: Any = PdfReader(bilingual / "build/duo/duo-a4.pdf")
    assert french_pdf.trailer["/Root"]["/Lang"] == "fr"


def test_kind_labels_are_translated(bilingual: Path) -> None:
    """label@en of a kind is the English edition's label (games, TTS deck names, serve's
    gallery read it); a kind left without one is listed as untranslated."""
    english = load_game(Resources((bilingual,)), "duo", "en")
    assert [k.label for k in english.kinds.values()] == ["Land", "Creature", "Spell"]
    french = load_game(Resources((bilingual,)), "duo")
    assert [k.label for k in french.kinds.values()] == ["Terre", "Créature", "Sortilège"]
    assert not english.untranslated
    game_file = bilingual / "cards/duo/game.yaml"
    game_file.write_text(game_file.read_text(encoding="utf-8").replace(
        "    label@en: Spell\n", ""), encoding="utf-8")
    checked = runner.invoke(app, ["check", "duo", "--language", "en"])
    assert checked.exit_code == 1
    assert re.search(r"untranslated: cards/duo/game\.yaml:\d+: kind 'sortilege' has no "
                     r"label@en", checked.output), checked.output


def test_field_labels_are_translated(bilingual: Path) -> None:
    """label@en of a field is its label in the English edition (serve's filters read it); a
    labelled field left without one is listed as untranslated once another field has one."""
    game_file = bilingual / "cards/duo/game.yaml"
    text = game_file.read_text(encoding="utf-8")
    text = text.replace("      cout: {type: int}\n",
                        "      cout: {type: int, label: Coût, label@en: Cost}\n", 1)
    text = text.replace("      force: {type: int}\n", "      force: {type: int, label: Force}\n")
    game_file.write_text(text, encoding="utf-8")
    english = load_game(Resources((bilingual,)), "duo", "en")
    french = load_game(Resources((bilingual,)), "duo")
    assert [f.shown for f in english.kinds["creature"].fields] == ["ecole", "Cost", "Force"]
    assert [f.shown for f in french.kinds["creature"].fields] == ["ecole", "Coût", "Force"]
    assert english.untranslated == (
        f"{english.kinds['creature'].location}: field 'force' of kind 'creature' has no "
        "label@en",)


def test_untranslated_texts_are_printed_listed_and_checked(bilingual: Path) -> None:
    cards = bilingual / "cards/duo/creatures.yaml"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace(" name@en: Sylph,", ""), encoding="utf-8")
    built = runner.invoke(app, ["build", "duo", "--language", "en"])
    assert built.exit_code == 0, built.output
    assert ("warning: 1 text with no 'en' version, printed as written "
            "(cards/duo/creatures.yaml:") in built.output
    assert "creature 'CR-SYLPHE' has no name@en" in built.output
    assert "Sylphe" in _text(bilingual / "build/duo/duo-en-a4.pdf")  # the base text
    checked = runner.invoke(app, ["check", "duo", "--language", "en"])
    assert checked.exit_code == 1, checked.output
    assert re.search(r"✗ untranslated: cards/duo/creatures\.yaml:\d+: creature 'CR-SYLPHE' "
                     r"has no name@en", checked.output), checked.output
    assert runner.invoke(app, ["check", "duo"]).exit_code == 0  # the base edition is whole


def test_check_says_when_every_text_is_translated(bilingual: Path) -> None:
    checked = runner.invoke(app, ["check", "duo", "--language", "en"])
    assert checked.exit_code == 0, checked.output
    assert "every text has its en version" in checked.output


def test_a_language_the_game_has_no_text_in_is_refused(bilingual: Path) -> None:
    result = runner.invoke(app, ["build", "duo", "--language", "de"])
    assert result.exit_code == 2
    assert "--language de: game 'duo' has no text in 'de'" in result.output
    assert "other editions: en" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("names", [ENGLISH, {name: name for name in ENGLISH}])
def test_deck_lists_in_either_language_validate(bilingual: Path, names: dict[str, str]) -> None:
    deck = bilingual / "deck.txt"
    deck.write_text(DECK.format(**names), encoding="utf-8")
    for edition in ([], ["--language", "en"]):
        result = runner.invoke(app, ["print-deck", "duo", str(deck), *edition])
        assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["validate", "duo", str(deck)])
    assert result.exit_code == 0, result.output
    assert "valid" in result.output


def test_a_banned_card_is_found_by_its_english_name(bilingual: Path) -> None:
    deck = bilingual / "deck.txt"
    deck.write_text(DECK.format(**ENGLISH).replace("3 Gust", "2 Gust\n1 Comet Rain"),
                    encoding="utf-8")
    result = runner.invoke(app, ["validate", "duo", str(deck)])
    assert result.exit_code == 1, result.output
    assert "ARC-BANNIE" in result.output
    assert "Pluie de comètes" in result.output and "Comet Rain" not in result.output
    english = runner.invoke(app, ["validate", "duo", str(deck), "--language", "en"])
    assert english.exit_code == 1, english.output
    assert "ARC-BANNIE" in english.output
    assert "Comet Rain" in english.output and "Pluie de comètes" not in english.output


def test_cards_lists_an_edition(bilingual: Path) -> None:
    """cards --language en lists the English names (and kinds' labels stay ids: type)."""
    listed = runner.invoke(app, ["cards", "duo", "--language", "en", "--format", "json"])
    assert listed.exit_code == 0, listed.output
    names = {record["name"] for record in json.loads(listed.output)}
    assert names == set(ENGLISH.values())
    base = runner.invoke(app, ["cards", "duo", "--format", "json"])
    assert {record["name"] for record in json.loads(base.output)} == set(ENGLISH)
    refused = runner.invoke(app, ["cards", "duo", "--language", "de"])
    assert refused.exit_code == 2 and "has no text in 'de'" in refused.output


@pytest.mark.parametrize(("line", "message"), [
    ("  - {id: X, name: X, nam@en: Y, ecole: feu}",
     "'nam@en': only name may be translated (did you mean 'name'?) on terre 'X'"),
    ("  - {id: X, name: X, ecole@en: fire, ecole: feu}", "'ecole@en': only name may be"),
    ("  - {id: X, name: X, name@: Y, ecole: feu}", "'name@': a text in another language is "
                                                   "written FIELD@LANGUAGE"),
    ("  - {id: X, name: X, name@en: [Y], ecole: feu}", "field 'name@en' on terre 'X': expected text, got a list"),
])
def test_bad_translations_are_errors_at_their_line(tmp_path: Path, line: str,
                                                   message: str) -> None:
    game_file = add_small_game(tmp_path, "duo")
    terres = game_file.parent / "terres.yaml"
    terres.write_text(terres.read_text(encoding="utf-8") + line + "\n", encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_game(Resources((tmp_path, bundled_root())), "duo")
    assert "cards/duo/terres.yaml:8: " in str(caught.value)
    assert message in str(caught.value), str(caught.value)


def test_spreadsheet_columns_carry_translations(tmp_path: Path) -> None:
    game_file = add_small_game(tmp_path, "duo")
    (game_file.parent / "terres.csv").write_text(
        "id,name,name@en,ecole\nT-VOLCAN,Volcan,Volcano,feu\nT-CIME,Cime,,air\n",
        encoding="utf-8")
    read_lands_from(game_file, "{file: terres.csv, kind: terre}")
    resources = Resources((tmp_path, bundled_root()))
    game = load_game(resources, "duo", "en")
    names = {c.id: c.name for c in game.components if c.kind == "terre"}
    assert names == {"T-VOLCAN": "Volcano", "T-CIME": "Cime"}
    assert game.untranslated == ("cards/duo/terres.csv:3: terre 'T-CIME' has no name@en",)
    assert {c.id: c.name for c in load_game(resources, "duo").components
            if c.kind == "terre"} == {"T-VOLCAN": "Volcan", "T-CIME": "Cime"}


def test_a_spreadsheet_column_of_an_untranslatable_field_is_refused(tmp_path: Path) -> None:
    game_file = add_small_game(tmp_path, "duo")
    (game_file.parent / "terres.csv").write_text("id,name,ecole@en,ecole\nT-V,Volcan,x,feu\n",
                                                 encoding="utf-8")
    read_lands_from(game_file, "{file: terres.csv, kind: terre}")
    with pytest.raises(DataError) as caught:
        load_game(Resources((tmp_path, bundled_root())), "duo")
    assert "cards/duo/terres.csv:1:3: 'ecole@en': only name may be translated" in str(
        caught.value)


def test_an_edition_prints_its_own_table_not_the_games_words(bilingual: Path) -> None:
    game_file = bilingual / "cards/duo/game.yaml"
    text = game_file.read_text(encoding="utf-8")
    game_file.write_text(text + "words:\n  guide: {title: Avant de jouer}\n", encoding="utf-8")
    resources = Resources((bilingual, bundled_root()))
    assert load_game(resources, "duo").words == {"guide": {"title": "Avant de jouer"}}
    assert load_game(resources, "duo", "en").words == {}
