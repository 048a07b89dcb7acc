"""Planning a kit's pages in print order: documents, sheets of fronts and backs, tiles, blanks.

:class:`KitPlanner` turns a game's kit (or any list of components) into :class:`PageSpec` pages
for one paper and :class:`BuildOptions`, lazily (:meth:`KitPlanner.iter_kit_pages`: one page
composed at a time); :mod:`printandplay.pages` keeps fronts on sheet fronts.
"""

from __future__ import annotations

import re
import shlex
from collections import Counter
from collections.abc import Collection, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import chain
from pathlib import Path
from typing import Any

from printandplay.assets import GameAssets, component_context
from printandplay.data.presets import resolve_paper
from printandplay.data.stock_icons import BUNDLED_DIR
from printandplay.errors import DataError, LayoutError, Location, OptionError
from printandplay.face_cache import FaceCache, design_sources, freeze, globals_read
from printandplay.kit_sections import select_sections
from printandplay.layout.document import DocumentComposer
from printandplay.layout.document_blocks import DocStyle
from printandplay.layout.extent import op_extents
from printandplay.layout.face import FaceComposer
from printandplay.layout.fold import FoldPlan, plan_fold
from printandplay.layout.imposition import (
    DEFAULT_MARGIN,
    Flip,
    SheetPlan,
    choose_mode,
    fits_on,
    mirror_axes,
    mirror_rect,
    plan_sheet,
)
from printandplay.layout.marks import MARK_WIDTH
from printandplay.layout.print_guide import BAND as GUIDE_BAND
from printandplay.layout.print_guide import (
    GuideSection,
    GuideSettings,
    guide_drawings,
    guide_source,
)
from printandplay.layout.print_guide import texts as guide_texts
from printandplay.layout.print_words import vocabulary
from printandplay.layout.sheet_label import label_ops, op_obstacles
from printandplay.layout.tiling import TilePlan, plan_tiles
from printandplay.layout.typography import apply_typography
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
    BLANK_NOTE,
    CUT_GUIDE_COLOR,
    MARK_COLOR,
    PageSpec,
    duplex_stream,
    placement_rects,
)
from printandplay.units import MM, format_back_offset

DEFAULT_BLEED = 3 * MM
FOLD_DASH = (4.0, 2.5)
FOLD_LEGEND = {  # beside the dashed fold line; the short one where the long one does not fit
    "fr": ("‹ - -  pliez ici, collez dos à dos, découpez", "‹ - -  pliez ici"),
    "en": ("‹ - -  fold here, glue back to back, cut", "‹ - -  fold here"),
}


@dataclass(frozen=True)
class BuildOptions:
    """What the user chose on the command line."""

    paper: str = "a4"
    out_dir: Path | None = None
    flip: Flip = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)  # points, applied to back pages
    bleed: float | None = None  # points; None = the default 3 mm
    debug_boxes: bool = False  # outline boxes, trim, bleed and safe zone (--debug-boxes)
    margin: float = DEFAULT_MARGIN  # points: the printer's unprintable band along the edge
    simplex: bool = False  # single-sided printing: no blank pages to keep fronts on sheet fronts
    fold: bool = False  # fold-and-glue: each back beside its front, across a fold line
    ink_saver: bool = False  # layouts' ink-saver versions; other full-bleed fills pale
    sections: tuple[str, ...] = ()  # names of the kit sections to build (empty: all)

    @property
    def duplex(self) -> bool:
        """Whether the file is printed on both sides of the paper."""
        return not (self.simplex or self.fold)


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
                    footer=colour(design.footer_color, base.footer), columns=section.columns,
                    min_font_size=game.min_font_size)


class KitPlanner:
    """Plans the pages of a kit (or of any list of components) for one paper and options."""

    def __init__(self, assets: GameAssets, options: BuildOptions,
                 cache: FaceCache | None = None) -> None:
        self.assets = assets
        self.cache = cache
        self.used: set[Hashable] = set()  # cache keys of the faces this build placed
        self._design_globals: dict[str, Hashable] = {}
        self._tokens: dict[tuple[str, str], tuple[int, bool]] = {}
        # paginated documents by their rendered text: the guide's page count and the kit's
        # pages set each document once (the watch cache keeps them across rebuilds too)
        self._documents: dict[Hashable, tuple[tuple[Op, ...], ...]] = (
            cache.documents if cache is not None else {})
        self.options = options
        self.paper = resolve_paper(options.paper, assets.presets)
        self.bleed = DEFAULT_BLEED if options.bleed is None else options.bleed
        game = assets.game
        self.composer = FaceComposer(assets.templates, assets.fonts, assets.icons.aspect,
                                     game.colors, game.language, self.bleed,
                                     assets.images.aspect if assets.images else None,
                                     debug_boxes=options.debug_boxes,
                                     min_font_size=game.min_font_size,
                                     ink_saver=options.ink_saver)
        self._faces: dict[tuple[str, str], Face] = {}
        # while pages stream: placements of a face still to come, and in all (copies)
        self._pending: Counter[tuple[str, str]] = Counter()
        self._uses: Counter[tuple[str, str]] = Counter()
        self._scanned = False  # the sheets' stock icons noted (scan_stock_icons)
        # the guide (its pages, padded length), and the number of pages after it
        self._guide: tuple[list[PageSpec], int, int] | None = None

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

    def _expect(self, items: Iterable[Component], section: SheetSection | None = None,
                back: bool = True, times: int = 1) -> None:
        """Count the placements to come of the items' faces (``times`` each); their backs as
        ``section`` prints them (:meth:`back_face`)."""
        for item in items:
            back_layout = self._back_layout(item, section) if back and item.back else None
            for layout in (item.front, back_layout):
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

    def _kit(self) -> list[DocumentSection | SheetSection]:
        """The kit's sections this build prints (``--sections``)."""
        game = self.assets.game
        return list(select_sections(game.id, game.kit, self.options.sections))

    def _section_items(self, section: SheetSection) -> list[Component]:
        components = [c for c in self.assets.game.components if section.holds(c)]
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
        kit = self._kit()
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

    def _skeleton(self) -> Iterator[PageSpec]:
        """The kit's pages after the guide, in print order, without their faces (the sheets'
        pages hold no placement, and no label): what the guide and the count need. The stock
        icons of every sheet are noted first by a cheap pass, as composing them would before
        the credits are printed; the icons noted are put back afterwards."""
        icons = self.assets.icons
        before = dict(icons.stock_used)
        try:
            if icons.stock is not None:
                for section in self._kit():
                    if isinstance(section, SheetSection):
                        self.scan_stock_icons(c for c in self.assets.game.components
                                              if section.holds(c))
            body = self._documents_and_sheets()
            pages = (page for section, doc in body for page in (
                self._sheet_skeleton(self._section_items(section), section)
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
        for section in kit[first_doc + 1:]:
            if isinstance(section, SheetSection):
                self.scan_stock_icons(c for c in self.assets.game.components
                                      if section.holds(c))

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

    def print_order(self, pages: Iterable[PageSpec], notes: bool = True) -> Iterator[PageSpec]:
        """The pages as printed: with blanks that keep fronts on sheet fronts for duplex
        printing, as they are for single-sided printing (``--simplex``, ``--fold``); one page
        at a time. Without ``notes`` the blank pages are left empty (for counting)."""
        return duplex_stream(pages, self.assets.fonts,
                             self._blank if notes else self._empty_blank, self.options.duplex)

    @staticmethod
    def _empty_blank(previous: PageSpec) -> PageSpec:
        sheets = previous.sheets
        return PageSpec(previous.size, "blank", section=previous.section,
                        side="verso" if sheets else "", sheet=previous.sheet, sheets=sheets)

    def _blank(self, previous: PageSpec) -> PageSpec:
        """The blank page backing ``previous``: its small note lies inside the printable area
        (``--margin``) and off the back of every item of that page (turned on its flip
        edge), and names the sheet it backs."""
        fonts = self.assets.fonts
        font = fonts.select("body", False, True)
        words = vocabulary(self.assets.game.language)
        size = previous.size
        mirror_x, mirror_y = mirror_axes(size.width > size.height, self.options.flip)
        shadows = [mirror_rect(r, size, mirror_x, mirror_y)
                   for r in placement_rects(previous.placements)]
        texts = [BLANK_NOTE, words["blank"]]
        if previous.sheets:
            texts.insert(0, f"{previous.section} · {words['sheet']} {previous.sheet}/"
                            f"{previous.sheets} · {words['verso']} — {BLANK_NOTE}")
        note = label_ops(size, texts, font, fonts, shadows, shadows, [], self.options.margin,
                         color=CUT_GUIDE_COLOR)
        return replace(self._empty_blank(previous), ops=note)

    def _kit_guide(self) -> tuple[list[PageSpec], int, int]:
        """The kit's guide pages, their length with the blank that may follow them, and the
        number of pages after them (computed once, without composing any face)."""
        if self._guide is None:
            sections, body, first_recto = self._guide_sections(self._skeleton())
            guide, length = self._padded_guide(sections, body, first_recto)
            self._guide = (guide, length, body)
        return self._guide

    def with_guide(self, body: Sequence[PageSpec], command: str = "build",
                   target: str = "") -> list[PageSpec]:
        """``body`` (in duplex order) after the "Impression et montage" guide, which lists its
        sections with their pages; ``command`` and ``target`` make the command it prints to
        rebuild them (``build GAME`` by default)."""
        sections, count, first_recto = self._guide_sections(body)
        guide, _ = self._padded_guide(sections, count, first_recto, command, target)
        return list(self.print_order([*guide, *body]))

    def _padded_guide(self, sections: Sequence[GuideSection], body: int, first_recto: bool,
                      command: str = "build", target: str = "") -> tuple[list[PageSpec], int]:
        """The guide's pages for ``sections`` (numbered from 1 after the guide) and ``body``
        pages after it, and how many pages come before the body (a blank may follow it)."""
        guide_length = 2
        guide: list[PageSpec] = []
        for _ in range(3):
            shifted = [replace(s, pages=(s.pages[0] + guide_length, s.pages[1] + guide_length))
                       for s in sections]
            guide = self.guide_pages(shifted, guide_length + body, command, target)
            length = len(guide)
            if self.options.duplex and first_recto and length % 2 == 1:
                length += 1  # the blank that keeps the body's first front on a sheet front
            if length == guide_length:
                break
            guide_length = length
        return guide, guide_length

    def guide_pages(self, sections: Sequence[GuideSection], total: int, command: str = "build",
                    target: str = "") -> list[PageSpec]:
        """The guide's pages listing ``sections`` (numbered in the file) of a file of
        ``total`` pages."""
        game = self.assets.game
        words = guide_texts(game.language)
        title = words["title"]
        options = self.options
        repeat = []  # options of this build that the rebuild command must repeat
        if options.bleed is not None and abs(options.bleed - DEFAULT_BLEED) > 1e-6:
            repeat.append(f"--bleed {options.bleed / MM:g}")
        if abs(options.margin - DEFAULT_MARGIN) > 1e-6:
            repeat.append(f"--margin {options.margin / MM:g}")
        repeat += [flag for flag, on in (("--simplex", options.simplex), ("--fold", options.fold),
                                         ("--ink-saver", options.ink_saver)) if on]
        if options.sections:
            repeat.append("--sections " + shlex.quote(",".join(options.sections)))
        extra = " ".join(repeat)
        mode = "fold" if options.fold else "simplex" if options.simplex else "duplex"
        settings = GuideSettings(
            game.id, options.paper, self.paper, options.flip,
            format_back_offset(options.back_offset), self.bleed / MM, extra, command, target,
            mode)
        source = guide_source(settings, sections, total, game.language)
        page = Size(min(self.paper.width, self.paper.height),
                    max(self.paper.width, self.paper.height))
        roles = self.assets.fonts.roles
        own = game.document_style
        if own.title_font not in roles or own.body_font not in roles:
            # a kit without documents may have no font for them: the guide takes the body's
            role = "body" if "body" in roles else sorted(roles)[0]
            game = replace(game, document_style=replace(own, title_font=role, body_font=role))
        style = document_style(game, DocumentSection("", title, 1), roles)
        design = style.design
        style = replace(style, design=replace(design, footer=design.footer + GUIDE_BAND))
        composer = DocumentComposer(self.assets.fonts, self.assets.icons.aspect, game.language,
                                    style, title)
        paged = composer.paginate(source, page, title, game.name)
        round_items = any(s.round_items for s in sections)
        drawings = guide_drawings(page, design.margin, design.margin + design.footer,
                                  self.assets.fonts, design.body_font, game.language,
                                  round_items, any(s.folded for s in sections))
        return [PageSpec(page, f"{title} {i + 1}",
                         ops=(*ops, *drawings) if i == 0 else ops, recto=i == 0, section=title)
                for i, ops in enumerate(paged)]

    def _guide_sections(self, body: Iterable[PageSpec]
                        ) -> tuple[list[GuideSection], int, bool]:
        """The sections of ``body`` (in print order, read once) in order, each with its pages
        (numbered from 1) and sheets of paper; the number of pages, and whether the first one
        must fall on a front."""
        game = self.assets.game
        kit = {section.title: section for section in game.kit}
        # per run of pages of one section: first page, first and last number, pages, printed
        # pages, whether a printed page is a back, a fold sheet
        runs: list[list[Any]] = []
        number = 0
        for page in body:
            number += 1
            if runs and runs[-1][0].section == page.section:
                run = runs[-1]
                run[2] = number
            else:
                run = [page, number, number, 0, 0, False, False]
                runs.append(run)
            run[3] += 1
            if page.label != "blank":
                run[4] += 1
                run[5] = run[5] or page.side == "verso"
                run[6] = run[6] or page.side == "fold"
        out = []
        for first, start, end, count, printed, verso, folded in runs:
            section = kit.get(first.section)
            document = not first.sheets
            if document:
                # every page of the run, blank versos included (copies each end on one)
                sheets, two_sided = (count + 1) // 2, printed > 1
            else:
                sheets, two_sided = first.sheets, verso
            if not self.options.duplex:  # single-sided: one sheet per page
                sheets = printed
                two_sided = two_sided and not document
            tiled = round_items = False
            if isinstance(section, SheetSection):
                kind = game.kinds[section.kinds[0]]
                tiled = not fits_on(self.paper, kind.size, self.options.margin)
                round_items = kind.shape == "round"
            out.append(GuideSection(
                first.section, document, (start, end), sheets, two_sided, tiled,
                round_items, section.paper if section else "",
                section.assembly if section else "", folded))
        return out, number, bool(runs) and runs[0][0].recto

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
            cached = self._documents.get(key)
            if cached is None:
                paged = [tuple(ops) for ops in
                         composer.paginate(source, page, section.title, game.name)]
                self._documents[key] = tuple(paged)
            else:
                paged = list(cached)
                for ops in paged:
                    self._use_icons(ops)
            if not credits.accessed or len(assets.icons.stock_used) == used:
                break
            # the credits are printed and the document uses stock icons of its own: again
        pages = [PageSpec(page, f"{section.title} {i + 1}", ops=ops, recto=i == 0,
                          section=section.title)
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

    def sheet_plan(self, section: SheetSection, count: int | None = None) -> SheetPlan:
        """The imposition shared by every sheet of a section of ``count`` items (``auto``
        spaces them with full bleed when that costs no extra sheet)."""
        size = self.assets.game.kinds[section.kinds[0]].size
        margin = self.options.margin
        mode: ImpositionMode = (choose_mode(self.paper, size, self.bleed, count, margin)
                                if section.bleed_mode == "auto" else section.bleed_mode)
        if self.bleed <= 0:
            mode = "none"
        try:
            return plan_sheet(self.paper, size, bleed=self.bleed, mode=mode,
                              flip=self.options.flip, back_offset=self.options.back_offset,
                              margin=margin)
        except ValueError as err:
            raise OptionError(f"{section.title}: {err}") from None

    def sheet_pages(self, items: Sequence[Component], section: SheetSection) -> list[PageSpec]:
        """Sheets of fronts, each followed by its sheet of backs when any item has a back.

        Items larger than the paper are split across several sheets (:meth:`tiled_pages`)."""
        return list(self.iter_sheet_pages(items, section))

    def sheet_rectos(self, items: Sequence[Component], section: SheetSection) -> list[bool]:
        """The ``recto`` flags of the pages :meth:`iter_sheet_pages` yields (no face composed)."""
        return [page.recto for page in self._sheet_skeleton(items, section)]

    def _sheet_skeleton(self, items: Sequence[Component], section: SheetSection
                        ) -> Iterator[PageSpec]:
        """The pages :meth:`iter_sheet_pages` yields, without their faces and labels."""
        size = self.assets.game.kinds[section.kinds[0]].size
        title = section.title
        if not fits_on(self.paper, size, self.options.margin):
            plan = self._tile_plan(section)
            total = len(items) * len(plan.tiles)
            for number in range(1, total + 1):
                yield PageSpec(plan.page, "", recto=True, section=title, side="recto",
                               sheet=number, sheets=total)
            return
        fold = self._fold_plan_of(items, section)
        if fold is not None:
            total = -(-len(items) // fold.per_page)
            for number in range(1, total + 1):
                yield PageSpec(fold.page, "", recto=True, section=title, side="fold",
                               sheet=number, sheets=total)
            return
        full = self.sheet_plan(section, len(items))
        total = -(-len(items) // full.per_page)
        for number, start in enumerate(range(0, len(items), full.per_page), start=1):
            yield PageSpec(full.page, "", recto=True, section=title, side="recto",
                           sheet=number, sheets=total)
            if any(item.back for item in items[start:start + full.per_page]):
                yield PageSpec(full.page, "", section=title, side="verso", sheet=number,
                               sheets=total)

    def _fold_plan_of(self, items: Sequence[Component], section: SheetSection
                      ) -> FoldPlan | None:
        """The fold plan of a section's sheets under ``--fold`` when any item has a back."""
        if self.options.fold and any(item.back for item in items):
            return self.fold_plan(section)
        return None

    def iter_sheet_pages(self, items: Sequence[Component],
                         section: SheetSection) -> Iterator[PageSpec]:
        """:meth:`sheet_pages` one page at a time: each sheet's faces are composed when the
        sheet is asked for, and forgotten after their last placement."""
        size = self.assets.game.kinds[section.kinds[0]].size
        if not fits_on(self.paper, size, self.options.margin):
            yield from self.iter_tiled_pages(items, section)
            return
        fold = self._fold_plan_of(items, section)
        if fold is not None:
            yield from self.iter_fold_pages(items, section, fold)
            return
        full = self.sheet_plan(section, len(items))
        total = -(-len(items) // full.per_page)
        round_items = self.assets.game.kinds[section.kinds[0]].shape == "round"
        self._expect(items, section)
        for number, start in enumerate(range(0, len(items), full.per_page), start=1):
            chunk = items[start:start + full.per_page]
            plan = full.filled(len(chunk))  # no marks for empty slots, bleed towards them
            marks: tuple[Op, ...] = tuple(
                LineOp(m.x1, m.y1, m.x2, m.y2, MARK_COLOR, MARK_WIDTH) for m in plan.marks)
            fronts = tuple(
                self._place(item, item.front, "front", slot.trim.x, slot.trim.y, slot.clip)
                for item, slot in zip(chunk, plan.fronts, strict=False)
            )
            guides: tuple[Op, ...] = ()
            if round_items:  # round items: a thin circle on the cut line
                guides = tuple(EllipseOp(s.trim.x, s.trim.y, s.trim.w, s.trim.h, None,
                                         CUT_GUIDE_COLOR, 0.3)
                               for s in plan.fronts[:len(chunk)])
            yield self._label(PageSpec(plan.page, f"{section.title} {number} recto", fronts,
                                       marks + guides, recto=True, section=section.title,
                                       side="recto", sheet=number), total)
            del fronts
            if any(item.back for item in chunk):
                backs = tuple(
                    self._place(item, str(self._back_layout(item, section)), "back",
                                slot.trim.x, slot.trim.y, slot.clip)
                    for item, slot in zip(chunk, plan.backs, strict=False) if item.back
                )
                yield self._label(PageSpec(plan.page, f"{section.title} {number} verso", backs,
                                           section=section.title, side="verso", sheet=number),
                                  total)

    def _label(self, page: PageSpec, total: int, name: str = "") -> PageSpec:
        """The sheet with its label (game · section · [name ·] sheet n/N · side) added in a
        free spot of the printable area; ``name`` tells tiles apart."""
        words = vocabulary(self.assets.game.language)
        fonts = self.assets.fonts
        font = fonts.select("body", False, True)
        game = self.assets.game.name
        name = f"{name} · " if name else ""
        where = f"{words['sheet']} {page.sheet}/{total} · {words[page.side]}"
        texts = [apply_typography(text, self.assets.game.language) for text in (
            f"{game} · {page.section} · {name}{where}",
            f"{game} · {page.section}\n{name}{where}",
            f"{game}\n{page.section}\n{name}{where}",
            f"{page.section} · {name}{where}", f"{name}{where}", where)]
        trims = [Rect(p.x, p.y, p.face.width, p.face.height) for p in page.placements]
        # marks, guides, the fold line and its legend (the only text before the label)
        obstacles = [*op_obstacles(page.ops), *(rect for op, rect in op_extents(
            [op for op in page.ops if isinstance(op, TextOp)], fonts))]
        label = label_ops(page.size, texts, font, fonts, placement_rects(page.placements),
                          trims, obstacles, self.options.margin, complete=3)
        return replace(page, ops=(*page.ops, *label), sheets=total)

    def back_face(self, item: Component, section: SheetSection) -> Face:
        """The back of ``item`` as printed in ``section``: the section's back when it names
        one (the back of the deck the section prints), else the item's own."""
        assert item.back is not None
        return self.face(item, str(self._back_layout(item, section)), "back")

    @staticmethod
    def _back_layout(item: Component, section: SheetSection | None) -> str | None:
        """The layout of ``item``'s back as ``section`` prints it (the section's back, when it
        names one, else the item's own)."""
        if section is not None and section.back:
            return section.back
        return item.back

    def fold_plan(self, section: SheetSection) -> FoldPlan | None:
        """The fold-and-glue imposition of a section, or None when an item and its back do
        not fit side by side on the paper (its sheets are then printed fronts, then backs)."""
        size = self.assets.game.kinds[section.kinds[0]].size
        bleed, margin = self.bleed, self.options.margin
        try:
            if bleed <= 0:
                return plan_fold(self.paper, size, bleed=0.0, mode="none", margin=margin)
            if section.bleed_mode != "auto":
                return plan_fold(self.paper, size, bleed=bleed, mode=section.bleed_mode,
                                 margin=margin)
            gutter = plan_fold(self.paper, size, bleed=bleed, mode="gutter", margin=margin)
            abut = plan_fold(self.paper, size, bleed=bleed, mode="abut", margin=margin)
        except ValueError:
            return None
        return gutter if gutter.per_page >= abut.per_page else abut

    def fold_pages(self, items: Sequence[Component], section: SheetSection, full: FoldPlan
                   ) -> list[PageSpec]:
        """Sheets of fronts with their backs beside them, mirrored across a dashed fold line;
        a last sheet with fewer pairs has marks for its items only."""
        return list(self.iter_fold_pages(items, section, full))

    def iter_fold_pages(self, items: Sequence[Component], section: SheetSection,
                        full: FoldPlan) -> Iterator[PageSpec]:
        """:meth:`fold_pages` one page at a time (faces forgotten after their last
        placement)."""
        round_items = self.assets.game.kinds[section.kinds[0]].shape == "round"
        total = -(-len(items) // full.per_page)
        self._expect(items, section)
        for number, start in enumerate(range(0, len(items), full.per_page), start=1):
            chunk = items[start:start + full.per_page]
            plan = full.filled(len(chunk))
            ops: list[Op] = [LineOp(m.x1, m.y1, m.x2, m.y2, MARK_COLOR, MARK_WIDTH)
                             for m in plan.marks]
            fold = plan.fold
            ops.append(LineOp(fold.x1, fold.y1, fold.x2, fold.y2, MARK_COLOR, 0.5, FOLD_DASH))
            ops.extend(self._fold_legend(plan))
            placements: list[Placement] = []
            for item, front, back in zip(chunk, plan.fronts, plan.backs, strict=False):
                placements.append(self._place(item, item.front, "front", front.trim.x,
                                              front.trim.y, front.clip))
                slots = [front]
                if item.back:
                    placements.append(self._place(item, str(self._back_layout(item, section)),
                                                  "back", back.trim.x, back.trim.y, back.clip))
                    slots.append(back)
                if round_items:
                    ops += [EllipseOp(s.trim.x, s.trim.y, s.trim.w, s.trim.h, None,
                                      CUT_GUIDE_COLOR, 0.3) for s in slots]
            yield self._label(PageSpec(plan.page, f"{section.title} {number} pli",
                                       tuple(placements), tuple(ops), recto=True,
                                       section=section.title, side="fold", sheet=number), total)

    def _fold_legend(self, plan: FoldPlan) -> list[Op]:
        """The legend of the fold line: beside its top end (or its bottom end), between the
        fold gutter's crop mark and the next one, in the band of the crop marks, inside the
        printable area."""
        fonts = self.assets.fonts
        font = fonts.select("body", False, True)
        legends = FOLD_LEGEND.get(self.assets.game.language, FOLD_LEGEND["en"])
        margin = self.options.margin
        x = plan.fold_x + plan.bleed + 1.2 * MM
        cuts = sorted(m.x1 for m in plan.marks if m.x1 == m.x2 and m.x1 > x)
        room = (cuts[0] if cuts else plan.page.width - margin) - 1 * MM - x
        grid_top = max(s.clip.top for s in plan.fronts)
        grid_bottom = min(s.clip.y for s in plan.fronts)
        descent = fonts.descent(font)
        for text, size in ((t, z) for t in legends for z in (6.5, 6.0)):
            text = fonts.prepare(text, font)
            if fonts.width(text, font) * size > room:
                continue
            # cap height up to the fold line's end, the whole text inside the printable area
            top = min(plan.fold.y2 - 0.75 * size,
                      plan.page.height - margin - fonts.ascent(font) * size)
            if top >= grid_top + 0.8 * MM:  # the line ends inside the printable area
                return [TextOp(x, top, text, font, size, CUT_GUIDE_COLOR)]
            bottom = max(plan.fold.y1 + 0.25 * size, margin + descent * size)
            if bottom + 0.75 * size <= grid_bottom - 0.8 * MM:
                return [TextOp(x, bottom, text, font, size, CUT_GUIDE_COLOR)]
        return []

    def _tile_plan(self, section: SheetSection) -> TilePlan:
        size = self.assets.game.kinds[section.kinds[0]].size
        try:
            return plan_tiles(self.paper, size, bleed=self.bleed, margin=self.options.margin)
        except ValueError as err:
            raise OptionError(f"{section.title}: {err}") from None

    def tiled_pages(self, items: Sequence[Component], section: SheetSection) -> list[PageSpec]:
        """Each item on as many sheets as it needs, with overlaps, guides and tile labels."""
        return list(self.iter_tiled_pages(items, section))

    def iter_tiled_pages(self, items: Sequence[Component], section: SheetSection
                         ) -> Iterator[PageSpec]:
        """:meth:`tiled_pages` one page at a time (faces forgotten after their last tile)."""
        plan = self._tile_plan(section)
        total = len(items) * len(plan.tiles)
        self._expect(items, back=False, times=len(plan.tiles))
        number = 0
        for item in items:
            for tile in plan.tiles:
                number += 1
                name = f"{item.name} — {tile.row + 1}-{tile.col + 1} ({plan.rows}×{plan.cols})"
                ops: list[Op] = [LineOp(m.x1, m.y1, m.x2, m.y2, MARK_COLOR, MARK_WIDTH)
                                 for m in tile.marks]
                ops += [LineOp(g.x1, g.y1, g.x2, g.y2, CUT_GUIDE_COLOR, 0.5, (3.0, 2.0))
                        for g in tile.guides]
                placement = self._place(item, item.front, "front", tile.origin[0],
                                        tile.origin[1], tile.clip)
                yield self._label(PageSpec(plan.page, f"{section.title} {name}", (placement,),
                                           tuple(ops), recto=True, section=section.title,
                                           side="recto", sheet=number), total, name)
