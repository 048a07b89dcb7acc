"""Breaking rich text into lines and shrinking it until it fits its box.

Everything is measured once in *em* (at size 1) with a font-metrics object supplied by the
renderer (layout never imports ReportLab); breaking at size ``s`` in a box ``w`` wide is then
breaking the em widths at ``w / s``. The result is a list of positioned :class:`TextOp` and
:class:`IconOp`, relative to the box's bottom-left corner.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

from printandplay.layout.richtext import Span
from printandplay.model.color import RGB
from printandplay.model.ops import IconOp, Op, TextOp

ICON_EM = 1.0  # an inline icon is as tall as the font size
ICON_DROP = 0.16  # and sits this far (in em) below the baseline
TAG_SCALE = 0.72
TAG_COLOR: RGB = (0.45, 0.45, 0.45)
PAR_GAP = 0.5  # extra space between paragraphs, in lines


class FontMetrics(Protocol):
    """What text layout needs to know about fonts (provided by the renderer)."""

    def select(self, role: str, bold: bool, italic: bool) -> str:
        """The font key serving ``role`` in that style."""

    def prepare(self, text: str, font: str) -> str:
        """``text`` with characters the font lacks replaced by fallbacks (or an error)."""

    def width(self, text: str, font: str) -> float:
        """Advance width of ``text`` at size 1."""

    def ascent(self, font: str) -> float:
        """Ascent at size 1."""

    def descent(self, font: str) -> float:
        """Descent at size 1, positive."""


@dataclass(frozen=True)
class TextStyle:
    """How a box sets its text."""

    role: str = "body"
    size: float = 10.0
    min_size: float = 6.0
    leading: float = 1.2
    align: Literal["left", "center", "right"] = "left"
    valign: Literal["top", "middle", "bottom"] = "top"
    color: RGB = (0.0, 0.0, 0.0)
    bold: bool = False
    italic: bool = False
    icon_scale: float = 1.0
    wrap: bool = True


@dataclass(frozen=True)
class _Frag:
    kind: Literal["text", "icon"]
    value: str
    font: str
    scale: float
    color: RGB | None  # None = the box colour
    width: float  # em


@dataclass
class _Word:
    frags: list[_Frag] = field(default_factory=list)
    width: float = 0.0


@dataclass(frozen=True)
class _Glue:
    font: str
    width: float


@dataclass(frozen=True)
class _Break:
    paragraph: bool


_Item = _Word | _Glue | _Break


@dataclass(frozen=True)
class FittedText:
    """Text laid out in a box: the size chosen, the ops, and the height used."""

    size: float
    ops: tuple[Op, ...]
    height: float
    lines: int


def tokenize(
    spans: Sequence[Span],
    style: TextStyle,
    metrics: FontMetrics,
    icon_aspect: Callable[[str], float],
    cache: dict[tuple[str, str], _Frag | _Glue] | None = None,
) -> list[_Item]:
    """Turn spans into words, glue and breaks, measured in em.

    ``cache`` (kept by the caller for one set of fonts) keeps the measured pieces of text and
    spaces per font, to be shared by every text that uses them."""
    items: list[_Item] = []
    if cache is None:
        cache = {}
    word = _Word()

    def close_word() -> None:
        nonlocal word
        if word.frags:
            items.append(word)
            word = _Word()

    def add(frag: _Frag) -> None:
        word.frags.append(frag)
        word.width += frag.width

    for span in spans:
        if span.kind in ("br", "par"):
            close_word()
            items.append(_Break(span.kind == "par"))
            continue
        font = metrics.select(style.role, style.bold or span.bold, style.italic or span.italic)
        if span.kind == "icon":
            scale = style.icon_scale
            add(_Frag("icon", span.value, font, scale, None,
                      icon_aspect(span.value) * ICON_EM * scale))
            continue
        if span.kind == "tag":
            tag_font = metrics.select(style.role, False, False)
            text = metrics.prepare(span.value, tag_font)
            width = metrics.width(text, tag_font) * TAG_SCALE
            add(_Frag("text", text, tag_font, TAG_SCALE, TAG_COLOR, width))
            continue
        pieces = span.value.replace("\t", " ").split(" ")
        for index, piece in enumerate(pieces):
            if index > 0:
                close_word()
                if not items or not isinstance(items[-1], (_Glue, _Break)):
                    glue = cache.get((" ", font))
                    if glue is None:
                        glue = cache[(" ", font)] = _Glue(font, metrics.width(" ", font))
                    items.append(glue)  # type: ignore[arg-type]
            if piece:
                frag = cache.get((piece, font))
                if frag is None:
                    text = metrics.prepare(piece, font)
                    frag = _Frag("text", text, font, 1.0, None, metrics.width(text, font))
                    cache[(piece, font)] = frag
                add(frag)  # type: ignore[arg-type]
    close_word()
    return items


def break_lines(items: Sequence[_Item], max_width: float) -> list[tuple[list[_Item], bool]] | None:
    """Greedy line breaking in em; ``None`` when a word is wider than ``max_width``.

    Each line comes with a flag telling whether a paragraph break follows it.
    """
    lines: list[tuple[list[_Item], bool]] = []
    current: list[_Item] = []
    width = 0.0
    pending_glue: _Glue | None = None
    for item in items:
        if isinstance(item, _Break):
            lines.append((current, item.paragraph))
            current, width, pending_glue = [], 0.0, None
        elif isinstance(item, _Glue):
            pending_glue = item if current else None
        else:
            if item.width > max_width + 1e-9:
                return None
            extra = (pending_glue.width if pending_glue else 0.0) + item.width
            if current and width + extra > max_width + 1e-9:
                lines.append((current, False))
                current, width = [item], item.width
            else:
                if pending_glue is not None:
                    current.append(pending_glue)
                current.append(item)
                width += extra
            pending_glue = None
    if current or not lines:
        lines.append((current, False))
    return lines


def _line_width(line: Sequence[_Item]) -> float:
    return sum(item.width for item in line if not isinstance(item, _Break))


def fit_text(
    items: Sequence[_Item],
    width: float,
    height: float,
    style: TextStyle,
    metrics: FontMetrics,
) -> FittedText | None:
    """Lay out ``items`` in a ``width`` × ``height`` box, shrinking from ``style.size`` down to
    ``style.min_size`` in 0.25 pt steps; ``None`` if it never fits. Without ``style.wrap``, lines
    break only where the text says so and the size shrinks until the longest one fits."""
    base_font = metrics.select(style.role, style.bold, style.italic)
    ascent, descent = metrics.ascent(base_font), metrics.descent(base_font)
    size = style.size
    unwrapped = None if style.wrap else break_lines(items, float("inf"))
    while size >= style.min_size - 1e-9:
        if unwrapped is not None:
            fits = all(_line_width(line) <= width / size + 1e-9 for line, _ in unwrapped)
            lines = unwrapped if fits else None
        else:
            lines = break_lines(items, width / size)
        if lines is not None:
            gaps = sum(1 for _, par in lines[:-1] if par)
            used = size * (
                ascent + descent + (len(lines) - 1 + gaps * PAR_GAP) * style.leading
            )
            if used <= height + 1e-6:
                ops = _place(lines, width, height, used, size, ascent, style)
                return FittedText(size, tuple(ops), used, len(lines))
        size -= 0.25
    return None


def _place(
    lines: list[tuple[list[_Item], bool]],
    width: float,
    height: float,
    used: float,
    size: float,
    ascent: float,
    style: TextStyle,
) -> list[Op]:
    if style.valign == "top":
        top = height
    elif style.valign == "middle":
        top = height - (height - used) / 2
    else:
        top = used
    baseline = top - ascent * size
    ops: list[Op] = []
    for line, paragraph_follows in lines:
        line_width = _line_width(line) * size
        if style.align == "center":
            x = (width - line_width) / 2
        elif style.align == "right":
            x = width - line_width
        else:
            x = 0.0
        _emit_line(ops, line, x, baseline, size, style.color)
        baseline -= size * style.leading * (1 + (PAR_GAP if paragraph_follows else 0))
    return ops


def _emit_line(
    ops: list[Op], line: Sequence[_Item], x: float, baseline: float, size: float, color: RGB
) -> None:
    run: list[str] = []
    run_key: tuple[str, float, RGB] | None = None
    run_x = x

    def flush() -> None:
        nonlocal run_key
        if run_key is not None and run:
            font, scale, run_color = run_key
            ops.append(TextOp(run_x, baseline, "".join(run), font, size * scale, run_color))
        run.clear()
        run_key = None

    for item in line:
        if isinstance(item, _Glue):
            if run_key is not None and run_key[0] == item.font and run_key[1] == 1.0:
                run.append(" ")
            else:
                flush()
            x += item.width * size
            continue
        if isinstance(item, _Break):
            continue
        for frag in item.frags:
            if frag.kind == "icon":
                flush()
                w = frag.width * size
                h = ICON_EM * size * frag.scale
                y = baseline + (0.5 * ICON_EM - ICON_DROP) * size - h / 2
                ops.append(IconOp(frag.value, x, y, w, h, frag.color or color))
            else:
                key = (frag.font, frag.scale, frag.color or color)
                if key != run_key:
                    flush()
                    run_key, run_x = key, x
                run.append(frag.value)
            x += frag.width * size
    flush()
