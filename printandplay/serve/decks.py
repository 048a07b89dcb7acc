"""Deck lists between the page and the engine: the builder's deck (JSON) turned into the text
form a player would save, checked by the one validator exactly as ``validate`` checks that
file; and a text deck list read back into the builder."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from printandplay.data.decklist import (
    MAX_COPIES_PER_LINE,
    MAX_DECK_CARDS,
    format_decklist,
    parse_decklist,
)
from printandplay.model.deck import Deck, DeckEntry
from printandplay.rules.deck import deck_format, validate_deck
from printandplay.serve.catalog import GameView

DECK_KEYS = frozenset({"format", "headers", "cards", "collection", "name"})
NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
MAX_TEXT = 200_000  # characters of an imported deck list


class BadRequest(ValueError):
    """A request the server cannot use: answered 400 with this message."""


@dataclass(frozen=True)
class DeckRequest:
    """A deck sent by the page: the deck, its format, whether the owned collection limits it,
    and the name its files take."""

    deck: Deck
    rules: str | None
    collection: bool
    name: str


def check_keys(data: Any, allowed: frozenset[str], what: str) -> dict[str, Any]:
    """``data`` as a JSON object with only ``allowed`` keys, else :class:`BadRequest`."""
    if not isinstance(data, dict):
        raise BadRequest(f"{what}: expected a JSON object")
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise BadRequest(f"{what}: unknown key {unknown[0]!r} (expected {', '.join(sorted(allowed))})")
    return data


def read_deck(data: Any, view: GameView) -> DeckRequest:
    """The deck of a request body (``format``, ``headers``, ``cards``: [{section, id, count}],
    ``collection``, ``name``), every value checked against the game."""
    data = check_keys(data, DECK_KEYS, "deck")
    builder = view.builder
    if builder is None or view.game.deck_format is None:
        raise BadRequest(f"game '{view.game.id}' has no deck rules")
    rules = data.get("format")
    if rules is not None and rules not in {f["id"] for f in builder["formats"]}:
        raise BadRequest(f"format {rules!r}: no such format (formats: "
                         f"{', '.join(f['id'] for f in builder['formats'])})")
    headers = data.get("headers") or {}
    if not isinstance(headers, dict):
        raise BadRequest("headers: expected an object of field: value")
    allowed = {h["field"]: {v["value"] for v in h["values"]} for h in builder["headers"]}
    for field, value in headers.items():
        if field not in allowed:
            raise BadRequest(f"header {field!r}: no such header")
        if value not in allowed[field]:
            raise BadRequest(f"header {field}: {value!r} is not one of "
                             f"{', '.join(sorted(allowed[field]))}")
    entries = _entries(data.get("cards") or [], view)
    name = data.get("name", "deck")
    if not isinstance(name, str) or not NAME.match(name):
        raise BadRequest("name: lower-case letters, digits and -, at most 40")
    collection = data.get("collection", True)
    if not isinstance(collection, bool):
        raise BadRequest("collection: true or false")
    return DeckRequest(Deck(dict(headers), tuple(entries)), rules, collection, name)


def _entries(cards: Any, view: GameView) -> list[DeckEntry]:
    if not isinstance(cards, list) or len(cards) > MAX_DECK_CARDS:
        raise BadRequest(f"cards: expected a list of at most {MAX_DECK_CARDS} entries")
    sections = set(view.builder["sections"]) if view.builder else set()
    known = {c["id"] for c in view.cards}
    entries: list[DeckEntry] = []
    total = 0
    for item in cards:
        item = check_keys(item, frozenset({"section", "id", "count"}), "cards[]")
        section, card_id, count = item.get("section"), item.get("id"), item.get("count")
        if section not in sections:
            raise BadRequest(f"section {section!r}: not one of {', '.join(sorted(sections))}")
        if card_id not in known:
            raise BadRequest(f"card {card_id!r}: no such card in {view.game.id}")
        if isinstance(count, bool) or not isinstance(count, int) or not (
                1 <= count <= MAX_COPIES_PER_LINE):
            raise BadRequest(f"count of {card_id}: a whole number from 1 to "
                             f"{MAX_COPIES_PER_LINE}")
        total += count
        if total > MAX_DECK_CARDS:
            raise BadRequest(f"more than {MAX_DECK_CARDS} cards in the deck")
        entries.append(DeckEntry(str(section), count, str(card_id)))
    return entries


def deck_text(request: DeckRequest, view: GameView) -> str:
    """The deck's text form, as ``export`` saves it and ``validate`` reads it."""
    return format_decklist(request.deck, view.game)


def check_text(text: str, view: GameView, rules: str | None, collection: bool,
               source: str) -> tuple[Deck, dict[str, Any]]:
    """``text`` read and validated as ``printandplay validate GAME FILE [--rules]
    [--ban-list]`` does, with
    the printed base set as the collection when ``collection``: the deck and the report
    (``valid``, ``errors``, ``warnings``: rule, message, expected, actual…, ``counts``)."""
    deck = parse_decklist(text, view.game, source, view.index)
    lists = view.ban_lists.get(deck_format(view.game, rules).id) if view.ban_lists else None
    report = validate_deck(deck, view.game, rules, view.owned if collection else None, lists)
    return deck, report.as_dict()


def deck_json(deck: Deck) -> dict[str, Any]:
    """A parsed deck as the builder holds it, and the names it could not use."""
    return {"headers": dict(deck.headers),
            "cards": [{"section": e.section, "id": e.card_id, "count": e.count}
                      for e in deck.entries],
            "unknown": [{"line": u.line, "name": u.name, "count": u.count}
                        for u in deck.unknown]}


def read_import(data: Any) -> tuple[str, str | None]:
    """The text and the format of an import request (``{"text", "format"}``)."""
    data = check_keys(data, frozenset({"text", "format"}), "import")
    text = data.get("text")
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise BadRequest(f"text: a deck list of at most {MAX_TEXT} characters")
    rules = data.get("format")
    if rules is not None and not isinstance(rules, str):
        raise BadRequest("format: a format id")
    return text, rules
