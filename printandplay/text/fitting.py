"""Breaking measured tokens (:mod:`.tokens`) into lines and shrinking them until they fit.

Everything is measured once in *em* (at size 1) with a font-metrics object supplied by the
renderer (layout never imports ReportLab); breaking at size ``s`` in a box ``w`` wide is then
breaking the em widths at ``w / s``. The result is a list of positioned :class:`TextOp` and
:class:`IconOp`, relative to the box's bottom-left corner.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from printandplay.model.color import RGB
from printandplay.model.design import Align, VAlign
from printandplay.model.fonts import FontMetrics
from printandplay.model.ops import IconOp, Op, TextOp
from printandplay.text.fit_bounds import LineFloor, text_extent
from printandplay.text.hyphenation import Hyphenator, Splitter, split_word, syllables
from printandplay.text.tokens import ICON_EM, TAG_SCALE, Break, Glue, Item, Word

ICON_DROP = 0.16  # an inline icon sits this far (in em) below the baseline
PAR_GAP = 0.5  # extra space between paragraphs, in lines


@dataclass(frozen=True)
class TextStyle:
    """How a box sets its text."""

    role: str = "body"
    size: float = 10.0
    min_size: float = 6.0
    leading: float = 1.2
    align: Align = "left"
    valign: VAlign = "top"
    color: RGB = (0.0, 0.0, 0.0)
    bold: bool = False
    italic: bool = False
    icon_scale: float = 1.0
    wrap: bool = True
    hyphenate: bool = True  # when the text would otherwise not fit (never for titles)
    min_tag_size: float = 0.0  # rule tags grow from TAG_SCALE × size to stay at least this big
    rule_tags: bool = True  # print rule tags (``[[CHA-END-1]]``); else they are left out


@dataclass(frozen=True)
class FittedText:
    """Text laid out in a box: the size chosen, the ops, and the height used."""

    size: float
    ops: tuple[Op, ...]
    height: float
    lines: int
    # (x0, y0, x1, y1) in the box's frame, holding every text op as the legibility check
    # measures it (advance width, descent to ascent), up to the rounding of summing the
    # measured pieces instead of measuring each run again; None: not known
    extent: tuple[float, float, float, float] | None = None


def break_lines(items: Sequence[Item], max_width: float, split: Splitter | None = None
                ) -> list[tuple[list[Item], bool]] | None:
    """Greedy line breaking in em; ``None`` when a word is wider than ``max_width``.

    With ``split`` (see :func:`syllables`), a word that does not fit the end of a line is
    hyphenated when its head fits there, and a word wider than a line is cut over several.
    Each line comes with a flag telling whether a paragraph break follows it. (Items are told
    apart by their exact class: no subclasses exist, see :mod:`.tokens`.)
    """
    lines: list[tuple[list[Item], bool]] = []
    current: list[Item] = []
    width = 0.0
    pending_glue: Glue | None = None
    for next_item in items:
        item: Item | None = next_item
        while item is not None:
            kind = type(item)
            if kind is Break:
                lines.append((current, item.paragraph))  # type: ignore[union-attr]
                current, width, pending_glue = [], 0.0, None
                break
            if kind is Glue:
                pending_glue = item if current else None  # type: ignore[assignment]
                break
            word: Word = item  # type: ignore[assignment]  # (neither a break nor glue)
            glue = pending_glue.width if pending_glue and current else 0.0
            extra = glue + word.width
            if current and width + extra <= max_width + 1e-9 or \
                    not current and word.width <= max_width + 1e-9:
                if pending_glue is not None and current:
                    current.append(pending_glue)
                current.append(word)
                width += extra
                pending_glue = None
                break
            chunks = split(word) if split is not None else ()
            parts = split_word(word, chunks, max_width - width - glue) if chunks else None
            if parts is not None:  # the head ends this line, the rest starts the next
                if pending_glue is not None and current:
                    current.append(pending_glue)
                current.append(parts[0])
                lines.append((current, False))
                current, width, pending_glue = [], 0.0, None
                item = parts[1]
                continue
            if not current:  # wider than a line, and no head fits
                return None
            lines.append((current, False))
            current, width, pending_glue = [], 0.0, None
    if current or not lines:
        lines.append((current, False))
    return lines


def _scale_tags(items: Sequence[Item], scale: float) -> list[Item]:
    """``items`` with their rule tags set at ``scale`` of the text size instead."""
    out: list[Item] = []
    for item in items:
        if isinstance(item, Word) and any(f.kind == "tag" for f in item.frags):
            frags = [replace(f, scale=scale, width=f.width * scale / f.scale)
                     if f.kind == "tag" else f for f in item.frags]
            out.append(Word(frags, sum(f.width for f in frags)))
        else:
            out.append(item)
    return out


def _line_width(line: Sequence[Item]) -> float:
    return sum([item.width for item in line if not isinstance(item, Break)])


def _height(lines: list[tuple[list[Item], bool]], size: float, extent: float,
            leading: float) -> float:
    """How high ``lines`` stand at ``size``: the first line's ``extent`` (ascent and descent,
    in em), then a ``leading`` per line, half a line more after each paragraph."""
    gaps = [par for _, par in lines[:-1]].count(True) if len(lines) > 1 else 0
    return size * (extent + (len(lines) - 1 + gaps * PAR_GAP) * leading)


def fit_text(
    items: Sequence[Item],
    width: float,
    height: float,
    style: TextStyle,
    metrics: FontMetrics,
    hyphenator: Hyphenator | None = None,
) -> FittedText | None:
    """Lay out ``items`` in a ``width`` × ``height`` box, shrinking from ``style.size`` down to
    ``style.min_size`` in 0.25 pt steps; ``None`` if it never fits. Without ``style.wrap``, lines
    break only where the text says so and the size shrinks until the longest one fits.

    With a ``hyphenator`` (and ``style.hyphenate``), a size at which the text does not fit
    unhyphenated is tried again with hyphenation before shrinking: text that fits as it is
    stays as it was."""
    base_font = metrics.select(style.role, style.bold, style.italic)
    ascent, descent = metrics.ascent(base_font), metrics.descent(base_font)
    extent = ascent + descent  # (of the first line)
    size = style.size
    base_items = items
    unwrapped = None if style.wrap else break_lines(items, float("inf"))
    hyphenate = hyphenator is not None and style.hyphenate and style.wrap
    split: Splitter | None = None  # (made on first need: most texts fit unhyphenated)

    # once the first size failed: the fewest lines at each size (most texts fit at once)
    use_floor = style.wrap and style.leading >= 0
    floor: LineFloor | None = None
    while size >= style.min_size - 1e-9:
        tag_scale = style.min_tag_size / size
        if tag_scale > TAG_SCALE:  # rule tags would be too small: larger than usual
            items = _scale_tags(base_items, tag_scale)
            unwrapped = None if style.wrap else break_lines(items, float("inf"))
            floor = None
        if use_floor and size < style.size:
            floor = floor or LineFloor(items)
            if size * (ascent + descent + (floor.lines(width / size) - 1) * style.leading) \
                    > height + 1e-6:
                size -= 0.25  # too many lines at this size, however they break: skip it
                continue
        if unwrapped is not None:
            fits = all(_line_width(line) <= width / size + 1e-9 for line, _ in unwrapped)
            lines = unwrapped if fits else None
        else:
            lines = break_lines(items, width / size)
        used = None if lines is None else _height(lines, size, extent, style.leading)
        if (used is None or used > height + 1e-6) and hyphenate:
            if split is None:
                assert hyphenator is not None
                split = syllables(hyphenator, metrics)
            lines = break_lines(items, width / size, split)
            used = None if lines is None else _height(lines, size, extent, style.leading)
        if lines is not None and used is not None and used <= height + 1e-6:
            ops: list[Op] = []
            left, right = _place(ops, lines, width, height, used, size, ascent, style)
            return FittedText(size, tuple(ops), used, len(lines),
                              text_extent(ops, left, right, metrics))
        size -= 0.25
    return None


def lines_top(valign: VAlign, height: float, used: float) -> float:
    """Where the top of lines ``used`` high goes in a box ``height`` high, by ``valign``."""
    if valign == "top":
        return height
    if valign == "middle":
        return height - (height - used) / 2
    return used


def line_start(align: Align, width: float, advance: float) -> float:
    """Where a line ``advance`` wide starts in a box ``width`` wide, by ``align``."""
    if align == "center":
        return (width - advance) / 2
    if align == "right":
        return width - advance
    return 0.0


def _place(
    ops: list[Op],
    lines: list[tuple[list[Item], bool]],
    width: float,
    height: float,
    used: float,
    size: float,
    ascent: float,
    style: TextStyle,
) -> tuple[float, float]:
    """Append the ops of ``lines`` to ``ops``; the leftmost start and the rightmost end of
    the lines (what they advance over: every text op lies between them)."""
    baseline = lines_top(style.valign, height, used) - ascent * size
    align = style.align
    left = right = 0.0
    for line, paragraph_follows in lines:
        # (left: the line's width is not needed)
        x = line_start(align, width, 0.0 if align == "left" else _line_width(line) * size)
        end = _emit_line(ops, line, x, baseline, size, style.color)
        if x < left:
            left = x
        if end > right:
            right = end
        baseline -= size * style.leading * (1 + (PAR_GAP if paragraph_follows else 0))
    return left, right


def _emit_line(
    ops: list[Op], line: Sequence[Item], x: float, baseline: float, size: float, color: RGB
) -> float:
    """The ops of one line: a text op per run of text in one font, scale and colour (the
    spaces between them included), an icon op per inline icon; returns where the line ends
    (widths are never negative: ``x`` only grows).

    Items are told apart by their exact class (no subclasses exist: see :mod:`.tokens`)."""
    add = ops.append
    make = TextOp
    run: list[str] = []
    run_font: str | None = None  # the run's font, scale and colour (None: no run)
    run_scale = 1.0
    run_color = color
    run_x = x
    for item in line:
        kind = type(item)
        if kind is Glue:
            if run_font is not None and run_font == item.font and run_scale == 1.0:  # type: ignore[union-attr]
                run.append(" ")
            else:  # the run ends here
                if run_font is not None and run:
                    add(make(run_x, baseline, "".join(run), run_font, size * run_scale,
                             run_color))
                run.clear()
                run_font = None
            x += item.width * size  # type: ignore[union-attr]
            continue
        if kind is Break:
            continue
        for frag in item.frags:  # type: ignore[union-attr]
            if frag.kind == "icon":
                if run_font is not None and run:
                    add(make(run_x, baseline, "".join(run), run_font, size * run_scale,
                             run_color))
                run.clear()
                run_font = None
                w = frag.width * size
                h = ICON_EM * size * frag.scale
                y = baseline + (0.5 * ICON_EM - ICON_DROP) * size - h / 2
                add(IconOp(frag.value, x, y, w, h, frag.color or color))
            else:
                frag_color = frag.color or color
                if run_font is None or frag.font != run_font or frag.scale != run_scale \
                        or frag_color != run_color:
                    if run_font is not None and run:
                        add(make(run_x, baseline, "".join(run), run_font, size * run_scale,
                                 run_color))
                    run.clear()
                    run_font, run_scale, run_color, run_x = frag.font, frag.scale, frag_color, x
                run.append(frag.value)
            x += frag.width * size
    if run_font is not None and run:
        add(make(run_x, baseline, "".join(run), run_font, size * run_scale, run_color))
    return x
