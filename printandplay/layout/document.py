"""Paginating a document (rules, reference sheet): its blocks in columns on pages.

Blocks are measured by :class:`~printandplay.layout.document_blocks.BlockMeasurer`, then a
:class:`_Cursor` stacks them in columns, in source order. A heading is kept with the block that
follows it; a group that does not fit in what is left of a column goes to the next column or
page. Pending headings are flushed (placed) before a ``#`` title, a column break (``===``) and at
the end, so that no heading is ever lost or moved. A table that, with the headings above it, is
taller than a column is split between rows, the headings kept with its header and first row and
the header repeated at the top of each continuation. What fits in no column is an error giving
its size and a column's height. The result is one tuple of ops per page (origin bottom-left of
the page).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Final

from printandplay.errors import LayoutError
from printandplay.layout import debug
from printandplay.layout.document_blocks import (
    BlockMeasurer,
    DocStyle,
    Measured,
    Row,
    check_min_size,
)
from printandplay.model.fonts import FontMetrics
from printandplay.model.game import Size
from printandplay.model.geometry import Rect
from printandplay.model.ops import GroupOp, LineOp, Op, TextOp
from printandplay.text.blocks import Block, parse_blocks
from printandplay.units import MM

EPSILON: Final = 0.01


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


class DocumentComposer:
    """Turns document markup into pages of ops."""

    def __init__(self, metrics: FontMetrics, icon_aspect: Callable[[str], float],
                 language: str, style: DocStyle, what: str,
                 origin: Callable[[str], str | None] | None = None) -> None:
        """``origin`` names the card and field whose value a block's text shows, for errors
        in a card's text (see :class:`~printandplay.layout.document_blocks.BlockMeasurer`)."""
        self.metrics = metrics
        self.style = style
        self.design = style.design
        self.what = what
        self.blocks = BlockMeasurer(metrics, icon_aspect, language, style, what, origin)

    def paginate(self, source: str, page: Size, title: str, game_name: str) -> list[tuple[Op, ...]]:
        """Lay out the whole document; returns the ops of each page."""
        cursor = _Cursor(page, self.style)
        pending: list[Measured] = []
        for block in parse_blocks(source):
            if block.kind == "heading" and block.level == 1:
                self._flush(cursor, pending)
                self._title(cursor, block)
            elif block.kind == "break":
                self._flush(cursor, pending)
                cursor.next_column()
            else:
                pending.append(self.blocks.measure(block, cursor.column_width))
                if self.style.debug_boxes:
                    name = (f"{block.kind} {block.level}" if block.kind == "heading"
                            else block.kind)
                    pending[-1] = replace(pending[-1], kind=f"{name} (line {block.line})")
                if not pending[-1].keep_with_next:
                    self._flush(cursor, pending)
        self._flush(cursor, pending)
        if self.style.debug_boxes:
            frame = Rect(cursor.margin, cursor.bottom, page.width - 2 * cursor.margin,
                         page.height - cursor.margin - cursor.bottom)
            for ops in cursor.pages:
                ops.append(debug.outline(frame, debug.SAFE, dashed=True))
        return self._with_footers(cursor.pages, page, title, game_name)

    def _debug(self, cursor: _Cursor, height: float, kind: str, x: float | None = None,
               width: float | None = None) -> None:
        """With ``--debug-boxes``: outline a block just placed at the cursor (its top), with
        its kind."""
        if not self.style.debug_boxes:
            return
        if x is None:
            x = cursor.margin + cursor.column * (cursor.column_width + cursor.gutter)
        rect = Rect(x, cursor.y - height, cursor.column_width if width is None else width,
                    height)
        cursor.pages[-1].extend(debug.box_overlay(self.metrics, rect, kind, False))

    def _title(self, cursor: _Cursor, block: Block) -> None:
        """A ``#`` title opens a page (unless nothing is placed below the page's last title
        yet), across its width."""
        if cursor.column > 0 or not cursor.at_column_top:
            cursor.new_page()
        measured = self.blocks.measure(block, cursor.page.width - 2 * cursor.margin)
        cursor.put(measured.ops, x=cursor.margin)
        self._debug(cursor, measured.height, "heading 1", cursor.margin,
                    cursor.page.width - 2 * cursor.margin)
        cursor.y -= measured.height + 2 * MM
        cursor.top = cursor.y

    def _flush(self, cursor: _Cursor, pending: list[Measured]) -> None:
        """Place the pending blocks (headings and the block they keep with) together."""
        if not pending:
            return
        group = list(pending)
        pending.clear()
        last = group[-1]
        if self._fits(cursor, group):
            self._put_group(cursor, group)
            return
        if last.rows and _height(group) > cursor.column_height + EPSILON:
            # a table that, with the headings above it, is taller than a column: split it
            # between rows, starting here when the headings, its header and first rows fit
            opening = [*group[:-1], _first_rows(last)]
            if not self._fits(cursor, opening):
                self._move_on(cursor, opening)
            self._put_group(cursor, group[:-1])
            self._put_split_table(cursor, last)
            return
        self._move_on(cursor, group)
        self._put_group(cursor, group)

    def _needed(self, cursor: _Cursor, group: Sequence[Measured]) -> tuple[float, float]:
        """(height the group takes here, space before its first block here)."""
        first_gap = 0.0 if cursor.at_column_top else group[0].space_before
        return first_gap + _height(group), first_gap

    def _fits(self, cursor: _Cursor, group: Sequence[Measured]) -> bool:
        needed, _ = self._needed(cursor, group)
        return cursor.y - needed >= cursor.bottom

    def _move_on(self, cursor: _Cursor, group: Sequence[Measured]) -> None:
        """Go to the next column, after checking that the group fits in an empty one."""
        if _height(group) > cursor.column_height + EPSILON:
            raise LayoutError(self._too_tall(group, cursor.column_height))
        cursor.next_column()

    def _too_tall(self, group: Sequence[Measured], room: float) -> str:
        """Why ``group`` fits in no column: its size and the room a column has."""
        last = group[-1]
        if last.rows:  # the opening of a split table: its header and first row
            if last.height > room + EPSILON:
                return self._row_too_tall(last, 1 if last.header else 0, room)
            return (f"{self.what}:{last.line}: the table's first rows and the headings above "
                    f"them are {_mm(_height(group))} tall together, a column holds {_mm(room)}")
        what = f"the {last.noun or 'block'}"
        if len(group) > 1 and last.height <= room + EPSILON:
            above = "heading" if len(group) == 2 else "headings"
            what += f" and the {above} above it are {_mm(_height(group))} tall together"
        else:
            what += f" is {_mm(last.height)} tall"
        return f"{self.what}:{last.line}: {what}, a column holds {_mm(room)}"

    def _row_too_tall(self, table: Measured, index: int, room: float) -> str:
        """The message for row ``index`` of ``table``, which fits in no column."""
        row = table.rows[index]
        header = table.header.height if table.header else 0.0
        below = f" ({_mm(room - header)} below the table's header)" if header else ""
        return (f"{self.what}:{row.line}: row {index + 1} of the table is {_mm(row.height)} "
                f"tall, a column holds {_mm(room)}{below}")

    def _put_group(self, cursor: _Cursor, group: Sequence[Measured]) -> None:
        for index, measured in enumerate(group):
            if index > 0 or not cursor.at_column_top:
                cursor.y -= measured.space_before
            cursor.put(measured.ops)
            self._debug(cursor, measured.height, measured.kind)
            cursor.y -= measured.height

    def _put_split_table(self, cursor: _Cursor, table: Measured) -> None:
        """Place a table row by row, repeating its header at the top of each new column."""
        if not cursor.at_column_top:
            cursor.y -= table.space_before
        body = table.rows[1:] if table.header else table.rows
        if table.header:
            self._put_row(cursor, table.header, table.width, rule=True, kind=table.kind)
        for index, row in enumerate(body):
            if row.height > cursor.room + EPSILON:
                repeat = table.header.height if table.header else 0.0
                if row.height + repeat > cursor.column_height + EPSILON:
                    number = index + 1 if table.header else index
                    raise LayoutError(self._row_too_tall(table, number, cursor.column_height))
                cursor.next_column()
                if table.header:
                    self._put_row(cursor, table.header, table.width, rule=True,
                                  kind=table.kind)
            self._put_row(cursor, row, table.width, rule=index < len(body) - 1, kind=table.kind)

    def _put_row(self, cursor: _Cursor, row: Row, width: float, rule: bool,
                 kind: str = "") -> None:
        ops: list[Op] = list(row.ops)
        if rule:
            ops.append(LineOp(0, -row.height, width, -row.height, self.style.rule, 0.4))
        cursor.put(ops)
        self._debug(cursor, row.height, kind)
        cursor.y -= row.height

    def _with_footers(self, pages: list[list[Op]], page: Size, title: str,
                      game_name: str) -> list[tuple[Op, ...]]:
        d = self.design
        font = self.metrics.select(d.body_font, False, True)
        out = []
        for number, ops in enumerate(pages, start=1):
            text = self.metrics.prepare(f"{game_name} — {title} — {number}/{len(pages)}", font)
            width = self.metrics.width(text, font) * d.footer_size
            footer = TextOp((page.width - width) / 2, d.margin, text, font, d.footer_size,
                            self.style.footer)
            check_min_size((footer,), self.style.min_font_size,
                           lambda: f"{self.what}: the page footer (document_style.footer_size)")
            ops.append(footer)
            out.append(tuple(ops))
        return out


def _first_rows(table: Measured) -> Measured:
    """The part of a table that must open it: its header and first row."""
    rows = table.rows[:2] if table.header else table.rows[:1]
    return replace(table, height=sum(r.height for r in rows))


def _height(group: Sequence[Measured]) -> float:
    """The height of a group at the top of a column: its blocks and the space between them."""
    return sum(m.height for m in group) + sum(m.space_before for m in group[1:])


def _mm(length: float) -> str:
    """A length in points as millimetres for messages: ``84 mm``, ``60.5 mm``."""
    return f"{length / MM:.1f}".removesuffix(".0") + " mm"
