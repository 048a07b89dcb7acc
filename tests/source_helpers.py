"""The package's own source, parsed once per test process for the tests that read it."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import printandplay

PACKAGE = Path(printandplay.__file__).resolve().parent
# the xdist group of the tests that parse the whole package (~0.5 s): one worker parses it once
SOURCE_GROUP = "package-source"


@cache
def module_tree(path: Path) -> ast.Module:
    """The syntax tree of the module at ``path`` (shared: walk it, never change it)."""
    return ast.parse(path.read_text(encoding="utf-8"))
