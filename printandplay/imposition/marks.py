"""Crop marks: short lines on the extension of the cut lines, outside the bleed, inside the
printable area.

Where the paper is tight, the outer bleed keeps at least :data:`MIN_OUTER_BLEED` and the marks
give way first: the gap before a mark goes, then the mark shortens down to :data:`MIN_MARK`
(:func:`outer_bleed`, :func:`crop_marks`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from printandplay.model.game import Size
from printandplay.model.geometry import Rect
from printandplay.units import MM

MARK_GAP: Final = 1 * MM  # between the end of the bleed and a crop mark, where there is room
MARK_LENGTH: Final = 5 * MM
KEPT_MARK: Final = 3 * MM  # a mark keeps this length before the bleed grows past its minimum
MIN_MARK: Final = 2 * MM  # shortest crop mark drawn (all of it inside the printable area)
MIN_OUTER_BLEED: Final = 2 * MM  # least bleed on an item's outer edge (when the bleed is more)
MARK_BAND: Final = MIN_MARK + MIN_OUTER_BLEED  # room an outer edge needs: its bleed and a mark
MARK_WIDTH: Final = 0.25
_EPS: Final = 1e-6


class _Placed(Protocol):
    """What crop marks need of a slot: its trim and the bleed around it."""

    @property
    def trim(self) -> Rect: ...

    @property
    def clip(self) -> Rect: ...


@dataclass(frozen=True)
class Mark:
    """A crop mark: a short line on the extension of a cut line."""

    x1: float
    y1: float
    x2: float
    y2: float


def _cut_positions(values: list[float]) -> list[float]:
    out: list[float] = []
    for value in sorted(values):
        if not out or abs(value - out[-1]) > 0.01:
            out.append(value)
    return out


def outer_bleed(room: float, bleed: float) -> float:
    """The bleed of an outer edge that has ``room`` (from the trim to the printable area's
    edge) for its bleed and crop marks: at least :data:`MIN_OUTER_BLEED` (or ``bleed`` when
    less), then room for a :data:`KEPT_MARK`, then as much of ``bleed`` as is left; never
    more than leaves a :data:`MIN_MARK`."""
    least = min(bleed, MIN_OUTER_BLEED)
    return max(0.0, min(bleed, max(least, room - KEPT_MARK), room - MIN_MARK))


def crop_marks(slots: Sequence[_Placed], page: Size, margin: float,
               area: Rect | None = None) -> tuple[Mark, ...]:
    """Crop marks on every cut line of ``slots``, outside their bleed, at each end where a
    mark of at least :data:`MIN_MARK` fits inside the printable area (or ``area``: the part
    of it marks may use)."""
    if not slots:
        return ()
    xs = _cut_positions([v for s in slots for v in (s.trim.x, s.trim.right)])
    ys = _cut_positions([v for s in slots for v in (s.trim.y, s.trim.top)])
    left = min(s.clip.x for s in slots)
    right = max(s.clip.right for s in slots)
    bottom = min(s.clip.y for s in slots)
    top = max(s.clip.top for s in slots)
    if area is None:
        area = Rect(0, 0, page.width, page.height).inset(margin)
    return (*(Mark(x, start, x, end)
              for x, start, end in _beyond(xs, (bottom, top), (area.y, area.top))),
            *(Mark(start, y, end, y)
              for y, start, end in _beyond(ys, (left, right), (area.x, area.right))))


def _beyond(cuts: Sequence[float], items: tuple[float, float], area: tuple[float, float]
            ) -> list[tuple[float, float, float]]:
    """The marks of one axis: for each cut line, one beyond the far end of the ``items`` and
    one beyond the near end, stopped at the ``area``; each as (cut, start, end)."""
    out: list[tuple[float, float, float]] = []
    gap_high = mark_gap(area[1] - items[1])
    gap_low = mark_gap(items[0] - area[0])
    for cut in cuts:
        for start, direction, limit in ((items[1] + gap_high, 1, area[1]),
                                        (items[0] - gap_low, -1, area[0])):
            end = mark_end(start, direction, limit)
            if end is not None:
                out.append((cut, start, end))
    return out


def mark_gap(room: float) -> float:
    """The gap between the end of the bleed and a crop mark that has ``room`` up to the
    printable area's edge: :data:`MARK_GAP`, less where it would leave the mark shorter than
    :data:`KEPT_MARK`."""
    return max(0.0, min(MARK_GAP, room - KEPT_MARK))


def mark_end(start: float, direction: int, limit: float) -> float | None:
    """Where a mark from ``start`` going ``direction`` (+1/−1) ends, stopping at ``limit``;
    ``None`` when it would be shorter than :data:`MIN_MARK`."""
    end = start + direction * MARK_LENGTH
    end = min(end, limit) if direction > 0 else max(end, limit)
    return end if (end - start) * direction >= MIN_MARK - _EPS else None


