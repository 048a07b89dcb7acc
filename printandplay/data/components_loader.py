"""Reading the components of a game: the files listed under ``components:`` in ``game.yaml``
(YAML component files, or CSV/TSV/XLSX tables of one kind), checked against their kinds."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printandplay.data.csv_loader import TABLE_SUFFIXES, read_component_table
from printandplay.data.editions import read_variants, translatable_fields
from printandplay.data.fields_loader import convert_value
from printandplay.data.files import resolve_inside
from printandplay.data.limits import MAX_COPIES_PER_COMPONENT, MAX_COPIES_PER_GAME
from printandplay.data.reader import (
    Fields,
    Invalid,
    Problems,
    as_id,
    as_non_negative_int,
    as_str,
    type_name,
)
from printandplay.data.xlsx_reader import Workbooks
from printandplay.data.yamlio import LocList, load_yaml_text
from printandplay.errors import DataError, Location, suggest
from printandplay.model.component_fields import FieldLines, FieldValues
from printandplay.model.game import Component, Kind
from printandplay.model.memo import BoundedMemo


@dataclass(frozen=True)
class ComponentFolder:
    """Where component files are looked up: the game folder, its label in messages
    (``cards/<game>/``) and how a path is shown."""

    folder: Path
    label: str
    display: Callable[[Path], str]


def read_components(node: Any, folder: ComponentFolder, kinds: dict[str, Kind],
                    broken_kinds: set[str], problems: Problems, top: Fields) -> list[Component]:
    """Every component of the files listed in ``node`` (the ``components:`` of ``top``, the
    game file); ids must be unique and copies stay under the game's limit. A workbook that
    several kinds read (``sheet:``) is opened once."""
    components: list[Component] = []
    display = folder.display
    listed = _read_component_list(node, problems, top.at("components"), top.what)
    with Workbooks() as workbooks:
        for file, table_kind, sheet, at in listed:
            try:
                path = resolve_inside(folder.folder, file, at, "components", folder.label)
                if table_kind is not None:
                    components.extend(_read_table_file(path, display(path), table_kind, kinds,
                                                       problems, broken_kinds, sheet,
                                                       workbooks))
                else:
                    components.extend(_read_component_file(path, display(path), kinds,
                                                           problems, broken_kinds))
            except DataError as err:
                problems.add(err.location, err.message)
    _check_unique_ids(components, problems)
    _check_total_copies(components, problems, top.location)
    return components


def _check_total_copies(components: list[Component], problems: Problems,
                        where: Location) -> None:
    total = sum(c.count for c in components)
    if total > MAX_COPIES_PER_GAME:
        problems.add(where, f"the components add up to {total:,} copies; a game is limited "
                            f"to {MAX_COPIES_PER_GAME:,}")


def _read_component_list(node: Any, problems: Problems, where: Location, what: str
                         ) -> list[tuple[str, str | None, str | None, Location]]:
    """The component files: ``(file, None, None, where)`` for YAML, ``(file, kind, sheet,
    where)`` for CSV/TSV/XLSX (``sheet``: the workbook's sheet, or ``None``), ``where`` being
    the line that names the file."""
    if node is None:
        return []
    if not isinstance(node, list):
        problems.add(where, f"field 'components' on {what}: expected a list, got {type_name(node)}")
        return []
    out: list[tuple[str, str | None, str | None, Location]] = []
    for index, item in enumerate(node):
        at = node.at(index) if isinstance(node, LocList) else where
        if isinstance(item, dict):
            fields = Fields(item, "component file", problems, at)
            file = fields.require("file", as_str)
            kind = fields.require("kind", as_str)
            sheet = fields.optional("sheet", as_str, None)
            fields.finish()
            if file is not None and kind is not None:
                if not file.lower().endswith(TABLE_SUFFIXES):
                    problems.add(at, f"'{file}': only CSV, TSV and XLSX files are listed with "
                                 "their kind; a YAML component file names its kind inside")
                elif sheet is not None and not file.lower().endswith(".xlsx"):
                    problems.add(fields.at("sheet"), f"'{file}': 'sheet' names a sheet of an "
                                 ".xlsx workbook; a CSV or TSV file has only one")
                else:
                    out.append((file, kind, sheet, fields.at("file")))
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
        out.append((file, None, None, at))
    return out


def _read_table_file(path: Path, display: str, kind_id: str, kinds: dict[str, Kind],
                     problems: Problems, broken_kinds: set[str],
                     sheet: str | None, workbooks: Workbooks) -> list[Component]:
    if kind_id not in kinds:
        if kind_id not in broken_kinds:
            problems.add(Location(display), f"unknown kind '{kind_id}'{suggest(kind_id, kinds)}")
        return []
    return read_component_table(path, display, kinds[kind_id], problems, sheet, workbooks)


# Components read from a YAML component file, by its displayed path, text (its SHA-256) and
# the game's
# kinds: every build of the same game in one process (``watch``'s rebuilds, ``build all``'s
# parent, the test suite) reads each unchanged file once. Only files read without a problem
# are kept (a file with one is read again, so that its messages are made each time); the
# components are frozen, their values read-only. Bounded in number and in text.
_COMPONENTS: BoundedMemo[tuple[Any, ...], tuple[Component, ...]] = BoundedMemo(64)
_COMPONENTS_TEXT = 100_000  # characters (a few hundred cards): larger files are read each time


def _read_component_file(
    path: Path, display: str, kinds: dict[str, Kind], problems: Problems,
    broken_kinds: set[str],
) -> list[Component]:
    text, data = load_yaml_text(path, display=display)
    key: tuple[Any, ...] | None = None
    if len(text) <= _COMPONENTS_TEXT:
        digest = hashlib.sha256(text.encode()).digest()  # not the text: kept for long
        key = (display, digest, tuple(kinds.items()), frozenset(broken_kinds))
        known = _COMPONENTS.get(key)
        if known is not None:
            return list(known)
    before = len(problems.errors)
    out = _components_of(data, display, kinds, problems, broken_kinds)
    if key is not None and len(problems.errors) == before:
        _COMPONENTS.keep(key, tuple(out))
    return out


def _components_of(data: Any, display: str, kinds: dict[str, Kind], problems: Problems,
                   broken_kinds: set[str]) -> list[Component]:
    """The components of a parsed YAML component file (problems added to ``problems``)."""
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
    translations = read_variants(fields, translatable_fields(kind),
                                 lambda name, value: _convert_text(kind, name, value))
    fields.finish()
    if component_id is None:
        return None
    located = [*values, *(f"{name}@{language}" for language, texts in translations.items()
                          for name in texts)]
    return Component(component_id, name, kind.id, count, FieldValues(values), front, back,
                     fields.location,
                     FieldLines(fields.location, fields.lines(located)), translations)


def _convert_text(kind: Kind, name: str, value: Any) -> Any:
    """A translated text of ``kind`` checked as its field is (``name``: as text)."""
    spec = kind.field(name)
    return as_str(value) if spec is None else convert_value(spec, value)


def _check_unique_ids(components: list[Component], problems: Problems) -> None:
    seen: dict[str, Component] = {}
    for component in components:
        if component.id in seen:
            problems.add(component.location,
                         f"duplicate id '{component.id}' (first at {seen[component.id].location})")
        else:
            seen[component.id] = component
