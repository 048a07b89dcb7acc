"""The README's walkthrough ("make your own game"), run as a designer would.

Only its fenced blocks are read, each marked by an HTML comment on the line before the fence:

- ``<!-- walkthrough: run -->``: a console block; each ``$ printandplay …`` line is run
  in-process, in order, and the lines after it (if any) are exactly what it prints (a build's
  timed summary line left out);
- ``<!-- walkthrough: find PATH -->`` then ``<!-- walkthrough: replace PATH -->``: an edit, the
  text of the first block replaced by that of the second in PATH.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from doc_helpers import ROOT, assert_prints, console_steps, marked_blocks, run
from pdfium_text import pdfium_pdf_text

README = ROOT / "README.md"


def test_walkthrough_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PRINTANDPLAY_GAME_ICONS", raising=False)
    steps: list[tuple[str, str, str]] = []
    for argument, body in marked_blocks(README, "walkthrough"):
        kind, _, path = argument.partition(" ")
        steps.append((kind, path, body))
    kinds = [kind for kind, _, _ in steps]
    assert kinds.count("run") >= 2 and kinds.count("find") == kinds.count("replace") >= 1
    commands: list[str] = []
    outputs: dict[str, str] = {}
    pending: tuple[str, str] | None = None
    for kind, path, body in steps:
        if kind == "run":
            for args, shown in console_steps(body):
                result = run(args)
                assert result.exit_code == 0, f"{args}: {result.output}"
                if shown:
                    assert_prints(args, shown, result)
                commands.append(args[0])
                outputs[" ".join(args)] = result.output
        elif kind == "find":
            pending = (path, body)
        else:
            assert kind == "replace", kind
            assert pending is not None and pending[0] == path, "a replace without its find"
            target = tmp_path / path
            text = target.read_text(encoding="utf-8")
            assert pending[1] in text, f"{path} does not contain the block to change"
            target.write_text(text.replace(pending[1], body), encoding="utf-8")
            pending = None
    assert commands[0] == "new" and "build" in commands and "check" in commands
    # the edit reached the kit
    records = json.loads(outputs["cards monjeu --format json"])
    first = records[0]
    assert (first["name"], first["valeur"], first["icone"]) == ("Renard doré", 4, "gi-fox")
    text = pdfium_pdf_text(tmp_path / "build/monjeu/monjeu-a4.pdf")
    assert "Renard doré" in text and "Renard rusé" not in text
