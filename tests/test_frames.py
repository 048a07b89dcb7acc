"""Line art keeps clear of the cut (issue 28): the bundled kits' frames and rings lie at least
3 mm inside the trim, and a build warns when a layout's line comes closer to the cut than its
kind's safe zone."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import bundled_assets, copy_kit, replace_once
from typer.testing import CliRunner

from printandplay.cli import app
from printandplay.layout.face_geometry import line_art_near_cut

MM = 72 / 25.4
GAMES = ["charlie", "licum", "sorciers", "limits", "oups"]


@pytest.mark.parametrize("game", GAMES)
def test_bundled_frames_and_rings_lie_3_mm_inside_the_trim(game: str) -> None:
    assets = bundled_assets(game)
    kinds = assets.game.kinds
    used = {(c.front, c.kind) for c in assets.game.components}
    used |= {(c.back, c.kind) for c in assets.game.components if c.back}
    checked = 0
    for layout, kind in sorted(used):
        design = assets.designs[layout]
        for version in (design, design.ink_saver):
            if version is not None:
                checked += 1
                assert line_art_near_cut(version, kinds[kind], 3 * MM) == [], layout
    assert checked > 3


def test_a_frame_too_near_the_cut_warns_with_its_distance(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    work = copy_kit("oups", tmp_path / "work", monkeypatch)
    layouts = work / "templates" / "oups" / "layouts.yaml"
    replace_once(layouts, "cadre: {x: 3.25mm, y: 3.25mm, width: 56.5mm, height: 81.5mm",
                 "cadre: {x: 1.5mm, y: 1.5mm, width: 60mm, height: 85mm")
    line = next(i for i, row in enumerate(layouts.read_text("utf-8").splitlines(), 1)
                if "cadre: {x: 1.5mm" in row)
    result = CliRunner().invoke(app, ["build", "oups", "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    # 1.5 mm less half of the 1.2 pt line: 1.29 mm
    assert (f"warning: templates/oups/layouts.yaml:{line}: the line of box 'cadre' of layout "
            "'dos' comes 1.3 mm from the cut of kind 'carte' (its safe zone is 3.0 mm)"
            in result.stderr), result.stderr
    assert result.stderr.count("of layout 'dos' comes") == 1  # once, not per card
