"""Language-specific typography applied to text before it is laid out."""

from __future__ import annotations

import re
from typing import Final

NBSP: Final = "\u00a0"
NNBSP: Final = "\u202f"

# each rule with the characters one of which its pattern needs (a text without any is
# skipped): a list of characters, or ``\d`` (a digit)
_FRENCH_RULE_SOURCES: Final[list[tuple[re.Pattern[str], str, str]]] = [
    (re.compile(r"[ \u00a0\u202f]+([;!?»])"), NNBSP + r"\1", ";!?»"),
    (re.compile(r"(?<=[^\s\u00a0\u202f;!?«(\[])([;!?])"), NNBSP + r"\1", ";!?"),
    (re.compile(r"[ \u00a0\u202f]+(:)(?![a-z][a-z0-9_-]*:)"), NBSP + r"\1", ":"),
    (re.compile(r"«[ \u00a0\u202f]*"), "«" + NNBSP, "«"),
    (re.compile(r"(?<=[^\s\u00a0\u202f])»"), NNBSP + "»", "»"),
    (re.compile(r"(?<=\w)'(?=\w)"), "’", "'"),
    (re.compile(r"\.\.\."), "…", "."),
    (re.compile(r"(?<=\d) (?=\d{3}\b)"), NNBSP, r"\d"),
    (re.compile(r"(?<=\d) (?=:[a-z][a-z0-9_-]*:)"), NBSP, r"\d"),  # "2 :banane:" stays together
]
_FRENCH_RULES: Final[list[tuple[re.Pattern[str], str, re.Pattern[str]]]] = [
    (pattern, replacement, re.compile(needs if needs == r"\d" else f"[{re.escape(needs)}]"))
    for pattern, replacement, needs in _FRENCH_RULE_SOURCES
]


def apply_typography(text: str, language: str) -> str:
    """Apply the typography of ``language``; applying it twice changes nothing more.

    ``fr``: a narrow no-break space before ``; ! ?`` and ``»`` and after ``«`` (inserted when
    missing), a no-break space instead of a space before ``:`` (never inserted, so ``12:30``
    stays; the colon that opens an inline ``:icone:`` is left alone), a narrow no-break space between thousands, typographic apostrophes
    and ellipsis. Other languages only get the apostrophe and ellipsis rules.
    """
    if language == "fr":
        for pattern, replacement, needs in _FRENCH_RULES:
            if needs.search(text) is not None:
                text = pattern.sub(replacement, text)
        return text
    text = re.sub(r"(?<=\w)'(?=\w)", "’", text)
    return text.replace("...", "…")
