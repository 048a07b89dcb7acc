"""The planner of a kit: its sections in print order, after the guide, one page at a time.

:class:`KitPlanner` owns one collaborator per job (faces, sheets, documents, print order,
guide) and keeps the kit's order: which section comes when, when the stock icons are noted,
and the skeleton of the kit that the guide and the page count read.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import replace
from itertools import chain
from typing import Any

from printandplay.data.kit_words import game_words
from printandplay.layout.face import FaceComposer
from printandplay.layout.print_guide import KIT_BUILD, GuideCommand
from printandplay.model.game import Component, DocumentSection, SheetSection
from printandplay.model.ops import Face
from printandplay.planning.assets import GameAssets
from printandplay.planning.documents import DocumentPlanner
from printandplay.planning.face_cache import FaceCache
from printandplay.planning.faces import FacePlacer
from printandplay.planning.fold_sheets import FoldSheets
from printandplay.planning.guide import KitGuide
from printandplay.planning.options import BuildOptions
from printandplay.planning.packing import PackedSection, pack_sections, packed_items
from printandplay.planning.pages import PageSpec
from printandplay.planning.print_job import PrintJob
from printandplay.planning.print_order import PrintOrder
from printandplay.planning.sections import select_sections
from printandplay.planning.sheet_labels import SheetLabels
from printandplay.planning.sheets import SheetPlanner
from printandplay.planning.tiles import TileSheets

Section = DocumentSection | SheetSection


class KitPlanner:
    """Plans the pages of a kit (or of any list of components) for one paper and options."""

    def __init__(self, assets: GameAssets, options: BuildOptions,
                 cache: FaceCache | None = None) -> None:
        self.assets = assets
        self.options = options
        self.cache = cache
        self.job = job = PrintJob.of(assets, options)
        self.paper = job.paper
        self.bleed = job.bleed
        self.placer = FacePlacer(job, cache)
        labels = SheetLabels(job)
        self.folds = FoldSheets(job, self.placer, labels)
        self.tiles = TileSheets(job, self.placer, labels)
        self.sheets = SheetPlanner(job, self.placer, labels, self.folds, self.tiles)
        self.documents = DocumentPlanner(job, cache)
        self.order = PrintOrder(job)
        self.guide = KitGuide(job, self.order)
        self._scanned = False  # the sheets' stock icons noted (scan_stock_icons)
        # per sheet section (by id, the section kept): the stock icons its faces draw
        self._section_icons: dict[int, tuple[SheetSection, dict[str, Any]]] = {}
        # the guide (its pages, padded length), and the number of pages after it
        self._planned_guide: tuple[list[PageSpec], int, int] | None = None
        # --pack: the kit's sections as printed, and the items of each section packed from
        # several (by id, the section kept)
        self._packed: list[Section] | None = None
        self._packed_items: dict[int, tuple[SheetSection, list[Component]]] = {}

    @property
    def composer(self) -> FaceComposer:
        """The composer of this build's faces (its ``warnings`` are the build's)."""
        return self.placer.composer

    @property
    def used(self) -> set[Hashable]:
        """The cache keys of the faces this build placed."""
        return self.placer.used

    def face(self, component: Component, layout_name: str, side: str) -> Face:
        """The face of a component drawn with a layout (cached: copies share it)."""
        return self.placer.face(component, layout_name, side)

    def back_face(self, item: Component, section: SheetSection) -> Face:
        """The back of ``item`` as printed in ``section`` (the section's back, else its own)."""
        return self.placer.back_face(item, section)

    def scan_stock_icons(self, components: Iterable[Component]) -> None:
        """Note the stock icons the faces of ``components`` draw, without composing them."""
        self.placer.scan_stock_icons(components)

    def kit_pages(self) -> list[PageSpec]:
        """Every page of the kit, in print order."""
        return list(self.iter_kit_pages())

    def iter_kit_pages(self) -> Iterator[PageSpec]:
        """Every page of the kit, in print order, composed one at a time as they are asked for
        (a writer can write each page before the next is composed): the "Impression et
        montage" guide, then the kit's sections.

        The guide lists the sections with their pages and sheets: they are counted beforehand
        without composing any face (:meth:`_skeleton`). A document can credit every stock icon
        the kit prints (``icon_credits``); when no document does, the credits are added at the
        end of the last document, or on a page of their own when the kit has no document. A
        document set before the last sheets learns their stock icons from a cheap first pass
        (:meth:`scan_stock_icons`): no face is kept."""
        guide, _, _ = self._kit_guide()
        return self.print_order(chain(guide, self._section_pages()))

    def count_kit_pages(self) -> int:
        """How many pages :meth:`iter_kit_pages` yields, without composing any face."""
        _, guide_length, body = self._kit_guide()
        return guide_length + body

    def _kit(self) -> list[Section]:
        """The kit's sections this build prints (``--sections``), as printed: under
        ``--pack``, runs of compatible sheet sections that share sheets are one section
        (:mod:`~printandplay.planning.packing`)."""
        game = self.assets.game
        kit = list(select_sections(game.id, game.kit, self.options.sections))
        if not self.options.pack:
            return kit
        if self._packed is None:
            self._packed = [self._merged(s) if isinstance(s, PackedSection) else s
                            for s in pack_sections(kit, self._own_items, self.sheets.plain,
                                                   self._size_and_shape, self._sheet_count)]
        return self._packed

    def _merged(self, packed: PackedSection) -> SheetSection:
        """The section printing ``packed`` (its items noted when it packs several, and its
        assembly note saying which sheets hold which section's pieces)."""
        section = packed.section
        if len(packed.parts) > 1:
            own = [packed_items(part, self._own_items(part)) for part in packed.parts]
            items = [c for part_items in own for c in part_items]
            per_page = self.sheets.plan(section, len(items), items).per_page
            words = game_words(self.assets.game)["guide"]
            parts, start = [], 0
            for part, part_items in zip(packed.parts, own, strict=True):
                first, last = start // per_page + 1, (start + len(part_items) - 1) // per_page + 1
                parts.append(words["packed_one"].format(title=part.title, sheet=first)
                             if first == last else
                             words["packed_part"].format(title=part.title, first=first, last=last))
                start += len(part_items)
            note = words["packed"].format(parts=words["packed_separator"].join(parts))
            section = replace(section, assembly=f"{note} {section.assembly}".strip())
            self._packed_items[id(section)] = (section, items)
        return section

    def _size_and_shape(self, section: SheetSection) -> object:
        kind = self.job.kind_of(section)
        return kind.size, kind.shape

    def _sheet_count(self, section: SheetSection, items: Sequence[Component]) -> int:
        return sum(page.side == "recto" for page in self.sheets.skeleton(items, section))

    def _own_items(self, section: SheetSection) -> list[Component]:
        components = [c for c in self.assets.game.components if section.holds(c)]
        return [c for c in components for _ in range(c.count)]

    def _section_items(self, section: SheetSection) -> list[Component]:
        packed = self._packed_items.get(id(section))
        if packed is not None and packed[0] is section:
            return packed[1]
        return self._own_items(section)

    def _section_pages(self) -> Iterator[PageSpec]:
        self._scan_if_needed()
        for section, pages in self._documents_and_sheets():
            if isinstance(section, SheetSection):
                yield from self.iter_sheet_pages(self._section_items(section), section)
            else:
                yield from pages

    def _documents_and_sheets(self) -> Iterator[tuple[Section, list[PageSpec]]]:
        """The kit's sections in order, each document with its pages (set when its turn
        comes, after the sheets before it were composed), each sheet with none; then the
        credits' own page when no document printed them."""
        kit = self._kit()
        documents = [i for i, s in enumerate(kit) if isinstance(s, DocumentSection)]
        credited = False
        for index, section in enumerate(kit):
            if isinstance(section, SheetSection):
                yield section, []
                continue
            pages, accessed = self.documents.pages(section)
            credited = credited or accessed
            if index == documents[-1] and not credited and self.assets.icons.stock_used:
                pages, _ = self.documents.pages(section, with_credits=True)
            yield section, pages * section.copies
        if not documents and self.assets.icons.stock_used:
            yield self._credits_section(), self.credits_pages()

    def _credits_section(self) -> DocumentSection:
        title = game_words(self.assets.game)["credits"]["title"]
        return DocumentSection("", title, 1)

    def credits_pages(self) -> list[PageSpec]:
        """A page of its own crediting the stock icons the faces composed so far print (for
        a file with no document to print them, such as a deck), or none when they print
        none."""
        if not self.assets.icons.stock_used:
            return []
        return self.documents.pages(self._credits_section(), with_credits=True)[0]

    def _scan_sheets(self, sections: Iterable[Section]) -> None:
        """Note the stock icons of the sheet sections among ``sections`` (each section scanned
        once per build: the guide's count and the documents before the sheets both ask)."""
        used = self.assets.icons.stock_used
        for section in sections:
            if not isinstance(section, SheetSection):
                continue
            known = self._section_icons.get(id(section))
            if known is None or known[0] is not section:
                noted = dict(used)
                used.clear()
                try:
                    self.scan_stock_icons(c for c in self.assets.game.components
                                          if section.holds(c))
                    known = self._section_icons[id(section)] = (section, dict(used))
                finally:
                    used.update(noted)
            used.update(known[1])

    def _skeleton(self) -> Iterator[PageSpec]:
        """The kit's pages after the guide, in print order, without their faces (the sheets'
        pages hold no placement, and no label): what the guide and the count need. The stock
        icons of every sheet are noted first by a cheap pass, as composing them would before
        the credits are printed; the icons noted are put back afterwards."""
        icons = self.assets.icons
        before = dict(icons.stock_used)
        try:
            if icons.stock is not None:
                self._scan_sheets(self._kit())
            body = self._documents_and_sheets()
            pages = (page for section, doc in body for page in (
                self.sheets.skeleton(self._section_items(section), section)
                if isinstance(section, SheetSection) else doc))
            yield from self.print_order(pages, notes=False)
        finally:
            icons.stock_used.clear()
            icons.stock_used.update(before)

    def _scan_if_needed(self) -> None:
        """Note the stock icons of the sheets when a document comes before one of them (it
        may print the credits, which name every stock icon of the kit)."""
        kit = self._kit()
        if self._scanned or self.assets.icons.stock is None:
            return
        first_doc = next((i for i, s in enumerate(kit) if isinstance(s, DocumentSection)), None)
        if first_doc is None:
            return
        self._scanned = True
        self._scan_sheets(kit[first_doc + 1:])

    def _kit_guide(self) -> tuple[list[PageSpec], int, int]:
        """The kit's guide pages, their length with the blank that may follow them, and the
        number of pages after them (computed once, without composing any face)."""
        if self._planned_guide is None:
            sections, body, first_recto = self.guide.sections(self._skeleton(), self._kit())
            guide, length = self.guide.padded(sections, body, first_recto)
            self._planned_guide = (guide, length, body)
        return self._planned_guide

    # What build and print-deck call.

    def print_order(self, pages: Iterable[PageSpec], notes: bool = True) -> Iterator[PageSpec]:
        """The pages as printed (:class:`~printandplay.planning.print_order.PrintOrder`)."""
        return self.order(pages, notes)

    def with_guide(self, body: Sequence[PageSpec],
                   rebuild: GuideCommand = KIT_BUILD) -> list[PageSpec]:
        """``body`` after the guide (:meth:`KitGuide.with_guide`)."""
        return self.guide.with_guide(body, rebuild)

    def sheet_pages(self, items: Sequence[Component], section: SheetSection) -> list[PageSpec]:
        """Sheets of fronts, each followed by its sheet of backs when any item has a back.

        Items larger than the paper are split across several sheets (:class:`TileSheets`)."""
        return list(self.iter_sheet_pages(items, section))

    def iter_sheet_pages(self, items: Sequence[Component],
                         section: SheetSection) -> Iterator[PageSpec]:
        """:meth:`sheet_pages` one page at a time (:meth:`SheetPlanner.iter_pages`)."""
        return self.sheets.iter_pages(items, section)
