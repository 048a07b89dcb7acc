"""`printandplay oups spell` through the CLI: text, JSON, exit codes."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from cli_runner import CliRunner

from printandplay.cli import app

runner = CliRunner()
EXAMPLE = ["oups", "spell", "--etendue", "V♥ 4♦ 5♥", "--puissance", "R♠ V♣",
           "--dommages", "5♣ 6♣ 7♣", "--defense", "3♦", "--bonus", "dommages"]


def test_seed_example_json() -> None:
    result = runner.invoke(app, [*EXAMPLE, "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["valid"] is True and data["errors"] == []
    assert data["etendue"] == {"value": 15, "targets": 3}
    assert data["defense"] == {"value": 2}


def test_text_output_explains_the_numbers() -> None:
    result = runner.invoke(app, EXAMPLE)
    assert result.exit_code == 0, result.output
    assert "15" in result.output and "V♥" in result.output


def test_letters_for_suits() -> None:
    result = runner.invoke(app, ["oups", "spell", "--etendue", "JH 4D 5H", "--puissance",
                                 "KS JC", "--dommages", "5C 6C 7C", "--defense", "3D",
                                 "--bonus", "dommages", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["etendue"]["value"] == 15


def test_packets_outside_the_limits_exit_1_listing_every_violation() -> None:
    result = runner.invoke(app, ["oups", "spell", "--etendue", "2♥ 3♥ 4♥ 5♥", "--puissance",
                                 "R♠", "--dommages", "7♣", "--format", "json"])
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert data["valid"] is False
    assert len(data["errors"]) >= 2  # étendue too big, dommages too small (and the total)


def test_unreadable_card_exits_2() -> None:
    result = runner.invoke(app, ["oups", "spell", "--etendue", "11♥", "--puissance", "R♠",
                                 "--dommages", "7♣ 8♣"])
    assert result.exit_code == 2
    assert "11♥" in result.output
    assert "Traceback" not in result.output


# ---- declared as a game command, not in cli/ -------------------------------------------------

def test_help_example_is_legal() -> None:
    from printandplay.rules.oups_command import EXAMPLE

    help_text = runner.invoke(app, ["oups", "spell", "--help"]).output
    assert "Example: printandplay oups spell --etendue" in help_text
    result = runner.invoke(app, ["oups", "spell", *EXAMPLE, "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["valid"] is True


def test_cli_names_no_game() -> None:
    package = Path(__file__).resolve().parents[1] / "printandplay" / "cli"
    source = "\n".join(path.read_text(encoding="utf-8") for path in sorted(package.glob("*.py")))
    for game in ("charlie", "licum", "sorciers", "limits", "oups"):
        assert not re.search(rf"\b{game}\b", source, re.IGNORECASE), game


def test_installed_packages_add_commands(monkeypatch: pytest.MonkeyPatch,
                                         tmp_path: Path) -> None:
    """A package declares commands with the entry point group `printandplay.commands`: here an
    installed distribution (its `.dist-info` folder on `sys.path`) whose entry point names the
    `COMMANDS` of its module."""
    import sys
    import types

    from printandplay import cli
    from printandplay.rules.commands import CommandOption, CommandOutput, GameCommand

    def run(options: Any) -> CommandOutput:
        total = int(options["a"]) + int(options["b"] or 0)
        return CommandOutput(total % 2 == 0, {"total": total}, f"total {total}")

    commands = [GameCommand("essai", "somme", "Add two numbers.",
                            (CommandOption("a", "first", required=True),
                             CommandOption("b", "second")), run)]

    info = tmp_path / "essai_pkg-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: essai-pkg\nVersion: 1.0\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text(
        "[printandplay.commands]\nessai = essai_pkg:COMMANDS\n", encoding="utf-8")
    module = types.ModuleType("essai_pkg")
    module.COMMANDS = commands  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "essai_pkg", module)
    monkeypatch.syspath_prepend(str(tmp_path))

    # the group is added to the shared app for this test only
    monkeypatch.setattr(cli.app, "registered_groups", list(cli.app.registered_groups))
    monkeypatch.setattr(sys, "argv", ["printandplay", "essai", "somme", "--a", "2", "--b", "3",
                                      "--format", "json"])
    with pytest.raises(SystemExit) as done:
        cli.main()
    assert done.value.code == 1  # 5 is odd: "invalid"
    result = runner.invoke(app, ["essai", "somme", "--a", "2", "--b", "4"])
    assert result.exit_code == 0 and "total 6" in result.output


def test_installed_commands_are_looked_up_the_long_way_when_unsure(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """`importlib.metadata` is skipped only when no `entry_points.txt` on `sys.path` names the
    group; a zip file on the path or another finder of distributions means asking it."""
    import sys

    from printandplay.rules import commands

    info = tmp_path / "other-1.0.dist-info"
    info.mkdir()
    (info / "entry_points.txt").write_text("[console_scripts]\nother = other:main\n",
                                           encoding="utf-8")
    (tmp_path / "other-2.0.dist-info").mkdir()  # no entry_points.txt at all
    monkeypatch.setattr(sys, "path", [str(tmp_path), str(tmp_path / "missing")])
    assert commands._may_declare_commands() is False
    assert commands.installed_commands() == []

    egg = tmp_path / "plugin.egg"
    egg.write_bytes(b"PK\x05\x06" + bytes(18))  # an empty zip file
    monkeypatch.setattr(sys, "path", [str(tmp_path), str(egg)])
    assert commands._may_declare_commands() is True

    class Finder:
        @staticmethod
        def find_distributions(*args: Any, **kwargs: Any) -> list[Any]:
            return []

    monkeypatch.setattr(sys, "path", [str(tmp_path)])
    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, Finder()])
    assert commands._may_declare_commands() is True
