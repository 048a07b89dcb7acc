"""Printing modes (issue 13): --simplex, --fold, --ink-saver, --sections, the print-shop export,
and Licum cards that may go in either deck printed with the back of the deck they are for."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from helpers import (
    KITS_GROUP,
    ROOT,
    bundled_assets,
    copy_kit,
    page_text,
    pdf_guide_length,
    planned_pages,
    replace_once,
)
from pdfium_text import pdfium_page_texts
from pypdf import PdfReader
from typer.testing import CliRunner

from printandplay.cli import app
from printandplay.data.design_loader import load_face_designs
from printandplay.errors import DataErrors, PrintAndPlayError
from printandplay.imposition.fold import plan_fold
from printandplay.imposition.grid import DEFAULT_MARGIN
from printandplay.kit.build import DeckCard, build_deck
from printandplay.layout.ink_saver import pale_tint
from printandplay.layout.legibility import relative_luminance
from printandplay.model.game import Size
from printandplay.model.ops import Face, GroupOp, LineOp, RectOp, TextOp
from printandplay.planning.options import BuildOptions
from printandplay.planning.pages import PageSpec
from printandplay.planning.planner import KitPlanner
from printandplay.project import Resources
from printandplay.units import MM

A4 = Size(210 * MM, 297 * MM)
LETTER = Size(215.9 * MM, 279.4 * MM)
POKER = Size(63 * MM, 88 * MM)


# in the worker of the files that read the bundled kits: Licum's and Charlie's plans and assets
# are theirs too
pytestmark = pytest.mark.xdist_group(KITS_GROUP)


# ---- fold-and-glue -------------------------------------------------------------------------

@pytest.mark.parametrize("paper", [A4, LETTER], ids=["a4", "letter"])
@pytest.mark.parametrize("mode", ["gutter", "abut", "none"])
def test_fold_backs_mirror_fronts_across_the_fold_line(paper: Size, mode: str) -> None:
    bleed = 0.0 if mode == "none" else 3 * MM
    plan = plan_fold(paper, POKER, bleed=bleed, mode=mode)  # type: ignore[arg-type]
    assert plan.fold_x == pytest.approx(plan.page.width / 2)
    assert plan.per_page >= 2
    for front, back in zip(plan.fronts, plan.backs, strict=True):
        assert front.trim.right <= plan.fold_x - bleed + 0.01  # fronts left of the fold gutter
        # the back is the front's mirror image across the fold line, same row
        assert back.trim.x == pytest.approx(2 * plan.fold_x - front.trim.right)
        assert back.trim.y == pytest.approx(front.trim.y)
        assert (back.trim.w, back.trim.h) == pytest.approx((front.trim.w, front.trim.h))
        for slot in (front, back):  # inside the paper, outside a 5 mm margin
            assert slot.clip.x >= 5 * MM - 0.01 and slot.clip.right <= plan.page.width - 5 * MM
            assert slot.clip.y >= 5 * MM - 0.01 and slot.clip.top <= plan.page.height - 5 * MM
    # the column next to the fold bleeds up to the fold line, from both sides
    inner = [s for s in plan.fronts if s.col == plan.cols - 1]
    assert all(s.clip.right == pytest.approx(plan.fold_x) for s in inner)
    assert plan.fold.x1 == plan.fold.x2 == pytest.approx(plan.fold_x)


def test_fold_puts_four_poker_cards_and_their_backs_on_a4_landscape() -> None:
    plan = plan_fold(A4, POKER, bleed=3 * MM, mode="gutter")
    assert plan.landscape and (plan.cols, plan.rows) == (2, 2)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_fold_kit_pages_hold_each_front_beside_its_back(paper: str) -> None:
    planned = planned_pages("licum", fold=True, paper=paper)  # the whole kit: no blank page either
    assert not any(page.label == "blank" for page in planned)
    sheets = [p for p in planned if p.label.startswith("Cartes de Jeu")]
    assert sheets and all(p.label.endswith("pli") for p in sheets)
    for page in sheets:
        fronts = page.placements[0::2]
        backs = page.placements[1::2]
        assert len(fronts) == len(backs)
        for front, back in zip(fronts, backs, strict=True):
            assert back.x == pytest.approx(page.size.width - front.x - front.face.width)
            assert back.y == pytest.approx(front.y)
        fold = [op for op in page.ops if isinstance(op, LineOp) and op.dash]
        assert len(fold) == 1 and fold[0].x1 == pytest.approx(page.size.width / 2)
        legend = [op for op in page.ops if isinstance(op, TextOp)]
        assert legend and "pliez ici" in legend[0].text
        assert 5 * MM <= legend[0].y <= page.size.height - 5 * MM
        for line in (op for op in page.ops if isinstance(op, LineOp)):  # marks and fold line
            for x, y in ((line.x1, line.y1), (line.x2, line.y2)):
                assert 3 * MM - 0.01 <= x <= page.size.width - 3 * MM + 0.01
                assert 3 * MM - 0.01 <= y <= page.size.height - 3 * MM + 0.01


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_fold_sheet_has_its_legend_even_for_small_tokens(paper: str) -> None:
    folded = [p for p in planned_pages("charlie", fold=True, paper=paper)
              if p.label.endswith(" pli")]
    assert any(p.label.startswith("Jetons") for p in folded)  # 25 mm tokens
    for page in folded:
        texts = [op.text for op in page.ops if isinstance(op, TextOp)]
        assert texts and texts[0].startswith("‹ - -  pliez ici"), page.label


def test_fold_build_writes_landscape_pages_with_both_faces(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["build", "licum", "--fold", "--sections", "mises-au-jeu",
                                      "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    path = tmp_path / "licum-mises-au-jeu-fold-a4.pdf"
    assert result.stdout.strip() == str(path)
    reader = PdfReader(path)
    guide = pdf_guide_length(reader.page_labels)
    assert guide == 1  # the printing guide, single-sided: no blank verso
    first = reader.pages[guide]
    assert float(first.mediabox.width) > float(first.mediabox.height)  # landscape
    (text,) = pdfium_page_texts(path, [guide])
    assert "MISE AU JEU" in text  # the backs are on the fronts' sheet


def test_simplex_and_fold_cannot_be_combined() -> None:
    result = CliRunner().invoke(app, ["build", "licum", "--fold", "--simplex"])
    assert result.exit_code == 2
    assert "choose one" in result.output


# ---- simplex -------------------------------------------------------------------------------

@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_simplex_drops_exactly_the_blank_pages(paper: str) -> None:
    duplex = planned_pages("charlie", paper=paper)
    simplex = planned_pages("charlie", simplex=True, paper=paper)
    blanks = [p for p in duplex if p.label == "blank"]
    assert blanks, "the duplex kit pads with blank pages (otherwise this test proves nothing)"
    assert not any(p.label == "blank" for p in simplex)
    assert [p.label for p in simplex] == [p.label for p in duplex if p.label != "blank"]
    # fronts then their backs, on separate sheets, backs still where duplex would put them
    labels = [p.label for p in simplex]
    for index, label in enumerate(labels):
        if label.endswith(" verso"):
            assert labels[index - 1] == label.removesuffix(" verso") + " recto"
            front, back = simplex[index - 1], simplex[index]
            assert back.size == front.size and len(back.placements) == len(front.placements)


def test_simplex_file_name_and_pages(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["build", "licum", "--simplex", "--sections",
                                      "aide-memoire,mises-au-jeu", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    texts = pdfium_page_texts(tmp_path / "licum-aide-memoire-mises-au-jeu-simplex-a4.pdf")
    assert not any("laissée blanche" in text for text in texts)


# ---- sections ------------------------------------------------------------------------------

def test_sections_build_only_the_sections_asked_for() -> None:
    planned = planned_pages("licum", sections=("mises-au-jeu", "Tapis de jeu"))
    titles = {p.label.split(" ")[0] for p in planned if p.label != "blank"}
    assert any(p.label.startswith("Mises au jeu") for p in planned)
    assert any(p.label.startswith("Tapis de jeu") for p in planned)
    assert not any(p.label.startswith(("Cartes", "Aide-mémoire")) for p in planned), titles


def test_a_kind_names_its_section() -> None:
    by_kind = planned_pages("licum", sections=("mise-au-jeu",))
    by_title = planned_pages("licum", sections=("mises-au-jeu",))
    assert [p.label for p in by_kind] == [p.label for p in by_title]


def test_unknown_section_is_an_error_with_suggestions() -> None:
    result = CliRunner().invoke(app, ["build", "licum", "--sections", "cartes-de-jeux"])
    assert result.exit_code == 2
    assert "no such section (did you mean 'cartes-de-jeu'" in result.output
    assert "aide-memoire, tapis-de-jeu, cartes-de-preparation" in result.output
    assert "Traceback" not in result.output


def test_sections_in_print_deck(tmp_path: Path) -> None:
    deck = str(ROOT / "cards" / "licum" / "decks" / "rouges.txt")
    result = CliRunner().invoke(app, ["print-deck", "licum", deck,
                                      "--sections", "cartes-de-jeu", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    text = " ".join(pdfium_page_texts(tmp_path / "deck-rouges-cartes-de-jeu-a4.pdf"))
    assert "JEU" in text and "PRÉPARATION" not in text


# ---- ink saver -----------------------------------------------------------------------------

def _fills(face: Face) -> list[tuple[float, float, float]]:
    return [op.fill for op in face.ops if isinstance(op, RectOp) and op.fill is not None]


def test_ink_saver_uses_the_layouts_declared_version() -> None:
    normal = KitPlanner(bundled_assets("licum"), BuildOptions())
    saver = KitPlanner(bundled_assets("licum"), BuildOptions(ink_saver=True))
    card = bundled_assets("licum").game.component("LIC-DIF-CLICHE")
    dark, light = (p.face(card, "dos-preparation", "back") for p in (normal, saver))
    assert dark != light
    # the full-bleed background: the deck's colour, white under ink saver
    assert relative_luminance(_fills(dark)[0]) < 0.1
    assert _fills(light)[0] == (1.0, 1.0, 1.0)


def test_ink_saver_pales_full_bleed_fills_and_recolours_light_text() -> None:
    normal = KitPlanner(bundled_assets("licum"), BuildOptions())
    saver = KitPlanner(bundled_assets("licum"), BuildOptions(ink_saver=True))
    # its front layout has no ink_saver entry
    card = bundled_assets("licum").game.component("LIC-DIF-CLICHE")
    assert bundled_assets("licum").designs[card.front].ink_saver is None
    dark, light = (p.face(card, card.front, "front") for p in (normal, saver))
    fill = _fills(dark)[0]
    assert _fills(light)[0] == pale_tint(fill)
    assert min(_fills(light)[0]) >= 0.85 > min(fill)  # at most 15 % ink per channel
    # the white title, drawn on the fill, takes the fill's colour; nothing is left white on it
    texts = [op for g in light.ops if isinstance(g, GroupOp) for op in g.ops
             if isinstance(op, TextOp)]
    assert any(op.color == fill for op in texts)


def test_ink_saver_overrides_are_strict(tmp_path: Path) -> None:
    path = tmp_path / "layouts.yaml"
    path.write_text("layouts:\n  dos:\n    boxes:\n      fond: {fill: red, bleed: true}\n"
                    "    ink_saver:\n      fnd: {fill: white}\n      fond: {colour: red}\n",
                    encoding="utf-8")
    with pytest.raises(DataErrors) as caught:
        load_face_designs(path, "layouts.yaml")
    problems = caught.value.problems()
    assert any("layouts.yaml:6: ink_saver of layout 'dos': no box 'fnd'" in p
               and "did you mean 'fond'" in p for p in problems), problems
    assert any("layouts.yaml:7: unknown field 'colour'" in p for p in problems), problems


def test_ink_saver_overrides_are_inherited(tmp_path: Path) -> None:
    path = tmp_path / "layouts.yaml"
    path.write_text("layouts:\n  dos:\n    boxes:\n      fond: {fill: red, bleed: true}\n"
                    "      mot: {text: A, color: white}\n"
                    "    ink_saver:\n      fond: {fill: white}\n"
                    "  dos-2:\n    extends: dos\n    ink_saver:\n      mot: {color: red}\n",
                    encoding="utf-8")
    layouts = load_face_designs(path, "layouts.yaml")
    variant = layouts["dos-2"].ink_saver
    assert variant is not None
    boxes = {b.name: b for b in variant.boxes}
    assert boxes["fond"].fill is not None and boxes["fond"].fill.source == "white"
    assert boxes["mot"].color is not None and boxes["mot"].color.source == "red"
    normal = {b.name: b for b in layouts["dos-2"].boxes}
    assert normal["fond"].fill is not None and normal["fond"].fill.source == "red"


# ---- Licum: cards allowed in either deck ---------------------------------------------------

def _back_of(page: PageSpec, planner: KitPlanner, layout: str) -> int:
    card = planner.assets.game.component("LIC-DIF-CLICHE")
    face = planner.face(card, layout, "back")
    return sum(1 for p in page.placements if p.face == face)


def test_licum_kit_prints_cards_allowed_in_jeu_in_both_decks() -> None:
    # a planner composes the backs compared with the kit's pages (faces are values: equal when
    # drawn alike)
    planner = KitPlanner(bundled_assets("licum"), BuildOptions())
    planned = planned_pages("licum")
    both = ("Arbitre de mauvaise humeur", "Blessure")
    jeu_fronts = [p for p in planned if p.label.startswith("Cartes de Jeu") and p.recto]
    prep_fronts = [p for p in planned if p.label.startswith("Cartes de Préparation") and p.recto]
    for name in both:
        assert any(name in page_text(p) for p in jeu_fronts), name
        assert any(name in page_text(p) for p in prep_fronts), name
    # every back of the Jeu section is the Jeu back: no Préparation back among them
    jeu_backs = [p for p in planned if p.label.startswith("Cartes de Jeu") and
                 p.label.endswith("verso")]
    assert sum(len(p.placements) for p in jeu_backs) == sum(
        _back_of(p, planner, "dos-jeu") for p in jeu_backs)
    assert all(_back_of(p, planner, "dos-preparation") == 0 for p in jeu_backs)
    prep_backs = [p for p in planned if p.label.startswith("Cartes de Préparation") and
                  p.label.endswith("verso")]
    assert all(_back_of(p, planner, "dos-jeu") == 0 for p in prep_backs)


def test_print_deck_gives_a_card_the_back_of_the_deck_section_it_is_listed_in(
        tmp_path: Path) -> None:
    options = BuildOptions(out_dir=tmp_path)
    for section_kinds, back in ((("improvisateur",), "JEU"), (("difficulte",), "PRÉPARATION")):
        path = build_deck(Resources((ROOT,)), "licum",
                          [DeckCard("LIC-DIF-BLESSURE", 1, section_kinds)], back, options)
        guide = pdf_guide_length(PdfReader(path).page_labels)  # the printing guide first
        front, verso = pdfium_page_texts(path, (guide, guide + 1))
        assert "Blessure" in front
        assert back in verso
        other = "PRÉPARATION" if back == "JEU" else "JEU"
        assert other not in verso.split()


def test_unknown_section_back_is_a_layout_error(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    copy_kit("licum", tmp_path, monkeypatch)
    replace_once(tmp_path / "cards" / "licum" / "game.yaml",
                 "also: allowed_in_jeu\n    back: dos-jeu", "also: allowed_in_jeu\n    back: dos-jue")
    result = CliRunner().invoke(app, ["build", "licum"])
    assert result.exit_code == 2
    assert "back 'dos-jue', which no templates/licum/layouts.yaml defines" in result.output
    assert "did you mean 'dos-jeu'" in result.output


def test_also_must_name_a_yes_no_field(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy_kit("licum", tmp_path, monkeypatch)
    replace_once(tmp_path / "cards" / "licum" / "game.yaml", "also: allowed_in_jeu",
                 "also: allowed_in_jue")
    result = CliRunner().invoke(app, ["check", "licum"])
    assert result.exit_code == 2
    assert "game.yaml:" in result.output
    assert "also: 'allowed_in_jue' is no yes/no (bool) field" in result.output
    assert "did you mean 'allowed_in_jeu'" in result.output


# ---- print-shop export ---------------------------------------------------------------------

TEAMS_LEFT_OUT = ("bleus", "jaunes", "verts", "etoile")
KINDS_LEFT_OUT = {"condition": "conditions.yaml", "scuze-mais": "scuze-mais.yaml",
                  "shote": "shotes.yaml"}


def test_print_shop_export_writes_one_pdf_per_face_with_boxes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Licum's Cartes de Jeu: the one section that takes cards of another ("also") and gives
    # them its own back. A copy of the kit with one team of players (8 of the 40) and none of
    # the section's other kinds: the same mechanism in 11 PDFs instead of 65 (one PDF a face:
    # ~15 ms each)
    copy_kit("licum", tmp_path / "kit", monkeypatch)
    game_yaml = tmp_path / "kit" / "cards" / "licum" / "game.yaml"
    for file in (*(f"{team}.yaml" for team in TEAMS_LEFT_OUT), *KINDS_LEFT_OUT.values()):
        replace_once(game_yaml, f"\n  - {file}\n", "\n")
    # the tournament deck format bans a Condition: no card left to ban in this copy
    replace_once(game_yaml, "cards: [Repêchage]", "cards: []")
    shop = tmp_path / "shop"
    result = CliRunner().invoke(app, ["export", "licum", "--print-shop", str(shop),
                                      "--sections", "cartes-de-jeu"])
    assert result.exit_code == 0, result.output
    manifest = json.loads((shop / "manifest.json").read_text(encoding="utf-8"))
    items = manifest["items"]
    game = bundled_assets("licum").game
    held = [c for c in game.components if (c.kind in ("improvisateur", "condition", "scuze-mais",
                                                      "shote") or c.values.get("allowed_in_jeu"))
            and c.values.get("team") not in TEAMS_LEFT_OUT and c.kind not in KINDS_LEFT_OUT]
    assert any(c.kind == "improvisateur" for c in held)
    assert any(c.values.get("allowed_in_jeu") for c in held)
    assert len(items) == len(held)
    assert manifest["copies"] == sum(c.count for c in held)
    files = {i["front"] for i in items} | {i["back"] for i in items}
    assert files == {p.name for p in shop.glob("*.pdf")}
    assert {i["back"] for i in items} == {"verso-dos-jeu.pdf"}  # one shared back, the Jeu one
    blessure = next(i for i in items if i["id"] == "LIC-DIF-BLESSURE")
    assert blessure["section"] == "Cartes de Jeu" and blessure["count"] == 1
    assert (blessure["trim_width_mm"], blessure["trim_height_mm"]) == (63.0, 88.0)
    assert (blessure["page_width_mm"], blessure["page_height_mm"]) == (69.0, 94.0)
    for name in (blessure["front"], blessure["back"]):
        reader = PdfReader(shop / name)
        assert len(reader.pages) == 1
        page = reader.pages[0]
        bleed = 3 * MM
        assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, 69 * MM, 94 * MM])
        assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, 69 * MM, 94 * MM])
        assert [float(v) for v in page.trimbox] == pytest.approx(
            [bleed, bleed, bleed + 63 * MM, bleed + 88 * MM], abs=1e-3)


def test_print_shop_csv_manifest_and_bleed(tmp_path: Path) -> None:
    shop = tmp_path / "shop"
    result = CliRunner().invoke(app, ["export", "licum", "--print-shop", str(shop), "--manifest",
                                      "csv", "--bleed-mm", "2", "--sections", "mises-au-jeu"])
    assert result.exit_code == 0, result.output
    with (shop / "manifest.csv").open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [r["id"] for r in rows] == [c.id for c in bundled_assets("licum").game.components
                                       if c.kind == "mise-au-jeu"]
    assert {r["bleed_mm"] for r in rows} == {"2.0"}
    assert {r["page_width_mm"] for r in rows} == {"67.0"}
    page = PdfReader(shop / rows[0]["front"]).pages[0]
    assert float(page.trimbox[0]) == pytest.approx(2 * MM, abs=1e-3)


def test_export_needs_a_target() -> None:
    result = CliRunner().invoke(app, ["export", "licum"])
    assert result.exit_code == 2 and "--print-shop DIR" in result.output


def test_export_of_documents_only_is_an_error() -> None:
    with pytest.raises(PrintAndPlayError):
        from printandplay.export.print_shop import export_print_shop

        export_print_shop(Resources((ROOT,)), "licum", Path("/nonexistent-unused"),
                          BuildOptions(sections=("aide-memoire",)))


# ---- fold sheets under the printer margin (13a's rules, after the merge) ----------------------

# the sections whose sheets fold (the mats, standees and documents print as they are)
FOLDED_SECTIONS = {"licum": ("cartes-de-jeu", "cartes-de-preparation", "mises-au-jeu"),
                   "charlie": ("aides-de-jeu", "tuiles", "jetons", "jetons-de-propriete")}


@pytest.mark.parametrize("margin_mm", [5, 8])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", ["licum", "charlie"])
def test_fold_sheets_keep_marks_legend_and_label_inside_the_printable_area(
        game: str, paper: str, margin_mm: int) -> None:
    from printandplay.imposition.marks import MIN_MARK
    from printandplay.layout.extent import op_extents
    from printandplay.model.geometry import Rect
    from printandplay.planning.sections import slug

    margin = margin_mm * MM
    if margin == DEFAULT_MARGIN:  # the whole kit, as the fold tests above plan it (shared)
        planned = planned_pages(game, fold=True, paper=paper, margin=margin)
        assert {slug(p.section) for p in planned if p.side == "fold"} == \
            set(FOLDED_SECTIONS[game])
    else:  # the same sheets (a section is imposed alone): only the sections that fold
        planned = planned_pages(game, fold=True, paper=paper, margin=margin,
                                sections=FOLDED_SECTIONS[game])
    folded = [p for p in planned if p.side == "fold"]
    assert folded
    fonts = bundled_assets(game).fonts
    for page in folded:
        area = Rect(0, 0, page.size.width, page.size.height).inset(margin)
        texts = []
        for op, extent in op_extents(page.ops, fonts):
            if isinstance(op, (LineOp, TextOp)):
                assert area.contains(extent, tolerance=0.01), (page.label, op)
            if isinstance(op, LineOp) and not op.dash and op.width == 0.25:  # crop mark
                assert abs(op.x2 - op.x1) + abs(op.y2 - op.y1) >= MIN_MARK - 1e-6
            if isinstance(op, TextOp):
                assert op.size >= 6
                texts.append(op.text)
        label = bundled_assets(game).game.name.split()[0]
        assert any(label in t for t in texts), page.label
        # every crop mark stands on a cut line of an item of this sheet (none for empty slots)
        cuts_x = {round(v, 2) for p in page.placements for v in (p.x, p.x + p.face.width)}
        cuts_y = {round(v, 2) for p in page.placements for v in (p.y, p.y + p.face.height)}
        for op in page.ops:
            if isinstance(op, LineOp) and not op.dash and op.width == 0.25:
                assert (round(op.x1, 2) in cuts_x if op.x1 == op.x2
                        else round(op.y1, 2) in cuts_y), (page.label, op)
