"""A deck list: header values and counted cards in sections, each with the line it came from."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class DeckEntry:
    """``count`` copies of one card in one section; ``line`` is 1-based in the source."""

    section: str
    count: int
    card_id: str
    line: int = 0


@dataclass(frozen=True, slots=True)
class UnknownCard:
    """A deck line whose name matches no card (or several): kept to be reported."""

    section: str
    count: int
    name: str
    line: int
    suggestions: tuple[str, ...] = ()
    ambiguous: bool = False
    reason: str = ""  # why the name matched nothing, when the suggestions do not say it


@dataclass(frozen=True, slots=True)
class HeaderProblem:
    """A header line the deck cannot use (unknown value, header given twice): a rules error."""

    field: str
    line: int
    message: str


@dataclass(frozen=True, slots=True)
class Deck:
    """A parsed deck: header values (by field), entries, names that matched nothing."""

    headers: Mapping[str, str] = field(default_factory=dict)
    entries: tuple[DeckEntry, ...] = ()
    unknown: tuple[UnknownCard, ...] = ()
    header_lines: Mapping[str, int] = field(default_factory=dict)
    header_problems: tuple[HeaderProblem, ...] = ()

    def counts(self, section: str | None = None) -> dict[str, int]:
        """Copies per card id (in one section, or in all)."""
        out: dict[str, int] = {}
        for entry in self.entries:
            if section is None or entry.section == section:
                out[entry.card_id] = out.get(entry.card_id, 0) + entry.count
        return out

