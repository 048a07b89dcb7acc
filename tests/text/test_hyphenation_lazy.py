"""pyphen's dictionaries read lazily (issue 15): a pattern is read from its line on first
look-up, and every pattern, length and hyphenation point is pyphen's own."""

from __future__ import annotations

import random

import pyphen
import pytest

from printandplay.text import hyphenation
from printandplay.text.hyphenation import Hyphenator


@pytest.fixture(autouse=True)
def _fresh_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pyphen, "hdcache", {})


@pytest.mark.parametrize("language", ["fr", "en_US", "it_IT", "nl_NL", "pt_BR"])
def test_lazy_patterns_are_pyphen_s(language: str) -> None:
    reference = pyphen.HyphDict(pyphen.LANGUAGES[language])
    lazy = hyphenation._pyphen(language, 2, 3).hd
    patterns = lazy.patterns
    assert isinstance(patterns, hyphenation._LazyPatterns)
    assert lazy.maxlen == reference.maxlen
    assert not any(type(value) is not str for value in dict.values(patterns))  # none read yet
    read = {key: patterns.get(key) for key in list(dict.keys(patterns))}
    assert {key: value for key, value in read.items() if value} == reference.patterns
    assert patterns.get("no such pattern", 7) == 7


def test_hyphenation_points_are_pyphen_s() -> None:
    rng = random.Random(3)
    letters = "abcdefghilmnoprstuvéèàç"
    words = ["anticonstitutionnellement", "hyphénation", "constitution", "développement",
             "extraordinaire", "Parlementaire", "peut-être", "été", "ÉCOLE"]
    words += ["".join(rng.choice(letters) for _ in range(rng.randint(3, 16))) for _ in range(300)]
    lazy = hyphenation._pyphen("fr", 2, 3)
    reference = pyphen.Pyphen(lang="fr", left=2, right=3, cache=False)  # (replaces the cached)
    assert isinstance(lazy.hd.patterns, hyphenation._LazyPatterns)
    for word in words:
        assert lazy.positions(word) == reference.positions(word), word
    assert Hyphenator("fr").positions("constitution") != ()


def test_a_dictionary_with_nonstandard_patterns_is_read_by_pyphen() -> None:
    # Punjabi: the smallest of pyphen's dictionaries with nonstandard hyphenation (de_DE has
    # some too, but reading its 1.7 MB twice took over a second)
    path = pyphen.LANGUAGES["pa"]
    text = path.read_text(path.open("rb").readline().decode().strip() or "utf-8")
    assert "/" in text or "^^" in text
    dic = hyphenation._pyphen("pa", 1, 1)
    assert not isinstance(dic.hd.patterns, hyphenation._LazyPatterns)
    reference = pyphen.Pyphen(lang="pa", left=1, right=1, cache=False)
    for word in ("ਪੰਜਾਬੀ", "ਗੁਰਮੁਖੀ", "ਅੰਮ੍ਰਿਤਸਰ"):
        assert dic.positions(word) == reference.positions(word), word
    assert any(reference.positions(word) for word in ("ਪੰਜਾਬੀ", "ਗੁਰਮੁਖੀ", "ਅੰਮ੍ਰਿਤਸਰ"))


def test_a_pyphen_without_what_the_lazy_reading_uses_reads_its_own_way(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hyphenation, "_PYPHEN_NAMES",
                        (*hyphenation._PYPHEN_NAMES, "a_name_of_another_version"))
    dic = hyphenation._pyphen("fr", 2, 3)
    assert not isinstance(dic.hd.patterns, hyphenation._LazyPatterns)
    assert dic.positions("constitution") == [6, 8]  # (left 2, right 3: pyphen's own)
