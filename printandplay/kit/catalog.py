"""Plain descriptions of games and components, for listings and JSON (no rendering)."""

from __future__ import annotations

from typing import Any

from printandplay.model.game import Game


def component_records(game: Game) -> list[dict[str, Any]]:
    """One JSON-ready object per component: id, name, type, count, then the game's fields."""
    records = []
    for component in game.components:
        record: dict[str, Any] = {
            "id": component.id,
            "name": component.name,
            "type": component.kind,
            "count": component.count,
        }
        for key, value in component.values.items():
            record[key] = _plain(value)
        records.append(record)
    return records


def kind_summary(game: Game) -> list[tuple[str, int]]:
    """Each kind's label and its number of copies in the kit, in declaration order."""
    return [(kind.label, game.count(kind.id)) for kind in game.kinds.values()]


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value
