"""Reading a game folder (``cards/<game>/``) into a :class:`~printandplay.model.game.Game`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printandplay.data.csv_loader import TABLE_SUFFIXES, read_component_table
from printandplay.data.deck_rules_loader import read_checks, read_deck_format
from printandplay.data.deck_rules_reader import read_deck_rules
from printandplay.data.document_style_loader import read_document_style
from printandplay.data.fields_loader import convert_value, read_field_specs
from printandplay.data.files import resolve_inside
from printandplay.data.limits import MAX_COPIES_PER_COMPONENT, MAX_COPIES_PER_GAME
from printandplay.data.presets import Presets, load_presets, read_size
from printandplay.data.reader import (
    Fields,
    Invalid,
    Problems,
    as_choice,
    as_id,
    as_length,
    as_list,
    as_non_negative_int,
    as_str,
    as_str_map,
    suggest,
    type_name,
)
from printandplay.data.yamlio import LocDict, LocList, load_yaml
from printandplay.errors import DataError, Location
from printandplay.model.game import (
    Component,
    DocumentSection,
    Game,
    Kind,
    KitSection,
    Players,
    SheetSection,
    Size,
)
from printandplay.project import Resources


def load_game(resources: Resources, game_id: str) -> Game:
    """Load and check ``cards/<game_id>/``; every problem found is reported at once."""
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
    top.finish()

    components: list[Component] = []
    for file, table_kind, at in _read_component_list(component_node, problems,
                                                     top.at("components"), top.what):
        try:
            path = resolve_inside(folder, file, at, "components", label)
            if table_kind is not None:
                components.extend(_read_table_file(path, display(path), table_kind, kinds,
                                                   problems, broken_kinds))
            else:
                components.extend(_read_component_file(path, display(path), kinds, problems,
                                                       broken_kinds))
        except DataError as err:
            problems.add(err.location, err.message)
    _check_unique_ids(components, problems)
    _check_total_copies(components, problems, top.location)
    tables = {}
    for table, file in table_files.items():
        try:
            path = resolve_inside(folder, file, _key_at(top, "tables", table),
                                  f"tables.{table}", label)
            tables[table] = load_yaml(path, display=display(path))
        except DataError as err:
            problems.add(err.location, err.message)
    kit = _read_kit(kit_node, kinds, problems, top.at("kit"), broken_kinds)
    checks = read_checks(checks_node, kinds, problems, top.at("checks"))
    deck_format = None
    if deck_node is not None:
        deck_format = read_deck_format(deck_node, kinds, problems, top.at("deck_format"))
    deck_rules = None
    if rules_node is not None:
        deck_rules = read_deck_rules(rules_node, kinds, components, deck_format, problems,
                                     top.at("deck_rules"))
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
        document_style=document_style,
        deck_rules=deck_rules,
    )


def _key_at(top: Fields, key: str, sub: str) -> Location:
    """Where key ``sub`` of the mapping under ``key`` stands."""
    node = top.raw(key)
    return node.at(sub) if isinstance(node, LocDict) else top.at(key)


def _check_total_copies(components: list[Component], problems: Problems,
                        where: Location) -> None:
    total = sum(c.count for c in components)
    if total > MAX_COPIES_PER_GAME:
        problems.add(where, f"the components add up to {total:,} copies; a game is limited "
                            f"to {MAX_COPIES_PER_GAME:,}")


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
    size = _read_item_size(fields, presets, problems)
    shape = fields.optional("shape", as_choice("rect", "round"), "rect")
    radius = fields.optional("corner_radius", as_length, 0.0)
    safe = fields.optional("safe_margin", as_length, 3 * 72 / 25.4)
    front = fields.require("front", as_str)
    back = fields.optional("back", as_str, "") or None
    specs = read_field_specs(fields.raw("fields", {}), problems, fields.at("fields"), kind_id)
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


def _read_component_list(node: Any, problems: Problems, where: Location, what: str
                         ) -> list[tuple[str, str | None, Location]]:
    """The component files: ``(file, None, where)`` for YAML, ``(file, kind, where)`` for
    CSV/TSV/XLSX, ``where`` being the line that names the file."""
    if node is None:
        return []
    if not isinstance(node, list):
        problems.add(where, f"field 'components' on {what}: expected a list, got {type_name(node)}")
        return []
    out: list[tuple[str, str | None, Location]] = []
    for index, item in enumerate(node):
        at = node.at(index) if isinstance(node, LocList) else where
        if isinstance(item, dict):
            fields = Fields(item, "component file", problems, at)
            file = fields.require("file", as_str)
            kind = fields.require("kind", as_str)
            fields.finish()
            if file is not None and kind is not None:
                if not file.lower().endswith(TABLE_SUFFIXES):
                    problems.add(at, f"'{file}': only CSV, TSV and XLSX files are listed with "
                                 "their kind; a YAML component file names its kind inside")
                else:
                    out.append((file, kind, fields.at("file")))
            continue
        try:
            file = as_str(item)
        except Invalid as err:
            line = f" (line {at.line})" if isinstance(node, LocList) else ""
            problems.add(where, f"field 'components' on {what}: item {index + 1}{line}: {err}")
            continue
        if file.lower().endswith(TABLE_SUFFIXES):
            problems.add(at, f"'{file}': a spreadsheet file has no 'kind:' line; list it as "
                         f"{{file: {file}, kind: KIND}}")
            continue
        out.append((file, None, at))
    return out


def _read_table_file(path: Path, display: str, kind_id: str, kinds: dict[str, Kind],
                     problems: Problems, broken_kinds: set[str]) -> list[Component]:
    if kind_id not in kinds:
        if kind_id not in broken_kinds:
            problems.add(Location(display), f"unknown kind '{kind_id}'{suggest(kind_id, kinds)}")
        return []
    return read_component_table(path, display, kinds[kind_id], problems)


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
    count = fields.optional("count", as_non_negative_int, 1)
    if count > MAX_COPIES_PER_COMPONENT:
        problems.add(fields.at("count"), f"count {count:,} on {what}: at most "
                                         f"{MAX_COPIES_PER_COMPONENT:,} copies of one component")
        count = 0
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
    field_locations = {key: fields.at(key) for key in values if fields.has(key)}
    return Component(component_id, name, kind.id, count, values, front, back, fields.location,
                     field_locations)


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
            columns = fields.optional("columns", as_non_negative_int, 2)
            copies = fields.optional("copies", as_non_negative_int, 1)
            fields.finish()
            if not 1 <= columns <= 4:
                problems.add(fields.at("columns"), f"columns must be 1 to 4, got {columns}")
            elif not 1 <= copies <= 10:
                problems.add(fields.at("copies"), f"copies must be 1 to 10, got {copies}")
            elif template:
                sections.append(DocumentSection(template, title, columns, copies,
                                                fields.at("document")))
        elif fields.has("sheet"):
            sheet_kinds = fields.require("sheet", as_list(as_str)) or []
            title = fields.optional("title", as_str, ", ".join(sheet_kinds))
            mode = fields.optional("bleed_mode", as_choice("auto", "gutter", "abut", "none"), "auto")
            fields.finish()
            _check_sheet_kinds(sheet_kinds, kinds, problems, at, broken_kinds)
            if fields.ok and fields.raw("sheet") == []:
                problems.add(fields.at("sheet"), "a sheet section needs at least one kind")
            if sheet_kinds:
                sections.append(SheetSection(tuple(sheet_kinds), title, mode))  # type: ignore[arg-type]
        elif fields.ok:
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
