"""The calibration sheet: a simulated printer shift makes exactly the right pair coincide."""

from __future__ import annotations

import pytest
from helpers import FakeMetrics

from printandplay.imposition.grid import mirror_axes
from printandplay.layout.calibration import STEPS, calibration_pages
from printandplay.model.game import Size
from printandplay.model.ops import RectOp
from printandplay.units import MM

A4 = Size(210 * MM, 297 * MM)



def seen_from_front(rect: RectOp, flip: str, shift: tuple[float, float]) -> tuple[float, float]:
    """Where a back square lands, seen through the sheet, if the printer shifts the back."""
    mirror_x, mirror_y = mirror_axes(False, flip)  # type: ignore[arg-type]
    x, y = rect.x + shift[0], rect.y + shift[1]
    x = A4.width - x - rect.w if mirror_x else x
    y = A4.height - y - rect.h if mirror_y else y
    return (round(x, 3), round(y, 3))


@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize("offset", [-3.5, -1.0, 0.0, 0.5, 2.0])
def test_the_square_numbered_with_the_needed_offset_coincides(flip: str, offset: float) -> None:
    pages = calibration_pages(A4, flip, FakeMetrics())  # type: ignore[arg-type]
    frames = [op for op in pages.front if isinstance(op, RectOp)]
    squares = [op for op in pages.back if isinstance(op, RectOp)]
    assert len(frames) == len(squares) == 2 * len(STEPS)
    # A printer that shifts the back by -offset needs --back-offset offset on both axes.
    shift = (-offset * MM, -offset * MM)
    index = STEPS.index(offset)
    x_row, y_col = 2 * index, 2 * index + 1
    # The X row measures x only, the Y column y only.
    assert seen_from_front(squares[x_row], flip, shift)[0] == round(frames[x_row].x, 3)
    assert seen_from_front(squares[y_col], flip, shift)[1] == round(frames[y_col].y, 3)
    # Without any shift, the zero squares sit exactly behind their frames.
    zero = 2 * STEPS.index(0.0)
    assert seen_from_front(squares[zero], flip, (0.0, 0.0)) == (round(frames[zero].x, 3),
                                                                round(frames[zero].y, 3))
    others = [i for i in range(0, len(frames), 2) if i != x_row]
    for other in others:
        assert seen_from_front(squares[other], flip, shift)[0] != round(frames[other].x, 3)
