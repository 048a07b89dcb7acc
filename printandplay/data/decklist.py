"""Deck lists: parsing the text (and YAML) form, formatting the canonical text back.

Text form::

    # comment
    Équipe: Rouges
    Préparation
    1 Avant-Match
    2x Sifflet
    Jeu
    3 Rosalie Gaudet (Rouges)

Sections come from the game's ``deck_format``; header and section names ignore case and
accents and take an optional colon; a card is named by its name (case and accents ignored) or
its id, and a name several cards share takes the qualifier: ``Name (Équipe)``.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from printandplay.data.card_names import (
    CardIndex,
    deck_format_of,
    normalize,
    qualified_name,
    value_label,
)
from printandplay.data.yamlio import LocDict, LocList, load_yaml
from printandplay.errors import (
    DataError,
    DeckSyntaxError,
    Location,
    did_you_mean,
)
from printandplay.model.deck import Deck, DeckEntry, HeaderProblem, UnknownCard
from printandplay.model.game import Game

_COUNT_RE = re.compile(r"^(\d+)\s*[xX×]?\s+(.+)$")

MAX_DECK_FILE = 10 * 1024 * 1024  # bytes: deck and collection files
MAX_COPIES_PER_LINE = 1000  # copies of one card on one line
MAX_DECK_CARDS = 1000  # copies in a whole deck (printing 1000 cards takes seconds)
MAX_LINE_LENGTH = 1000  # characters on one deck line
MAX_DECK_LINES = 10000  # non-empty lines in a deck


def parse_decklist(text: str, game: Game, source: str = "<deck>",
                   index: CardIndex | None = None) -> Deck:
    """Parse the text form of a deck list (see the module docstring).

    Lines that cannot be read raise :class:`DeckSyntaxError` naming the line; names that match
    no card are kept in :attr:`Deck.unknown` so a validator reports them all. ``index`` is a
    :class:`CardIndex` of ``game`` already built (callers parsing many lists against one game
    share it; by default one is built per call).
    """
    return _parse_lines(enumerate(text.splitlines(), start=1), game, source, index)


def _parse_lines(lines: Iterable[tuple[int, str]], game: Game, source: str,
                 index: CardIndex | None = None) -> Deck:
    fmt = deck_format_of(game)
    if index is None:
        index = CardIndex(game, fmt)
    elif index.game is not game:
        raise ValueError("the card index was built for another game")
    sections = {normalize(s): s for s in fmt.sections}
    headers = {normalize(h): field for h, field in fmt.headers.items()}
    section: str | None = None
    values: dict[str, str] = {}
    header_lines: dict[str, int] = {}
    entries: list[DeckEntry] = []
    unknown: list[UnknownCard] = []
    problems: list[HeaderProblem] = []
    total = 0
    seen = 0
    for number, raw in lines:
        line = raw.split("#", 1)[0].strip() if not raw.lstrip().startswith("//") else ""
        if not line:
            continue
        where = Location(source, number)
        seen += 1
        if seen > MAX_DECK_LINES:
            raise DeckSyntaxError(f"{where}: too many lines (a deck list has at most "
                                  f"{MAX_DECK_LINES})")
        if len(line) > MAX_LINE_LENGTH:
            raise DeckSyntaxError(f"{where}: line too long (at most {MAX_LINE_LENGTH} "
                                  f"characters)")
        bare = normalize(line.rstrip(":").strip())
        if bare in sections:
            section = sections[bare]
            continue
        if ":" in line and not _COUNT_RE.match(line):
            key, value = (part.strip() for part in line.split(":", 1))
            if normalize(key) in headers:
                field = headers[normalize(key)]
                found = index.field_value(field, value)
                if field in header_lines:
                    problems.append(HeaderProblem(field, number, (
                        f"a second {key} line ({value}): line {header_lines[field]} already "
                        f"chose one")))
                elif found is None:
                    problems.append(HeaderProblem(field, number, f"unknown {key} {value!r}"
                                                  f"{_known_values(index, field)}"))
                    header_lines[field] = number
                else:
                    values[field] = str(found)
                    header_lines[field] = number
                continue
            known = ", ".join([*fmt.headers, *fmt.sections])
            raise DeckSyntaxError(f"{where}: unknown header {key!r} (expected one of {known})")
        match = _COUNT_RE.match(line)
        if not match:
            raise DeckSyntaxError(
                f"{where}: cannot read {line!r}: expected 'N Name', 'Nx Name' or a section "
                f"({', '.join(fmt.sections)})")
        if section is None:
            raise DeckSyntaxError(
                f"{where}: card before any section (start with {' or '.join(fmt.sections)})")
        digits, name = match.group(1), match.group(2).strip()
        count = int(digits) if len(digits) <= 9 else MAX_COPIES_PER_LINE + 1
        if count == 0:
            raise DeckSyntaxError(f"{where}: a count of 0 (leave the line out instead)")
        if count > MAX_COPIES_PER_LINE:
            raise DeckSyntaxError(f"{where}: {digits[:12]}{'…' if len(digits) > 12 else ''} "
                                  f"copies: at most {MAX_COPIES_PER_LINE} per line")
        total += count
        if total > MAX_DECK_CARDS:
            raise DeckSyntaxError(f"{where}: more than {MAX_DECK_CARDS} cards in the deck")
        component, candidates, reason = index.resolve_why(name)
        if component is not None:
            entries.append(DeckEntry(section, count, component.id, number))
        elif candidates:
            unknown.append(UnknownCard(section, count, name, number,
                                       tuple(qualified_name(c, game) for c in candidates),
                                       True, reason))
        else:
            unknown.append(UnknownCard(section, count, name, number, index.suggestions(name)))
    return Deck(values, tuple(entries), tuple(unknown), header_lines, tuple(problems))


def _known_values(index: CardIndex, field: str) -> str:
    choices = [spec.choices for kind in index.game.kinds.values() for spec in kind.fields
               if spec.name == field]
    values = sorted({str(v) for c in choices for v in c}
                    or {str(c.values[field]) for c in index.game.components
                        if c.values.get(field) is not None})
    names = [value_label(index.fmt, field, v) for v in values]
    return f" (one of {', '.join(names)})" if names else ""


def format_decklist(deck: Deck, game: Game) -> str:
    """The canonical text of a deck: headers, then each section with its cards in the game's
    kind order and by name; copies of a card merged into one line."""
    fmt = deck_format_of(game)
    order = {kind: i for i, kind in enumerate(game.kinds)}
    lines: list[str] = []
    for header, field in fmt.headers.items():
        if field in deck.headers:
            lines.append(f"{header}: {value_label(fmt, field, deck.headers[field])}")
    for section in fmt.sections:
        counts = deck.counts(section)
        if not counts:
            continue
        lines.append(section)
        cards = sorted((game.component(card_id) for card_id in counts),
                       key=lambda c: (order[c.kind], normalize(c.name), c.id))
        lines.extend(f"{counts[c.id]} {qualified_name(c, game)}" for c in cards)
    return "\n".join(lines) + "\n"


def load_deck(path: Path, game: Game, display: str | None = None) -> Deck:
    """Read a deck file: ``.yaml``/``.yml`` in the YAML form, anything else as text."""
    shown = display or str(path)
    if path.suffix.lower() in (".yaml", ".yml"):
        check_input_file(path, shown)
        return _parse_yaml_deck(_load_yaml_file(path, shown), game, shown)
    data = read_input_file(path, shown)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data[:err.start].count(b"\n") + 1
        raise DeckSyntaxError(f"{shown}:{line}: not UTF-8 text") from None
    if "\0" in text:
        raise DeckSyntaxError(f"{shown}: a binary file, not a deck list")
    return parse_decklist(text, game, shown)


def _load_yaml_file(path: Path, shown: str) -> Any:
    """The strict YAML reader, with a last guard against nesting that exhausts the stack."""
    try:
        return load_yaml(path, display=shown)
    except RecursionError:
        raise DeckSyntaxError(f"{shown}: YAML nested too deeply") from None


def check_input_file(path: Path, shown: str, limit: int = MAX_DECK_FILE) -> os.stat_result:
    """Refuse what is not a regular file of at most ``limit`` bytes (devices, FIFOs, folders,
    huge files), before anything opens it."""
    try:
        info = path.stat()
    except FileNotFoundError:
        raise DeckSyntaxError(f"{shown}: file not found") from None
    except (OSError, ValueError) as err:
        raise DeckSyntaxError(f"{shown}: cannot read ({getattr(err, 'strerror', None) or err})"
                              ) from None
    if stat.S_ISDIR(info.st_mode):
        raise DeckSyntaxError(f"{shown}: a folder, not a deck file")
    if not stat.S_ISREG(info.st_mode):
        raise DeckSyntaxError(f"{shown}: not a regular file")
    if info.st_size > limit:
        raise DeckSyntaxError(f"{shown}: too large ({info.st_size / (1024 * 1024):.1f} MB; input "
                              f"files are limited to {limit // (1024 * 1024)} MB)")
    return info


def read_input_file(path: Path, shown: str, limit: int = MAX_DECK_FILE) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes (checked again while reading:
    the file may grow)."""
    check_input_file(path, shown, limit)
    try:  # non-blocking open and a second check on the open file: no FIFO swapped in meanwhile
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise DeckSyntaxError(f"{shown}: not a regular file")
            data = handle.read(limit + 1)
    except OSError as err:
        raise DeckSyntaxError(f"{shown}: cannot read ({err.strerror})") from None
    if len(data) > limit:
        raise DeckSyntaxError(f"{shown}: too large (input files are limited to "
                              f"{limit // (1024 * 1024)} MB)")
    return data


def _parse_yaml_deck(data: Any, game: Game, source: str) -> Deck:
    """The YAML form: header keys, and each section as a list of 'N Name' or a mapping."""
    if not isinstance(data, LocDict):
        raise DeckSyntaxError(f"{source}: a YAML deck must be a mapping of headers and sections")
    lines: list[tuple[int, str]] = []
    for key, value in data.items():
        line = data.at(key).line
        if isinstance(value, LocList):
            lines.append((line, key))
            for i, item in enumerate(value):
                if isinstance(item, bool) or not isinstance(item, (str, int)):
                    raise DeckSyntaxError(f"{value.at(i)}: expected a line such as "
                                          f"'2 Sifflet', got a "
                                          f"{'list' if isinstance(item, list) else 'mapping' if isinstance(item, dict) else type(item).__name__}")
                lines.append((value.at(i).line, str(item)))
        elif isinstance(value, LocDict):
            lines.append((line, key))
            for name, count in value.items():
                if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                    raise DeckSyntaxError(f"{value.at(name)}: the count of {name!r} must be a "
                                          f"whole number")
                lines.append((value.at(name).line, f"{count} {name}"))
        elif isinstance(value, (str, int)):
            lines.append((line, f"{key}: {value}"))
        else:
            raise DeckSyntaxError(f"{Location(source, line)}: cannot read {key!r}")
    return _parse_lines(lines, game, source)


def load_collection(path: Path, game: Game, display: str | None = None) -> dict[str, int]:
    """A YAML mapping of card names (or ids) to owned copies → copies per card id."""
    shown = display or str(path)
    check_input_file(path, shown)
    data = _load_yaml_file(path, shown)
    if not isinstance(data, LocDict):
        raise DataError(Location(shown), "a collection must map card names to owned copies")
    index = CardIndex(game, deck_format_of(game))
    owned: dict[str, int] = {}
    for name, count in data.items():
        component, candidates = index.resolve(str(name))
        if component is None:
            hint = (f" (say which: {', '.join(qualified_name(c, game) for c in candidates)})"
                    if candidates else did_you_mean(index.suggestions(str(name))))
            raise DataError(data.at(name), f"unknown card {name!r}{hint}")
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise DataError(data.at(name), f"owned copies of {name!r} must be a number ≥ 0")
        owned[component.id] = owned.get(component.id, 0) + count
    return owned
