"""Small things of the command line: --version, the bare command, argument names, help text."""

from __future__ import annotations

import re

import pytest
import typer.main
from cli_runner import CliRunner

from printandplay import __version__
from printandplay.cli import app

runner = CliRunner()


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == f"printandplay {__version__}"


def test_bare_command_prints_the_help_and_succeeds() -> None:
    result = runner.invoke(app, [])
    assert result.exit_code == 0, result.output
    assert "Usage:" in result.output and "build" in result.output and "new" in result.output


@pytest.mark.parametrize("args, usage", [
    (["build"], "printandplay build [OPTIONS] GAME"),
    (["cards"], "printandplay cards [OPTIONS] GAME"),
    (["validate"], "printandplay validate [OPTIONS] GAME DECK"),
    (["print-deck"], "printandplay print-deck [OPTIONS] GAME DECK"),
    (["new"], "printandplay new [OPTIONS] GAME"),
])
def test_usage_names_arguments_in_capitals(args: list[str], usage: str) -> None:
    result = runner.invoke(app, [*args, "--help"], terminal_width=100)
    assert result.exit_code == 0
    assert usage in result.output
    assert "{" not in result.output.split("\n\n")[0] + result.output.splitlines()[1]


def test_calibrate_out_help_names_the_real_file() -> None:
    result = runner.invoke(app, ["calibrate", "--help"], terminal_width=120)
    assert "calibration-PAPER.pdf" in result.output
    assert "build/GAME" not in result.output


def test_help_paragraphs_are_reflowed_not_cut_at_source_lines() -> None:
    """A docstring paragraph written on several source lines is one paragraph in the help:
    at a wide terminal it takes a single line."""
    command = typer.main.get_command(app).commands["build"]  # type: ignore[attr-defined]
    second = (command.help or "").split("\n\n")[1]
    assert "\n" in second  # written on two lines in the source…
    result = runner.invoke(app, ["build", "--help"], env={"COLUMNS": "200"})
    flat = " ".join(second.split())
    lines = [re.sub(r"\s+", " ", line).strip() for line in result.output.splitlines()]
    assert flat in lines  # …shown on one
