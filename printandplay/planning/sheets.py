"""Sheets of a section: fronts, each followed by its sheet of backs; fold-and-glue sheets under
``--fold``, tiles for items larger than the paper. Also their skeletons: the same pages without
faces or labels, for counting."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from printandplay.errors import OptionError
from printandplay.layout.imposition import SheetPlan, choose_mode, fits_on, plan_sheet
from printandplay.layout.marks import MARK_WIDTH
from printandplay.model.game import Component, ImpositionMode, SheetSection
from printandplay.model.ops import EllipseOp, LineOp, Op
from printandplay.pages import CUT_GUIDE_COLOR, MARK_COLOR, PageSpec
from printandplay.planning.faces import FacePlacer
from printandplay.planning.fold_sheets import FoldSheets
from printandplay.planning.print_job import PrintJob
from printandplay.planning.sheet_labels import SheetLabels
from printandplay.planning.tiles import TileSheets


class SheetPlanner:
    """Plans the sheets of a section: as duplex sheets, fold sheets or tiles."""

    def __init__(self, job: PrintJob, placer: FacePlacer, labels: SheetLabels,
                 folds: FoldSheets, tiles: TileSheets) -> None:
        self.job = job
        self.placer = placer
        self.labels = labels
        self.folds = folds
        self.tiles = tiles

    def plan(self, section: SheetSection, count: int | None = None) -> SheetPlan:
        """The imposition shared by every sheet of a section of ``count`` items (``auto``
        spaces them with full bleed when that costs no extra sheet)."""
        job = self.job
        size = job.kind_of(section).size
        margin = job.options.margin
        mode: ImpositionMode = (choose_mode(job.paper, size, job.bleed, count, margin)
                                if section.bleed_mode == "auto" else section.bleed_mode)
        if job.bleed <= 0:
            mode = "none"
        try:
            return plan_sheet(job.paper, size, bleed=job.bleed, mode=mode,
                              flip=job.options.flip, back_offset=job.options.back_offset,
                              margin=margin)
        except ValueError as err:
            raise OptionError(f"{section.title}: {err}") from None

    def _fits(self, section: SheetSection) -> bool:
        """Whether an item of ``section`` fits on the paper (else it is tiled)."""
        return fits_on(self.job.paper, self.job.kind_of(section).size, self.job.options.margin)

    def skeleton(self, items: Sequence[Component], section: SheetSection
                 ) -> Iterator[PageSpec]:
        """The pages :meth:`iter_pages` yields, without their faces and labels."""
        if not self._fits(section):
            yield from self.tiles.skeleton(items, section)
            return
        fold = self.folds.plan_of(items, section)
        if fold is not None:
            yield from self.folds.skeleton(items, section, fold)
            return
        title = section.title
        full = self.plan(section, len(items))
        total = -(-len(items) // full.per_page)
        for number, start in enumerate(range(0, len(items), full.per_page), start=1):
            yield PageSpec(full.page, "", recto=True, section=title, side="recto",
                           sheet=number, sheets=total)
            if any(item.back for item in items[start:start + full.per_page]):
                yield PageSpec(full.page, "", section=title, side="verso", sheet=number,
                               sheets=total)

    def iter_pages(self, items: Sequence[Component], section: SheetSection
                   ) -> Iterator[PageSpec]:
        """Sheets of fronts, each followed by its sheet of backs when any item has a back, one
        page at a time: each sheet's faces are composed when the sheet is asked for, and
        forgotten after their last placement. Items larger than the paper are tiled; under
        ``--fold`` items with backs go on fold sheets."""
        if not self._fits(section):
            yield from self.tiles.iter_pages(items, section)
            return
        fold = self.folds.plan_of(items, section)
        if fold is not None:
            yield from self.folds.iter_pages(items, section, fold)
            return
        full = self.plan(section, len(items))
        total = -(-len(items) // full.per_page)
        round_items = self.job.kind_of(section).shape == "round"
        placer = self.placer
        placer.expect(items, section)
        for number, start in enumerate(range(0, len(items), full.per_page), start=1):
            chunk = items[start:start + full.per_page]
            plan = full.filled(len(chunk))  # no marks for empty slots, bleed towards them
            marks: tuple[Op, ...] = tuple(
                LineOp(m.x1, m.y1, m.x2, m.y2, MARK_COLOR, MARK_WIDTH) for m in plan.marks)
            fronts = tuple(
                placer.place(item, item.front, "front", slot.trim.x, slot.trim.y, slot.clip)
                for item, slot in zip(chunk, plan.fronts, strict=False)
            )
            guides: tuple[Op, ...] = ()
            if round_items:  # round items: a thin circle on the cut line
                guides = tuple(EllipseOp(s.trim.x, s.trim.y, s.trim.w, s.trim.h, None,
                                         CUT_GUIDE_COLOR, 0.3)
                               for s in plan.fronts[:len(chunk)])
            yield self.labels.add(PageSpec(plan.page, f"{section.title} {number} recto",
                                           fronts, marks + guides, recto=True,
                                           section=section.title, side="recto",
                                           sheet=number), total)
            del fronts
            if any(item.back for item in chunk):
                backs = tuple(
                    placer.place_back(item, section, slot.trim.x, slot.trim.y, slot.clip)
                    for item, slot in zip(chunk, plan.backs, strict=False) if item.back
                )
                yield self.labels.add(PageSpec(plan.page, f"{section.title} {number} verso",
                                               backs, section=section.title, side="verso",
                                               sheet=number), total)
