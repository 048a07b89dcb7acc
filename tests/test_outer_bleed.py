"""At least 2 mm of bleed on every outer edge of every item, on every sheet of the bundled kits,
A4 and Letter, in every printing mode, and on the sheets of any deck (issue 28).

An outer edge is one that shares no cut line with a neighbour: a miscut there shows the paper.
Measured on the planned pages (what the PDF writer draws); decks print a kit section's items in
any number, so every count of every section is planned too.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from helpers import KITS_GROUP, KitsBuild, bundled_assets, planned_pages

from printandplay.imposition.grid import fits_on
from printandplay.imposition.marks import MIN_OUTER_BLEED
from printandplay.model.game import SheetSection
from printandplay.model.geometry import Rect
from printandplay.planning.options import BuildOptions
from printandplay.planning.pages import PageSpec
from printandplay.planning.planner import KitPlanner

MM = 72 / 25.4
EPS = 0.01  # points
GAMES = ["charlie", "licum", "sorciers", "limits", "oups"]
MODES = {"default": {}, "fold": {"fold": True}, "simplex": {"simplex": True}}
pytestmark = pytest.mark.xdist_group(KITS_GROUP)


def _shares_cut(clip: Rect, side: str, others: list[Rect]) -> bool:
    """Whether another item's clip starts where ``clip``'s side ends, along a stretch."""
    for other in others:
        if side in ("left", "right"):
            touching = abs((other.right if side == "left" else other.x)
                           - (clip.x if side == "left" else clip.right)) < EPS
            along = min(clip.top, other.top) - max(clip.y, other.y) > EPS
        else:
            touching = abs((other.top if side == "bottom" else other.y)
                           - (clip.y if side == "bottom" else clip.top)) < EPS
            along = min(clip.right, other.right) - max(clip.x, other.x) > EPS
        if touching and along:
            return True
    return False


def outer_bleeds(trims_and_clips: list[tuple[Rect, Rect]]) -> Iterator[tuple[str, float]]:
    """The bleed of every outer edge of these items (trim, clip): (side, bleed)."""
    clips = [clip for _, clip in trims_and_clips]
    for trim, clip in trims_and_clips:
        others = [c for c in clips if c is not clip]
        for side, bleed in (("left", trim.x - clip.x), ("right", clip.right - trim.right),
                            ("bottom", trim.y - clip.y), ("top", clip.top - trim.top)):
            if not _shares_cut(clip, side, others):
                yield side, bleed


def page_items(page: PageSpec) -> list[tuple[Rect, Rect]]:
    """The items of a sheet (not the tiles of an item larger than the paper) as (trim, clip)."""
    return [(Rect(p.x, p.y, p.face.width, p.face.height), p.clip) for p in page.placements
            if p.clip is not None and p.face.width <= page.size.width]


@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_every_outer_edge_of_every_item_bleeds_2_mm(game: str, paper: str, mode: str) -> None:
    edges = 0
    for page in planned_pages(game, paper=paper, **MODES[mode]):
        for side, bleed in outer_bleeds(page_items(page)):
            edges += 1
            assert bleed >= MIN_OUTER_BLEED - EPS, (page.label, side, round(bleed / MM, 2))
    assert edges > 0


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_every_count_of_every_section_bleeds_2_mm_on_outer_edges(game: str, paper: str) -> None:
    """What a deck prints: any number of a section's items (the sheet mode follows it)."""
    assets = bundled_assets(game)
    planner = KitPlanner(assets, BuildOptions(paper=paper))
    sections = [s for s in assets.game.kit if isinstance(s, SheetSection)
                and fits_on(planner.paper, planner.sheets.job.kind_of(s).size)]
    assert sections
    for section in sections:
        per_page = planner.sheets.plan(section).per_page
        counts = {1, 2, 3, per_page // 2 + 1, per_page - 1, per_page, per_page + 1,
                  2 * per_page - 1, 2 * per_page}
        for count in sorted(c for c in counts if c > 0):
            plan = planner.sheets.plan(section, count)
            # the last sheet holds what is left: a full row, a row and one, one item…
            lefts = {1, 2, plan.cols, plan.cols + 1, plan.per_page - 1, plan.per_page}
            for filled in {plan.filled(n) for n in lefts if 0 < n <= min(count, plan.per_page)}:
                items = [(s.trim, s.clip) for s in filled.fronts]
                for side, bleed in outer_bleeds(items):
                    assert bleed >= MIN_OUTER_BLEED - EPS, (section.title, count, side)


def test_mat_tiles_print_nothing_past_their_bleed_box_but_marks_and_labels(
        bundled_kits: KitsBuild) -> None:
    """The Licum mat's art stops at each tile's BleedBox (the tile's clip): outside it, only
    thin crop marks, dashed guides and the tile's label print."""
    import pypdfium2 as pdfium  # (a test dependency, as for the page texts)
    from pypdf import PdfReader

    pdf = bundled_kits.pdf("licum")
    reader = PdfReader(pdf)
    document = pdfium.PdfDocument(pdf)
    tiles = [i for i, label in enumerate(reader.page_labels)
             if label.startswith("Tapis de jeu") and label.endswith("recto")]
    assert tiles
    for index in tiles:
        box = reader.pages[index].bleedbox
        x0, y0, x1, y1 = float(box.left), float(box.bottom), float(box.right), float(box.top)
        image = document[index].render(scale=1).to_pil().convert("L")
        width, height = image.size
        pixels = image.load()
        dark = sum(1 for y in range(height) for x in range(width)
                   if pixels[x, y] < 200
                   and not (x0 - 1 <= x <= x1 + 1 and y0 - 1 <= height - y <= y1 + 1))
        assert dark < 0.002 * width * height, (reader.page_labels[index], dark)
