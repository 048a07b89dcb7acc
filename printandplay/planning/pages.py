"""Pages to print: :class:`PageSpec`, and the duplex order that keeps every page meant for the
front of a sheet there when the whole file is printed duplex (one page at a time: pages are
written as they come)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from printandplay.model.game import Size
from printandplay.model.geometry import Rect
from printandplay.model.ops import Op, Placement
from printandplay.model.shapes import Shape

MARK_COLOR = (0.0, 0.0, 0.0)
CUT_GUIDE_COLOR = (0.55, 0.55, 0.55)
CUT_LINE_COLOR = (0.15, 0.15, 0.15)  # an outline to cut along, over a white line 1 pt wide
CUT_LINE_UNDER = 1.0
NOTE_COLOR = (0.4, 0.4, 0.4)  # the blank page's note: 5.7:1 on white paper (at least 4.5:1)


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


Blank = Callable[["PageSpec"], "PageSpec"]  # the blank page that backs a given page


def duplex_stream(pages: Iterable[PageSpec], blank: Blank,
                  duplex: bool = True) -> Iterator[PageSpec]:
    """Insert blank pages so that every page marked ``recto`` falls on the front of a sheet
    when the whole file is printed duplex (``blank`` makes the blank that backs a page;
    without ``duplex``, nothing is added). One page at a time: it remembers only the page
    before, so pages are written as they come."""
    if not duplex:
        yield from pages
        return
    count = 0
    previous: PageSpec | None = None
    for page in pages:
        if page.recto and count % 2 == 1 and previous is not None:
            yield blank(previous)
            count += 1
        yield page
        count += 1
        previous = page


def cut_guides(shape: Shape, trim: Rect) -> tuple[Op, ...]:
    """The outline to cut along of an item at ``trim`` (round pieces: a circle), seen on any
    background: a dark thin line over a white one three times as wide; none for items cut
    along the crop marks."""
    lines = shape.cut_ops(trim, CUT_LINE_COLOR)
    if not lines:
        return ()
    return (shape.outline(trim, (1.0, 1.0, 1.0), CUT_LINE_UNDER), *lines)


def placement_rects(placements: Sequence[Placement]) -> list[Rect]:
    """What each placed face may print: its clip, or its trim and bleed."""
    out = []
    for p in placements:
        b = p.face.bleed
        out.append(p.clip or Rect(p.x - b, p.y - b, p.face.width + 2 * b, p.face.height + 2 * b))
    return out

