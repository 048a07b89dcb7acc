"""The small inline markup used in card texts and documents.

``**gras**``, ``*italique*``, ``:icone:`` (an inline icon), ``[[CHA-END-1]]`` (a rule tag),
a newline for a line break and a blank line for a new paragraph. A backslash escapes the next
character. :func:`escape_markup` makes any data value safe to put inside markup.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, Literal

SpanKind = Literal["text", "icon", "tag", "br", "par"]

_ICON_RE: Final = re.compile(r":([a-z][a-z0-9_-]*):")
_TAG_RE: Final = re.compile(r"\[\[([A-Za-z0-9_.-]+)\]\]")
# a rule tag with the spaces before it (not an escaped ``\[[``)
_SPACED_TAG_RE: Final = re.compile(r"[ \t]*(?<!\\)\[\[[A-Za-z0-9_.-]+\]\]")
_PLAIN_RE: Final = re.compile(r"[^\\*:\[\n]+")  # no character that may start markup
_SPECIAL: Final = re.compile(r"([\\*]|:(?=[a-z][a-z0-9_-]*:)|\[(?=\[))")
_MAYBE_SPECIAL: Final = re.compile(r"[\\*:\[]")  # every character _SPECIAL may escape


@dataclass(frozen=True)
class Span:
    """A piece of rich text: some text in a style, an icon, a rule tag or a break."""

    kind: SpanKind
    value: str = ""
    bold: bool = False
    italic: bool = False


class MarkupError(ValueError):
    """Markup that cannot be read (an unclosed ``**``, for instance)."""


def escape_markup(text: str) -> str:
    """Escape what would be read as markup in ``text`` (``*``, ``\\``, a ``:`` that opens an
    icon name, a ``[`` that opens a tag) so it is shown literally."""
    if _MAYBE_SPECIAL.search(text) is None:  # (most values: a quicker look, the same text)
        return text
    return _SPECIAL.sub(r"\\\1", text)


def drop_rule_tags(source: str) -> str:
    """``source`` without its rule tags (``[[CHA-END-1]]``) and the spaces before each: the
    text reads as if they had never been written (``"gagne [[X]]."`` is ``"gagne."``)."""
    return _SPACED_TAG_RE.sub("", source) if "[[" in source else source


def parse_markup(source: str) -> list[Span]:
    """Parse inline markup into spans. Unbalanced ``*``/``**`` raise :class:`MarkupError`."""
    spans: list[Span] = []
    buffer: list[str] = []  # the text read since the last span (flushed inline: hot loop)
    bold = italic = False
    text = source.replace("\r\n", "\n").strip("\n")
    i, n = 0, len(text)
    plain_at = _PLAIN_RE.match
    while i < n:
        plain = plain_at(text, i)
        if plain is not None:  # a run of characters that are never markup, at once
            buffer.append(plain.group())
            i = plain.end()
            continue
        char = text[i]
        if char == "\\" and i + 1 < n:
            buffer.append(text[i + 1])
            i += 2
        elif text.startswith("**", i):
            if buffer:
                spans.append(Span("text", "".join(buffer), bold, italic))
                buffer.clear()
            bold = not bold
            i += 2
        elif char == "*":
            if buffer:
                spans.append(Span("text", "".join(buffer), bold, italic))
                buffer.clear()
            italic = not italic
            i += 1
        elif char == ":" and (match := _ICON_RE.match(text, i)):
            if buffer:
                spans.append(Span("text", "".join(buffer), bold, italic))
                buffer.clear()
            spans.append(Span("icon", match.group(1), bold, italic))
            i = match.end()
        elif char == "[" and (match := _TAG_RE.match(text, i)):
            if buffer:
                spans.append(Span("text", "".join(buffer), bold, italic))
                buffer.clear()
            spans.append(Span("tag", match.group(1)))
            i = match.end()
        elif char == "\n":
            if buffer:
                spans.append(Span("text", "".join(buffer), bold, italic))
                buffer.clear()
            j = i
            while j < n and text[j] in "\n \t":
                j += 1
            breaks = text.count("\n", i, j)
            spans.append(Span("par" if breaks > 1 else "br"))
            i = j
        else:
            buffer.append(char)
            i += 1
    if buffer:
        spans.append(Span("text", "".join(buffer), bold, italic))
    if bold or italic:
        raise MarkupError(f"unclosed {'**' if bold else '*'} in {source!r}")
    return spans


def plain_text(spans: list[Span]) -> str:
    """The text of spans without markup (icons as their name between colons)."""
    out = []
    for span in spans:
        if span.kind == "text":
            out.append(span.value)
        elif span.kind == "icon":
            out.append(f":{span.value}:")
        elif span.kind == "tag":
            out.append(f"[{span.value}]")
        else:
            out.append("\n")
    return "".join(out)
