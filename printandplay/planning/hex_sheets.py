"""Sheets of hexagonal tiles nested in offset rows (:mod:`printandplay.imposition.hexgrid`):
chosen over the ordinary grid when they take fewer sheets. Tiles keep a gutter of twice the
bleed when that costs no extra sheet, else share their cut lines. Each tile is clipped to its
own outline moved out by its bleed, so that a tile's bleed never covers its neighbour; it is
cut along its grey outline (no crop marks)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace

from printandplay.imposition.grid import capacity, choose_mode
from printandplay.imposition.hexgrid import HexPlan, is_regular_hexagon, plan_hex_sheet
from printandplay.model.game import Component, SheetSection
from printandplay.model.ops import Op, Placement
from printandplay.planning.faces import FacePlacer
from printandplay.planning.pages import PageSpec, cut_guides
from printandplay.planning.print_job import PrintJob
from printandplay.planning.sheet_labels import SheetLabels


class HexSheets:
    """Plans the nested sheets of a section of hexagonal tiles."""

    def __init__(self, job: PrintJob, placer: FacePlacer, labels: SheetLabels) -> None:
        self.job = job
        self.placer = placer
        self.labels = labels

    def plan_of(self, items: Sequence[Component], section: SheetSection) -> HexPlan | None:
        """The nested plan of a section of regular hexagons when it takes fewer sheets than
        the ordinary grid, else None (``--fold`` keeps the fold sheets)."""
        job = self.job
        kind = job.kind_of(section)
        pointy = kind.shape.hexagon_pointy
        if (pointy is None or job.options.fold or not is_regular_hexagon(kind.size, pointy)
                or not items):
            return None
        margin = job.options.margin
        plans = []
        for bleed in (job.bleed, 0.0) if job.bleed > 0 else (0.0,):  # a gutter, or shared
            try:                                                         # cut lines
                plans.append(plan_hex_sheet(job.paper, kind.size, pointy=pointy,
                                            bleed=bleed, flip=job.options.flip,
                                            back_offset=job.options.back_offset,
                                            margin=margin))
            except ValueError:
                continue
        count = len(items)
        if not plans:
            return None
        plan = min(plans, key=lambda p: -(-count // p.per_page))  # (the gutter when equal)
        mode = (choose_mode(job.paper, kind.size, job.bleed, count, margin)
                if section.bleed_mode == "auto" else section.bleed_mode)
        if job.bleed <= 0:
            mode = "none"
        grid = capacity(job.paper, kind.size, mode, job.bleed, margin)
        if grid and -(-count // plan.per_page) >= -(-count // grid):
            return None
        return plan

    def iter_pages(self, items: Sequence[Component], section: SheetSection, plan: HexPlan
                   ) -> Iterator[PageSpec]:
        """Sheets of nested fronts, each followed by its sheet of backs when any tile has a
        back, one page at a time."""
        shape = self.job.kind_of(section).shape
        bleed = plan.bleed  # (0 on shared cut lines: each tile clipped to its outline)
        front_outlines = [tuple(shape.outline_points(s.trim, bleed)) for s in plan.fronts]
        back_outlines = [tuple(shape.outline_points(s.trim, bleed)) for s in plan.backs]
        placer = self.placer
        placer.expect(items, section)
        total = -(-len(items) // plan.per_page)
        for number, start in enumerate(range(0, len(items), plan.per_page), start=1):
            chunk = items[start:start + plan.per_page]
            fronts = tuple(
                replace(placer.place(item, item.front, "front", s.trim.x, s.trim.y, s.clip),
                        outline=outline)
                for item, s, outline in zip(chunk, plan.fronts, front_outlines, strict=False))
            guides: tuple[Op, ...] = tuple(op for s in plan.fronts[:len(chunk)]
                                           for op in cut_guides(shape, s.trim))
            yield self.labels.add(PageSpec(plan.page, f"{section.title} {number} recto",
                                           fronts, guides, recto=True, section=section.title,
                                           side="recto", sheet=number), total)
            if not self.job.options.fronts_only and any(item.back for item in chunk):
                backs: list[Placement] = [
                    replace(placer.place_back(item, section, s.trim.x, s.trim.y, s.clip),
                            outline=outline)
                    for item, s, outline in zip(chunk, plan.backs, back_outlines, strict=False)
                    if item.back]
                yield self.labels.add(PageSpec(plan.page, f"{section.title} {number} verso",
                                               tuple(backs), section=section.title,
                                               side="verso", sheet=number), total)

    def skeleton(self, items: Sequence[Component], section: SheetSection, plan: HexPlan
                 ) -> Iterator[PageSpec]:
        """The pages :meth:`iter_pages` yields, without their faces and labels."""
        total = -(-len(items) // plan.per_page)
        for number, start in enumerate(range(0, len(items), plan.per_page), start=1):
            yield PageSpec(plan.page, "", recto=True, section=section.title, side="recto",
                           sheet=number, sheets=total)
            if any(item.back for item in items[start:start + plan.per_page]):
                yield PageSpec(plan.page, "", section=section.title, side="verso",
                               sheet=number, sheets=total)
