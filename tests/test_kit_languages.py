"""A kit speaks its game's language from the first page to the file names: guide, sheet
labels, blank-page notes, fold legend, page labels, credits, print-shop files and the
calibration sheet, in French, English, German, Spanish and Italian, with no French left in a
kit of another language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import page_text, replace_once
from pypdf import PdfReader
from typer.testing import CliRunner

from printandplay.cli import app
from printandplay.data.kit_words import game_words, load_words_table
from printandplay.export.print_shop import export_print_shop
from printandplay.kit.assets import load_assets
from printandplay.kit.build import page_label
from printandplay.kit.newgame import new_game
from printandplay.planning.options import BuildOptions
from printandplay.planning.planner import KitPlanner
from printandplay.project import Resources, bundled_root

OTHERS = ("en", "de", "es", "it")
FRENCH = load_words_table("fr")


def _kit(folder: Path, language: str) -> Resources:
    new_game(folder, "kit", cards=3)
    replace_once(folder / "cards/kit/game.yaml", "language: fr", f"language: {language}")
    # the sample rules print the credits themselves: without them the kit adds its own
    rules = folder / "templates/kit/regles.md.j2"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text[:text.index("{% if icon_credits %}")], encoding="utf-8")
    return Resources((folder, bundled_root()))


def _french_only(language: str) -> set[str]:
    """The French table's phrases that the other language's table does not share."""
    other = load_words_table(language)
    found = set()
    for group, texts in FRENCH.items():
        for key, text in texts.items():
            if text == other[group][key]:
                continue
            for part in re.split(r"\{\w*\}|\*\*", text):
                part = part.strip(" :;,.()")
                if " " in part and len(part) >= 8:
                    found.add(part)
    return found


@pytest.mark.parametrize("language", OTHERS)
@pytest.mark.parametrize("mode", [{}, {"fold": True}, {"simplex": True}])
def test_a_kit_in_another_language_prints_no_french_word_of_its_own(
        tmp_path: Path, language: str, mode: dict[str, bool]) -> None:
    assets = load_assets(_kit(tmp_path, language), "kit")
    words = load_words_table(language)
    pages = KitPlanner(assets, BuildOptions(**mode)).kit_pages()  # type: ignore[arg-type]
    text = " ".join(page_text(page) for page in pages)
    assert words["guide"]["title"] in text
    assert words["credits"]["icons_title"] in text  # (added at the end of the rules)
    assert f"{words['sheet']['sheet']} 1/1" in text  # the sheet's label
    if mode.get("fold"):
        assert words["fold_legend"]["long"].split()[-1] in text
    elif not mode:  # duplex: the guide's back is blank, with its note
        assert words["sheet"]["blank_note"].split(",")[0] in text
    french = sorted(phrase for phrase in _french_only(language) if phrase in text)
    assert not french, french
    labels = [page_label(page, game_words(assets.game)) for page in pages]
    assert not any(re.search(r"\b(recto|verso|feuille)\b", label) for label in labels), labels


@pytest.mark.parametrize("language", ["fr", *OTHERS])
def test_print_shop_files_are_named_in_the_game_language(tmp_path: Path, language: str) -> None:
    resources = _kit(tmp_path / "game", language)
    export_print_shop(resources, "kit", tmp_path / "shop", BuildOptions())
    files = load_words_table(language)["files"]
    names = sorted(path.name for path in (tmp_path / "shop").glob("*.pdf"))
    assert f"KIT-01-{files['front']}.pdf" in names, names
    assert f"{files['back']}-carte-verso.pdf" in names, names  # one back for every card


def test_calibrate_in_german(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["calibrate", "--language", "de", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    text = PdfReader(tmp_path / "calibration-a4.pdf").pages[0].extract_text()
    assert "Kalibrierung" in text and "SPIEL" in text and "Calibrage" not in text


def test_calibrate_refuses_a_language_that_is_not_a_code(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["calibrate", "--language", "fr; x", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "--language 'fr; x': give a language code" in result.output
