"""The pages in the order they are printed: for duplex printing, blank pages that keep fronts on
sheet fronts, each with a small note naming the sheet it backs."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace

from printandplay.data.kit_words import game_words
from printandplay.imposition.grid import mirror_axes, mirror_rect
from printandplay.imposition.sheet_label import label_ops
from printandplay.planning.pages import NOTE_COLOR, PageSpec, duplex_stream, placement_rects
from printandplay.planning.print_job import PrintJob


class PrintOrder:
    """Puts one build's pages in print order."""

    def __init__(self, job: PrintJob) -> None:
        self.job = job

    def __call__(self, pages: Iterable[PageSpec], notes: bool = True) -> Iterator[PageSpec]:
        """The pages as printed: with blanks that keep fronts on sheet fronts for duplex
        printing, as they are for single-sided printing (``--simplex``, ``--fold``); one page
        at a time. Without ``notes`` the blank pages are left empty (for counting)."""
        return duplex_stream(pages, self.blank if notes else self.empty_blank,
                             self.job.options.duplex)

    @staticmethod
    def empty_blank(previous: PageSpec) -> PageSpec:
        """The blank page backing ``previous``, with nothing on it."""
        sheets = previous.sheets
        return PageSpec(previous.size, "blank", section=previous.section,
                        side="verso" if sheets else "", sheet=previous.sheet, sheets=sheets)

    def blank(self, previous: PageSpec) -> PageSpec:
        """The blank page backing ``previous``: its small note lies inside the printable area
        (``--margin``) and off the back of every item of that page (turned on its flip
        edge), names the sheet it backs and says why it is blank, in the game's language."""
        fonts = self.job.assets.fonts
        font = fonts.select("body", False, True)
        words = game_words(self.job.game)["sheet"]
        size = previous.size
        mirror_x, mirror_y = mirror_axes(size.width > size.height, self.job.options.flip)
        shadows = [mirror_rect(r, size, mirror_x, mirror_y)
                   for r in placement_rects(previous.placements)]
        why = words["blank_note"]
        texts = [why, words["blank"]]
        if previous.sheets:
            texts.insert(0, f"{previous.section} · {words['sheet']} {previous.sheet}/"
                            f"{previous.sheets} · {words['verso']} — {why}")
        note = label_ops(size, texts, font, fonts, shadows, shadows, [], self.job.options.margin,
                         color=NOTE_COLOR)
        return replace(self.empty_blank(previous), ops=note)
