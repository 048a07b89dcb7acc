"""The kit explains how to print it: the guide page, sheet labels, PDF print settings, outline,
page labels and boxes, the blank-page note, the calibration notation and --back-offset."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import cast

import pytest
from helpers import (
    KITS_GROUP,
    ROOT,
    KitsBuild,
    bundled_assets,
    copy_kit,
    kit_pages,
    page_text,
    planned_pages,
    replace_once,
)
from pypdf import PdfReader
from pypdf.generic import Destination, DictionaryObject
from typer.testing import CliRunner

from printandplay.cli import app
from printandplay.errors import OptionError
from printandplay.imposition.grid import mirror_axes, mirror_rect
from printandplay.kit.assets import load_assets
from printandplay.layout.legibility import contrast_ratio
from printandplay.model.geometry import Rect
from printandplay.model.ops import GroupOp, LineOp, Op, Placement, RectOp, TextOp
from printandplay.planning.options import BuildOptions
from printandplay.planning.pages import PageSpec
from printandplay.planning.planner import KitPlanner
from printandplay.project import Resources
from printandplay.text.typography import apply_typography
from printandplay.units import MM, format_back_offset, parse_back_offset

pytestmark = pytest.mark.xdist_group(KITS_GROUP)  # reads the shared `bundled_kits` build
runner = CliRunner()
GAMES = ["charlie", "licum", "sorciers", "limits", "oups"]
MARGIN = 5 * MM




@pytest.fixture(scope="module")
def charlie_short(tmp_path_factory: pytest.TempPathFactory) -> PdfReader:
    """``build charlie --flip short`` of one section (the file's print settings)."""
    out = tmp_path_factory.mktemp("short")
    result = runner.invoke(app, ["build", "charlie", "--flip", "short", "--sections", "jetons",
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    return PdfReader(result.stdout.strip())


@pytest.fixture(scope="module")
def charlie_pdf(bundled_kits: KitsBuild) -> PdfReader:
    """The whole A4 kit of Charlie (built once per process: its outline and page labels)."""
    return PdfReader(bundled_kits.pdf("charlie"))


@pytest.fixture(scope="module")
def licum_pdf(bundled_kits: KitsBuild) -> PdfReader:
    return PdfReader(bundled_kits.pdf("licum"))


# ---- the PDF's own settings -----------------------------------------------------------------

def viewer_preferences(reader: PdfReader) -> DictionaryObject:
    """The ``/ViewerPreferences`` of ``reader``'s document catalog."""
    return cast(DictionaryObject,
                cast(DictionaryObject, reader.trailer["/Root"])["/ViewerPreferences"])


def test_viewer_preferences_follow_flip(charlie_short: PdfReader, licum_pdf: PdfReader) -> None:
    prefs = viewer_preferences(charlie_short)
    assert prefs["/PrintScaling"] == "/None"
    assert prefs["/Duplex"] == "/DuplexFlipShortEdge"
    assert viewer_preferences(licum_pdf)["/Duplex"] == "/DuplexFlipLongEdge"


def test_outline_has_one_entry_per_section_on_its_first_page(charlie_pdf: PdfReader) -> None:
    reader = charlie_pdf
    outline = cast(list[Destination], reader.outline)  # one level: no entry has children
    titles = [entry.title for entry in outline]
    assert titles == ["Impression et montage", "Règles et aide de jeu", "Aides de jeu", "Tuiles",
                      "Licornes", "Jetons", "Jetons de propriété"]
    labels = reader.page_labels
    for entry in outline:
        page = reader.get_destination_page_number(entry)
        assert page is not None and entry.title is not None
        assert labels[page].startswith(entry.title)
        assert page == 0 or not labels[page - 1].startswith(entry.title)


def test_page_labels_name_section_sheet_and_side(charlie_pdf: PdfReader) -> None:
    labels = charlie_pdf.page_labels
    assert len(labels) == len(charlie_pdf.pages) == len(kit_pages("charlie"))
    assert labels[:4] == ["Impression et montage 1", "Impression et montage verso blanc",
                          "Règles et aide de jeu 1", "Règles et aide de jeu 2"]
    assert "Tuiles 1/3 recto" in labels and "Tuiles 3/3 verso" in labels
    assert "Licornes 1/1 verso blanc" in labels  # the standees are single-sided


def test_one_item_pages_have_trim_and_bleed_boxes(licum_pdf: PdfReader) -> None:
    boxed = [(i, page) for i, page in enumerate(licum_pdf.pages) if "/TrimBox" in page]
    mat = [i for i, label in enumerate(licum_pdf.page_labels)
           if label.startswith("Tapis de jeu") and label.endswith("recto")]
    # the mat's tiles, and any sheet holding a single item: none else (the 82 Cartes de Jeu,
    # spaced apart for their colours, go 8 to a sheet: the last one holds 2)
    single = [i for i, page in enumerate(kit_pages("licum")) if len(page.placements) == 1]
    assert mat and set(mat) <= set(single)
    assert {licum_pdf.page_labels[i] for i in set(single) - set(mat)} == set()
    assert "Cartes de Jeu 11/11 recto" in licum_pdf.page_labels
    assert [i for i, _ in boxed] == single
    for _, page in boxed:
        trim, bleed, media = page.trimbox, page.bleedbox, page.mediabox
        assert "/BleedBox" in page
        assert media.left <= bleed.left <= trim.left < trim.right <= bleed.right <= media.right
        assert media.bottom <= bleed.bottom <= trim.bottom < trim.top <= bleed.top <= media.top


# ---- the guide page -------------------------------------------------------------------------

def test_every_kit_opens_with_the_guide() -> None:
    for game in GAMES:
        first = kit_pages(game)[0]
        assert first.section == "Impression et montage" and first.recto, game
        text = page_text(first)
        for title in {s.title for s in bundled_assets(game).game.kit}:
            assert apply_typography(title, "fr") in text, (game, title)  # every section listed
        assert "printandplay calibrate --paper a4 --flip long" in text
        assert f"printandplay build {game} --paper a4 --flip long --back-offset X,Y" in text


def _text_ops(ops: tuple[Op, ...]) -> Iterator[TextOp]:
    for op in ops:
        if isinstance(op, TextOp):
            yield op
        elif isinstance(op, GroupOp):
            yield from _text_ops(op.ops)


def test_the_guide_sets_its_commands_in_a_monospaced_font() -> None:
    page = kit_pages("oups")[0]
    mono = bundled_assets("oups").fonts.select("mono", False, False)
    commands = [op for op in _text_ops(page.ops) if op.text.startswith("printandplay ")]
    assert [op.text.split()[1] for op in commands] == ["calibrate", "build"]
    assert all(op.font == mono for op in commands)
    assert mono != bundled_assets("oups").fonts.select("body", False, False)


@pytest.mark.parametrize(("flip", "edge", "other"), [("long", "bord long", "bord court"),
                                                     ("short", "bord court", "bord long")])
def test_the_guide_follows_flip(flip: str, edge: str, other: str) -> None:
    for game in ("sorciers", "oups"):
        pages = planned_pages(game, flip=flip)
        guide = page_text(pages[0])
        assert edge in guide and f"--flip {flip}" in guide
        # no page of the kit tells another edge (Sorciers' rules once said "bord long")
        assert not any(other in page_text(page) for page in pages), (game, flip)


def test_the_guide_prints_options_pages_and_assembly() -> None:
    pages = planned_pages("licum", paper="letter", flip="short", back_offset=(1.5 * MM, -0.5 * MM),
                    bleed=2 * MM)
    guide = " ".join(page_text(p) for p in pages if p.section == "Impression et montage")
    assert "LETTER (215.9 × 279.4 mm)" in guide
    assert "--back-offset 1.5,-0.5" in guide and "2 mm" in guide
    assert ("printandplay build licum --paper letter --flip short --bleed 2 --back-offset X,Y"
            in guide)
    mat = [i + 1 for i, p in enumerate(pages) if p.section == "Tapis de jeu"]
    assert f"{mat[0]} à {mat[-1]}" in guide  # the mat's pages in this very file
    assert "rangée-colonne" in guide  # its assembly, from cards/licum/game.yaml
    charlie = page_text(kit_pages("charlie")[0])
    assert "Pliez-la en deux" in charlie and "carton fin" in charlie


def _lines(ops: tuple[Op, ...], dx: float = 0.0, dy: float = 0.0) -> Iterator[LineOp]:
    for op in ops:
        if isinstance(op, LineOp):
            yield LineOp(op.x1 + dx, op.y1 + dy, op.x2 + dx, op.y2 + dy, op.color, op.width)
        elif isinstance(op, GroupOp):
            yield from _lines(op.ops, dx + op.transform[4], dy + op.transform[5])


def test_the_guide_draws_a_50_mm_scale_bar_inside_the_page() -> None:
    page = kit_pages("charlie")[0]
    bars = [line for line in _lines(page.ops)
            if line.y1 == line.y2 and abs(abs(line.x2 - line.x1) - 50 * MM) < 1e-6]
    assert len(bars) == 1
    assert MARGIN <= min(bars[0].x1, bars[0].x2) and max(bars[0].x1, bars[0].x2) <= (
        page.size.width - MARGIN)


# ---- sheet labels ---------------------------------------------------------------------------

def _box(op: TextOp, game: str) -> Rect:
    fonts = bundled_assets(game).fonts
    fonts.select("body", False, True)  # registers the label's font with this font table
    width = fonts.width(op.text, op.font) * op.size
    descent, ascent = fonts.descent(op.font) * op.size, fonts.ascent(op.font) * op.size
    return Rect(op.x, op.y - descent, width, ascent + descent)


def _overlap(a: Rect, b: Rect) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.top and b.y < a.top


def _item_rects(page: PageSpec) -> list[Rect]:
    out = []
    for p in page.placements:
        b = p.face.bleed
        out.append(p.clip or Rect(p.x - b, p.y - b, p.face.width + 2 * b, p.face.height + 2 * b))
    return out


def _printed_trim(p: Placement) -> Rect:
    """An item's trim, within what the page prints of it (a tile shows part of its item)."""
    trim = Rect(p.x, p.y, p.face.width, p.face.height)
    if p.clip is None:
        return trim
    x0, y0 = max(trim.x, p.clip.x), max(trim.y, p.clip.y)
    x1, y1 = min(trim.right, p.clip.right), min(trim.top, p.clip.top)
    return Rect(x0, y0, x1 - x0, y1 - y0)


def _label_boxes(page: PageSpec, game: str) -> Iterator[tuple[TextOp, Rect]]:
    """The text of a page's own ops with the box each line covers on the page (a label
    running up the page is a group turned a quarter)."""
    for op in page.ops:
        if isinstance(op, TextOp):
            yield op, _box(op, game)
        elif isinstance(op, GroupOp):
            assert op.transform[:4] == (0.0, 1.0, -1.0, 0.0)
            e, f = op.transform[4:]
            for line in op.ops:
                assert isinstance(line, TextOp)
                local = _box(line, game)
                yield line, Rect(e - local.top, f + local.x, local.h, local.w)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_every_sheet_is_labelled_inside_the_printable_area(game: str, paper: str) -> None:
    name = apply_typography(bundled_assets(game).game.name, "fr")
    pages = kit_pages(game, paper)
    sheets = [p for p in pages if p.side and p.label != "blank"]
    assert sheets
    for page in sheets:
        lines = list(_label_boxes(page, game))  # the label is the only text of a sheet
        text = " ".join(op.text for op, _ in lines)
        # the game's name where a spot clear of every item's bleed holds it: all but Charlie's
        # A4 token sheet (53 tokens spaced apart on a sheet of 54)
        if (game, paper, page.section) != ("charlie", "a4", "Jetons"):
            assert name in text, text
        assert apply_typography(page.section, "fr") in text, text
        assert f"feuille {page.sheet}/{page.sheets} · {page.side}" in text, text
        printable = Rect(MARGIN, MARGIN, page.size.width - 2 * MARGIN,
                         page.size.height - 2 * MARGIN)
        for label, box in lines:
            assert label.size >= 6
            assert printable.contains(box, tolerance=1e-6), (page.label, box)
            patched = any(isinstance(op, RectOp) and op.fill == (1.0, 1.0, 1.0)
                          and Rect(op.x, op.y, op.w, op.h).contains(box) for op in page.ops)
            for item in _item_rects(page):
                # clear of every item's bleed, or over the bleed on a white patch
                assert patched or not _overlap(box, item), page.label
            for p in page.placements:
                assert not _overlap(box, _printed_trim(p)), page.label
            for line in _lines(page.ops):
                mark = Rect(min(line.x1, line.x2), min(line.y1, line.y2),
                            abs(line.x2 - line.x1) or 0.01, abs(line.y2 - line.y1) or 0.01)
                assert not _overlap(box, mark), page.label


@pytest.mark.parametrize("flip", ["long", "short"])
def test_blank_note_stays_off_the_back_of_single_sided_items(flip: str) -> None:
    pages = planned_pages("oups", flip=flip)
    blanks = [i for i, p in enumerate(pages) if p.label == "blank" and pages[i - 1].placements]
    assert blanks  # the life trackers have no back
    for index in blanks:
        front, blank = pages[index - 1], pages[index]
        notes = list(_label_boxes(blank, "oups"))
        text = " ".join(op.text for op, _ in notes)
        # in the game's language only, and readable: at least 4.5:1 on the paper
        assert "Page laissée blanche pour garder le recto verso aligné" in text
        assert "blank" not in text.lower()
        assert all(contrast_ratio(op.color, (1.0, 1.0, 1.0)) >= 4.5 for op, _ in notes)
        page = front.size
        mirror_x, mirror_y = mirror_axes(page.width > page.height, flip)  # type: ignore[arg-type]
        for _, box in notes:
            for item in _item_rects(front):
                assert not _overlap(box, mirror_rect(item, page, mirror_x, mirror_y))
            assert Rect(MARGIN, MARGIN, page.width - 2 * MARGIN,
                        page.height - 2 * MARGIN).contains(box, tolerance=1e-6)


# ---- calibration and --back-offset ----------------------------------------------------------

def test_calibration_labels_use_the_option_notation(tmp_path: Path) -> None:
    result = runner.invoke(app, ["calibrate", "--paper", "letter", "--flip", "short",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    reader = PdfReader(tmp_path / "calibration-letter.pdf")
    prefs = viewer_preferences(reader)
    assert (prefs["/PrintScaling"], prefs["/Duplex"]) == ("/None", "/DuplexFlipShortEdge")
    text = reader.pages[0].extract_text()
    lines = text.split()
    assert "-3.5" in lines and "+1.5" in lines and "0" in lines
    assert "−" not in text and "-3,5" not in text
    assert "printandplay build JEU --paper letter --flip short --back-offset X,Y" in text


@pytest.mark.parametrize("text", ["-3,5", "1,2", "=-3,5"])
def test_ambiguous_back_offsets_are_refused(text: str) -> None:
    args = ["build", "charlie", f"--back-offset={text.lstrip('=')}"]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "ambiguous" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize(("text", "expected"), [
    ("1.5,-0.5", (1.5, -0.5)), ("-3.5,0", (-3.5, 0.0)), ("-3,+5", (-3.0, 5.0)),
    ("-3.0,5.0", (-3.0, 5.0)), ("2,-1", (2.0, -1.0)), ("0,0", (0.0, 0.0)), ("-3,0", (-3.0, 0.0)),
])
def test_clear_back_offsets_are_read(text: str, expected: tuple[float, float]) -> None:
    x, y = parse_back_offset(text)
    assert (round(x / MM, 6), round(y / MM, 6)) == expected
    again = parse_back_offset(format_back_offset((x, y)))  # what the guide prints reads back
    assert again == pytest.approx((x, y))


def test_comma_decimals_get_a_hint() -> None:
    with pytest.raises(OptionError, match=r"-3\.5,1\.5"):
        parse_back_offset("-3,5,1,5")


# ---- game.yaml: paper and assembly of a section ---------------------------------------------

def test_section_keys_are_checked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy_kit("oups", tmp_path, monkeypatch)
    game_file = tmp_path / "cards" / "oups" / "game.yaml"
    replace_once(game_file, "    assembly: >-", "    asembly: >-")
    result = runner.invoke(app, ["build", "oups", "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert "cards/oups/game.yaml:" in result.output and "'asembly'" in result.output
    replace_once(game_file, "    asembly: >-", "    paper: \"carton gris\"\n    assembly: >-")
    replace_once(game_file, "Découpez les réglettes.", "Découpez-les **vite**.")
    resources = Resources((tmp_path, ROOT))  # the copy wins; fonts come from the repository
    # the guide is the kit's first page, set before any face is composed
    guide = page_text(next(KitPlanner(load_assets(resources, "oups"), BuildOptions())
                           .iter_kit_pages()))
    assert "carton gris" in guide and "Découpez-les vite ." in guide  # bold: a run of its own
