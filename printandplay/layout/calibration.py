"""The duplex calibration sheet: two scales on the front, two red lines on the back.

Printed duplex and held against the light, each red line of the back falls on a tick of the
front scale; the tick's number is the offset to pass as ``--back-offset X,Y`` (millimetres).
Ticks are placed with the same mirror as the kit's back pages, so the numbers are right for the
chosen flip.
"""

from __future__ import annotations

from dataclasses import dataclass

from printandplay.layout.imposition import Flip, mirror_axes
from printandplay.layout.richtext import parse_markup
from printandplay.layout.textfit import FontMetrics, TextStyle, fit_text, tokenize
from printandplay.layout.typography import apply_typography
from printandplay.model.game import Size
from printandplay.model.ops import RGB, GroupOp, LineOp, Op, TextOp
from printandplay.units import MM

RANGE_MM = 5
INK: RGB = (0.1, 0.1, 0.1)
RED: RGB = (0.85, 0.1, 0.1)

INSTRUCTIONS = (
    "**Calibrage recto verso** — imprimez cette feuille en recto verso ({flip}), à 100 %, "
    "puis regardez-la par transparence. Relevez le nombre du trait noir sur lequel tombe la "
    "ligne rouge du verso : **X** sur l’échelle horizontale, **Y** sur l’échelle verticale "
    "(demi-traits : 0,5 mm). Construisez ensuite vos kits avec `--back-offset X,Y`.\n\n"
    "*Duplex calibration — print this sheet duplex ({flip_en}) at 100 %, hold it against the "
    "light and read the number of the black tick under each red line of the back: X on the "
    "horizontal scale, Y on the vertical one. Then build with --back-offset X,Y.*"
)


@dataclass(frozen=True)
class CalibrationPages:
    """The ops of the front and back pages."""

    page: Size
    front: tuple[Op, ...]
    back: tuple[Op, ...]


def calibration_pages(paper: Size, flip: Flip, metrics: FontMetrics) -> CalibrationPages:
    """Lay out the calibration sheet on a portrait ``paper``."""
    page = Size(min(paper.width, paper.height), max(paper.width, paper.height))
    mirror_x, mirror_y = mirror_axes(False, flip)
    cx, cy = page.width / 2, page.height / 2
    hx_y = page.height * 0.55  # the horizontal (X) scale
    vy_x = cx  # the vertical (Y) scale, lower on the page
    vy_cy = page.height * 0.3
    sign_x = 1 if mirror_x else -1
    sign_y = 1 if mirror_y else -1
    front: list[Op] = []
    back: list[Op] = []
    label_font = metrics.select("body", False, False)
    for step in range(-2 * RANGE_MM, 2 * RANGE_MM + 1):
        value = step / 2
        whole = step % 2 == 0
        length = (7 if whole else 4) * MM
        x = cx + sign_x * value * MM
        front.append(LineOp(x, hx_y, x, hx_y + length, INK, 0.3))
        y = vy_cy + sign_y * value * MM
        front.append(LineOp(vy_x, y, vy_x + length, y, INK, 0.3))
        if whole and step % 4 == 0:
            label = f"{value:+.0f}" if value else "0"
            width = metrics.width(label, label_font) * 7
            front.append(TextOp(x - width / 2, hx_y + 8.5 * MM, label, label_font, 7, INK))
            front.append(TextOp(vy_x + 8.5 * MM, y - 2.4, label, label_font, 7, INK))
    title_font = metrics.select("body", True, False)
    front.append(TextOp(cx - 4 * MM, hx_y - 5 * MM, "X", title_font, 10, INK))
    front.append(TextOp(vy_x - 6 * MM, vy_cy - 1.5 * MM, "Y", title_font, 10, INK))
    # The back: one vertical red line through the X scale, one horizontal through the Y scale,
    # designed at the front's centre lines and mirrored like the kit's back pages.
    bx = page.width - cx if mirror_x else cx
    by_top = page.height - hx_y if mirror_y else hx_y
    back.append(LineOp(bx, by_top - 12 * MM, bx, by_top + 18 * MM, RED, 0.5))
    ry = page.height - vy_cy if mirror_y else vy_cy
    bvx = page.width - vy_x if mirror_x else vy_x
    back.append(LineOp(bvx - 18 * MM, ry, bvx + 18 * MM, ry, RED, 0.5))
    back.append(TextOp(20 * MM, 20 * MM, "verso / back", label_font, 8, RED))
    front.append(_paragraph(INSTRUCTIONS.format(
        flip="bord long" if flip == "long" else "bord court",
        flip_en="long-edge flip" if flip == "long" else "short-edge flip"),
        page, metrics))
    return CalibrationPages(page, tuple(front), tuple(back))


def _paragraph(text: str, page: Size, metrics: FontMetrics) -> Op:
    width = page.width - 40 * MM
    style = TextStyle(size=10, min_size=10, leading=1.3, color=INK)
    spans = parse_markup(apply_typography(text, "fr"))
    fitted = fit_text(tokenize(spans, style, metrics, lambda _: 1.0), width, 80 * MM, style,
                      metrics)
    assert fitted is not None
    return GroupOp((1.0, 0.0, 0.0, 1.0, 20 * MM, page.height - 20 * MM - 80 * MM), fitted.ops)
