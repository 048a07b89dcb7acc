"""The CLI's line printer renders Rich's markup as Rich does, without importing Rich."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from printandplay.cli.app import escape
from printandplay.cli.console import LineConsole, MarkupError, render

USER_TEXTS = [
    "plain text",
    "a [bold] tag in user text",
    "brackets [1] [x=2] [/] [/bold] [#fff] [@click]",
    "backslashes \\ \\\\ \\[ \\\\[ end\\",
    "control\x07 chars\x08 \r\x0b\x0c kept out",
    "tabs\tand\ttabs\nsecond\tline",
    "unicode: Équipe « rouges » ✓ ✗ ⚠ 5♥",
    "",
]
MESSAGES = [
    "[bold red]error:[/] {}",
    "[yellow]warning:[/] {}",
    "[green]✓[/] {}: composition checked",
    "[red]✗[/] RULE (line 3): {}",
    "[dim]12:00:00[/] {} → [green]{}[/] (1 faces composed)",
]


def rich_prints(text: str, markup: bool = True) -> str:
    buffer = io.StringIO()
    Console(file=buffer, highlight=False, soft_wrap=True, emoji=False).print(text, markup=markup)
    return buffer.getvalue()


@pytest.mark.parametrize("message", MESSAGES)
@pytest.mark.parametrize("user", USER_TEXTS)
def test_markup_prints_as_rich_prints_it(message: str, user: str) -> None:
    text = message.format(escape(user), escape(user))
    assert render(text, color=False) + "\n" == rich_prints(text)


@pytest.mark.parametrize("user", USER_TEXTS)
def test_without_markup_the_text_is_kept_as_rich_keeps_it(
        user: str, capsys: pytest.CaptureFixture[str]) -> None:
    LineConsole(stderr=True).print(user, markup=False)
    assert capsys.readouterr().err == rich_prints(user, markup=False)


def test_colours_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    assert render("[bold red]error:[/] x", color=True) == "\x1b[0m\x1b[1;31merror:\x1b[0m x"
    monkeypatch.setenv("FORCE_COLOR", "1")
    buffer = io.StringIO()
    monkeypatch.setattr("sys.stdout", buffer)
    LineConsole(stderr=False).print("[green]ok[/]")
    assert buffer.getvalue() == "\x1b[0m\x1b[32mok\x1b[0m\n"
    monkeypatch.setenv("NO_COLOR", "1")
    buffer.seek(0)
    buffer.truncate()
    LineConsole(stderr=False).print("[green]ok[/]")
    assert buffer.getvalue() == "ok\n"


def test_a_closing_tag_without_its_opening_tag_is_a_bug() -> None:
    with pytest.raises(MarkupError):
        render("text[/red]", color=False)


def test_tables_go_through_rich(capsys: pytest.CaptureFixture[str]) -> None:
    from rich.table import Table

    table = Table("id", "name")
    table.add_row("a", "Équipe")
    LineConsole(stderr=False).print(table)
    assert "Équipe" in capsys.readouterr().out


def test_a_reader_that_goes_away_ends_the_command_quietly(tmp_path: object) -> None:
    """``printandplay validate … | head -1``: no ``internal error`` once the pipe is closed."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    deck = Path(str(tmp_path)) / "deck.txt"
    deck.write_text("Équipe: Rouges\nJeu\n1 Anne Bourque\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        p for p in (str(root), os.environ.get("PYTHONPATH", "")) if p)}
    process = subprocess.Popen([sys.executable, "-m", "printandplay", "validate", "licum",
                                str(deck)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env=env, cwd=str(tmp_path))
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # before the command prints anything
    error = process.stderr.read().decode("utf-8")
    assert process.wait(timeout=60) == 1
    assert "internal error" not in error and "Traceback" not in error, error
