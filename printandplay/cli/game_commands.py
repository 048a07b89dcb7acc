"""Commands about one game and its decks: ``games``, ``cards``, ``check``, ``validate``,
``print-deck`` and ``new``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from printandplay.cli.app import DelayedProgress, err, escape, fail, out, user_errors, warn
from printandplay.cli.options import (
    DEFAULT_MARGIN_MM,
    BanListOpt,
    BleedOpt,
    CollectionOpt,
    DeckArg,
    EditionOpt,
    FlipEdge,
    FlipOpt,
    FoldOpt,
    Format,
    FrontsOnlyOpt,
    GameArg,
    GutterOpt,
    InkSaverOpt,
    MarginOpt,
    NamesLanguageOpt,
    OffsetOpt,
    OutOpt,
    PaperOpt,
    RulesOpt,
    SectionsOpt,
    SimplexOpt,
    TextFormat,
    build_options,
    check_game_id,
    check_language,
    find_resources,
)
from printandplay.errors import OptionError, PrintAndPlayError


def games() -> None:
    """List the games with their players and components."""
    from rich.table import Table

    from printandplay.data.game_loader import load_game
    from printandplay.kit.catalog import kind_summary

    resources = find_resources()
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


def cards(game: GameArg,
          format: Annotated[Format, typer.Option("--format", help="Output format.")] = Format.table,
          language: NamesLanguageOpt = None) -> None:
    """List the components of GAME (cards, tiles, tokens…) with their counts and fields."""
    from rich.table import Table

    from printandplay.data.game_loader import load_game
    from printandplay.kit.catalog import component_records

    with user_errors():
        edition = check_language(language)
        loaded = load_game(find_resources(), check_game_id(game), edition)
        records = component_records(loaded)
    if format is Format.json:
        out.json(records)
        return
    table = Table("id", "name", "type", "count", "fields")
    for record in records:
        extra = {k: v for k, v in record.items() if k not in ("id", "name", "type", "count")}
        fields = ", ".join(f"{k}={v}" for k, v in extra.items() if v is not None)
        table.add_row(*(escape(str(cell)) for cell in (record["id"], record["name"],
                                                       record["type"], record["count"], fields)))
    out.print(table)


def check(game: GameArg,
          format: Annotated[Format, typer.Option("--format", help="table (text) or json.")]
          = Format.table,
          language: Annotated[str | None, typer.Option(
              "--language", metavar="LANG",
              help="Check the edition in LANG too: list every text that has no FIELD@LANG "
                   "version (exit 1 when there is one).")] = None) -> None:
    """Check the composition of GAME's kit (counts per kind and name) against its rules.

    Exits 1 listing every mismatch (and, with --language, every untranslated text).
    """
    from printandplay.data.game_loader import load_game
    from printandplay.rules.composition import check_composition

    with user_errors():
        edition = check_language(language)
        loaded = load_game(find_resources(), check_game_id(game), edition)
        report = check_composition(loaded)
    untranslated = list(loaded.untranslated)
    if format is Format.json:
        out.json({**report.as_dict(), **({"untranslated": untranslated} if edition else {})})
    else:
        for violation in report.errors:
            out.print(f"[red]✗[/] {escape(violation.rule)}: {escape(violation.message)}")
        for text in untranslated:
            out.print(f"[red]✗[/] untranslated: {escape(text)}")
        if report.is_valid:
            total = sum(report.counts.values())
            out.print(f"[green]✓[/] {escape(game)}: composition checked ({total} components)")
        if edition and not untranslated:
            out.print(f"[green]✓[/] {escape(game)}: every text has its {escape(edition)} version")
    raise typer.Exit(code=0 if report.is_valid and not untranslated else 1)


def load_deck_report(deck_file: Path, game: Any, rules: str | None = None,
                     ban_list: str | None = None, collection: Path | None = None) -> Any:
    """Read ``deck_file`` and validate it against ``game``'s format ``rules`` (the default
    one for None): the one reading behind ``validate``, ``print-deck`` and ``export --deck``.
    ``ban_list`` (``--ban-list FILE``, a path inside the game's folder) replaces the
    format's ban list file; ``collection`` is an owned-copies file. Returns the deck and its
    report."""
    from printandplay.data.ban_lists import load_ban_list
    from printandplay.data.decklist import load_collection, load_deck
    from printandplay.rules.deck import deck_format, validate_deck

    fmt = deck_format(game, rules)  # an unknown game format fails before the deck is read
    lists = (load_ban_list(game, fmt, ban_list, find_resources().display) if ban_list
             else None)
    deck = load_deck(deck_file, game, str(deck_file))
    owned = load_collection(collection, game, str(collection)) if collection else None
    return deck, validate_deck(deck, game, rules, owned, lists)


def print_report(deck_file: Path, report: Any) -> None:
    """Print a deck's validation report: its status and counts, then each violation."""
    status = "[green]valid[/]" if report.is_valid else "[red]INVALID[/]"
    summary = report.format_summary()
    out.print(f"{escape(str(deck_file))}: {status} ({escape(summary)})")
    for violation in [*report.errors, *report.warnings]:
        mark = "[red]✗[/]" if violation in report.errors else "[yellow]⚠[/]"
        where = f" (line {violation.line})" if violation.line else ""
        out.print(f"{mark} {escape(violation.rule)}{where}: {escape(violation.message)}")


def validate(game: GameArg, deck_file: DeckArg,
             format: Annotated[TextFormat, typer.Option("--format", help="text or json.")]
             = TextFormat.text,
             collection: CollectionOpt = None, rules: RulesOpt = None,
             ban_list: BanListOpt = None, language: NamesLanguageOpt = None) -> None:
    """Check the deck list DECK against GAME's deck-building rules (--rules FORMAT).

    Reports every violation with its rule id; exits 0 when valid, 1 when not, 2 when the deck
    file cannot be read.
    """
    from printandplay.data.game_loader import load_game

    with user_errors():
        edition = check_language(language)
        loaded = load_game(find_resources(), check_game_id(game), edition)
        _, report = load_deck_report(deck_file, loaded, rules, ban_list, collection)
    if format is TextFormat.json:
        out.json(report.as_dict())
    else:
        print_report(deck_file, report)
    raise typer.Exit(code=0 if report.is_valid else 1)


def accept_deck(deck_file: Path, deck: Any, report: Any, force: bool, verb: str) -> None:
    """Refuse an invalid deck (its report, exit code 1) unless ``force``; then name each card
    of the list that will be dropped (unknown or ambiguous). ``report`` is ``None`` for a game
    without deck rules; ``verb`` says what ``--force`` would do anyway."""
    if report is not None and not report.is_valid and not force:
        print_report(deck_file, report)
        err.print(f"[red]error:[/] the deck is not valid; fix it or {verb} it anyway with "
                  "--force")
        raise typer.Exit(code=1)
    for unknown in deck.unknown:
        err.print(f"[yellow]warning:[/] {escape(str(deck_file))}:{unknown.line}: dropping "
                  f"{unknown.count} × {escape(repr(unknown.name))}: "
                  f"{'ambiguous' if unknown.ambiguous else 'no such'} card")



def read_checked_deck(deck_file: Path, game: Any, rules: str | None, force: bool,
                      verb: str, ban_list: str | None = None) -> Any:
    """Read ``deck_file`` and check it as ``print-deck`` and ``export --deck`` do: against
    the game's deck rules when it has some or ``rules`` names a format (an invalid deck is
    refused with its report unless ``force``); for a game without deck rules the list is
    taken as written, and its first unknown card name stops unless ``force``. Each unknown
    name left is then named, as dropped. ``verb`` says what ``--force`` would do anyway;
    ``ban_list`` (``--ban-list FILE``) is read as ``validate`` reads it."""
    from printandplay.data.decklist import load_deck

    report = None
    if game.deck_rules is None and rules is None and ban_list is None:
        deck = load_deck(deck_file, game, str(deck_file))
        if deck.unknown and not force:  # no rules to report it: the first unknown name stops
            first = deck.unknown[0]
            raise OptionError(f"{deck_file}:{first.line}: unknown card '{first.name}' "
                              f"(printandplay validate {game.id} {deck_file})")
    else:
        deck, report = load_deck_report(deck_file, game, rules, ban_list)
    accept_deck(deck_file, deck, report, force, verb)
    return deck


def print_deck(game: GameArg, deck_file: DeckArg, paper: PaperOpt = "a4", out_dir: OutOpt = None,
               flip: FlipOpt = FlipEdge.long, back_offset: OffsetOpt = "0,0",
               bleed: BleedOpt = None, margin: MarginOpt = DEFAULT_MARGIN_MM,
               force: Annotated[bool, typer.Option("--force",
                                                   help="Print even an invalid deck.")] = False,
               rules: RulesOpt = None, simplex: SimplexOpt = False, fold: FoldOpt = False,
               ink_saver: InkSaverOpt = False, sections: SectionsOpt = None,
               language: EditionOpt = None, gutter: GutterOpt = None,
               fronts_only: FrontsOnlyOpt = False, ban_list: BanListOpt = None) -> None:
    """Print exactly the cards of DECK, with their backs, ready to cut.

    Writes build/GAME/deck-<file stem>-a4.pdf. Refuses an invalid deck unless --force.
    """
    from printandplay.data.game_loader import load_game
    from printandplay.kit.build import build_deck, output_path
    from printandplay.kit.deck_cards import deck_cards
    from printandplay.kit.outputs import check_output

    with user_errors():
        options = build_options(paper, out_dir, flip, back_offset, bleed, margin=margin,
                                 simplex=simplex, fold=fold, ink_saver=ink_saver,
                                sections=sections, language=language, gutter=gutter,
                                fronts_only=fronts_only)
        check_output(output_path(check_game_id(game), options, stem=f"deck-{deck_file.stem}"),
                     options.out_dir)
        loaded = load_game(find_resources(), check_game_id(game), options.language)
        deck = read_checked_deck(deck_file, loaded, rules, force, "print", ban_list)
        cards = deck_cards(deck, loaded, rules)
        if not cards:
            raise OptionError(f"{deck_file}: no card left to print")
        progress = DelayedProgress(f"Printing {escape(deck_file.name)}")
        warnings: list[str] = []
        try:
            path = build_deck(find_resources(), game, cards, deck_file.stem, options, progress,
                              warnings, deck_file, force)
        finally:
            progress.close()
    warn(warnings)
    out.print(escape(str(path)))


def new(game: Annotated[str, typer.Argument(
            metavar="GAME", help="Id of the new game: lower-case letters, digits and -, a letter first, "
                 "at most 40.")],
        cards: Annotated[int, typer.Option("--cards", metavar="N",
                                           help="Number of sample cards.")] = 12,
        size: Annotated[str, typer.Option(
            "--size", metavar="poker|tarot|mini|…",
            help="Card size: a size name of docs/designing-a-game.md at least 40 mm wide.")]
        = "poker",
        language: Annotated[str, typer.Option(
            "--language", metavar="fr|en|de|es|it",
            help="Language of the game: its sample cards and rules, and the kit's own words "
                 "(--template cards only: the example games are French).")]
        = "fr",
        template: Annotated[str, typer.Option(
            "--template", metavar="cards|tiles|board|dice",
            help="Start from the sample card game (cards: --cards and --size apply), or from "
                 "an example game of docs/pieces.md: hexagonal tiles and shaped tokens, a board "
                 "with a grid and a track, dice.")] = "cards") -> None:
    """Start a new game: write cards/GAME/ and templates/GAME/ in the current folder, with sample cards, layouts and rules, ready to build. Never overwrites."""
    from printandplay.kit.newgame import new_game

    with user_errors():
        made = new_game(Path("."), game, cards, size, language, template)
    for path in made.files:
        out.print(escape(str(path)))
    out.print(f"Next: printandplay build {game}")
