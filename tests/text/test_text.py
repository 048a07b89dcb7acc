"""The one text pipeline (typography → markup → tokens → fit) and its one error policy."""

from __future__ import annotations

import pytest
from helpers import FakeMetrics

from printandplay.errors import LayoutError
from printandplay.text.fitting import TextStyle, fit_text
from printandplay.text.markup import parse_markup
from printandplay.text.setter import TextSetter
from printandplay.text.tokens import Glue, Word, tokenize
from printandplay.text.typography import apply_typography

STYLE = TextStyle(size=10, min_size=10)


class NoGlyph(FakeMetrics):
    """A font without the letter 'z'."""

    def prepare(self, text: str, font: str) -> str:
        if "z" in text:
            raise LayoutError(f"font '{font}' has no glyph for 'z'")
        return text


def setter(metrics: FakeMetrics | None = None, language: str = "fr") -> TextSetter:
    return TextSetter(metrics or FakeMetrics(), lambda _: 1.0, language)


def test_fit_runs_every_step_in_order() -> None:
    source = "Oui ! **aa** bb"
    expected = fit_text(tokenize(parse_markup(apply_typography(source, "fr")), STYLE,
                                 FakeMetrics(), lambda _: 1.0), 200, 50, STYLE, FakeMetrics())
    assert setter().fit(source, 200, 50, STYLE, "box") == expected
    assert expected is not None and "\u202f!" in "".join(
        op.text for op in expected.ops if hasattr(op, "text"))


def test_typography_follows_the_language() -> None:
    french = setter(language="fr").tokens("Oui !", STYLE, "box")
    english = setter(language="en").tokens("Oui !", STYLE, "box")
    assert french != english


def test_text_too_big_is_none_not_an_error() -> None:
    assert setter().fit("aaaa " * 50, 20, 10, STYLE, "box") is None


@pytest.mark.parametrize("call", ["tokens", "fit", "natural_width"])
def test_bad_markup_names_where(call: str) -> None:
    text = setter()
    args = {"tokens": ("**aa", STYLE, "cards.yaml:3"),
            "fit": ("**aa", 100, 100, STYLE, "cards.yaml:3"),
            "natural_width": ("**aa", STYLE, "cards.yaml:3")}[call]
    with pytest.raises(LayoutError, match=r"^cards.yaml:3: unclosed \*\*"):
        getattr(text, call)(*args)


def test_a_missing_glyph_names_where() -> None:
    with pytest.raises(LayoutError, match=r"^regles.md:7: font 'R' has no glyph for 'z'$"):
        setter(NoGlyph()).fit("aa zz", 100, 100, STYLE, "regles.md:7")


def test_measured_words_are_shared() -> None:
    text = setter()
    first = text.tokens("aa bb aa", STYLE, "a")
    second = text.tokens("bb", STYLE, "b")
    assert isinstance(first[0], Word) and isinstance(first[1], Glue)
    assert isinstance(first[2], Word) and isinstance(first[4], Word)
    assert isinstance(second[0], Word)
    assert first[0].frags[0] is first[4].frags[0]  # one measured 'aa'
    assert second[0].frags[0] is first[2].frags[0]  # and one 'bb' for every text
    assert text.cache.spaces["R"] is first[1]


def test_natural_width() -> None:
    assert setter().natural_width("aa bb", STYLE, "x") == pytest.approx(22.5)
