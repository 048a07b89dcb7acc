"""Game commands: calculators a game brings to the command line, declared without Typer.

A command is a :class:`GameCommand` (group, name, options, and the function that runs it).
``printandplay.cli.game_plugins`` turns every declared command into
``printandplay GROUP NAME --option …`` without naming any game. Commands come from two places:

- the modules ``printandplay/rules/*_command.py`` of this package, each with a ``COMMANDS`` list
  (Oups Magie!'s ``oups spell`` is ``oups_command.py``);
- the entry point group ``printandplay.commands`` of any installed package: each entry point
  names a list of :class:`GameCommand` (``module:COMMANDS``).

A declaring module must stay light to import (start-up): it imports its calculator inside
``run``.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

ENTRY_POINT_GROUP: Final = "printandplay.commands"


@dataclass(frozen=True, slots=True)
class CommandOption:
    """One ``--name VALUE`` option (text; the command reads it)."""

    name: str
    help: str
    metavar: str = "TEXT"
    required: bool = False


@dataclass(frozen=True, slots=True)
class CommandOutput:
    """What a command computed: valid or not (exit 0 or 1), JSON data, and explained text."""

    valid: bool
    data: Mapping[str, Any]
    text: str


@dataclass(frozen=True, slots=True)
class GameCommand:
    """``printandplay GROUP NAME [--option VALUE]… [--format text|json]``.

    ``run`` receives the option values by name (``None`` when not given) and returns a
    :class:`CommandOutput`; bad input raises a :class:`~printandplay.errors.PrintAndPlayError`
    (exit 2). ``example`` (the options after ``GROUP NAME``) is shown in the help and must be
    legal: the test suite runs it.
    """

    group: str
    name: str
    help: str
    options: tuple[CommandOption, ...]
    run: Callable[[Mapping[str, str | None]], CommandOutput]
    group_help: str = ""
    example: tuple[str, ...] = ()


def _check(commands: Any, origin: str) -> list[GameCommand]:
    if not isinstance(commands, (list, tuple)) or not all(
            isinstance(c, GameCommand) for c in commands):
        raise TypeError(f"{origin}: COMMANDS must be a list of GameCommand")
    return list(commands)


def bundled_commands() -> list[GameCommand]:
    """The commands of this package's ``rules/*_command.py`` modules."""
    folder = Path(__file__).resolve().parent
    found: list[GameCommand] = []
    for module in sorted(pkgutil.iter_modules([str(folder)]), key=lambda m: m.name):
        if module.name.endswith("_command"):
            name = f"{__package__}.{module.name}"
            found += _check(getattr(importlib.import_module(name), "COMMANDS", None), name)
    return found


def installed_commands() -> list[GameCommand]:
    """The commands other installed packages declare (entry point group
    ``printandplay.commands``)."""
    if not _may_declare_commands():
        return []
    from importlib.metadata import entry_points

    found: list[GameCommand] = []
    for point in entry_points(group=ENTRY_POINT_GROUP):
        found += _check(point.load(), f"entry point {point.name} ({point.value})")
    return found


def _may_declare_commands() -> bool:
    """Whether an installed package may declare game commands: ``False`` only when no
    ``entry_points.txt`` of the distributions on ``sys.path`` names the group, read directly
    (importing :mod:`importlib.metadata` and listing every distribution's entry points costs
    a fifth of ``printandplay --help``). ``True`` whenever the answer is not that simple: a zip
    file on the path, another finder of distributions."""
    import os
    import sys
    from importlib.machinery import PathFinder

    if any(getattr(finder, "find_distributions", None) is not None and finder is not PathFinder
           for finder in sys.meta_path):
        return True
    for entry in sys.path:
        folder = entry or "."
        if os.path.isfile(folder):
            return True  # a zip file (an egg, a zipapp): let importlib.metadata read it
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in names:
            if name.endswith((".dist-info", ".egg-info")):
                try:
                    with open(os.path.join(folder, name, "entry_points.txt"), "rb") as file:
                        if ENTRY_POINT_GROUP.encode() in file.read():
                            return True
                except OSError:
                    continue
    return False
