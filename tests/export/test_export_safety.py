"""``export`` on hostile inputs (issue 26): names that a spreadsheet would run as formulas,
the debris of a killed export, and progress on long exports."""

from __future__ import annotations

import csv
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml
from helpers import load_yaml
from small_games import add_small_game
from typer.testing import CliRunner

from printandplay.cli import app
from printandplay.export.png import export_png
from printandplay.export.print_shop import spreadsheet_safe
from printandplay.project import Resources

runner = CliRunner()
DPI = 40
HOSTILE_NAMES = {"T-VOLCAN": "=cmd|' /C calc'!A0", "T-LAGON": "+SUM(1+1)", "T-CIME": "@A1",
                 "T-FALAISE": "-2+3"}


def _terres(root: Path, names: dict[str, str] | None = None) -> Path:
    """The four Terres of the small Arcanes game as the game ``terres`` of ``root`` (their
    names replaced by ``names``); returns ``root``."""
    game_yaml = add_small_game(root, "terres")
    game = load_yaml(game_yaml)
    del game["deck_format"], game["deck_rules"]
    game["components"] = ["terres.yaml"]
    game_yaml.write_text(yaml.safe_dump(game, allow_unicode=True, sort_keys=False),
                         encoding="utf-8")
    if names:
        terres = game_yaml.parent / "terres.yaml"
        data = load_yaml(terres)
        for card in data["cards"]:
            card["name"] = names.get(card["id"], card["name"])
        terres.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False),
                          encoding="utf-8")
    return root


def _dead_pid() -> int:
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


@pytest.mark.parametrize(("cell", "escaped"), [
    ("=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"), ("+SUM(1+1)", "'+SUM(1+1)"),
    ("@A1", "'@A1"), ("-2+3", "'-2+3"), ("\tTAB", "'\tTAB"), ("\rCR", "'\rCR"),
    ("Volcan", "Volcan"), ("a=b", "a=b"), ("", ""), (3, 3), (-2.5, -2.5)])
def test_spreadsheet_safe_escapes_formula_starts(cell: object, escaped: object) -> None:
    assert spreadsheet_safe(cell) == escaped


def test_print_shop_csv_manifest_escapes_formulas(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(_terres(tmp_path, HOSTILE_NAMES))
    result = runner.invoke(app, ["export", "terres", "--print-shop", "shop", "--manifest",
                                 "csv"])
    assert result.exit_code == 0, result.output
    with (tmp_path / "shop" / "manifest.csv").open(encoding="utf-8", newline="") as stream:
        rows = {row["id"]: row for row in csv.DictReader(stream)}
    assert {cid: rows[cid]["name"] for cid in HOSTILE_NAMES} == {
        cid: "'" + name for cid, name in HOSTILE_NAMES.items()}
    assert all(not row[key].startswith(("=", "+", "-", "@"))
               for row in rows.values() for key in row)
    # the JSON manifest is data, not a spreadsheet: names as they are
    result = runner.invoke(app, ["export", "terres", "--print-shop", "shop"])
    assert result.exit_code == 0, result.output
    items = load_yaml(tmp_path / "shop" / "manifest.json")["items"]
    assert {item["id"]: item["name"] for item in items} == HOSTILE_NAMES


def test_png_export_sweeps_what_a_killed_export_left(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A kill -9 mid-export leaves ``.ID.png.<pid>.<random>.tmp``: the next export of that
    file removes it (and the files of a live process, or not ours, stay)."""
    monkeypatch.chdir(_terres(tmp_path))
    folder = tmp_path / "png"
    folder.mkdir()
    dead = _dead_pid()
    stale = [folder / f".T-VOLCAN.png.{dead}.k1ll3d.tmp", folder / f".faces.json.{dead}.x.tmp"]
    unowned_old = folder / ".T-LAGON.png.abcd1234.tmp"  # an older naming, without a pid
    live = folder / f".T-CIME.png.{os.getppid()}.busy.tmp"
    other = folder / f".notes.txt.{dead}.x.tmp"
    for path in [*stale, unowned_old, live, other]:
        path.write_bytes(b"partial")
    hour_ago = time.time() - 3600
    os.utime(unowned_old, (hour_ago, hour_ago))
    result = runner.invoke(app, ["export", "terres", "--png", str(folder), "--dpi", str(DPI)])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in folder.glob(".*.tmp")) == sorted([live.name, other.name])
    assert (folder / "T-VOLCAN.png").is_file()


def test_png_export_reports_progress(tmp_path: Path) -> None:
    """A long export (``--dpi 1200``) shows its progress: after each face, the faces done."""
    resources = Resources.discover(_terres(tmp_path))
    seen: list[tuple[int, int]] = []
    done = export_png(resources, "terres", tmp_path / "png", DPI,
                      progress=lambda count, total: seen.append((count, total)))
    assert seen == [(n, done.faces) for n in range(1, done.faces + 1)]
    assert done.faces >= 4
