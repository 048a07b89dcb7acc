"""Rich-text spans turned into measured tokens: words, glue (spaces) and breaks, in *em*.

The third step of the text pipeline (:mod:`printandplay.text.setter`): typography, then markup
(:mod:`.richtext`), then these tokens, which :mod:`.textfit` breaks into lines and fits.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from printandplay.model.color import RGB
from printandplay.model.fonts import FontMetrics
from printandplay.text.markup import Span

if TYPE_CHECKING:  # textfit imports this module; this name is only an annotation here
    from printandplay.text.fitting import TextStyle

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

    pieces: dict[str, dict[str, Frag]] = field(default_factory=dict)  # font → text → piece
    spaces: dict[str, Glue] = field(default_factory=dict)  # font → a space in it
    # font → text → the word of that one piece, shared by every text where the piece is a
    # whole word (spaces before and after it in one span); its syllables, filled in by the
    # hyphenation of one text setter (one hyphenator, one set of fonts), hold for all
    words: dict[str, dict[str, Word]] = field(default_factory=dict)
    kept: int = 0  # how many pieces and words are kept (counted by tokenize as it adds them)

    def __len__(self) -> int:
        """How many measured pieces and words are kept."""
        return self.kept

    def clear(self) -> None:
        """Forget the measured pieces and words (the spaces stay: one per font)."""
        self.pieces.clear()
        self.words.clear()
        self.kept = 0


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
    # the word being read: its fragments and width (a Word once a space or a break ends it)
    frags: list[Frag] = []
    width = 0.0
    for span in spans:
        kind = span.kind
        if kind == "br" or kind == "par":
            if frags:
                items.append(Word(frags, width))
                frags, width = [], 0.0
            items.append(Break(kind == "par"))
            continue
        font = metrics.select(style.role, style.bold or span.bold, style.italic or span.italic)
        if kind == "icon":
            scale = style.icon_scale
            frag = Frag("icon", span.value, font, scale, None,
                        icon_aspect(span.value) * ICON_EM * scale)
            frags.append(frag)
            width += frag.width
            continue
        if kind == "tag":
            tag_font = metrics.select(style.role, False, False)
            text = metrics.prepare(span.value, tag_font)
            frag = Frag("tag", text, tag_font, TAG_SCALE, TAG_COLOR,
                        metrics.width(text, tag_font) * TAG_SCALE)
            frags.append(frag)
            width += frag.width
            continue
        known = cache.pieces.get(font)
        if known is None:
            known = cache.pieces[font] = {}
        whole = cache.words.get(font)
        if whole is None:
            whole = cache.words[font] = {}
        glue = cache.spaces.get(font)
        if glue is None:
            glue = cache.spaces[font] = Glue(font, metrics.width(" ", font))
        pieces = span.value.replace("\t", " ").split(" ")
        last = len(pieces) - 1
        after_word = False  # items[-1] is a whole word: the space after it comes next
        for index, piece in enumerate(pieces):  # the hot loop
            if index:
                if after_word:
                    items.append(glue)
                    after_word = False
                elif frags:  # a space ends the word: the word, then the space
                    items.append(Word(frags, width))
                    frags, width = [], 0.0
                    items.append(glue)
                elif not items or not isinstance(items[-1], (Glue, Break)):
                    items.append(glue)
                if piece and index < last:  # a whole word, of this piece alone
                    word = whole.get(piece)
                    if word is None:
                        found = known.get(piece) or _measure(piece, font, metrics, cache)
                        word = whole[piece] = Word([found], found.width)
                        cache.kept += 1
                    items.append(word)
                    after_word = True  # (a next piece follows: this one is not the last)
                    continue
            if piece:
                found = known.get(piece) or _measure(piece, font, metrics, cache)
                frags.append(found)
                width += found.width
    if frags:
        items.append(Word(frags, width))
    return items


def _measure(piece: str, font: str, metrics: FontMetrics, cache: TokenCache) -> Frag:
    """A piece of text in ``font`` measured and kept in ``cache`` (on its first use)."""
    text = metrics.prepare(piece, font)
    found = cache.pieces[font][piece] = Frag("text", text, font, 1.0, None,
                                             metrics.width(text, font))
    cache.kept += 1
    return found
