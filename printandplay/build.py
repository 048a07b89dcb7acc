"""Building a game's kit: load everything, plan the pages in print order, write the PDF.

Orchestration only: loading is in :mod:`printandplay.assets`, the page plan in
:mod:`printandplay.planning`, the geometry in :mod:`printandplay.layout`, the drawing in
:mod:`printandplay.render`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from printandplay.assets import GameAssets, component_context, load_assets
from printandplay.errors import CheckFailed, LayoutError
from printandplay.layout.imposition import Flip
from printandplay.layout.print_words import vocabulary
from printandplay.model.game import Component, Game, SheetSection
from printandplay.planning import (
    BLANK_NOTE,
    CUT_GUIDE_COLOR,
    DEFAULT_BLEED,
    MARK_COLOR,
    BuildOptions,
    KitPlanner,
    PageSpec,
    duplex_order,
)
from printandplay.project import Resources
from printandplay.render.pdf import PdfWriter
from printandplay.rules.composition import check_composition

__all__ = [
    # re-exported from printandplay.assets and printandplay.planning (tests and the CLI import
    # them from here)
    "BLANK_NOTE", "CUT_GUIDE_COLOR", "DEFAULT_BLEED", "MARK_COLOR", "BuildOptions", "GameAssets",
    "KitPlanner", "PageSpec", "component_context", "duplex_order", "load_assets",
    # building
    "Progress", "build_deck", "build_game", "deck_items", "output_path", "page_label",
    "write_pages",
]

Progress = Callable[[int, int], None]


def output_path(game_id: str, options: BuildOptions, stem: str | None = None) -> Path:
    """Where a PDF goes: ``build/<game>/<stem>-<paper>.pdf`` unless ``--out`` says otherwise."""
    folder = options.out_dir if options.out_dir is not None else Path("build") / game_id
    return folder / f"{stem or game_id}-{options.paper}.pdf"


def page_label(page: PageSpec, language: str) -> str:
    """A page's label in PDF viewers: ``Règles 2``, ``Tuiles 1/2 verso``, ``Tuiles 1/2 verso
    blanc``."""
    words = vocabulary(language)
    if page.sheets:
        side = words["blank"] if page.label == "blank" else words[page.side]
        return f"{page.section} {page.sheet}/{page.sheets} {side}"
    if page.label == "blank":
        return f"{page.section} {words['blank']}".strip()
    return page.label


def write_pages(assets: GameAssets, pages: Sequence[PageSpec], target: Path, title: str,
                progress: Progress | None = None, flip: Flip = "long") -> Path:
    """Write pages to ``target`` atomically, with their labels, an outline entry per section
    and the print settings (actual size, duplex on the ``flip`` edge) for viewers."""
    writer = PdfWriter(target, assets.fonts, assets.icons, title=title, subject=assets.game.name,
                       images=assets.images)
    writer.announce(placement.face for page in pages for placement in page.placements)
    writer.print_preferences(flip)
    language = assets.game.language
    try:
        section = None
        for index, page in enumerate(pages, start=1):
            bookmark = page.section if page.section and page.section != section else None
            section = page.section or section
            writer.page(page.size, page.ops, page.placements,
                        label=page_label(page, language), bookmark=bookmark)
            if progress:
                progress(index, len(pages))
        return writer.save()
    except BaseException:
        writer.discard()
        raise


def build_game(resources: Resources, game_id: str, options: BuildOptions,
               progress: Progress | None = None) -> Path:
    """Build the complete kit of ``game_id``; returns the PDF's path."""
    assets = load_assets(resources, game_id)
    report = check_composition(assets.game)
    if not report.is_valid:
        raise CheckFailed([f"{game_id}: the kit fails its composition check (printandplay check "
                           f"{game_id}):"] + [f"{v.rule}: {v.message}" for v in report.errors])
    planner = KitPlanner(assets, options)
    pages = planner.kit_pages()
    if not pages:
        raise LayoutError(f"{game_id}: the kit is empty: list its documents and sheets under "
                          f"'kit:' in cards/{game_id}/game.yaml")
    target = output_path(game_id, options)
    return write_pages(assets, pages, target, f"{assets.game.name} — kit", progress,
                       options.flip)


def deck_items(game: Game, entries: Sequence[tuple[str, int]]) -> list[Component]:
    """The components to print for ``(card id, copies)`` pairs, one per copy, in order."""
    return [game.component(card_id) for card_id, count in entries for _ in range(count)]


def build_deck(resources: Resources, game_id: str, entries: Sequence[tuple[str, int]],
               stem: str, options: BuildOptions, progress: Progress | None = None,
               deck_file: str = "") -> Path:
    """Print exactly the given cards and copies, with their backs, ready to cut, after the
    printing guide (whose rebuild command names ``deck_file``, or ``<stem>.txt``, with any
    option to repeat such as ``--force``).

    Cards are grouped by the kit's sheet sections, so they share sheets as in the kit.
    """
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
    target = output_path(game_id, options, stem=f"deck-{stem}")
    pages = duplex_order(pages, assets.fonts, options.margin, assets.game.language, options.flip)
    pages = planner.with_guide(pages, "print-deck", f"{game_id} {deck_file or stem + '.txt'}")
    return write_pages(assets, pages, target, f"{assets.game.name} — {stem}", progress,
                       options.flip)
