"""Language-specific typography applied to text before it is laid out."""

from __future__ import annotations

import re
from typing import Final

NBSP: Final = "\u00a0"
NNBSP: Final = "\u202f"

# each rule with the characters one of which its pattern needs (a text without any is
# skipped): a list of characters, or ``\d`` (a digit)
_FRENCH_RULES: Final[list[tuple[re.Pattern[str], str, str]]] = [
    (re.compile(r"[ \u00a0\u202f]+([;!?»])"), NNBSP + r"\1", ";!?»"),
    (re.compile(r"(?<=[^\s\u00a0\u202f;!?«(\[])([;!?])"), NNBSP + r"\1", ";!?"),
    # (the third rule is :func:`_space_before_colon`, the same as this pattern, quicker)
    (re.compile(r"[ \u00a0\u202f]+(:)(?![a-z][a-z0-9_-]*:)"), NBSP + r"\1", ":"),
    (re.compile(r"«[ \u00a0\u202f]*"), "«" + NNBSP, "«"),
    (re.compile(r"(?<=[^\s\u00a0\u202f])»"), NNBSP + "»", "»"),
    (re.compile(r"(?<=\w)'(?=\w)"), "’", "'"),
    (re.compile(r"\.\.\."), "…", "."),
    (re.compile(r"(?<=\d) (?=\d{3}\b)"), NNBSP, r"\d"),
    (re.compile(r"(?<=\d) (?=:[a-z][a-z0-9_-]*:)"), NBSP, r"\d"),  # "2 :banane:" stays together
]
# the characters the rules need, found in one pass (no rule puts in a character another one
# needs, so what the text holds at first decides for every rule)
_PUNCTUATION: Final = frozenset(";!?»:«'.")
_TRIGGERS: Final = re.compile(r"[;!?»:«'.]|\d(?= )")  # (both digit rules: a digit, a space)
_COLON_RULE: Final = _FRENCH_RULES[2][0]
_SPACES: Final = " \u00a0\u202f"
_ICON_AHEAD: Final = re.compile(r"[a-z][a-z0-9_-]*:")


def _space_before_colon(text: str) -> str:
    """``_COLON_RULE.sub(NBSP + ":", text)``, looking only at the colons: the spaces before a
    colon that does not open an inline icon become one no-break space."""
    out: list[str] = []
    start = 0  # what is copied already
    colon = text.find(":")
    while colon >= 0:
        space = colon
        while space > start and text[space - 1] in _SPACES:
            space -= 1
        if space < colon and _ICON_AHEAD.match(text, colon + 1) is None:
            out.append(text[start:space])
            out.append(NBSP + ":")
            start = colon + 1
        colon = text.find(":", colon + 1)
    if not out:
        return text
    out.append(text[start:])
    return "".join(out)


def apply_typography(text: str, language: str) -> str:
    """Apply the typography of ``language``; applying it twice changes nothing more.

    ``fr``: a narrow no-break space before ``; ! ?`` and ``»`` and after ``«`` (inserted when
    missing), a no-break space instead of a space before ``:`` (never inserted, so ``12:30``
    stays; the colon that opens an inline ``:icone:`` is left alone), a narrow no-break space between thousands, typographic apostrophes
    and ellipsis. Other languages only get the apostrophe and ellipsis rules.
    """
    if language == "fr":
        found = set(_TRIGGERS.findall(text))
        if found:
            digits = not found <= _PUNCTUATION  # (what else it found: a digit, a space)
            for pattern, replacement, needs in _FRENCH_RULES:
                if digits if needs == r"\d" else not found.isdisjoint(needs):
                    if pattern is _COLON_RULE:
                        text = _space_before_colon(text)
                    else:
                        text = pattern.sub(replacement, text)
        return text
    text = re.sub(r"(?<=\w)'(?=\w)", "’", text)
    return text.replace("...", "…")
