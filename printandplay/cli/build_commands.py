"""Commands that write kits and files: ``build``, ``watch``, ``export`` and ``calibrate``.
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
    FlipEdge,
    FlipOpt,
    FoldOpt,
    FrontsOnlyOpt,
    GameArg,
    GutterOpt,
    IconsDirOpt,
    InkSaverOpt,
    ManifestFormat,
    MarginOpt,
    OffsetOpt,
    OutOpt,
    PaperOpt,
    RulesOpt,
    SectionsOpt,
    SimplexOpt,
    build_options,
    check_game_id,
    check_icons_dir,
    check_margin,
    find_resources,
    out_folder,
)
from printandplay.errors import OptionError


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
          sections: SectionsOpt = None, gutter: GutterOpt = None,
          fronts_only: FrontsOnlyOpt = False) -> None:
    """Build the complete print-and-play kit of GAME (or of every game with `all`).

    Writes build/GAME/GAME-a4.pdf (GAME-letter.pdf for Letter): rules and reference sheets
    first, then each sheet of fronts followed by its sheet of backs.

    Prints the path, and on stderr any warnings and one line: components, sheets, pages,
    seconds.
    """
    with user_errors():
        options = build_options(paper, out_dir, flip, back_offset, bleed, debug_boxes, margin,
                                 simplex, fold, ink_saver, sections, gutter,
                                 fronts_only)
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
          sections: SectionsOpt = None, gutter: GutterOpt = None,
          fronts_only: FrontsOnlyOpt = False) -> None:
    """Rebuild GAME's kit every time one of its files is saved (Ctrl-C stops).

    Watches cards/GAME, templates/GAME, templates/shared and fonts. Prints what changed and
    the errors without stopping; a failed rebuild keeps the last good PDF. Only the faces whose
    data, layout, icons or fonts changed are drawn again. Same options as `build`.
    """
    from printandplay.kit.watch import Watcher

    with user_errors():
        options = build_options(paper, out_dir, flip, back_offset, bleed, debug_boxes, margin,
                                 simplex, fold, ink_saver, sections, gutter,
                                 fronts_only)
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


def export(game: GameArg,
           png: Annotated[Path | None, typer.Option(
               "--png", metavar="DIR", help="Write one PNG per distinct face and a contact "
               "sheet per kind into DIR.")] = None,
           tts: Annotated[Path | None, typer.Option(
               "--tts", metavar="DIR", help="Write Tabletop Simulator deck sheets and a saved "
               "object (JSON) into DIR.")] = None,
           print_shop: Annotated[Path | None, typer.Option(
               "--print-shop", metavar="DIR",
               help="Write one PDF per card face (trim plus bleed, TrimBox and BleedBox set) "
                    "and a manifest of counts and sizes into DIR, for print-on-demand shops.")]
           = None,
           dpi: Annotated[float, typer.Option("--dpi", help="Resolution of the images.")] = 300,
           with_bleed: Annotated[bool, typer.Option(
               "--bleed", help="PNGs include the bleed around the trim.")] = False,
           bleed_mm: Annotated[float | None, typer.Option(
               "--bleed-mm", metavar="MM",
               help="With --print-shop: the bleed around each face in mm (default 3).")] = None,
           manifest: Annotated[ManifestFormat, typer.Option(
               "--manifest", help="With --print-shop: manifest.json or manifest.csv.")]
           = ManifestFormat.json,
           shop: Annotated[str | None, typer.Option("--shop", metavar="NAME", help="With "
               "--print-shop: a shop's bleed, file names, single file (thegamecrafter, "
               "drivethrucards).")] = None,
           alternating: Annotated[bool, typer.Option("--alternating", help="With --print-shop: "
               "also one PDF of every copy's front then back (GAME-fronts-backs.pdf).")] = False,
           deck_file: Annotated[Path | None, typer.Option(
               "--deck", metavar="DECK", help="With --tts: export this deck list's cards and "
               "copies instead of the whole kit.")] = None,
           rules: RulesOpt = None,
           force: Annotated[bool, typer.Option(
               "--force", help="With --deck: export even an invalid deck (unknown names are "
               "dropped).")] = False,
           ink_saver: InkSaverOpt = False, sections: SectionsOpt = None,
           icons_dir: IconsDirOpt = None,
           ) -> None:
    """Export GAME: PNGs of every face (--png), a Tabletop Simulator deck (--tts), or the files
    print-on-demand shops take (--print-shop: one PDF per face with bleed, and a manifest).

    The images are the kit's own PDF drawing, rasterised. Prints each folder or manifest
    written.
    """
    with user_errors():
        if png is None and tts is None and print_shop is None:
            raise OptionError("export: give --png DIR, --tts DIR or --print-shop DIR (or "
                              "several)")
        if not 30 <= dpi <= 1200:
            raise OptionError(f"--dpi {dpi:g}: use a value from 30 to 1200")
        if deck_file is not None and tts is None:
            raise OptionError("--deck goes with --tts")
        if deck_file is None and (rules is not None or force):
            raise OptionError("--rules and --force go with --deck")
        if print_shop is None and (bleed_mm is not None or ink_saver or sections is not None
                                   or manifest is not ManifestFormat.json or shop is not None
                                   or alternating):
            raise OptionError("--bleed-mm, --manifest, --shop, --alternating, --ink-saver and "
                              "--sections go with --print-shop")
        if shop is not None and bleed_mm is not None:
            raise OptionError("--shop sets the bleed: leave out --bleed-mm")
        check_icons_dir(icons_dir)
        from printandplay.kit.assets import load_assets
        from printandplay.kit.outputs import check_output_folder

        for folder in (png, tts, print_shop):
            if folder is not None:
                check_output_folder(folder)
        resources = find_resources(icons_dir)
        assets = load_assets(resources, game)
        if png is not None:
            from printandplay.export.png import export_png

            progress = DelayedProgress(f"Exporting {escape(game)} as PNG")
            try:
                done = export_png(resources, game, png, dpi, with_bleed, assets, progress)
            finally:
                progress.close()
            err.print(f"{game}: {done.faces} faces, {done.contact_sheets} contact sheets",
                      markup=False)
            out.print(str(png), markup=False)
        if tts is not None:
            from printandplay.export.tts import export_tts

            entries = name = None
            if deck_file is not None:
                entries = _checked_deck(deck_file, assets.game, rules, force)
                name = f"deck-{deck_file.stem}"
            progress = DelayedProgress(f"Exporting {escape(game)} for Tabletop Simulator")
            try:
                result = export_tts(resources, game, tts, dpi, entries, name, assets, progress)
            finally:
                progress.close()
            cards = sum(d.cards for d in result.decks)
            err.print(f"{game}: {cards} cards in {len(result.decks)} decks", markup=False)
            out.print(str(result.json_path), markup=False)
        if print_shop is not None:
            from printandplay.data.presets import load_presets, resolve_shop
            from printandplay.export.print_shop import export_print_shop

            if bleed_mm is not None and not 0 <= bleed_mm <= 10:
                raise OptionError(f"--bleed-mm {bleed_mm:g}: use a value from 0 to 10 mm")
            preset = resolve_shop(shop, load_presets()) if shop is not None else None
            options = build_options("a4", None, FlipEdge.long, "0,0",
                                     preset.bleed * 25.4 / 72 if preset else bleed_mm,
                                     ink_saver=ink_saver, sections=sections)
            progress = DelayedProgress(f"Exporting {escape(game)}")
            shop_warnings: list[str] = []
            try:
                path = export_print_shop(resources, game, print_shop, options,
                                         manifest.value, progress,  # type: ignore[arg-type]
                                         assets, preset, alternating, shop_warnings)
            finally:
                progress.close()
            warn(shop_warnings)
            out.print(escape(str(path)))


def calibrate(paper: PaperOpt = "a4",
              out_dir: Annotated[str | None, typer.Option(
                  "--out", metavar="DIR", help="Output folder (default build/): the sheet is written there "
                                "as calibration-PAPER.pdf.")] = None,
              flip: FlipOpt = FlipEdge.long, margin: MarginOpt = DEFAULT_MARGIN_MM) -> None:
    """Write a duplex calibration sheet; read off your printer's shift for --back-offset."""
    from printandplay.kit.calibrate import build_calibration

    with user_errors():
        path = build_calibration(find_resources(), paper.lower(), flip.value, out_folder(out_dir),
                                 check_margin(margin))
    out.print(escape(str(path)))


def _checked_deck(deck_file: Path, game: Any, rules: str | None,
                  force: bool) -> list[tuple[str, int]]:
    """The cards and copies of ``deck_file`` for ``export --deck``, checked as ``print-deck``
    checks them: against the game's deck rules when it has some (an invalid deck is refused
    unless ``force``), and every name known (unknown ones dropped, each named, with
    ``force``)."""
    from printandplay.cli.game_commands import read_checked_deck

    deck = read_checked_deck(deck_file, game, rules, force, "export")
    entries = list(deck.counts().items())
    if not entries:
        raise OptionError(f"{deck_file}: no card left to export")
    return entries
