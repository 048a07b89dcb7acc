"""Building a game's kit: load everything, plan the pages in print order, write the PDF.

Orchestration only: loading is in :mod:`printandplay.assets`, the page plan in
:mod:`printandplay.planning`, the geometry in :mod:`printandplay.layout`, the drawing in
:mod:`printandplay.render`.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from printandplay.assets import GameAssets, load_assets
from printandplay.errors import CheckFailed, LayoutError
from printandplay.face_cache import FaceCache
from printandplay.model.game import Component, Game, SheetSection
from printandplay.outputs import check_output
from printandplay.pages import PageSpec, duplex_order
from printandplay.planning import BuildOptions, KitPlanner
from printandplay.project import Resources
from printandplay.render.pdf import PdfWriter
from printandplay.rules.composition import check_composition

Progress = Callable[[int, int], None]


def output_path(game_id: str, options: BuildOptions, stem: str | None = None) -> Path:
    """Where a PDF goes: ``build/<game>/<stem>-<paper>.pdf`` unless ``--out`` says otherwise."""
    folder = options.out_dir if options.out_dir is not None else Path("build") / game_id
    return folder / f"{stem or game_id}-{options.paper}.pdf"


def write_pages(assets: GameAssets, pages: Iterable[PageSpec], target: Path, title: str,
                progress: Progress | None = None, total: int | None = None) -> Path:
    """Write pages to ``target`` atomically, each page as it comes: ``pages`` can be a lazy
    iterator (:meth:`KitPlanner.iter_kit_pages`), so that only one page is composed at a time.
    ``total`` is the number of pages for ``progress`` (counted from ``pages`` if it is a
    sequence)."""
    if total is None and isinstance(pages, Sequence):
        total = len(pages)
    writer = PdfWriter(target, assets.fonts, assets.icons, title=title, subject=assets.game.name,
                       images=assets.images)
    try:
        index = 0
        for index, page in enumerate(pages, start=1):
            writer.page(page.size, page.ops, page.placements)
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


def count_sheets(pages: Sequence[PageSpec]) -> int:
    """Pages of components (fronts and tiles, not their backs)."""
    return sum(1 for page in pages if page.recto and page.placements)


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
    check_output(target)
    assets = assets or load_assets(resources, game_id)
    report = check_composition(assets.game)
    if not report.is_valid:
        raise CheckFailed([f"{game_id}: the kit fails its composition check (printandplay check "
                           f"{game_id}):"] + [f"{v.rule}: {v.message}" for v in report.errors])
    with _quiet_collector():
        planner = KitPlanner(assets, options, cache)
        total = planner.count_kit_pages()
        if not total:
            raise LayoutError(f"{game_id}: the kit is empty: list its documents and sheets "
                              f"under 'kit:' in cards/{game_id}/game.yaml")
        counted = _Counted(planner.iter_kit_pages())
        path = write_pages(assets, counted, target, f"{assets.game.name} — kit", progress,
                           total)
    found = tuple(planner.composer.warnings)  # complete once every face is composed
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


def deck_items(game: Game, entries: Sequence[tuple[str, int]]) -> list[Component]:
    """The components to print for ``(card id, copies)`` pairs, one per copy, in order."""
    return [game.component(card_id) for card_id, count in entries for _ in range(count)]


def build_deck(resources: Resources, game_id: str, entries: Sequence[tuple[str, int]],
               stem: str, options: BuildOptions, progress: Progress | None = None,
               warnings: list[str] | None = None) -> Path:
    """Print exactly the given cards and copies, with their backs, ready to cut.

    Cards are grouped by the kit's sheet sections, so they share sheets as in the kit.
    Problems that do not stop the build are appended to ``warnings`` when given.
    """
    target = output_path(game_id, options, stem=f"deck-{stem}")
    check_output(target)
    assets = load_assets(resources, game_id)
    planner = KitPlanner(assets, options)
    items = deck_items(assets.game, entries)
    pages: list[PageSpec] = []
    placed: set[str] = set()
    sections = [s for s in assets.game.kit if isinstance(s, SheetSection)]
    for section in sections:
        chosen = [c for c in items if c.kind in section.kinds]
        placed.update(section.kinds)
        if chosen:
            pages.extend(planner.sheet_pages(chosen, section))
    for kind in dict.fromkeys(c.kind for c in items if c.kind not in placed):
        chosen = [c for c in items if c.kind == kind]
        pages.extend(planner.sheet_pages(chosen, SheetSection((kind,), kind)))
    if warnings is not None:
        warnings.extend(planner.composer.warnings)
    pages = duplex_order(pages, assets.fonts)
    return write_pages(assets, pages, target, f"{assets.game.name} — {stem}", progress)
