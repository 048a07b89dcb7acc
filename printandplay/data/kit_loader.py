"""Reading the ``kit:`` of ``game.yaml``: the documents and sheets printed, in order."""

from __future__ import annotations

from typing import Any

from printandplay.data.reader import (
    Fields,
    Problems,
    as_list,
    as_literal,
    as_non_negative_int,
    as_str,
)
from printandplay.data.yamlio import LocList
from printandplay.errors import Location, suggest
from printandplay.model.game import BleedMode, DocumentSection, Kind, KitSection, SheetSection


def read_kit(node: Any, kinds: dict[str, Kind], problems: Problems, where: Location,
             broken_kinds: set[str]) -> list[KitSection]:
    """The kit sections listed in ``node``; problems go to ``problems``."""
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
            mode: BleedMode = fields.optional("bleed_mode", as_literal(BleedMode), "auto")
            fields.finish()
            _check_sheet_kinds(sheet_kinds, kinds, problems, at, broken_kinds)
            if fields.ok and fields.raw("sheet") == []:
                problems.add(fields.at("sheet"), "a sheet section needs at least one kind")
            if sheet_kinds:
                sections.append(SheetSection(tuple(sheet_kinds), title, mode))
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
