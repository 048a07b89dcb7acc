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

import re
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


def parse_decklist(text: str, game: Game, source: str = "<deck>") -> Deck:
    """Parse the text form of a deck list (see the module docstring).

    Lines that cannot be read raise :class:`DeckSyntaxError` naming the line; names that match
    no card are kept in :attr:`Deck.unknown` so a validator reports them all.
    """
    return _parse_lines(enumerate(text.splitlines(), start=1), game, source)


def _parse_lines(lines: Iterable[tuple[int, str]], game: Game, source: str) -> Deck:
    fmt = deck_format_of(game)
    index = CardIndex(game, fmt)
    sections = {normalize(s): s for s in fmt.sections}
    headers = {normalize(h): field for h, field in fmt.headers.items()}
    section: str | None = None
    values: dict[str, str] = {}
    header_lines: dict[str, int] = {}
    entries: list[DeckEntry] = []
    unknown: list[UnknownCard] = []
    problems: list[HeaderProblem] = []
    for number, raw in lines:
        line = raw.split("#", 1)[0].strip() if not raw.lstrip().startswith("//") else ""
        if not line:
            continue
        where = Location(source, number)
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
        count, name = int(match.group(1)), match.group(2).strip()
        if count == 0:
            raise DeckSyntaxError(f"{where}: a count of 0 (leave the line out instead)")
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
        return _parse_yaml_deck(load_yaml(path, display=shown), game, shown)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise DeckSyntaxError(f"{shown}: file not found") from None
    except UnicodeDecodeError:
        raise DeckSyntaxError(f"{shown}: not UTF-8 text") from None
    except OSError as err:
        raise DeckSyntaxError(f"{shown}: cannot read ({err.strerror})") from None
    return parse_decklist(text, game, shown)


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
                lines.append((value.at(i).line, str(item)))
        elif isinstance(value, LocDict):
            lines.append((line, key))
            for name, count in value.items():
                if isinstance(count, bool) or not isinstance(count, int):
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
    data = load_yaml(path, display=shown)
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
