"""Names normalized for matching are kept (a bounded cache): the same text as normalizing
again, for any text."""

from __future__ import annotations

import random

from printandplay.data import card_names
from printandplay.data.card_names import normalize


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
