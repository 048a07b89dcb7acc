"""Whole words shared between texts (issue 15, round 4): :func:`tokenize` hands out one
:class:`Word` per piece met between two spaces, kept in the cache, and gives exactly the
items the word-by-word reading gives (kept here as the reference), on awkward input too."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from helpers import FakeMetrics

from printandplay.model.fonts import FontMetrics
from printandplay.text.fitting import TextStyle, break_lines
from printandplay.text.hyphenation import hyphenator_for, syllables
from printandplay.text.markup import MarkupError, Span, parse_markup
from printandplay.text.tokens import (
    ICON_EM,
    TAG_COLOR,
    TAG_SCALE,
    Break,
    Frag,
    Glue,
    Item,
    TokenCache,
    Word,
    tokenize,
)


def _reference_tokenize(
    spans: Sequence[Span],
    style: TextStyle,
    metrics: FontMetrics,
    icon_aspect: Callable[[str], float],
    cache: TokenCache | None = None,
) -> list[Item]:
    """tokenize as it read every word piece by piece (before words were shared).

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
        glue = cache.spaces.get(font)
        if glue is None:
            glue = cache.spaces[font] = Glue(font, metrics.width(" ", font))
        first = True
        for piece in span.value.replace("\t", " ").split(" "):  # the hot loop
            if first:
                first = False
            elif frags:  # a space ends the word: the word, then the space
                items.append(Word(frags, width))
                frags, width = [], 0.0
                items.append(glue)
            elif not items or not isinstance(items[-1], (Glue, Break)):
                items.append(glue)
            if piece:
                found = known.get(piece)
                if found is None:
                    text = metrics.prepare(piece, font)
                    found = known[piece] = Frag("text", text, font, 1.0, None,
                                                metrics.width(text, font))
                frags.append(found)
                width += found.width
    if frags:
        items.append(Word(frags, width))
    return items


_PIECES = ("mot", "W", "été", "ba", "x", "", "", "\t", "…", ",", "«", "»", ".")


def _source(rng: random.Random) -> str:
    """Text with runs of spaces and tabs, spaces first and last, bold and italic words
    glued to punctuation, inline icons and rule tags inside or between words, breaks."""
    out = []
    for _ in range(rng.randint(0, 30)):
        piece = "".join(rng.choice(_PIECES) for _ in range(rng.randint(0, 3)))
        roll = rng.random()
        if roll < 0.1:
            piece = f"**{piece or 'g'}**"
        elif roll < 0.15:
            piece = f"*{piece or 'i'}*"
        elif roll < 0.2:
            piece += ":gemme:"
        elif roll < 0.23:
            piece += "[[CHA-1]]"
        elif roll < 0.27:
            piece += rng.choice(("\n", "\n\n"))
        out.append(piece)
    return rng.choice(("", " ", "  ")) + rng.choice((" ", "  ", "\t", "")).join(out) + \
        rng.choice(("", " ", "  "))


def test_shared_words_give_the_items_of_the_reference() -> None:
    rng = random.Random(13)
    metrics = FakeMetrics()
    shared = TokenCache()
    # the reference keeps its measured pieces for every text, as its callers did (its own
    # cache: what the word-by-word reading measured, never what tokenize made)
    reference_pieces = TokenCache()
    tested = 0
    for _ in range(2000):
        try:
            spans = parse_markup(_source(rng))
        except MarkupError:  # (bold and italic marks run together: not this test's matter)
            continue
        style = TextStyle(bold=rng.random() < 0.2)
        expected = _reference_tokenize(spans, style, metrics, lambda name: 1.5,
                                       reference_pieces)
        tested += 1
        for cache in (shared, TokenCache(), None):
            assert tokenize(spans, style, metrics, lambda name: 1.5, cache) == expected
    # words were shared (a TokenCache is never emptied but by clear(): the count only grows)
    assert sum(len(known) for known in shared.words.values()) > 10 and tested > 1000


def test_a_shared_word_hyphenated_once_stays_right_for_every_text() -> None:
    metrics = FakeMetrics()
    cache = TokenCache()
    split = syllables(hyphenator_for("fr"), metrics)  # type: ignore[arg-type]
    source = "la constitution anticonstitutionnellement constitution fin"
    first = tokenize(parse_markup(source), TextStyle(), metrics, lambda name: 1.0, cache)
    lines = break_lines(first, 9.0, split)
    again = tokenize(parse_markup(source), TextStyle(), metrics, lambda name: 1.0, cache)
    fresh = tokenize(parse_markup(source), TextStyle(), metrics, lambda name: 1.0)
    assert [w for w in again if isinstance(w, Word)][1] is \
        [w for w in first if isinstance(w, Word)][1]  # the same word, shared
    assert break_lines(again, 9.0, split) == lines == break_lines(fresh, 9.0, split)


def test_escaping_skips_only_values_without_markup_characters() -> None:
    from printandplay.text import markup as richtext

    rng = random.Random(17)
    alphabet = "ab :*\\[]\n-_z9é"
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
        assert richtext.escape_markup(text) == richtext._SPECIAL.sub(r"\\\1", text)
    plain = "Navé banu difo"
    assert richtext.escape_markup(plain) is plain
    assert richtext.escape_markup("a :b: **c** [[d]]") == "a \\:b: \\*\\*c\\*\\* \\[[d]]"
