"""Real PDFs of the Charlie kit, checked by content: pages, boxes, text, fonts, bytes."""

from __future__ import annotations

from pathlib import Path
from typing import cast

import pytest
from helpers import (
    KITS_GROUP,
    KitsBuild,
    body_pages,
    bundled_assets,
    kit_pages,
    page_text,
    pdf_guide_length,
)
from pdf_helpers import paper_kit
from pdfium_text import pdfium_page_texts
from pypdf import PdfReader
from pypdf.generic import DictionaryObject
from typer.testing import CliRunner

from printandplay.cli import app

runner = CliRunner()
A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)


def build(tmp: Path, *args: str) -> Path:
    result = runner.invoke(app, ["build", "charlie", "--out", str(tmp), *args])
    assert result.exit_code == 0, result.output
    return Path(result.stdout.strip().splitlines()[-1])


pytestmark = pytest.mark.xdist_group(KITS_GROUP)


@pytest.fixture
def a4_pdf(bundled_kits: KitsBuild) -> Path:
    """The A4 kit, built once for the session (shared with the other KITS_GROUP files)."""
    return bundled_kits.pdf("charlie")


def page_sizes(reader: PdfReader) -> list[tuple[float, float]]:
    return [(round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2))
            for p in reader.pages]


def test_a4_kit_has_every_section_in_print_order(a4_pdf: Path) -> None:
    reader = PdfReader(a4_pdf)
    assert a4_pdf.name == "charlie-a4.pdf"
    # the printing guide and its blank verso (2) + rules (2) + aids front/back (2) + tiles
    # 3 sheets × (front, back) (6: tiles of different colours are spaced apart, 15 to a
    # sheet) + standees (1) + a blank page (the standees are single-sided) + tokens 1 sheet
    # × 2 + markers 1 sheet × 2
    assert len(reader.pages) == 2 + 16
    # the 5 aids fit one landscape sheet spaced apart with full bleed (8 to a sheet)
    sizes = page_sizes(reader)
    assert set(sizes) == {A4, A4[::-1]}
    assert [i for i, size in enumerate(sizes) if size != A4] == [2 + 2, 2 + 3]
    assert pdf_guide_length(reader.page_labels) == 2
    assert "Impression et montage" in pdfium_page_texts(a4_pdf, [0])[0]
    pages = body_pages("charlie")
    assert len(pages) == 16
    texts = [page_text(page) for page in pages]
    assert "Mise en place" in texts[0]
    assert "Décompte" in texts[1]
    assert "Les effets" in texts[2] and "Un tour" in texts[3]
    assert "Liopleurodon" in texts[4]  # first sheet of tile fronts (text side)
    assert "Cicatrice" in texts[5]  # its backs (effect side)
    assert "Licorne bleue" in texts[10]
    assert "Page laissée blanche" in texts[11]


def test_fonts_are_embedded_subsets(a4_pdf: Path) -> None:
    reader = PdfReader(a4_pdf)
    fonts: dict[str, bool] = {}
    for page in reader.pages[:2]:
        resources = cast(DictionaryObject, page["/Resources"])
        for font in cast(DictionaryObject, resources["/Font"]).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            if descriptor is None:
                continue
            descriptor = descriptor.get_object()
            fonts[str(font["/BaseFont"])] = "/FontFile2" in descriptor
    assert fonts, "no TrueType font found"
    assert all(fonts.values()), fonts
    assert any("Roboto" in name for name in fonts)
    assert not any("Helvetica" in name for name in fonts)


def test_french_typography_survives_to_the_pdf(a4_pdf: Path) -> None:
    # read by pdfium, which keeps the narrow and the plain no-break spaces as they are
    (text,) = pdfium_page_texts(a4_pdf, [2])  # the rules, after the printing guide
    assert "\u202f" in text  # the narrow ones exist (« », ; ? !)
    assert "Mise en place" in text
    assert "é" in text and "’" in text
    assert "\u202f:" not in text  # a colon takes a no-break space, not a narrow one


def test_rebuild_gives_identical_bytes(tmp_path: Path, a4_pdf: Path) -> None:
    again = build(tmp_path)
    assert again.read_bytes() == a4_pdf.read_bytes()


def test_letter_kit(tmp_path_factory: pytest.TempPathFactory) -> None:
    pdf = paper_kit(tmp_path_factory, "charlie", "letter")  # shared with test_print_geometry
    assert pdf.name == "charlie-letter.pdf"
    # (the 5 aids 4 × 2 on a landscape sheet, spaced apart: 4 mm gutters across)
    assert set(page_sizes(PdfReader(pdf))) == {LETTER, LETTER[::-1]}


def test_failed_build_keeps_previous_pdf(tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A build that fails leaves the last good PDF untouched and no temporary file (on the
    3-card game of `printandplay new`: a build a quarter of Charlie's)."""
    from printandplay.kit.newgame import new_game

    work = tmp_path / "designer"
    monkeypatch.delenv("PRINTANDPLAY_GAME_ICONS", raising=False)
    new_game(work, "kit", cards=3)
    monkeypatch.chdir(work)
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", "kit", "--out", str(out)])
    assert result.exit_code == 0, result.output
    good = out / "kit-a4.pdf"
    before = good.read_bytes()
    cards = work / "cards" / "kit" / "cartes.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace(
        "Regardez la main d'un adversaire.",
        "Regardez la main d'un adversaire. " + "Vraiment très longtemps, " * 30),
        encoding="utf-8")
    result = runner.invoke(app, ["build", "kit", "--out", str(out)])
    assert result.exit_code == 2
    assert "does not fit" in result.output
    assert good.read_bytes() == before
    assert sorted(p.name for p in out.iterdir()) == ["kit-a4.pdf"]


def test_every_front_sheet_starts_on_a_recto() -> None:
    """Printed duplex, each sheet of fronts falls on the front of a sheet of paper: blank
    pages pad odd documents and single-sided sheets."""
    for paper in ("a4", "letter"):
        pages = kit_pages("charlie", paper)
        for index, page in enumerate(pages):
            if page.recto:
                assert index % 2 == 0, (paper, index, page.label)
            if page.label.endswith("verso"):
                assert pages[index - 1].label == page.label.replace("verso", "recto")
        assert len(pages) % 2 == 0 or not pages[-1].recto


def test_pages_stream_and_are_counted_without_composing(tmp_path: Path) -> None:
    """The planner yields pages one at a time, counts them beforehand (for the progress bar)
    without composing a face, and forgets each face after its last placement."""
    from printandplay.kit.build import BuildOptions, KitPlanner

    assets = bundled_assets("charlie")
    for paper in ("a4", "letter"):
        planner = KitPlanner(assets, BuildOptions(paper=paper))
        total = planner.count_kit_pages()
        assert not planner.placer.held  # counting composed nothing
        pages = planner.iter_kit_pages()
        first = next(pages)
        assert first.recto
        rest = list(pages)
        assert total == 1 + len(rest)
        assert not planner.placer.held  # every face forgotten after its last placement
        # page for page what the other tests read: the shared plans (helpers.planned_pages)
        # take their faces and documents from a cache the plans of a game share
        assert [p.label for p in [first, *rest]] == [p.label for p in kit_pages("charlie", paper)]
        assert (first, *rest) == kit_pages("charlie", paper)
