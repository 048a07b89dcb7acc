"""Planning a kit's pages in print order: documents, sheets of fronts and backs, tiles, blanks.

:class:`KitPlanner` turns a game's kit (or any list of components) into :class:`PageSpec` pages
for one paper and :class:`BuildOptions`; :func:`duplex_order` keeps fronts on sheet fronts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from printandplay.assets import GameAssets, component_context
from printandplay.data.presets import resolve_paper
from printandplay.errors import OptionError
from printandplay.layout.colors import parse_color
from printandplay.layout.document import DocStyle, DocumentLayout
from printandplay.layout.face import FaceComposer
from printandplay.layout.geometry import Rect
from printandplay.layout.imposition import (
    Flip,
    Mode,
    SheetPlan,
    choose_mode,
    fits_on,
    plan_sheet,
    plan_tiles,
)
from printandplay.model.game import Component, DocumentSection, SheetSection, Size
from printandplay.model.ops import EllipseOp, Face, LineOp, Op, TextOp
from printandplay.render.fonts import FontTable
from printandplay.render.pdf import Placement
from printandplay.units import MM

DEFAULT_BLEED = 3 * MM
MARK_COLOR = (0.0, 0.0, 0.0)
CUT_GUIDE_COLOR = (0.55, 0.55, 0.55)


@dataclass(frozen=True)
class BuildOptions:
    """What the user chose on the command line."""

    paper: str = "a4"
    out_dir: Path | None = None
    flip: Flip = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)  # points, applied to back pages
    bleed: float | None = None  # points; None = the default 3 mm


@dataclass(frozen=True)
class PageSpec:
    """One page to print: its size, placed faces and its own ops."""

    size: Size
    label: str
    placements: tuple[Placement, ...] = ()
    ops: tuple[Op, ...] = ()
    recto: bool = False  # must be printed on the front of a sheet (duplex)


BLANK_NOTE = "Page laissée blanche pour garder le recto verso aligné — intentionally blank"


def duplex_order(pages: Iterable[PageSpec], fonts: FontTable) -> list[PageSpec]:
    """Insert blank pages so that every page marked ``recto`` falls on the front of a sheet
    when the whole file is printed duplex (a document with an odd number of pages, or a
    single-sided sheet, would otherwise put the next fronts on a back)."""
    return list(duplex_stream(pages, fonts))


def duplex_stream(pages: Iterable[PageSpec], fonts: FontTable) -> Iterator[PageSpec]:
    """:func:`duplex_order` one page at a time: it only needs to remember the page before
    (its size, and whether it ended on a front), so pages can be written as they come."""
    count = 0
    previous: Size | None = None
    for page in pages:
        if page.recto and count % 2 == 1 and previous is not None:
            yield blank_page(previous, fonts)
            count += 1
        yield page
        count += 1
        previous = page.size


def blank_page(size: Size, fonts: FontTable) -> PageSpec:
    """A page left blank to keep duplex printing aligned, with a small note in its middle."""
    font = fonts.select("body", False, True)
    text = fonts.prepare(BLANK_NOTE, font)
    width = fonts.width(text, font) * 7
    note = TextOp((size.width - width) / 2, size.height / 2, text, font, 7, CUT_GUIDE_COLOR)
    return PageSpec(size, "blank", ops=(note,))


def count_duplex(rectos: Iterable[bool]) -> int:
    """How many pages :func:`duplex_stream` yields for pages with these ``recto`` flags."""
    count = 0
    for recto in rectos:
        if recto and count % 2 == 1:
            count += 1
        count += 1
    return count


class KitPlanner:
    """Plans the pages of a kit (or of any list of components) for one paper and options."""

    def __init__(self, assets: GameAssets, options: BuildOptions) -> None:
        self.assets = assets
        self.options = options
        self.paper = resolve_paper(options.paper, assets.presets)
        self.bleed = DEFAULT_BLEED if options.bleed is None else options.bleed
        game = assets.game
        self.composer = FaceComposer(assets.templates, assets.fonts, assets.icons.aspect,
                                     game.colors, game.language, self.bleed,
                                     assets.images.aspect if assets.images else None)
        self._faces: dict[tuple[str, str], Face] = {}
        # while pages stream: placements of a face still to come, and in all (copies)
        self._pending: Counter[tuple[str, str]] = Counter()
        self._uses: Counter[tuple[str, str]] = Counter()
        self._documents: dict[int, tuple[DocumentSection, list[PageSpec]]] = {}

    def face(self, component: Component, layout_name: str, side: str) -> Face:
        """The face of a component drawn with a layout (cached: copies share it)."""
        key = (component.id, layout_name)
        face = self._faces.get(key)
        if face is None:
            game = self.assets.game
            context = dict(self.assets.base_context())
            context["card"] = component_context(component, game)
            kind = game.kinds[component.kind]
            what = f"{component.location}: {component.kind} '{component.id}' ({side})"
            face = self.composer.compose(self.assets.layouts[layout_name], kind, context, what)
            self._faces[key] = face
        return face

    def _expect(self, items: Iterable[Component], back: bool = True, times: int = 1) -> None:
        """Count the placements to come of the items' faces (``times`` each)."""
        for item in items:
            for layout in (item.front, item.back if back else None):
                if layout:
                    self._pending[(item.id, layout)] += times
                    self._uses[(item.id, layout)] += times

    def _place(self, item: Component, layout: str, side: str, x: float, y: float,
               clip: Rect | None) -> Placement:
        """Place an item's face; a face is forgotten after its last expected placement, so
        memory does not grow with the number of cards."""
        key = (item.id, layout)
        placement = Placement(self.face(item, layout, side), x, y, clip, self._uses[key])
        left = self._pending[key] - 1
        if left > 0:
            self._pending[key] = left
        elif key in self._pending:
            del self._pending[key]
            del self._uses[key]
            self._faces.pop(key, None)
        return placement

    def kit_pages(self) -> list[PageSpec]:
        """Every page of the kit, in print order."""
        return list(self.iter_kit_pages())

    def iter_kit_pages(self) -> Iterator[PageSpec]:
        """Every page of the kit, in print order, composed one at a time as they are asked for
        (a writer can write each page before the next is composed)."""
        return duplex_stream(self._section_pages(), self.assets.fonts)

    def count_kit_pages(self) -> int:
        """How many pages :meth:`iter_kit_pages` yields, without composing any face."""
        rectos: list[bool] = []
        for section in self.assets.game.kit:
            if isinstance(section, DocumentSection):
                pages = self.document_pages(section)
                self._documents[id(section)] = (section, pages)  # paginated once
                rectos.extend(page.recto for page in pages)
            else:
                rectos.extend(self.sheet_rectos(self._section_items(section), section))
        return count_duplex(rectos)

    def _section_items(self, section: SheetSection) -> list[Component]:
        components = [c for c in self.assets.game.components if c.kind in section.kinds]
        return [c for c in components for _ in range(c.count)]

    def _section_pages(self) -> Iterator[PageSpec]:
        for section in self.assets.game.kit:
            if isinstance(section, DocumentSection):
                known = self._documents.pop(id(section), None)
                yield from (known[1] if known is not None and known[0] is section
                            else self.document_pages(section))
            else:
                yield from self.iter_sheet_pages(self._section_items(section), section)

    def document_pages(self, section: DocumentSection) -> list[PageSpec]:
        """The pages of a document section."""
        assets = self.assets
        game = assets.game
        context = dict(assets.base_context())
        display = f"templates/{game.id}/{section.template}"
        source = assets.templates.render_file(section.template, context, display)
        accent = parse_color(game.colors.get("accent", "#5a3380"), game.colors) or (0, 0, 0)
        style = DocStyle(accent=accent, columns=section.columns)
        layout = DocumentLayout(assets.fonts, assets.icons.aspect, game.language, style, display)
        page = Size(min(self.paper.width, self.paper.height),
                    max(self.paper.width, self.paper.height))
        return [PageSpec(page, f"{section.title} {i + 1}", ops=ops, recto=i == 0)
                for i, ops in enumerate(layout.paginate(source, page, section.title, game.name))]

    def sheet_plan(self, section: SheetSection) -> SheetPlan:
        """The imposition shared by every sheet of a section."""
        size = self.assets.game.kinds[section.kinds[0]].size
        mode: Mode = (choose_mode(self.paper, size, self.bleed) if section.bleed_mode == "auto"
                      else section.bleed_mode)
        if self.bleed <= 0:
            mode = "none"
        try:
            return plan_sheet(self.paper, size, bleed=self.bleed, mode=mode,
                              flip=self.options.flip, back_offset=self.options.back_offset)
        except ValueError as err:
            raise OptionError(f"{section.title}: {err}") from None

    def sheet_pages(self, items: Sequence[Component], section: SheetSection) -> list[PageSpec]:
        """Sheets of fronts, each followed by its sheet of backs when any item has a back.

        Items larger than the paper are split across several sheets (:meth:`tiled_pages`)."""
        return list(self.iter_sheet_pages(items, section))

    def sheet_rectos(self, items: Sequence[Component], section: SheetSection) -> list[bool]:
        """The ``recto`` flags of the pages :meth:`iter_sheet_pages` yields (no face composed)."""
        size = self.assets.game.kinds[section.kinds[0]].size
        if not fits_on(self.paper, size):
            return [True] * (len(items) * len(plan_tiles(self.paper, size,
                                                         bleed=self.bleed).tiles))
        per_page = self.sheet_plan(section).per_page
        flags: list[bool] = []
        for start in range(0, len(items), per_page):
            flags.append(True)
            if any(item.back for item in items[start:start + per_page]):
                flags.append(False)
        return flags

    def iter_sheet_pages(self, items: Sequence[Component],
                         section: SheetSection) -> Iterator[PageSpec]:
        """:meth:`sheet_pages` one page at a time: each sheet's faces are composed when the
        sheet is asked for, and forgotten after their last placement."""
        size = self.assets.game.kinds[section.kinds[0]].size
        if not fits_on(self.paper, size):
            yield from self.tiled_pages(items, section)
            return
        plan = self.sheet_plan(section)
        marks: tuple[Op, ...] = tuple(
            LineOp(m.x1, m.y1, m.x2, m.y2, MARK_COLOR, 0.25) for m in plan.marks)
        round_items = self.assets.game.kinds[section.kinds[0]].shape == "round"
        self._expect(items)
        for number, start in enumerate(range(0, len(items), plan.per_page), start=1):
            chunk = items[start:start + plan.per_page]
            fronts = tuple(
                self._place(item, item.front, "front", slot.trim.x, slot.trim.y, slot.clip)
                for item, slot in zip(chunk, plan.fronts, strict=False)
            )
            guides: tuple[Op, ...] = ()
            if round_items:  # round items: a thin circle on the cut line
                guides = tuple(EllipseOp(s.trim.x, s.trim.y, s.trim.w, s.trim.h, None,
                                         CUT_GUIDE_COLOR, 0.3)
                               for s in plan.fronts[:len(chunk)])
            yield PageSpec(plan.page, f"{section.title} {number} recto", fronts,
                           marks + guides, recto=True)
            del fronts
            if any(item.back for item in chunk):
                backs = tuple(
                    self._place(item, item.back, "back", slot.trim.x, slot.trim.y, slot.clip)
                    for item, slot in zip(chunk, plan.backs, strict=False) if item.back
                )
                yield PageSpec(plan.page, f"{section.title} {number} verso", backs)

    def tiled_pages(self, items: Sequence[Component], section: SheetSection) -> list[PageSpec]:
        """Each item on as many sheets as it needs, with overlaps, guides and tile labels."""
        size = self.assets.game.kinds[section.kinds[0]].size
        plan = plan_tiles(self.paper, size, bleed=self.bleed)
        label_font = self.assets.fonts.select("body", False, True)
        pages = []
        self._expect(items, back=False, times=len(plan.tiles))
        for item in items:
            for tile in plan.tiles:
                name = f"{item.name} — {tile.row + 1}-{tile.col + 1} ({plan.rows}×{plan.cols})"
                text = self.assets.fonts.prepare(name, label_font)
                ops: list[Op] = [LineOp(m.x1, m.y1, m.x2, m.y2, MARK_COLOR, 0.25)
                                 for m in tile.marks]
                ops += [LineOp(g.x1, g.y1, g.x2, g.y2, CUT_GUIDE_COLOR, 0.5, (3.0, 2.0))
                        for g in tile.guides]
                ops.append(TextOp(tile.clip.x, 4.2 * MM, text, label_font, 6, CUT_GUIDE_COLOR))
                placement = self._place(item, item.front, "front", tile.origin[0],
                                        tile.origin[1], tile.clip)
                pages.append(PageSpec(plan.page, f"{section.title} {name}", (placement,),
                                      tuple(ops), recto=True))
        return pages
