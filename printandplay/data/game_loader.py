"""Reading a game folder (``cards/<game>/``) into a :class:`~printandplay.model.game.Game`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printandplay.data.presets import Presets, load_presets, read_size
from printandplay.data.reader import (
    Fields,
    Invalid,
    Problems,
    as_bool,
    as_choice,
    as_id,
    as_int,
    as_length,
    as_list,
    as_positive_int,
    as_str,
    suggest,
    type_name,
)
from printandplay.data.yamlio import LocDict, LocList, load_yaml
from printandplay.errors import DataError, Location
from printandplay.model.game import (
    Component,
    CompositionCheck,
    DeckFormat,
    DocumentSection,
    FieldSpec,
    Game,
    Kind,
    KitSection,
    Players,
    SheetSection,
    Size,
)
from printandplay.project import Resources

FIELD_TYPES = ("text", "rich", "int", "bool", "choice", "list", "map")
RESERVED = ("id", "name", "count", "front", "back")


def load_game(resources: Resources, game_id: str) -> Game:
    """Load and check ``cards/<game_id>/``; every problem found is reported at once."""
    folder = resources.game_folder(game_id)
    presets = load_presets()
    problems = Problems()
    display = resources.display
    game_file = folder / "game.yaml"
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
    component_files: list[str] = top.optional("components", as_list(as_str), [])
    table_files: dict[str, str] = top.optional("tables", _as_str_map, {})
    kit_node = top.raw("kit", [])
    checks_node = top.raw("checks", [])
    deck_node = top.raw("deck_format")
    top.finish()

    components: list[Component] = []
    for file in component_files:
        path = folder / file
        try:
            components.extend(_read_component_file(path, display(path), kinds, problems,
                                                   broken_kinds))
        except DataError as err:
            problems.add(err.location, err.message)
    _check_unique_ids(components, problems)
    tables = {}
    for table, file in table_files.items():
        path = folder / file
        try:
            tables[table] = load_yaml(path, display=display(path))
        except DataError as err:
            problems.add(err.location, err.message)
    kit = _read_kit(kit_node, kinds, problems, top.at("kit"), broken_kinds)
    checks = _read_checks(checks_node, kinds, problems, top.at("checks"))
    deck_format = None
    if deck_node is not None:
        deck_format = _read_deck_format(deck_node, kinds, problems, top.at("deck_format"))
    problems.raise_if_any()
    return Game(
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
        folder=folder,
        checks=tuple(checks),
        deck_format=deck_format,
    )


def _as_palette(value: Any) -> dict[str, str]:
    if not isinstance(value, dict):
        raise Invalid(f"expected a mapping of colour names to '#rrggbb', got {type_name(value)}")
    out = {}
    for key, colour in value.items():
        text = as_str(colour)
        if not (len(text) in (4, 7) and text.startswith("#")
                and all(c in "0123456789abcdefABCDEF" for c in text[1:])):
            raise Invalid(f"colour '{key}' must be written '#rrggbb' or '#rgb', got {text!r}")
        out[str(key)] = text
    return out


def _as_str_map(value: Any) -> dict[str, str]:
    if not isinstance(value, dict):
        raise Invalid(f"expected a mapping, got {type_name(value)}")
    return {str(k): as_str(v) for k, v in value.items()}


def _read_players(top: Fields, problems: Problems) -> Players | None:
    node = top.raw("players")
    if node is None:
        if top.ok:
            problems.add(top.location, f"missing field 'players' on {top.what}")
        return None
    fields = Fields(node, "players", problems, top.at("players"))
    low = fields.require("min", as_positive_int)
    high = fields.require("max", as_positive_int)
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
    size = _read_item_size(fields, presets, problems)
    shape = fields.optional("shape", as_choice("rect", "round"), "rect")
    radius = fields.optional("corner_radius", as_length, 0.0)
    safe = fields.optional("safe_margin", as_length, 3 * 72 / 25.4)
    front = fields.require("front", as_str)
    back = fields.optional("back", as_str, "") or None
    specs = _read_field_specs(fields.raw("fields", {}), problems, fields.at("fields"), kind_id)
    fields.finish()
    if size is None or front is None:
        return None
    return Kind(kind_id, label, size, shape, radius, safe, front, back, tuple(specs), where)  # type: ignore[arg-type]


def _read_item_size(fields: Fields, presets: Presets, problems: Problems) -> Size | None:
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
    return read_size(node, problems, f"size of {fields.what}", fields.at("size"))


def _read_field_specs(node: Any, problems: Problems, where: Location, kind: str) -> list[FieldSpec]:
    if not isinstance(node, dict):
        problems.add(where, f"'fields' of kind '{kind}' must be a mapping")
        return []
    specs = []
    for name, spec_node in node.items():
        at = node.at(name) if isinstance(node, LocDict) else where
        if name in RESERVED:
            problems.add(at, f"field name '{name}' is reserved (id, name, count, front, back)")
            continue
        spec = _read_field_spec(str(name), spec_node, problems, at)
        if spec:
            specs.append(spec)
    return specs


def _read_field_spec(name: str, node: Any, problems: Problems, where: Location) -> FieldSpec | None:
    if isinstance(node, str):
        node = {"type": node}
    fields = Fields(node, f"field '{name}'", problems, where)
    field_type = fields.require("type", as_choice(*FIELD_TYPES))
    required = fields.optional("required", as_bool, True)
    choice_list: list[Any] = fields.optional("choices", as_list(lambda v: v), [])
    choices = tuple(choice_list)
    key_list: list[str] = fields.optional("keys", as_list(as_str), [])
    keys = tuple(key_list)
    description = fields.optional("description", as_str, "")
    item = None
    if fields.has("of"):
        item = _read_field_spec(f"{name}[]", fields.raw("of"), problems, fields.at("of"))
    fields.finish()
    if field_type is None:
        return None
    broken = False
    if field_type == "choice" and not choices:
        problems.add(where, f"field '{name}': type choice needs 'choices'")
        broken = True
    if field_type in ("list", "map") and item is None:
        if not fields.has("of"):
            problems.add(where, f"field '{name}': type {field_type} needs 'of' (the item type)")
        broken = True
    if field_type == "map" and not keys:
        problems.add(where, f"field '{name}': type map needs 'keys'")
        broken = True
    if broken:
        return None
    return FieldSpec(name, field_type, required, choices, item, keys, description)  # type: ignore[arg-type]


def convert_value(spec: FieldSpec, value: Any) -> Any:
    """Check and convert one field value against its spec (raises :class:`Invalid`)."""
    if spec.type in ("text", "rich"):
        return as_str(value)
    if spec.type == "int":
        return as_int(value)
    if spec.type == "bool":
        return as_bool(value)
    if spec.type == "choice":
        if not any(value == c and type(value) is type(c) for c in spec.choices):
            shown = ", ".join(str(c) for c in spec.choices)
            twin = next((c for c in spec.choices if str(c) == str(value)), None)
            if twin is not None:
                hint = (" (write it without quotes)" if isinstance(twin, int)
                        else f" (write it in quotes: '{twin}')")
                raise Invalid(f"expected one of {shown}, got {type_name(value)} {value!r}{hint}")
            raise Invalid(f"expected one of {shown}, got {value!r}"
                          f"{suggest(str(value), [str(c) for c in spec.choices])}")
        return value
    assert spec.item is not None
    if spec.type == "list":
        return tuple(as_list(lambda v: convert_value(spec.item, v))(value))  # type: ignore[arg-type]
    if not isinstance(value, dict):
        raise Invalid(f"expected a mapping with keys {', '.join(spec.keys)}, got {type_name(value)}")
    missing = [k for k in spec.keys if k not in value]
    unknown = [k for k in value if k not in spec.keys]
    if missing or unknown:
        parts = []
        if missing:
            parts.append("missing key " + ", ".join(f"'{k}'" for k in missing))
        if unknown:
            parts.append("unknown key " + ", ".join(f"'{k}'{suggest(str(k), spec.keys)}"
                                                    for k in unknown))
        raise Invalid("; ".join(parts))
    out = {}
    for key in spec.keys:
        try:
            out[key] = convert_value(spec.item, value[key])
        except Invalid as err:
            raise Invalid(f"key '{key}': {err}") from None
    return out


def _read_component_file(
    path: Path, display: str, kinds: dict[str, Kind], problems: Problems,
    broken_kinds: set[str],
) -> list[Component]:
    data = load_yaml(path, display=display)
    top = Fields(data, "component file", problems, Location(display))
    kind_id = top.require("kind", as_str)
    cards = top.raw("cards", [])
    top.finish()
    if kind_id is None:
        return []
    if kind_id not in kinds:
        if kind_id not in broken_kinds:
            problems.add(top.at("kind"), f"unknown kind '{kind_id}'{suggest(kind_id, kinds)}")
        return []
    if cards is None:
        return []
    if not isinstance(cards, list):
        problems.add(top.at("cards"), f"'cards' must be a list, got {type_name(cards)}")
        return []
    kind = kinds[kind_id]
    out = []
    for index, node in enumerate(cards):
        at = cards.at(index) if isinstance(cards, LocList) else Location(display)
        component = _read_component(node, kind, problems, at)
        if component:
            out.append(component)
    return out


def _read_component(node: Any, kind: Kind, problems: Problems, where: Location) -> Component | None:
    ident = node.get("id") if isinstance(node, dict) else None
    what = f"{kind.id} '{ident}'" if ident is not None else f"a {kind.id}"
    fields = Fields(node, what, problems, where)
    component_id = fields.require("id", as_id)
    name = fields.optional("name", as_str, str(component_id))
    count = fields.optional("count", as_positive_int, 1)
    front = fields.optional("front", as_str, kind.front)
    back = fields.optional("back", as_str, kind.back or "") or None
    values: dict[str, Any] = {}
    for spec in kind.fields:
        if not fields.has(spec.name) or fields.raw(spec.name) is None:
            if spec.required:
                problems.add(fields.location, f"missing field '{spec.name}' on {what}")
            values[spec.name] = None
            continue
        try:
            values[spec.name] = convert_value(spec, fields.raw(spec.name))
        except Invalid as err:
            problems.add(fields.at(spec.name), f"field '{spec.name}' on {what}: {err}")
    fields.finish()
    if component_id is None:
        return None
    return Component(component_id, name, kind.id, count, values, front, back, fields.location)


def _check_unique_ids(components: list[Component], problems: Problems) -> None:
    seen: dict[str, Component] = {}
    for component in components:
        if component.id in seen:
            problems.add(component.location,
                         f"duplicate id '{component.id}' (first at {seen[component.id].location})")
        else:
            seen[component.id] = component


def _read_kit(node: Any, kinds: dict[str, Kind], problems: Problems, where: Location,
              broken_kinds: set[str]) -> list[KitSection]:
    if node is None:
        return []
    if not isinstance(node, list):
        problems.add(where, "'kit' must be a list of sections")
        return []
    sections: list[KitSection] = []
    for index, item in enumerate(node):
        at = node.at(index) if isinstance(node, LocList) else where
        fields = Fields(item, "kit section", problems, at)
        if fields.has("document"):
            template = fields.require("document", as_str)
            title = fields.optional("title", as_str, template or "")
            columns = fields.optional("columns", as_positive_int, 2)
            fields.finish()
            if template:
                sections.append(DocumentSection(template, title, max(1, columns)))
        elif fields.has("sheet"):
            sheet_kinds = fields.require("sheet", as_list(as_str)) or []
            title = fields.optional("title", as_str, ", ".join(sheet_kinds))
            mode = fields.optional("bleed_mode", as_choice("auto", "gutter", "abut", "none"), "auto")
            fields.finish()
            _check_sheet_kinds(sheet_kinds, kinds, problems, at, broken_kinds)
            if sheet_kinds:
                sections.append(SheetSection(tuple(sheet_kinds), title, mode))  # type: ignore[arg-type]
        else:
            fields.finish()
            problems.add(at, "a kit section needs 'document' or 'sheet'")
    return sections


def _check_sheet_kinds(names: list[str], kinds: dict[str, Kind], problems: Problems,
                       at: Location, broken_kinds: set[str]) -> None:
    for name in names:
        if name not in kinds and name not in broken_kinds:
            problems.add(at, f"unknown kind '{name}' in kit{suggest(name, kinds)}")
    sizes = {(kinds[n].size, kinds[n].shape) for n in names if n in kinds}
    if len(sizes) > 1:
        problems.add(at, f"kinds sharing a sheet must have one size and shape: {', '.join(names)}")


def _read_checks(node: Any, kinds: dict[str, Kind], problems: Problems,
                 where: Location) -> list[CompositionCheck]:
    if not isinstance(node, list):
        problems.add(where, "'checks' must be a list of composition rules")
        return []
    checks = []
    for index, item in enumerate(node):
        at = node.at(index) if isinstance(node, LocList) else where
        fields = Fields(item, "composition check", problems, at)
        check_id = fields.require("id", as_id)
        kind = fields.optional("kind", as_str, "")
        where_node: Any = fields.optional("where", lambda v: v, {})
        per = fields.optional("per", as_str, "")
        distinct = fields.optional("distinct", as_str, "")
        count = fields.optional("count", as_positive_int, None)  # type: ignore[arg-type]
        low = fields.optional("min", as_positive_int, None)  # type: ignore[arg-type]
        high = fields.optional("max", as_positive_int, None)  # type: ignore[arg-type]
        description = fields.optional("description", as_str, "")
        fields.finish()
        if check_id is None:
            continue
        if kind and kind not in kinds:
            problems.add(fields.at("kind"), f"check '{check_id}': unknown kind '{kind}'"
                                            f"{suggest(kind, kinds)}")
            continue
        specs = list(kinds[kind].fields) if kind else [f for k in kinds.values() for f in k.fields]
        known = {"id", "name"} | {f.name for f in specs} | {
            f"{f.name}.{key}" for f in specs if f.type == "map" for key in f.keys}
        conditions = []
        if not isinstance(where_node, dict):
            problems.add(fields.at("where"), f"check '{check_id}': 'where' must be a mapping")
            continue
        for key, value in where_node.items():
            if key not in known:
                problems.add(fields.at("where"), f"check '{check_id}': unknown field '{key}'"
                                                 f"{suggest(key, known)}")
            values = tuple(value) if isinstance(value, list) else (value,)
            conditions.append((str(key), values))
        for name, label in ((per, "per"), (distinct, "distinct")):
            if name and name not in known:
                problems.add(fields.at(label), f"check '{check_id}': unknown field '{name}'"
                                               f"{suggest(name, known)}")
        if count is None and low is None and high is None:
            problems.add(at, f"check '{check_id}' needs 'count', 'min' or 'max'")
            continue
        checks.append(CompositionCheck(check_id, at, kind, tuple(conditions), per, distinct,
                                       count, low, high, description))
    return checks


def _read_deck_format(node: Any, kinds: dict[str, Kind], problems: Problems,
                      where: Location) -> DeckFormat | None:
    fields = Fields(node, "deck_format", problems, where)
    sections = fields.require("sections", as_list(as_str)) or []
    headers: dict[str, str] = fields.optional("headers", _as_str_map, {})
    qualifier = fields.optional("qualifier", as_str, "")
    aliases_node: Any = fields.optional("aliases", lambda v: v, {})
    fields.finish()
    known = {f.name for k in kinds.values() for f in k.fields}
    for field_name in [*headers.values(), *([qualifier] if qualifier else [])]:
        if field_name not in known:
            problems.add(fields.at("headers"), f"deck_format: unknown field '{field_name}'"
                                               f"{suggest(field_name, known)}")
    aliases: dict[str, dict[str, tuple[str, ...]]] = {}
    if not isinstance(aliases_node, dict):
        problems.add(fields.at("aliases"), "deck_format: 'aliases' must map fields to values")
    else:
        for field_name, values in aliases_node.items():
            if not isinstance(values, dict):
                problems.add(fields.at("aliases"),
                             f"deck_format: aliases of '{field_name}' must map values to names")
                continue
            aliases[str(field_name)] = {
                str(value): tuple(as_list(as_str)(names) if isinstance(names, list)
                                  else [as_str(names)])
                for value, names in values.items()
            }
    if not sections:
        return None
    return DeckFormat(tuple(sections), headers, qualifier, aliases, fields.location)
