"""Text literals of a TrueType font's first subset without ReportLab's per-character loop.

ReportLab embeds a subset of each TrueType font: ``TTFont.splitString`` gives each character a
code in a subset the first time the document uses it and keeps it for good. The writer asks
:class:`SubsetEncoder` first and calls ``splitString`` only for texts with new characters.
"""

from __future__ import annotations

from typing import Any

from printandplay.render.paint import ESCAPES


def _font_state(font: Any, doc: Any) -> Any:
    """ReportLab's subsetting state of a TrueType ``font`` in ``doc`` (``None`` if none yet)."""
    states = getattr(font, "state", None)  # a WeakKeyDictionary: document → state
    get = getattr(states, "get", None)
    state = get(doc) if get is not None else None
    return state if hasattr(state, "assignments") else None


class SubsetEncoder:
    """The string literals of a font's first subset, for the characters it already holds.

    ReportLab's ``TTFont.splitString`` gives each character a code in a subset the first time
    the document uses it, and never changes it. Once every character of a text has a code in
    subset 0 (the usual case after the first cards), the literal is a ``str.translate`` away,
    with the same bytes as ``splitString`` then the escaping would give; any other text goes
    through ``splitString`` (which also assigns the new characters their codes)."""

    __slots__ = ("chars", "table", "_seen", "_state")

    def __init__(self, font: Any, doc: Any) -> None:
        self.chars: set[str] = set()  # characters with a code in subset 0
        self.table: dict[int, str] = {}  # their code point → the escaped byte
        self._seen = 0  # assignments looked at
        self._state: Any = _font_state(font, doc)

    def literal(self, text: str) -> str | None:
        """The escaped literal of ``text`` in subset 0, or ``None`` when some character of it
        has no code there yet (or is not a plain assigned character)."""
        if self.chars.issuperset(text):
            return text.translate(self.table)
        return None

    def learn(self, font: Any, doc: Any) -> None:
        """Take in the codes ``splitString`` assigned since the last call."""
        if self._state is None:
            self._state = _font_state(font, doc)
            if self._state is None:  # not a subsetting TrueType font: splitString always
                return
        assignments = self._state.assignments
        if len(assignments) == self._seen:
            return
        for code, n in assignments.items():
            if n < 256 and code != 0xA0:
                char = chr(code)
                if char not in self.chars:
                    self.chars.add(char)
                    self.table[code] = chr(n).translate(ESCAPES)
        self._seen = len(assignments)
