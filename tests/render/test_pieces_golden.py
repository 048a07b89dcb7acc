"""Recorded drawing operations of the example games' pieces (a hexagonal tile, a triangle and
its back on a turned sheet, a die's net, a board's grid and track), compared with golden
files (``--update-golden`` rewrites them)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from printandplay.kit.assets import load_assets
from printandplay.model.ops import format_op
from printandplay.model.shape_words import parse_shape
from printandplay.planning.options import BuildOptions
from printandplay.planning.planner import KitPlanner
from printandplay.project import Resources

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"

FACES = [
    ("tuiles", "TUI-MONTAGNE", "front"),
    ("tuiles", "ALE-1", "front"),
    ("des", "DE-ACTIONS", "front"),
    ("des", "D4-CHIFFRES", "front"),
    ("des", "D8-CHIFFRES", "front"),
    ("des", "D12-CHIFFRES", "front"),
    ("plateau", "PLA-1", "front"),
    ("plateau", "PIS-1", "front"),
    ("plateau", "PAR-1", "front"),
]


def _planner(game: str) -> KitPlanner:
    return KitPlanner(load_assets(Resources((EXAMPLES, ROOT)), game), BuildOptions())


def _dump(planner: KitPlanner, component_id: str, side: str, mirrored: bool = False) -> str:
    component = planner.assets.game.component(component_id)
    layout = component.front if side == "front" else component.back
    assert layout is not None
    kind = planner.assets.game.kinds[component.kind]
    shape = kind.shape.mirrored(False, True) if mirrored else None
    face = planner.placer.face(component, layout, side, shape)
    lines = [f"face {component_id} {side} layout={layout} w={face.width:.2f} "
             f"h={face.height:.2f} bleed={face.bleed:.2f} shape={face.shape}"]
    for op in face.ops:
        lines.extend(format_op(op))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("game", "component_id", "side"), FACES)
def test_piece_ops_match_golden(golden: Callable[[str, str], None], game: str,
                                component_id: str, side: str) -> None:
    golden(f"piece-{component_id}-{side}.ops.txt", _dump(_planner(game), component_id, side))


def test_triangle_back_on_a_turned_sheet(golden: Callable[[str, str], None]) -> None:
    """The back of a triangle seen through a sheet turned top to bottom: pointing down."""
    planner = _planner("tuiles")
    assert planner.assets.game.kinds["alerte"].shape == parse_shape("triangle")
    golden("piece-ALE-1-back-turned.ops.txt", _dump(planner, "ALE-1", "back", mirrored=True))
