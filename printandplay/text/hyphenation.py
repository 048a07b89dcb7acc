"""Hyphenation for the line breaker: where a word may be cut, and the cut itself.

Part of the text pipeline (:mod:`printandplay.text.setter`): :func:`hyphenator_for` gives a
game's language its :class:`Hyphenator` (pyphen's dictionaries), :func:`syllables` turns it into
the splitter :func:`~printandplay.text.fitting.break_lines` uses, and :func:`split_word` cuts a
measured :class:`~printandplay.text.tokens.Word` where its head fits.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from printandplay.model.fonts import FontMetrics
from printandplay.text.tokens import Frag, Word


class Hyphenator:
    """Where words may be hyphenated, for one language (pyphen's dictionaries).

    Only words of at least ``MIN_WORD`` letters, leaving at least ``MIN_LEFT`` letters before
    the hyphen and ``MIN_RIGHT`` after it; never a word already holding a hyphen, nor one in
    capitals (a game's keywords stay whole)."""

    MIN_WORD = 6
    MIN_LEFT = 2
    MIN_RIGHT = 3

    def __init__(self, language: str) -> None:
        self.language = language
        self._dic = _pyphen(language, self.MIN_LEFT, self.MIN_RIGHT)
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
            if len(self._positions) >= _POSITIONS_MAX:  # bounded: memory must stay flat
                self._positions.clear()
            self._positions[word] = known
        return known


_POSITIONS_MAX = 100_000  # hyphenated words kept
_DIGITS = str.maketrans("", "", "0123456789")


class _LazyPatterns(dict[str, Any]):
    """pyphen's patterns of a dictionary (letters → where their values start, the values),
    each read from its line of the file on first look-up: a build looks up a few hundred of
    the thousands a dictionary holds (``()``: a pattern of zeros, which pyphen drops)."""

    def get(self, key: str, default: Any = None) -> Any:
        value = dict.get(self, key)
        if value is None:
            return default
        if type(value) is str:  # as pyphen's HyphDict reads a pattern
            import pyphen

            tags, values = zip(*[(string, int(i or "0"))
                                 for i, string in pyphen.parse(value)], strict=True)
            if max(values) == 0:
                value = ()
            else:
                start, end = 0, len(values)
                while not values[start]:
                    start += 1
                while not values[end - 1]:
                    end -= 1
                value = (start, values[start:end])
            self[key] = value
        return value


def _pyphen(language: str, left: int, right: int) -> Any:
    """``pyphen.Pyphen(lang=language, left=left, right=right)``, its patterns read on first
    need (:class:`_LazyPatterns`) when the dictionary holds only plain patterns (no
    ``^^hh`` character nor nonstandard hyphenation, which pyphen reads as it does)."""
    import pyphen

    if not all(hasattr(pyphen, name) for name in _PYPHEN_NAMES):  # another pyphen: its way
        return pyphen.Pyphen(lang=language, left=left, right=right)
    path = Path(pyphen.LANGUAGES[pyphen.language_fallback(language)])
    dic = pyphen.hdcache.get(path)
    if dic is None:
        with path.open("rb") as file:
            encoding = file.readline().decode()
        if encoding.lower() == "microsoft-cp1251":
            encoding = "cp1251"
        text = path.read_text(encoding)
        if "^^" in text or "/" in text:
            return pyphen.Pyphen(lang=language, left=left, right=right)
        patterns = _LazyPatterns()
        for line in text.split("\n")[1:]:
            line = line.strip()
            if not line or line.startswith(pyphen.ignored):
                continue
            key = line.translate(_DIGITS)
            if line.translate(_ZEROS) == key:  # only zeros: pyphen keeps what came before
                continue
            patterns[key] = line
        dic = object.__new__(pyphen.HyphDict)
        dic.patterns = patterns
        dic.cache = {}
        dic.maxlen = max(len(key) for key in patterns)
        pyphen.hdcache[path] = dic
    return pyphen.Pyphen(filename=path, left=left, right=right)


_ZEROS = str.maketrans("", "", "0")
# what of pyphen (0.18) the lazy reading uses
_PYPHEN_NAMES = ("LANGUAGES", "language_fallback", "hdcache", "HyphDict", "parse", "ignored")
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


Splitter = Callable[[Word], tuple[tuple[str, float], ...]]


def syllables(hyphenator: Hyphenator, metrics: FontMetrics) -> Splitter:
    """The syllables (text, width in em) of a word that hyphenation may split: a word of one
    run of text in one font; ``()`` for any other."""

    def split(word: Word) -> tuple[tuple[str, float], ...]:
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


def split_word(word: Word, chunks: tuple[tuple[str, float], ...], room: float
               ) -> tuple[Word, Word] | None:
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
    # the fragment's fields given in order (``dataclasses.replace`` walks the fields by name:
    # a quarter of the time of breaking a hyphenated text)
    kind, font, scale, color = frag.kind, frag.font, frag.scale, frag.color
    head = Word([Frag(kind, head_text + "-", font, scale, color, head_width)], head_width, ())
    tail = Word([Frag(kind, tail_text, font, scale, color, tail_width)], tail_width, tail_chunks,
                word.hyphen)
    return head, tail
