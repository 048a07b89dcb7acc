"""Game commands, declared by games (:mod:`printandplay.rules.commands`; no game is named
here), registered on the app as ``printandplay GROUP NAME``; and the console-script entry point,
which adds the installed packages' commands."""

from __future__ import annotations

import atexit
import copy
import gc
import inspect
import shlex
import signal
import sys
from collections.abc import Callable
from typing import Annotated, Any

import typer

from printandplay.cli.app import (
    TERMINATED,
    CommandTyper,
    Terminated,
    app,
    err,
    escape,
    out,
    user_errors,
)
from printandplay.cli.options import TextFormat
from printandplay.errors import PrintAndPlayError


def _game_command_callback(command: Any) -> Callable[..., None]:
    """A Typer callback for a :class:`~printandplay.rules.commands.GameCommand`."""
    def callback(**values: Any) -> None:
        output_format = values.pop("format")
        with user_errors():
            output = command.run(values)
        if output_format is TextFormat.json:
            out.json(output.data)
        else:
            out.print(output.text, markup=False)
        raise typer.Exit(code=0 if output.valid else 1)

    params = [
        inspect.Parameter(
            option.name, inspect.Parameter.KEYWORD_ONLY,
            default=inspect.Parameter.empty if option.required else None,
            annotation=Annotated[str if option.required else str | None, typer.Option(
                "--" + option.name.replace("_", "-"), metavar=option.metavar,
                help=option.help)])
        for option in command.options
    ]
    params.append(inspect.Parameter(
        "format", inspect.Parameter.KEYWORD_ONLY, default=TextFormat.text,
        annotation=Annotated[TextFormat, typer.Option("--format", help="text or json.")]))
    callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    callback.__annotations__ = {p.name: p.annotation for p in params}
    return callback


def command_names() -> set[str]:
    """Names of the top-level commands and command groups registered so far."""
    names = {c.name or (c.callback.__name__ if c.callback else "")
             for c in app.registered_commands}
    return names | {g.name or "" for g in app.registered_groups}


def add_game_commands(commands: list[Any]) -> None:
    """Register game commands as ``printandplay GROUP NAME`` (a group already taken is
    extended; a top-level command's name cannot be reused)."""
    groups = {g.name: g.typer_instance for g in app.registered_groups}
    builtin = {c.name or (c.callback.__name__ if c.callback else "")
               for c in app.registered_commands}
    for command in commands:
        if command.group in builtin:
            raise PrintAndPlayError(f"game command group '{command.group}' is already a "
                                    f"printandplay command")
        group = groups.get(command.group)
        if group is None:
            group = CommandTyper(help=command.group_help, no_args_is_help=True)
            app.add_typer(group, name=command.group)
            groups[command.group] = group
        text = command.help
        if command.example:
            text += (f"\n\nExample: printandplay {command.group} {command.name} "
                     f"{shlex.join(command.example)}")
        group.command(command.name, help=text)(_game_command_callback(command))


def add_bundled_game_commands() -> None:
    from printandplay.rules.commands import bundled_commands

    add_game_commands(bundled_commands())


def _single_command(args: list[str], wanted: str | None) -> typer.Typer | None:
    """The app with only the built-in command ``wanted`` when ``args`` run it (only
    ``--debug`` before it): Typer then prepares that command alone, not all of them (each
    costs an inspection of its signature). ``None`` when the whole app is needed: the group's
    help, a game command group, an unknown name."""
    if wanted is None or any(a != "--debug" for a in args[:args.index(wanted)]):
        return None
    chosen = [c for c in app.registered_commands
              if (c.name or (c.callback.__name__ if c.callback else "")) == wanted]
    if len(chosen) != 1:
        return None
    single = copy.copy(app)
    single.registered_commands = chosen
    single.registered_groups = []
    return single


def _listed_only(info: Any) -> Any:
    """A copy of a registered command that only the list of commands will see: the same
    name, help and class, and a callback without parameters (Typer need not inspect the
    real one's signature). Never run."""
    real = info.callback

    def listed() -> None:
        raise RuntimeError("a command of the help listing was run")  # pragma: no cover

    listed.__name__ = real.__name__
    listed.__qualname__ = real.__qualname__
    listed.__doc__ = real.__doc__
    listed.__module__ = real.__module__
    clone = copy.copy(info)
    clone.callback = listed
    return clone


def _help_app() -> typer.Typer:
    """The app to print its own help with (``printandplay``, ``--help``, ``-h``): the help
    lists each command's name and summary only, so the built-in commands are given without
    their parameters (preparing all of them was a sixth of ``--help``)."""
    listing = copy.copy(app)
    listing.registered_commands = [_listed_only(info) for info in app.registered_commands]
    return listing


def _on_sigterm(signum: int, frame: object) -> None:
    TERMINATED.set()
    raise Terminated()


def main() -> None:
    """Console-script entry point: SIGTERM unwinds the stack (temporary files are removed).
    Installed packages' game commands (entry points) are looked up only when the command asked
    for is not a bundled one: start-up stays fast."""
    if hasattr(signal, "SIGTERM"):
        signal.signal(signal.SIGTERM, _on_sigterm)
    # text the terminal's encoding cannot show is printed as '?' rather than failing
    # (`PYTHONIOENCODING=ascii`, a Windows code page); JSON escapes it (LineConsole.json)
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="replace")
    # When the process ends, the collector's last pass over everything a build made (0.2-0.3 s
    # after ``build all``) would free nothing the end of the process does not: what exists
    # then is frozen out of its sight (atexit functions run before that pass)
    atexit.unregister(gc.freeze)
    atexit.register(gc.freeze)
    wanted = next((a for a in sys.argv[1:] if not a.startswith("-")), None)
    single = _single_command(sys.argv[1:], wanted)
    if single is not None:
        single(prog_name="printandplay")
        return
    if wanted is None or wanted not in command_names():
        from printandplay.rules.commands import installed_commands

        try:
            add_game_commands(installed_commands())
        except PrintAndPlayError as error:
            for problem in error.problems():
                err.print(f"[bold red]error:[/] {escape(problem)}", markup=True, highlight=False)
            raise SystemExit(2) from None
    if sys.argv[1:] in ([], ["--help"], ["-h"]):
        _help_app()(prog_name="printandplay")
        return
    app(prog_name="printandplay")
