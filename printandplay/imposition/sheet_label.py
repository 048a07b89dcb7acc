"""Where a sheet's label goes: a free spot inside the printable area, clear of items and marks.

A label (``game · section · sheet n/N · recto``) is small text that must print: it lies fully
inside the printer's margin, never on an item's trim or bleed, never across a crop mark or a
guide. :func:`place_label` tries the candidate texts from the longest to the shortest and, for
each, spots along the bottom and top bands of the page, then beside every obstacle.
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Iterable, Sequence
from typing import Final

from printandplay.model.color import RGB
from printandplay.model.fonts import FontMetrics
from printandplay.model.game import Size
from printandplay.model.geometry import Rect
from printandplay.model.ops import EllipseOp, GroupOp, LineOp, Op, PolygonOp, RectOp, TextOp
from printandplay.units import MM

LABEL_SIZE: Final = 6.0  # points: the smallest size a player must read
LABEL_COLOR: Final[RGB] = (0.3, 0.3, 0.3)
CLEARANCE: Final = 1 * MM  # between a label and anything else on the page


def op_obstacles(ops: Iterable[Op]) -> list[Rect]:
    """The areas that marks, guides and shapes among ``ops`` cover (text is not an obstacle:
    sheet pages draw none besides their label)."""
    out: list[Rect] = []
    for op in ops:
        if isinstance(op, LineOp):
            half = op.width / 2
            out.append(Rect(min(op.x1, op.x2) - half, min(op.y1, op.y2) - half,
                            abs(op.x2 - op.x1) + op.width, abs(op.y2 - op.y1) + op.width))
        elif isinstance(op, (RectOp, EllipseOp)):
            half = op.stroke_width / 2
            out.append(Rect(op.x - half, op.y - half, op.w + 2 * half, op.h + 2 * half))
        elif isinstance(op, PolygonOp):  # (the outline cut guides of shaped pieces)
            half = op.stroke_width / 2
            box = op.bounds
            out.append(Rect(box.x - half, box.y - half, box.w + 2 * half, box.h + 2 * half))
        elif isinstance(op, GroupOp) and op.clip is not None:
            a, _, _, d, e, f = op.transform
            x, y, w, h = op.clip
            out.append(Rect(e + a * x, f + d * y, a * w, d * h))
    return out


def free_spot(page: Size, width: float, height: float, obstacles: Sequence[Rect],
              margin: float) -> tuple[float, float] | None:
    """The bottom-left corner of a ``width`` × ``height`` box inside the printable area
    (``margin`` from every edge) that stays ``CLEARANCE`` away from every obstacle; ``None``
    when there is none. Spots near the bottom edge come first, then near the top, then the
    others; along a band, the one nearest the page's centre line.

    Sheets of the same geometry get the same spot: answers are kept by value (page, box
    size, obstacles, margin), the obstacles as plain numbers (a key of rectangles would be
    hashed and compared through their Python methods, rectangle by rectangle, per sheet)."""
    return _known_spot(page, width, height, tuple([(r.x, r.y, r.w, r.h) for r in obstacles]),
                       margin)


@functools.lru_cache(maxsize=512)  # bounded: a build has few sheet geometries
def _known_spot(page: Size, width: float, height: float,
                obstacles: tuple[tuple[float, float, float, float], ...],
                margin: float) -> tuple[float, float] | None:
    return _free_spot(page, width, height, [Rect(*r) for r in obstacles], margin)


def _free_spot(page: Size, width: float, height: float, obstacles: Sequence[Rect],
               margin: float) -> tuple[float, float] | None:
    """:func:`free_spot` computed: every candidate spot (the printable area's edges and
    centre, and beside every obstacle), best first; the first one clear of every obstacle."""
    low_x, high_x = margin, page.width - margin - width
    low_y, high_y = margin, page.height - margin - height
    if high_x < low_x or high_y < low_y:
        return None
    grown = [r.expand(CLEARANCE, CLEARANCE, CLEARANCE, CLEARANCE) for r in obstacles]
    xs = {low_x, high_x, (page.width - width) / 2}
    ys = {low_y, high_y}
    for r in grown:
        xs.update((r.right, r.x - width))
        ys.update((r.top, r.y - height))
    in_x = sorted((round(abs(x + width / 2 - page.width / 2), 3), x) for x in xs
                  if low_x - 1e-6 <= x <= high_x + 1e-6)
    # the candidates best first: (distance to a band, upper half, centred, x, y); the first
    # two depend on y alone, so the rows of y are taken in that order, each row's spots in
    # the order of in_x (rows of equal rank merged), without listing every candidate
    rows: dict[tuple[float, bool], list[float]] = {}
    for y in ys:
        if low_y - 1e-6 <= y <= high_y + 1e-6:
            rows.setdefault((round(min(y - low_y, high_y - y), 3), y > page.height / 2),
                            []).append(y)
    edges = [(r.x, r.right, r.y, r.top) for r in grown]
    # per y: the band's obstacles, merged (or as they are for a box or obstacle of no width),
    # or _FULL when no gap between them is wide enough for the box
    bands: dict[float, _Band] = {}
    for y in (y for same in rows.values() for y in same):
        top = y + height  # the obstacles across the row's band
        spans = [(r_x, r_right) for r_x, r_right, r_y, r_top in edges
                 if y < r_top and r_y < top]
        if width > 0 and all(a < b for a, b in spans):
            merged = _merged(spans)
            bands[y] = merged if _has_room(merged, low_x - 1, high_x + width + 1, width) else _FULL
        else:
            bands[y] = spans
    for rank in sorted(rows):
        same = [y for y in rows[rank] if bands[y] is not _FULL]
        if not same:
            continue
        spots = ([(x, same[0]) for _, x in in_x] if len(same) == 1 else
                 [(x, y) for _, x, y in sorted((c, x, y) for y in same for c, x in in_x)])
        for x, y in spots:  # the best spot is the first one clear of everything
            band = bands[y]
            right = x + width
            if (_clear(band, x, right) if isinstance(band, tuple) else
                    not any(x < r_right and r_x < right for r_x, r_right in band)):
                return x, y
    return None


_Band = tuple[list[float], list[float]] | list[tuple[float, float]]
_FULL: Final[_Band] = ([], [])  # (compared by identity)


def _has_room(band: tuple[list[float], list[float]], low: float, high: float,
              width: float) -> bool:
    """Whether some gap of the merged ``band`` between ``low`` and ``high`` may hold a box of
    ``width`` (``False`` only when every gap is narrower by a clear margin: rounding never
    hides a spot)."""
    starts, ends = band
    lefts = [low, *ends]
    rights = [*starts, high]
    return any(min(b, high) - max(a, low) >= width - 1e-6 for a, b in zip(lefts, rights, strict=True))


def _merged(spans: list[tuple[float, float]]) -> tuple[list[float], list[float]]:
    """The union of the open intervals ``spans`` (each of positive width) as sorted,
    disjoint intervals (their starts, their ends): intervals that overlap or touch are one
    (no box of positive width fits between two that touch). Values are compared, never
    computed."""
    starts: list[float] = []
    ends: list[float] = []
    for start, end in sorted(spans):
        if ends and start <= ends[-1]:
            ends[-1] = max(ends[-1], end)
        else:
            starts.append(start)
            ends.append(end)
    return starts, ends


def _clear(band: tuple[list[float], list[float]], left: float, right: float) -> bool:
    """Whether the open interval (``left``, ``right``), of positive width, overlaps none of
    ``band``'s (``x < r_right and r_x < right`` for none)."""
    starts, ends = band
    index = bisect.bisect_right(ends, left)  # the first interval ending after ``left``
    return index == len(ends) or not starts[index] < right


LEADING: Final = 1.2


def _turned(rect: Rect, page: Size) -> Rect:
    """``rect`` in the frame of the page turned a quarter clockwise, where text running up
    the page reads left to right: page point (x, y) is (y, page.width - x) there."""
    return Rect(rect.y, page.width - rect.right, rect.h, rect.w)


def place_label(page: Size, texts: Sequence[str], font: str, metrics: FontMetrics,
                obstacles: Sequence[Rect], margin: float, size: float = LABEL_SIZE,
                color: RGB = LABEL_COLOR) -> tuple[tuple[Op, ...], Rect] | None:
    """The ops of the first of ``texts`` (best first; a text may hold ``\\n``) that fits in a
    free spot, running across the page or, failing that, up it; with the box it covers.
    ``None`` when no text fits anywhere."""
    ascent, descent = metrics.ascent(font) * size, metrics.descent(font) * size
    turned_page = Size(page.height, page.width)
    turned: list[Rect] | None = None  # the obstacles on the turned page, made on first need
    for text in texts:
        lines = [metrics.prepare(line, font) for line in text.split("\n")]
        width = max(metrics.width(line, font) for line in lines) * size
        height = ascent + descent + (len(lines) - 1) * size * LEADING
        spot = free_spot(page, width, height, obstacles, margin)
        if spot is not None:
            top = spot[1] + height - ascent
            return (_lines(lines, spot[0], top, font, size, color),
                    Rect(spot[0], spot[1], width, height))
        if turned is None:
            turned = [_turned(r, page) for r in obstacles]
        spot = free_spot(turned_page, width, height, turned, margin)
        if spot is not None:  # across the turned page: up the real one
            u, v = spot
            box = Rect(page.width - v - height, u, height, width)
            transform = (0.0, 1.0, -1.0, 0.0, box.x, u)
            return (GroupOp(transform, _lines(lines, 0.0, -ascent, font, size, color)),), box
    return None


def _lines(lines: Sequence[str], x: float, baseline: float, font: str, size: float,
           color: RGB) -> tuple[TextOp, ...]:
    """Lines of text from ``baseline`` (the first one's) down."""
    return tuple(TextOp(x, baseline - i * size * LEADING, line, font, size, color)
                 for i, line in enumerate(lines))


def label_ops(page: Size, texts: Sequence[str], font: str, metrics: FontMetrics,
              clear: Sequence[Rect], trims: Sequence[Rect], marks: Sequence[Rect],
              margin: float, size: float = LABEL_SIZE,
              color: RGB = LABEL_COLOR, complete: int | None = None) -> tuple[Op, ...]:
    """A sheet's label: the first of ``texts`` that fits in a spot clear of every item's
    bleed (``clear``) and mark; else over an item's bleed, outside every trim (the bleed is
    cut off), on a white patch; else, as a last resort, the shortest text at the bottom-left
    of the printable area.

    The first ``complete`` texts (all by default) say everything the label must say: when no
    text is clear of the bleed, one of them on a patch is preferred to a shorter one."""
    placed = place_label(page, texts, font, metrics, [*clear, *marks], margin, size, color)
    if placed is not None:
        return placed[0]
    tiers = [texts] if complete is None else [texts[:complete], texts[complete:]]
    for tier in (t for t in tiers if t):  # (no text of any tier is clear of the bleed)
        placed = place_label(page, tier, font, metrics, [*trims, *marks], margin, size, color)
        if placed is not None:
            box = placed[1].expand(*(CLEARANCE / 2,) * 4)
            return (RectOp(box.x, box.y, box.w, box.h, (1.0, 1.0, 1.0)), *placed[0])
    text = metrics.prepare(texts[-1], font)
    return (TextOp(margin, margin + metrics.descent(font) * size, text, font, size, color),)
