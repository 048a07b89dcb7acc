"""`printandplay oups spell` through the CLI: text, JSON, exit codes."""

from __future__ import annotations

import json

from typer.testing import CliRunner

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
