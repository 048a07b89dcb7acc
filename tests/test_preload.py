"""What ``build all`` loads before forking its workers (:func:`printandplay.kit.assets.preload_shared`):
the hyphenation dictionaries of the games' languages, found without parsing their YAML."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import copy_kit

import printandplay.text.hyphenation as hyphenation
from printandplay.kit.assets import preload_shared, stated_language
from printandplay.project import Resources


@pytest.mark.parametrize(("text", "language"), [
    ("id: g\nlanguage: fr\n", "fr"),
    ("id: g\nlanguage: en-GB   # British\nname: G\n", "en-GB"),
    ("language: 'de'\n", "de"),
    ('language: "pt_BR"\n', "pt_BR"),
    ("id: g\nname: G\n", "fr"),  # no language: the game's default
    ("id: g\n  language: en\n", None),  # not at the top level
    ("id: g\nlanguage: 'en\"\n", None),  # unbalanced quotes
    ("language: {a: 1}\n", None),  # not a plain name
    ("language: " + "x" * 21 + "\n", None),  # too long for a language
    ("description: 'language: en'\n", None),  # named elsewhere: no guess
    ("language: en\r\n", None),  # (a CRLF file: left to the build)
])
def test_the_language_a_game_states(text: str, language: str | None) -> None:
    assert stated_language(text) == language


def test_preload_loads_the_games_hyphenation_without_parsing_their_yaml(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The languages of the games are read from their ``language:`` line (each build parses
    its game.yaml anyway); a game without one is in French; an unreadable one is left to its
    build."""
    import printandplay.data.yamlio as yamlio

    work = copy_kit("limits", tmp_path, monkeypatch)
    game = work / "cards/limits/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("language: fr", "language: en"),
                    encoding="utf-8")
    resources = Resources.discover(cwd=work)
    asked: list[str] = []
    monkeypatch.setattr(hyphenation, "hyphenator_for", lambda language: asked.append(language))
    parsed: list[str] = []
    parse = yamlio.parse_yaml

    def parse_yaml(text: str, path: Path | str) -> object:
        parsed.append(Path(path).name)
        return parse(text, path)

    monkeypatch.setattr(yamlio, "parse_yaml", parse_yaml)
    preload_shared(resources, ["limits", "no-such-game"])
    assert asked == ["en"]
    assert "game.yaml" not in parsed  # (fonts.yaml may be: it is read once per process)


def test_preload_reads_no_game_file_outside_the_game(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A game.yaml that is a symlink out of the game's folder is not read before the fork
    (its build refuses it with its location)."""
    outside = tmp_path / "ailleurs.yaml"
    outside.write_text("language: de\n", encoding="utf-8")
    work = copy_kit("limits", tmp_path, monkeypatch)
    game = work / "cards/limits/game.yaml"
    game.unlink()
    game.symlink_to(outside)
    asked: list[str] = []
    monkeypatch.setattr(hyphenation, "hyphenator_for", lambda language: asked.append(language))
    preload_shared(Resources.discover(cwd=work), ["limits"])
    assert asked == []
