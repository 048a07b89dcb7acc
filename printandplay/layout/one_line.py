"""Plain text that fits on one line at its box's size, set without the general pipeline.

A card's title, cost or id is usually a few plain words that fit at once: the general way
(markup parsed into spans, tokens, line breaking, placing, the text extent) costs ~20 µs of
Python steps for one text op. :func:`fit_one_line` gives the very :class:`FittedText`
:func:`~printandplay.layout.textfit.fit_text` would (the same floats, summed in the same
order: see :func:`~printandplay.layout.line_break.break_plain` and how ``fit_text`` places
and emits a line), or ``None`` for anything else — markup, tabs or line breaks, spaces not
single between words, a text that does not fit on one line at the box's size, text the fonts
cannot set — which then goes the general way (it words every error).
``tests/layout/test_one_line.py`` compares both ways on random texts.
"""

from __future__ import annotations

from typing import Final

from printandplay.errors import LayoutError
from printandplay.layout.textfit import (
    FittedText,
    TextStyle,
    line_start,
    lines_top,
    make_fitted,
    make_text_op,
)
from printandplay.layout.tokens import Frag, Glue, TokenCache
from printandplay.model.fonts import FontMetrics

# what may start markup (richtext._PLAIN_RE's complement), and what tokenizing reads as space
_NOT_PLAIN: Final = frozenset("\\*:[\n\r\t")


def fit_one_line(text: str, width: float, height: float, style: TextStyle,
                 metrics: FontMetrics, cache: TokenCache) -> FittedText | None:
    """``text`` (already in the language's typography) fitted in a ``width`` × ``height`` box
    as :func:`~printandplay.layout.textfit.fit_text` would fit its tokens, when it is plain
    words fitting on one line at ``style.size``; ``None`` otherwise. Pieces are measured into
    ``cache`` as :func:`~printandplay.layout.tokens.tokenize` measures them."""
    size = style.size
    if not text or text[0] == " " or text[-1] == " " or "  " in text or not style.wrap \
            or not _NOT_PLAIN.isdisjoint(text) or size < style.min_size - 1e-9:
        return None
    font = metrics.select(style.role, style.bold, style.italic)
    known = cache.pieces.get(font)
    if known is None:
        known = cache.pieces[font] = {}
    glue = cache.spaces.get(font)
    limit = width / size + 1e-9
    # break_plain's sums: the first word, then (space + word) while the line holds them;
    # a word that does not fit means a second line: the general way
    frags: list[Frag] = []
    widths: list[float] = []  # the line's items' widths, spaces included (_line_width's sum)
    line = 0.0
    try:
        if glue is None:
            glue = cache.spaces[font] = Glue(font, metrics.width(" ", font))
        space = glue.width
        for piece in text.split(" "):
            found = known.get(piece)
            if found is None:
                prepared = metrics.prepare(piece, font)
                found = known[piece] = Frag("text", prepared, font, 1.0, None,
                                            metrics.width(prepared, font))
            if frags:
                extra = space + found.width
                if not line + extra <= limit:
                    return None
                line += extra
                widths.append(space)
            else:
                if found.width > limit:
                    return None
                line = found.width
            frags.append(found)
            widths.append(found.width)
    except LayoutError:  # a character no font has: the general way says where
        return None
    first = frags[0].width
    ascent, descent = metrics.ascent(font), metrics.descent(font)
    used = size * (ascent + descent)  # one line: no leading
    if used > height + 1e-6:
        return None
    # _place and _emit_line for one line of one run
    baseline = lines_top(style.valign, height, used) - ascent * size
    start = x = line_start(style.align, width, sum(widths) * size)
    x += first * size
    for frag in frags[1:]:
        x += space * size
        x += frag.width * size
    op = make_text_op(start, baseline, " ".join([frag.value for frag in frags]), font, size,
                      style.color)
    # text_extent of the one op, the line spanning from min(0, start) to max(0, its end)
    extent = (start if start < 0.0 else 0.0, baseline - descent * size,
              x if x > 0.0 else 0.0, baseline + ascent * size)
    return make_fitted(size, (op,), used, 1, extent)
