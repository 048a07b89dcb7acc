"""Items larger than the paper: each on as many sheets as it needs, with overlaps, guides and
tile labels."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from printandplay.data.kit_words import game_words
from printandplay.errors import OptionError
from printandplay.imposition.marks import MARK_WIDTH
from printandplay.imposition.tiling import TilePlan, art_area, plan_tiles
from printandplay.model.game import Component, SheetSection, Size
from printandplay.model.geometry import Rect
from printandplay.model.ops import Face, GroupOp, LineOp, Op, Placement
from printandplay.planning.faces import FacePlacer
from printandplay.planning.pages import CUT_GUIDE_COLOR, MARK_COLOR, PageSpec
from printandplay.planning.print_job import PrintJob
from printandplay.planning.sheet_labels import SheetLabels


class TileSheets:
    """Plans the tiled sheets of a section whose items do not fit on the paper."""

    def __init__(self, job: PrintJob, placer: FacePlacer, labels: SheetLabels) -> None:
        self.job = job
        self.placer = placer
        self.labels = labels

    def plan(self, section: SheetSection) -> TilePlan:
        """The tiling of one item of ``section``; an option error when none fits."""
        job = self.job
        try:
            return plan_tiles(job.paper, job.kind_of(section).size, bleed=job.bleed,
                              margin=job.options.margin)
        except ValueError as err:
            raise OptionError(f"{section.title}: {err}") from None

    def iter_pages(self, items: Sequence[Component], section: SheetSection
                   ) -> Iterator[PageSpec]:
        """Each item on as many sheets as it needs, one page at a time (faces forgotten after
        their last tile); under ``--proof``, each on one sheet, scaled down."""
        if self.job.options.proof:
            yield from self._proof_pages(items, section)
            return
        plan = self.plan(section)
        total = len(items) * len(plan.tiles)
        self.placer.expect(items, back=False, times=len(plan.tiles))
        number = 0
        for item in items:
            for tile in plan.tiles:
                number += 1
                name = f"{item.name} — {tile.row + 1}-{tile.col + 1} ({plan.rows}×{plan.cols})"
                ops: list[Op] = [LineOp(m.x1, m.y1, m.x2, m.y2, MARK_COLOR, MARK_WIDTH)
                                 for m in tile.marks]
                ops += [LineOp(g.x1, g.y1, g.x2, g.y2, CUT_GUIDE_COLOR, 0.5, (3.0, 2.0))
                        for g in tile.guides]
                placement = self.placer.place(item, item.front, "front", tile.origin[0],
                                              tile.origin[1], tile.clip)
                yield self.labels.add(PageSpec(plan.page, f"{section.title} {name}",
                                               (placement,), tuple(ops), recto=True,
                                               section=section.title, side="recto",
                                               sheet=number), total, name)

    def skeleton(self, items: Sequence[Component], section: SheetSection
                 ) -> Iterator[PageSpec]:
        """The pages :meth:`iter_pages` yields, without their faces and labels."""
        if self.job.options.proof:
            page = self._proof_page(section)[0]
            for number in range(1, len(items) + 1):
                yield PageSpec(page, "", recto=True,
                               section=section.title, side="recto", sheet=number,
                               sheets=len(items))
            return
        plan = self.plan(section)
        total = len(items) * len(plan.tiles)
        for number in range(1, total + 1):
            yield PageSpec(plan.page, "", recto=True, section=section.title, side="recto",
                           sheet=number, sheets=total)

    def _proof_page(self, section: SheetSection) -> tuple[Size, float, Rect]:
        """The page of a section's proofs (turned like the item), the scale that fits an item
        and its bleed into the art area, and that area."""
        job = self.job
        size, bleed = job.kind_of(section).size, job.bleed
        paper = job.paper
        long_side, short_side = max(paper.width, paper.height), min(paper.width, paper.height)
        page = (Size(long_side, short_side) if size.width >= size.height
                else Size(short_side, long_side))
        area = art_area(page, job.options.margin)
        scale = min(area.w / (size.width + 2 * bleed), area.h / (size.height + 2 * bleed), 1.0)
        return page, scale, area

    def _proof_pages(self, items: Sequence[Component], section: SheetSection
                     ) -> Iterator[PageSpec]:
        """Each item on one sheet, scaled down to fit (``--proof``): no marks, a label saying
        the scale and that the sheet is not for play."""
        page, scale, area = self._proof_page(section)
        proof_words = game_words(self.job.game)["sheet"]["proof"]
        self.placer.expect(items, back=False)
        for number, item in enumerate(items, start=1):
            placed = self.placer.place(item, item.front, "front", 0.0, 0.0, None)
            face = placed.face
            proof = Face(face.width * scale, face.height * scale, face.bleed * scale, face.shape,
                         (GroupOp((scale, 0.0, 0.0, scale, 0.0, 0.0), face.ops),))
            x = area.x + (area.w - proof.width) / 2
            y = area.y + (area.h - proof.height) / 2
            name = f"{item.name} — {proof_words.format(scale=f'{scale * 100:.0f}')}"
            yield self.labels.add(PageSpec(page, f"{section.title} {name}",
                                           (Placement(proof, x, y, None),), recto=True,
                                           section=section.title, side="recto",
                                           sheet=number), len(items), name)
