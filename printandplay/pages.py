"""Pages to print: :class:`PageSpec`, and the duplex order that keeps every page meant for the
front of a sheet there when the whole file is printed duplex (one page at a time: pages are
written as they come)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from printandplay.model.fonts import FontMetrics
from printandplay.model.game import Size
from printandplay.model.geometry import Rect
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
    section: str = ""  # the kit section it belongs to (the PDF's outline)
    side: str = ""  # "recto" or "verso" for sheets of items, "fold" for fold sheets; "" else
    sheet: int = 0  # sheet n of ``sheets`` within its section (sheets of items)
    sheets: int = 0


BLANK_NOTE = "Page laissée blanche pour garder le recto verso aligné — intentionally blank"


Blank = Callable[["PageSpec"], "PageSpec"]  # the blank page that backs a given page


def duplex_order(pages: Iterable[PageSpec], fonts: FontMetrics, blank: Blank | None = None,
                 duplex: bool = True) -> list[PageSpec]:
    """Insert blank pages so that every page marked ``recto`` falls on the front of a sheet
    when the whole file is printed duplex (a document with an odd number of pages, or a
    single-sided sheet, would otherwise put the next fronts on a back). ``blank`` makes the
    blank page backing a page (default :func:`blank_page`); without ``duplex`` (single-sided
    printing: ``--simplex``, ``--fold``) no blank is added."""
    return list(duplex_stream(pages, fonts, blank, duplex))


def duplex_stream(pages: Iterable[PageSpec], fonts: FontMetrics, blank: Blank | None = None,
                  duplex: bool = True) -> Iterator[PageSpec]:
    """:func:`duplex_order` one page at a time: it only needs to remember the page before
    (the one a blank backs, and whether it ended on a front), so pages can be written as they
    come."""
    if not duplex:
        yield from pages
        return
    count = 0
    previous: PageSpec | None = None
    for page in pages:
        if page.recto and count % 2 == 1 and previous is not None:
            yield blank(previous) if blank is not None else blank_page(previous.size, fonts)
            count += 1
        yield page
        count += 1
        previous = page


def blank_page(size: Size, fonts: FontMetrics) -> PageSpec:
    """A page left blank to keep duplex printing aligned, with a small note in its middle."""
    font = fonts.select("body", False, True)
    text = fonts.prepare(BLANK_NOTE, font)
    width = fonts.width(text, font) * 7
    note = TextOp((size.width - width) / 2, size.height / 2, text, font, 7, CUT_GUIDE_COLOR)
    return PageSpec(size, "blank", ops=(note,))


def placement_rects(placements: Sequence[Placement]) -> list[Rect]:
    """What each placed face may print: its clip, or its trim and bleed."""
    out = []
    for p in placements:
        b = p.face.bleed
        out.append(p.clip or Rect(p.x - b, p.y - b, p.face.width + 2 * b, p.face.height + 2 * b))
    return out


def count_duplex(rectos: Iterable[bool]) -> int:
    """How many pages :func:`duplex_stream` yields for pages with these ``recto`` flags."""
    count = 0
    for recto in rectos:
        if recto and count % 2 == 1:
            count += 1
        count += 1
    return count
