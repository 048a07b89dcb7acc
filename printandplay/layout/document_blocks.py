"""Measuring the blocks of a document (rules, reference sheet) for a column of a given width.

Each block is laid out with the same text engine as cards, at the top-left of its frame (y down
from 0); a table also keeps its rows apart, so that pagination (:mod:`.document`) can split it.
The design (sizes, colours, spacing, font roles) comes from :class:`DocStyle`, built from the
game's ``document_style:`` (:class:`~printandplay.model.game.DocumentStyle`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Final

from printandplay.errors import LayoutError
from printandplay.layout.block_sizes import set_widths, wrap_code
from printandplay.layout.legibility import DEFAULT_MIN_FONT_SIZE, size_error, text_ops, too_small
from printandplay.model.color import RGB
from printandplay.model.fonts import FontMetrics
from printandplay.model.game import DocumentStyle
from printandplay.model.ops import GroupOp, IconOp, LineOp, Op, RectOp, TextOp
from printandplay.text.blocks import Block
from printandplay.text.fitting import FittedText, TextStyle
from printandplay.text.setter import TextSetter
from printandplay.units import MM

BIG: Final = 1e5


@dataclass(frozen=True)
class DocStyle:
    """A document's design with its colours resolved, and its number of columns."""

    design: DocumentStyle = field(default_factory=DocumentStyle)
    ink: RGB = (0.13, 0.11, 0.16)
    accent: RGB = (0.35, 0.2, 0.5)
    callout_fill: RGB = (0.96, 0.93, 0.86)
    rule: RGB = (0.8, 0.78, 0.75)
    footer: RGB = (0.45, 0.45, 0.45)
    columns: int = 2
    debug_boxes: bool = False  # outline the text frame and every block, with its kind
    # print rule tags (``[[OUPS-GOAL-1]]``): ids are for the designer's reference (the rules
    # digest, --debug-boxes builds), not for the players who read the rules
    rule_tags: bool = False
    code_font: str = ""  # the font role of code blocks (```): monospaced; "" for the body's
    min_font_size: float = DEFAULT_MIN_FONT_SIZE  # the game's: no text may be set smaller


@dataclass(frozen=True)
class Row:
    """One table row: its ops (y down from its top), height and line in the document."""

    ops: tuple[Op, ...]
    height: float
    line: int = 0


@dataclass(frozen=True)
class Measured:
    """A laid-out block: ops at the top-left of its frame (y down from 0), its height."""

    ops: tuple[Op, ...]
    height: float
    space_before: float
    keep_with_next: bool = False
    line: int = 0
    rows: tuple[Row, ...] = ()  # a table, which may be split between rows
    header: Row | None = None  # repeated at the top of each continuation of a table
    width: float = 0.0
    kind: str = ""  # the block's kind and line (named by --debug-boxes)
    noun: str = ""  # what the block is, for messages: "paragraph", "table"…


class BlockMeasurer:
    """Lays out one block at a time in the document's style."""

    def __init__(self, metrics: FontMetrics, icon_aspect: Callable[[str], float],
                 language: str, style: DocStyle, what: str,
                 origin: Callable[[str], str | None] | None = None) -> None:
        self.metrics = metrics
        self.icon_aspect = icon_aspect
        self.text = TextSetter(metrics, icon_aspect, language)
        self.style = style
        self.design = style.design
        self.what = what
        # names the card and field whose value a block's text shows ("file:line: card 'X',
        # field 'text'"), or None: errors in a card's text then name the card
        self.origin = origin

    def _where(self, line: int, source: str) -> str:
        """The start of an error message about the text ``source`` at document line ``line``."""
        card = self.origin(source) if self.origin is not None else None
        if card is None:
            return f"{self.what}:{line}"
        return f"{card} (printed by {self.what}, line {line} of the document)"

    def _text(self, source: str, width: float, style: TextStyle, line: int) -> FittedText:
        # the card a text comes from is looked for only when there is an error to report
        plain = f"{self.what}:{line}"
        try:
            fitted = self.text.fit(source, width, BIG, style, plain)
        except LayoutError as err:
            message = str(err)
            if message.startswith(plain):  # (errors of text start with where they are)
                message = self._where(line, source) + message[len(plain):]
            raise LayoutError(message) from None
        if fitted is None:
            raise LayoutError(f"{self._where(line, source)}: a word is wider than the column: "
                              f"{source!r}")
        check_min_size(fitted.ops, self.style.min_font_size,
                       lambda: f"{self._where(line, source)}: in document text")
        return fitted

    def _place(self, fitted: FittedText, x: float, top: float) -> GroupOp:
        return GroupOp((1.0, 0.0, 0.0, 1.0, x, top - BIG), fitted.ops)

    def _body(self) -> TextStyle:
        d = self.design
        return TextStyle(role=d.body_font, size=d.size, min_size=d.size, leading=d.leading,
                         color=self.style.ink, min_tag_size=self.style.min_font_size,
                         rule_tags=self.style.rule_tags)

    def measure(self, block: Block, width: float) -> Measured:
        """Lay out one block at the top-left of a ``width``-wide frame (y down from 0)."""
        d = self.design
        accent = self.style.accent
        if block.kind == "heading":
            size = {1: d.title_size, 2: d.section_size, 3: d.subsection_size}[block.level]
            role = d.title_font if block.level < 3 else d.body_font
            style = TextStyle(role=role, size=size, leading=1.1, min_size=size,
                              bold=block.level == 3,
                              color=accent if block.level < 3 else self.style.ink,
                              hyphenate=False, min_tag_size=self.style.min_font_size,
                              rule_tags=self.style.rule_tags)
            fitted = self._text(block.text, width, style, block.line)
            ops: list[Op] = [self._place(fitted, 0, 0)]
            height = fitted.height
            if block.level == 2:
                ops.append(LineOp(0, -height - 1.2 * MM, width, -height - 1.2 * MM, accent, 0.6))
                height += 2 * MM
            before = {1: 0.0, 2: 3.5 * MM, 3: 2.2 * MM}[block.level]
            return Measured(tuple(ops), height + 1 * MM, before, keep_with_next=True,
                             line=block.line, noun="heading")
        if block.kind == "paragraph":
            fitted = self._text(block.text, width, self._body(), block.line)
            return Measured((self._place(fitted, 0, 0),), fitted.height, d.paragraph_space,
                             line=block.line, noun="paragraph")
        if block.kind == "bullet":
            indent = d.bullet_indent
            fitted = self._text(block.text, width - indent, self._body(), block.line)
            font = self.metrics.select(d.body_font, False, False)
            dot = TextOp(0.8 * MM, -self.metrics.ascent(font) * d.size, "•", font, d.size, accent)
            return Measured((dot, self._place(fitted, indent, 0)), fitted.height, 0.9 * MM,
                             line=block.line, noun="bullet")
        if block.kind == "callout":
            pad = d.callout_padding
            small = replace(self._body(), size=d.size * 0.95, min_size=d.size * 0.95,
                            leading=d.leading - 0.02)
            fitted = self._text(block.text, width - 2 * pad - 1.2 * MM, small, block.line)
            height = fitted.height + 2 * pad
            frame = RectOp(0, -height, width, height, self.style.callout_fill, None, 0, 1.5 * MM)
            bar = RectOp(0, -height, 1.2 * MM, height, accent, None, 0, 0)
            return Measured((frame, bar, self._place(fitted, pad + 1.2 * MM, -pad)),
                             height, 2.2 * MM, line=block.line, noun="box")
        if block.kind == "table":
            return self._table(block, width)
        if block.kind == "code":
            return self._code(block, width)
        return Measured((), 0.0, 0.0, line=block.line)

    def _code(self, block: Block, width: float) -> Measured:
        """A code block: its lines as written (no markup, no typography), in the code font
        on a light frame; a line too long for the column goes on below, indented."""
        d = self.design
        pad = d.callout_padding
        size = d.size * 0.95
        font = self.metrics.select(self.style.code_font or d.body_font, False, False)
        room = (width - 2 * pad) / size  # in em

        def em(text: str) -> float:
            return self.metrics.width(self.metrics.prepare(text, font), font)

        lines = [piece for line in block.text.split("\n") for piece in wrap_code(line, room, em)]
        step = size * 1.3
        ascent = self.metrics.ascent(font) * size
        height = len(lines) * step + 2 * pad
        ops: list[Op] = [RectOp(0, -height, width, height, self.style.callout_fill, None, 0,
                                1.5 * MM)]
        for index, line in enumerate(lines):
            if line:
                ops.append(TextOp(pad, -pad - ascent - index * step,
                                  self.metrics.prepare(line, font), font, size, self.style.ink))
        check_min_size(ops, self.style.min_font_size,
                       lambda: f"{self._where(block.line, block.text)}: in a code block")
        return Measured(tuple(ops), height, 2.2 * MM, line=block.line)

    def _column_widths(self, rows: list[tuple[str, ...]], header: bool, icon_col: list[bool],
                       width: float, icon_w: float, pad: float) -> list[float]:
        ncols = len(icon_col)
        fixed = sum(icon_w for c in range(ncols) if icon_col[c])
        text_cols = [c for c in range(ncols) if not icon_col[c]]
        widths = [icon_w] * ncols
        if text_cols:
            free = width - fixed
            if len(text_cols) > 1:
                body = self._body()
                bold = replace(body, bold=True)  # a header row is set in bold
                first = min(0.34 * free, max(
                    self._natural(r[text_cols[0]], bold if header and i == 0 else body)
                    for i, r in enumerate(rows)) + 2 * pad)
                widths[text_cols[0]] = first
                rest = (free - first) / (len(text_cols) - 1)
                for c in text_cols[1:]:
                    widths[c] = rest
            else:
                widths[text_cols[0]] = free
        return widths

    def _table(self, block: Block, width: float) -> Measured:
        if not block.rows:
            raise LayoutError(f"{self.what}:{block.line}: a widths line (|: … :|) with no table "
                              "row after it")
        ncols = max(len(r) for r in block.rows)
        rows = [tuple(r) + ("",) * (ncols - len(r)) for r in block.rows]
        icon_col = [all(_icon_only(r[c]) or not r[c] for r in rows) for c in range(ncols)]
        icon_w = 11 * MM
        pad = 1.2 * MM
        if block.widths:
            widths = set_widths(block.widths, ncols, width, f"{self.what}:{block.line}")
            width = sum(widths)
        else:
            widths = self._column_widths(rows, block.header, icon_col, width, icon_w, pad)
        body = self._body()
        laid: list[Row] = []
        for index, row in enumerate(rows):
            # (a header's separator line is not a row)
            line = block.line + index + (1 if block.header and index > 0 else 0)
            cells: list[Op] = []
            x = 0.0
            row_h = 0.0
            for c, text in enumerate(row):
                if icon_col[c] and text:
                    name = text.strip().strip(":")
                    aspect = self.icon_aspect(name)
                    box = min(icon_w, widths[c]) - 2 * pad
                    if box <= 0:
                        raise LayoutError(f"{self.what}:{line}: column {c + 1} of the table is "
                                          f"too narrow for an icon ({widths[c] / MM:.1f} mm)")
                    h = box
                    w = min(h * aspect, box)
                    h = w / aspect
                    cells.append(IconOp(name, x + (widths[c] - w) / 2, -pad - h, w, h,
                                        self.style.ink))
                    row_h = max(row_h, h + 2 * pad)
                elif text:
                    style = replace(body, bold=True) if block.header and index == 0 else body
                    fitted = self._text(text, widths[c] - 2 * pad, style, line)
                    cells.append(self._place(fitted, x + pad, -pad))
                    row_h = max(row_h, fitted.height + 2 * pad)
                x += widths[c]
            laid.append(Row(tuple(cells), row_h, line))
        ops: list[Op] = []
        y = 0.0
        for index, row_laid in enumerate(laid):
            ops.extend(GroupOp((1.0, 0.0, 0.0, 1.0, 0.0, y), (op,)) for op in row_laid.ops)
            y -= row_laid.height
            if index < len(laid) - 1:
                ops.append(LineOp(0, y, width, y, self.style.rule, 0.4))
        header = laid[0] if block.header and len(laid) > 1 else None
        return Measured(tuple(ops), -y, 2 * MM, line=block.line, rows=tuple(laid),
                         header=header, width=width, noun="table")

    def _natural(self, text: str, style: TextStyle, line: int = 0) -> float:
        return self.text.natural_width(text, style, self._where(line, text))


def _icon_only(text: str) -> bool:
    stripped = text.strip()
    return (len(stripped) > 2 and stripped.startswith(":") and stripped.endswith(":")
            and ":" not in stripped[1:-1] and " " not in stripped)


def check_min_size(ops: Sequence[Op], min_font_size: float, where: Callable[[], str]) -> None:
    """Refuse text of ``ops`` set under ``min_font_size`` points (the game's
    ``min_font_size``): ``where()`` starts the message."""
    for text in text_ops(ops):
        if too_small(text, min_font_size):
            raise size_error(text, min_font_size, where(), "raise the sizes of document_style "
                             "in game.yaml, or lower min_font_size")
