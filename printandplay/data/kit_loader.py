"""Reading the ``kit:`` of ``game.yaml``: the documents and sheets printed, in order."""

from __future__ import annotations

from typing import Any

from printandplay.data.editions import DOCUMENT_TEXTS, SECTION_TEXTS, read_variants
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
            paper = fields.optional("paper", as_str, "")
            assembly = fields.optional("assembly", as_str, "")
            translations = read_variants(fields, DOCUMENT_TEXTS)
            fields.finish()
            if not 1 <= columns <= 4:
                problems.add(fields.at("columns"), f"columns must be 1 to 4, got {columns}")
            elif not 1 <= copies <= 10:
                problems.add(fields.at("copies"), f"copies must be 1 to 10, got {copies}")
            elif template:
                sections.append(DocumentSection(template, title, columns, copies,
                                                fields.at("document"), paper, assembly,
                                                translations))
        elif fields.has("sheet"):
            sheet_kinds = fields.require("sheet", as_list(as_str)) or []
            title = fields.optional("title", as_str, ", ".join(sheet_kinds))
            mode: BleedMode = fields.optional("bleed_mode", as_literal(BleedMode), "auto")
            paper = fields.optional("paper", as_str, "")
            assembly = fields.optional("assembly", as_str, "")
            back = fields.optional("back", as_str, "") or None
            also = fields.optional("also", as_str, "")
            translations = read_variants(fields, SECTION_TEXTS)
            fields.finish()
            _check_sheet_kinds(sheet_kinds, kinds, problems, at, broken_kinds)
            if also:
                _check_also(also, sheet_kinds, kinds, problems, fields.at("also"))
            if fields.ok and fields.raw("sheet") == []:
                problems.add(fields.at("sheet"), "a sheet section needs at least one kind")
            if sheet_kinds:
                sections.append(SheetSection(tuple(sheet_kinds), title, mode, paper=paper,
                                             assembly=assembly, back=back, also=also,
                                             translations=translations))
        elif fields.ok:
            fields.finish()
            problems.add(at, "a kit section needs 'document' or 'sheet'")
    return sections


def _share_a_sheet(one: Kind, other: Kind) -> bool:
    """Whether items of two kinds can share a sheet: one size, and cut alike."""
    return one.size == other.size and one.shape.cuts_like(other.shape)


def _check_also(name: str, sheet_kinds: list[str], kinds: dict[str, Kind], problems: Problems,
                at: Location) -> None:
    """``also`` names a yes/no field of kinds that can share the section's sheets."""
    owners = [k for k in kinds.values() if (spec := k.field(name)) is not None
              and spec.type == "bool"]
    if not owners:
        fields = {f.name for k in kinds.values() for f in k.fields if f.type == "bool"}
        problems.add(at, f"also: '{name}' is no yes/no (bool) field of any kind"
                         f"{suggest(name, fields)}")
        return
    section_kinds = [kinds[n] for n in sheet_kinds if n in kinds]
    for kind in owners:
        if section_kinds and not any(_share_a_sheet(kind, k) for k in section_kinds):
            problems.add(at, f"also: '{name}' brings {kind.id} items, whose size or shape "
                             f"differs from the section's")


def _check_sheet_kinds(names: list[str], kinds: dict[str, Kind], problems: Problems,
                       at: Location, broken_kinds: set[str]) -> None:
    for name in names:
        if name not in kinds and name not in broken_kinds:
            problems.add(at, f"unknown kind '{name}' in kit{suggest(name, kinds)}")
    known = [kinds[n] for n in names if n in kinds]
    if any(not _share_a_sheet(known[0], kind) for kind in known[1:]):
        problems.add(at, f"kinds sharing a sheet must have one size and shape: {', '.join(names)}")
