"""The rows of an XLSX workbook, read through openpyxl (``pip install openpyxl``).

The first sheet holds the table, or the sheet a game names (``sheet:``), so that one workbook
holds every kind; numbers and booleans come as the spreadsheet shows them
(``3``, ``true``). Before openpyxl parses anything, the archive is checked: its unpacked size is
bounded and no XML part may declare a DOCTYPE (entities, external DTDs). A formula whose value
was never computed (a workbook written by a program, never opened in a spreadsheet) is refused
with its cell, not read as an empty cell; so is a first sheet left empty while another holds
the data.
"""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printandplay.data.files import read_bytes
from printandplay.data.limits import (
    MAX_TABLE_COLUMNS,
    MAX_TABLE_ROWS,
    MAX_UNPACKED_BYTES,
    megabytes,
)
from printandplay.errors import DataError, Location, suggest

Rows = list[tuple[int, list[str]]]  # (line, cells)
_DOCTYPES = tuple(re.compile(re.escape("<!DOCTYPE".encode(codec)), re.IGNORECASE)
                  for codec in ("utf-8", "utf-16-le", "utf-16-be"))
_FORMULA = re.compile(rb"<(?:\w+:)?f[ >/]")


def check_rows(count: int, display: str, line: int = 0, columns: int = 0,
               sheet: str = "") -> None:
    """Refuse a table of more than :data:`MAX_TABLE_ROWS` rows, or a row (``count``, starting
    on ``line``) of more than :data:`MAX_TABLE_COLUMNS` cells (of workbook sheet ``sheet``)."""
    if count > MAX_TABLE_ROWS:
        raise DataError(Location(display, line or count, sheet=sheet),
                        f"more than {MAX_TABLE_ROWS:,} rows (the limit of a component table)")
    if columns > MAX_TABLE_COLUMNS:
        raise DataError(Location(display, line or count, sheet=sheet),
                        f"{columns:,} cells in a row; the limit of a component table is "
                        f"{MAX_TABLE_COLUMNS:,} columns")


def _xlsx_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _check_archive(data: bytes, display: str) -> bool:
    """Check the archive's size and XML parts; whether a part holds a formula."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = archive.infolist()
    except (zipfile.BadZipFile, ValueError):
        return False  # openpyxl reports it
    unpacked = sum(item.file_size for item in members)
    if unpacked > MAX_UNPACKED_BYTES:
        raise DataError(Location(display), f"workbook unpacks to {megabytes(unpacked)}; "
                                           f"the limit is {megabytes(MAX_UNPACKED_BYTES)}")
    formulas = False
    for item in members:
        try:
            part = archive.read(item)
        except Exception:  # a broken member: openpyxl reports the workbook unreadable
            continue
        if any(doctype.search(part) for doctype in _DOCTYPES):
            raise DataError(Location(display), f"part '{item.filename}' of the workbook "
                            "declares a DOCTYPE (entities or an external DTD), which is not "
                            "allowed; save the workbook again from a spreadsheet")
        formulas = formulas or (item.filename.startswith("xl/worksheets/")
                                and _FORMULA.search(part) is not None)
    return formulas


def _open(openpyxl: Any, data: bytes, display: str, values: bool) -> Any:
    try:
        return openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=values)
    except Exception as err:  # openpyxl raises many kinds of errors on a broken file
        raise DataError(Location(display), f"not a readable XLSX workbook ({err})") from None


def _sheet_rows(workbook: Any, index: int, display: str) -> list[tuple[Any, ...]]:
    """The rows of a sheet, each without its trailing empty cells (a sheet's declared size,
    often far wider than its data, is not trusted)."""
    try:
        sheet = workbook.worksheets[index]
        sheet.reset_dimensions()
        rows = []
        for number, values in enumerate(sheet.iter_rows(values_only=True), start=1):
            width = len(values)
            while width and (values[width - 1] is None or values[width - 1] == ""):
                width -= 1
            check_rows(number, display, columns=width, sheet=sheet.title)
            rows.append(tuple(values[:width]))
        return rows
    except DataError:
        raise
    except Exception as err:  # a broken sheet part
        raise DataError(Location(display), f"not a readable XLSX workbook ({err})") from None


def _check_formulas(workbook: Any, display: str, rows: list[tuple[Any, ...]],
                    index: int, title: str) -> None:
    """Refuse a formula cell of sheet ``index`` (of ``workbook``, opened with its formulas)
    whose computed value the workbook does not hold."""
    for number, cells in enumerate(_sheet_rows(workbook, index, display), start=1):
        for column, cell in enumerate(cells, start=1):
            shown = rows[number - 1][column - 1] if number <= len(rows) and \
                column <= len(rows[number - 1]) else None
            if isinstance(cell, str) and cell.startswith("=") and shown is None:
                raise DataError(Location(display, number, column, title),
                                f"the cell holds the formula {cell[:40]!r} but no "
                                "computed value (a workbook never opened in a "
                                "spreadsheet); open and save it in a spreadsheet, or "
                                "write the value")


def _blank(rows: list[tuple[Any, ...]]) -> bool:
    return not any(value is not None and str(value).strip() for row in rows for value in row)


def read_xlsx_rows(path: Path, display: str) -> Rows:
    """The rows of the first sheet of an XLSX workbook, each with its row number."""
    return read_xlsx_sheet(path, display)[1]


def read_xlsx_sheet(path: Path, display: str, sheet: str | None = None) -> tuple[str, Rows]:
    """The title and rows of a sheet of an XLSX workbook (the one named ``sheet``, else the
    first), each row with its number. To read several sheets of one workbook, open it once
    with :class:`Workbooks`."""
    with Workbooks() as workbooks:
        return workbooks.sheet(path, display, sheet)


@dataclass
class _Opened:
    """One workbook, opened: its checked bytes, its values and (when it has formulas) its
    formulas, or the error opening it raised."""

    data: bytes = b""
    formulas: bool = False
    values: Any = None
    cells: Any = None  # the formulas, opened on the first sheet that needs them
    error: DataError | None = None


class Workbooks:
    """The workbooks read while one game loads, each opened once however many sheets are read
    from it (keyed by path, modification time and size: a workbook saved again meanwhile is
    read again). A context manager: closing it closes them. No state outlives it."""

    def __init__(self) -> None:
        self._opened: dict[tuple[Path, int, int], _Opened] = {}
        self.opens = 0  # how many times a workbook was opened (read and parsed)

    def __enter__(self) -> Workbooks:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        """Close every workbook opened."""
        for opened in self._opened.values():
            for workbook in (opened.values, opened.cells):
                if workbook is not None:
                    workbook.close()
        self._opened.clear()

    def sheet(self, path: Path, display: str, sheet: str | None = None) -> tuple[str, Rows]:
        """The title and rows of a sheet of the workbook ``path`` (the one named ``sheet``,
        else the first), each row with its number."""
        try:
            import openpyxl
        except ImportError:
            raise DataError(Location(display), "reading .xlsx files needs openpyxl (pip "
                            "install openpyxl), or export the sheet as CSV") from None
        opened = self._open(openpyxl, path, display)
        workbook = opened.values
        titles = [str(s.title) for s in workbook.worksheets]
        index = _sheet_index(titles, sheet, display)
        rows = _sheet_rows(workbook, index, display)
        if _blank(rows) and sheet is None:
            for other in range(1, len(workbook.worksheets)):
                if not _blank(_sheet_rows(workbook, other, display)):
                    raise DataError(Location(display), f"the first sheet is empty, but sheet "
                                    f"'{titles[other]}' holds data; the table must be on the "
                                    f"first sheet, or name it: {{file: ..., kind: ..., sheet: "
                                    f"{titles[other]}}}")
        if opened.formulas:
            if opened.cells is None:
                opened.cells = _open(openpyxl, opened.data, display, values=False)
            _check_formulas(opened.cells, display, rows, index, titles[index])
        return titles[index], [(number, [_xlsx_text(v) for v in values])
                               for number, values in enumerate(rows, start=1)]

    def _open(self, openpyxl: Any, path: Path, display: str) -> _Opened:
        try:
            stat = path.stat()
            key = (path.resolve(), stat.st_mtime_ns, stat.st_size)
        except OSError:  # read_bytes says what is wrong
            key = (path, -1, -1)
        opened = self._opened.get(key)
        if opened is None:
            opened = self._opened[key] = _Opened()
            self.opens += 1
            try:
                opened.data = read_bytes(path, display)
                opened.formulas = _check_archive(opened.data, display)
                opened.values = _open(openpyxl, opened.data, display, values=True)
            except DataError as err:
                opened.error = err
        if opened.error is not None:
            raise opened.error
        return opened


def _sheet_index(titles: list[str], sheet: str | None, display: str) -> int:
    """The index of the sheet named ``sheet`` (the first when ``None``)."""
    if sheet is None:
        if not titles:
            raise DataError(Location(display), "the workbook has no sheet")
        return 0
    if sheet in titles:
        return titles.index(sheet)
    folded = [t.casefold() for t in titles]
    hint = (f" (did you mean '{titles[folded.index(sheet.casefold())]}'?)"
            if sheet.casefold() in folded else suggest(sheet, titles))
    raise DataError(Location(display), f"no sheet '{sheet}' in the workbook{hint}; its sheets: "
                                       f"{', '.join(titles)}")
