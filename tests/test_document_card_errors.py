"""An error in a card's text printed by a document names the card and the field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from cli_runner import CliRunner

from printandplay.cli import app
from printandplay.planning.documents import CardTexts


def test_bad_icon_in_a_card_text_of_the_rules_names_card_and_field(
        repo_root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(repo_root / "cards" / "sorciers", tmp_path / "cards" / "sorciers")
    mages = tmp_path / "cards" / "sorciers" / "mage.yaml"
    lines = mages.read_text(encoding="utf-8").splitlines(keepends=True)
    assert lines[11].strip() == "pouvoir: >-"
    lines[12] = lines[12].rstrip("\n") + " :icone-inconnue:\n"
    mages.write_text("".join(lines), encoding="utf-8")
    # the mage cards themselves would stop the build first (sheets are composed before
    # documents, so that documents can credit the stock icons): leave their sheet out
    game = tmp_path / "cards" / "sorciers" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    sheet = "  - sheet: [attaque, mage]\n    title: Cartes d'attaque et mages spécialistes\n"
    assert sheet in text
    game.write_text(text.replace(sheet, ""), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["build", "sorciers", "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    message = result.output.strip()
    assert message.startswith("error: cards/sorciers/mage.yaml:12: mage 'SOR-MAGE-FEU', "
                              "field 'pouvoir'"), message
    assert "templates/sorciers/regles.md.j2" in message
    assert "unknown icon 'icone-inconnue'" in message
    assert "Traceback" not in result.output


def test_card_texts_finds_the_longest_matching_value() -> None:
    from printandplay.errors import Location
    from printandplay.model.game import Component

    short = Component("A", "A", "carte", 1, {"texte": "Pioche une carte."}, "recto", None,
                      Location("cards/g/a.yaml", 3), {"texte": Location("cards/g/a.yaml", 5)})
    long = Component("B", "B", "carte", 1, {"texte": "Pioche une carte. Puis rejoue."}, "recto",
                     None, Location("cards/g/a.yaml", 8))
    texts = CardTexts([short, long])
    assert texts("- **B** : Pioche une carte. Puis rejoue.") == (
        "cards/g/a.yaml:8: carte 'B', field 'texte'")
    assert texts("Pioche une carte.") == "cards/g/a.yaml:5: carte 'A', field 'texte'"
    assert texts("Rien à voir ici.") is None
