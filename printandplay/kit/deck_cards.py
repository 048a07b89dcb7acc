"""Which cards a deck prints: the one computation behind ``print-deck`` and ``serve``'s print
button."""

from __future__ import annotations

from printandplay.kit.build import DeckCard
from printandplay.model.deck import Deck
from printandplay.model.game import Game
from printandplay.rules.deck import counted_deck, deck_format


def deck_cards(deck: Deck, game: Game, rules: str | None = None) -> list[DeckCard]:
    """The copies of each card of ``deck`` to print, per deck section in the deck's order.

    With deck rules (the game's, or the format ``rules`` names) a card carries the kinds its
    section accepts, so that a card allowed in two decks takes the back of the one it is listed
    in, and the kinds the format ignores are left out. Without deck rules, the list as written,
    each card with its own back."""
    accepts: dict[str, tuple[str, ...]] = {}
    printed = deck
    if game.deck_rules is not None or rules is not None:
        accepts = {s.section: s.accepts for s in deck_format(game, rules).sections}
        printed = counted_deck(deck, game, rules)
    return [DeckCard(card_id, count, accepts.get(section, ()))
            for section in dict.fromkeys(e.section for e in printed.entries)
            for card_id, count in printed.counts(section).items()]
