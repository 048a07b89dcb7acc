"""Gutters between items whose edges differ in colour, ``--gutter MM``, and sheet labels clear of
every item and its bleed, over the bundled kits (issue 28)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import KITS_GROUP, bundled_assets, planned_pages
from typer.testing import CliRunner

from printandplay.cli import app
from printandplay.imposition.sheet_label import CLEARANCE
from printandplay.layout.extent import op_extents
from printandplay.layout.fills import edge_fills
from printandplay.model.geometry import Rect
from printandplay.model.ops import EllipseOp, GroupOp, Placement, RectOp, TextOp
from printandplay.planning.pages import PageSpec

MM = 72 / 25.4
EPS = 0.01
GAMES = ["charlie", "licum", "sorciers", "limits", "oups"]
MODES = {"default": {}, "fold": {"fold": True}, "simplex": {"simplex": True}}
# every mode that lays items out: the cut lines of each
CUT_MODES = {**MODES, "ink-saver": {"ink_saver": True}, "pack": {"pack": True},
             "fronts-only": {"fronts_only": True}}
pytestmark = pytest.mark.xdist_group(KITS_GROUP)
runner = CliRunner()


def trim(p: Placement) -> Rect:
    return Rect(p.x, p.y, p.face.width, p.face.height)


def fills(p: Placement) -> tuple[object, ...]:
    face = p.face
    whole = face.shape.contains_point(Rect(0, 0, face.width, face.height), 0.1, 0.1)
    return edge_fills(face.ops, face.width, face.height, 1 * MM, whole=whole)


def shared_cuts(page: PageSpec) -> list[tuple[bool, str]]:
    """Every cut line two items of the page share: (whether their edges there differ in
    colour, or are not one colour, and the section)."""
    items = [p for p in page.placements if p.clip is not None and p.face.width <= page.size.width]
    out = []
    for a in items:
        for b in items:
            ta, tb = trim(a), trim(b)
            if abs(tb.x - ta.right) < EPS and min(ta.top, tb.top) - max(ta.y, tb.y) > EPS:
                left, right = fills(a)[2], fills(b)[0]
                out.append((left is None or left != right, page.section))
            if abs(tb.top - ta.y) < EPS and min(ta.right, tb.right) - max(ta.x, tb.x) > EPS:
                low, high = fills(a)[1], fills(b)[3]
                out.append((low is None or low != high, page.section))
    return out


@pytest.mark.parametrize("mode", list(CUT_MODES))
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_no_cut_line_is_shared_by_edges_of_different_colours(game: str, paper: str,
                                                              mode: str) -> None:
    """Not one, in any mode, even where the gutters take more sheets (``--fold`` poker cards on
    Letter, Charlie's fold token sheets): only ``--gutter 0`` asks for abutting."""
    cuts = [c for page in planned_pages(game, paper=paper, **CUT_MODES[mode])
            for c in shared_cuts(page)]
    assert not [section for differ, section in cuts if differ]
    if game == "sorciers":  # its energy tokens are all alike: they keep abutting
        assert cuts


@pytest.mark.parametrize("fold", [False, True])
def test_gutter_0_asks_for_abutting_items_of_different_colours(fold: bool) -> None:
    cuts = [c for page in planned_pages("charlie", fold=fold, gutter=0.0)
            for c in shared_cuts(page)]
    assert [section for differ, section in cuts if differ]


def overlap(a: Rect, b: Rect) -> bool:
    return min(a.right, b.right) - max(a.x, b.x) > EPS and min(a.top, b.top) - max(a.y, b.y) > EPS


def label_extents(page: PageSpec, game: str) -> list[Rect]:
    label = [op for op in page.ops if isinstance(op, (TextOp, GroupOp))
             or (isinstance(op, RectOp) and op.fill == (1.0, 1.0, 1.0))]
    assert not any(isinstance(op, RectOp) for op in label), page.label  # no white patch
    return [rect for _, rect in op_extents(label, bundled_assets(game).fonts)]


@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_sheet_labels_keep_clear_of_every_item_and_its_bleed(game: str, paper: str,
                                                             mode: str) -> None:
    labelled = 0
    for page in planned_pages(game, paper=paper, **MODES[mode]):
        clips = [p.clip for p in page.placements
                 if p.clip is not None and p.face.width <= page.size.width]
        guides = [Rect(op.x, op.y, op.w, op.h) for op in page.ops if isinstance(op, EllipseOp)]
        if not clips:
            continue
        for box in label_extents(page, game):
            labelled += 1
            for clip in [*clips, *guides]:
                # (the fold legend sits 0.8 mm off the bleed, beside its line)
                assert not overlap(clip.expand(*(4 * [0.8 * MM - EPS])), box), page.label
    assert labelled > 0


def test_labels_keep_the_clearance_where_there_is_room() -> None:
    for page in planned_pages("charlie"):
        if page.label == "Jetons 1 recto":  # 53 tokens on a sheet of 54, spaced apart
            (box,) = label_extents(page, "charlie")
            for placement in page.placements:
                assert placement.clip is not None
                assert not overlap(placement.clip.expand(*(4 * [CLEARANCE - EPS])), box)


def test_edge_fills_read_the_colour_along_each_edge() -> None:
    width, height, bleed = 100.0, 50.0, 8.0
    ops = (RectOp(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, (1.0, 0.0, 0.0)),
           RectOp(width - 10, -bleed, 10 + bleed, height + 2 * bleed, (0.0, 0.0, 1.0)))
    left, bottom, right, top = edge_fills(ops, width, height, 3.0)
    assert left == (1.0, 0.0, 0.0) and right == (0.0, 0.0, 1.0)
    assert bottom is None and top is None  # red, then blue along them: not one colour
    disc = (EllipseOp(-bleed, -bleed, width + 2 * bleed, width + 2 * bleed, (0.0, 1.0, 0.0)),)
    assert set(edge_fills(disc, width, width, 3.0, whole=False)) == {(0.0, 1.0, 0.0)}
    assert set(edge_fills(disc, width, width, 3.0)) == {None}  # its corners are paper


def test_gutter_option_spaces_every_two_neighbours(tmp_path: Path) -> None:
    # Licum's cards of play abut 9 to a sheet (--gutter 0: colours or not); --gutter 5 puts
    # 5 mm between every two of them, each bleeding 2.5 mm into it
    abut = [p for p in planned_pages("licum", gutter=0.0) if p.label == "Cartes de Jeu 1 recto"]
    assert len(abut[0].placements) == 9
    spaced = [p for p in planned_pages("licum", gutter=5 * MM)
              if p.label == "Cartes de Jeu 1 recto"]
    (page,) = spaced
    trims = sorted((round(trim(p).x, 3), round(trim(p).y, 3)) for p in page.placements)
    xs = sorted({x for x, _ in trims})
    assert len(xs) > 1
    for a, b in zip(xs, xs[1:], strict=False):
        assert (b - a) / MM == pytest.approx(63 + 5, abs=1e-3)  # (rounded)
    for p in page.placements:
        assert p.clip is not None
        assert (p.clip.right - trim(p).right) / MM >= 2.5 - 1e-6
    result = runner.invoke(app, ["build", "licum", "--gutter", "5", "--sections", "mises-au-jeu",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    bad = runner.invoke(app, ["build", "licum", "--gutter", "25", "--out", str(tmp_path)])
    assert bad.exit_code == 2
    assert "--gutter 25: use a value from 0 to 20 mm" in bad.output


@pytest.mark.parametrize("fold", [False, True])
def test_cut_circles_are_a_dark_line_over_a_white_one(fold: bool) -> None:
    """Seen on any background: on Charlie's round tokens, each circle is drawn white and wide,
    then dark and thin on top, on the token's trim."""
    pages = [p for p in planned_pages("charlie", fold=fold)
             if p.section == "Jetons" and p.side != "verso"]  # (fronts carry the guides)
    assert pages
    for page in pages:
        circles = [op for op in page.ops if isinstance(op, EllipseOp)]
        assert len(circles) == 2 * len(page.placements)
        for under, line in zip(circles[::2], circles[1::2], strict=True):
            assert under.stroke == (1.0, 1.0, 1.0) and line.stroke is not None
            assert max(line.stroke) <= 0.2 and under.stroke_width >= 3 * line.stroke_width
            assert (under.x, under.y, under.w, under.h) == (line.x, line.y, line.w, line.h)
        trims = {(round(p.x, 3), round(p.y, 3)) for p in page.placements}
        assert {(round(c.x, 3), round(c.y, 3)) for c in circles} == trims


def test_the_guide_repeats_the_gutter_in_its_rebuild_command(tmp_path: Path) -> None:
    result = runner.invoke(app, ["build", "licum", "--gutter", "4.5", "--sections",
                                 "mises-au-jeu", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    from pypdf import PdfReader

    reader = PdfReader(Path(result.stdout.strip().splitlines()[-1]))
    assert "--gutter 4.5" in reader.pages[0].extract_text()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_fold_sheet_prints_the_whole_fold_legend(paper: str) -> None:
    """Token sheets too (their marks leave room for 'pliez ici' only beside the line's ends):
    the whole legend goes under the line, in the label band."""
    for game in GAMES:
        for page in planned_pages(game, fold=True, paper=paper):
            if page.side == "fold":
                legends = [op.text for op in page.ops
                           if isinstance(op, TextOp) and "pliez" in op.text]
                assert legends == ["‹ - -  pliez ici, collez dos à dos, découpez"], page.label
