"""The tests' command-line runner: Typer's :class:`typer.testing.CliRunner`, reusing the click
command it builds from an app.

``typer.testing.CliRunner.invoke(app, …)`` builds the click command of ``app`` again at every
call (``typer.main.get_command`` inspects the signature of every command: ~8 ms, for ~600 calls
in the suite). :class:`CliRunner` builds it once per app, with the public ``get_command``, while
the app's callback, commands and groups are the same objects (a test that registers a game
command gets a new one); click commands keep no state between invocations. It runs the command
in Typer's own :meth:`~typer.testing.CliRunner.isolation` (not click's ``CliRunner``: Typer 0.28
bundles its own copy of click, ``typer._click``, and only Typer's runner sets that copy's
terminal width, prompts and colour stripping), and catches the command's exit as
``typer.testing.CliRunner.invoke`` does: the :class:`~typer.testing.Result` is the same.
"""

from __future__ import annotations

import shlex
import sys
from collections.abc import Mapping, Sequence
from typing import Any

import typer
import typer.main
import typer.testing
from typer.testing import Result

_COMMANDS: dict[tuple[int, ...], tuple[list[object], Any]] = {}


def _parts(app: typer.Typer) -> list[object]:
    """What Typer builds a click command from: the app, its callback, commands and groups, a
    group's own commands included."""
    parts: list[object] = [app, app.registered_callback, *app.registered_commands]
    for group in app.registered_groups:
        parts.append(group)
        if group.typer_instance is not None:
            parts.extend(_parts(group.typer_instance))
    return parts


def click_command(app: typer.Typer) -> Any:
    """The click command of ``app`` (``typer.main.get_command``), built once while its parts
    are the same objects."""
    parts = _parts(app)
    key = tuple(map(id, parts))
    if key not in _COMMANDS:  # the parts are kept alive with it: their ids stay theirs
        _COMMANDS[key] = (parts, typer.main.get_command(app))
    return _COMMANDS[key][1]


class CliRunner(typer.testing.CliRunner):
    """``typer.testing.CliRunner`` whose :meth:`invoke` reuses the click command of an app."""

    def invoke(self, app: typer.Typer, args: str | Sequence[str] | None = None,
               input: bytes | str | None = None, env: Mapping[str, str | None] | None = None,
               catch_exceptions: bool = True, color: bool = False, **extra: Any) -> Result:
        """Run ``app`` with ``args`` as ``typer.testing.CliRunner.invoke`` does: the exit code,
        the output (stdout and stderr mixed, as a terminal shows them), stdout and stderr apart,
        the exception and what the command returned. ``extra`` goes to the command's
        ``main`` (``prog_name``, ``terminal_width``…)."""
        command = click_command(app)
        if isinstance(args, str):
            args = shlex.split(args)
        prog_name = extra.pop("prog_name") if "prog_name" in extra \
            else self.get_default_prog_name(command)
        return_value = None
        exception: BaseException | None = None
        exit_code = 0
        exc_info: Any = None
        with self.isolation(input=input, env=env, color=color) as (stdout, stderr, output):
            try:
                return_value = command.main(args=args or (), prog_name=prog_name, **extra)
            except SystemExit as exit_:
                exc_info = sys.exc_info()
                code = 0 if exit_.code is None else exit_.code
                if code != 0:
                    exception = exit_
                if not isinstance(code, int):  # sys.exit("message"): printed, exit code 1
                    sys.stdout.write(f"{code}\n")
                    code = 1
                exit_code = code
            except Exception as error:
                if not catch_exceptions:
                    raise
                exception = error
                exit_code = 1
                exc_info = sys.exc_info()
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                written = (stdout.getvalue(), stderr.getvalue(), output.getvalue())
        return Result(runner=self, stdout_bytes=written[0], stderr_bytes=written[1],
                      output_bytes=written[2], return_value=return_value, exit_code=exit_code,
                      exception=exception, exc_info=exc_info)
