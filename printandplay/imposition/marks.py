"""Crop marks: short lines on the extension of the cut lines, outside the bleed, inside the
printable area."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from printandplay.model.game import Size
from printandplay.model.geometry import Rect
from printandplay.units import MM

MARK_GAP: Final = 1 * MM  # between the end of the bleed and a crop mark
MARK_LENGTH: Final = 5 * MM
MIN_MARK: Final = 3 * MM  # shortest crop mark drawn (all of it inside the printable area)
MARK_BAND: Final = MARK_GAP + MIN_MARK  # room a crop mark needs beyond the bleed
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


def crop_marks(slots: Sequence[_Placed], page: Size, margin: float) -> tuple[Mark, ...]:
    """Crop marks on every cut line of ``slots``, outside their bleed, at each end where a
    mark of at least :data:`MIN_MARK` fits inside the printable area."""
    if not slots:
        return ()
    xs = _cut_positions([v for s in slots for v in (s.trim.x, s.trim.right)])
    ys = _cut_positions([v for s in slots for v in (s.trim.y, s.trim.top)])
    left = min(s.clip.x for s in slots)
    right = max(s.clip.right for s in slots)
    bottom = min(s.clip.y for s in slots)
    top = max(s.clip.top for s in slots)
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
    for cut in cuts:
        for start, direction, limit in ((items[1] + MARK_GAP, 1, area[1]),
                                        (items[0] - MARK_GAP, -1, area[0])):
            end = mark_end(start, direction, limit)
            if end is not None:
                out.append((cut, start, end))
    return out


def mark_end(start: float, direction: int, limit: float) -> float | None:
    """Where a mark from ``start`` going ``direction`` (+1/−1) ends, stopping at ``limit``;
    ``None`` when it would be shorter than :data:`MIN_MARK`."""
    end = start + direction * MARK_LENGTH
    end = min(end, limit) if direction > 0 else max(end, limit)
    return end if (end - start) * direction >= MIN_MARK - _EPS else None


