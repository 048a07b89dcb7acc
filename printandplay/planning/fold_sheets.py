"""Fold-and-glue sheets (``--fold``): each front with its back beside it, mirrored across a
dashed fold line with its legend."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from printandplay.data.kit_words import game_words
from printandplay.imposition.fold import FoldPlan, plan_fold
from printandplay.imposition.grid import colour_gutter_fits
from printandplay.imposition.marks import MARK_WIDTH
from printandplay.model.game import Component, SheetSection
from printandplay.model.ops import LineOp, Op, Placement, TextOp
from printandplay.planning.faces import FacePlacer
from printandplay.planning.pages import CUT_GUIDE_COLOR, MARK_COLOR, PageSpec, cut_guides
from printandplay.planning.print_job import PrintJob
from printandplay.planning.sheet_labels import SheetLabels
from printandplay.units import MM

FOLD_DASH = (4.0, 2.5)


class FoldSheets:
    """Plans the fold-and-glue sheets of a section."""

    def __init__(self, job: PrintJob, placer: FacePlacer, labels: SheetLabels) -> None:
        self.job = job
        self.placer = placer
        self.labels = labels

    def plan(self, section: SheetSection, items: Sequence[Component] = ()) -> FoldPlan | None:
        """The fold-and-glue imposition of a section, or None when an item and its back do
        not fit side by side on the paper (its sheets are then printed fronts, then backs).
        ``auto`` spaces the items with full bleed when that holds as many, or when the edges
        of ``items`` differ in colour (unless ``--gutter`` says otherwise)."""
        job = self.job
        paper, size = job.paper, job.kind_of(section).size
        bleed, margin = job.bleed, job.options.margin
        try:
            if job.options.gutter:  # --gutter MM: between every two neighbours
                return plan_fold(paper, size, bleed=max(0.0, bleed), mode="gutter",
                                 margin=margin, gap=job.options.gutter)
            if bleed <= 0:
                return plan_fold(paper, size, bleed=0.0, mode="none", margin=margin)
            if section.bleed_mode != "auto":
                return plan_fold(paper, size, bleed=bleed, mode=section.bleed_mode,
                                 margin=margin)
            gutter = plan_fold(paper, size, bleed=bleed, mode="gutter", margin=margin)
            abut = plan_fold(paper, size, bleed=bleed, mode="abut", margin=margin)
        except ValueError:
            return None
        if gutter.per_page >= abut.per_page or (
                job.options.gutter is None and colour_gutter_fits(gutter.per_page)
                and self.placer.edges_differ(items, section)):
            return gutter
        return abut

    def plan_of(self, items: Sequence[Component], section: SheetSection) -> FoldPlan | None:
        """The fold plan of a section's sheets under ``--fold`` when any item has a back."""
        if self.job.options.fold and not self.job.options.fronts_only and any(
                item.back for item in items):
            return self.plan(section, items)
        return None

    def iter_pages(self, items: Sequence[Component], section: SheetSection,
                   full: FoldPlan) -> Iterator[PageSpec]:
        """Sheets of fronts with their backs beside them, mirrored across a dashed fold line,
        one page at a time (faces forgotten after their last placement); a last sheet with
        fewer pairs has marks for its items only."""
        shape = self.job.kind_of(section).shape
        total = -(-len(items) // full.per_page)
        self.placer.expect(items, section)
        for number, start in enumerate(range(0, len(items), full.per_page), start=1):
            chunk = items[start:start + full.per_page]
            plan = full.filled(len(chunk))
            ops: list[Op] = [LineOp(m.x1, m.y1, m.x2, m.y2, MARK_COLOR, MARK_WIDTH)
                             for m in plan.marks]
            fold = plan.fold
            ops.append(LineOp(fold.x1, fold.y1, fold.x2, fold.y2, MARK_COLOR, 0.5, FOLD_DASH))
            ops.extend(self._legend(plan))
            placements: list[Placement] = []
            for item, front, back in zip(chunk, plan.fronts, plan.backs, strict=False):
                placements.append(self.placer.place(item, item.front, "front", front.trim.x,
                                                    front.trim.y, front.clip))
                slots = [front]
                if item.back:
                    placements.append(self.placer.place_back(item, section, back.trim.x,
                                                             back.trim.y, back.clip))
                    slots.append(back)
                ops += [op for s in slots for op in cut_guides(shape, s.trim)]
            yield self.labels.add(PageSpec(plan.page, f"{section.title} {number} pli",
                                           tuple(placements), tuple(ops), recto=True,
                                           section=section.title, side="fold", sheet=number),
                                  total)

    def skeleton(self, items: Sequence[Component], section: SheetSection, fold: FoldPlan
                 ) -> Iterator[PageSpec]:
        """The pages :meth:`iter_pages` yields, without their faces and labels."""
        total = -(-len(items) // fold.per_page)
        for number in range(1, total + 1):
            yield PageSpec(fold.page, "", recto=True, section=section.title, side="fold",
                           sheet=number, sheets=total)

    def _legend(self, plan: FoldPlan) -> list[Op]:
        """The legend of the fold line: beside its top end (or its bottom end, or under it in
        the label band), between the fold gutter's crop mark and the next one, inside the
        printable area."""
        fonts = self.job.assets.fonts
        font = fonts.select("body", False, True)
        words = game_words(self.job.game)["fold_legend"]  # the short one where the long
        legends = (words["long"], words["short"])  # one does not fit
        margin = self.job.options.margin
        x = plan.fold_x + plan.bleed + 1.2 * MM
        cuts = sorted(m.x1 for m in plan.marks if m.x1 == m.x2 and m.x1 > x)
        room = (cuts[0] if cuts else plan.page.width - margin) - 1 * MM - x
        grid_top = max(s.clip.top for s in plan.fronts)
        grid_bottom = min(s.clip.y for s in plan.fronts)
        descent = fonts.descent(font)
        band_room = plan.page.width - margin - x  # the label band: no crop mark in it
        for text, size in ((t, z) for t in legends for z in (6.5, 6.0)):
            text = fonts.prepare(text, font)
            width = fonts.width(text, font) * size
            if width <= room:
                # cap height up to the fold line's end, the whole text inside the printable area
                top = min(plan.fold.y2 - 0.75 * size,
                          plan.page.height - margin - fonts.ascent(font) * size)
                if top >= grid_top + 0.8 * MM:  # the line ends inside the printable area
                    return [TextOp(x, top, text, font, size, CUT_GUIDE_COLOR)]
                bottom = max(plan.fold.y1 + 0.25 * size, margin + descent * size)
                if bottom + 0.75 * size <= grid_bottom - 0.8 * MM:
                    return [TextOp(x, bottom, text, font, size, CUT_GUIDE_COLOR)]
            # else under the line's bottom end, in the label band (the sheet's label beside it):
            # the whole legend, where the marks leave room for its short form only
            bottom = margin + descent * size
            if width <= band_room and bottom + 0.75 * size <= min(plan.fold.y1,
                                                                  grid_bottom - 0.8 * MM):
                return [TextOp(x, bottom, text, font, size, CUT_GUIDE_COLOR)]
        return []
