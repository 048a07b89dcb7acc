"""Rule violations as values: what a check or a validator returns."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any


class Severity(str, Enum):
    """How serious a violation is."""

    ERROR = "error"
    """The thing checked breaks a rule: a deck is illegal, a kit is wrong."""
    WARNING = "warning"
    """Legal but odd: worth a look."""


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule: its id (from the game's rules digest), a message, and the evidence."""

    rule: str
    message: str
    severity: Severity = Severity.ERROR
    expected: Any = None
    actual: Any = None
    cards: tuple[str, ...] = ()
    line: int | None = None

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready form (absent evidence left out)."""
        out: dict[str, Any] = {"rule": self.rule, "message": self.message}
        if self.expected is not None:
            out["expected"] = self.expected
        if self.actual is not None:
            out["actual"] = self.actual
        if self.cards:
            out["cards"] = list(self.cards)
        if self.line is not None:
            out["line"] = self.line
        return out


@dataclass(frozen=True, slots=True)
class Report:
    """Every violation found, and counts worth showing: ``counts`` by name (copies or
    cards), ``sums`` what the rules measuring a field's sum found (``{"rule", "field",
    "sum"}``, e.g. the influence a deck spends)."""

    violations: tuple[Violation, ...] = ()
    counts: dict[str, Any] = field(default_factory=dict)
    sums: list[dict[str, Any]] = field(default_factory=list)

    @property
    def errors(self) -> list[Violation]:
        """The violations that make the thing invalid."""
        return [v for v in self.violations if v.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Violation]:
        """Legal but odd."""
        return [v for v in self.violations if v.severity is Severity.WARNING]

    @property
    def is_valid(self) -> bool:
        """True when there is no error (warnings allowed)."""
        return not self.errors

    def as_dict(self) -> dict[str, Any]:
        """``{"valid", "errors", "warnings", "counts"}``, and ``"sums"`` when a rule
        measures one."""
        return {
            "valid": self.is_valid,
            "errors": [v.as_dict() for v in self.errors],
            "warnings": [v.as_dict() for v in self.warnings],
            "counts": self.counts,
            **({"sums": self.sums} if self.sums else {}),
        }

    def format_summary(self) -> str:
        """The counts and sums in one line: ``deck 45, projets 9; influence 12 (RES-INFLUENCE)``."""
        counts = ", ".join(f"{k} {v}" for k, v in self.counts.items())
        sums = ", ".join(f"{s['field']} {s['sum']} ({s['rule']})" for s in self.sums)
        return "; ".join(part for part in (counts, sums) if part)
