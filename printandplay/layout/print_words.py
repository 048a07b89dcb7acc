"""The few words printed on sheets and in the printing guide, in the game's language."""

from __future__ import annotations

from typing import Final

_WORDS: Final[dict[str, dict[str, str]]] = {
    "fr": {"sheet": "feuille", "recto": "recto", "verso": "verso", "blank": "verso blanc",
           "fold": "à plier", "": "",
           "blank_note": "Page laissée blanche pour garder le recto verso aligné"},
    "en": {"sheet": "sheet", "recto": "front", "verso": "back", "blank": "blank back",
           "fold": "to fold", "": "",
           "blank_note": "Intentionally blank, to keep duplex printing aligned"},
}


def vocabulary(language: str) -> dict[str, str]:
    """The words of ``language`` (French when the language has none of its own here)."""
    return _WORDS.get(language, _WORDS["en"] if language.startswith("en") else _WORDS["fr"])
