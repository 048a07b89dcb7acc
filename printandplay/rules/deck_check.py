"""A deck being checked: its cards looked up, the ignored kinds dropped, selections resolved
and measured; and the filling of message templates. :mod:`printandplay.rules.deck` runs the
checks on it."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from printandplay.data.card_names import qualified_name
from printandplay.model.deck import Deck
from printandplay.model.deck_rules import PLACEHOLDER, DeckRules, Selection
from printandplay.model.game import Component, Game
from printandplay.model.where import matches
from printandplay.rules.report import Severity, Violation


def fill(template: str, values: Mapping[str, Any]) -> str:
    """``template`` with each ``{name}`` replaced by ``values[name]`` (no other formatting)."""
    return PLACEHOLDER.sub(lambda m: str(values.get(m.group(1), m.group(0))), template)


class DeckCheck:
    """A deck with its cards looked up and the ignored kinds dropped."""

    def __init__(self, deck: Deck, game: Game, fmt: DeckRules) -> None:
        self.game = game
        self.fmt = fmt
        self.by_id = {c.id: c for c in game.components}
        self.ignored: list[Violation] = []
        ignore = {kind: rule for rule in fmt.ignore for kind in rule.kinds}
        kept = []
        for entry in deck.entries:
            rule = ignore.get(self.by_id[entry.card_id].kind)
            if rule is None:
                kept.append(entry)
                continue
            component = self.by_id[entry.card_id]
            values = self.card_values(component, entry.count, entry.section)
            self.ignored.append(Violation(
                rule.rule, fill(rule.message or "{count} {card}: never counts in a deck "
                                "(ignored)", values),
                severity=Severity.WARNING, cards=(component.id,), line=entry.line))
        self.deck = dataclasses.replace(deck, entries=tuple(kept))
        self.lines: dict[tuple[str, str], int] = {}
        for entry in self.deck.entries:
            self.lines.setdefault((entry.section, entry.card_id), entry.line)

    def name(self, component: Component) -> str:
        """How the card is named in messages (qualified when its name is shared)."""
        return qualified_name(component, self.game)

    def card_values(self, component: Component, count: int, section: str) -> dict[str, Any]:
        """The placeholders every message about one card line may use."""
        return {"card": self.name(component), "count": count, "kind": component.kind,
                "section": section}

    def resolve(self, selection: Selection) -> Selection:
        """A selection with the named count it narrows filled in."""
        if not selection.named:
            return selection
        base = self.fmt.counts[selection.named]
        return Selection(selection.sections or base.sections, selection.kinds or base.kinds,
                         base.where + selection.where, selection.together or base.together)

    def cards(self, selection: Selection) -> list[tuple[str, Component, int]]:
        """(section, card, copies) of every card the selection looks at."""
        selection = self.resolve(selection)
        sections = selection.sections or tuple(dict.fromkeys(e.section
                                                             for e in self.deck.entries))
        out = []
        for section in sections:
            for card_id, count in self.deck.counts(section).items():
                component = self.by_id[card_id]
                if selection.kinds and component.kind not in selection.kinds:
                    continue
                if matches(component, selection.where):
                    out.append((section, component, count))
        return out

    def measure(self, selection: Selection, distinct: bool = False) -> tuple[int, list[
            tuple[str, Component, int]]]:
        """How many cards the selection counts (copies or distinct cards), and which."""
        selection = self.resolve(selection)
        cards = self.cards(selection)
        if distinct:
            return len({c.id for _, c, _ in cards}), cards
        total = sum(n for _, _, n in cards)
        if selection.together:
            per_kind = [sum(n for _, c, n in cards if c.kind == kind)
                        for kind in selection.together]
            total -= (len(per_kind) - 1) * min(per_kind)
        return total, cards
