"""Which game has a deck validator (game-specific rules code is imported only when used)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Final

from printandplay.errors import PrintAndPlayError
from printandplay.model.deck import Deck
from printandplay.model.game import Game
from printandplay.rules.report import Report

DeckValidator = Callable[[Deck, Game, Mapping[str, int] | None], Report]

DECK_VALIDATORS: Final[dict[str, str]] = {
    "licum": "printandplay.rules.licum:validate_licum_deck",
}


def deck_validator(game_id: str) -> DeckValidator:
    """The deck validator of a game (an error for games without deck building)."""
    target = DECK_VALIDATORS.get(game_id)
    if target is None:
        known = ", ".join(sorted(DECK_VALIDATORS))
        raise PrintAndPlayError(f"game '{game_id}' has no deck rules to validate (games with "
                                f"deck building: {known})")
    module, name = target.split(":")
    validator: DeckValidator = getattr(importlib.import_module(module), name)
    return validator
