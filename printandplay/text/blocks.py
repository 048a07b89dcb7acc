"""The block markup of documents (rules, reference sheets), after Jinja has run.

``# Titre``, ``## Section``, ``### Sous-section``; paragraphs separated by blank lines (single
newlines inside a paragraph join); ``- `` bullet lines; ``> `` lines form a framed box;
``| a | b |`` lines form a table, and a line ``|: 2 | 1 | 25mm :|`` right before a table's first
row sets its column widths (shares of the room left, or lengths); ``===`` alone forces a new
column; lines between two ```` ``` ```` lines are code (a command to type), set as written in a
monospaced font. Inline markup (:mod:`printandplay.text.markup`) works inside every other block.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from printandplay.units import parse_length

BlockKind = Literal["heading", "paragraph", "bullet", "callout", "table", "break", "code"]


@dataclass(frozen=True)
class ColumnWidth:
    """The width asked for one table column: a share of the room the fixed columns leave
    (``2``), or a fixed length in points (``25mm``)."""

    share: float = 0.0
    fixed: float = 0.0


@dataclass(frozen=True)
class Block:
    """One block of a document."""

    kind: BlockKind
    text: str = ""
    level: int = 0
    rows: tuple[tuple[str, ...], ...] = ()
    header: bool = False  # a table whose first row is a header (Markdown `| --- |` below it)
    line: int = 0
    widths: tuple[ColumnWidth, ...] = ()  # a table's column widths (`|: 2 | 1 :|`), if set


def parse_blocks(source: str) -> list[Block]:
    """Split rendered document text into blocks (``line`` is 1-based in ``source``)."""
    blocks: list[Block] = []
    paragraph: list[str] = []
    callout: list[str] = []
    table: list[tuple[str, ...]] = []
    header = False
    widths: tuple[ColumnWidth, ...] = ()
    start = 0
    code: list[str] | None = None  # the lines of an open ``` block

    def flush(keep: str = "") -> None:
        nonlocal paragraph, callout, table, header, widths
        if paragraph and keep != "paragraph":
            blocks.append(Block("paragraph", " ".join(paragraph), line=start))
            paragraph = []
        if callout and keep != "callout":
            blocks.append(Block("callout", "\n".join(callout), line=start))
            callout = []
        if (table or widths) and keep != "table":
            blocks.append(Block("table", rows=tuple(table), line=start, header=header,
                                widths=widths))
            table = []
            header = False
            widths = ()

    for number, raw in enumerate(source.splitlines(), start=1):
        line = raw.strip()
        if code is not None:  # inside ```: every line as written, up to the closing ```
            if line == "```":
                blocks.append(Block("code", "\n".join(code), line=start))
                code = None
            else:
                code.append(raw.rstrip())
            continue
        if line == "```":
            flush()
            code, start = [], number + 1
            continue
        if not line:
            flush()
            continue
        if line == "===":
            flush()
            blocks.append(Block("break", line=number))
        elif line.startswith("#"):
            flush()
            level = len(line) - len(line.lstrip("#"))
            blocks.append(Block("heading", line[level:].strip(), level=min(level, 3), line=number))
        elif line.startswith("- "):
            flush()
            blocks.append(Block("bullet", line[2:].strip(), line=number))
        elif raw[:1] in (" ", "\t") and blocks and blocks[-1].kind == "bullet" and not (
                paragraph or callout or table):
            last = blocks[-1]  # an indented line continues the bullet above
            blocks[-1] = Block("bullet", f"{last.text} {line}", line=last.line)
        elif line.startswith(">"):
            flush("callout")
            if not callout:
                start = number
            callout.append(line[1:].strip())
        elif (asked := column_widths(line)) is not None:
            flush()  # a widths line opens a table
            widths, start = asked, number
        elif line.startswith("|"):
            flush("table")
            if not table:
                start = number
            cells = tuple(cell.strip() for cell in line.strip("|").split("|"))
            if all(cell and set(cell) <= set("-: ") for cell in cells):
                header = len(table) == 1  # a Markdown separator row: | --- | --- |
                continue
            table.append(cells)
        else:
            flush("paragraph")
            if not paragraph:
                start = number
            paragraph.append(line)
    flush()
    if code is not None:  # (an unclosed ``` runs to the end)
        blocks.append(Block("code", "\n".join(code), line=start))
    return blocks


def column_widths(line: str) -> tuple[ColumnWidth, ...] | None:
    """The widths of a widths line ``|: 2 | 1 | 25mm :|`` (every cell a positive number or
    length), or None when ``line`` is not one."""
    if not (line.startswith("|:") and line.endswith(":|") and len(line) > 4):
        return None
    widths = []
    for cell in line[2:-2].split("|"):
        text = cell.strip()
        try:  # (a length that is not one raises UnitError, a ValueError)
            width = (ColumnWidth(share=float(text)) if text.replace(".", "", 1).isdigit()
                     else ColumnWidth(fixed=parse_length(text)))
        except ValueError:
            return None
        if not (width.share > 0 or width.fixed > 0):
            return None
        widths.append(width)
    return tuple(widths)
