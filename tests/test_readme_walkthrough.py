"""The README's "Make your own game in 10 minutes" walkthrough, run as a designer would.

Its blocks are marked with an HTML comment on the line before the fence:

- ``<!-- walkthrough: run -->``: a console block; each ``$ printandplay …`` line is run
  in-process, and the lines after it (if any) are exactly what it prints;
- ``<!-- walkthrough: find PATH -->`` then ``<!-- walkthrough: replace PATH -->``: an edit, the
  text of the first block replaced by that of the second in PATH.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
from cli_runner import CliRunner
from pdfium_text import pdfium_pdf_text

from printandplay.cli import app

README = Path(__file__).resolve().parent.parent / "README.md"
TITLE = "## Make your own game in 10 minutes"
_STEP = re.compile(r"^<!-- walkthrough: (run|find|replace) ?([^\n]*?) -->\n```[^\n]*\n(.*?)^```",
                   re.M | re.S)

runner = CliRunner()
_SUMMARY = re.compile(r"[\w-]+: \d+ components on \d+ sheets, \d+ pages in [\d.]+ s")


def walkthrough() -> list[tuple[str, str, str]]:
    """The marked steps of the walkthrough section, in order."""
    text = README.read_text(encoding="utf-8")
    start = text.index(TITLE)
    end = text.index("\n## ", start + len(TITLE))
    return _STEP.findall(text[start:end])


def _commands(block: str) -> list[tuple[str, list[str]]]:
    steps: list[tuple[str, list[str]]] = []
    for line in block.splitlines():
        if line.startswith("$ "):
            steps.append((line[2:], []))
        else:
            assert steps, f"output before any command: {line}"
            steps[-1][1].append(line)
    return steps


def test_walkthrough_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PRINTANDPLAY_GAME_ICONS", raising=False)
    steps = walkthrough()
    kinds = [kind for kind, _, _ in steps]
    assert kinds.count("run") >= 2 and kinds.count("find") == kinds.count("replace") >= 1
    commands: list[str] = []
    outputs: dict[str, str] = {}
    pending: tuple[str, str] | None = None
    for kind, path, body in steps:
        if kind == "run":
            for command, expected in _commands(body):
                args = shlex.split(command)
                assert args[0] == "printandplay", command
                result = runner.invoke(app, args[1:])
                assert result.exit_code == 0, f"{command}: {result.output}"
                if expected:
                    # the README shows what a command prints, not `build`'s summary line
                    # (timed, on stderr): that line only is left out
                    printed = "\n".join(line for line in result.output.splitlines()
                                        if not _SUMMARY.fullmatch(line))
                    assert printed.strip() == "\n".join(expected).strip(), command
                commands.append(args[1])
                outputs[command] = result.output
        elif kind == "find":
            pending = (path, body)
        else:
            assert pending is not None and pending[0] == path, "a replace without its find"
            target = tmp_path / path
            text = target.read_text(encoding="utf-8")
            assert pending[1] in text, f"{path} does not contain the block to change"
            target.write_text(text.replace(pending[1], body), encoding="utf-8")
            pending = None
    assert commands[0] == "new" and "build" in commands and "check" in commands
    # the edit reached the kit
    records = json.loads(outputs["printandplay cards monjeu --format json"])
    first = records[0]
    assert (first["name"], first["valeur"], first["icone"]) == ("Renard doré", 4, "gi-fox")
    text = pdfium_pdf_text(tmp_path / "build/monjeu/monjeu-a4.pdf")
    assert "Renard doré" in text and "Renard rusé" not in text
