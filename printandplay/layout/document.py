"""Laying out a document (rules, reference sheet) in columns on pages.

Blocks are measured with the same text engine as cards, then stacked in columns; a block that
does not fit in what is left of a column goes to the next column or page. The result is one
tuple of ops per page (origin bottom-left of the page).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Final

from printandplay.errors import LayoutError
from printandplay.layout import debug
from printandplay.layout.blocks import Block, parse_blocks
from printandplay.layout.geometry import Rect
from printandplay.layout.richtext import MarkupError, parse_markup
from printandplay.layout.textfit import (
    FittedText,
    FontMetrics,
    TextStyle,
    fit_text,
    hyphenator_for,
    tokenize,
)
from printandplay.layout.typography import apply_typography
from printandplay.model.game import Size
from printandplay.model.ops import RGB, GroupOp, IconOp, LineOp, Op, RectOp, TextOp
from printandplay.units import MM

MARGIN: Final = 13 * MM
GUTTER: Final = 7 * MM
FOOTER: Final = 8 * MM
BIG: Final = 1e5
INK: Final[RGB] = (0.13, 0.11, 0.16)
GREY: Final[RGB] = (0.45, 0.45, 0.45)


@dataclass(frozen=True)
class DocStyle:
    """Sizes and colours of a document."""

    accent: RGB = (0.35, 0.2, 0.5)
    callout_fill: RGB = (0.96, 0.93, 0.86)
    body_size: float = 9.0
    columns: int = 2
    debug_boxes: bool = False  # outline the text frame and every block, with its kind


@dataclass(frozen=True)
class _Measured:
    ops: tuple[Op, ...]
    height: float
    space_before: float
    keep_with_next: bool = False
    kind: str = ""  # the block's kind (named by --debug-boxes)


class DocumentLayout:
    """Turns document markup into pages of ops."""

    def __init__(self, metrics: FontMetrics, icon_aspect: Callable[[str], float],
                 language: str, style: DocStyle, what: str,
                 origin: Callable[[str], str | None] | None = None) -> None:
        self.metrics = metrics
        self.icon_aspect = icon_aspect
        self.language = language
        self.style = style
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

    def _spans(self, source: str, line: int) -> list[Any]:
        try:
            return parse_markup(apply_typography(source, self.language))
        except MarkupError as err:
            raise LayoutError(f"{self._where(line, source)}: {err}") from None

    def _text(self, source: str, width: float, style: TextStyle, line: int) -> FittedText:
        spans = self._spans(source, line)
        try:
            items = tokenize(spans, style, self.metrics, self.icon_aspect)
        except LayoutError as err:
            raise LayoutError(f"{self._where(line, source)}: {err}") from None
        fitted = fit_text(items, width, BIG, style, self.metrics, hyphenator_for(self.language))
        if fitted is None:
            raise LayoutError(f"{self._where(line, source)}: a word is wider than the column: "
                              f"{source!r}")
        return fitted

    def _place(self, fitted: FittedText, x: float, top: float) -> GroupOp:
        return GroupOp((1.0, 0.0, 0.0, 1.0, x, top - BIG), fitted.ops)

    def measure(self, block: Block, width: float) -> _Measured:
        """Lay out one block at the top-left of a ``width``-wide frame (y down from 0)."""
        size = self.style.body_size
        body = TextStyle(size=size, min_size=size, leading=1.3, color=INK)
        if block.kind == "heading":
            sizes = {1: 2.3, 2: 1.45, 3: 1.12}
            role = "title" if block.level < 3 else "body"
            style = TextStyle(role=role, size=size * sizes[block.level], leading=1.1,
                              min_size=size * sizes[block.level], bold=block.level == 3,
                              color=self.style.accent if block.level < 3 else INK,
                              hyphenate=False)
            fitted = self._text(block.text, width, style, block.line)
            ops: list[Op] = [self._place(fitted, 0, 0)]
            height = fitted.height
            if block.level == 2:
                ops.append(LineOp(0, -height - 1.2 * MM, width, -height - 1.2 * MM,
                                  self.style.accent, 0.6))
                height += 2 * MM
            before = {1: 0.0, 2: 3.5 * MM, 3: 2.2 * MM}[block.level]
            return _Measured(tuple(ops), height + 1 * MM, before, keep_with_next=True)
        if block.kind == "paragraph":
            fitted = self._text(block.text, width, body, block.line)
            return _Measured((self._place(fitted, 0, 0),), fitted.height, 1.6 * MM)
        if block.kind == "bullet":
            indent = 3.8 * MM
            fitted = self._text(block.text, width - indent, body, block.line)
            dot = TextOp(0.8 * MM, -self.metrics.ascent(self.metrics.select("body", False, False))
                         * size, "•", self.metrics.select("body", False, False), size,
                         self.style.accent)
            return _Measured((dot, self._place(fitted, indent, 0)), fitted.height, 0.9 * MM)
        if block.kind == "callout":
            pad = 2.4 * MM
            small = TextStyle(size=size * 0.95, min_size=size * 0.95, leading=1.28, color=INK)
            fitted = self._text(block.text, width - 2 * pad - 1.2 * MM, small, block.line)
            height = fitted.height + 2 * pad
            frame = RectOp(0, -height, width, height, self.style.callout_fill, None, 0, 1.5 * MM)
            bar = RectOp(0, -height, 1.2 * MM, height, self.style.accent, None, 0, 0)
            return _Measured((frame, bar, self._place(fitted, pad + 1.2 * MM, -pad)),
                             height, 2.2 * MM)
        if block.kind == "table":
            return self._table(block, width, body)
        return _Measured((), 0.0, 0.0)

    def _table(self, block: Block, width: float, body: TextStyle) -> _Measured:
        ncols = max(len(r) for r in block.rows)
        rows = [tuple(r) + ("",) * (ncols - len(r)) for r in block.rows]
        icon_col = [all(_icon_only(r[c]) or not r[c] for r in rows) for c in range(ncols)]
        icon_w = 11 * MM
        pad = 1.2 * MM
        fixed = sum(icon_w for c in range(ncols) if icon_col[c])
        text_cols = [c for c in range(ncols) if not icon_col[c]]
        widths = [icon_w] * ncols
        if text_cols:
            free = width - fixed
            if len(text_cols) > 1:
                first = min(0.34 * free, max(self._natural(r[text_cols[0]], body) for r in rows)
                            + 2 * pad)
                widths[text_cols[0]] = first
                rest = (free - first) / (len(text_cols) - 1)
                for c in text_cols[1:]:
                    widths[c] = rest
            else:
                widths[text_cols[0]] = free
        ops: list[Op] = []
        y = 0.0
        for index, row in enumerate(rows):
            cells: list[tuple[float, list[Op], float]] = []
            x = 0.0
            row_h = 0.0
            for c, text in enumerate(row):
                if icon_col[c] and text:
                    name = text.strip().strip(":")
                    aspect = self.icon_aspect(name)
                    h = icon_w - 2 * pad
                    w = min(h * aspect, icon_w - 2 * pad)
                    h = w / aspect
                    cells.append((x, [IconOp(name, x + (icon_w - w) / 2, -pad - h, w, h, INK)], h))
                    row_h = max(row_h, h + 2 * pad)
                elif text:
                    style = replace(body, bold=True) if block.header and index == 0 else body
                    fitted = self._text(text, widths[c] - 2 * pad, style, block.line + index)
                    cells.append((x, [self._place(fitted, x + pad, -pad)], fitted.height))
                    row_h = max(row_h, fitted.height + 2 * pad)
                x += widths[c]
            for _, cell_ops, _ in cells:
                for op in cell_ops:
                    ops.append(GroupOp((1.0, 0.0, 0.0, 1.0, 0.0, y), (op,)))
            y -= row_h
            if index < len(rows) - 1:
                ops.append(LineOp(0, y, width, y, (0.8, 0.78, 0.75), 0.4))
        return _Measured(tuple(ops), -y, 2 * MM)

    def _natural(self, text: str, style: TextStyle, line: int = 0) -> float:
        spans = self._spans(text, line)
        try:
            items = tokenize(spans, style, self.metrics, self.icon_aspect)
        except LayoutError as err:
            raise LayoutError(f"{self._where(line, text)}: {err}") from None
        return sum(getattr(i, "width", 0.0) for i in items) * style.size

    def paginate(self, source: str, page: Size, title: str, game_name: str) -> list[tuple[Op, ...]]:
        """Lay out the whole document; returns the ops of each page."""
        blocks = parse_blocks(source)
        cols = self.style.columns
        col_w = (page.width - 2 * MARGIN - (cols - 1) * GUTTER) / cols
        pages: list[list[Op]] = []
        bottom = MARGIN + FOOTER
        state = {"col": 0, "y": 0.0, "top": 0.0}

        def new_page() -> None:
            pages.append([])
            state.update(col=0, y=page.height - MARGIN, top=page.height - MARGIN)

        new_page()
        pending: list[_Measured] = []
        for block in blocks:
            if block.kind == "heading" and block.level == 1:
                if state["y"] < state["top"] - 1 or state["col"] > 0:
                    new_page()
                measured = self.measure(block, page.width - 2 * MARGIN)
                pages[-1].append(GroupOp((1.0, 0.0, 0.0, 1.0, MARGIN, state["y"]), measured.ops))
                if self.style.debug_boxes:
                    rect = Rect(MARGIN, state["y"] - measured.height, page.width - 2 * MARGIN,
                                measured.height)
                    pages[-1].extend(debug.box_overlay(self.metrics, rect, "heading 1", False))
                state["y"] -= measured.height + 2 * MM
                state["top"] = state["y"]
                continue
            if block.kind == "break":
                self._next_column(state, new_page, page)
                continue
            measured = self.measure(block, col_w)
            if self.style.debug_boxes:
                name = f"{block.kind} {block.level}" if block.kind == "heading" else block.kind
                measured = replace(measured, kind=f"{name} (line {block.line})")
            pending.append(measured)
            if measured.keep_with_next:
                continue
            group, pending = pending, []
            first_gap = group[0].space_before if state["y"] < state["top"] - 0.01 else 0.0
            needed = first_gap + sum(m.height for m in group) + sum(
                m.space_before for m in group[1:])
            if state["y"] - needed < bottom:
                if needed - first_gap > state["top"] - bottom:
                    raise LayoutError(f"{self.what}:{block.line}: block taller than a column")
                self._next_column(state, new_page, page)
                first_gap = 0.0
            for i, m in enumerate(group):
                gap = first_gap if i == 0 else m.space_before
                state["y"] -= gap
                x = MARGIN + state["col"] * (col_w + GUTTER)
                pages[-1].append(GroupOp((1.0, 0.0, 0.0, 1.0, x, state["y"]), m.ops))
                if self.style.debug_boxes:
                    rect = Rect(x, state["y"] - m.height, col_w, m.height)
                    pages[-1].extend(debug.box_overlay(self.metrics, rect, m.kind, False))
                state["y"] -= m.height
        total = len(pages)
        if self.style.debug_boxes:
            frame = Rect(MARGIN, bottom, page.width - 2 * MARGIN, page.height - MARGIN - bottom)
            for ops in pages:
                ops.append(debug.outline(frame, debug.SAFE, dashed=True))
        footer_font = self.metrics.select("body", False, True)
        out = []
        for number, ops in enumerate(pages, start=1):
            text = f"{game_name} — {title} — {number}/{total}"
            text = self.metrics.prepare(text, footer_font)
            width = self.metrics.width(text, footer_font) * 7.5
            ops.append(TextOp((page.width - width) / 2, MARGIN, text, footer_font, 7.5, GREY))
            out.append(tuple(ops))
        return out

    def _next_column(self, state: dict[str, float], new_page: Callable[[], None],
                     page: Size) -> None:
        if state["col"] + 1 < self.style.columns:
            state["col"] += 1
            state["y"] = state["top"]
        else:
            new_page()


def _icon_only(text: str) -> bool:
    stripped = text.strip()
    return (len(stripped) > 2 and stripped.startswith(":") and stripped.endswith(":")
            and ":" not in stripped[1:-1] and " " not in stripped)
