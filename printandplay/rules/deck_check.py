"""A deck being checked: its cards looked up, the ignored kinds dropped, selections resolved
and measured; and the filling of message templates. :mod:`printandplay.rules.deck` runs the
checks on it."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from printandplay.data.card_names import qualified_name
from printandplay.model.deck import Deck
from printandplay.model.deck_rules import PLACEHOLDER, CardRef, DeckRules, Selection
from printandplay.model.game import Component, Game
from printandplay.model.where import items_of, matches, value_of
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
        self.leaders: dict[str, Component | None] = {}
        self.leader_cards: dict[str, list[tuple[str, Component, int]]] = {}
        for leader in fmt.leaders:
            found = self.cards(Selection(sections=(leader.section,), kinds=leader.kinds))
            self.leader_cards[leader.name] = found
            single = len(found) == 1 and found[0][2] == 1
            self.leaders[leader.name] = found[0][1] if single else None

    def read(self, ref: CardRef) -> Any:
        """The value of ``ref`` on the deck's leader card (None without a single leader)."""
        leader = self.leaders.get(ref.card)
        return None if leader is None else value_of(leader, ref.field)

    def allowed(self, values: tuple[Any, ...]) -> set[str] | None:
        """The values of an ``outside`` test (leader fields read, as text); None when a leader
        it reads is missing (the leader's own rule says so)."""
        out: set[str] = set()
        for value in values:
            if isinstance(value, CardRef):
                if self.leaders.get(value.card) is None:
                    return None
                out.update(str(item) for item in items_of(self.read(value)))
            else:
                out.add(str(value))
        return out

    @staticmethod
    def is_outside(component: Component, allowed: list[tuple[str, set[str] | None]]) -> bool:
        """Whether one value of ``component`` (an item, for a list field) falls outside the
        ``allowed`` values of an ``outside`` test, per field (:meth:`allowed`: never, when a
        leader it reads is missing)."""
        for field, values in allowed:
            if values is None:
                return False
            if any(str(item) not in values for item in items_of(value_of(component, field))):
                return True
        return False

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
                         base.where + selection.where, selection.together or base.together,
                         unless=base.unless + selection.unless,
                         outside=base.outside + selection.outside)

    def cards(self, selection: Selection) -> list[tuple[str, Component, int]]:
        """(section, card, copies) of every card the selection looks at."""
        selection = self.resolve(selection)
        sections = selection.sections or tuple(dict.fromkeys(e.section
                                                             for e in self.deck.entries))
        allowed = [(field, self.allowed(values)) for field, values in selection.outside]
        out = []
        for section in sections:
            for card_id, count in self.deck.counts(section).items():
                component = self.by_id[card_id]
                if selection.kinds and component.kind not in selection.kinds:
                    continue
                if not matches(component, selection.where):
                    continue
                if selection.unless and matches(component, selection.unless):
                    continue
                if allowed and not self.is_outside(component, allowed):
                    continue
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
