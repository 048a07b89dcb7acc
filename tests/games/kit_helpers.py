"""Helpers shared by the game kit tests: the `cards --format json` records, a kit copy."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from printandplay.cli import app

ROOT = Path(__file__).resolve().parents[2]


def component_records(game: str) -> list[dict[str, Any]]:
    """What `printandplay cards GAME --format json` prints, parsed."""
    result = CliRunner().invoke(app, ["cards", game, "--format", "json"])
    assert result.exit_code == 0, result.output
    records: list[dict[str, Any]] = json.loads(result.output)
    return records


def of_type(records: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    """The records of one kind."""
    return [r for r in records if r["type"] == kind]


def copies(records: list[dict[str, Any]]) -> int:
    """Copies in the kit of these records."""
    return sum(r["count"] for r in records)


def copy_kit(game: str, folder: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Copy a game's data and templates into ``folder`` and work there (that copy wins)."""
    shutil.copytree(ROOT / "cards" / game, folder / "cards" / game)
    shutil.copytree(ROOT / "templates" / game, folder / "templates" / game)
    monkeypatch.chdir(folder)
    return folder
