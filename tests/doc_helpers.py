"""What the documentation tests share: the marked blocks of a Markdown file, its console examples
run in-process, and ``tools/make_docs.py`` (the generator of the docs' tables) as a module.

A block the tests use is marked by an HTML comment on the line before its fence,
``<!-- KIND -->`` or ``<!-- KIND: ARGUMENT -->``; only fenced blocks are read, never prose. A
console block holds ``$ printandplay …`` lines, each followed by what it prints (nothing shown:
its output is not compared).
"""

from __future__ import annotations

import importlib.util
import json
import re
import shlex
from functools import cache
from pathlib import Path
from types import ModuleType

from typer.testing import CliRunner, Result

from printandplay.cli import app

ROOT = Path(__file__).resolve().parent.parent
# build's summary line on stderr; its seconds differ from run to run
SUMMARY = re.compile(r"([\w-]+: \d+ components on \d+ sheets, \d+ pages in )[\d.]+ s")


def marked_blocks(path: Path, kind: str) -> list[tuple[str, str]]:
    """``(argument, text)`` of every fenced block of ``path`` marked ``<!-- kind[: argument] -->``,
    in order (the argument is ``""`` when the mark has none)."""
    pattern = re.compile(rf"^<!-- {re.escape(kind)}(?:: ?([^\n]*?))? -->\n```[^\n]*\n(.*?)^```",
                         re.M | re.S)
    return [(argument or "", text)
            for argument, text in pattern.findall(path.read_text(encoding="utf-8"))]


def console_steps(block: str) -> list[tuple[list[str], list[str]]]:
    """The commands of a console block (``printandplay`` left out) with the lines shown after
    each."""
    steps: list[tuple[list[str], list[str]]] = []
    for line in block.splitlines():
        if line.startswith("$ "):
            args = shlex.split(line[2:])
            assert args[0] == "printandplay", line
            steps.append((args[1:], []))
        else:
            assert steps, f"output before any command: {line}"
            steps[-1][1].append(line)
    return steps


def run(args: list[str]) -> Result:
    """``printandplay ARGS`` run in-process, in the current folder."""
    return CliRunner().invoke(app, args)


def assert_prints(args: list[str], shown: list[str], result: Result) -> None:
    """What the command printed is what the block shows: JSON compared as data; a build's
    summary line with its seconds masked, and left out when the block does not show it."""
    expected = "\n".join(shown).strip()
    printed = result.output
    if not SUMMARY.search(expected):
        printed = "\n".join(line for line in printed.splitlines() if not SUMMARY.fullmatch(line))
    if "--format" in args and args[args.index("--format") + 1] == "json":
        assert json.loads(printed) == json.loads(expected), args
        return
    assert SUMMARY.sub(r"\1… s", printed.strip()) == SUMMARY.sub(r"\1… s", expected), args


@cache
def make_docs() -> ModuleType:
    """``tools/make_docs.py``, loaded as a module (``tools/`` is not a package)."""
    spec = importlib.util.spec_from_file_location("make_docs", ROOT / "tools" / "make_docs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
