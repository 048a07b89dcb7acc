"""``printandplay export``: a kit as PNG faces, a Tabletop Simulator deck, or print-shop files."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from printandplay.cli.app import (
    DelayedProgress,
    err,
    escape,
    out,
    user_errors,
    warn,
)
from printandplay.cli.options import (
    BanListOpt,
    EditionOpt,
    FlipEdge,
    GameArg,
    IconsDirOpt,
    InkSaverOpt,
    ManifestFormat,
    RulesOpt,
    SectionsOpt,
    build_options,
    check_icons_dir,
    check_language,
    find_resources,
)
from printandplay.errors import OptionError


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
           rules: RulesOpt = None, ban_list: BanListOpt = None,
           force: Annotated[bool, typer.Option(
               "--force", help="With --deck: export even an invalid deck (unknown names are "
               "dropped).")] = False,
           ink_saver: InkSaverOpt = False, sections: SectionsOpt = None,
           icons_dir: IconsDirOpt = None, language: EditionOpt = None,
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
        if deck_file is None and (rules is not None or force or ban_list is not None):
            raise OptionError("--rules, --ban-list and --force go with --deck")
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
        assets = load_assets(resources, game, language=check_language(language))
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
                entries = _checked_deck(deck_file, assets.game, rules, force, ban_list)
                name = f"deck-{deck_file.stem}"
            progress = DelayedProgress(f"Exporting {escape(game)} for Tabletop Simulator")
            try:
                result = export_tts(resources, game, tts, dpi, entries, name, assets, progress)
            finally:
                progress.close()
            decks = [d for d in result.decks if not d.tokens]
            cards = sum(d.cards for d in decks)
            tokens = sum(d.cards for d in result.decks) - cards
            extra = f" and {tokens} tokens" if tokens else ""
            err.print(f"{game}: {cards} cards in {len(decks)} decks{extra}", markup=False)
            out.print(str(result.json_path), markup=False)
        if print_shop is not None:
            from printandplay.data.presets import load_presets, resolve_shop
            from printandplay.export.print_shop import export_print_shop

            if bleed_mm is not None and not 0 <= bleed_mm <= 10:
                raise OptionError(f"--bleed-mm {bleed_mm:g}: use a value from 0 to 10 mm")
            preset = resolve_shop(shop, load_presets()) if shop is not None else None
            options = build_options("a4", None, FlipEdge.long, "0,0", bleed_mm,  # (a shop's own:
                                    ink_saver=ink_saver, sections=sections,  # set by the export)
                                    language=language)
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


def _checked_deck(deck_file: Path, game: Any, rules: str | None,
                  force: bool, ban_list: str | None) -> list[tuple[str, int]]:
    """The cards and copies of ``deck_file`` for ``export --deck``, checked as ``print-deck``
    checks them: against the game's deck rules when it has some (an invalid deck is refused
    unless ``force``), and every name known (unknown ones dropped, each named, with
    ``force``)."""
    from printandplay.cli.game_commands import read_checked_deck

    deck = read_checked_deck(deck_file, game, rules, force, "export", ban_list)
    entries = list(deck.counts().items())
    if not entries:
        raise OptionError(f"{deck_file}: no card left to export")
    return entries
