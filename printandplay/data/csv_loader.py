"""Component files kept in a spreadsheet: CSV, TSV or XLSX, a header row naming the fields.

Each row is one component. Columns: ``id``, ``name``, ``count``, ``front``, ``back`` and the
kind's fields; a ``map`` field takes one column per key (``limits.rouge``). Cells are typed by
the kind's field specs exactly like YAML values; a ``list`` cell separates its items with ``|``
(``\\|`` for a ``|`` inside an item). An empty cell is a field left out. Errors name
``file:line:column``. ``.tsv`` files are split on tabs; ``.csv`` files on commas, or on
semicolons when the header row has semicolons and no comma (the French spreadsheet export).
An ``.xlsx`` workbook is read through openpyxl (``pip install openpyxl``): its first sheet,
numbers and booleans as the spreadsheet shows them (``3``, ``true``).
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Any

from printandplay.data.editions import split_translatable, split_variant, translatable_fields
from printandplay.data.fields_loader import RESERVED
from printandplay.data.files import read_bytes
from printandplay.data.limits import MAX_INT_DIGITS
from printandplay.data.reader import Invalid, Problems, as_id
from printandplay.data.xlsx_reader import Rows, Workbooks, check_rows, read_xlsx_sheet
from printandplay.data.yaml_values import shown_text
from printandplay.errors import DataError, Location, suggest
from printandplay.model.game import NO_TRANSLATIONS, Component, FieldSpec, Kind

TABLE_SUFFIXES = (".csv", ".tsv", ".xlsx")
LIST_SEPARATOR = "|"
_ESCAPED_SEPARATOR = "\\" + LIST_SEPARATOR  # a separator inside an item
_SPLIT = re.compile(r"(?<!\\)" + re.escape(LIST_SEPARATOR))
_INT = re.compile(r"[+-]?\d+")


def read_text(path: Path, display: str) -> str:
    """The file's text (UTF-8, with or without the BOM spreadsheets write)."""
    data = read_bytes(path, display)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise DataError(Location(display), f"not UTF-8 text ({err.reason}); export the "
                        "spreadsheet as CSV UTF-8") from None


def _delimiter(path: Path, text: str) -> str:
    if path.suffix.lower() == ".tsv":
        return "\t"
    header = text.split("\n", 1)[0]
    return ";" if ";" in header and "," not in header else ","


def read_csv_rows(path: Path, display: str) -> Rows:
    """The rows of a CSV or TSV file, each with the line it starts on."""
    text = read_text(path, display)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(path, text),
                        strict=True)
    rows = []
    line = 0
    try:
        for row in reader:
            rows.append((line + 1, row))
            check_rows(len(rows), display, line + 1, len(row))
            line = reader.line_num
    except csv.Error as err:
        raise DataError(Location(display, reader.line_num), f"bad CSV: {err}") from None
    return rows


def read_component_table(path: Path, display: str, kind: Kind,
                         problems: Problems, sheet: str | None = None,
                         workbooks: Workbooks | None = None) -> list[Component]:
    """The components of one CSV, TSV or XLSX file of ``kind`` (in a workbook, of its sheet
    named ``sheet``, else its first, read through ``workbooks`` when given, which opens each
    workbook once); problems go to ``problems``, placed as a spreadsheet names its cells in
    a workbook (``crew.xlsx, Tides!E4``)."""
    title = ""
    if path.suffix.lower() == ".xlsx":
        title, rows = (workbooks.sheet(path, display, sheet) if workbooks is not None
                       else read_xlsx_sheet(path, display, sheet))
    else:
        rows = read_csv_rows(path, display)
    while rows and not any(cell.strip() for cell in rows[0][1]):
        rows = rows[1:]
    if not rows:
        raise DataError(Location(display, sheet=title), "the table is empty: it needs a header "
                        "row naming the fields, then one row per component")
    header_line, header = rows[0]
    while header and not header[-1].strip():  # spreadsheets pad rows with empty cells
        header = header[:-1]
    columns = _read_header(header, kind, display, header_line, problems, title)
    if columns is None:
        return []
    out = []
    filled = 0
    for line, row in rows[1:]:
        if not any(cell.strip() for cell in row):
            continue  # spreadsheets leave blank rows behind
        filled += 1
        component = _read_row(row, line, columns, kind, display, problems, title)
        if component is not None:
            out.append(component)
    if not filled:
        problems.add(Location(display, header_line, sheet=title), "the table has a header row "
                     "but no component rows under it")
    return out


def _read_header(header: list[str], kind: Kind, display: str, line: int,
                 problems: Problems, sheet: str = "") -> dict[str, int] | None:
    """Column name → index; ``None`` when the header is unusable."""
    known = list(RESERVED)
    for spec in kind.fields:
        if spec.type == "map":
            known.extend(f"{spec.name}.{key}" for key in spec.keys)
        else:
            known.append(spec.name)
    columns: dict[str, int] = {}
    ok = True
    for index, raw in enumerate(header):
        name = raw.strip()
        where = Location(display, line, index + 1, sheet)
        if not name:
            problems.add(where, "empty column name in the header row")
            ok = False
        elif name in columns:
            problems.add(where, f"duplicate column {shown_text(name)}")
            ok = False
        elif "@" in name:
            ok = _check_variant_column(name, kind, where, problems) and ok
        elif name not in known:
            problems.add(where, f"unknown field {shown_text(name)} on kind '{kind.id}'"
                         f"{suggest(name, known)}")
            ok = False
        columns[name] = index
    if "id" not in columns:
        problems.add(Location(display, line, sheet=sheet), "the header row has no 'id' column")
        ok = False
    for spec in kind.fields:
        names = ([f"{spec.name}.{key}" for key in spec.keys] if spec.type == "map"
                 else [spec.name])
        for name in names:
            if spec.required and name not in columns:
                problems.add(Location(display, line, sheet=sheet),
                             f"missing column '{name}' (field '{spec.name}' of kind "
                             f"'{kind.id}' is required)")
                ok = False
    return columns if ok else None


def _check_variant_column(name: str, kind: Kind, where: Location, problems: Problems) -> bool:
    """Whether a ``field@language`` column names a translatable field of ``kind``."""
    try:
        split_translatable(name, translatable_fields(kind))
    except Invalid as err:
        problems.add(where, f"{err} (kind '{kind.id}')")
        return False
    return True


def _read_variants(columns: dict[str, int], cell: Any, at: Any, kind: Kind, what: str,
                   problems: Problems) -> dict[str, dict[str, Any]]:
    """The row's texts in other languages (its non-empty ``field@language`` cells)."""
    found: dict[str, dict[str, Any]] = {}
    for name in columns:
        text = cell(name) if "@" in name else ""
        if not text:
            continue
        base, language = split_variant(name) or ("", "")
        spec = kind.field(base)
        try:
            found.setdefault(language, {})[base] = (text if spec is None
                                                    else convert_cell(spec, text))
        except Invalid as err:
            problems.add(at(name), f"field '{name}' on {what}: {err}")
    return found


def _read_row(row: list[str], line: int, columns: dict[str, int], kind: Kind, display: str,
              problems: Problems, sheet: str = "") -> Component | None:
    def cell(name: str) -> str:
        index = columns.get(name)
        return row[index].strip() if index is not None and index < len(row) else ""

    def at(name: str) -> Location:
        return Location(display, line, columns[name] + 1 if name in columns else 0, sheet)

    extra = next((i for i in range(len(columns), len(row)) if row[i].strip()), None)
    if extra is not None:
        problems.add(Location(display, line, extra + 1, sheet),
                     f"a value in column {extra + 1}, but the header names {len(columns)} columns")
    ident = cell("id")
    what = f"{kind.id} {shown_text(ident)}" if ident else f"a {kind.id}"
    component_id = None
    try:
        component_id = as_id(ident) if ident else None
        if component_id is None:
            problems.add(at("id"), f"missing field 'id' on {what}")
    except Invalid as err:
        problems.add(at("id"), f"field 'id' on {what}: {err}")
    count = 1
    if cell("count"):
        try:
            count = _as_int(cell("count"))
            if count < 0:
                raise Invalid(f"expected a number ≥ 0, got {count}")
        except Invalid as err:
            problems.add(at("count"), f"field 'count' on {what}: {err}")
    values: dict[str, Any] = {}
    for spec in kind.fields:
        if spec.type == "map":
            values[spec.name] = _read_map(spec, cell, at, what, problems)
            continue
        text = cell(spec.name)
        if not text:
            if spec.required:
                problems.add(at(spec.name), f"missing field '{spec.name}' on {what}")
            values[spec.name] = None
            continue
        try:
            values[spec.name] = convert_cell(spec, text)
        except Invalid as err:
            problems.add(at(spec.name), f"field '{spec.name}' on {what}: {err}")
    translations = _read_variants(columns, cell, at, kind, what, problems)
    if component_id is None:
        return None
    return Component(component_id, cell("name") or component_id, kind.id, count, values,
                     cell("front") or kind.front, cell("back") or kind.back,
                     Location(display, line, sheet=sheet),
                     translations=translations or NO_TRANSLATIONS)


def _read_map(spec: FieldSpec, cell: Any, at: Any, what: str, problems: Problems) -> Any:
    assert spec.item is not None
    texts = {key: cell(f"{spec.name}.{key}") for key in spec.keys}
    if not any(texts.values()):
        if spec.required:
            problems.add(at(f"{spec.name}.{spec.keys[0]}"), f"missing field '{spec.name}' on {what}")
        return None
    out = {}
    for key, text in texts.items():
        column = f"{spec.name}.{key}"
        if not text:
            problems.add(at(column), f"field '{spec.name}' on {what}: missing key '{key}'")
            continue
        try:
            out[key] = convert_cell(spec.item, text)
        except Invalid as err:
            problems.add(at(column), f"field '{spec.name}' on {what}: key '{key}': {err}")
    return out


def _as_int(text: str) -> int:
    if not _INT.fullmatch(text):
        raise Invalid(f"expected an integer, got {shown_text(text)}")
    if len(text.lstrip("+-").lstrip("0")) > MAX_INT_DIGITS:
        raise Invalid(f"integer {shown_text(text)} is too large (limit {MAX_INT_DIGITS} digits)")
    return int(text)


def convert_cell(spec: FieldSpec, text: str) -> Any:
    """Check and convert one cell against its field spec (raises :class:`Invalid`)."""
    if spec.type in ("text", "rich"):
        return text
    if spec.type == "int":
        return _as_int(text)
    if spec.type == "bool":
        if text.lower() not in ("true", "false"):
            raise Invalid(f"expected true or false, got {text!r}")
        return text.lower() == "true"
    if spec.type == "choice":
        for choice in spec.choices:
            if str(choice) == text:
                return choice
        shown = [str(c) for c in spec.choices]
        raise Invalid(f"expected one of {', '.join(shown)}, got {text!r}{suggest(text, shown)}")
    assert spec.item is not None
    if spec.type == "list":
        if spec.item.type in ("list", "map"):
            raise Invalid(f"a list of {spec.item.type}s cannot be written in a cell; use YAML")
        items = []
        for index, part in enumerate(_SPLIT.split(text)):
            try:
                items.append(convert_cell(spec.item, part.strip().replace(_ESCAPED_SEPARATOR, LIST_SEPARATOR)))
            except Invalid as err:
                raise Invalid(f"item {index + 1}: {err}") from None
        return tuple(items)
    raise Invalid("a map field takes one column per key: "
                  + ", ".join(f"'{spec.name}.{k}'" for k in spec.keys))
