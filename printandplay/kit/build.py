"""Building a game's kit: load everything, plan the pages in print order, write the PDF.

Orchestration only: loading is in :mod:`printandplay.kit.assets`, the page plan in
:mod:`printandplay.planning`, the geometry in :mod:`printandplay.layout`, the drawing in
:mod:`printandplay.render`.
"""

from __future__ import annotations

import gc
import os
import shlex
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from printandplay.data.kit_words import Words, game_words, side_word
from printandplay.errors import CheckFailed, LayoutError
from printandplay.imposition.grid import Flip
from printandplay.kit.assets import load_assets
from printandplay.kit.outputs import check_output
from printandplay.layout.print_guide import GuideCommand
from printandplay.model.game import Component, Game, SheetSection
from printandplay.planning.assets import GameAssets
from printandplay.planning.face_cache import FaceCache
from printandplay.planning.options import BuildOptions
from printandplay.planning.pages import PageSpec
from printandplay.planning.planner import KitPlanner
from printandplay.planning.sections import select_sections, slug
from printandplay.project import Resources
from printandplay.render.pdf import PdfWriter
from printandplay.rules.composition import check_composition

Progress = Callable[[int, int], None]
Warn = Callable[[str], None]


def output_path(game_id: str, options: BuildOptions, stem: str | None = None) -> Path:
    """Where a PDF goes: ``build/<game>/<stem>-<paper>.pdf`` unless ``--out`` says otherwise.

    A build of some sections or in a printing mode gets its own name, so that it does not
    replace the complete duplex kit: ``<stem>-<section>…-<mode>-<paper>.pdf``."""
    folder = options.out_dir if options.out_dir is not None else Path("build") / game_id
    edition = [slug(options.language)] if options.language else []  # game-en-a4.pdf
    parts = [stem or game_id, *edition, *(slug(name) for name in options.sections)]
    parts += [mode for mode, on in (("simplex", options.simplex and not options.fold
                                     and not options.fronts_only),
                                    ("fold", options.fold), ("fronts", options.fronts_only),
                                    ("ink-saver", options.ink_saver),
                                    ("gutter", options.gutter is not None),
                                    ("packed", options.pack),
                                    ("proof", options.proof))
              if on]
    return folder / f"{'-'.join(parts)}-{options.paper}.pdf"


def edition_warnings(game: Game) -> list[str]:
    """One warning when an edition (``--language``) prints texts of the base language."""
    missing = game.untranslated
    if not missing:
        return []
    shown = "; ".join(missing[:3]) + (f"; and {len(missing) - 3} more" if len(missing) > 3
                                      else "")
    return [f"{len(missing)} text{'s' if len(missing) > 1 else ''} with no "
            f"'{game.edition}' version, printed as written ({shown}); printandplay check "
            f"{game.id} --language {game.edition} lists them"]


def page_label(page: PageSpec, words: Words) -> str:
    """A page's label in PDF viewers: ``Règles 2``, ``Tuiles 1/2 verso``, ``Tuiles 1/2 verso
    blanc``."""
    if page.sheets:
        side = words["sheet"]["blank"] if page.label == "blank" else side_word(words, page.side)
        return f"{page.section} {page.sheet}/{page.sheets} {side}"
    if page.label == "blank":
        return f"{page.section} {words['sheet']['blank']}".strip()
    return page.label


def write_pages(assets: GameAssets, pages: Iterable[PageSpec], target: Path, title: str,
                progress: Progress | None = None, total: int | None = None,
                flip: Flip | None = "long") -> Path:
    """Write pages to ``target`` atomically, each page as it comes, with their labels, an
    outline entry per section and the print settings (actual size, duplex on the ``flip``
    edge, or single-sided when ``flip`` is None) for viewers: ``pages`` can be a lazy
    iterator (:meth:`KitPlanner.iter_kit_pages`), so that only one page is composed at a time.
    ``total`` is the number of pages for ``progress`` (counted from ``pages`` if it is a
    sequence)."""
    if total is None and isinstance(pages, Sequence):
        total = len(pages)
    writer = PdfWriter(target, assets.icons, title=title, subject=assets.game.name,
                       language=assets.game.language, images=assets.images)
    words = game_words(assets.game)
    try:
        writer.print_preferences(flip)
        section = None
        index = 0
        for index, page in enumerate(pages, start=1):
            bookmark = page.section if page.section and page.section != section else None
            section = page.section or section
            writer.page(page.size, page.ops, page.placements,
                        label=page_label(page, words), bookmark=bookmark)
            if progress:
                progress(index, max(index, total or 0))
        return writer.save()
    except BaseException:
        writer.discard()
        raise


@contextmanager
def _quiet_collector() -> Iterator[None]:
    """Less cyclic garbage collection during a build: what was loaded before is moved out of
    the collector's sight (``gc.freeze``), and young objects are collected less often (a
    build makes many short-lived objects and few cycles). Restored afterwards."""
    thresholds = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(max(thresholds[0], 50_000), thresholds[1], thresholds[2])
    try:
        yield
    finally:
        # Frozen first, then the usual threshold: put back while the build's young objects
        # are counted, it would set off a collection of all of them at the next allocation
        # (they are the kit's data, alive: 4-9 ms at 1,000 cards, ~30 ms at 10,000, for
        # nothing). Unfrozen, they join the oldest generation, collected with it.
        gc.freeze()
        gc.set_threshold(*thresholds)
        gc.unfreeze()


@dataclass(frozen=True)
class KitBuild:
    """A finished build: the PDF and what went into it."""

    path: Path
    components: int  # items printed (copies counted)
    sheets: int  # pages of components (fronts; their backs not counted)
    pages: int  # pages of the PDF
    seconds: float
    warnings: tuple[str, ...] = ()  # problems that did not stop the build

    def summary(self, game_id: str) -> str:
        """One line for the terminal."""
        return (f"{game_id}: {self.components} components on {self.sheets} sheets, "
                f"{self.pages} pages in {self.seconds:.2f} s")


def build_kit(resources: Resources, game_id: str, options: BuildOptions,
              progress: Progress | None = None, cache: FaceCache | None = None,
              assets: GameAssets | None = None, warnings: list[str] | None = None
              ) -> KitBuild:
    """Build the complete kit of ``game_id`` (faces from ``cache`` when they did not change).

    Problems that do not stop the build are appended to ``warnings`` when given (and are in
    the result's ``warnings`` in any case)."""
    start = time.perf_counter()
    target = output_path(game_id, options,
                         stem=f"{game_id}-debug" if options.debug_boxes else None)
    check_output(target, options.out_dir)
    with _quiet_collector():  # (loading too: it makes many objects and few cycles)
        assets = assets or load_assets(resources, game_id, None, options.language)
        if not assets.game.kit:  # (the printing guide alone would make a one-page PDF)
            where = assets.game.kit_location or f"cards/{game_id}/game.yaml"
            raise LayoutError(f"{where}: the kit is empty: list its documents and sheets "
                              "under 'kit:'")
        assets.templates.start_build()
        report = check_composition(assets.game)
        if not report.is_valid:
            raise CheckFailed([f"{game_id}: the kit fails its composition check (printandplay "
                               f"check {game_id}):"]
                              + [f"{v.rule}: {v.message}" for v in report.errors])
        planner = KitPlanner(assets, options, cache)
        total = planner.count_kit_pages()  # (never 0: the guide prints, the kit is not empty)
        counted = _Counted(planner.iter_kit_pages())
        path = write_pages(assets, counted, target, f"{assets.game.name} — kit", progress,
                           total, options.flip if options.duplex else None)
    # complete once every face is composed
    found = (*edition_warnings(assets.game), *planner.composer.warnings)
    if warnings is not None:
        warnings.extend(found)
    if cache is not None:
        cache.prune(planner.used)
    components = sum(c.count for c in assets.game.components)
    return KitBuild(path, components, counted.sheets, counted.pages,
                    time.perf_counter() - start, found)


class _Counted:
    """Pages passed on as they come, counted: all of them, and the sheets among them."""

    def __init__(self, pages: Iterable[PageSpec]) -> None:
        self._pages = pages
        self.pages = self.sheets = 0

    def __iter__(self) -> Iterator[PageSpec]:
        for page in self._pages:
            self.pages += 1
            if page.recto and page.placements:
                self.sheets += 1
            yield page


def build_game(resources: Resources, game_id: str, options: BuildOptions,
               progress: Progress | None = None, warnings: list[str] | None = None) -> Path:
    """Build the complete kit of ``game_id``; returns the PDF's path.

    Problems that do not stop the build are appended to ``warnings`` when given."""
    return build_kit(resources, game_id, options, progress, warnings=warnings).path


@dataclass(frozen=True)
class DeckCard:
    """Copies of one card to print for a deck; ``deck_kinds`` are the kinds the deck section
    it is listed in accepts: a card that the kit prints in several sections (a card that may
    go in either of two decks) is printed in the section of those kinds, with its back."""

    card_id: str
    count: int
    deck_kinds: tuple[str, ...] = ()


def _home_section(component: Component, deck_kinds: tuple[str, ...],
                  sections: Sequence[SheetSection]) -> SheetSection | None:
    """The kit section a deck card is printed in: of those that print it, the one of its deck
    section's kinds, else the one of its own kind."""
    holding = [s for s in sections if s.holds(component)]
    for section in holding:
        if set(section.kinds) & set(deck_kinds):
            return section
    own = [s for s in holding if component.kind in s.kinds]
    chosen = own or holding
    return chosen[0] if chosen else None


def command_path(path: Path) -> str:
    """How a printed command names a file: relative to the current folder when inside it,
    else by its name alone (a shared PDF shows no absolute path of the machine it was made
    on)."""
    here = Path.cwd()
    try:
        return Path(os.path.relpath(path.absolute(), here)).as_posix() if path.absolute(
            ).is_relative_to(here) else path.name
    except ValueError:  # (another drive)
        return path.name


def build_deck(resources: Resources, game_id: str,
               entries: Sequence[tuple[str, int] | DeckCard], stem: str, options: BuildOptions,
               progress: Progress | None = None, warnings: list[str] | None = None,
               deck_file: Path | None = None, force: bool = False) -> Path:
    """Print exactly the given cards and copies, with their backs, ready to cut, after the
    printing guide, which names the deck (``stem``) and whose rebuild command names
    ``deck_file`` (:func:`command_path`; ``<stem>.txt`` without it), with ``--force`` if it
    was given.

    Cards are grouped by the kit's sheet sections, so they share sheets as in the kit; with
    ``options.sections``, only the cards of those sections are printed. Problems that do not
    stop the build are appended to ``warnings`` when given.
    """
    target = output_path(game_id, options, stem=f"deck-{stem}")
    check_output(target, options.out_dir)
    assets = load_assets(resources, game_id, None, options.language)
    game = assets.game
    planner = KitPlanner(assets, options)
    cards = [e if isinstance(e, DeckCard) else DeckCard(*e) for e in entries]
    sections = [s for s in game.kit if isinstance(s, SheetSection)]
    wanted = [s for s in select_sections(game_id, game.kit, options.sections)
              if isinstance(s, SheetSection)]
    by_section: dict[int, list[Component]] = {}
    loose: dict[str, list[Component]] = {}  # kinds no kit section prints
    for card in cards:
        component = game.component(card.card_id)
        home = _home_section(component, card.deck_kinds, sections)
        bucket = (by_section.setdefault(id(home), []) if home is not None
                  else loose.setdefault(component.kind, []))
        bucket.extend([component] * card.count)
    pages: list[PageSpec] = []
    for section in sections:
        if section in wanted and by_section.get(id(section)):
            pages.extend(planner.sheet_pages(by_section[id(section)], section))
    if not options.sections:
        for kind, chosen in loose.items():
            pages.extend(planner.sheet_pages(chosen, SheetSection((kind,), kind)))
    if not pages:
        raise LayoutError(f"{game_id}: the deck has no card in the sections asked for")
    if warnings is not None:
        warnings.extend([*edition_warnings(game), *planner.composer.warnings])
    pages.extend(planner.credits_pages())  # the stock icons the cards print, credited
    shown = command_path(deck_file) if deck_file is not None else f"{stem}.txt"
    rebuild = GuideCommand("print-deck", f"{game_id} {shlex.quote(shown)}"
                                         f"{' --force' if force else ''}",
                           stem, sum(card.count for card in cards))
    pages = planner.with_guide(list(planner.print_order(pages)), rebuild)
    return write_pages(assets, pages, target, f"{assets.game.name} — {stem}", progress,
                       flip=options.flip if options.duplex else None)
