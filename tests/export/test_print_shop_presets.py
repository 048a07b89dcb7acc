"""Print-on-demand presets (``export --print-shop DIR --shop NAME``) and the single PDF of
alternating fronts and backs (``--alternating``) (issue 28)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from printandplay.cli import app
from printandplay.data.presets import load_presets
from printandplay.model.game import Size

runner = CliRunner()
IN = 72.0


def test_presets_hold_the_game_crafter_poker_card() -> None:
    tgc = load_presets().shops["thegamecrafter"]
    assert tgc.name == "The Game Crafter"
    assert tgc.bleed == pytest.approx(IN / 8) and tgc.safe == pytest.approx(IN / 8)
    poker = tgc.sizes["poker"]
    # 825 × 1125 px at 300 dpi: the trim and 1/8 in all round
    assert (poker.width + 2 * tgc.bleed) / IN * 300 == pytest.approx(825)
    assert (poker.height + 2 * tgc.bleed) / IN * 300 == pytest.approx(1125)
    assert tgc.prints(Size(3.5 * IN, 2.5 * IN)) and not tgc.prints(Size(63 / 25.4 * IN,
                                                                         88 / 25.4 * IN))
    assert tgc.file_name("CHA-DEPART", "front") == "CHA-DEPART-front.pdf"
    assert load_presets().shops["drivethrucards"].alternating


def test_shop_export_takes_its_bleed_and_names_and_puts_poker_cards_on_its_poker_card(
        tmp_path: Path) -> None:
    # Charlie's aids are 63 × 88 mm: printed on the shop's 2.5 × 3.5 in poker card, centred at
    # 100 %, the page 825 × 1125 px at 300 dpi, art up to its edge; the tiles and tokens, which
    # no card of the shop takes, are a warning
    result = runner.invoke(app, ["export", "charlie", "--print-shop", str(tmp_path),
                                 "--shop", "thegamecrafter",
                                 "--sections", "aides-de-jeu,tuiles"])
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "manifest.json").read_text("utf-8"))
    row = next(r for r in manifest["items"] if r["kind"] == "aide")
    assert row["front"].endswith("-front.pdf") and row["bleed_mm"] == pytest.approx(3.175, abs=0.01)
    assert (row["trim_width_mm"], row["trim_height_mm"]) == (63.5, 88.9)
    page = PdfReader(tmp_path / row["front"]).pages[0]
    assert float(page.mediabox.width) / IN * 300 == pytest.approx(825)
    assert float(page.mediabox.height) / IN * 300 == pytest.approx(1125)
    trim = page.trimbox
    assert (float(trim.width), float(trim.height)) == pytest.approx((2.5 * IN, 3.5 * IN))
    assert all(r["back"].endswith("-back.pdf") or r["back"] == r["front"]  # (alike both sides)
               for r in manifest["items"] if r["back"])
    assert "kind 'aide'" not in result.stderr
    assert "warning: kind 'tuile' (48.0 × 48.0 mm): The Game Crafter prints no card" in \
        result.stderr


def test_a_card_a_little_smaller_than_the_shops_is_centred_on_it_with_full_bleed(
        tmp_path: Path) -> None:
    import pypdfium2 as pdfium  # (a test dependency, as for the page texts)

    result = runner.invoke(app, ["export", "charlie", "--print-shop", str(tmp_path),
                                 "--shop", "drivethrucards", "--sections", "aides-de-jeu"])
    assert result.exit_code == 0, result.output
    tgc = load_presets().shops["thegamecrafter"]
    poker = tgc.sizes["poker"]
    mm = 72 / 25.4
    assert tgc.fit(Size(63 * mm, 88 * mm)) == poker
    assert tgc.fit(Size(88 * mm, 63 * mm)) == Size(poker.height, poker.width)  # turned
    assert tgc.fit(Size(62 * mm, 88 * mm)) is None  # 1.5 mm narrower: not a poker card
    assert tgc.fit(Size(64 * mm, 88 * mm)) is None  # larger than the cut
    assert tgc.fit(Size(63.5 * mm, 88.9 * mm)) == poker
    # DriveThruCards' single file: each page the poker card and its bleed, the art (the aid's
    # dark fill) reaching every edge of the page: no white sliver where the cut may fall
    document = pdfium.PdfDocument(tmp_path / "charlie-fronts-backs.pdf")
    page = document[0]
    assert page.get_size() == pytest.approx((2.75 * IN, 3.75 * IN))
    image = page.render(scale=2).to_pil().convert("L")
    width, height = image.size
    edges = [image.getpixel((x, y)) for x in (0, width // 2, width - 1)
             for y in (0, height // 2, height - 1) if (x, y) != (width // 2, height // 2)]
    assert max(edges) < 250, edges


def test_alternating_pdf_puts_each_copys_back_after_its_front(tmp_path: Path) -> None:
    result = runner.invoke(app, ["export", "charlie", "--print-shop", str(tmp_path),
                                 "--alternating", "--sections", "aides-de-jeu,licornes"])
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "manifest.json").read_text("utf-8"))
    copies = sum(r["count"] for r in manifest["items"])
    reader = PdfReader(tmp_path / "charlie-fronts-backs.pdf")
    assert len(reader.pages) == 2 * copies
    # the standees have no back: a blank page of their size follows each front
    for front, back in zip(reader.pages[::2], reader.pages[1::2], strict=True):
        assert (front.mediabox.width, front.mediabox.height) == (back.mediabox.width,
                                                                 back.mediabox.height)
        assert "/TrimBox" in front and "/TrimBox" in back


def test_shop_options_are_checked(tmp_path: Path) -> None:
    unknown = runner.invoke(app, ["export", "charlie", "--print-shop", str(tmp_path),
                                  "--shop", "nowhere"])
    assert unknown.exit_code == 2 and "unknown print shop 'nowhere'" in unknown.output
    both = runner.invoke(app, ["export", "charlie", "--print-shop", str(tmp_path),
                               "--shop", "thegamecrafter", "--bleed-mm", "2"])
    assert both.exit_code == 2 and "--shop sets the bleed" in both.output
    alone = runner.invoke(app, ["export", "charlie", "--png", str(tmp_path), "--alternating"])
    assert alone.exit_code == 2 and "go with --print-shop" in alone.output


def test_pieces_alike_on_both_sides_are_filed_as_fronts(tmp_path: Path) -> None:
    # Charlie's departure tile, amulet, two bananas and five pawns print their front on their
    # back too: one file each, named as the front they are used as, not '-verso'
    result = runner.invoke(app, ["export", "charlie", "--print-shop", str(tmp_path)])
    assert result.exit_code == 0, result.output
    items = json.loads((tmp_path / "manifest.json").read_text("utf-8"))["items"]
    alike = {r["id"] for r in items if r["front"] == r["back"]}
    assert len(alike) == 9 and {"CHA-DEPART", "CHA-AMULETTE"} <= alike
    assert all(r["front"] == f"{r['id']}-recto.pdf" for r in items)
    files = {p.name for p in tmp_path.glob("*.pdf")}
    assert not {f"{i}-verso.pdf" for i in alike} & files
    backs_only = {r["back"] for r in items if r["back"]} - {r["front"] for r in items}
    assert all(name.endswith("verso.pdf") or name.startswith("verso-") for name in backs_only)
