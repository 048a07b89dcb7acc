"""Names normalized for matching: any case, with or without accents and ligatures; kept (a
bounded cache): the same text as normalizing again, for any text."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from helpers import decks_game

from printandplay.data import card_names
from printandplay.data.card_names import CardIndex, deck_format_of, normalize
from printandplay.data.decklist import load_collection


def test_kept_names_are_what_normalizing_again_gives() -> None:
    rng = random.Random(7)
    alphabet = "aeAÉéèœŒ’'- \t\u00a0ﬁÅç̧x1«»ñ\u0301"
    texts = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
             for _ in range(3000)]
    texts += ["Geneviève Allain", "L’Œil-du-Tigre", "  Cœur   brisé ", "ＡＢＣ", ""]
    for text in texts:
        assert normalize(text) == card_names._normalize(text), text
        assert normalize(text) == normalize(text)
    assert normalize("L’œil-du-Tigre") == "l'oeil du tigre"  # apostrophe, ligature, hyphen
    before = normalize.cache_info().hits
    normalize("Geneviève Allain")
    assert normalize.cache_info().hits == before + 1  # kept
    assert normalize.cache_info().maxsize == 4096  # bounded


# Every French ligature and accented letter, with what it is typed as without it.
FRENCH_LETTERS = {"œ": "oe", "æ": "ae", "à": "a", "â": "a", "ä": "a", "ç": "c", "é": "e",
                  "è": "e", "ê": "e", "ë": "e", "î": "i", "ï": "i", "ô": "o", "ö": "o",
                  "ù": "u", "û": "u", "ü": "u", "ÿ": "y"}


def _spellings(text: str) -> set[str]:
    """``text`` typed every way a player may: with and without its accents and ligatures, in
    lower case, in capitals and capitalised."""
    plain = "".join(FRENCH_LETTERS.get(c, c) for c in text)
    return {form(t) for t in (text, plain)
            for form in (str.lower, str.upper, str.capitalize, str.title)}


@pytest.mark.parametrize("letter", sorted(FRENCH_LETTERS))
def test_french_letters_match_in_any_case_with_or_without_accents(letter: str) -> None:
    for name in (f"{letter}uf de dragon", f"v{letter}u céleste", f"x{letter}"):
        for written in _spellings(name):
            assert normalize(written) == normalize(name), (written, name)
    assert normalize(letter.upper()) == FRENCH_LETTERS[letter]


def test_names_with_oe_in_any_case_are_found(tmp_path: Path) -> None:
    """Issue 27: 'œuf de dragon' and 'VŒU CÉLESTE' were not found (œ was replaced before case
    was folded, so Œ stayed); deck lists and ``--collection`` files find them now."""
    game = decks_game()
    names = {"D1": "Œuf de dragon", "AM": "Vœu céleste"}
    renamed = tuple(replace(c, name=names.get(c.id, c.name)) for c in game.components)
    game = replace(game, components=renamed)
    index = CardIndex(game, deck_format_of(game))
    for written in ("œuf de dragon", "ŒUF DE DRAGON", "oeuf de dragon", "OEUF DE DRAGON",
                    "Œuf De Dragon"):
        found = index.resolve(written)[0]
        assert found is not None and found.id == "D1", written
    for written in ("VŒU CÉLESTE", "vœu céleste", "voeu celeste", "VOEU CELESTE"):
        found = index.resolve(written)[0]
        assert found is not None and found.id == "AM", written
    owned = tmp_path / "owned.yaml"
    owned.write_text("œuf de dragon: 2\nVŒU CÉLESTE: 1\n", encoding="utf-8")
    assert load_collection(owned, game) == {"D1": 2, "AM": 1}
