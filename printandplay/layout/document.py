"""Laying out a document (rules, reference sheet) in columns on pages.

Blocks are measured with the same text engine as cards (:meth:`DocumentLayout.measure`), then
a :class:`_Cursor` stacks them in columns, in source order. A heading is kept with the block that
follows it; a group that does not fit in what is left of a column goes to the next column or
page. Pending headings are flushed (placed) before a ``#`` title, a column break (``===``) and at
the end, so that no heading is ever lost or moved. A table taller than a column is split between
rows, its header row repeated at the top of each continuation. The result is one tuple of ops
per page (origin bottom-left of the page).

The design (sizes, colours, spacing, font roles) comes from :class:`DocStyle`, built from the
game's ``document_style:`` (:class:`~printandplay.model.game.DocumentStyle`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from printandplay.errors import LayoutError
from printandplay.layout.blocks import Block, parse_blocks
from printandplay.layout.richtext import MarkupError, parse_markup
from printandplay.layout.textfit import FittedText, FontMetrics, TextStyle, fit_text, tokenize
from printandplay.layout.typography import apply_typography
from printandplay.model.game import DocumentStyle, Size
from printandplay.model.ops import RGB, GroupOp, IconOp, LineOp, Op, RectOp, TextOp
from printandplay.units import MM

BIG: Final = 1e5
EPSILON: Final = 0.01


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


@dataclass(frozen=True)
class _Row:
    """One table row: its ops (y down from its top) and height."""

    ops: tuple[Op, ...]
    height: float


@dataclass(frozen=True)
class _Measured:
    """A laid-out block: ops at the top-left of its frame (y down from 0), its height."""

    ops: tuple[Op, ...]
    height: float
    space_before: float
    keep_with_next: bool = False
    line: int = 0
    rows: tuple[_Row, ...] = ()  # a table, which may be split between rows
    header: _Row | None = None  # repeated at the top of each continuation of a table
    width: float = 0.0


class _Cursor:
    """Where the next block goes (page, column, height) and the ops of the pages so far."""

    def __init__(self, page: Size, style: DocStyle) -> None:
        design = style.design
        self.page = page
        self.columns = style.columns
        self.margin = design.margin
        self.gutter = design.gutter
        self.column_width = (page.width - 2 * design.margin
                             - (style.columns - 1) * design.gutter) / style.columns
        self.bottom = design.margin + design.footer
        self.pages: list[list[Op]] = []
        self.column = 0
        self.y = 0.0
        self.top = 0.0  # where columns start on this page (below a title)
        self.new_page()

    def new_page(self) -> None:
        """Start a page, in its first column."""
        self.pages.append([])
        self.column = 0
        self.y = self.top = self.page.height - self.margin

    def next_column(self) -> None:
        """Go to the top of the next column, or of a new page after the last column."""
        if self.column + 1 < self.columns:
            self.column += 1
            self.y = self.top
        else:
            self.new_page()

    @property
    def at_column_top(self) -> bool:
        """Nothing placed yet in this column."""
        return self.y >= self.top - EPSILON

    @property
    def room(self) -> float:
        """Height left in this column."""
        return self.y - self.bottom

    @property
    def column_height(self) -> float:
        """Height of a whole column on this page."""
        return self.top - self.bottom

    def put(self, ops: Sequence[Op], x: float | None = None) -> None:
        """Draw ``ops`` (y down from 0) with their top-left at the cursor."""
        if x is None:
            x = self.margin + self.column * (self.column_width + self.gutter)
        self.pages[-1].append(GroupOp((1.0, 0.0, 0.0, 1.0, x, self.y), tuple(ops)))


class DocumentLayout:
    """Turns document markup into pages of ops."""

    def __init__(self, metrics: FontMetrics, icon_aspect: Callable[[str], float],
                 language: str, style: DocStyle, what: str) -> None:
        self.metrics = metrics
        self.icon_aspect = icon_aspect
        self.language = language
        self.style = style
        self.design = style.design
        self.what = what

    # ---- measuring blocks ---------------------------------------------------------------

    def _spans(self, source: str, line: int) -> list[Any]:
        try:
            return parse_markup(apply_typography(source, self.language))
        except MarkupError as err:
            raise LayoutError(f"{self.what}:{line}: {err}") from None

    def _text(self, source: str, width: float, style: TextStyle, line: int) -> FittedText:
        spans = self._spans(source, line)
        try:
            items = tokenize(spans, style, self.metrics, self.icon_aspect)
        except LayoutError as err:
            raise LayoutError(f"{self.what}:{line}: {err}") from None
        fitted = fit_text(items, width, BIG, style, self.metrics)
        if fitted is None:
            raise LayoutError(f"{self.what}:{line}: a word is wider than the column: {source!r}")
        return fitted

    def _place(self, fitted: FittedText, x: float, top: float) -> GroupOp:
        return GroupOp((1.0, 0.0, 0.0, 1.0, x, top - BIG), fitted.ops)

    def _body(self) -> TextStyle:
        d = self.design
        return TextStyle(role=d.body_font, size=d.size, min_size=d.size, leading=d.leading,
                         color=self.style.ink)

    def measure(self, block: Block, width: float) -> _Measured:
        """Lay out one block at the top-left of a ``width``-wide frame (y down from 0)."""
        d = self.design
        accent = self.style.accent
        if block.kind == "heading":
            size = {1: d.title_size, 2: d.section_size, 3: d.subsection_size}[block.level]
            role = d.title_font if block.level < 3 else d.body_font
            style = TextStyle(role=role, size=size, leading=1.1, min_size=size,
                              bold=block.level == 3,
                              color=accent if block.level < 3 else self.style.ink)
            fitted = self._text(block.text, width, style, block.line)
            ops: list[Op] = [self._place(fitted, 0, 0)]
            height = fitted.height
            if block.level == 2:
                ops.append(LineOp(0, -height - 1.2 * MM, width, -height - 1.2 * MM, accent, 0.6))
                height += 2 * MM
            before = {1: 0.0, 2: 3.5 * MM, 3: 2.2 * MM}[block.level]
            return _Measured(tuple(ops), height + 1 * MM, before, keep_with_next=True,
                             line=block.line)
        if block.kind == "paragraph":
            fitted = self._text(block.text, width, self._body(), block.line)
            return _Measured((self._place(fitted, 0, 0),), fitted.height, d.paragraph_space,
                             line=block.line)
        if block.kind == "bullet":
            indent = d.bullet_indent
            fitted = self._text(block.text, width - indent, self._body(), block.line)
            font = self.metrics.select(d.body_font, False, False)
            dot = TextOp(0.8 * MM, -self.metrics.ascent(font) * d.size, "•", font, d.size, accent)
            return _Measured((dot, self._place(fitted, indent, 0)), fitted.height, 0.9 * MM,
                             line=block.line)
        if block.kind == "callout":
            pad = d.callout_padding
            small = replace(self._body(), size=d.size * 0.95, min_size=d.size * 0.95,
                            leading=d.leading - 0.02)
            fitted = self._text(block.text, width - 2 * pad - 1.2 * MM, small, block.line)
            height = fitted.height + 2 * pad
            frame = RectOp(0, -height, width, height, self.style.callout_fill, None, 0, 1.5 * MM)
            bar = RectOp(0, -height, 1.2 * MM, height, accent, None, 0, 0)
            return _Measured((frame, bar, self._place(fitted, pad + 1.2 * MM, -pad)),
                             height, 2.2 * MM, line=block.line)
        if block.kind == "table":
            return self._table(block, width)
        return _Measured((), 0.0, 0.0, line=block.line)

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

    def _table(self, block: Block, width: float) -> _Measured:
        ncols = max(len(r) for r in block.rows)
        rows = [tuple(r) + ("",) * (ncols - len(r)) for r in block.rows]
        icon_col = [all(_icon_only(r[c]) or not r[c] for r in rows) for c in range(ncols)]
        icon_w = 11 * MM
        pad = 1.2 * MM
        widths = self._column_widths(rows, block.header, icon_col, width, icon_w, pad)
        body = self._body()
        laid: list[_Row] = []
        for index, row in enumerate(rows):
            cells: list[Op] = []
            x = 0.0
            row_h = 0.0
            for c, text in enumerate(row):
                if icon_col[c] and text:
                    name = text.strip().strip(":")
                    aspect = self.icon_aspect(name)
                    h = icon_w - 2 * pad
                    w = min(h * aspect, icon_w - 2 * pad)
                    h = w / aspect
                    cells.append(IconOp(name, x + (icon_w - w) / 2, -pad - h, w, h,
                                        self.style.ink))
                    row_h = max(row_h, h + 2 * pad)
                elif text:
                    style = replace(body, bold=True) if block.header and index == 0 else body
                    fitted = self._text(text, widths[c] - 2 * pad, style, block.line + index)
                    cells.append(self._place(fitted, x + pad, -pad))
                    row_h = max(row_h, fitted.height + 2 * pad)
                x += widths[c]
            laid.append(_Row(tuple(cells), row_h))
        ops: list[Op] = []
        y = 0.0
        for index, row_laid in enumerate(laid):
            ops.extend(GroupOp((1.0, 0.0, 0.0, 1.0, 0.0, y), (op,)) for op in row_laid.ops)
            y -= row_laid.height
            if index < len(laid) - 1:
                ops.append(LineOp(0, y, width, y, self.style.rule, 0.4))
        header = laid[0] if block.header and len(laid) > 1 else None
        return _Measured(tuple(ops), -y, 2 * MM, line=block.line, rows=tuple(laid),
                         header=header, width=width)

    def _natural(self, text: str, style: TextStyle, line: int = 0) -> float:
        spans = self._spans(text, line)
        items = tokenize(spans, style, self.metrics, self.icon_aspect)
        return sum(getattr(i, "width", 0.0) for i in items) * style.size

    # ---- pagination ---------------------------------------------------------------------

    def paginate(self, source: str, page: Size, title: str, game_name: str) -> list[tuple[Op, ...]]:
        """Lay out the whole document; returns the ops of each page."""
        cursor = _Cursor(page, self.style)
        pending: list[_Measured] = []
        for block in parse_blocks(source):
            if block.kind == "heading" and block.level == 1:
                self._flush(cursor, pending)
                self._title(cursor, block)
            elif block.kind == "break":
                self._flush(cursor, pending)
                cursor.next_column()
            else:
                pending.append(self.measure(block, cursor.column_width))
                if not pending[-1].keep_with_next:
                    self._flush(cursor, pending)
        self._flush(cursor, pending)
        return self._with_footers(cursor.pages, page, title, game_name)

    def _title(self, cursor: _Cursor, block: Block) -> None:
        """A ``#`` title opens a page (unless nothing is placed below the page's last title
        yet), across its width."""
        if cursor.column > 0 or not cursor.at_column_top:
            cursor.new_page()
        measured = self.measure(block, cursor.page.width - 2 * cursor.margin)
        cursor.put(measured.ops, x=cursor.margin)
        cursor.y -= measured.height + 2 * MM
        cursor.top = cursor.y

    def _flush(self, cursor: _Cursor, pending: list[_Measured]) -> None:
        """Place the pending blocks (headings and the block they keep with) together."""
        if not pending:
            return
        group = list(pending)
        pending.clear()
        last = group[-1]
        if self._fits(cursor, group):
            self._put_group(cursor, group)
            return
        if last.rows and last.height > cursor.column_height:
            # a table taller than a column: split it between rows, starting here when the
            # headings above it, its header and its first row fit
            if not self._fits(cursor, [*group[:-1], _first_rows(last)]):
                self._move_on(cursor, [*group[:-1], _first_rows(last)])
            self._put_group(cursor, group[:-1])
            self._put_split_table(cursor, last)
            return
        self._move_on(cursor, group)
        self._put_group(cursor, group)

    def _needed(self, cursor: _Cursor, group: Sequence[_Measured]) -> tuple[float, float]:
        """(height the group takes here, space before its first block here)."""
        first_gap = 0.0 if cursor.at_column_top else group[0].space_before
        body = sum(m.height for m in group) + sum(m.space_before for m in group[1:])
        return first_gap + body, first_gap

    def _fits(self, cursor: _Cursor, group: Sequence[_Measured]) -> bool:
        needed, _ = self._needed(cursor, group)
        return cursor.y - needed >= cursor.bottom

    def _move_on(self, cursor: _Cursor, group: Sequence[_Measured]) -> None:
        """Go to the next column, after checking that the group fits in an empty one."""
        needed, first_gap = self._needed(cursor, group)
        if needed - first_gap > cursor.column_height + EPSILON:
            raise LayoutError(f"{self.what}:{group[-1].line}: block taller than a column")
        cursor.next_column()

    def _put_group(self, cursor: _Cursor, group: Sequence[_Measured]) -> None:
        for index, measured in enumerate(group):
            if index > 0 or not cursor.at_column_top:
                cursor.y -= measured.space_before
            cursor.put(measured.ops)
            cursor.y -= measured.height

    def _put_split_table(self, cursor: _Cursor, table: _Measured) -> None:
        """Place a table row by row, repeating its header at the top of each new column."""
        if not cursor.at_column_top:
            cursor.y -= table.space_before
        body = table.rows[1:] if table.header else table.rows
        if table.header:
            self._put_row(cursor, table.header, table.width, rule=True)
        for index, row in enumerate(body):
            if row.height > cursor.room + EPSILON:
                repeat = table.header.height if table.header else 0.0
                if row.height + repeat > cursor.column_height + EPSILON:
                    raise LayoutError(f"{self.what}:{table.line}: a table row is taller than "
                                      "a column")
                cursor.next_column()
                if table.header:
                    self._put_row(cursor, table.header, table.width, rule=True)
            self._put_row(cursor, row, table.width, rule=index < len(body) - 1)

    def _put_row(self, cursor: _Cursor, row: _Row, width: float, rule: bool) -> None:
        ops: list[Op] = list(row.ops)
        if rule:
            ops.append(LineOp(0, -row.height, width, -row.height, self.style.rule, 0.4))
        cursor.put(ops)
        cursor.y -= row.height

    def _with_footers(self, pages: list[list[Op]], page: Size, title: str,
                      game_name: str) -> list[tuple[Op, ...]]:
        d = self.design
        font = self.metrics.select(d.body_font, False, True)
        out = []
        for number, ops in enumerate(pages, start=1):
            text = self.metrics.prepare(f"{game_name} — {title} — {number}/{len(pages)}", font)
            width = self.metrics.width(text, font) * d.footer_size
            ops.append(TextOp((page.width - width) / 2, d.margin, text, font, d.footer_size,
                              self.style.footer))
            out.append(tuple(ops))
        return out


def _first_rows(table: _Measured) -> _Measured:
    """The part of a table that must open it: its header and first row."""
    rows = table.rows[:2] if table.header else table.rows[:1]
    return replace(table, height=sum(r.height for r in rows))


def _icon_only(text: str) -> bool:
    stripped = text.strip()
    return (len(stripped) > 2 and stripped.startswith(":") and stripped.endswith(":")
            and ":" not in stripped[1:-1] and " " not in stripped)
