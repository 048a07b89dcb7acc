"""Language-specific typography applied to text before it is laid out."""

from __future__ import annotations

import re
from typing import Final

NBSP: Final = "\u00a0"
NNBSP: Final = "\u202f"

_FRENCH_RULES: Final[list[tuple[re.Pattern[str], str]]] = [
    (re.compile(r"[ \u00a0\u202f]+([;!?»])"), NNBSP + r"\1"),
    (re.compile(r"[ \u00a0\u202f]+(:)"), NBSP + r"\1"),
    (re.compile(r"«[ \u00a0\u202f]*"), "«" + NNBSP),
    (re.compile(r"(\S)»"), r"\1" + NNBSP + "»"),
    (re.compile(r"(\w)'(\w)"), r"\1’\2"),
    (re.compile(r"\.\.\."), "…"),
    (re.compile(r"(\d) (\d{3})\b"), r"\1" + NNBSP + r"\2"),
]


def apply_typography(text: str, language: str) -> str:
    """Apply the typography of ``language`` (``fr``: non-breaking spaces before ``; : ! ?``
    and inside « guillemets », typographic apostrophes, ellipsis); other languages only get
    the apostrophe and ellipsis rules."""
    if language == "fr":
        for pattern, replacement in _FRENCH_RULES:
            text = pattern.sub(replacement, text)
        return text
    text = re.sub(r"(\w)'(\w)", "\\1’\\2", text)
    return text.replace("...", "…")
