"""Sizes inside document blocks: a table's column widths from its widths line, and a code
line broken to fit its column."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from printandplay.errors import LayoutError
from printandplay.text.blocks import ColumnWidth
from printandplay.units import MM


def set_widths(asked: Sequence[ColumnWidth], ncols: int, width: float, where: str) -> list[float]:
    """The widths of a table's columns from its widths line: fixed lengths as asked, the room
    they leave shared out by the shares (``where`` starts error messages)."""
    if len(asked) != ncols:
        raise LayoutError(f"{where}: the widths line gives {len(asked)} widths, the table has "
                          f"{ncols} columns")
    fixed = sum(w.fixed for w in asked)
    shares = sum(w.share for w in asked)
    free = width - fixed
    if fixed > width + 0.01 or (shares and free < 1 * MM):
        raise LayoutError(f"{where}: the fixed column widths add up to {fixed / MM:.1f} mm, "
                          f"the column is {width / MM:.1f} mm wide")
    return [w.fixed or free * w.share / shares for w in asked]


def wrap_code(line: str, room: float, em: Callable[[str], float],
              indent: str = "  ") -> list[str]:
    """``line`` in pieces of at most ``room`` (measured by ``em``), broken at spaces, the
    pieces after the first ``indent``-ed; a word longer than a line is cut where it must."""
    pieces: list[str] = []
    current = ""
    for word in line.split(" "):
        candidate = f"{current} {word}" if current else (indent if pieces else "") + word
        if em(candidate) <= room or not current.strip():
            current = candidate
        else:
            pieces.append(current)
            current = indent + word
        while em(current) > room and len(current) > len(indent) + 1:
            cut = len(current) - 1
            while cut > len(indent) + 1 and em(current[:cut]) > room:
                cut -= 1
            pieces.append(current[:cut])
            current = indent + current[cut:]
    pieces.append(current)
    return pieces
