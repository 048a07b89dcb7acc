"""The kit's fixed words: one table per language (printandplay/words/*.yaml) with the same keys
and placeholders, chosen by the game's ``language:``, changed by its ``words:``; no printed
fixed word left in the code."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from helpers import replace_once

from printandplay.data.kit_words import (
    FILE_WORD,
    LANGUAGES,
    WORDS_DIR,
    game_words,
    kit_words,
    load_words_table,
    placeholders,
    table_language,
)
from printandplay.errors import DataError
from printandplay.kit.assets import load_assets
from printandplay.kit.newgame import new_game
from printandplay.project import Resources, bundled_root

PACKAGE = Path(__file__).resolve().parents[2] / "printandplay"
ENGLISH = load_words_table("en")


def _keys(table: dict[str, dict[str, str]]) -> set[tuple[str, str]]:
    return {(group, key) for group, texts in table.items() for key in texts}


def test_every_language_ships_a_table() -> None:
    assert sorted(path.stem for path in WORDS_DIR.glob("*.yaml")) == sorted(LANGUAGES)
    assert {"fr", "en", "de", "es", "it"} <= set(LANGUAGES)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_key_exists_in_every_language(language: str) -> None:
    table = load_words_table(language)
    assert _keys(table) == _keys(ENGLISH), _keys(table) ^ _keys(ENGLISH)
    for group, texts in table.items():
        for key, text in texts.items():
            assert text.strip(), f"{language}: {group}.{key} is empty"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_language_fills_the_same_placeholders(language: str) -> None:
    table = load_words_table(language)
    for group, texts in ENGLISH.items():
        for key, text in texts.items():
            assert placeholders(table[group][key]) == placeholders(text), (language, group, key)


@pytest.mark.parametrize("language", LANGUAGES)
def test_file_words_are_safe_in_file_names(language: str) -> None:
    files = load_words_table(language)["files"]
    assert all(FILE_WORD.fullmatch(word) for word in files.values()), files
    assert files["front"] != files["back"]


@pytest.mark.parametrize(("language", "table"), [
    ("fr", "fr"), ("fr-BE", "fr"), ("de_CH", "de"), ("es", "es"), ("it", "it"), ("en-US", "en"),
    ("nl", "en"), ("ja", "en")])
def test_a_language_without_a_table_falls_back_to_english(language: str, table: str) -> None:
    assert table_language(language) == table


# --- no printed fixed word outside the tables --------------------------------------------------


def _fragments(text: str) -> set[str]:
    """The literal parts of a table text, between its placeholders, without markup."""
    parts = (part.replace("**", "").strip(" :;,.()") for part in re.split(r"\{\w*\}", text))
    return {part for part in parts if len(part) >= 4}


FRAGMENTS = {fragment for language in LANGUAGES for texts in load_words_table(language).values()
             for text in texts.values() for fragment in _fragments(text)}
PHRASES = {fragment for fragment in FRAGMENTS if " " in fragment}
# single printed words (capitalised or accented: "Crédits"); lower-case ASCII words such as
# "recto", "back" or "long" are also the program's own identifiers
WORDS = {fragment for fragment in FRAGMENTS - PHRASES
         if not fragment.isupper() and (fragment[0].isupper() or not fragment.isascii())}


def _code_strings(path: Path) -> list[tuple[int, str]]:
    """The string constants of a module, docstrings left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                       ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docstrings]


def _hard_coded(text: str) -> list[str]:
    return sorted({p for p in PHRASES if p in text} | {w for w in WORDS if w == text.strip()})


def test_the_scan_finds_a_hard_coded_word() -> None:
    assert _hard_coded("Page laissée blanche pour garder le recto verso aligné — ok")
    assert _hard_coded("Crédits") and _hard_coded("Credits")
    assert _hard_coded("‹ - -  pliez ici")
    assert not _hard_coded("recto") and not _hard_coded("long")


def test_no_printed_fixed_word_is_hard_coded_in_the_code() -> None:
    found = [f"{path.relative_to(PACKAGE)}:{line}: {_hard_coded(text)}"
             for path in sorted(PACKAGE.rglob("*.py"))
             for line, text in _code_strings(path) if _hard_coded(text)]
    assert not found, "\n".join(found)


def test_the_bundled_credits_template_takes_its_words_from_the_tables() -> None:
    source = (PACKAGE / "game_icons" / "credits.md.j2").read_text(encoding="utf-8")
    assert not _hard_coded(source), _hard_coded(source)
    assert "words." in source


# --- a game's own words ------------------------------------------------------------------------


def _game(tmp_path: Path, words: str, language: str = "fr") -> Path:
    new_game(tmp_path, "kit", cards=3)
    game_file = tmp_path / "cards/kit/game.yaml"
    replace_once(game_file, "language: fr", f"language: {language}\n{words}")
    return game_file


def test_a_game_overrides_some_words(tmp_path: Path) -> None:
    _game(tmp_path, "words:\n  guide: {title: Avant de jouer}\n  sheet: {blank_note: Vide}\n")
    game = load_assets(Resources((tmp_path, bundled_root())), "kit").game
    words = game_words(game)
    assert words["guide"]["title"] == "Avant de jouer"
    assert words["sheet"]["blank_note"] == "Vide"
    assert words["guide"]["settings"] == load_words_table("fr")["guide"]["settings"]
    assert kit_words("fr")["guide"]["title"] == "Impression et montage"  # the table unchanged


@pytest.mark.parametrize(("words", "line", "message"), [
    ("words:\n  gide: {title: X}\n", 3, "unknown group 'gide' in words (did you mean 'guide'?)"),
    ("words:\n  guide:\n    titel: X\n", 4, "unknown key 'titel' in words.guide (did you mean "
                                             "'title'?)"),
    ("words:\n  guide:\n    deck: 'Le deck {name}'\n", 4,
     "words.guide.deck: unknown placeholder {name} (this text has {cards}, {deck}"),
    ("words:\n  guide:\n    deck: 'Le deck {deck.__class__}'\n", 4, "unknown placeholder"),
    ("words:\n  guide:\n    deck: 'Le deck {deck:>99999}'\n", 4, "unknown placeholder {deck}"),
    ("words:\n  guide:\n    deck: 'Le deck {'\n", 4, "words.guide.deck: Single '{'"),
    ("words:\n  files:\n    front: ../x\n", 4, "words.files.front: '../x' is part of file names"),
    ("words:\n  files: {front: verso}\n", 3, "front and back are both 'verso'"),
    ("words:\n  guide: [title]\n", 3, "words.guide: expected a mapping of texts, got a list"),
    ("words:\n  guide:\n    title: 3\n", 4, "words.guide.title: expected text, got an integer"),
    ("words: [1]\n", 2, "field 'words': expected a mapping of groups"),
])
def test_bad_words_are_errors_at_their_line(tmp_path: Path, words: str, line: int,
                                            message: str) -> None:
    _game(tmp_path, words)
    with pytest.raises(DataError) as caught:
        load_assets(Resources((tmp_path, bundled_root())), "kit")
    assert f"cards/kit/game.yaml:{line + 4}: " in str(caught.value)  # words: on line 6
    assert message in str(caught.value), str(caught.value)


def test_a_text_without_placeholders_keeps_its_braces(tmp_path: Path) -> None:
    _game(tmp_path, "words:\n  guide: {title: 'Règles {avancées}'}\n")
    game = load_assets(Resources((tmp_path, bundled_root())), "kit").game
    assert game_words(game)["guide"]["title"] == "Règles {avancées}"


def test_placeholders_are_field_names() -> None:
    assert placeholders("{a} et {b}, {{c}}") == {"a", "b"}
