"""Commands that write kits: ``build``, ``watch`` and ``calibrate`` (``export``: :mod:`.export_command`).
Heavy modules (ReportLab) are imported inside the commands that need them."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from printandplay.cli.app import (
    TERMINATED,
    DelayedProgress,
    Terminated,
    err,
    escape,
    out,
    user_errors,
    warn,
)
from printandplay.cli.options import (
    DEFAULT_MARGIN_MM,
    BleedOpt,
    DebugBoxesOpt,
    EditionOpt,
    FlipEdge,
    FlipOpt,
    FoldOpt,
    FrontsOnlyOpt,
    GameArg,
    GutterOpt,
    IconsDirOpt,
    InkSaverOpt,
    MarginOpt,
    OffsetOpt,
    OutOpt,
    PackOpt,
    PaperOpt,
    ProofOpt,
    SectionsOpt,
    SimplexOpt,
    build_options,
    check_game_id,
    check_icons_dir,
    check_language,
    check_margin,
    find_resources,
    out_folder,
)


def _build_one(game_id: str, options: Any, progress: Callable[[int, int], None] | None = None,
               icons_dir: Path | None = None) -> tuple[str, str, list[str]]:
    """Build one kit; returns its path, its summary line and its warnings."""
    from printandplay.kit.build import build_kit

    warnings: list[str] = []
    done = build_kit(find_resources(icons_dir), game_id, options, progress, warnings=warnings)
    return str(done.path), done.summary(game_id), warnings


def build(game: Annotated[str, typer.Argument(metavar="GAME", help="Game id, or `all`.")],
          paper: PaperOpt = "a4", out_dir: OutOpt = None, flip: FlipOpt = FlipEdge.long,
          back_offset: OffsetOpt = "0,0", bleed: BleedOpt = None,
          debug_boxes: DebugBoxesOpt = False, icons_dir: IconsDirOpt = None,
          margin: MarginOpt = DEFAULT_MARGIN_MM, simplex: SimplexOpt = False,
          fold: FoldOpt = False, ink_saver: InkSaverOpt = False,
          sections: SectionsOpt = None, language: EditionOpt = None,
          proof: ProofOpt = False, gutter: GutterOpt = None,
          fronts_only: FrontsOnlyOpt = False, pack: PackOpt = False) -> None:
    """Build the complete print-and-play kit of GAME (or of every game with `all`).

    Writes build/GAME/GAME-a4.pdf (GAME-letter.pdf for Letter): rules and reference sheets
    first, then each sheet of fronts followed by its sheet of backs.

    Prints the path, and on stderr any warnings and one line: components, sheets, pages,
    seconds.
    """
    with user_errors():
        options = build_options(paper, out_dir, flip, back_offset, bleed, debug_boxes, margin,
                                simplex, fold, ink_saver, sections, language=language,
                                proof=proof, gutter=gutter, fronts_only=fronts_only,
                                pack=pack)
        check_icons_dir(icons_dir)
        if game != "all":
            progress = DelayedProgress(f"Building {escape(check_game_id(game))}")
            try:
                path, summary, warnings = _build_one(game, options, progress, icons_dir)
            finally:
                progress.close()
            warn(warnings)
            out.print(path, markup=False)
            err.print(summary, markup=False)
            return
        ids = find_resources().game_ids()
    from printandplay.cli.build_all import build_all

    build_all(ids, options, icons_dir)


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


def watch(game: GameArg, paper: PaperOpt = "a4", out_dir: OutOpt = None,
          flip: FlipOpt = FlipEdge.long, back_offset: OffsetOpt = "0,0",
          bleed: BleedOpt = None, debug_boxes: DebugBoxesOpt = False,
          icons_dir: IconsDirOpt = None, margin: MarginOpt = DEFAULT_MARGIN_MM,
          simplex: SimplexOpt = False, fold: FoldOpt = False, ink_saver: InkSaverOpt = False,
          sections: SectionsOpt = None, language: EditionOpt = None,
          gutter: GutterOpt = None, fronts_only: FrontsOnlyOpt = False,
          pack: PackOpt = False) -> None:
    """Rebuild GAME's kit every time one of its files is saved (Ctrl-C stops).

    Watches cards/GAME, templates/GAME, templates/shared and fonts. Prints what changed and
    the errors without stopping; a failed rebuild keeps the last good PDF. Only the faces whose
    data, layout, icons or fonts changed are drawn again. Same options as `build`.
    """
    from printandplay.kit.watch import Watcher

    with user_errors():
        options = build_options(paper, out_dir, flip, back_offset, bleed, debug_boxes, margin,
                                simplex, fold, ink_saver, sections, language=language,
                                gutter=gutter, fronts_only=fronts_only, pack=pack)
        check_icons_dir(icons_dir)
        resources = find_resources(icons_dir)
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
    except KeyboardInterrupt:  # Ctrl-C stops watching: a success; SIGTERM is exit code 143
        if TERMINATED.is_set():
            raise Terminated() from None


def calibrate(paper: PaperOpt = "a4",
              out_dir: Annotated[str | None, typer.Option(
                  "--out", metavar="DIR", help="Output folder (default build/): the sheet is written there "
                                "as calibration-PAPER.pdf.")] = None,
              flip: FlipOpt = FlipEdge.long, margin: MarginOpt = DEFAULT_MARGIN_MM,
              language: Annotated[str, typer.Option(
                  "--language", metavar="LANG",
                  help="Language of the sheet's instructions: fr, en, de, es, it (others: "
                       "English); an English summary follows the others.")] = "fr") -> None:
    """Write a duplex calibration sheet; read off your printer's shift for --back-offset."""
    from printandplay.kit.calibrate import build_calibration

    with user_errors():
        path = build_calibration(find_resources(), paper.lower(), flip.value, out_folder(out_dir),
                                 check_margin(margin), check_language(language))
    out.print(escape(str(path)))
