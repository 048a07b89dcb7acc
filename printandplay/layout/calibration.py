"""The duplex calibration sheet: numbered squares on the front, red squares on the back.

Each red square of the back is printed where it exactly covers its numbered front square if the
printer shifts the back by the opposite of that number. Printed duplex and held against the
light, the pair that coincides gives the offset to pass as ``--back-offset X,Y`` (millimetres).
Positions use the same mirror as the kit's back pages, so the numbers hold for the chosen flip.
"""

from __future__ import annotations

from dataclasses import dataclass

from printandplay.data.kit_words import kit_words, table_language
from printandplay.imposition.grid import DEFAULT_MARGIN, Flip, mirror_axes, mirror_rect
from printandplay.layout.extent import op_extents
from printandplay.model.color import RGB
from printandplay.model.fonts import FontMetrics
from printandplay.model.game import Size
from printandplay.model.geometry import Rect
from printandplay.model.ops import GroupOp, Op, RectOp, TextOp
from printandplay.text.fitting import TextStyle
from printandplay.text.setter import TextSetter
from printandplay.units import MM, format_mm_value

STEPS = [s / 2 for s in range(-8, 9)]  # −4 … +4 mm by 0.5 mm
SQUARE = 5 * MM
PITCH = 10.5 * MM
INK: RGB = (0.1, 0.1, 0.1)
RED: RGB = (0.85, 0.1, 0.1)

def offset_label(value: float) -> str:
    """A step as ``--back-offset`` reads it: ``-3.5``, ``+1``, ``0`` (never ``−3,5``)."""
    return format_mm_value(value)


def calibration_command(paper: str, flip: Flip, game: str = "GAME") -> str:
    """The command to type with the values read off the sheet (``game`` stands for the
    game's name)."""
    return f"printandplay build {game} --paper {paper} --flip {flip} --back-offset X,Y"


def calibration_text(flip: Flip, paper_name: str, language: str) -> str:
    """The sheet's instructions (markup) in ``language``, followed by the English summary in
    italics when ``language`` is not English."""
    words = kit_words(language)["calibration"]
    text = (f"{words['instructions'].format(flip=words[flip])}\n\n"
            f"**{calibration_command(paper_name, flip, words['game'])}**\n\n{words['example']}")
    if table_language(language) != "en":
        english = kit_words("en")["calibration"]
        text += f"\n\n*{english['summary'].format(flip=english[flip])}*"
    return text


@dataclass(frozen=True)
class CalibrationPages:
    """The ops of the front and back pages."""

    page: Size
    front: tuple[Op, ...]
    back: tuple[Op, ...]


def calibration_pages(paper: Size, flip: Flip, metrics: FontMetrics,
                      margin: float = DEFAULT_MARGIN, paper_name: str = "a4",
                      language: str = "fr") -> CalibrationPages:
    """Lay out the calibration sheet on a portrait ``paper`` (named ``paper_name`` in the
    command it prints), everything inside the printer ``margin``, its words in ``language``;
    :class:`ValueError` when it cannot be."""
    page = Size(min(paper.width, paper.height), max(paper.width, paper.height))
    mirror_x, mirror_y = mirror_axes(False, flip)
    front: list[Op] = []
    back: list[Op] = []
    font = metrics.select("body", False, False)
    bold = metrics.select("body", True, False)
    row_y = page.height * 0.63
    row_x0 = (page.width - (len(STEPS) - 1) * PITCH - SQUARE) / 2
    col_x = page.width / 2 - SQUARE / 2
    col_y0 = max(16 * MM, margin + 2 * MM)
    for index, value in enumerate(STEPS):
        label = offset_label(value)
        # X row: the back square is displaced by the offset this square stands for.
        frame = Rect(row_x0 + index * PITCH, row_y, SQUARE, SQUARE)
        front.append(_frame(frame))
        width = metrics.width(label, font) * 7
        front.append(TextOp(frame.x + (SQUARE - width) / 2, frame.y - 3.6 * MM, label, font, 7,
                            INK))
        shifted = Rect(frame.x + (-value if mirror_x else value) * MM, frame.y, SQUARE, SQUARE)
        back.append(_red(mirror_rect(shifted, page, mirror_x, mirror_y)))
        # Y column.
        frame = Rect(col_x, col_y0 + index * PITCH * 0.82, SQUARE, SQUARE)
        front.append(_frame(frame))
        front.append(TextOp(frame.right + 2 * MM, frame.y + 1.6 * MM, label, font, 7, INK))
        shifted = Rect(frame.x, frame.y + (-value if mirror_y else value) * MM, SQUARE, SQUARE)
        back.append(_red(mirror_rect(shifted, page, mirror_x, mirror_y)))
    front.append(TextOp(row_x0 - 7 * MM, row_y + 1.2 * MM, "X", bold, 12, INK))
    front.append(TextOp(col_x - 7 * MM, col_y0 + len(STEPS) * PITCH * 0.82, "Y", bold, 12, INK))
    corner = max(15 * MM, margin + 1 * MM)
    back.append(TextOp(corner, corner, kit_words(language)["calibration"]["back"], font, 8, RED))
    front.append(_paragraph(calibration_text(flip, paper_name, language), page, metrics,
                            language))
    printable = Rect(0, 0, page.width, page.height).inset(margin)
    for _, rect in op_extents([*front, *back], metrics):
        if not printable.contains(rect):
            raise ValueError(f"the calibration sheet does not fit inside a {margin / MM:g} mm "
                             f"printer margin on this paper")
    return CalibrationPages(page, tuple(front), tuple(back))


def _frame(rect: Rect) -> Op:
    return RectOp(rect.x, rect.y, rect.w, rect.h, None, INK, 0.4)


def _red(rect: Rect) -> Op:
    return RectOp(rect.x, rect.y, rect.w, rect.h, RED, None, 0.0)


def _paragraph(text: str, page: Size, metrics: FontMetrics, language: str) -> Op:
    width = page.width - 40 * MM
    style = TextStyle(size=10, min_size=10, leading=1.3, color=INK)
    setter = TextSetter(metrics, lambda _: 1.0, language, hyphenate=False)
    fitted = setter.fit(text, width, 70 * MM, style, "calibration sheet")
    assert fitted is not None
    return GroupOp((1.0, 0.0, 0.0, 1.0, 20 * MM, page.height - 18 * MM - 70 * MM), fitted.ops)
