"""The Typer app of ``printandplay``: the safe command group, the root callback, the consoles
and the printing of errors and warnings.

Exit codes: 0 ok, 1 a rules check failed, 2 bad input (with one line per problem), 3 an internal
error (a bug: one line, the traceback with ``--debug``), 130 interrupted (Ctrl-C), 143 terminated
(SIGTERM).
"""

from __future__ import annotations

import functools
import os
import re
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, Any, NoReturn

import typer
import typer.core
import typer.exceptions
from typer.core import TyperCommand

from printandplay.errors import PrintAndPlayError

EXIT_CODES = ("Exit codes: 0 success, 1 a rules check failed, 2 bad input (one line per problem), "
              "3 internal error (a bug; rerun with --debug), 130 interrupted (Ctrl-C), "
              "143 terminated (SIGTERM).")


class Terminated(BaseException):
    """Raised in the main thread by the SIGTERM handler, so ``finally`` blocks clean up."""


class _SafeGroup(typer.core.TyperGroup):
    """The command group: no traceback ever reaches the user.

    Input errors that escaped a command print one line each (exit 2); any other exception is
    a bug, reported on one line as ``internal error`` (exit 3, the traceback with ``--debug``);
    Ctrl-C prints ``interrupted`` (exit 130); SIGTERM prints ``terminated`` (exit 143).
    """

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except (typer.Exit, typer.Abort, typer.exceptions.TyperException):
            raise
        except PrintAndPlayError as error:
            fail(error.problems(), error.exit_code)
        except KeyboardInterrupt:
            err.print("interrupted", markup=False)
            raise typer.Exit(code=130) from None
        except Terminated:
            err.print("terminated", markup=False)
            raise typer.Exit(code=143) from None
        except Exception as error:  # noqa: BLE001 - the one place that reports bugs
            if ctx.params.get("debug"):
                import traceback

                sys.stderr.write("".join(traceback.format_exception(error)))
            detail = str(error).splitlines()[0] if str(error) else ""
            text = type(error).__name__ + (f": {detail}" if detail else "")
            err.print(f"[bold red]internal error:[/] {escape(text[:300])} "
                      f"(rerun with --debug for details)", markup=True, highlight=False)
            raise typer.Exit(code=3) from None


class _PlainUsageCommand(TyperCommand):
    """A command whose usage line shows required arguments as ``GAME``, not ``{GAME}``."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces = super().collect_usage_pieces(ctx)
        return [p[1:-1] if p.startswith("{") and p.endswith("}") else p for p in pieces]


class CommandTyper(typer.Typer):
    """Typer whose commands use :class:`_PlainUsageCommand` by default."""

    def command(self, *args: Any, **kwargs: Any) -> Any:
        kwargs.setdefault("cls", _PlainUsageCommand)
        return super().command(*args, **kwargs)


app = CommandTyper(
    cls=_SafeGroup,
    name="printandplay",
    help="Tabletop games written as data, rendered into print-and-play PDF kits.",
    epilog=EXIT_CODES,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",  # help paragraphs are re-flowed, not cut at the source's lines
)


def _print_version(value: bool) -> None:
    if value:
        from printandplay import __version__

        typer.echo(f"printandplay {__version__}")
        raise typer.Exit()


@app.callback(invoke_without_command=True)
def _main(ctx: typer.Context,
          version: Annotated[bool, typer.Option(
              "--version", is_eager=True, callback=_print_version,
              help="Print the version and exit.")] = False,
          debug: Annotated[bool, typer.Option(
              "--debug", help="Show the full traceback of an internal error.")] = False) -> None:
    """Tabletop games written as data, rendered into print-and-play PDF kits."""
    if ctx.invoked_subcommand is None:  # bare `printandplay`: the help, and success
        typer.echo(ctx.get_help())
        raise typer.Exit()

def _console(stderr: bool) -> Any:
    """A Rich console, created (and Rich imported) on first use: start-up stays fast. A new
    one is made when ``COLUMNS`` changes (the width is read when a console is made)."""
    return _console_for(stderr, os.environ.get("COLUMNS"))


@functools.cache
def _console_for(stderr: bool, columns: str | None) -> Any:
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=True, emoji=False)


class _LazyConsole:
    """Forwards to the real console, made on first print."""

    def __init__(self, stderr: bool) -> None:
        self.stderr = stderr

    def print(self, *objects: Any, **options: Any) -> None:
        _console(self.stderr).print(*objects, **options)


out = _LazyConsole(stderr=False)
err = _LazyConsole(stderr=True)


def escape(text: str) -> str:
    """Escape Rich markup in user text (a ``[`` starts a tag)."""
    return re.sub(r"(\\*)\[", lambda m: m.group(1) * 2 + "\\[", text)


def fail(problems: list[str], code: int = 2) -> NoReturn:
    """Print each problem on its own line and exit with ``code``."""
    for problem in problems:
        err.print(f"[bold red]error:[/] {escape(problem)}", markup=True, highlight=False)
    raise typer.Exit(code=code)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn input errors into clean messages and exit code 2."""
    try:
        yield
    except PrintAndPlayError as error:
        fail(error.problems(), error.exit_code)


class DelayedProgress:
    """A progress bar that appears only once a build has taken more than a second."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.start = time.monotonic()
        self.bar: Any = None
        self.task: Any = None

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            if time.monotonic() - self.start < 1.0:
                return
            from rich.progress import Progress

            self.bar = Progress(console=_console(True), transient=True)
            self.bar.start()
            self.task = self.bar.add_task(self.label, total=total)
        self.bar.update(self.task, completed=done, total=total)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def warn(warnings: list[str]) -> None:
    """Print problems that did not stop a command, one ``warning:`` line each, on stderr."""
    for warning in warnings:
        err.print(f"[yellow]warning:[/] {escape(warning)}", markup=True, highlight=False)
