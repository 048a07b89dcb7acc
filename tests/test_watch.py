"""``printandplay watch``: one rebuild at a time (``Watcher.rebuild_once``), without file events."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import copy_kit, new_kit_without_credits, replace_once
from small_games import ROOT as SMALL_GAMES_ROOT
from small_games import add_small_game
from typer.testing import CliRunner

from printandplay.cli import app
from printandplay.data.game_loader import load_game
from printandplay.kit.build import build_game
from printandplay.kit.watch import Watcher
from printandplay.planning.options import BuildOptions
from printandplay.project import Resources


@pytest.fixture
def sorciers_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A designer's copy of Sorciers (18 cards, icons), whose files a watcher tells apart from
    its own output and an editor's (the rebuild tests use the smaller Arcanes game)."""
    return copy_kit("sorciers", tmp_path, monkeypatch)


SORCIERS_CARD = "cards/sorciers/mage.yaml"
SMALL_CARD = "cards/petit/creatures.yaml"
OLD_TEXT = "il subit **1 dégât de moins**"
NEW_TEXT = "il subit **2 dégâts de moins**"


def test_rebuild_composes_only_what_changed(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """On a small game (which faces a rebuild composes again does not depend on the kit): every
    card its own front, the cards of a kind one shared back."""
    add_small_game(tmp_path, "petit")
    monkeypatch.chdir(tmp_path)
    options = BuildOptions(out_dir=tmp_path / "out")
    watcher = Watcher(Resources.discover(), "petit", options)
    first = watcher.rebuild_once()
    assert first.ok and first.build is not None, first.problems
    cards = load_game(Resources.discover(), "petit").components
    # every distinct front, each kind's shared back once
    assert first.composed == len(cards) + len({card.kind for card in cards})
    faces = first.composed + first.reused
    pdf = first.build.path
    before = pdf.read_bytes()

    again = watcher.rebuild_once()
    assert again.composed == 0 and again.reused == faces
    assert pdf.read_bytes() == before  # deterministic

    card = tmp_path / SMALL_CARD
    replace_once(card, "name: Salamandre,", "name: Salamandre ardente,")  # on its front only
    edited = watcher.rebuild_once([card])
    assert edited.ok
    assert edited.changed == (SMALL_CARD,)
    assert edited.composed == 1  # the card's front; its back is shared and unchanged
    assert edited.reused == faces - 1
    cached = pdf.read_bytes()
    assert cached != before
    # the cached rebuild is byte-identical to a fresh build of the edited game
    fresh = build_game(Resources.discover(), "petit", BuildOptions(out_dir=tmp_path / "fresh"))
    assert fresh.read_bytes() == cached


def test_failed_rebuild_reports_and_keeps_the_last_good_pdf(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    """On a small game (what a failed rebuild keeps does not depend on the kit)."""
    add_small_game(tmp_path, "petit")
    monkeypatch.chdir(tmp_path)
    watcher = Watcher(Resources.discover(), "petit", BuildOptions(out_dir=tmp_path / "out"))
    good = watcher.rebuild_once()
    assert good.build is not None
    kept = good.build.path.read_bytes()

    card = tmp_path / SMALL_CARD
    replace_once(card, "{id: CR-SALAMANDRE, ", "{id: CR-SALAMANDRE, atack: 3, ")
    broken = watcher.rebuild_once([card])
    assert not broken.ok
    assert any(p.startswith(f"{SMALL_CARD}:") and "atack" in p for p in broken.problems)
    assert good.build.path.read_bytes() == kept
    assert watcher.last_good == good.build.path

    replace_once(card, "atack: 3, ", "")
    fixed = watcher.rebuild_once([card])
    assert fixed.ok and fixed.composed == 0


def test_an_icon_change_composes_every_face_again(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """On a small game given one of Sorciers' icons (a rebuild does not follow which faces
    draw an icon: any icon change composes every face again, whatever the kit)."""
    add_small_game(tmp_path, "petit")
    icons = tmp_path / "templates" / "petit" / "icons"
    icons.mkdir()
    source = sorted((SMALL_GAMES_ROOT / "templates" / "sorciers" / "icons").glob("*.svg"))[0]
    icon = icons / source.name
    icon.write_bytes(source.read_bytes())
    monkeypatch.chdir(tmp_path)
    watcher = Watcher(Resources.discover(), "petit", BuildOptions(out_dir=tmp_path / "out"))
    first = watcher.rebuild_once()
    assert first.ok and first.composed > 10
    icon.write_text(icon.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    again = watcher.rebuild_once([icon])
    assert again.ok and again.composed == first.composed and again.reused == first.reused


def test_watch_unknown_game_exits_2() -> None:
    result = CliRunner().invoke(app, ["watch", "nope"])
    assert result.exit_code == 2
    assert "unknown game 'nope'" in result.output


def test_own_output_and_editor_files_do_not_trigger_a_rebuild(sorciers_copy: Path) -> None:
    out = sorciers_copy / "cards" / "sorciers" / "out"
    watcher = Watcher(Resources.discover(), "sorciers", BuildOptions(out_dir=out))
    assert not watcher.wants(out / "sorciers-a4.pdf")
    assert not watcher.wants(sorciers_copy / "cards" / "sorciers" / ".mage.yaml.swp")
    assert watcher.wants(sorciers_copy / SORCIERS_CARD)


@pytest.fixture
def new_kit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A new game (stock icons on its cards) whose rules print no credits themselves."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PRINTANDPLAY_GAME_ICONS", raising=False)
    return new_kit_without_credits(tmp_path)


def _text(path: Path) -> str:
    from pdfium_text import pdfium_pdf_text

    return pdfium_pdf_text(path)


def test_rebuild_credits_the_stock_icons_of_this_build_only(new_kit: Path) -> None:
    watcher = Watcher(Resources.discover(), "kit", BuildOptions(out_dir=new_kit / "out"))
    first = watcher.rebuild_once()
    assert first.build is not None, first.problems
    assert "owl" in _text(first.build.path)
    cards = new_kit / "cards/kit/cartes.yaml"
    replace_once(cards, "gi-owl", "gi-fox-head")
    again = watcher.rebuild_once([cards])
    assert again.build is not None and again.reused > 0, again.problems
    text = _text(again.build.path)
    assert "fox-head" in text and "owl" not in text
    # what a rebuild from the cache writes is what a fresh build writes
    fresh = build_game(Resources.discover(), "kit", BuildOptions(out_dir=new_kit / "fresh"))
    assert fresh.read_bytes() == again.build.path.read_bytes()


def test_rebuild_keeps_the_warnings_of_cached_faces(new_kit: Path) -> None:
    cards = new_kit / "cards/kit/cartes.yaml"
    text = cards.read_text(encoding="utf-8")
    name = text.split("name: ", 1)[1].split("\n", 1)[0]
    cards.write_text(text.replace(f"name: {name}", 'name: "Le :Grand Renard:"', 1),
                     encoding="utf-8")
    watcher = Watcher(Resources.discover(), "kit", BuildOptions(out_dir=new_kit / "out"))
    first = watcher.rebuild_once()
    assert first.build is not None, first.problems
    assert any("':Grand Renard:' is printed as text" in w for w in first.build.warnings)
    again = watcher.rebuild_once()
    assert again.build is not None and again.composed == 0
    assert again.build.warnings == first.build.warnings
