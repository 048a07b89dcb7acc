"""The Typer app of ``printandplay``: the safe command group, the root callback, the consoles
and the printing of errors and warnings.

Exit codes: 0 ok, 1 a rules check failed, 2 bad input (with one line per problem), 3 an internal
error (a bug: one line, the traceback with ``--debug``), 130 interrupted (Ctrl-C), 143 terminated
(SIGTERM).
"""

from __future__ import annotations

import os
import re
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, Any, NoReturn

import typer
import typer.core
import typer.exceptions
from typer.core import TyperCommand

from printandplay.cli.console import LineConsole, rich_console
from printandplay.errors import PrintAndPlayError

EXIT_CODES = ("Exit codes: 0 success, 1 a rules check failed, 2 bad input (one line per problem), "
              "3 internal error (a bug; rerun with --debug), 130 interrupted (Ctrl-C), "
              "143 terminated (SIGTERM).")


HELP_MAX_WIDTH = 200
"""Help text fills the terminal up to this width; paragraphs are re-flowed, not cut at the
source's lines."""


class Terminated(BaseException):
    """Raised in the main thread by the SIGTERM handler, so ``finally`` blocks clean up."""


TERMINATED = threading.Event()
"""Set by the SIGTERM handler: code that sees the signal as something else (``watch``'s file
watcher turns any signal into ``KeyboardInterrupt``) tells them apart with it."""


class _HelpContext(typer.Context):
    """A context whose help fills a terminal as wide as ``COLUMNS`` says (up to
    ``max_content_width``), even where click would force 80 columns."""

    def make_formatter(self) -> Any:
        width = self.terminal_width
        columns = os.environ.get("COLUMNS", "")
        if width is None and columns.isdigit():
            width = max(min(int(columns), self.max_content_width or 80) - 2, 50)
        return self.formatter_class(width=width, max_width=self.max_content_width)


def summary(command: Any) -> str:
    """A command's line in the list of commands: its short help, else the first paragraph of
    its help, whole (click would cut it to fit one line)."""
    text = command.short_help or (command.help or "").split("\n\n")[0]
    return " ".join(text.split())


class HelpGroup(typer.core.TyperGroup):
    """A command group whose help lists each command with its whole first paragraph."""

    context_class = _HelpContext

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, summary(command)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


class _SafeGroup(HelpGroup):
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

    context_class = _HelpContext

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces = super().collect_usage_pieces(ctx)
        return [p[1:-1] if p.startswith("{") and p.endswith("}") else p for p in pieces]


class CommandTyper(typer.Typer):
    """Typer whose commands use :class:`_PlainUsageCommand` and whose groups use
    :class:`HelpGroup` by default."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("cls", HelpGroup)
        super().__init__(*args, **kwargs)

    def command(self, *args: Any, **kwargs: Any) -> Any:
        kwargs.setdefault("cls", _PlainUsageCommand)
        return super().command(*args, **kwargs)


app = CommandTyper(
    cls=_SafeGroup,
    name="printandplay",
    help="Tabletop games written as data, rendered into print-and-play PDF kits.",
    epilog=EXIT_CODES,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"],
                      "max_content_width": HELP_MAX_WIDTH},
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # click's plain help: Rich and markdown-it cost ~0.15 s to import
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

out = LineConsole(stderr=False)
err = LineConsole(stderr=True)


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

            self.bar = Progress(console=rich_console(True), transient=True)
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
