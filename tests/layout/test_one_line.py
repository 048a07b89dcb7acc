"""Plain text on one line (layout/one_line.py) is set exactly as the general way sets it: the
same FittedText (ops, floats, extent) for random texts, styles and boxes, and the general way
for everything the quick one does not take."""

from __future__ import annotations

import random
from typing import Any

import pytest
from helpers import bundled_assets

from printandplay.errors import LayoutError
from printandplay.layout import text as text_module
from printandplay.layout.one_line import fit_one_line
from printandplay.layout.text import TextSetter
from printandplay.layout.textfit import FittedText, TextStyle, fit_text
from printandplay.layout.tokens import TokenCache

_WORDS = ("Navé", "banu", "difo", "BEN-00042", "l'eau", "12", "000", "été", "W", "—", "«",
          "»", "!", "?", "a...", "Œuvre", "ﬁn", "x", "Ω", "⚔")
_ODD = ("**gras**", "*it*", ":gemme:", "[[TAG-1]]", "a\\b", "\n", "\t", "  ", " ")


def _source(rng: random.Random) -> str:
    words = [rng.choice(_WORDS) for _ in range(rng.randint(1, 9))]
    text = " ".join(words)
    if rng.random() < 0.15:  # markup, breaks or odd spaces: the general way
        at = rng.randint(0, len(text))
        text = text[:at] + rng.choice(_ODD) + text[at:]
    return text


def _style(rng: random.Random) -> TextStyle:
    size = rng.choice((6.0, 7.5, 9.0, 12.0, 13.0, 20.7))
    return TextStyle(
        role=rng.choice(("body", "title")), size=size,
        min_size=rng.choice((size, min(size, 6.0), size + 1.0)),
        leading=rng.choice((1.2, 1.0, 0.9, -0.5)),
        align=rng.choice(("left", "center", "right")),
        valign=rng.choice(("top", "middle", "bottom")),
        color=rng.choice(((0.0, 0.0, 0.0), (1.0, 1.0, 1.0), (0.2, 0.4, 0.6))),
        bold=rng.random() < 0.4, italic=rng.random() < 0.2,
        wrap=rng.random() < 0.9, hyphenate=rng.random() < 0.5,
        min_tag_size=rng.choice((0.0, 6.0)))


def _general(setter: TextSetter, source: str, width: float, height: float,
             style: TextStyle) -> FittedText | None | str:
    try:
        return fit_text(setter.tokens(source, style, "box"), width, height, style,
                        setter.metrics, setter.hyphenator)
    except LayoutError as err:
        return f"error: {err}"


def _quick(setter: TextSetter, source: str, width: float, height: float,
           style: TextStyle) -> FittedText | None | str:
    try:
        return setter.fit(source, width, height, style, "box")
    except LayoutError as err:
        return f"error: {err}"


@pytest.fixture(scope="module")
def metrics() -> Any:
    return bundled_assets("licum").fonts


def test_the_same_fitted_text_as_the_general_way(metrics: Any,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(11)
    quick_setter = TextSetter(metrics, lambda name: 1.0, "fr")
    general_setter = TextSetter(metrics, lambda name: 1.0, "fr")
    taken = 0

    def counted(*args: Any) -> Any:  # the quick way's answers, counted as the setter gets them
        nonlocal taken
        fitted = fit_one_line(*args)
        taken += fitted is not None
        return fitted

    monkeypatch.setattr(text_module, "fit_one_line", counted)
    for _ in range(3000):
        source = _source(rng)
        style = _style(rng)
        width = rng.uniform(5, 300)
        height = rng.uniform(3, 40)
        expected = _general(general_setter, source, width, height, style)
        got = _quick(quick_setter, source, width, height, style)
        assert repr(got) == repr(expected), (source, width, height, style)
        assert got == expected
    assert taken > 400  # the quick way was taken often (and refused often: 3,000 cases)


def test_what_the_quick_way_refuses(metrics: Any) -> None:
    style = TextStyle(size=9.0, min_size=6.0)
    cache = TokenCache()
    assert fit_one_line("Navé banu", 200, 20, style, metrics, cache) is not None
    for text in ("", " Navé", "Navé ", "Navé  banu", "**Navé**", "Navé :gemme:", "a\\b",
                 "Navé\nbanu", "Navé\tbanu", "[[TAG]]"):
        assert fit_one_line(text, 200, 20, style, metrics, cache) is None, text
    assert fit_one_line("Navé banu", 20, 20, style, metrics, cache) is None  # two lines
    assert fit_one_line("Navé banu", 200, 5, style, metrics, cache) is None  # too high
    assert fit_one_line("Navé banu", 200, 20, TextStyle(size=9.0, wrap=False), metrics,
                        cache) is None
    assert fit_one_line("Navé banu", 200, 20, TextStyle(size=5.0, min_size=6.0), metrics,
                        cache) is None


def test_a_character_no_font_has_is_the_general_way_s_error(metrics: Any) -> None:
    setter = TextSetter(metrics, lambda name: 1.0, "fr")
    with pytest.raises(LayoutError) as err:
        setter.fit("Navé \U0001f600", 200, 20, TextStyle(size=9.0), "carte 'x'")
    assert str(err.value).startswith("carte 'x': ")


def test_a_full_cache_goes_the_general_way(metrics: Any, monkeypatch: pytest.MonkeyPatch
                                           ) -> None:
    monkeypatch.setattr(text_module, "_PIECES_MAX", 0)
    setter = TextSetter(metrics, lambda name: 1.0, "fr")
    style = TextStyle(size=9.0)
    assert setter.fit("Navé banu", 200, 20, style, "x") == _general(
        TextSetter(metrics, lambda name: 1.0, "fr"), "Navé banu", 200, 20, style)
