"""Hyphenation in the line breaker: narrow boxes hyphenate before they shrink."""

from __future__ import annotations

from printandplay.model.ops import TextOp
from printandplay.text.fitting import TextStyle, fit_text
from printandplay.text.hyphenation import Hyphenator, hyphenator_for
from printandplay.text.markup import parse_markup
from printandplay.text.tokens import tokenize


class Metrics:
    """Every character 0.5 em wide; ascent 0.8 em, descent 0.2 em."""

    def select(self, role: str, bold: bool, italic: bool) -> str:
        return "R"

    def prepare(self, text: str, font: str) -> str:
        return text

    def width(self, text: str, font: str) -> float:
        return 0.5 * len(text)

    def ascent(self, font: str) -> float:
        return 0.8

    def descent(self, font: str) -> float:
        return 0.2


METRICS = Metrics()
TEXT = "Les improvisateurs chantent une complainte extraordinaire."


def _fit(text: str, width: float, height: float, style: TextStyle, language: str | None):
    items = tokenize(parse_markup(text), style, METRICS, lambda _: 1.0)
    return fit_text(items, width, height, style, METRICS,
                    hyphenator_for(language) if language else None)


def _lines(fitted) -> list[str]:
    by_line: dict[float, list[str]] = {}
    for op in fitted.ops:
        assert isinstance(op, TextOp)
        by_line.setdefault(op.y, []).append(op.text)
    return [" ".join(parts) for _, parts in sorted(by_line.items(), reverse=True)]


def test_a_narrow_box_fits_at_a_larger_size_with_hyphenation() -> None:
    style = TextStyle(size=10, min_size=5)
    without = _fit(TEXT, 60, 58, style, None)
    with_it = _fit(TEXT, 60, 58, style, "fr")
    assert without is not None and with_it is not None
    assert with_it.size > without.size
    lines = _lines(with_it)
    assert any(line.endswith("-") for line in lines)
    # the hyphenated words read back whole
    assert "".join(line.removesuffix("-") if line.endswith("-") else line + " "
                   for line in lines).split() == TEXT.split()


def test_titles_are_not_hyphenated() -> None:
    title = TextStyle(role="title", size=10, min_size=5, hyphenate=False)
    without = _fit(TEXT, 60, 58, title, None)
    assert _fit(TEXT, 60, 58, title, "fr") == without


def test_text_that_fits_is_left_as_it_was() -> None:
    style = TextStyle(size=10, min_size=5)
    assert _fit(TEXT, 400, 100, style, "fr") == _fit(TEXT, 400, 100, style, None)


def test_a_word_wider_than_the_box_is_cut_instead_of_failing() -> None:
    style = TextStyle(size=10, min_size=10)
    assert _fit("extraordinairement", 50, 100, style, None) is None
    fitted = _fit("extraordinairement", 50, 100, style, "fr")
    assert fitted is not None and fitted.lines >= 2


def test_minimum_word_and_fragment_lengths() -> None:
    hyphenator = Hyphenator("fr")
    assert hyphenator.positions("complainte") == (3,)  # com-plainte
    assert hyphenator.positions("carte") == ()  # shorter than MIN_WORD
    assert hyphenator.positions("PERSONNALITÉ") == ()  # a keyword in capitals
    assert hyphenator.positions("Entre-Période") == ()  # already hyphenated
    for word in ("improvisateurs", "extraordinaire", "complainte"):
        for cut in hyphenator.positions(word):
            assert cut >= Hyphenator.MIN_LEFT and len(word) - cut >= Hyphenator.MIN_RIGHT


def test_english_and_unknown_languages() -> None:
    english = hyphenator_for("en")
    assert english is not None and english.positions("hyphenation")
    assert hyphenator_for("xx") is None
