"""The "Impression et montage" guide: the kit's sections with their pages and sheets, how to
print and assemble them, and the command that rebuilds the file."""

from __future__ import annotations

import shlex
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from printandplay.data.kit_words import game_words
from printandplay.imposition.grid import DEFAULT_MARGIN, fits_on
from printandplay.layout.document import DocumentComposer
from printandplay.layout.print_guide import BAND as GUIDE_BAND
from printandplay.layout.print_guide import (
    KIT_BUILD,
    GuideCommand,
    GuideSection,
    GuideSettings,
    guide_drawings,
    guide_source,
)
from printandplay.model.game import DocumentSection, SheetSection
from printandplay.planning.documents import document_style
from printandplay.planning.options import DEFAULT_BLEED
from printandplay.planning.pages import PageSpec
from printandplay.planning.print_job import PrintJob
from printandplay.planning.print_order import PrintOrder
from printandplay.units import MM, format_back_offset


class KitGuide:
    """Sets the guide's pages for one build, given the pages it describes."""

    def __init__(self, job: PrintJob, order: PrintOrder) -> None:
        self.job = job
        self.order = order

    def with_guide(self, body: Sequence[PageSpec],
                   rebuild: GuideCommand = KIT_BUILD) -> list[PageSpec]:
        """``body`` (in duplex order) after the guide, which lists its sections with their
        pages; ``rebuild`` says what the file holds and makes the command it prints to rebuild
        them (``build GAME`` by default)."""
        sections, count, first_recto = self.sections(body)
        guide, _ = self.padded(sections, count, first_recto, rebuild)
        return list(self.order([*guide, *body]))

    def padded(self, sections: Sequence[GuideSection], body: int, first_recto: bool,
               rebuild: GuideCommand = KIT_BUILD) -> tuple[list[PageSpec], int]:
        """The guide's pages for ``sections`` (numbered from 1 after the guide) and ``body``
        pages after it, and how many pages come before the body (a blank may follow it)."""
        guide_length = 2
        guide: list[PageSpec] = []
        for _ in range(3):
            shifted = [replace(s, pages=(s.pages[0] + guide_length, s.pages[1] + guide_length))
                       for s in sections]
            guide = self.pages(shifted, guide_length + body, rebuild)
            length = len(guide)
            if self.job.options.duplex and first_recto and length % 2 == 1:
                length += 1  # the blank that keeps the body's first front on a sheet front
            if length == guide_length:
                break
            guide_length = length
        return guide, guide_length

    def _rebuild_options(self) -> str:
        """The options of this build that the printed rebuild command must repeat."""
        options = self.job.options
        repeat = []
        if options.bleed is not None and abs(options.bleed - DEFAULT_BLEED) > 1e-6:
            repeat.append(f"--bleed {options.bleed / MM:g}")
        if abs(options.margin - DEFAULT_MARGIN) > 1e-6:
            repeat.append(f"--margin {options.margin / MM:g}")
        if options.gutter is not None:
            repeat.append(f"--gutter {round(options.gutter / MM, 3):g}")
        repeat += [flag for flag, on in (("--simplex", options.simplex), ("--fold", options.fold),
                                         ("--fronts-only", options.fronts_only),
                                         ("--pack", options.pack),
                                         ("--ink-saver", options.ink_saver),
                                         ("--proof", options.proof)) if on]
        if options.sections:
            repeat.append("--sections " + shlex.quote(",".join(options.sections)))
        return " ".join(repeat)

    def pages(self, sections: Sequence[GuideSection], total: int,
              rebuild: GuideCommand = KIT_BUILD) -> list[PageSpec]:
        """The guide's pages listing ``sections`` (numbered in the file) of a file of
        ``total`` pages."""
        job = self.job
        game, options, fonts = job.game, job.options, job.assets.fonts
        words = game_words(game)["guide"]
        title = words["title"]
        mode = ("fronts" if options.fronts_only else "fold" if options.fold
                else "simplex" if options.simplex else "duplex")
        settings = GuideSettings(
            game.id, options.paper, job.paper, options.flip,
            format_back_offset(options.back_offset), job.bleed / MM, self._rebuild_options(),
            rebuild, mode, game.language, options.proof)
        source = guide_source(settings, sections, total, words)
        page = job.portrait
        roles = fonts.roles
        own = game.document_style
        if own.title_font not in roles or own.body_font not in roles:
            # a kit without documents may have no font for them: the guide takes the body's
            role = "body" if "body" in roles else sorted(roles)[0]
            game = replace(game, document_style=replace(own, title_font=role, body_font=role))
        style = document_style(game, DocumentSection("", title, 1), roles)
        design = style.design
        style = replace(style, design=replace(design, footer=design.footer + GUIDE_BAND))
        composer = DocumentComposer(fonts, job.assets.icons.aspect, game.language, style, title)
        paged = composer.paginate(source, page, title, game.name)
        drawings = guide_drawings(page, design.margin, design.margin + design.footer, fonts,
                                  design.body_font, game.language, sections, words)
        return [PageSpec(page, f"{title} {i + 1}",
                         ops=(*ops, *drawings) if i == 0 else ops, recto=i == 0, section=title)
                for i, ops in enumerate(paged)]

    def sections(self, body: Iterable[PageSpec],
                 packed: Iterable[DocumentSection | SheetSection] = ()
                 ) -> tuple[list[GuideSection], int, bool]:
        """The sections of ``body`` (in print order, read once) in order, each with its pages
        (numbered from 1) and sheets of paper; the number of pages, and whether the first one
        must fall on a front. ``packed`` names sections printed that the kit does not list
        (sections packed on shared sheets, ``--pack``)."""
        job = self.job
        kit = {section.title: section for section in (*job.game.kit, *packed)}
        # per run of pages of one section: first page, first and last number, pages, printed
        # pages, whether a printed page is a back, a fold sheet
        # per run of pages of one section: first page, first and last number, pages, printed
        # pages, whether a printed page is a back, a fold sheet, backs printed
        runs: list[list[Any]] = []
        number = 0
        for page in body:
            number += 1
            if runs and runs[-1][0].section == page.section:
                run = runs[-1]
                run[2] = number
            else:
                run = [page, number, number, 0, 0, False, False, 0]
                runs.append(run)
            run[3] += 1
            if page.label != "blank":
                run[4] += 1
                run[5] = run[5] or page.side == "verso"
                run[6] = run[6] or page.side == "fold"
                run[7] += page.side == "verso"
        out = []
        for first, start, end, count, printed, verso, folded, backs in runs:
            section = kit.get(first.section)
            document = not first.sheets
            if job.options.duplex:
                # a document: every page of the run, blank versos included (copies each end
                # on one); sheets of items: the sheets planned, each with its back
                sheets = (count + 1) // 2 if document else first.sheets
                two_sided = printed > 1 if document else verso
            elif job.options.fold:  # one side of a sheet per page, folded or not
                sheets, two_sided = printed, verso and not document
            else:  # --simplex: each page of backs goes on the back of the fronts before it
                sheets, two_sided = printed - backs, verso and not document
            tiled = fold_lines = False
            shape = None
            if isinstance(section, SheetSection):
                kind = job.kind_of(section)
                tiled = not (fits_on(job.paper, kind.size, job.options.margin)
                             or job.options.proof)  # (--proof: scaled on one sheet)
                shape = kind.shape
                fold_lines = not tiled and self._draws_fold_lines(section)
            out.append(GuideSection(
                first.section, document, (start, end), sheets, two_sided, tiled,
                shape, section.paper if section else "",
                section.assembly if section else "", folded, fold_lines))
        return out, number, bool(runs) and runs[0][0].recto

    def _draws_fold_lines(self, section: SheetSection) -> bool:
        """Whether a layout that ``section`` prints has a box marked ``fold: true`` (the legend
        then explains fold lines)."""
        designs = self.job.assets.designs
        names: set[str | None] = {section.back}
        for component in self.job.game.components:
            if section.holds(component) and component.count > 0:
                names.update((component.front, component.back))
        return any(box.fold or box.die is not None  # (a die's net has fold lines)
                   for name in names if name is not None and name in designs
                   for box in designs[name].boxes)
