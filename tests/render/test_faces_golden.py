"""Recorded drawing operations of real faces, compared with golden files."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from helpers import bundled_assets

from printandplay.model.ops import format_op
from printandplay.planning.options import BuildOptions
from printandplay.planning.planner import KitPlanner


@pytest.fixture(scope="module")
def planner() -> KitPlanner:
    return KitPlanner(bundled_assets("charlie"), BuildOptions())  # (read only: shared)


FACES = [
    ("CHA-PONT-3", "front"),
    ("CHA-PONT-3", "back"),
    ("CHA-DEPART", "back"),
    ("CHA-LIC-GRISE", "front"),
    ("CHA-BANANE-3", "front"),
    ("CHA-TV", "back"),
    ("CHA-AIDE", "front"),
]


def face_dump(planner: KitPlanner, component_id: str, side: str) -> str:
    """One line for the face, then one per drawing op (nested ops indented)."""
    component = planner.assets.game.component(component_id)
    layout = component.front if side == "front" else component.back
    assert layout is not None
    face = planner.face(component, layout, side)
    lines = [f"face {component_id} {side} layout={layout} w={face.width:.2f} "
             f"h={face.height:.2f} bleed={face.bleed:.2f} shape={face.shape}"]
    for op in face.ops:
        lines.extend(format_op(op))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("component_id", "side"), FACES)
def test_face_ops_match_golden(planner: KitPlanner, golden: Callable[[str, str], None],
                               component_id: str, side: str) -> None:
    golden(f"face-{component_id}-{side}.ops.txt", face_dump(planner, component_id, side))


def test_copies_share_one_face(planner: KitPlanner) -> None:
    banana = planner.assets.game.component("CHA-BANANE-1")
    assert banana.count == 20
    assert planner.face(banana, banana.front, "front") is planner.face(banana, banana.front,
                                                                        "front")


def test_face_text_stays_in_safe_zone(planner: KitPlanner) -> None:
    """Every text op of every tile front lies inside the trim minus the 3 mm safe margin."""
    from printandplay.model.ops import GroupOp, TextOp

    game = planner.assets.game
    margin = game.kinds["tuile"].safe_margin
    for component in game.components_of("tuile"):
        face = planner.face(component, component.front, "front")
        for group in (op for op in face.ops if isinstance(op, GroupOp)):
            dx, dy = group.transform[4], group.transform[5]
            for op in group.ops:
                if isinstance(op, TextOp):
                    assert op.x + dx >= margin - 0.01
                    assert op.y + dy >= margin - 0.01
                    assert op.y + dy <= face.height - margin


OTHER_FACES = [
    ("licum", "LIC-IMPRO-HOMARD", "front"),
    ("licum", "LIC-IMP-BLEUS-ROSALIE-GAUDET", "front"),
    ("licum", "LIC-DIF-RUDESSE", "back"),
    ("sorciers", "SOR-CIB-GAUCHE-2", "front"),
    ("sorciers", "SOR-JETON", "back"),
    ("limits", "LIM-L01", "front"),
    ("limits", "LIM-L01", "back"),
    ("oups", "OUPS-V-COEUR", "front"),
]


@pytest.mark.parametrize(("game", "component_id", "side"), OTHER_FACES)
def test_other_games_faces_match_golden(golden: Callable[[str, str], None], game: str,
                                        component_id: str, side: str) -> None:
    planner = KitPlanner(bundled_assets(game), BuildOptions())
    golden(f"face-{component_id}-{side}.ops.txt", face_dump(planner, component_id, side))
