"""Sheet labels' candidate texts are set in typography once, and only when a sheet reads them."""

from __future__ import annotations

import pytest

from printandplay.planning.sheet_labels import Typeset
from printandplay.text.typography import apply_typography


def test_typeset_sets_each_text_once_and_only_when_read(monkeypatch: pytest.MonkeyPatch) -> None:
    from printandplay.planning import sheet_labels

    texts = ("Licum · Cartes : feuille 1/3 · recto", "« Licum » !", "a...b", "12 000 l'eau")
    calls: list[str] = []

    def counting(text: str, language: str) -> str:
        calls.append(text)
        return apply_typography(text, language)

    monkeypatch.setattr(sheet_labels, "apply_typography", counting)
    typeset = Typeset(texts, "fr")
    assert len(typeset) == 4 and calls == []
    assert typeset[0] == apply_typography(texts[0], "fr") and calls == [texts[0]]
    assert typeset[0] == typeset[-4] and calls == [texts[0]]
    assert list(typeset) == [apply_typography(t, "fr") for t in texts]
    assert list(typeset[:3]) == [apply_typography(t, "fr") for t in texts[:3]]
    assert list(typeset[3:]) == [apply_typography(texts[3], "fr")]
    assert typeset[-1] == apply_typography(texts[-1], "fr")
    assert not typeset[4:]
    with pytest.raises(IndexError):
        typeset[4]
