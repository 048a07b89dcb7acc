"""The exceptions that cross the library boundary.

Every error caused by bad input is a :class:`PrintAndPlayError`; the CLI turns it into one
clear line per problem and exit code 2. Rule violations are *not* exceptions: validators
return them as values.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path


class PrintAndPlayError(Exception):
    """Base class of every error caused by bad input (data, options, files)."""

    exit_code = 2

    def problems(self) -> list[str]:
        """One line per problem, ready to print."""
        return [str(self)]


@dataclass(frozen=True, slots=True)
class Location:
    """Where a value came from: a file, a 1-based line (0 when unknown) and, in a CSV file, a
    1-based column (0 when unknown). In a workbook, ``sheet`` names the sheet, the line is its
    row and the place is shown as a spreadsheet names it: ``crew.xlsx, Tides!E4``."""

    path: Path | str
    line: int = 0
    column: int = 0
    sheet: str = ""

    def __str__(self) -> str:
        if self.sheet:
            return f"{self.path}, {cell_name(self.sheet, self.line, self.column)}"
        if not self.line:
            return str(self.path)
        return f"{self.path}:{self.line}:{self.column}" if self.column else f"{self.path}:{self.line}"


def column_letters(column: int) -> str:
    """A 1-based column as a spreadsheet names it: 1 → ``A``, 27 → ``AA``."""
    letters = ""
    while column > 0:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def cell_name(sheet: str, row: int, column: int = 0) -> str:
    """A cell as a spreadsheet names it (``Tides!E4``, ``'My crew'!B2``), a row
    (``Tides row 4``) or the sheet (``sheet Tides``) when the row is unknown."""
    quoted = sheet if re.fullmatch(r"\w+", sheet) else "'" + sheet.replace("'", "''") + "'"
    if not row:
        return f"sheet {quoted}"
    if not column:
        return f"{quoted} row {row}"
    return f"{quoted}!{column_letters(column)}{row}"


class DataError(PrintAndPlayError):
    """Invalid game data: the message starts with ``file:line:``."""

    def __init__(self, location: Location | None, message: str) -> None:
        self.location = location
        self.message = message
        super().__init__(f"{location}: {message}" if location else message)


class DataErrors(PrintAndPlayError):
    """Several data errors found in one pass, reported together."""

    def __init__(self, errors: list[DataError]) -> None:
        self.errors = errors
        super().__init__("\n".join(str(e) for e in errors))

    def problems(self) -> list[str]:
        return [str(e) for e in self.errors]


class DeckSyntaxError(PrintAndPlayError):
    """A deck file that cannot be read; the message names the file and line."""


class UnknownGameError(PrintAndPlayError):
    """A game id that no cards/<game>/ folder provides."""


class LayoutError(PrintAndPlayError):
    """A face that cannot be laid out: text that does not fit, a missing icon, a bad value."""


class OptionError(PrintAndPlayError):
    """A command-line option with a value that makes no sense."""


class CheckFailed(PrintAndPlayError):
    """A rules check failed (a kit's composition, a deck): exit code 1, one line per problem."""

    exit_code = 1

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        super().__init__("\n".join(lines))

    def problems(self) -> list[str]:
        return list(self.lines)


def close_matches(word: str, candidates: Iterable[str], *, n: int = 3) -> tuple[str, ...]:
    """The candidates closest to ``word`` (at most ``n``, best first), for "did you mean"."""
    import difflib  # only when a name is wrong: not at start-up

    return tuple(difflib.get_close_matches(word, list(candidates), n=n, cutoff=0.6))


def did_you_mean(names: Iterable[str]) -> str:
    """A `` (did you mean 'a' or 'b'?)`` suffix naming ``names``, or ``""`` when there are none."""
    shown = " or ".join(repr(name) for name in names)
    return f" (did you mean {shown}?)" if shown else ""


def suggest(word: str, candidates: Iterable[str]) -> str:
    """The "did you mean" suffix for ``word`` among ``candidates`` (``""`` when none is close)."""
    return did_you_mean(close_matches(word, candidates))
