"""Whole words shared between texts: :func:`tokenize` hands out one :class:`Word` per piece
met between two spaces, kept in the cache, and gives exactly the items of a reading without
the cache, on awkward input too."""

from __future__ import annotations

import random

from helpers import FakeMetrics

from printandplay.text.fitting import TextStyle, break_lines
from printandplay.text.hyphenation import hyphenator_for, syllables
from printandplay.text.markup import MarkupError, parse_markup
from printandplay.text.tokens import (
    TokenCache,
    Word,
    tokenize,
)

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


def test_shared_words_give_the_items_of_a_fresh_reading() -> None:
    rng = random.Random(13)
    metrics = FakeMetrics()
    shared = TokenCache()
    tested = 0
    for _ in range(2000):
        try:
            spans = parse_markup(_source(rng))
        except MarkupError:  # (bold and italic marks run together: not this test's matter)
            continue
        style = TextStyle(bold=rng.random() < 0.2)
        expected = tokenize(spans, style, metrics, lambda name: 1.5, None)
        tested += 1
        for cache in (shared, TokenCache()):
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
