"""Reading a game folder (``cards/<game>/``) into a :class:`~printandplay.model.game.Game`."""

from __future__ import annotations

from typing import Any

from printandplay.data.components_loader import ComponentFolder, read_components
from printandplay.data.deck_rules_loader import read_checks, read_deck_format
from printandplay.data.deck_rules_reader import read_deck_rules
from printandplay.data.document_style_loader import read_document_style
from printandplay.data.editions import (
    GAME_TEXTS,
    KIND_TEXTS,
    check_edition_language,
    make_edition,
    read_variants,
)
from printandplay.data.fields_loader import read_field_specs
from printandplay.data.files import resolve_inside
from printandplay.data.kit_loader import read_kit
from printandplay.data.kit_words import read_word_overrides
from printandplay.data.presets import Presets, load_presets, read_size
from printandplay.data.reader import (
    Converter,
    Fields,
    Invalid,
    Problems,
    as_length,
    as_length_not_negative,
    as_non_negative_int,
    as_number,
    as_str,
    as_str_map,
    type_name,
)
from printandplay.data.shape_sizes import read_shaped_size
from printandplay.data.yamlio import LocDict, load_yaml
from printandplay.errors import DataError, Location, suggest
from printandplay.model.color import HEX_FORMS, is_hex
from printandplay.model.game import (
    Game,
    Kind,
    Players,
    Size,
)
from printandplay.model.shape_words import SHAPE_WORDS, parse_shape
from printandplay.model.shapes import Shape
from printandplay.project import Resources
from printandplay.units import MM


def load_game(resources: Resources, game_id: str, edition: str | None = None) -> Game:
    """Load and check ``cards/<game_id>/``; every problem found is reported at once. With a
    ``edition`` language, the game's edition in it (:func:`~printandplay.data.editions.make_edition`;
    an error when the game has no text in it)."""
    folder = resources.game_folder(game_id)
    presets = load_presets()
    problems = Problems()
    display = resources.display
    label = f"cards/{game_id}/"
    game_file = resolve_inside(folder, "game.yaml", Location(display(folder / "game.yaml")),
                               "game file", label)
    data = load_yaml(game_file, display=display(game_file))
    top = Fields(data, f"game '{game_id}'", problems, Location(display(game_file)))
    name = top.require("name", as_str) or game_id
    players = _read_players(top, problems)
    language = top.optional("language", as_str, "fr")
    age = top.optional("age", as_str, "")
    duration = top.optional("duration", as_str, "")
    description = top.optional("description", as_str, "")
    colors: dict[str, str] = top.optional("colors", _as_palette, {})
    kinds, broken_kinds = _read_kinds(top.raw("kinds"), presets, problems, top.at("kinds"))
    component_node = top.raw("components", [])
    table_files: dict[str, str] = top.optional("tables", as_str_map, {})
    kit_node = top.raw("kit", [])
    checks_node = top.raw("checks", [])
    deck_node = top.raw("deck_format")
    document_style = read_document_style(top.raw("document_style"), colors, problems,
                                         top.at("document_style"))
    rules_node = top.raw("deck_rules")
    min_font_size = top.optional("min_font_size", _as_font_size, 6.0)
    words = read_word_overrides(top.raw("words"), language, problems, top.at("words"))
    translations = read_variants(top, GAME_TEXTS)
    top.finish()

    before = len(problems.errors)
    components = read_components(component_node, ComponentFolder(folder, label, display),
                                 kinds, broken_kinds, problems, top)
    # a component file that failed leaves cards out: the deck rules naming them would only
    # add follow-on errors ("unknown card … in banned")
    components_read = len(problems.errors) == before
    tables = {}
    for table, file in table_files.items():
        try:
            path = resolve_inside(folder, file, _key_at(top, "tables", table),
                                  f"tables.{table}", label)
            tables[table] = load_yaml(path, display=display(path))
        except DataError as err:
            problems.add(err.location, err.message)
    kit = read_kit(kit_node, kinds, problems, top.at("kit"), broken_kinds)
    checks = read_checks(checks_node, kinds, problems, top.at("checks"))
    deck_format = None
    if deck_node is not None:
        deck_format = read_deck_format(deck_node, kinds, problems, top.at("deck_format"))
    deck_rules = None
    if rules_node is not None and components_read:
        deck_rules = read_deck_rules(rules_node, kinds, components, deck_format, problems,
                                     top.at("deck_rules"), folder, display)
    problems.raise_if_any()
    game = Game(
        id=game_id,
        name=name,
        players=players or Players(1, 1),
        language=language,
        age=age,
        duration=duration,
        description=description,
        colors=colors,
        kinds=kinds,
        components=tuple(components),
        tables=tables,
        kit=tuple(kit),
        kit_location=top.at("kit"),
        folder=folder,
        checks=tuple(checks),
        deck_format=deck_format,
        document_style=document_style,
        deck_rules=deck_rules,
        min_font_size=min_font_size,
        words=words,
        translations=translations,
    )
    if edition is None:
        return game
    check_edition_language(game, edition)
    return make_edition(game, edition)


def _key_at(top: Fields, key: str, sub: str) -> Location:
    """Where key ``sub`` of the mapping under ``key`` stands."""
    node = top.raw(key)
    return node.at(sub) if isinstance(node, LocDict) else top.at(key)


def _as_font_size(value: Any) -> float:
    size = as_number(value)
    if not 1 <= size <= 72:
        raise Invalid(f"expected a size in points from 1 to 72, got {size:g}")
    return size


def _as_palette(value: Any) -> dict[str, str]:
    if not isinstance(value, dict):
        raise Invalid(f"expected a mapping of colour names to '#rrggbb', got {type_name(value)}")
    out = {}
    for key, colour in value.items():
        text = as_str(colour)
        if not is_hex(text):
            raise Invalid(f"colour '{key}' must be written {HEX_FORMS}, got {text!r}")
        out[str(key)] = text
    return out


def _read_players(top: Fields, problems: Problems) -> Players | None:
    node = top.raw("players")
    if node is None:
        if top.ok:
            problems.add(top.location, f"missing field 'players' on {top.what}")
        return None
    fields = Fields(node, "players", problems, top.at("players"))
    low = fields.require("min", as_non_negative_int)
    high = fields.require("max", as_non_negative_int)
    fields.finish()
    if low is None or high is None:
        return None
    if low < 1 or high < low:
        problems.add(top.at("players"), f"players: need 1 ≤ min ≤ max, got {low}–{high}")
        return None
    return Players(low, high)


def _read_kinds(node: Any, presets: Presets, problems: Problems,
                where: Location) -> tuple[dict[str, Kind], set[str]]:
    """The kinds that could be read, and the names of those that could not."""
    if not isinstance(node, dict):
        problems.add(where, "'kinds' must map each kind id to its description")
        return {}, set()
    kinds = {}
    broken = set()
    for kind_id, spec in node.items():
        at = node.at(kind_id) if isinstance(node, LocDict) else where
        kind = _read_kind(str(kind_id), spec, presets, problems, at)
        if kind:
            kinds[kind.id] = kind
        else:
            broken.add(str(kind_id))
    return kinds, broken


def _read_kind(
    kind_id: str, node: Any, presets: Presets, problems: Problems, where: Location
) -> Kind | None:
    fields = Fields(node, f"kind '{kind_id}'", problems, where)
    label = fields.optional("label", as_str, kind_id)
    radius = fields.optional("corner_radius", as_length_not_negative, 0.0)
    shape = fields.optional("shape", _as_shape(radius), None)
    size = _read_item_size(fields, presets, problems, shape)
    safe = fields.optional("safe_margin", as_length, 3 * MM)
    front = fields.require("front", as_str)
    back = fields.optional("back", as_str, "") or None
    specs = read_field_specs(fields.raw("fields", {}), problems, fields.at("fields"), kind_id)
    translations = read_variants(fields, KIND_TEXTS)
    fields.finish()
    if size is None or front is None:
        return None
    if shape is None:  # absent (or wrong, and then reported)
        shape = parse_shape("rect", radius)
    return Kind(kind_id, label, size, shape, safe, front, back, tuple(specs), where,
                translations)


def _as_shape(corner_radius: float) -> Converter[Shape]:
    """A kind's ``shape`` word, read with its ``corner_radius`` (points) into a shape."""

    def convert(value: Any) -> Shape:
        word = as_str(value)
        try:
            return parse_shape(word, corner_radius)
        except ValueError as err:
            hint = "" if word in SHAPE_WORDS else suggest(word, SHAPE_WORDS)
            raise Invalid(f"{err}{hint}") from None

    return convert


def _read_item_size(fields: Fields, presets: Presets, problems: Problems,
                    shape: Shape | None) -> Size | None:
    node = fields.raw("size")
    if node is None:
        problems.add(fields.location, f"missing field 'size' on {fields.what}")
        return None
    if isinstance(node, str):
        if node not in presets.sizes:
            problems.add(fields.at("size"),
                         f"unknown size '{node}' on {fields.what}{suggest(node, presets.sizes)}")
            return None
        return presets.sizes[node]
    if shape is not None:  # (a hexagon's width or side alone)
        return read_shaped_size(node, shape, problems, f"size of {fields.what}",
                                fields.at("size"))
    return read_size(node, problems, f"size of {fields.what}", fields.at("size"))


