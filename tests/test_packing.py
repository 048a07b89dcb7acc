"""``--pack``: neighbouring kit sections of one size, stock and way of printing backs share
their sheets where that saves paper (issue 28), each item printed as its own section prints
it, and the guide says which sheets hold which section."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import KITS_GROUP, planned_pages
from pypdf import PdfReader
from typer.testing import CliRunner

from printandplay.cli import app
from printandplay.errors import Location
from printandplay.model.game import Component, SheetSection
from printandplay.planning.packing import merge_sections, pack_sections

pytestmark = pytest.mark.xdist_group(KITS_GROUP)
runner = CliRunner()
GUIDE = "Impression et montage"


def _sheets(pages: tuple, side: str = "recto") -> int:  # type: ignore[type-arg]
    return sum(1 for p in pages if p.side == side)


@pytest.mark.parametrize(("game", "apart", "packed"), [
    ("licum", 22, 21),    # Préparation 79 + Jeu 82 + Mises au jeu 4 cards, 8 a sheet
    ("limits", 16, 15),   # couleur 60 + limite 24 + points 34
    ("sorciers", 19, 19), ("oups", 10, 10), ("charlie", 7, 7),  # nothing to save
])
def test_packing_saves_the_sheets_it_can_and_no_more(game: str, apart: int,
                                                     packed: int) -> None:
    plain = planned_pages(game)
    pages = planned_pages(game, pack=True)
    sheets = {p.section for p in pages if p.side == "recto"}
    assert _sheets(plain) - (game == "licum") * 6 == apart  # (Licum's mat: 6 tiled sheets)
    assert _sheets(pages) - (game == "licum") * 6 == packed
    if packed == apart:  # nothing saved: the sections are printed as without --pack
        assert [p.label for p in pages if p.section != GUIDE] == [
            p.label for p in plain if p.section != GUIDE]
    else:
        assert any(" + " in title for title in sheets)
    # every front and back printed as without packing, in the same order
    for side in ("recto", "verso"):
        faces = [pl.face for p in pages if p.side == side for pl in p.placements]
        before = [pl.face for p in plain if p.side == side for pl in p.placements]
        assert faces == before


def test_items_keep_their_own_sections_back_on_shared_sheets() -> None:
    # Licum's Jeu section prints its cards with the Jeu back; its last two cards share a
    # sheet with the four Mises au jeu, which keep their own back
    pages = planned_pages("licum", pack=True)
    title = "Cartes de Jeu + Mises au jeu"
    assert {p.section for p in pages if p.side == "recto"} >= {"Cartes de Préparation", title}
    first, last = ([pl.face for pl in p.placements] for p in pages
                   if p.section == title and p.side == "verso" and p.sheet in (1, 11))
    assert len(last) == 6
    jeu_back = first[0]
    assert set(first) == {jeu_back}
    # (a sheet of backs is mirrored: the two Jeu cards are not first in reading order)
    assert sorted(face == jeu_back for face in last) == [False] * 4 + [True] * 2


def test_only_compatible_neighbours_are_packed() -> None:
    a = SheetSection(("card",), "A")
    b = SheetSection(("card",), "B", paper="carton")  # another stock
    c = SheetSection(("card",), "C")
    card = Component("x", "X", "card", 1, {}, "front", "back", Location("cards.yaml", 1))
    items = {"A": [card] * 5, "B": [card] * 3, "C": [card] * 3}

    def count(section: SheetSection, its: object) -> int:
        return -(-len(its) // 8)  # type: ignore[arg-type]

    def packed(kit: list[SheetSection]) -> list[str]:
        return [p.section.title for p in pack_sections(  # type: ignore[union-attr]
            kit, lambda s: items[s.title], lambda s, i: True, lambda s: "card", count)]

    assert packed([a, c]) == ["A + C"]           # 8 cards: one sheet, not two
    assert packed([a, b, c]) == ["A", "B", "C"]  # not neighbours on one stock
    items["C"] = [card] * 8
    assert packed([a, c]) == ["A", "C"]          # 13 cards: two sheets either way
    assert merge_sections([a, c]).kinds == ("card",)


def test_pack_builds_its_own_file_and_the_guide_says_which_sheets_hold_what(
        tmp_path: Path) -> None:
    result = runner.invoke(app, ["build", "limits", "--pack", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "limits-packed-a4.pdf"
    assert Path(result.stdout.strip().splitlines()[-1]) == pdf
    assert "15 sheets" in result.stderr
    guide = " ".join(PdfReader(pdf).pages[0].extract_text().split())
    assert "--pack" in guide
    assert ("Cartes couleur, feuilles 1 à 8 ; Cartes limite, feuilles 8 à 11 ; Cartes points "
            "et aides de jeu, feuilles 11 à 15") in guide, guide
