"""Tests of language typography: French spaces around punctuation, apostrophes, ellipsis."""

from __future__ import annotations

import pytest

from printandplay.text.typography import NBSP, NNBSP, apply_typography

APOS = "\u2019"
ELLIPSIS = "\u2026"


def test_space_constants_are_the_unicode_no_break_spaces() -> None:
    assert NBSP == "\u00a0"
    assert NNBSP == "\u202f"


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        # a space (or several, or a no-break one) before ; ! ? » becomes one U+202F
        ("Quoi ?", "Quoi\u202f?"),
        ("Attention !", "Attention\u202f!"),
        ("un ; deux", "un\u202f; deux"),
        ("Quoi   ?", "Quoi\u202f?"),
        ("Quoi\u00a0?", "Quoi\u202f?"),
        ("Quoi\u202f?", "Quoi\u202f?"),
        ("Quoi ?!", "Quoi\u202f?!"),
        # a space before : becomes U+00A0
        ("Note : voir", "Note\u00a0: voir"),
        ("Note\u202f: voir", "Note\u00a0: voir"),
        # « » get U+202F inside, whether or not a space was typed
        ("« Bonjour »", "«\u202fBonjour\u202f»"),
        ("«Bonjour»", "«\u202fBonjour\u202f»"),
        ("«  Bonjour  »", "«\u202fBonjour\u202f»"),
        # apostrophe between letters, ellipsis
        ("l'eau", "l" + APOS + "eau"),
        ("aujourd'hui c'est", "aujourd" + APOS + "hui c" + APOS + "est"),
        ("Et puis...", "Et puis" + ELLIPSIS),
        ("'cité'", "'cité'"),  # quotes at word edges are not apostrophes
        # no space typed before ':' is left alone: times and :icon: markup keep working
        ("12:30", "12:30"),
        ("x:banane:", "x:banane:"),
        ("", ""),
    ],
)
def test_french_typography(source: str, expected: str) -> None:
    assert apply_typography(source, "fr") == expected


def test_french_typography_on_a_whole_sentence() -> None:
    source = "Il dit : « C'est l'heure ! » Vraiment ? Oui..."
    expected = (
        "Il dit\u00a0: «\u202fC’est l’heure\u202f!\u202f» Vraiment\u202f? Oui…"
    )
    assert apply_typography(source, "fr") == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [("Vite!", "Vite\u202f!"), ("Quoi?", "Quoi\u202f?"), ("Bon; ensuite", "Bon\u202f; ensuite")],
)
def test_french_inserts_thin_space_before_punctuation_typed_without_space(
    source: str, expected: str
) -> None:
    assert apply_typography(source, "fr") == expected


@pytest.mark.parametrize("language", ["en", "de", ""])
@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("don't", "don" + APOS + "t"),
        ("Wait...", "Wait" + ELLIPSIS),
        ("Quoi ?", "Quoi ?"),
        ("Note : voir", "Note : voir"),
        ("« Bonjour »", "« Bonjour »"),
        ("a ; b !", "a ; b !"),
        ("10 000", "10 000"),
    ],
)
def test_other_languages_only_get_apostrophe_and_ellipsis(
    language: str, source: str, expected: str
) -> None:
    assert apply_typography(source, language) == expected


IDEMPOTENT = [
    "Quoi ? Non !",
    "« Bonjour » ; ensuite : rien",
    "«Bonjour»",
    "l'eau... l'air...",
    "Note\u00a0: déjà fait\u202f!",
    "....",
    "10 000 points",
    "",
]


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("source", IDEMPOTENT)
def test_typography_is_idempotent(language: str, source: str) -> None:
    once = apply_typography(source, language)
    assert apply_typography(once, language) == once


@pytest.mark.parametrize("source", ["1 000 000", "«oui «non»»"])
def test_french_typography_is_idempotent_on_repeated_patterns(source: str) -> None:
    once = apply_typography(source, "fr")
    assert apply_typography(once, "fr") == once


def test_french_groups_every_thousand_in_one_pass() -> None:
    assert apply_typography("1 000 000", "fr") == "1\u202f000\u202f000"


@pytest.mark.parametrize("language", ["fr", "en"])
def test_apostrophes_around_a_one_letter_word_convert_in_one_pass(language: str) -> None:
    once = apply_typography("rock'n'roll", language)
    assert once == "rock" + APOS + "n" + APOS + "roll"
    assert apply_typography(once, language) == once


def test_space_before_an_inline_icon_stays_breakable() -> None:
    assert apply_typography("Chanter :cloche: Mimer", "fr") == "Chanter :cloche: Mimer"
    assert apply_typography("Note : voir :cloche:", "fr") == "Note\u00a0: voir :cloche:"


def test_a_number_stays_with_the_icon_it_counts() -> None:
    assert apply_typography("Gagnez 2 :banane: ici", "fr") == "Gagnez 2\u00a0:banane: ici"


def _reference_french(text: str) -> str:
    """The French rules as they were applied before (each rule's regex, in turn)."""
    from printandplay.text.typography import _FRENCH_RULES

    for pattern, replacement, _needs in _FRENCH_RULES:
        text = pattern.sub(replacement, text)
    return text


def test_french_rules_found_in_one_pass_give_the_regexes_text() -> None:
    # the characters the rules need are found in one pass, and the colon rule looks only at
    # colons: the same text as every rule's regex, on awkward input
    import random

    from printandplay.text.typography import _COLON_RULE, _space_before_colon

    rng = random.Random(17)
    alphabet = [" ", " ", "\u00a0", "\u202f", ":", ":", "a", "z", "é", "0", "7", "٣", "-",
                "_", "B", ".", "...", ";", "!", "?", "«", "»", "'", "(", "[", "\n", "ab:", "1 000"]
    for _ in range(5000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 14)))
        assert _space_before_colon(text) == _COLON_RULE.sub(NBSP + ":", text), repr(text)
        assert apply_typography(text, "fr") == _reference_french(text), repr(text)
