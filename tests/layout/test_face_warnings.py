"""Inline-icon lookalikes (``:Name:``, ``:grande épée:``) print as text: a build warns about
each, naming the card and box, and still succeeds; the CLI prints ``warning: …`` on stderr."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from cli_runner import CliRunner

from printandplay.cli import app
from printandplay.layout.face import FaceComposer


def warnings_for(text: str) -> list[str]:
    composer = FaceComposer.__new__(FaceComposer)
    composer.warnings = []
    composer._check_icon_names(text, "cards/x.yaml:3: carte 'x', box 'texte'")
    return composer.warnings


@pytest.mark.parametrize(("text", "name"), [
    ("Défaussez une :Amulette: pour rejouer.", "Amulette"),
    ("Gagnez :grande etoile: et rejouez.", "grande etoile"),
    ("Posez :Épée: ici", "Épée"),
    ("**Gras** :EPEE_2: fin", "EPEE_2"),
])
def test_lookalikes_are_reported(text: str, name: str) -> None:
    (warning,) = warnings_for(text)
    assert warning.startswith(f"cards/x.yaml:3: carte 'x', box 'texte': ':{name}:' is printed "
                              "as text, not as an icon")


@pytest.mark.parametrize("text", [
    "Défaussez une :amulette: pour rejouer.",  # a real icon
    "Effet : piochez deux cartes : gardez-en une.",  # French colons with spaces
    "À 10:30: la partie commence",
    "Un deux-points échappé \\:Amulette: reste du texte",
    "Score :Total",
])
def test_ordinary_text_gives_no_warning(text: str) -> None:
    assert warnings_for(text) == []


def test_the_same_warning_is_given_once() -> None:
    assert len(warnings_for(":Amulette: et :Amulette:")) == 1


def test_build_prints_warnings_and_succeeds(repo_root: Path, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    work = tmp_path / "work"
    for folder in ("cards", "templates"):
        shutil.copytree(repo_root / folder / "charlie", work / folder / "charlie")
    tiles = work / "cards" / "charlie" / "tuiles.yaml"
    tiles.write_text(tiles.read_text("utf-8").replace(
        "Réveille-toi, Charlie", "Réveille-toi :Amulette:, Charlie"), "utf-8")
    monkeypatch.chdir(work)
    result = CliRunner().invoke(app, ["build", "charlie", "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "charlie-a4.pdf").is_file()
    assert ("warning: cards/charlie/tuiles.yaml:8: tuile 'CHA-DEPART' (front), box 'accroche' "
            "(templates/charlie/layouts.yaml:39): ':Amulette:' is printed as text"
            in result.stderr)
    assert "warning:" not in result.stdout


def test_print_deck_prints_warnings_too(repo_root: Path, tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    work = tmp_path / "work"
    for folder in ("cards", "templates"):
        shutil.copytree(repo_root / folder / "licum", work / folder / "licum")
    cards = work / "cards" / "licum" / "bleus.yaml"
    cards.write_text(cards.read_text("utf-8").replace(
        "Tant que Rosalie est dans une Impro", "Tant que Rosalie :Chante Fort: est dans une Impro"),
        "utf-8")
    monkeypatch.chdir(work)
    deck = work / "cards" / "licum" / "decks" / "bleus.txt"
    result = CliRunner().invoke(app, ["print-deck", "licum", str(deck), "--out",
                                      str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert "':Chante Fort:' is printed as text, not as an icon" in result.stderr
    assert "improvisateur 'LIC-IMP-BLEUS-ROSALIE-GAUDET'" in result.stderr
