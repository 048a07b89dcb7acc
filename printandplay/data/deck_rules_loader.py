"""Reading what ``game.yaml`` says about decks: composition ``checks`` and ``deck_format``.

Both name component fields, so both are checked against the game's kinds.
"""

from __future__ import annotations

from typing import Any

from printandplay.data.reader import (
    Fields,
    Problems,
    as_id,
    as_list,
    as_non_negative_int,
    as_str,
    as_str_map,
)
from printandplay.data.yamlio import LocList
from printandplay.errors import Location, suggest
from printandplay.model.game import CompositionCheck, DeckFormat, Kind
from printandplay.model.where import FieldScope, parse_where


def read_checks(node: Any, kinds: dict[str, Kind], problems: Problems,
                where: Location) -> list[CompositionCheck]:
    """The composition rules of ``checks:``; problems go to ``problems``."""
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
        total = fields.optional("sum", as_str, "")
        count = fields.optional("count", as_non_negative_int, None)
        low = fields.optional("min", as_non_negative_int, None)
        high = fields.optional("max", as_non_negative_int, None)
        description = fields.optional("description", as_str, "")
        decks = fields.optional("decks", as_str, "")
        together = fields.optional("together", as_non_negative_int, 2)
        fields.finish()
        if check_id is None:
            continue
        if decks:
            parts = decks.replace("\\", "/").split("/")
            if decks.startswith("/") or ".." in parts or ":" in decks:
                problems.add(fields.at("decks"), f"check '{check_id}': 'decks' must be a "
                                                 f"folder inside the game folder, got {decks!r}")
            elif together < 1:
                problems.add(fields.at("together"), f"check '{check_id}': 'together' must "
                                                    f"be 1 or more")
            else:
                checks.append(CompositionCheck(check_id, at, description=description,
                                               decks=decks, together=together))
            continue
        if kind and kind not in kinds:
            problems.add(fields.at("kind"), f"check '{check_id}': unknown kind '{kind}'"
                                            f"{suggest(kind, kinds)}")
            continue
        scope = FieldScope([kinds[kind]] if kind else kinds.values())
        conditions, where_problems = parse_where(where_node, scope)
        for problem in where_problems:
            problems.add(fields.at("where"), f"check '{check_id}': {problem}")
        if not isinstance(where_node, dict):
            continue
        if distinct and total:
            problems.add(fields.at("sum"), f"check '{check_id}': 'sum' and 'distinct' measure "
                                           f"two different things: keep one")
            continue
        for name, label in ((per, "per"), (distinct, "distinct"), (total, "sum")):
            problem = scope.problem(name) if name else ""
            if problem:
                problems.add(fields.at(label), f"check '{check_id}': {problem}")
            elif label == "sum" and name and not scope.numeric(name):
                problems.add(fields.at(label), f"check '{check_id}': sum: '{name}' holds no "
                                               f"number")
        if count is None and low is None and high is None:
            problems.add(at, f"check '{check_id}' needs 'count', 'min' or 'max'")
            continue
        if low is not None and high is not None and low > high:
            problems.add(fields.at("min"), f"check '{check_id}': min {low} is more than "
                                           f"max {high}")
            continue
        checks.append(CompositionCheck(check_id, at, kind, conditions, per, distinct,
                                       count, low, high, description, sum=total))
    return checks


def read_deck_format(node: Any, kinds: dict[str, Kind], problems: Problems,
                     where: Location) -> DeckFormat | None:
    """How deck lists are written (``deck_format:``), or None without sections."""
    fields = Fields(node, "deck_format", problems, where)
    sections = fields.require("sections", as_list(as_str)) or []
    headers: dict[str, str] = fields.optional("headers", as_str_map, {})
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
