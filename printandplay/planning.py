"""Planning a kit's pages in print order: documents, sheets of fronts and backs, tiles, blanks.

:class:`KitPlanner` turns a game's kit (or any list of components) into :class:`PageSpec` pages
for one paper and :class:`BuildOptions`; :func:`duplex_order` keeps fronts on sheet fronts.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Collection, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from printandplay.assets import GameAssets, component_context
from printandplay.data.presets import resolve_paper
from printandplay.data.stock_icons import BUNDLED_DIR
from printandplay.errors import DataError, Location, OptionError
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
from printandplay.layout.tiling import plan_tiles
from printandplay.layout.typography import apply_typography
from printandplay.model.color import RGB, parse_color
from printandplay.model.design import FaceDesign
from printandplay.model.fonts import FontMetrics
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
from printandplay.units import MM, format_back_offset

DEFAULT_BLEED = 3 * MM
MARK_COLOR = (0.0, 0.0, 0.0)
CUT_GUIDE_COLOR = (0.55, 0.55, 0.55)
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


@dataclass(frozen=True)
class PageSpec:
    """One page to print: its size, placed faces and its own ops."""

    size: Size
    label: str
    placements: tuple[Placement, ...] = ()
    ops: tuple[Op, ...] = ()
    recto: bool = False  # must be printed on the front of a sheet (duplex)
    section: str = ""  # the kit section it belongs to (the PDF's outline)
    side: str = ""  # "recto" or "verso" for sheets of items; "" for documents
    sheet: int = 0  # sheet n of ``sheets`` within its section (sheets of items)
    sheets: int = 0


@dataclass
class FaceCache:
    """Faces and document pages kept from one build to the next (``watch``), keyed on
    everything that draws them: the face design, the kind, the card's values, the game-wide values
    its templates read, the bleed, and ``env`` (a digest of the fonts, icons, images and
    template files, set by the caller). A face is composed again only when one of them
    changed."""

    env: Hashable = None
    faces: dict[Hashable, Face] = field(default_factory=dict)
    documents: dict[Hashable, tuple[tuple[Op, ...], ...]] = field(default_factory=dict)
    warnings: dict[Hashable, tuple[str, ...]] = field(default_factory=dict)  # of each face
    composed: int = 0  # faces composed by the last build
    reused: int = 0  # faces taken from the cache by the last build
    _tokens: dict[Hashable, int] = field(default_factory=dict)

    def token(self, value: Hashable) -> int:
        """A small number standing for ``value`` (a face design and its kind: hashed once per
        build rather than once per face)."""
        return self._tokens.setdefault(value, len(self._tokens))

    def start(self, env: Hashable) -> None:
        """Begin a build: forget everything if ``env`` changed; reset the counters."""
        if env != self.env:
            self.faces.clear()
            self.documents.clear()
            self.warnings.clear()
            self._tokens.clear()
            self.env = env
        self.composed = self.reused = 0

    def prune(self, used: set[Hashable]) -> None:
        """Drop the faces the last build did not use (edited cards leave old versions)."""
        for key in [k for k in self.faces if k not in used]:
            del self.faces[key]
            self.warnings.pop(key, None)


def freeze(value: Any) -> Hashable:
    """A hashable copy of template values (dicts, lists, rich text marked by its type)."""
    if isinstance(value, Mapping):
        return ("{", tuple((str(k), freeze(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return ("[", tuple(freeze(v) for v in value))
    if isinstance(value, str):
        return (type(value).__name__, str(value))
    if value is None or isinstance(value, (bool, int, float)):
        return value
    return (type(value).__name__, repr(value))


_GLOBALS = ("game", "tables", "colors", "components", "count")


def _globals_read(templates: Sequence[str]) -> tuple[str, ...]:
    """The game-wide template variables that ``templates`` mention."""
    text = "\n".join(templates)
    return tuple(name for name in _GLOBALS if re.search(rf"\b{name}\b", text))


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


def _sources(design: FaceDesign) -> list[str]:
    """The template sources of a face design's boxes."""
    return [t.source for box in design.boxes
            for t in (box.when, box.fill, box.stroke, box.color, box.text, box.icon, box.image)
            if t is not None]


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


BLANK_NOTE = "Page laissée blanche pour garder le recto verso aligné — intentionally blank"


def duplex_order(pages: Sequence[PageSpec], fonts: FontMetrics, margin: float = 5 * MM,
                 language: str = "fr", flip: Flip = "long") -> list[PageSpec]:
    """Insert blank pages so that every page marked ``recto`` falls on the front of a sheet
    when the whole file is printed duplex (a document with an odd number of pages, or a
    single-sided sheet, would otherwise put the next fronts on a back).

    A blank page's small note lies inside the printable area (``margin``) and off the back of
    every item of the page it backs (turned on its ``flip`` edge)."""
    out: list[PageSpec] = []
    font = fonts.select("body", False, True)
    words = vocabulary(language)
    for page in pages:
        if page.recto and len(out) % 2 == 1:
            previous = out[-1]
            size = previous.size
            mirror_x, mirror_y = mirror_axes(size.width > size.height, flip)
            shadows = [mirror_rect(r, size, mirror_x, mirror_y)
                       for r in _placement_rects(previous.placements)]
            texts = [BLANK_NOTE, words["blank"]]
            if previous.sheets:
                texts.insert(0, f"{previous.section} · {words['sheet']} {previous.sheet}/"
                                f"{previous.sheets} · {words['verso']} — {BLANK_NOTE}")
            note = label_ops(size, texts, font, fonts, shadows, shadows, [], margin,
                             color=CUT_GUIDE_COLOR)
            out.append(PageSpec(size, "blank", ops=note, section=previous.section,
                                side="verso" if previous.sheets else "", sheet=previous.sheet,
                                sheets=previous.sheets))
        out.append(page)
    return out


def _placement_rects(placements: Sequence[Placement]) -> list[Rect]:
    """What each placed face may print: its clip, or its trim and bleed."""
    out = []
    for p in placements:
        b = p.face.bleed
        out.append(p.clip or Rect(p.x - b, p.y - b, p.face.width + 2 * b, p.face.height + 2 * b))
    return out


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
                                     debug_boxes=options.debug_boxes,
                                     min_font_size=game.min_font_size,
                                     ink_saver=options.ink_saver)
        self._faces: dict[tuple[str, str], Face] = {}

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
            known = (token, bool(re.search(r"\bcard\b", "\n".join(_sources(design)))))
            self._tokens[key] = known
        return known

    def _globals_of(self, design: FaceDesign) -> Hashable:
        """The game-wide values (palette, language, and what its templates read) that a
        design's faces depend on, frozen."""
        known = self._design_globals.get(design.name)
        if known is None:
            sources = _sources(design)
            game = self.assets.game
            base = self.assets.base_context()
            known = (freeze(game.colors), game.language,
                     tuple((name, freeze(base[name])) for name in _globals_read(sources)))
            self._design_globals[design.name] = known
        return known

    def kit_pages(self) -> list[PageSpec]:
        """Every page of the kit, in print order.

        Sheets are composed before documents so that a document can credit every stock icon
        the kit prints (``icon_credits``); when no document does, the credits are added at the
        end of the last document, or on a page of their own when the kit has no document."""
        game = self.assets.game
        kit = select_sections(game.id, game.kit, self.options.sections)
        planned: dict[int, list[PageSpec]] = {}
        for index, section in enumerate(kit):
            if isinstance(section, SheetSection):
                components = [c for c in game.components if section.holds(c)]
                items = [c for c in components for _ in range(c.count)]
                planned[index] = self.sheet_pages(items, section)
        documents = [i for i, s in enumerate(kit) if isinstance(s, DocumentSection)]
        credited = False
        for index in documents:
            section = kit[index]
            assert isinstance(section, DocumentSection)
            pages, accessed = self._document(section)
            credited = credited or accessed
            planned[index] = pages * section.copies
        pages = [page for index in range(len(kit)) for page in planned[index]]
        if not credited and self.assets.icons.stock_used:
            if documents:
                last = kit[documents[-1]]
                assert isinstance(last, DocumentSection)
                redone, _ = self._document(last, with_credits=True)
                planned[documents[-1]] = redone * last.copies
                pages = [page for index in range(len(kit)) for page in planned[index]]
            else:
                title = "Crédits" if self.assets.game.language == "fr" else "Credits"
                pages += self._document(DocumentSection("", title, 1), with_credits=True)[0]
        return self.with_guide(self.print_order(pages))

    def print_order(self, pages: Sequence[PageSpec]) -> list[PageSpec]:
        """The pages as printed: with blanks that keep fronts on sheet fronts for duplex
        printing, as they are for single-sided printing (``--simplex``, ``--fold``)."""
        if not self.options.duplex:
            return list(pages)
        return duplex_order(pages, self.assets.fonts, self.options.margin,
                            self.assets.game.language, self.options.flip)

    def with_guide(self, body: Sequence[PageSpec], command: str = "build",
                   target: str = "") -> list[PageSpec]:
        """``body`` (in duplex order) after the "Impression et montage" guide, which lists its
        sections with their pages; ``command`` and ``target`` make the command it prints to
        rebuild them (``build GAME`` by default)."""
        guide_length = 2
        for _ in range(3):
            guide = self.guide_pages(body, guide_length, command, target)
            pages = self.print_order([*guide, *body])
            if len(pages) - len(body) == guide_length:
                break
            guide_length = len(pages) - len(body)
        return pages

    def guide_pages(self, body: Sequence[PageSpec], offset: int, command: str = "build",
                    target: str = "") -> list[PageSpec]:
        """The guide's pages, for ``body`` printed after ``offset`` pages."""
        game = self.assets.game
        words = guide_texts(game.language)
        title = words["title"]
        sections = self._guide_sections(body, offset)
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
        source = guide_source(settings, sections, offset + len(body), game.language)
        page = Size(min(self.paper.width, self.paper.height),
                    max(self.paper.width, self.paper.height))
        style = document_style(game, DocumentSection("", title, 1), self.assets.fonts.roles)
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

    def _guide_sections(self, body: Sequence[PageSpec], offset: int) -> list[GuideSection]:
        """The sections of ``body`` in order, each with its pages and sheets of paper."""
        game = self.assets.game
        kit = {section.title: section for section in game.kit}
        runs: list[list[tuple[int, PageSpec]]] = []
        for number, page in enumerate(body, start=offset + 1):
            if runs and runs[-1][0][1].section == page.section:
                runs[-1].append((number, page))
            else:
                runs.append([(number, page)])
        out = []
        for run in runs:
            pages = [page for _, page in run]
            first = pages[0]
            section = kit.get(first.section)
            document = not first.sheets
            printed = [p for p in pages if p.label != "blank"]
            if document:
                # every page of the run, blank versos included (copies each end on one)
                sheets, two_sided = (len(pages) + 1) // 2, len(printed) > 1
            else:
                sheets = first.sheets
                two_sided = any(p.side == "verso" for p in printed)
            if not self.options.duplex:  # single-sided: one sheet per page
                sheets = len(printed)
                two_sided = two_sided and not document
            folded = any(p.side == "fold" for p in printed)
            tiled = round_items = False
            if isinstance(section, SheetSection):
                kind = game.kinds[section.kinds[0]]
                tiled = not fits_on(self.paper, kind.size, self.options.margin)
                round_items = kind.shape == "round"
            out.append(GuideSection(
                first.section, document, (run[0][0], run[-1][0]), sheets, two_sided, tiled,
                round_items, section.paper if section else "",
                section.assembly if section else "", folded))
        return out

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
        size = self.assets.game.kinds[section.kinds[0]].size
        if not fits_on(self.paper, size, self.options.margin):
            return self.tiled_pages(items, section)
        if self.options.fold and any(item.back for item in items):
            plan_or_none = self.fold_plan(section)
            if plan_or_none is not None:
                return self.fold_pages(items, section, plan_or_none)
        full = self.sheet_plan(section, len(items))
        round_items = self.assets.game.kinds[section.kinds[0]].shape == "round"
        pages = []
        for number, start in enumerate(range(0, len(items), full.per_page), start=1):
            chunk = items[start:start + full.per_page]
            plan = full.filled(len(chunk))  # no marks for empty slots, bleed towards them
            marks: tuple[Op, ...] = tuple(
                LineOp(m.x1, m.y1, m.x2, m.y2, MARK_COLOR, MARK_WIDTH) for m in plan.marks)
            fronts = tuple(
                Placement(self.face(item, item.front, "front"), slot.trim.x, slot.trim.y,
                          slot.clip)
                for item, slot in zip(chunk, plan.fronts, strict=False)
            )
            guides: tuple[Op, ...] = ()
            if round_items:  # round items: a thin circle on the cut line
                guides = tuple(EllipseOp(s.trim.x, s.trim.y, s.trim.w, s.trim.h, None,
                                         CUT_GUIDE_COLOR, 0.3)
                               for s in plan.fronts[:len(chunk)])
            pages.append(PageSpec(plan.page, f"{section.title} {number} recto", fronts,
                                  marks + guides, recto=True, section=section.title,
                                  side="recto", sheet=number))
            if any(item.back for item in chunk):
                backs = tuple(
                    Placement(self.back_face(item, section), slot.trim.x, slot.trim.y,
                              slot.clip)
                    for item, slot in zip(chunk, plan.backs, strict=False) if item.back
                )
                pages.append(PageSpec(plan.page, f"{section.title} {number} verso", backs,
                                      section=section.title, side="verso", sheet=number))
        return self._labelled(pages)

    def _labelled(self, pages: Sequence[PageSpec], names: Sequence[str] = ()) -> list[PageSpec]:
        """The sheets with their label (game · section · [name ·] sheet n/N · side) added in a
        free spot of the printable area; ``names`` (one per page) tell tiles apart."""
        words = vocabulary(self.assets.game.language)
        fonts = self.assets.fonts
        font = fonts.select("body", False, True)
        total = max((p.sheet for p in pages), default=0)
        game = self.assets.game.name
        out = []
        for index, page in enumerate(pages):
            name = f"{names[index]} · " if names else ""
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
            label = label_ops(page.size, texts, font, fonts, _placement_rects(page.placements),
                              trims, obstacles, self.options.margin, complete=3)
            out.append(replace(page, ops=(*page.ops, *label), sheets=total))
        return out

    def back_face(self, item: Component, section: SheetSection) -> Face:
        """The back of ``item`` as printed in ``section``: the section's back when it names
        one (the back of the deck the section prints), else the item's own."""
        assert item.back is not None
        return self.face(item, section.back or item.back, "back")

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
        round_items = self.assets.game.kinds[section.kinds[0]].shape == "round"
        pages = []
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
                placements.append(Placement(self.face(item, item.front, "front"), front.trim.x,
                                            front.trim.y, front.clip))
                slots = [front]
                if item.back:
                    placements.append(Placement(self.back_face(item, section), back.trim.x,
                                                back.trim.y, back.clip))
                    slots.append(back)
                if round_items:
                    ops += [EllipseOp(s.trim.x, s.trim.y, s.trim.w, s.trim.h, None,
                                      CUT_GUIDE_COLOR, 0.3) for s in slots]
            pages.append(PageSpec(plan.page, f"{section.title} {number} pli", tuple(placements),
                                  tuple(ops), recto=True, section=section.title, side="fold",
                                  sheet=number))
        return self._labelled(pages)

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

    def tiled_pages(self, items: Sequence[Component], section: SheetSection) -> list[PageSpec]:
        """Each item on as many sheets as it needs, with overlaps, guides and tile labels."""
        size = self.assets.game.kinds[section.kinds[0]].size
        try:
            plan = plan_tiles(self.paper, size, bleed=self.bleed, margin=self.options.margin)
        except ValueError as err:
            raise OptionError(f"{section.title}: {err}") from None
        pages: list[PageSpec] = []
        names: list[str] = []
        for item in items:
            face = self.face(item, item.front, "front")
            for tile in plan.tiles:
                name = f"{item.name} — {tile.row + 1}-{tile.col + 1} ({plan.rows}×{plan.cols})"
                ops: list[Op] = [LineOp(m.x1, m.y1, m.x2, m.y2, MARK_COLOR, MARK_WIDTH)
                                 for m in tile.marks]
                ops += [LineOp(g.x1, g.y1, g.x2, g.y2, CUT_GUIDE_COLOR, 0.5, (3.0, 2.0))
                        for g in tile.guides]
                placement = Placement(face, tile.origin[0], tile.origin[1], tile.clip)
                pages.append(PageSpec(plan.page, f"{section.title} {name}", (placement,),
                                      tuple(ops), recto=True, section=section.title,
                                      side="recto", sheet=len(pages) + 1))
                names.append(name)
        return self._labelled(pages, names)
