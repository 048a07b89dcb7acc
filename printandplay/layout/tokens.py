"""Rich-text spans turned into measured tokens: words, glue (spaces) and breaks, in *em*.

The third step of the text pipeline (:mod:`printandplay.layout.text`): typography, then markup
(:mod:`.richtext`), then these tokens, which :mod:`.textfit` breaks into lines and fits.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from printandplay.layout.richtext import Span
from printandplay.model.color import RGB
from printandplay.model.fonts import FontMetrics

if TYPE_CHECKING:  # textfit imports this module; this name is only an annotation here
    from printandplay.layout.textfit import TextStyle

ICON_EM = 1.0  # an inline icon is as tall as the font size
TAG_SCALE = 0.72
TAG_COLOR: RGB = (0.4, 0.4, 0.4)  # 4.5:1 on pale fills


@dataclass(frozen=True)
class Frag:
    """A measured piece of a word: text in one font, an inline icon, or a rule tag."""

    kind: Literal["text", "icon", "tag"]
    value: str
    font: str
    scale: float
    color: RGB | None  # None = the box colour
    width: float  # em


@dataclass(slots=True)
class Word:
    """Fragments printed without a break between them."""

    frags: list[Frag] = field(default_factory=list)
    width: float = 0.0
    # hyphenation: the word's syllables with their widths (em) and the hyphen's width, filled
    # in on first need (None: not yet looked at; (): cannot be hyphenated)
    chunks: tuple[tuple[str, float], ...] | None = None
    hyphen: float = 0.0


@dataclass(frozen=True)
class Glue:
    """A breakable space."""

    font: str
    width: float


@dataclass(frozen=True)
class Break:
    """A line break, or a paragraph break."""

    paragraph: bool


Item = Word | Glue | Break


@dataclass
class TokenCache:
    """Measured pieces of text and spaces per font, shared by every text set with one set of
    fonts (kept by the caller)."""

    pieces: dict[tuple[str, str], Frag] = field(default_factory=dict)  # (text, font) → piece
    spaces: dict[str, Glue] = field(default_factory=dict)  # font → a space in it


def tokenize(
    spans: Sequence[Span],
    style: TextStyle,
    metrics: FontMetrics,
    icon_aspect: Callable[[str], float],
    cache: TokenCache | None = None,
) -> list[Item]:
    """Turn spans into words, glue and breaks, measured in em.

    ``cache`` (kept by the caller for one set of fonts) keeps the measured pieces of text and
    spaces per font, to be shared by every text that uses them."""
    items: list[Item] = []
    if cache is None:
        cache = TokenCache()
    word = Word()

    def close_word() -> None:
        nonlocal word
        if word.frags:
            items.append(word)
            word = Word()

    def add(frag: Frag) -> None:
        word.frags.append(frag)
        word.width += frag.width

    for span in spans:
        if span.kind in ("br", "par"):
            close_word()
            items.append(Break(span.kind == "par"))
            continue
        font = metrics.select(style.role, style.bold or span.bold, style.italic or span.italic)
        if span.kind == "icon":
            scale = style.icon_scale
            add(Frag("icon", span.value, font, scale, None,
                      icon_aspect(span.value) * ICON_EM * scale))
            continue
        if span.kind == "tag":
            tag_font = metrics.select(style.role, False, False)
            text = metrics.prepare(span.value, tag_font)
            width = metrics.width(text, tag_font) * TAG_SCALE
            add(Frag("tag", text, tag_font, TAG_SCALE, TAG_COLOR, width))
            continue
        pieces = span.value.replace("\t", " ").split(" ")
        known = cache.pieces
        for index, piece in enumerate(pieces):  # close_word() and add() inlined: the hot loop
            if index > 0:
                if word.frags:
                    items.append(word)
                    word = Word()
                if not items or not isinstance(items[-1], (Glue, Break)):
                    glue = cache.spaces.get(font)
                    if glue is None:
                        glue = cache.spaces[font] = Glue(font, metrics.width(" ", font))
                    items.append(glue)
            if piece:
                frag = known.get((piece, font))
                if frag is None:
                    text = metrics.prepare(piece, font)
                    frag = Frag("text", text, font, 1.0, None, metrics.width(text, font))
                    known[(piece, font)] = frag
                word.frags.append(frag)
                word.width += frag.width
    close_word()
    return items
