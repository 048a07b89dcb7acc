"""Planning a kit's pages in print order: documents, sheets of fronts and backs, tiles, blanks.

:class:`KitPlanner` turns a game's kit (or any list of components) into :class:`PageSpec` pages
for one paper and :class:`BuildOptions`, lazily (:meth:`KitPlanner.iter_kit_pages`: one page
composed at a time); :mod:`printandplay.pages` keeps fronts on sheet fronts.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from printandplay.assets import GameAssets, component_context
from printandplay.data.presets import resolve_paper
from printandplay.data.stock_icons import BUNDLED_DIR
from printandplay.errors import DataError, LayoutError, Location, OptionError
from printandplay.face_cache import FaceCache, design_sources, freeze, globals_read
from printandplay.layout.document import DocumentComposer
from printandplay.layout.document_blocks import DocStyle
from printandplay.layout.face import FaceComposer
from printandplay.layout.imposition import (
    MARK_WIDTH,
    Flip,
    SheetPlan,
    choose_mode,
    fits_on,
    plan_sheet,
    plan_tiles,
)
from printandplay.model.color import RGB, parse_color
from printandplay.model.design import FaceDesign
from printandplay.model.game import (
    Component,
    DocumentSection,
    Game,
    ImpositionMode,
    Kind,
    SheetSection,
    Size,
)
from printandplay.model.geometry import Rect
from printandplay.model.ops import EllipseOp, Face, GroupOp, IconOp, LineOp, Op, Placement, TextOp
from printandplay.pages import (
    CUT_GUIDE_COLOR,
    MARK_COLOR,
    PageSpec,
    count_duplex,
    duplex_stream,
)
from printandplay.units import MM

DEFAULT_BLEED = 3 * MM


@dataclass(frozen=True)
class BuildOptions:
    """What the user chose on the command line."""

    paper: str = "a4"
    out_dir: Path | None = None
    flip: Flip = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)  # points, applied to back pages
    bleed: float | None = None  # points; None = the default 3 mm
    debug_boxes: bool = False  # outline boxes, trim, bleed and safe zone (--debug-boxes)


class CardTexts:
    """Finds the card and field whose text a document's block shows, for error messages."""

    MIN_LENGTH = 6  # shorter values (a name, a number) would match by chance

    def __init__(self, components: Sequence[Component]) -> None:
        self.components = components
        self._texts: list[tuple[str, str]] | None = None

    def _index(self) -> list[tuple[str, str]]:
        texts: list[tuple[str, str]] = []
        for component in self.components:
            for name, value in component.values.items():
                for text in _strings(value):
                    if len(text.strip()) >= self.MIN_LENGTH:
                        where = component.where(name)
                        texts.append((text.strip(), f"{where}: {component.kind} "
                                                    f"'{component.id}', field '{name}'"))
        texts.sort(key=lambda item: -len(item[0]))  # the longest match first
        return texts

    def __call__(self, source: str) -> str | None:
        """``file:line: kind 'id', field 'name'`` of the card text inside ``source``."""
        if self._texts is None:
            self._texts = self._index()
        flat = " ".join(source.split())
        for text, origin in self._texts:
            if text in source or " ".join(text.split()) in flat:
                return origin
        return None


def _strings(value: Any) -> list[str]:
    """The strings inside a field's value (lists and maps included)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, Mapping):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in _strings(v)]
    return []


CREDITS_TEMPLATE = BUNDLED_DIR / "credits.md.j2"


class _Credits(list[dict[str, Any]]):
    """The ``icon_credits`` of a document; remembers whether the template looked at it."""

    accessed = False

    def __iter__(self) -> Iterator[dict[str, Any]]:
        self.accessed = True
        return super().__iter__()

    def __len__(self) -> int:
        self.accessed = True
        return super().__len__()


def document_style(game: Game, section: DocumentSection, font_roles: Collection[str]) -> DocStyle:
    """The style of a document section: the game's ``document_style`` with its colours
    resolved (empty ones keep the built-in colours; the accent defaults to the game's)."""
    design = game.document_style
    where = design.location or Location(f"cards/{game.id}/game.yaml")
    for key in ("title_font", "body_font"):
        role = getattr(design, key)
        if role not in font_roles:
            raise DataError(where, f"document_style: {key} '{role}' is not a role of fonts.yaml "
                                   f"(it has: {', '.join(sorted(font_roles))})")
    base = DocStyle()

    def colour(written: str, default: RGB) -> RGB:
        return (parse_color(written, game.colors) or default) if written else default

    accent = design.accent or game.colors.get("accent", "#5a3380")
    return DocStyle(design=design, ink=colour(design.text_color, base.ink),
                    accent=parse_color(accent, game.colors) or (0, 0, 0),
                    callout_fill=colour(design.callout_color, base.callout_fill),
                    rule=colour(design.rule_color, base.rule),
                    footer=colour(design.footer_color, base.footer), columns=section.columns)


class KitPlanner:
    """Plans the pages of a kit (or of any list of components) for one paper and options."""

    def __init__(self, assets: GameAssets, options: BuildOptions,
                 cache: FaceCache | None = None) -> None:
        self.assets = assets
        self.cache = cache
        self.used: set[Hashable] = set()  # cache keys of the faces this build placed
        self._design_globals: dict[str, Hashable] = {}
        self._tokens: dict[tuple[str, str], tuple[int, bool]] = {}
        self.options = options
        self.paper = resolve_paper(options.paper, assets.presets)
        self.bleed = DEFAULT_BLEED if options.bleed is None else options.bleed
        game = assets.game
        self.composer = FaceComposer(assets.templates, assets.fonts, assets.icons.aspect,
                                     game.colors, game.language, self.bleed,
                                     assets.images.aspect if assets.images else None,
                                     debug_boxes=options.debug_boxes)
        self._faces: dict[tuple[str, str], Face] = {}
        # while pages stream: placements of a face still to come, and in all (copies)
        self._pending: Counter[tuple[str, str]] = Counter()
        self._uses: Counter[tuple[str, str]] = Counter()
        self._scanned = False  # the sheets' stock icons noted (scan_stock_icons)

    def face(self, component: Component, layout_name: str, side: str) -> Face:
        """The face of a component drawn with a layout (cached: copies share it)."""
        key = (component.id, layout_name)
        face = self._faces.get(key)
        if face is None:
            game = self.assets.game
            card = component_context(component, game)
            kind = game.kinds[component.kind]
            design = self.assets.designs[layout_name]
            content_key: Hashable = None
            if self.cache is not None:
                token, reads_card = self._design_token(design, kind)
                content_key = (token, freeze(card) if reads_card else None)
                face = self.cache.faces.get(content_key)
                self.used.add(content_key)
            if face is None:
                context = dict(self.assets.base_context())
                context["card"] = card
                what = f"{component.location}: {component.kind} '{component.id}' ({side})"
                warned = len(self.composer.warnings)
                face = self.composer.compose(design, kind, context, what)
                if self.cache is not None:
                    self.cache.faces[content_key] = face
                    self.cache.warnings[content_key] = tuple(self.composer.warnings[warned:])
                    self.cache.composed += 1
            elif self.cache is not None:
                self.cache.reused += 1
                # what composing it would have done: warn again, count its stock icons
                for warning in self.cache.warnings.get(content_key, ()):
                    if warning not in self.composer.warnings:
                        self.composer.warnings.append(warning)
                self._use_icons(face.ops)
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

    def _use_icons(self, ops: Sequence[Op]) -> None:
        """Look up the icons drawn by cached ops, so that the stock icons among them are
        credited as when they were composed."""
        for op in ops:
            if isinstance(op, IconOp):
                self.assets.icons.get(op.icon)
            elif isinstance(op, GroupOp):
                self._use_icons(op.ops)

    def _design_token(self, design: FaceDesign, kind: Kind) -> tuple[int, bool]:
        """The cache's token for a face design drawn on a kind with this build's game-wide values,
        and whether its templates read the card (a shared back does not)."""
        assert self.cache is not None
        key = (design.name, kind.id)
        known = self._tokens.get(key)
        if known is None:
            token = self.cache.token((design, kind, self._globals_of(design), self.bleed,
                                      self.options.debug_boxes))
            known = (token, bool(re.search(r"\bcard\b", "\n".join(design_sources(design)))))
            self._tokens[key] = known
        return known

    def _globals_of(self, design: FaceDesign) -> Hashable:
        """The game-wide values (palette, language, and what its templates read) that a
        design's faces depend on, frozen."""
        known = self._design_globals.get(design.name)
        if known is None:
            sources = design_sources(design)
            game = self.assets.game
            base = self.assets.base_context()
            known = (freeze(game.colors), game.language,
                     tuple((name, freeze(base[name])) for name in globals_read(sources)))
            self._design_globals[design.name] = known
        return known

    def kit_pages(self) -> list[PageSpec]:
        """Every page of the kit, in print order."""
        return list(self.iter_kit_pages())

    def iter_kit_pages(self) -> Iterator[PageSpec]:
        """Every page of the kit, in print order, composed one at a time as they are asked for
        (a writer can write each page before the next is composed).

        A document can credit every stock icon the kit prints (``icon_credits``); when no
        document does, the credits are added at the end of the last document, or on a page of
        their own when the kit has no document. A document set before the last sheets learns
        their stock icons from a cheap first pass (:meth:`scan_stock_icons`): no face is kept."""
        return duplex_stream(self._section_pages(), self.assets.fonts)

    def count_kit_pages(self) -> int:
        """How many pages :meth:`iter_kit_pages` yields, without composing any face (the
        documents are set, then forgotten: the stock icons they note are put back). A kit
        without documents may end with a credits page this count does not know of."""
        icons = self.assets.icons
        self._scan_if_needed()
        before = dict(icons.stock_used)
        rectos: list[bool] = []
        try:
            kit = self.assets.game.kit
            for section in kit:  # the sheets composed before the first document's credits
                if isinstance(section, DocumentSection) or not any(
                        isinstance(s, DocumentSection) for s in kit):
                    break
                self.scan_stock_icons(c for c in self.assets.game.components
                                      if c.kind in section.kinds)
            for section, pages in self._documents_and_sheets():
                if isinstance(section, SheetSection):
                    rectos.extend(self.sheet_rectos(self._section_items(section), section))
                else:
                    rectos.extend(page.recto for page in pages)
        finally:
            icons.stock_used.clear()
            icons.stock_used.update(before)
        return count_duplex(rectos)

    def _section_items(self, section: SheetSection) -> list[Component]:
        components = [c for c in self.assets.game.components if c.kind in section.kinds]
        return [c for c in components for _ in range(c.count)]

    def _section_pages(self) -> Iterator[PageSpec]:
        self._scan_if_needed()
        for section, pages in self._documents_and_sheets():
            if isinstance(section, SheetSection):
                yield from self.iter_sheet_pages(self._section_items(section), section)
            else:
                yield from pages

    def _documents_and_sheets(self) -> Iterator[tuple[DocumentSection | SheetSection,
                                                      list[PageSpec]]]:
        """The kit's sections in order, each document with its pages (set when its turn
        comes, after the sheets before it were composed), each sheet with none; then the
        credits' own page when no document printed them."""
        kit = self.assets.game.kit
        documents = [i for i, s in enumerate(kit) if isinstance(s, DocumentSection)]
        credited = False
        for index, section in enumerate(kit):
            if isinstance(section, SheetSection):
                yield section, []
                continue
            pages, accessed = self._document(section)
            credited = credited or accessed
            if index == documents[-1] and not credited and self.assets.icons.stock_used:
                pages, _ = self._document(section, with_credits=True)
            yield section, pages * section.copies
        if not documents and self.assets.icons.stock_used:
            title = "Crédits" if self.assets.game.language == "fr" else "Credits"
            section = DocumentSection("", title, 1)
            yield section, self._document(section, with_credits=True)[0]

    def _scan_if_needed(self) -> None:
        """Note the stock icons of the sheets when a document comes before one of them (it
        may print the credits, which name every stock icon of the kit)."""
        kit = self.assets.game.kit
        if self._scanned or self.assets.icons.stock is None:
            return
        first_doc = next((i for i, s in enumerate(kit) if isinstance(s, DocumentSection)), None)
        if first_doc is None:
            return
        self._scanned = True
        for section in kit[first_doc + 1:]:
            if isinstance(section, SheetSection):
                components = [c for c in self.assets.game.components
                              if c.kind in section.kinds]
                self.scan_stock_icons(components)

    def scan_stock_icons(self, components: Iterable[Component]) -> None:
        """Note the stock icons the faces of ``components`` draw, without composing them
        (templates of icon and text boxes rendered; nothing fitted, nothing kept)."""
        from printandplay.data.stock_icons import PREFIX

        icons = self.assets.icons
        for component in components:
            for name, side in ((component.front, "front"), (component.back, "back")):
                if not name:
                    continue
                design = self.assets.designs[name]
                kind = self.assets.game.kinds[component.kind]
                card = component_context(component, self.assets.game)
                if self.cache is not None:
                    token, reads_card = self._design_token(design, kind)
                    cached = self.cache.faces.get((token, freeze(card) if reads_card else None))
                    if cached is not None:
                        self._use_icons(cached.ops)
                        continue
                context = dict(self.assets.base_context())
                context["card"] = card
                what = f"{component.location}: {component.kind} '{component.id}' ({side})"
                for icon in self.composer.icon_names(design, kind, context, what, PREFIX):
                    try:
                        icons.get(icon)
                    except LayoutError:
                        pass  # composing the face says so, naming the card and the box

    def document_pages(self, section: DocumentSection) -> list[PageSpec]:
        """The pages of a document section."""
        return self._document(section)[0]

    def _document(self, section: DocumentSection, with_credits: bool = False
                  ) -> tuple[list[PageSpec], bool]:
        """The pages of a document (``with_credits``: followed by the stock icons' credits),
        and whether its template printed the credits itself."""
        assets = self.assets
        page = Size(min(self.paper.width, self.paper.height),
                    max(self.paper.width, self.paper.height))
        for _ in range(2):
            used = len(assets.icons.stock_used)
            credits = _Credits(assets.icons.credits())
            source, composer = self._render_document(section, credits, with_credits)
            game = assets.game
            key = (source, page, composer.style, section.title, game.name, game.language)
            cached = self.cache.documents.get(key) if self.cache is not None else None
            if cached is None:
                paged = [tuple(ops) for ops in
                         composer.paginate(source, page, section.title, game.name)]
                if self.cache is not None:
                    self.cache.documents[key] = tuple(paged)
            else:
                paged = list(cached)
                for ops in paged:
                    self._use_icons(ops)
            if not credits.accessed or len(assets.icons.stock_used) == used:
                break
            # the credits are printed and the document uses stock icons of its own: again
        pages = [PageSpec(page, f"{section.title} {i + 1}", ops=ops, recto=i == 0)
                 for i, ops in enumerate(paged)]
        return pages, credits.accessed

    def _render_document(self, section: DocumentSection, credits: _Credits, with_credits: bool
                         ) -> tuple[str, DocumentComposer]:
        assets = self.assets
        game = assets.game
        context = dict(assets.base_context())
        context["icon_credits"] = credits
        display = f"templates/{game.id}/{section.template}"
        source = ""
        if section.template:
            source = assets.templates.render_file(section.template, context, section.location)
        if with_credits:
            block = assets.templates.render_string(
                CREDITS_TEMPLATE.read_text(encoding="utf-8"), context,
                "printandplay/game_icons/credits.md.j2")
            source = source.rstrip("\n") + "\n\n" + block
        style = replace(document_style(game, section, self.assets.fonts.roles),
                        debug_boxes=self.options.debug_boxes)
        composer = DocumentComposer(assets.fonts, assets.icons.aspect, game.language, style,
                                    display, CardTexts(game.components))
        return source, composer

    def sheet_plan(self, section: SheetSection) -> SheetPlan:
        """The imposition shared by every sheet of a section."""
        size = self.assets.game.kinds[section.kinds[0]].size
        mode: ImpositionMode = (choose_mode(self.paper, size, self.bleed)
                                if section.bleed_mode == "auto" else section.bleed_mode)
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
            LineOp(m.x1, m.y1, m.x2, m.y2, MARK_COLOR, MARK_WIDTH) for m in plan.marks)
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
                ops: list[Op] = [LineOp(m.x1, m.y1, m.x2, m.y2, MARK_COLOR, MARK_WIDTH)
                                 for m in tile.marks]
                ops += [LineOp(g.x1, g.y1, g.x2, g.y2, CUT_GUIDE_COLOR, 0.5, (3.0, 2.0))
                        for g in tile.guides]
                ops.append(TextOp(tile.clip.x, 4.2 * MM, text, label_font, 6, CUT_GUIDE_COLOR))
                placement = self._place(item, item.front, "front", tile.origin[0],
                                        tile.origin[1], tile.clip)
                pages.append(PageSpec(plan.page, f"{section.title} {name}", (placement,),
                                      tuple(ops), recto=True))
        return pages
