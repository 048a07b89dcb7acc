"""Breaking rich text into lines and shrinking it until it fits its box.

Everything is measured once in *em* (at size 1) with a font-metrics object supplied by the
renderer (layout never imports ReportLab); breaking at size ``s`` in a box ``w`` wide is then
breaking the em widths at ``w / s``. The result is a list of positioned :class:`TextOp` and
:class:`IconOp`, relative to the box's bottom-left corner.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from printandplay.layout.richtext import Span
from printandplay.model.fonts import FontMetrics
from printandplay.model.ops import RGB, IconOp, Op, TextOp

ICON_EM = 1.0  # an inline icon is as tall as the font size
ICON_DROP = 0.16  # and sits this far (in em) below the baseline
TAG_SCALE = 0.72
TAG_COLOR: RGB = (0.45, 0.45, 0.45)
PAR_GAP = 0.5  # extra space between paragraphs, in lines


@dataclass(frozen=True)
class TextStyle:
    """How a box sets its text."""

    role: str = "body"
    size: float = 10.0
    min_size: float = 6.0
    leading: float = 1.2
    align: Literal["left", "center", "right"] = "left"
    valign: Literal["top", "middle", "bottom"] = "top"
    color: RGB = (0.0, 0.0, 0.0)
    bold: bool = False
    italic: bool = False
    icon_scale: float = 1.0
    wrap: bool = True
    hyphenate: bool = True  # when the text would otherwise not fit (never for titles)


@dataclass(frozen=True)
class _Frag:
    kind: Literal["text", "icon"]
    value: str
    font: str
    scale: float
    color: RGB | None  # None = the box colour
    width: float  # em


@dataclass
class _Word:
    frags: list[_Frag] = field(default_factory=list)
    width: float = 0.0
    # hyphenation: the word's syllables with their widths (em) and the hyphen's width, filled
    # in on first need (None: not yet looked at; (): cannot be hyphenated)
    chunks: tuple[tuple[str, float], ...] | None = None
    hyphen: float = 0.0


@dataclass(frozen=True)
class _Glue:
    font: str
    width: float


@dataclass(frozen=True)
class _Break:
    paragraph: bool


_Item = _Word | _Glue | _Break


@dataclass(frozen=True)
class FittedText:
    """Text laid out in a box: the size chosen, the ops, and the height used."""

    size: float
    ops: tuple[Op, ...]
    height: float
    lines: int


def tokenize(
    spans: Sequence[Span],
    style: TextStyle,
    metrics: FontMetrics,
    icon_aspect: Callable[[str], float],
    cache: dict[tuple[str, str], _Frag | _Glue] | None = None,
) -> list[_Item]:
    """Turn spans into words, glue and breaks, measured in em.

    ``cache`` (kept by the caller for one set of fonts) keeps the measured pieces of text and
    spaces per font, to be shared by every text that uses them."""
    items: list[_Item] = []
    if cache is None:
        cache = {}
    word = _Word()

    def close_word() -> None:
        nonlocal word
        if word.frags:
            items.append(word)
            word = _Word()

    def add(frag: _Frag) -> None:
        word.frags.append(frag)
        word.width += frag.width

    for span in spans:
        if span.kind in ("br", "par"):
            close_word()
            items.append(_Break(span.kind == "par"))
            continue
        font = metrics.select(style.role, style.bold or span.bold, style.italic or span.italic)
        if span.kind == "icon":
            scale = style.icon_scale
            add(_Frag("icon", span.value, font, scale, None,
                      icon_aspect(span.value) * ICON_EM * scale))
            continue
        if span.kind == "tag":
            tag_font = metrics.select(style.role, False, False)
            text = metrics.prepare(span.value, tag_font)
            width = metrics.width(text, tag_font) * TAG_SCALE
            add(_Frag("text", text, tag_font, TAG_SCALE, TAG_COLOR, width))
            continue
        pieces = span.value.replace("\t", " ").split(" ")
        for index, piece in enumerate(pieces):
            if index > 0:
                close_word()
                if not items or not isinstance(items[-1], (_Glue, _Break)):
                    glue = cache.get((" ", font))
                    if glue is None:
                        glue = cache[(" ", font)] = _Glue(font, metrics.width(" ", font))
                    items.append(glue)  # type: ignore[arg-type]
            if piece:
                frag = cache.get((piece, font))
                if frag is None:
                    text = metrics.prepare(piece, font)
                    frag = _Frag("text", text, font, 1.0, None, metrics.width(text, font))
                    cache[(piece, font)] = frag
                add(frag)  # type: ignore[arg-type]
    close_word()
    return items


class Hyphenator:
    """Where words may be hyphenated, for one language (pyphen's dictionaries).

    Only words of at least ``MIN_WORD`` letters, leaving at least ``MIN_LEFT`` letters before
    the hyphen and ``MIN_RIGHT`` after it; never a word already holding a hyphen, nor one in
    capitals (a game's keywords stay whole)."""

    MIN_WORD = 6
    MIN_LEFT = 2
    MIN_RIGHT = 3

    def __init__(self, language: str) -> None:
        import pyphen

        self.language = language
        self._dic = pyphen.Pyphen(lang=language, left=self.MIN_LEFT, right=self.MIN_RIGHT)
        self._positions: dict[str, tuple[int, ...]] = {}

    def positions(self, word: str) -> tuple[int, ...]:
        """Indexes in ``word`` where a hyphen may go (none for short or non-letter words)."""
        known = self._positions.get(word)
        if known is None:
            letters = sum(1 for c in word if c.isalpha())
            if letters < self.MIN_WORD or "-" in word or word.isupper():  # keywords stay whole
                known = ()
            else:
                known = tuple(p for p in self._dic.positions(word)
                              if word[:p][-1:].isalpha() and word[p:p + 1].isalpha())
            self._positions[word] = known
        return known


_HYPHENATORS: dict[str, Hyphenator | None] = {}


def hyphenator_for(language: str) -> Hyphenator | None:
    """The hyphenator of a game's language (``fr``, ``en``…), or ``None`` if pyphen has no
    dictionary for it."""
    if language not in _HYPHENATORS:
        import pyphen

        found = pyphen.language_fallback(language.replace("-", "_"))
        if found is None and language.lower().startswith("en"):
            found = "en_US"
        _HYPHENATORS[language] = Hyphenator(found) if found else None
    return _HYPHENATORS[language]


Splitter = Callable[[_Word], tuple[tuple[str, float], ...]]


def syllables(hyphenator: Hyphenator, metrics: FontMetrics) -> Splitter:
    """The syllables (text, width in em) of a word that hyphenation may split: a word of one
    run of text in one font; ``()`` for any other."""

    def split(word: _Word) -> tuple[tuple[str, float], ...]:
        if word.chunks is None:
            word.chunks = ()
            if len(word.frags) == 1 and word.frags[0].kind == "text" \
                    and word.frags[0].scale == 1.0:
                frag = word.frags[0]
                cuts = hyphenator.positions(frag.value)
                if cuts:
                    bounds = (0, *cuts, len(frag.value))
                    word.chunks = tuple(
                        (frag.value[a:b], metrics.width(frag.value[a:b], frag.font))
                        for a, b in zip(bounds, bounds[1:], strict=False))
                    word.hyphen = metrics.width("-", frag.font)
        return word.chunks

    return split


def _split_word(word: _Word, chunks: tuple[tuple[str, float], ...], room: float
                ) -> tuple[_Word, _Word] | None:
    """The longest head of ``word`` that fits ``room`` with its hyphen, and the rest."""
    frag = word.frags[0]
    width = 0.0
    best = 0
    for index in range(1, len(chunks)):
        width += chunks[index - 1][1]
        if width + word.hyphen > room + 1e-9:
            break
        best = index
    if best == 0:
        return None
    head_text = "".join(text for text, _ in chunks[:best])
    head_width = sum(w for _, w in chunks[:best]) + word.hyphen
    tail_chunks = chunks[best:]
    tail_text = "".join(text for text, _ in tail_chunks)
    tail_width = sum(w for _, w in tail_chunks)
    head = _Word([replace(frag, value=head_text + "-", width=head_width)], head_width, ())
    tail = _Word([replace(frag, value=tail_text, width=tail_width)], tail_width, tail_chunks,
                 word.hyphen)
    return head, tail


def break_lines(items: Sequence[_Item], max_width: float, split: Splitter | None = None
                ) -> list[tuple[list[_Item], bool]] | None:
    """Greedy line breaking in em; ``None`` when a word is wider than ``max_width``.

    With ``split`` (see :func:`syllables`), a word that does not fit the end of a line is
    hyphenated when its head fits there, and a word wider than a line is cut over several.
    Each line comes with a flag telling whether a paragraph break follows it.
    """
    lines: list[tuple[list[_Item], bool]] = []
    current: list[_Item] = []
    width = 0.0
    pending_glue: _Glue | None = None
    for next_item in items:
        item: _Item | None = next_item
        while item is not None:
            if isinstance(item, _Break):
                lines.append((current, item.paragraph))
                current, width, pending_glue = [], 0.0, None
                break
            if isinstance(item, _Glue):
                pending_glue = item if current else None
                break
            glue = pending_glue.width if pending_glue and current else 0.0
            extra = glue + item.width
            if current and width + extra <= max_width + 1e-9 or \
                    not current and item.width <= max_width + 1e-9:
                if pending_glue is not None and current:
                    current.append(pending_glue)
                current.append(item)
                width += extra
                pending_glue = None
                break
            chunks = split(item) if split is not None else ()
            parts = _split_word(item, chunks, max_width - width - glue) if chunks else None
            if parts is not None:  # the head ends this line, the rest starts the next
                if pending_glue is not None and current:
                    current.append(pending_glue)
                current.append(parts[0])
                lines.append((current, False))
                current, width, pending_glue = [], 0.0, None
                item = parts[1]
                continue
            if not current:  # wider than a line, and no head fits
                return None
            lines.append((current, False))
            current, width, pending_glue = [], 0.0, None
    if current or not lines:
        lines.append((current, False))
    return lines


def _line_width(line: Sequence[_Item]) -> float:
    return sum(item.width for item in line if not isinstance(item, _Break))


def fit_text(
    items: Sequence[_Item],
    width: float,
    height: float,
    style: TextStyle,
    metrics: FontMetrics,
    hyphenator: Hyphenator | None = None,
) -> FittedText | None:
    """Lay out ``items`` in a ``width`` × ``height`` box, shrinking from ``style.size`` down to
    ``style.min_size`` in 0.25 pt steps; ``None`` if it never fits. Without ``style.wrap``, lines
    break only where the text says so and the size shrinks until the longest one fits.

    With a ``hyphenator`` (and ``style.hyphenate``), a size at which the text does not fit
    unhyphenated is tried again with hyphenation before shrinking: text that fits as it is
    stays as it was."""
    base_font = metrics.select(style.role, style.bold, style.italic)
    ascent, descent = metrics.ascent(base_font), metrics.descent(base_font)
    size = style.size
    unwrapped = None if style.wrap else break_lines(items, float("inf"))
    split = (syllables(hyphenator, metrics)
             if hyphenator is not None and style.hyphenate and style.wrap else None)

    def used_by(lines: list[tuple[list[_Item], bool]]) -> float:
        gaps = sum(1 for _, par in lines[:-1] if par)
        return size * (ascent + descent + (len(lines) - 1 + gaps * PAR_GAP) * style.leading)

    while size >= style.min_size - 1e-9:
        if unwrapped is not None:
            fits = all(_line_width(line) <= width / size + 1e-9 for line, _ in unwrapped)
            lines = unwrapped if fits else None
        else:
            lines = break_lines(items, width / size)
        if (lines is None or used_by(lines) > height + 1e-6) and split is not None:
            lines = break_lines(items, width / size, split)
        if lines is not None:
            used = used_by(lines)
            if used <= height + 1e-6:
                ops = _place(lines, width, height, used, size, ascent, style)
                return FittedText(size, tuple(ops), used, len(lines))
        size -= 0.25
    return None


def _place(
    lines: list[tuple[list[_Item], bool]],
    width: float,
    height: float,
    used: float,
    size: float,
    ascent: float,
    style: TextStyle,
) -> list[Op]:
    if style.valign == "top":
        top = height
    elif style.valign == "middle":
        top = height - (height - used) / 2
    else:
        top = used
    baseline = top - ascent * size
    ops: list[Op] = []
    for line, paragraph_follows in lines:
        line_width = _line_width(line) * size
        if style.align == "center":
            x = (width - line_width) / 2
        elif style.align == "right":
            x = width - line_width
        else:
            x = 0.0
        _emit_line(ops, line, x, baseline, size, style.color)
        baseline -= size * style.leading * (1 + (PAR_GAP if paragraph_follows else 0))
    return ops


def _emit_line(
    ops: list[Op], line: Sequence[_Item], x: float, baseline: float, size: float, color: RGB
) -> None:
    run: list[str] = []
    run_key: tuple[str, float, RGB] | None = None
    run_x = x

    def flush() -> None:
        nonlocal run_key
        if run_key is not None and run:
            font, scale, run_color = run_key
            ops.append(TextOp(run_x, baseline, "".join(run), font, size * scale, run_color))
        run.clear()
        run_key = None

    for item in line:
        if isinstance(item, _Glue):
            if run_key is not None and run_key[0] == item.font and run_key[1] == 1.0:
                run.append(" ")
            else:
                flush()
            x += item.width * size
            continue
        if isinstance(item, _Break):
            continue
        for frag in item.frags:
            if frag.kind == "icon":
                flush()
                w = frag.width * size
                h = ICON_EM * size * frag.scale
                y = baseline + (0.5 * ICON_EM - ICON_DROP) * size - h / 2
                ops.append(IconOp(frag.value, x, y, w, h, frag.color or color))
            else:
                key = (frag.font, frag.scale, frag.color or color)
                if key != run_key:
                    flush()
                    run_key, run_x = key, x
                run.append(frag.value)
            x += frag.width * size
    flush()
