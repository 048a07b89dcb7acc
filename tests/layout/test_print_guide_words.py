"""The printing guide speaks the game's language (French, English, German, Spanish, Italian,
else English): an English kit's guide prints no French heading. (The tables themselves are
checked in tests/data/test_kit_words.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import FakeMetrics, kit_pages, page_text, replace_once, text_ops

from printandplay.data.kit_words import kit_words, load_words_table
from printandplay.kit.assets import load_assets
from printandplay.kit.newgame import new_game
from printandplay.layout.print_guide import GuideSection, guide_drawings
from printandplay.model.game import Size
from printandplay.model.shapes import Circle, Rectangle, RoundedRectangle
from printandplay.planning.options import BuildOptions
from printandplay.planning.planner import KitPlanner
from printandplay.project import Resources, bundled_root
from printandplay.units import MM


@pytest.mark.parametrize(("language", "expected"), [("fr", "fr"), ("fr-CA", "fr"),
                                                    ("en", "en"), ("en-GB", "en"),
                                                    ("de", "de"), ("es", "es"), ("it_IT", "it"),
                                                    ("nl", "en"), ("pt-BR", "en")])
def test_the_language_picks_the_sentences(language: str, expected: str) -> None:
    assert kit_words(language)["guide"] == load_words_table(expected)["guide"]


def _guide_text(folder: Path, language: str, **options: object) -> str:
    new_game(folder, "kit", cards=3)
    replace_once(folder / "cards/kit/game.yaml", "language: fr", f"language: {language}")
    assets = load_assets(Resources((folder, bundled_root())), "kit")
    pages = KitPlanner(assets, BuildOptions(**options)).kit_pages()  # type: ignore[arg-type]
    return page_text(pages[0])


def test_an_english_game_gets_an_english_guide(tmp_path: Path) -> None:
    text = _guide_text(tmp_path, "en")
    for heading in ("Printing and assembly", "Printer settings", "Scale", "50 mm"):
        assert heading in text, text
    for french in ("Impression et montage", "Réglages", "Échelle", "feuille"):
        assert french not in text, text
    assert "--back-offset X,Y" in text


def test_an_english_kit_explains_its_blank_pages_in_english(tmp_path: Path) -> None:
    new_game(tmp_path, "kit", cards=3)
    replace_once(tmp_path / "cards/kit/game.yaml", "language: fr", "language: en")
    assets = load_assets(Resources((tmp_path, bundled_root())), "kit")
    blanks = [page for page in KitPlanner(assets, BuildOptions()).kit_pages()
              if page.label == "blank"]
    assert blanks  # (the guide's blank verso at least)
    for page in blanks:
        text = page_text(page)
        assert "Intentionally blank" in text and "Page laissée" not in text, text


def test_an_english_guide_in_simplex_mode(tmp_path: Path) -> None:
    text = _guide_text(tmp_path, "en", simplex=True)
    assert "Single-sided" in text, text
    assert "Duplex" not in text


# --- the legend lists the lines the kit prints ------------------------------------------------


def _legend(**flags: object) -> str:
    section = GuideSection("Cartes", False, (3, 4), 1, True, **flags)  # type: ignore[arg-type]
    ops = guide_drawings(Size(210 * MM, 297 * MM), 13 * MM, 21 * MM, FakeMetrics(), "body",
                         "fr", [section], load_words_table("fr")["guide"])
    return " ".join(op.text for op in text_ops(ops))


@pytest.mark.parametrize(("flags", "shown"), [
    ({}, {"Trait de coupe"}),
    ({"shape": Rectangle()}, {"Trait de coupe"}),
    ({"shape": RoundedRectangle(3 * MM)}, {"Trait de coupe"}),  # crop marks, then a cutter
    ({"shape": Circle()}, {"Trait de coupe", "Cercle gris"}),
    ({"fold_lines": True}, {"Trait de coupe", "Pointillés sur une pièce"}),
    ({"tiled": True}, {"Trait de coupe", "Tirets au bord"}),
    ({"folded": True}, {"Trait de coupe", "Long pointillé"}),
])
def test_the_legend_shows_only_the_lines_the_kit_prints(flags: dict[str, object],
                                                        shown: set[str]) -> None:
    legend = _legend(**flags)
    for entry in ("Trait de coupe", "Cercle gris", "Pointillés sur une pièce", "Tirets au bord",
                  "Long pointillé"):
        assert (entry in legend) == (entry in shown), (entry, legend)


def test_a_legend_is_shown_once_for_several_sections_of_its_shape() -> None:
    sections = [GuideSection(title, False, (3, 4), 1, True, shape=Circle())
                for title in ("Jetons", "Pions")]
    ops = guide_drawings(Size(210 * MM, 297 * MM), 13 * MM, 21 * MM, FakeMetrics(), "body",
                         "fr", sections, load_words_table("fr")["guide"])
    assert " ".join(op.text for op in text_ops(ops)).count("Cercle gris") == 1


def test_fold_lines_come_from_boxes_marked_fold() -> None:
    def legend_of(game: str) -> str:
        pages = kit_pages(game)
        return page_text(pages[0])

    assert "Pointillés sur une pièce" in legend_of("charlie")  # its standees' fold lines
    assert "Pointillés sur une pièce" not in legend_of("limits")
    assert "Pointillés sur une pièce" not in legend_of("oups")  # its dashes are decoration
    assert "Tirets au bord" in legend_of("licum")  # the mat is tiled
    assert "Tirets au bord" not in legend_of("charlie")
