"""What the web pages show of a game: its cards for the gallery, the filters its fields allow
and its deck rules for the builder. A game is loaded again when one of its files changes; the
hash of its files' bytes keys the gallery's PNGs."""

from __future__ import annotations

import dataclasses
import hashlib
import threading
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

import printandplay
from printandplay.data.ban_lists import load_ban_list
from printandplay.data.card_names import CardIndex, normalize, value_label
from printandplay.errors import OptionError
from printandplay.kit.assets import GameAssets, load_assets
from printandplay.kit.catalog import component_records
from printandplay.kit.watch import is_scratch_file
from printandplay.model.deck_rules import CardList
from printandplay.model.game import FieldSpec, Game
from printandplay.project import Resources
from printandplay.rules.deck_fit import printed_per_back

MAX_FILES = 5000  # files of one game (cards, templates, fonts) hashed
MAX_FILTER_VALUES = 40  # a field with more distinct values gets no filter (the search finds it)
FILTER_TYPES = ("choice", "int", "bool")
EMPTY_BAN_LISTS: Mapping[str, tuple[CardList, ...]] = MappingProxyType({})


@dataclass(frozen=True)
class GameView:
    """One game as the pages show it, for one state of its files (``key``)."""

    game: Game
    key: str  # hash of the game's files
    cards: tuple[dict[str, Any], ...]
    filters: tuple[dict[str, Any], ...]
    builder: dict[str, Any] | None  # None: no deck rules, the gallery alone
    owned: Mapping[str, int]  # copies per card of the printed base set
    index: CardIndex | None
    assets: GameAssets  # the game as loaded for this key: its faces are drawn from these
    ban_lists: Mapping[str, tuple[CardList, ...]] = dataclasses.field(  # by format: --ban-list
        default_factory=lambda: EMPTY_BAN_LISTS)


def game_files(resources: Resources, game_id: str) -> list[Path]:
    """The files a game's faces and rules depend on: its cards and templates folders (not an
    editor's temporary files: ``watch`` ignores them too), and the fonts file (at most
    :data:`MAX_FILES`)."""
    folders = [resources.game_folder(game_id), *resources.templates_folders(game_id)]
    files: list[Path] = []
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if path.is_file() and not is_scratch_file(path.relative_to(folder)):
                files.append(path)
                if len(files) > MAX_FILES:
                    raise OptionError(f"{folder}: more than {MAX_FILES} files")
    files.append(resources.fonts_file())
    return files


def stat_signature(files: list[Path]) -> tuple[tuple[str, int, int], ...]:
    """Each file's path, size and modification time: cheap, to notice a change."""
    out = []
    for path in files:
        info = path.stat()
        out.append((str(path), info.st_size, info.st_mtime_ns))
    return tuple(out)


def content_key(files: list[Path]) -> str:
    """The SHA-256 of the files' names and bytes (and of printandplay's version, whose stock
    icons and drawing the faces also depend on)."""
    digest = hashlib.sha256(printandplay.__version__.encode())
    for path in files:
        digest.update(f"\0{path}\0".encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def printed_copies(game: Game) -> dict[str, int]:
    """Copies of each component the complete kit prints (a card printed in two sections, one
    per deck, twice): the collection a player owns by default."""
    return {card: sum(backs.values()) for card, backs in printed_per_back(game).items()}


def card_records(game: Game, owned: Mapping[str, int]) -> list[dict[str, Any]]:
    """One object per component for the gallery: id, name, kind and its label, copies in the
    kit and owned, its fields, and a normalized text to search."""
    out = []
    for record in component_records(game):
        fields = {k: v for k, v in record.items() if k not in ("id", "name", "type", "count")}
        words = [record["id"], record["name"], *(w for v in fields.values() for w in _words(v))]
        out.append({"id": record["id"], "name": record["name"], "kind": record["type"],
                    "kind_label": game.kinds[record["type"]].label, "count": record["count"],
                    "owned": owned.get(record["id"], 0), "fields": fields,
                    "search": normalize(" ".join(words))})
    return out


def _words(value: Any) -> list[str]:
    """The words of a field value, whatever its shape (text, number, list, map)."""
    if value is None or value == "":
        return []
    if isinstance(value, list):
        return [w for item in value for w in _words(item)]
    if isinstance(value, dict):
        return [w for key, item in value.items() for w in (str(key), *_words(item))]
    return [str(value)]


def field_filters(game: Game) -> list[dict[str, Any]]:
    """A filter per choice, int and bool field of the game: its name, its label and its values
    (those the components use) as the gallery's script writes them (``String(value)``), each
    labelled: a choice by its label in ``choices``, else as deck lists write it; yes or no."""
    specs: dict[str, FieldSpec] = {}
    for kind in game.kinds.values():
        for spec in kind.fields:
            if spec.type in FILTER_TYPES:
                specs.setdefault(spec.name, spec)
    found: dict[str, dict[str, Any]] = {name: {} for name in specs}  # field → text → value
    for component in game.components:
        for name, values in found.items():
            value = component.values.get(name)
            if value is not None:
                values.setdefault(_script_text(value), value)
    filters = []
    for name, values in found.items():
        if 1 < len(values) <= MAX_FILTER_VALUES:
            ordered = sorted(values, key=lambda v: (not v.lstrip("-").isdigit(),
                                                    int(v) if v.lstrip("-").isdigit() else 0,
                                                    normalize(v)))
            spec = specs[name]
            filters.append({"field": name, "label": spec.shown, "values": [
                {"value": v, "label": _filter_label(game, spec, values[v])} for v in ordered]})
    return filters


def _script_text(value: Any) -> str:
    """A field value as JavaScript's ``String()`` writes it from the cards' JSON."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _filter_label(game: Game, spec: FieldSpec, value: Any) -> str:
    """A value as a filter shows it: yes or no, a choice's label, else as a deck list."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    label = spec.choice_label(value)
    return label if label is not None else _deck_label(game, spec.name, value)


def _deck_label(game: Game, field: str, value: Any) -> str:
    """A value as a deck list writes it (its first alias in the deck format)."""
    return value_label(game.deck_format, field, value) if game.deck_format else str(value)


def deck_builder(game: Game) -> dict[str, Any] | None:
    """What the deck builder needs of the game's deck rules: the formats, the sections (and
    the kinds each accepts per format), the headers and their allowed values."""
    if game.deck_rules is None or game.deck_format is None:
        return None
    book = game.deck_rules
    headers = []
    for label, field in game.deck_format.headers.items():
        choices = {str(v) for kind in game.kinds.values() for spec in kind.fields
                   if spec.name == field for v in spec.choices}
        values = choices or {str(c.values[field]) for c in game.components
                             if c.values.get(field) is not None}
        headers.append({"field": field, "label": label, "values": [
            {"value": v, "label": _deck_label(game, field, v)} for v in sorted(values)]})
    formats = []
    for format_id, fmt in book.formats.items():
        formats.append({"id": format_id, "label": fmt.label or format_id, "sections": {
            rule.section: {"accepts": list(rule.accepts), "allow_field": rule.allow_field}
            for rule in fmt.sections}})
    return {"sections": list(game.deck_format.sections), "headers": headers,
            "formats": formats, "default": book.default}


def make_view(assets: GameAssets, key: str) -> GameView:
    """The view of a loaded game."""
    game = assets.game
    owned = printed_copies(game)
    index = CardIndex(game, game.deck_format) if game.deck_format is not None else None
    return GameView(game, key, tuple(card_records(game, owned)), tuple(field_filters(game)),
                    deck_builder(game), owned, index, assets)


def load_ban_lists(game: Game, relative: str, resources: Resources
                   ) -> Mapping[str, tuple[CardList, ...]]:
    """``serve GAME --ban-list FILE``: the lists of the ban list file ``relative`` (inside the
    game's folder) for each format of the game that keeps a ban list (``ban_list:``), read
    as ``validate --ban-list`` reads it; an error when no format has one, or the file is
    wrong."""
    formats = [f for f in (game.deck_rules.formats.values() if game.deck_rules else ())
               if f.ban_list is not None]
    if not formats:
        raise OptionError(f"--ban-list {relative}: no format of game '{game.id}' has a "
                          f"ban_list (its tiers say what the file lists)")
    return MappingProxyType({f.id: load_ban_list(game, f, relative, resources.display)
                             for f in formats})


class GameViews:
    """The served games, each loaded once and again whenever one of its files changes; with
    ``ban_list`` (``serve GAME --ban-list FILE``), its lists replace the formats' own."""

    def __init__(self, resources: Resources, game_ids: list[str],
                 ban_list: str | None = None) -> None:
        self.resources = resources
        self.ban_list = ban_list
        self.game_ids = list(game_ids)
        self._lock = threading.Lock()
        self._views: dict[str, tuple[tuple[tuple[str, int, int], ...], GameView]] = {}

    def get(self, game_id: str) -> GameView:
        """The current view of ``game_id`` (a served game), loading it if its files changed;
        a game whose data is wrong raises its :class:`PrintAndPlayError`."""
        files = game_files(self.resources, game_id)
        signature = stat_signature(files)
        with self._lock:
            cached = self._views.get(game_id)
            if cached is not None and cached[0] == signature:
                return cached[1]
            assets = load_assets(self.resources, game_id)
            game = assets.game
            view = make_view(assets, content_key(files))
            if self.ban_list is not None:
                view = replace(view, ban_lists=load_ban_lists(game, self.ban_list,
                                                              self.resources))
            self._views[game_id] = (signature, view)
            return view
