"""Greedy line breaking without hyphenation, in one pass: most texts fit at their first size
unhyphenated, and :func:`~printandplay.layout.textfit.break_lines` hands them here."""

from __future__ import annotations

from collections.abc import Sequence

from printandplay.layout.tokens import Break, Glue, Item


def break_plain(items: Sequence[Item], max_width: float
                ) -> list[tuple[list[Item], bool]] | None:
    """:func:`~printandplay.layout.textfit.break_lines` without hyphenation (the same lines, the same sums in the same
    order), in one pass: a word that does not fit starts the next line."""
    lines: list[tuple[list[Item], bool]] = []
    current: list[Item] = []
    width = 0.0
    pending: Glue | None = None  # a space after the line's last word (never at a line's start)
    limit = max_width + 1e-9
    for item in items:
        kind = type(item)
        if kind is Glue:
            pending = item if current else None  # type: ignore[assignment]
            continue
        if kind is Break:
            lines.append((current, item.paragraph))  # type: ignore[union-attr]
            current, width, pending = [], 0.0, None
            continue
        item_width = item.width  # type: ignore[union-attr]
        if current:
            if pending is not None:
                extra = pending.width + item_width
                if width + extra <= limit:
                    current.append(pending)
                    current.append(item)
                    width += extra
                    pending = None
                    continue
            elif width + item_width <= limit:
                current.append(item)
                width += item_width
                continue
            lines.append((current, False))  # the word starts the next line
            current, pending = [], None
        if item_width > limit:  # wider than a line
            return None
        current.append(item)
        width = item_width
    if current or not lines:
        lines.append((current, False))
    return lines
