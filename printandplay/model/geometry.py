"""Plain rectangles in points (origin bottom-left, y up, as in PDF)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        """x of the right edge."""
        return self.x + self.w

    @property
    def top(self) -> float:
        """y of the top edge."""
        return self.y + self.h

    def expand(self, left: float, bottom: float, right: float, top: float) -> Rect:
        """The rectangle grown by the given amounts on each side."""
        return Rect(self.x - left, self.y - bottom, self.w + left + right, self.h + bottom + top)

    def inset(self, amount: float) -> Rect:
        """The rectangle shrunk by ``amount`` on every side."""
        return Rect(self.x + amount, self.y + amount, self.w - 2 * amount, self.h - 2 * amount)

    def contains(self, other: Rect, tolerance: float = 0.01) -> bool:
        """Whether ``other`` lies inside this rectangle."""
        return (
            other.x >= self.x - tolerance
            and other.y >= self.y - tolerance
            and other.right <= self.right + tolerance
            and other.top <= self.top + tolerance
        )

    def as_tuple(self) -> tuple[float, float, float, float]:
        """``(x, y, w, h)``."""
        return (self.x, self.y, self.w, self.h)
