"""Sheets of a section: fronts, each followed by its sheet of backs; fold-and-glue sheets under
``--fold``, tiles for items larger than the paper. Also their skeletons: the same pages without
faces or labels, for counting."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from printandplay.errors import OptionError
from printandplay.imposition.grid import (
    SheetPlan,
    capacity,
    choose_mode,
    colour_gutter_fits,
    fits_on,
    mirror_axes,
    plan_sheet,
)
from printandplay.imposition.marks import MARK_WIDTH, crop_marks
from printandplay.model.game import Component, ImpositionMode, SheetSection
from printandplay.model.ops import LineOp, Op
from printandplay.planning.faces import FacePlacer
from printandplay.planning.fold_sheets import FoldSheets
from printandplay.planning.hex_sheets import HexSheets
from printandplay.planning.pages import MARK_COLOR, PageSpec, cut_guides
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
        self.hexes = HexSheets(job, placer, labels)  # hexagonal tiles nested in offset rows

    def plan(self, section: SheetSection, count: int | None = None,
             items: Sequence[Component] = ()) -> SheetPlan:
        """The imposition shared by every sheet of a section of ``count`` items (``auto``
        spaces them with full bleed when that costs no extra sheet, or when the edges of
        ``items`` differ in colour; ``--gutter`` spaces every section)."""
        job = self.job
        size = job.kind_of(section).size
        margin = job.options.margin
        gutter = job.options.gutter
        mode: ImpositionMode = (choose_mode(job.paper, size, job.bleed, count, margin)
                                if section.bleed_mode == "auto" else section.bleed_mode)
        if mode == "abut" and section.bleed_mode == "auto" and gutter is None \
                and colour_gutter_fits(capacity(job.paper, size, "gutter", job.bleed, margin)) \
                and self.placer.edges_differ(items, section):
            mode = "gutter"
        if job.bleed <= 0:
            mode = "none"
        if gutter:
            mode = "gutter"
        try:
            return plan_sheet(job.paper, size, bleed=job.bleed, mode=mode,
                              flip=job.options.flip, back_offset=job.options.back_offset,
                              margin=margin, gap=gutter or None)
        except ValueError as err:
            raise OptionError(f"{section.title}: {err}") from None

    def _tiled_or_folded(self, items: Sequence[Component], section: SheetSection,
                         skeleton: bool) -> Iterator[PageSpec] | None:
        """The pages (or their ``skeleton``) of a section whose items are tiled (larger than
        the paper), folded (``--fold``) or nested (hexagons), else None: they go on sheets of
        fronts and backs."""
        job = self.job
        if not fits_on(job.paper, job.kind_of(section).size, job.options.margin):
            tiles = self.tiles
            return (tiles.skeleton if skeleton else tiles.iter_pages)(items, section)
        fold = self.folds.plan_of(items, section)
        if fold is None:
            nested = self.hexes.plan_of(items, section)
            if nested is None:
                return None
            hexes = self.hexes
            return (hexes.skeleton if skeleton else hexes.iter_pages)(items, section, nested)
        folds = self.folds
        return (folds.skeleton if skeleton else folds.iter_pages)(items, section, fold)

    def plain(self, section: SheetSection, items: Sequence[Component]) -> bool:
        """Whether ``items`` of ``section`` go on plain sheets of fronts and backs (not tiled,
        folded or nested)."""
        return self._tiled_or_folded(items, section, skeleton=True) is None

    def skeleton(self, items: Sequence[Component], section: SheetSection
                 ) -> Iterator[PageSpec]:
        """The pages :meth:`iter_pages` yields, without their faces and labels."""
        elsewhere = self._tiled_or_folded(items, section, skeleton=True)
        if elsewhere is not None:
            yield from elsewhere
            return
        title = section.title
        full = self.plan(section, len(items), items)
        total = -(-len(items) // full.per_page)
        for number, start in enumerate(range(0, len(items), full.per_page), start=1):
            yield PageSpec(full.page, "", recto=True, section=title, side="recto",
                           sheet=number, sheets=total)
            if not self.job.options.fronts_only and any(
                    item.back for item in items[start:start + full.per_page]):
                yield PageSpec(full.page, "", section=title, side="verso", sheet=number,
                               sheets=total)

    def iter_pages(self, items: Sequence[Component], section: SheetSection
                   ) -> Iterator[PageSpec]:
        """Sheets of fronts, each followed by its sheet of backs when any item has a back, one
        page at a time: each sheet's faces are composed when the sheet is asked for, and
        forgotten after their last placement. Items larger than the paper are tiled; under
        ``--fold`` items with backs go on fold sheets."""
        elsewhere = self._tiled_or_folded(items, section, skeleton=False)
        if elsewhere is not None:
            yield from elsewhere
            return
        full = self.plan(section, len(items), items)
        total = -(-len(items) // full.per_page)
        shape = self.job.kind_of(section).shape
        # the backs' outline as the turned sheet shows it (a triangle's points down)
        mirrored = shape.mirrored(*mirror_axes(full.landscape, full.flip))
        back_shape = None if mirrored == shape else mirrored
        placer = self.placer
        placer.expect(items, section)
        simplex = self.job.options.simplex
        full_ops: tuple[tuple[Op, ...], tuple[Op, ...]] | None = None  # a full sheet's, kept
        for number, start in enumerate(range(0, len(items), full.per_page), start=1):
            chunk = items[start:start + full.per_page]
            plan = full.filled(len(chunk))  # no marks for empty slots, bleed towards them
            ops = full_ops if plan is full else None
            if ops is None:  # the fronts' marks and cut guides (round items: a circle), and
                # single-sided, the backs': they are cut from their own side, marks there too
                ops = (tuple(LineOp(m.x1, m.y1, m.x2, m.y2, MARK_COLOR, MARK_WIDTH)
                             for m in plan.marks)
                       + tuple(op for s in plan.fronts[:len(chunk)]
                               for op in cut_guides(shape, s.trim)),
                       tuple(LineOp(m.x1, m.y1, m.x2, m.y2, MARK_COLOR, MARK_WIDTH)
                             for m in crop_marks(plan.backs, plan.page, plan.margin))
                       if simplex else ())
                if plan is full:
                    full_ops = ops
            fronts = tuple(
                placer.place(item, item.front, "front", slot.trim.x, slot.trim.y, slot.clip)
                for item, slot in zip(chunk, plan.fronts, strict=False)
            )
            yield self.labels.add(PageSpec(plan.page, f"{section.title} {number} recto",
                                           fronts, ops[0], recto=True,
                                           section=section.title, side="recto",
                                           sheet=number), total)
            del fronts
            if not self.job.options.fronts_only and any(item.back for item in chunk):
                backs = tuple(
                    placer.place_back(item, section, slot.trim.x, slot.trim.y, slot.clip,
                                      back_shape)
                    for item, slot in zip(chunk, plan.backs, strict=False) if item.back
                )
                yield self.labels.add(PageSpec(plan.page, f"{section.title} {number} verso",
                                               backs, ops[1], section=section.title,
                                               side="verso", sheet=number), total)
