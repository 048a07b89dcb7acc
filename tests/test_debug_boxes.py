"""``build --debug-boxes``: box outlines with names, trim, bleed and safe zone."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_runner import CliRunner
from helpers import KITS_GROUP, bundled_assets
from pypdf import PdfReader
from small_games import add_small_game

from printandplay.cli import app
from printandplay.layout import debug
from printandplay.model.game import DocumentSection
from printandplay.model.ops import GroupOp, Op, RectOp, TextOp
from printandplay.planning.options import BuildOptions
from printandplay.planning.planner import KitPlanner

pytestmark = pytest.mark.xdist_group(KITS_GROUP)  # Charlie as the kits' files load it


def _flat(ops: tuple[Op, ...]) -> list[Op]:
    out: list[Op] = []
    for op in ops:
        out.extend(_flat(op.ops) if isinstance(op, GroupOp) else [op])
    return out


def test_every_box_is_outlined_and_named_on_faces() -> None:
    assets = bundled_assets("charlie")
    plain = KitPlanner(assets, BuildOptions())
    debugged = KitPlanner(assets, BuildOptions(debug_boxes=True))
    component = assets.game.components[0]
    layout = assets.designs[component.front]
    face = debugged.face(component, component.front, "front")
    before = plain.face(component, component.front, "front")
    assert face.ops[:len(before.ops)] == before.ops  # drawn over the face, nothing moved
    extra = _flat(face.ops[len(before.ops):])
    names = [op.text for op in extra if isinstance(op, TextOp)]
    assert names == [box.name for box in layout.boxes]
    strokes = {op.stroke for op in extra if isinstance(op, RectOp)}
    assert {debug.BOX, debug.TRIM, debug.BLEED, debug.SAFE} <= strokes


def test_documents_show_the_frame_and_blocks() -> None:
    assets = bundled_assets("charlie")
    planner = KitPlanner(assets, BuildOptions(debug_boxes=True))
    section = next(s for s in assets.game.kit if isinstance(s, DocumentSection))
    page = planner.documents.pages(section)[0][0]
    labels = [op.text for op in _flat(page.ops) if isinstance(op, TextOp)
              and op.color == debug.BOX]
    assert "heading 1" in labels
    assert any(label.startswith("paragraph (line ") for label in labels)


def test_cli_writes_a_separate_debug_pdf(tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    # the file's name, shown on the small Arcanes game (18 cards) rather than a bundled kit
    add_small_game(tmp_path / "work", "arcanes")
    monkeypatch.chdir(tmp_path / "work")
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["build", "arcanes", "--debug-boxes", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == str(out / "arcanes-debug-a4.pdf")
    assert not (out / "arcanes-a4.pdf").exists()
    reader = PdfReader(out / "arcanes-debug-a4.pdf")
    assert len(reader.pages) > 1
