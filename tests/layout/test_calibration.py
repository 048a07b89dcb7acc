"""The calibration sheet: a simulated printer shift makes exactly the right pair coincide."""

from __future__ import annotations

import pytest
from helpers import FakeMetrics

from printandplay.data.kit_words import load_words_table
from printandplay.imposition.grid import mirror_axes
from printandplay.layout.calibration import STEPS, calibration_pages, calibration_text
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


@pytest.mark.parametrize(("language", "words", "game"), [
    ("fr", ("Calibrage recto verso", "bord long", "Duplex calibration", "long-edge flip"), "JEU"),
    ("de", ("Duplex-Kalibrierung", "Wenden an der langen Kante", "Duplex calibration"), "SPIEL"),
    ("es", ("Calibración a doble cara", "Duplex calibration"), "JUEGO"),
    ("it", ("Calibrazione fronte-retro", "Duplex calibration"), "GIOCO"),
    ("en", ("Duplex calibration", "long-edge flip", "replace GAME"), "GAME"),
])
def test_the_instructions_speak_the_language_asked(language: str, words: tuple[str, ...],
                                                   game: str) -> None:
    text = calibration_text("long", "a4", language)
    for word in words:
        assert word in text, (word, text)
    assert f"printandplay build {game} --paper a4 --flip long --back-offset X,Y" in text
    # the English summary (in italics) follows every other language
    assert ("\n\n*Duplex calibration — " in text) == (language != "en")
    back = [op.text for op in calibration_pages(A4, "long", FakeMetrics(),  # type: ignore[arg-type]
                                                language=language).back if hasattr(op, "text")]
    assert back == [load_words_table(language)["calibration"]["back"]]
