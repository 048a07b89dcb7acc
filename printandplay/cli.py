"""The ``printandplay`` command line (Typer). Commands stay thin: parse, call, print, exit.

Exit codes: 0 ok, 1 a rules check failed, 2 bad input (with one line per problem), 3 an internal
error (a bug: one line, the traceback with ``--debug``), 130 interrupted (Ctrl-C), 143 terminated
(SIGTERM). Heavy modules (ReportLab) are imported inside the commands that need them.
"""

from __future__ import annotations

import functools
import inspect
import json
import math
import os
import re
import shlex
import signal
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import Enum
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
import typer.core
import typer.exceptions
from typer.core import TyperCommand

from printandplay.errors import OptionError, PrintAndPlayError

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


class _Typer(typer.Typer):
    """Typer whose commands use :class:`_PlainUsageCommand` by default."""

    def command(self, *args: Any, **kwargs: Any) -> Any:
        kwargs.setdefault("cls", _PlainUsageCommand)
        return super().command(*args, **kwargs)


app = _Typer(
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


class FlipEdge(str, Enum):
    long = "long"
    short = "short"


class Format(str, Enum):
    table = "table"
    json = "json"


GameArg = Annotated[str, typer.Argument(metavar="GAME",
                                        help="Game id (see `printandplay games`).")]
PaperOpt = Annotated[str, typer.Option(
    "--paper", metavar="a4|letter|a3|legal|WxH",
    help="Paper: a preset name or a custom WIDTHxHEIGHT in mm, e.g. 330x480.")]
OutOpt = Annotated[str | None, typer.Option("--out", metavar="DIR",
                                            help="Output folder (default build/GAME).")]
FlipOpt = Annotated[FlipEdge, typer.Option("--flip", help="Duplex flip edge of your printer.")]
OffsetOpt = Annotated[str, typer.Option(
    "--back-offset", metavar="X,Y",
    help="Shift of the back pages in mm (read it off `printandplay calibrate`).")]
BleedOpt = Annotated[float | None, typer.Option("--bleed", metavar="MM",
                                                 help="Bleed in mm (default 3).")]
DebugBoxesOpt = Annotated[bool, typer.Option(
    "--debug-boxes", help="Outline every box with its name, the trim, the bleed and the safe "
    "zone, on cards and documents; writes GAME-debug-a4.pdf.")]
IconsDirOpt = Annotated[Path | None, typer.Option(
    "--icons-dir", metavar="DIR",
    help="A full copy of game-icons.net (its folder of author folders), searched for gi- icons "
         "before the bundled ones; default $PRINTANDPLAY_GAME_ICONS.")]


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


def check_game_id(game: str) -> str:
    """Refuse a game id that is not lower-case letters, digits and ``-`` (no paths)."""
    from printandplay.project import check_game_id as check

    return check(game)


def out_folder(text: str | None) -> Path | None:
    """The ``--out`` folder as given (``None``: the default); an empty value is refused."""
    if text is None:
        return None
    if not text.strip():
        raise OptionError("--out '': give a folder, e.g. --out build/kits")
    if "\0" in text:
        raise OptionError("--out: a folder name cannot contain a NUL character")
    return Path(text)


def _resources(game_icons: Path | None = None) -> Any:
    from printandplay.project import Resources

    return Resources.discover(game_icons=game_icons)


def parse_offset(text: str) -> tuple[float, float]:
    """``"1.5,-0.5"`` (mm) → points."""
    from printandplay.units import MM

    parts = text.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = (float(p) for p in parts)
        if not (math.isfinite(x) and math.isfinite(y)):
            raise ValueError
    except ValueError:
        raise OptionError(f"--back-offset expects X,Y in millimetres (finite numbers), e.g. "
                          f"1.5,-0.5; got {text!r}") from None
    if abs(x) > 20 or abs(y) > 20:
        raise OptionError(f"--back-offset {text}: more than 20 mm is not a printer offset")
    return (x * MM, y * MM)


@app.command()
def games() -> None:
    """List the games with their players and components."""
    from rich.table import Table

    from printandplay.catalog import kind_summary
    from printandplay.data.game_loader import load_game

    resources = _resources()
    table = Table("id", "name", "players", "components", show_lines=False)
    problems: list[str] = []
    for game_id in resources.game_ids():
        try:
            game = load_game(resources, game_id)
        except PrintAndPlayError as error:
            problems.extend(error.problems())
            continue
        parts = ", ".join(f"{count} × {label}" for label, count in kind_summary(game))
        table.add_row(escape(game_id), escape(game.name), escape(str(game.players)),
                      escape(parts))
    out.print(table)
    if problems:
        fail(problems)


@app.command()
def cards(game: GameArg,
          format: Annotated[Format, typer.Option("--format", help="Output format.")] = Format.table,
          ) -> None:
    """List the components of GAME (cards, tiles, tokens…) with their counts and fields."""
    from rich.table import Table

    from printandplay.catalog import component_records
    from printandplay.data.game_loader import load_game

    with user_errors():
        loaded = load_game(_resources(), check_game_id(game))
        records = component_records(loaded)
    if format is Format.json:
        typer.echo(json.dumps(records, ensure_ascii=False, indent=2))
        return
    table = Table("id", "name", "type", "count", "fields")
    for record in records:
        extra = {k: v for k, v in record.items() if k not in ("id", "name", "type", "count")}
        fields = ", ".join(f"{k}={v}" for k, v in extra.items() if v is not None)
        table.add_row(*(escape(str(cell)) for cell in (record["id"], record["name"],
                                                       record["type"], record["count"], fields)))
    out.print(table)


def _build_options(paper: str, out_dir: str | None, flip: FlipEdge, back_offset: str,
                   bleed: float | None, debug_boxes: bool = False) -> Any:
    from printandplay.data.presets import load_presets, resolve_paper
    from printandplay.planning import BuildOptions
    from printandplay.units import MM

    if bleed is not None and not 0 <= bleed <= 10:
        raise OptionError(f"--bleed {bleed}: use a value from 0 to 10 mm")
    resolve_paper(paper.lower(), load_presets())  # a bad paper is refused before any work
    return BuildOptions(paper=paper.lower(), out_dir=out_folder(out_dir),
                        flip=flip.value,  # type: ignore[arg-type]
                        back_offset=parse_offset(back_offset),
                        bleed=None if bleed is None else bleed * MM, debug_boxes=debug_boxes)


class _DelayedProgress:
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


def _build_one(game_id: str, options: Any, progress: Callable[[int, int], None] | None = None,
               icons_dir: Path | None = None) -> tuple[str, str, list[str]]:
    """Build one kit; returns its path, its summary line and its warnings."""
    from printandplay.build import build_kit

    warnings: list[str] = []
    done = build_kit(_resources(icons_dir), game_id, options, progress, warnings=warnings)
    return str(done.path), done.summary(game_id), warnings


def _build_one_safe(game_id: str, options: Any, icons_dir: Path | None = None
                    ) -> tuple[str, str | None, str, list[str], list[str], int]:
    try:
        path, summary, warnings = _build_one(game_id, options, icons_dir=icons_dir)
        return game_id, path, summary, warnings, [], 0
    except PrintAndPlayError as error:
        return game_id, None, "", [], error.problems(), error.exit_code


@app.command()
def build(game: Annotated[str, typer.Argument(metavar="GAME", help="Game id, or `all`.")],
          paper: PaperOpt = "a4", out_dir: OutOpt = None, flip: FlipOpt = FlipEdge.long,
          back_offset: OffsetOpt = "0,0", bleed: BleedOpt = None,
          debug_boxes: DebugBoxesOpt = False, icons_dir: IconsDirOpt = None) -> None:
    """Build the complete print-and-play kit of GAME (or of every game with `all`).

    Writes build/GAME/GAME-a4.pdf (GAME-letter.pdf for Letter): rules and reference sheets
    first, then each sheet of fronts followed by its sheet of backs.

    Prints the path, and on stderr any warnings and one line: components, sheets, pages,
    seconds.
    """
    with user_errors():
        options = _build_options(paper, out_dir, flip, back_offset, bleed, debug_boxes)
        if icons_dir is not None and not icons_dir.is_dir():
            raise OptionError(f"--icons-dir {icons_dir}: no such folder")
        if game != "all":
            progress = _DelayedProgress(f"Building {escape(check_game_id(game))}")
            try:
                path, summary, warnings = _build_one(game, options, progress, icons_dir)
            finally:
                progress.close()
            warn(warnings)
            out.print(path, markup=False)
            err.print(summary, markup=False)
            return
        ids = _resources().game_ids()
    _build_all(ids, options, icons_dir)


def _worker_signals() -> None:
    """In a build worker, Ctrl-C is the parent's to handle (no traceback from each worker)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _build_all(ids: list[str], options: Any, icons_dir: Path | None = None) -> None:
    """Build every game in parallel: one process per game (the system spreads them over every
    core); paths are printed in game order."""
    from concurrent.futures import ProcessPoolExecutor

    problems: list[str] = []
    code = 0
    progress = _DelayedProgress("Building all games")
    try:
        with ProcessPoolExecutor(max_workers=max(1, len(ids)),
                                 initializer=_worker_signals) as pool:
            futures = [pool.submit(_build_one_safe, game_id, options, icons_dir) for game_id in ids]
            try:
                for done, future in enumerate(futures, start=1):
                    game_id, path, summary, warnings, errors, exit_code = future.result()
                    warn(warnings)
                    if path:
                        out.print(path, markup=False)
                        err.print(summary, markup=False)
                    problems.extend(f"{game_id}: {p}" for p in errors)
                    code = max(code, exit_code)
                    progress(done, len(ids))
            except BaseException:
                pool.shutdown(wait=True, cancel_futures=True)  # running builds finish cleanly
                raise
    finally:
        progress.close()
    if problems:
        fail(problems, code)


@app.command()
def check(game: GameArg,
          format: Annotated[Format, typer.Option("--format", help="table (text) or json.")]
          = Format.table) -> None:
    """Check the composition of GAME's kit (counts per kind and name) against its rules.

    Exits 1 listing every mismatch.
    """
    from printandplay.data.game_loader import load_game
    from printandplay.rules.composition import check_composition

    with user_errors():
        report = check_composition(load_game(_resources(), check_game_id(game)))
    if format is Format.json:
        typer.echo(json.dumps(report.as_dict(), ensure_ascii=False, indent=2))
    else:
        for violation in report.errors:
            out.print(f"[red]✗[/] {escape(violation.rule)}: {escape(violation.message)}")
        if report.is_valid:
            total = sum(report.counts.values())
            out.print(f"[green]✓[/] {escape(game)}: composition checked ({total} components)")
    raise typer.Exit(code=0 if report.is_valid else 1)


class TextFormat(str, Enum):
    text = "text"
    json = "json"


DeckArg = Annotated[Path, typer.Argument(metavar="DECK", help="Deck list file (.txt, or .yaml).")]
CollectionOpt = Annotated[Path | None, typer.Option(
    "--collection", help="YAML of owned copies per card: the deck may not use more.")]
RulesOpt = Annotated[str | None, typer.Option(
    "--rules", metavar="FORMAT",
    help="Deck-building format of the game's deck_rules (default: the game's default).")]


def _load_deck_and_report(game: str, deck_file: Path, collection: Path | None,
                          rules: str | None = None) -> Any:
    from printandplay.data.decklist import load_collection, load_deck
    from printandplay.data.game_loader import load_game
    from printandplay.rules.deck import deck_format, validate_deck

    loaded = load_game(_resources(), check_game_id(game))
    deck_format(loaded, rules)  # an unknown game format fails before the deck is read
    deck = load_deck(deck_file, loaded, str(deck_file))
    owned = load_collection(collection, loaded, str(collection)) if collection else None
    return loaded, deck, validate_deck(deck, loaded, rules, owned)


def _print_report(deck_file: Path, report: Any) -> None:
    status = "[green]valid[/]" if report.is_valid else "[red]INVALID[/]"
    summary = ", ".join(f"{k} {v}" for k, v in report.counts.items())
    out.print(f"{escape(str(deck_file))}: {status} ({escape(summary)})")
    for violation in [*report.errors, *report.warnings]:
        mark = "[red]✗[/]" if violation in report.errors else "[yellow]⚠[/]"
        where = f" (line {violation.line})" if violation.line else ""
        out.print(f"{mark} {escape(violation.rule)}{where}: {escape(violation.message)}")


@app.command()
def validate(game: GameArg, deck_file: DeckArg,
             format: Annotated[TextFormat, typer.Option("--format", help="text or json.")]
             = TextFormat.text,
             collection: CollectionOpt = None, rules: RulesOpt = None) -> None:
    """Check the deck list DECK against GAME's deck-building rules (--rules FORMAT).

    Reports every violation with its rule id; exits 0 when valid, 1 when not, 2 when the deck
    file cannot be read.
    """
    with user_errors():
        _, _, report = _load_deck_and_report(game, deck_file, collection, rules)
    if format is TextFormat.json:
        typer.echo(json.dumps(report.as_dict(), ensure_ascii=False, indent=2))
    else:
        _print_report(deck_file, report)
    raise typer.Exit(code=0 if report.is_valid else 1)


@app.command("print-deck")
def print_deck(game: GameArg, deck_file: DeckArg, paper: PaperOpt = "a4", out_dir: OutOpt = None,
               flip: FlipOpt = FlipEdge.long, back_offset: OffsetOpt = "0,0",
               bleed: BleedOpt = None,
               force: Annotated[bool, typer.Option("--force",
                                                   help="Print even an invalid deck.")] = False,
               rules: RulesOpt = None,
               ) -> None:
    """Print exactly the cards of DECK, with their backs, ready to cut.

    Writes build/GAME/deck-<file stem>-a4.pdf. Refuses an invalid deck unless --force.
    """
    from printandplay.build import build_deck, output_path
    from printandplay.outputs import check_output
    from printandplay.rules.deck import counted_deck

    with user_errors():
        options = _build_options(paper, out_dir, flip, back_offset, bleed)
        check_output(output_path(check_game_id(game), options, stem=f"deck-{deck_file.stem}"))
        loaded, deck, report = _load_deck_and_report(game, deck_file, None, rules)
        if not report.is_valid and not force:
            _print_report(deck_file, report)
            err.print("[red]error:[/] the deck is not valid; fix it or print it anyway with "
                      "--force")
            raise typer.Exit(code=1)
        for unknown in deck.unknown:
            err.print(f"[yellow]warning:[/] {escape(str(deck_file))}:{unknown.line}: dropping "
                      f"{unknown.count} × {escape(repr(unknown.name))}: "
                      f"{'ambiguous' if unknown.ambiguous else 'no such'} card", markup=True)
        # copies per card, all sections together; kinds the rules ignore are not printed
        counts = counted_deck(deck, loaded, rules).counts()
        if not counts:
            raise OptionError(f"{deck_file}: no card left to print")
        progress = _DelayedProgress(f"Printing {escape(deck_file.name)}")
        warnings: list[str] = []
        try:
            path = build_deck(_resources(), game, list(counts.items()), deck_file.stem, options,
                              progress, warnings)
        finally:
            progress.close()
    warn(warnings)
    out.print(escape(str(path)))


def _report_rebuild(result: Any) -> None:
    """Print one rebuild of `watch`: what changed, then the PDF or the errors."""
    stamp = time.strftime("%H:%M:%S")
    names = [name for name in result.changed if Path(name).exists()] or list(result.changed)
    changed = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
    changed = changed or "first build"
    if result.ok:
        warn(list(result.build.warnings))
        out.print(f"[dim]{stamp}[/] {escape(changed)} → [green]{escape(str(result.build.path))}"
                  f"[/] ({result.composed} faces composed, {result.reused} reused, "
                  f"{result.seconds:.2f} s)")
        return
    out.print(f"[dim]{stamp}[/] {escape(changed)} → [red]{len(result.problems)} "
              f"error{'s' if len(result.problems) > 1 else ''}[/]")
    for problem in result.problems:
        err.print(f"[bold red]error:[/] {escape(problem)}")


@app.command()
def watch(game: GameArg, paper: PaperOpt = "a4", out_dir: OutOpt = None,
          flip: FlipOpt = FlipEdge.long, back_offset: OffsetOpt = "0,0",
          bleed: BleedOpt = None, debug_boxes: DebugBoxesOpt = False,
          icons_dir: IconsDirOpt = None) -> None:
    """Rebuild GAME's kit every time one of its files is saved (Ctrl-C stops).

    Watches cards/GAME, templates/GAME, templates/shared and fonts. Prints what changed and
    the errors without stopping; a failed rebuild keeps the last good PDF. Only the faces whose
    data, layout, icons or fonts changed are drawn again. Same options as `build`.
    """
    from printandplay.watch import Watcher

    with user_errors():
        options = _build_options(paper, out_dir, flip, back_offset, bleed, debug_boxes)
        if icons_dir is not None and not icons_dir.is_dir():
            raise OptionError(f"--icons-dir {icons_dir}: no such folder")
        resources = _resources(icons_dir)
        resources.game_folder(game)  # an unknown game stops here, with exit code 2
        watcher = Watcher(resources, game, options)
    _report_rebuild(watcher.rebuild_once())
    from watchfiles import watch as watch_files

    folders = watcher.folders()
    out.print(f"[dim]watching {escape(', '.join(resources.display(f) for f in folders))} "
              f"(Ctrl-C stops)[/]")
    try:
        for changes in watch_files(*folders, debounce=50, step=10, watch_filter=None):
            paths = [Path(path) for _, path in changes if watcher.wants(Path(path))]
            if paths:
                _report_rebuild(watcher.rebuild_once(paths))
    except KeyboardInterrupt:
        pass


@app.command("export")
def export(game: GameArg,
           png: Annotated[Path | None, typer.Option(
               "--png", metavar="DIR", help="Write one PNG per distinct face and a contact "
               "sheet per kind into DIR.")] = None,
           tts: Annotated[Path | None, typer.Option(
               "--tts", metavar="DIR", help="Write Tabletop Simulator deck sheets and a saved "
               "object (JSON) into DIR.")] = None,
           dpi: Annotated[float, typer.Option("--dpi", help="Resolution of the images.")] = 300,
           with_bleed: Annotated[bool, typer.Option(
               "--bleed", help="PNGs include the bleed around the trim.")] = False,
           deck_file: Annotated[Path | None, typer.Option(
               "--deck", metavar="DECK", help="With --tts: export this deck list's cards and "
               "copies instead of the whole kit.")] = None,
           icons_dir: IconsDirOpt = None,
           ) -> None:
    """Export GAME as images: PNGs of every face (--png) or a Tabletop Simulator deck (--tts).

    The images are the kit's own PDF drawing, rasterised. Prints each folder written.
    """
    with user_errors():
        if png is None and tts is None:
            raise OptionError("export: give --png DIR, --tts DIR or both")
        if not 30 <= dpi <= 1200:
            raise OptionError(f"--dpi {dpi:g}: use a value from 30 to 1200")
        if deck_file is not None and tts is None:
            raise OptionError("--deck goes with --tts")
        if icons_dir is not None and not icons_dir.is_dir():
            raise OptionError(f"--icons-dir {icons_dir}: no such folder")
        from printandplay.assets import load_assets

        resources = _resources(icons_dir)
        assets = load_assets(resources, game)
        if png is not None:
            from printandplay.export.png import export_png

            done = export_png(resources, game, png, dpi, with_bleed, assets)
            err.print(f"{game}: {done.faces} faces, {done.contact_sheets} contact sheets",
                      markup=False)
            out.print(str(png), markup=False)
        if tts is not None:
            from printandplay.export.tts import export_tts

            entries = name = None
            if deck_file is not None:
                from printandplay.data.decklist import load_deck

                deck = load_deck(deck_file, assets.game, str(deck_file))
                if deck.unknown:
                    first = deck.unknown[0]
                    raise OptionError(f"{deck_file}:{first.line}: unknown card '{first.name}' "
                                      f"(printandplay validate {game} {deck_file})")
                entries, name = list(deck.counts().items()), f"deck-{deck_file.stem}"
            result = export_tts(resources, game, tts, dpi, entries, name, assets)
            cards = sum(d.cards for d in result.decks)
            err.print(f"{game}: {cards} cards in {len(result.decks)} decks", markup=False)
            out.print(str(result.json_path), markup=False)


# ---- game commands: declared by games (printandplay.rules.commands), no game named here ----

def _game_command_callback(command: Any) -> Callable[..., None]:
    """A Typer callback for a :class:`~printandplay.rules.commands.GameCommand`."""
    def callback(**values: Any) -> None:
        output_format = values.pop("format")
        with user_errors():
            output = command.run(values)
        if output_format is TextFormat.json:
            typer.echo(json.dumps(output.data, ensure_ascii=False, indent=2))
        else:
            typer.echo(output.text)
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
            group = _Typer(help=command.group_help, no_args_is_help=True)
            app.add_typer(group, name=command.group)
            groups[command.group] = group
        text = command.help
        if command.example:
            text += (f"\n\nExample: printandplay {command.group} {command.name} "
                     f"{shlex.join(command.example)}")
        group.command(command.name, help=text)(_game_command_callback(command))


def _add_bundled_game_commands() -> None:
    from printandplay.rules.commands import bundled_commands

    add_game_commands(bundled_commands())


_add_bundled_game_commands()


@app.command()
def new(game: Annotated[str, typer.Argument(
            metavar="GAME", help="Id of the new game: lower-case letters, digits, - and _.")],
        cards: Annotated[int, typer.Option("--cards", metavar="N",
                                           help="Number of sample cards.")] = 12,
        size: Annotated[str, typer.Option(
            "--size", metavar="poker|tarot|mini|…",
            help="Card size: a size name of docs/designing-a-game.md at least 40 mm wide.")]
        = "poker") -> None:
    """Start a new game: write cards/GAME/ and templates/GAME/ in the current folder, with sample cards, layouts and rules, ready to build. Never overwrites."""
    from printandplay.newgame import new_game

    with user_errors():
        made = new_game(Path("."), game, cards, size)
    for path in made.files:
        out.print(escape(str(path)))
    out.print(f"Next: printandplay build {game}")


@app.command()
def calibrate(paper: PaperOpt = "a4",
              out_dir: Annotated[str | None, typer.Option(
                  "--out", metavar="DIR", help="Output folder (default build/): the sheet is written there "
                                "as calibration-PAPER.pdf.")] = None,
              flip: FlipOpt = FlipEdge.long) -> None:
    """Write a duplex calibration sheet; read off your printer's shift for --back-offset."""
    from printandplay.calibrate import build_calibration

    with user_errors():
        path = build_calibration(_resources(), paper.lower(), flip.value, out_folder(out_dir))
    out.print(escape(str(path)))


def _on_sigterm(signum: int, frame: object) -> None:
    raise Terminated()


def main() -> None:
    """Console-script entry point: SIGTERM unwinds the stack (temporary files are removed).
    Installed packages' game commands (entry points) are looked up only when the command asked
    for is not a bundled one: start-up stays fast."""
    if hasattr(signal, "SIGTERM"):
        signal.signal(signal.SIGTERM, _on_sigterm)
    wanted = next((a for a in sys.argv[1:] if not a.startswith("-")), None)
    if wanted is None or wanted not in command_names():
        from printandplay.rules.commands import installed_commands

        try:
            add_game_commands(installed_commands())
        except PrintAndPlayError as error:
            for problem in error.problems():
                err.print(f"[bold red]error:[/] {escape(problem)}", markup=True, highlight=False)
            raise SystemExit(2) from None
    app(prog_name="printandplay")
