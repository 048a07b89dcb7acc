"""Options shared by the commands: their types, and the parsers that turn them into values."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated, Any, overload

import typer

from printandplay.errors import OptionError


class FlipEdge(str, Enum):
    long = "long"
    short = "short"


class Format(str, Enum):
    table = "table"
    json = "json"


class TextFormat(str, Enum):
    text = "text"
    json = "json"


class ManifestFormat(str, Enum):
    json = "json"
    csv = "csv"


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
GutterOpt = Annotated[float | None, typer.Option(
    "--gutter", metavar="MM",
    help="Space every two neighbouring items MM apart, each bleeding into the gap (0 to 20; "
         "0: abut wherever spacing costs a sheet, even between edges of different colours). "
         "Default: spaced where their edges differ in colour or it costs no sheet.")]
DebugBoxesOpt = Annotated[bool, typer.Option(
    "--debug-boxes", help="Outline every box with its name, the trim, the bleed and the safe "
    "zone, on cards and documents; writes GAME-debug-a4.pdf.")]
SimplexOpt = Annotated[bool, typer.Option(
    "--simplex", help="Single-sided printing: no blank pages; print the sheets of backs "
                      "separately.")]
FoldOpt = Annotated[bool, typer.Option(
    "--fold", help="Fold-and-glue, for printers without duplex: each back beside its front, "
                   "mirrored across a dashed fold line.")]
FrontsOnlyOpt = Annotated[bool, typer.Option(
    "--fronts-only", help="Sheets of fronts alone, printed single-sided: to sleeve each card "
                          "in front of a bought card (no duplex drift).")]
PackOpt = Annotated[bool, typer.Option(
    "--pack", help="Let neighbouring kit sections of the same size, stock and back share "
                   "sheets where that saves paper (the guide names the sections of each "
                   "sheet); writes GAME-packed-a4.pdf.")]
InkSaverOpt = Annotated[bool, typer.Option(
    "--ink-saver", help="Light backs and full-bleed fills (the layouts' ink-saver versions, "
                        "else pale tints).")]
SectionsOpt = Annotated[list[str] | None, typer.Option(
    "--sections", metavar="NAME[,NAME…]",
    help="Build only these kit sections (names as in the error listing them, or kinds); "
         "repeat the option or separate names with commas.")]
ProofOpt = Annotated[bool, typer.Option(
    "--proof", help="A quick proof, not for play: items larger than the paper (boards) printed "
                    "scaled down on one sheet each instead of tiled, their labels saying so; "
                    "writes GAME-proof-a4.pdf.")]
IconsDirOpt = Annotated[Path | None, typer.Option(
    "--icons-dir", metavar="DIR",
    help="A full copy of game-icons.net (its folder of author folders), searched for gi- icons "
         "before the bundled ones; default $PRINTANDPLAY_GAME_ICONS.")]
MarginOpt = Annotated[float, typer.Option(
    "--margin", metavar="MM",
    help="Your printer's unprintable margin in mm (default 5): marks and labels stay inside.")]
DEFAULT_MARGIN_MM = 5.0

DeckArg = Annotated[Path, typer.Argument(metavar="DECK", help="Deck list file (.txt, or .yaml).")]
CollectionOpt = Annotated[Path | None, typer.Option(
    "--collection", help="YAML of owned copies per card: the deck may not use more.")]
BanListOpt = Annotated[str | None, typer.Option(
    "--ban-list", metavar="FILE",
    help="Ban list file of the format's tiers, a path inside the game's folder (default: "
         "the format's ban_list file).")]
EditionOpt = Annotated[str | None, typer.Option(
    "--language", metavar="LANG",
    help="Build the game's edition in LANG: its texts written FIELD@LANG (name@en) in place of "
         "the others, and the kit's own words in LANG.")]
NamesLanguageOpt = Annotated[str | None, typer.Option(
    "--language", metavar="LANG",
    help="Name the cards as the game's edition in LANG does: its texts written FIELD@LANG "
         "(name@en) in place of the others.")]
RulesOpt = Annotated[str | None, typer.Option(
    "--rules", metavar="FORMAT",
    help="Deck-building format of the game's deck_rules (default: the game's default).")]


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


def check_icons_dir(icons_dir: Path | None) -> Path | None:
    """``--icons-dir`` as given, once checked to be a folder (``None``: not given)."""
    if icons_dir is not None and not icons_dir.is_dir():
        raise OptionError(f"--icons-dir {icons_dir}: no such folder")
    return icons_dir


def find_resources(game_icons: Path | None = None) -> Any:
    from printandplay.project import Resources

    return Resources.discover(game_icons=game_icons)


def parse_offset(text: str) -> tuple[float, float]:
    """``"1.5,-0.5"`` (mm) → points; ambiguous forms such as ``-3,5`` are refused."""
    from printandplay.units import parse_back_offset

    return parse_back_offset(text)


def check_margin(margin: float) -> float:
    """``--margin`` in mm → points (0 to 20 mm)."""
    from printandplay.units import parse_margin

    return parse_margin(margin)


@overload
def check_language(language: str) -> str: ...
@overload
def check_language(language: None) -> None: ...
def check_language(language: str | None) -> str | None:
    """``--language`` as given (None: not given), once checked to look like a language code
    (``en``, ``pt-BR``: the codes of ``FIELD@LANG`` texts)."""
    from printandplay.data.editions import LANGUAGE_CODE

    if language is None:
        return None
    if not LANGUAGE_CODE.fullmatch(language):
        raise OptionError(f"--language {language!r}: give a language code such as en, fr, de, "
                          f"es or it")
    return language


def build_options(paper: str, out_dir: str | None, flip: FlipEdge, back_offset: str,
                   bleed: float | None, debug_boxes: bool = False,
                   margin: float = DEFAULT_MARGIN_MM, simplex: bool = False, fold: bool = False,
                   ink_saver: bool = False, sections: list[str] | None = None,
                   language: str | None = None, proof: bool = False,
                   gutter: float | None = None, fronts_only: bool = False,
                   pack: bool = False) -> Any:
    from printandplay.data.presets import load_presets, resolve_paper
    from printandplay.planning.options import BuildOptions
    from printandplay.units import MM

    if bleed is not None and not 0 <= bleed <= 10:
        raise OptionError(f"--bleed {bleed}: use a value from 0 to 10 mm")
    if gutter is not None and not 0 <= gutter <= 20:
        raise OptionError(f"--gutter {gutter:g}: use a value from 0 to 20 mm")
    if fronts_only and fold:
        raise OptionError("--fronts-only and --fold: choose one (a fold sheet prints each back "
                          "beside its front)")
    if simplex and fold:
        raise OptionError("--simplex and --fold: choose one (a fold-and-glue kit is printed "
                          "single-sided already)")
    names = tuple(n.strip() for value in sections or () for n in value.split(",") if n.strip())
    if sections is not None and not names:
        raise OptionError("--sections: name at least one section")
    resolve_paper(paper.lower(), load_presets())  # a bad paper is refused before any work
    return BuildOptions(paper=paper.lower(), out_dir=out_folder(out_dir),
                        flip=flip.value,  # type: ignore[arg-type]
                        back_offset=parse_offset(back_offset),
                        bleed=None if bleed is None else bleed * MM, debug_boxes=debug_boxes,
                        margin=check_margin(margin), simplex=simplex, fold=fold,
                        ink_saver=ink_saver, sections=names,
                        language=check_language(language),
                        proof=proof, gutter=None if gutter is None else gutter * MM,
                        fronts_only=fronts_only, pack=pack)
