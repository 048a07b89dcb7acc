"""Pages to print: :class:`PageSpec`, and the duplex order that keeps every page meant for the
front of a sheet there when the whole file is printed duplex (one page at a time: pages are
written as they come)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from printandplay.model.fonts import FontMetrics
from printandplay.model.game import Size
from printandplay.model.ops import Op, Placement, TextOp

MARK_COLOR = (0.0, 0.0, 0.0)
CUT_GUIDE_COLOR = (0.55, 0.55, 0.55)


@dataclass(frozen=True)
class PageSpec:
    """One page to print: its size, placed faces and its own ops."""

    size: Size
    label: str
    placements: tuple[Placement, ...] = ()
    ops: tuple[Op, ...] = ()
    recto: bool = False  # must be printed on the front of a sheet (duplex)


BLANK_NOTE = "Page laissée blanche pour garder le recto verso aligné — intentionally blank"


def duplex_order(pages: Iterable[PageSpec], fonts: FontMetrics) -> list[PageSpec]:
    """Insert blank pages so that every page marked ``recto`` falls on the front of a sheet
    when the whole file is printed duplex (a document with an odd number of pages, or a
    single-sided sheet, would otherwise put the next fronts on a back)."""
    return list(duplex_stream(pages, fonts))


def duplex_stream(pages: Iterable[PageSpec], fonts: FontMetrics) -> Iterator[PageSpec]:
    """:func:`duplex_order` one page at a time: it only needs to remember the page before
    (its size, and whether it ended on a front), so pages can be written as they come."""
    count = 0
    previous: Size | None = None
    for page in pages:
        if page.recto and count % 2 == 1 and previous is not None:
            yield blank_page(previous, fonts)
            count += 1
        yield page
        count += 1
        previous = page.size


def blank_page(size: Size, fonts: FontMetrics) -> PageSpec:
    """A page left blank to keep duplex printing aligned, with a small note in its middle."""
    font = fonts.select("body", False, True)
    text = fonts.prepare(BLANK_NOTE, font)
    width = fonts.width(text, font) * 7
    note = TextOp((size.width - width) / 2, size.height / 2, text, font, 7, CUT_GUIDE_COLOR)
    return PageSpec(size, "blank", ops=(note,))


def count_duplex(rectos: Iterable[bool]) -> int:
    """How many pages :func:`duplex_stream` yields for pages with these ``recto`` flags."""
    count = 0
    for recto in rectos:
        if recto and count % 2 == 1:
            count += 1
        count += 1
    return count
