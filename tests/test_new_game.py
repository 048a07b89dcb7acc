"""``printandplay new``: a game that builds at once, in French or in another language (``--language``)
with no French left, never overwriting."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pdfium_text import pdfium_page_texts
from pypdf import PdfReader
from typer.testing import CliRunner

from printandplay.cli import app
from printandplay.data.kit_words import load_words_table
from printandplay.kit.newgame import NEW_LANGUAGES, load_scaffold_words

runner = CliRunner()


def test_new_game_builds_at_once(workdir: Path) -> None:
    result = runner.invoke(app, ["new", "monjeu", "--cards", "14"])
    assert result.exit_code == 0, result.output
    for path in ("cards/monjeu/game.yaml", "cards/monjeu/cartes.yaml",
                 "templates/monjeu/layouts.yaml", "templates/monjeu/regles.md.j2"):
        assert (workdir / path).is_file(), path
        assert path in result.output
    layouts = (workdir / "templates/monjeu/layouts.yaml").read_text(encoding="utf-8")
    assert "carte-recto" in layouts and "carte-verso" in layouts
    cards = runner.invoke(app, ["cards", "monjeu", "--format", "json"])
    assert cards.exit_code == 0, cards.output
    assert cards.output.count('"id"') == 14
    assert "Renard rusé" in cards.output  # French sample content
    assert runner.invoke(app, ["check", "monjeu"]).exit_code == 0
    built = runner.invoke(app, ["build", "monjeu"])
    assert built.exit_code == 0, built.output
    pdf = workdir / "build/monjeu/monjeu-a4.pdf"
    rules = [number for number, label in enumerate(PdfReader(pdf).page_labels)
             if label.startswith("Règles")]
    text = "\n".join(pdfium_page_texts(pdf, rules))  # the rules' pages
    assert "Déroulement" in text
    # the sample cards use stock icons: the rules credit their authors
    assert "Lorc" in text and "Delapouite" in text and "CC BY 3.0" in text


@pytest.mark.parametrize("size", ["tarot", "mini", "square-50"])
def test_new_game_builds_at_other_sizes(workdir: Path, size: str) -> None:
    assert runner.invoke(app, ["new", "jeu", "--size", size, "--cards", "3"]).exit_code == 0
    game = (workdir / "cards/jeu/game.yaml").read_text(encoding="utf-8")
    assert f"size: {size}" in game
    result = runner.invoke(app, ["build", "jeu"])
    assert result.exit_code == 0, result.output


def test_new_refuses_to_overwrite(workdir: Path) -> None:
    assert runner.invoke(app, ["new", "monjeu"]).exit_code == 0
    edited = workdir / "cards/monjeu/cartes.yaml"
    edited.write_text("kind: carte\ncards: []\n", encoding="utf-8")
    result = runner.invoke(app, ["new", "monjeu"])
    assert result.exit_code == 2
    assert "already exists" in result.output and "Traceback" not in result.output
    assert edited.read_text(encoding="utf-8") == "kind: carte\ncards: []\n"


@pytest.mark.parametrize("args, message", [
    (["new", "charlie"], "already exists"),  # a bundled game
    (["new", "Mon Jeu"], "bad game id"),
    (["new", "all"], "bad game id"),
    (["new", "jeu", "--size", "token-19"], "--size token-19"),
    (["new", "jeu", "--size", "pokker"], "--size pokker"),
    (["new", "jeu", "--cards", "0"], "--cards 0"),
])
def test_new_rejects_bad_options(workdir: Path, args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert not (workdir / "cards").exists() or not any((workdir / "cards").iterdir())


def test_new_leaves_nothing_behind_when_a_folder_exists(workdir: Path) -> None:
    (workdir / "templates/monjeu").mkdir(parents=True)
    assert runner.invoke(app, ["new", "monjeu"]).exit_code == 2
    assert not (workdir / "cards/monjeu").exists()
    assert [p.name for p in (workdir / "templates").iterdir()] == ["monjeu"]


# --- new --language ---------------------------------------------------------------------------


def _shape(value: object) -> object:
    """The keys of a language file, and the length of its lists."""
    if isinstance(value, dict):
        return {key: _shape(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_shape(item) for item in value]
    return type(value).__name__


@pytest.mark.parametrize("language", NEW_LANGUAGES)
def test_every_scaffold_language_has_the_same_keys(language: str) -> None:
    words, french = load_scaffold_words(language), load_scaffold_words("fr")
    assert set(words) == set(french)
    assert set(words["texts"]) == set(french["texts"]) and set(words["ids"]) == set(french["ids"])
    assert len(words["cards"]) == len(french["cards"])
    assert all("name" in card for card in words["cards"])


def _french_words() -> set[str]:
    """Phrases of the French kit tables and of the French sample game, none in other games."""
    scaffold = load_scaffold_words("fr")
    texts = [*scaffold["texts"].values(), *(c["name"] for c in scaffold["cards"]),
             *(c.get("effect", "") for c in scaffold["cards"]),
             *(t for group in load_words_table("fr").values() for t in group.values())]
    found = set()
    for text in texts:
        for part in re.split(r"\{\{.*?\}\}|\{\w*\}|\*\*|[:;()>]", text):
            part = part.strip(" ,.")
            if len(part) >= 6 and " " in part or (len(part) >= 7 and not part.isascii()):
                found.add(part)
    return {part for part in found if "--" not in part} - {"CC BY 3.0", "Creative Commons BY 3.0"}


@pytest.mark.parametrize("language", ["en", "de", "es", "it"])
def test_a_new_game_in_another_language_prints_no_french(workdir: Path, language: str) -> None:
    result = runner.invoke(app, ["new", "jeu", "--language", language])
    assert result.exit_code == 0, result.output
    words = load_scaffold_words(language)
    assert f"cards/jeu/{words['files']['cards']}.yaml" in result.output
    assert f"templates/jeu/{words['files']['rules']}.md.j2" in result.output
    built = runner.invoke(app, ["build", "jeu"])
    assert built.exit_code == 0, built.output
    pdf = workdir / "build/jeu/jeu-a4.pdf"
    text = " ".join(" ".join(pdfium_page_texts(pdf, range(len(PdfReader(pdf).pages)))).split())
    assert words["cards"][0]["name"] in text and words["texts"]["goal_title"] in text
    assert load_words_table(language)["guide"]["title"] in text
    french = sorted(word for word in _french_words() if word in text)
    assert not french, french


def test_new_refuses_a_language_without_samples(workdir: Path) -> None:
    result = runner.invoke(app, ["new", "jeu", "--language", "nl"])
    assert result.exit_code == 2
    assert "--language nl: choose one of fr, en, de, es, it" in result.output


@pytest.mark.parametrize(("template", "example", "kinds"), [
    ("tiles", "tuiles", ("tuile", "jeton")),
    ("board", "plateau", ("plateau", "piste")),
    ("dice", "des", ("de", "pastille")),
])
def test_new_game_from_an_example(workdir: Path, template: str, example: str,
                                  kinds: tuple[str, ...]) -> None:
    result = runner.invoke(app, ["new", "piece", "--template", template])
    assert result.exit_code == 0, result.output
    game = (workdir / "cards/piece/game.yaml").read_text(encoding="utf-8")
    assert 'name: "Piece"' in game and "printandplay build piece" in game
    for kind in kinds:
        assert f"  {kind}:\n" in game
    examples = Path(__file__).resolve().parent.parent / "examples"
    copied = sorted(p.relative_to(workdir / "templates/piece")
                    for p in (workdir / "templates/piece").rglob("*"))
    assert copied == sorted(p.relative_to(examples / "templates" / example)
                            for p in (examples / "templates" / example).rglob("*"))
    built = runner.invoke(app, ["build", "piece"])
    assert built.exit_code == 0, built.output


def test_new_refuses_an_unknown_template(workdir: Path) -> None:
    result = runner.invoke(app, ["new", "jeu", "--template", "cartes"])
    assert result.exit_code == 2
    assert "--template cartes: choose one of cards, tiles, board, dice" in result.output
    assert not (workdir / "cards").exists()
