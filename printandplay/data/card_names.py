"""How deck lists and messages name cards: matching a written name to a card (case, accents
and apostrophes ignored; ids, shared names qualified ``Name (Équipe)``), and the unambiguous
name of a card."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Any

from printandplay.errors import DeckSyntaxError, close_matches
from printandplay.model.game import Component, DeckFormat, Game

_QUALIFIED_RE = re.compile(r"^(.*\S)\s*\(([^()]+)\)$")


@lru_cache(maxsize=4096)
def normalize(text: str) -> str:
    """Case folded, ligatures spelt out (œ → oe, æ → ae), no accents, single spaces,
    apostrophes unified: for matching names, whatever the case a name is typed in.

    Kept for the last 4,096 texts: a game's names are normalized again for every card index
    (a composition check of Licum reads its five decks: ~1,600 names, 16 us each)."""
    return _normalize(text)


_LIGATURES = str.maketrans({"œ": "oe", "æ": "ae", "’": "'"})


def _normalize(text: str) -> str:
    # Case is folded first, so Œ and Æ become œ and æ before the ligatures are spelt out.
    folded = text.casefold().translate(_LIGATURES)
    decomposed = unicodedata.normalize("NFKD", folded)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    # Folded again: compatibility forms (ﬁ, ℌ…) may decompose to capitals.
    return " ".join(plain.casefold().replace("-", " ").split())


def deck_format_of(game: Game) -> DeckFormat:
    """The game's deck format, or an error if the game has no deck lists."""
    if game.deck_format is None:
        raise DeckSyntaxError(f"game '{game.id}' has no deck lists (no deck_format in game.yaml)")
    return game.deck_format


class CardIndex:
    """Lookup of cards by id, name and qualified name."""

    def __init__(self, game: Game, fmt: DeckFormat) -> None:
        self.game = game
        self.fmt = fmt
        self.by_id = {normalize(c.id): c for c in game.components}
        self.by_name: dict[str, list[Component]] = {}
        for component in game.components:
            self.by_name.setdefault(normalize(component.name), []).append(component)
        for component in game.components:  # its names in other languages ('name@en')
            for texts in component.translations.values():
                other = texts.get("name")
                known = self.by_name.setdefault(normalize(other), []) if other else []
                if other and not any(c is component for c in known):
                    known.append(component)

    def value_names(self, field: str, value: Any) -> list[str]:
        """Every way a field value may be written (its id first, then its aliases)."""
        names = [str(value)]
        names += list(self.fmt.aliases.get(field, {}).get(str(value), ()))
        return names

    def field_value(self, field: str, text: str) -> Any | None:
        """The value of ``field`` written ``text`` (matching ids and aliases), or None."""
        wanted = normalize(text)
        values = {c.values.get(field) for c in self.game.components} - {None}
        for value in values:
            if any(normalize(name) == wanted for name in self.value_names(field, value)):
                return value
        return None

    def resolve(self, text: str) -> tuple[Component | None, list[Component]]:
        """The card ``text`` names; else ``None`` and the candidates it could mean."""
        component, candidates, _ = self.resolve_why(text)
        return component, candidates

    def resolve_why(self, text: str) -> tuple[Component | None, list[Component], str]:
        """:meth:`resolve`, with the reason a qualified name matches nothing ('' otherwise)."""
        key = normalize(text)
        if key in self.by_id:
            return self.by_id[key], [], ""
        matches = self.by_name.get(key, [])
        if len(matches) == 1:
            return matches[0], [], ""
        if len(matches) > 1:
            return None, matches, ""
        qualified = _QUALIFIED_RE.match(text)
        if qualified and self.fmt.qualifier:
            name, qualifier = qualified.groups()
            field = self.fmt.qualifier
            value = self.field_value(field, qualifier)
            candidates = self.by_name.get(normalize(name), [])
            if candidates and value is None:  # (a card without the field is no match)
                return None, candidates, f"{text!r}: unknown {field} {qualifier!r}"
            chosen = [c for c in candidates if c.values.get(field) == value]
            if len(chosen) == 1:
                return chosen[0], [], ""
            if candidates:
                return None, candidates, f"{text!r}: no card {name!r} has {field} {qualifier!r}"
            return None, candidates, ""
        return None, [], ""

    def suggestions(self, text: str) -> tuple[str, ...]:
        """Close card names, for 'did you mean'."""
        names = {normalize(c.name): c.name for c in self.game.components}
        return tuple(names[n] for n in close_matches(normalize(text), names))


def qualified_name(component: Component, game: Game) -> str:
    """How a deck list names a card unambiguously: its name, qualified when shared."""
    fmt = deck_format_of(game)
    shared = sum(1 for c in game.components if normalize(c.name) == normalize(component.name))
    if shared <= 1:
        return component.name
    if fmt.qualifier and component.values.get(fmt.qualifier) is not None:
        value = component.values[fmt.qualifier]
        label = value_label(fmt, fmt.qualifier, value)
        same = [c for c in game.components if normalize(c.name) == normalize(component.name)
                and c.values.get(fmt.qualifier) == value]
        if len(same) == 1:
            return f"{component.name} ({label})"
    return component.id


def value_label(fmt: DeckFormat, field: str, value: Any) -> str:
    """How a deck list writes ``value`` of ``field``: its first alias, else capitalised."""
    aliases = fmt.aliases.get(field, {}).get(str(value), ())
    return aliases[0] if aliases else str(value).capitalize()
