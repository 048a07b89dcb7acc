"""Planning a kit's pages in print order: documents, sheets of fronts and backs, tiles, blanks.

:class:`KitPlanner` turns a game's kit (or any list of components) into :class:`PageSpec` pages
for one paper and :class:`BuildOptions`; :func:`duplex_order` keeps fronts on sheet fronts.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from pathlib import Path

from printandplay.assets import GameAssets, component_context
from printandplay.data.presets import resolve_paper
from printandplay.errors import DataError, Location, OptionError
from printandplay.layout.colors import parse_color
from printandplay.layout.document import DocumentLayout
from printandplay.layout.document_blocks import DocStyle
from printandplay.layout.face import FaceComposer
from printandplay.layout.imposition import (
    DEFAULT_MARGIN,
    Flip,
    Mode,
    SheetPlan,
    choose_mode,
    fits_on,
    plan_sheet,
)
from printandplay.layout.tiling import plan_tiles
from printandplay.model.game import Component, DocumentSection, Game, SheetSection, Size
from printandplay.model.ops import RGB, EllipseOp, Face, LineOp, Op, TextOp
from printandplay.render.fonts import FontTable
from printandplay.render.pdf import Placement
from printandplay.units import MM

DEFAULT_BLEED = 3 * MM
MARK_COLOR = (0.0, 0.0, 0.0)
CUT_GUIDE_COLOR = (0.55, 0.55, 0.55)
TILE_LABEL_SIZE = 7.0  # points: the assembly label of each sheet of a tiled item
LABEL_COLOR = (0.3, 0.3, 0.3)  # 8:1 on white paper


@dataclass(frozen=True)
class BuildOptions:
    """What the user chose on the command line."""

    paper: str = "a4"
    out_dir: Path | None = None
    flip: Flip = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)  # points, applied to back pages
    bleed: float | None = None  # points; None = the default 3 mm
    margin: float = DEFAULT_MARGIN  # points: the printer's unprintable band along the edge


@dataclass(frozen=True)
class PageSpec:
    """One page to print: its size, placed faces and its own ops."""

    size: Size
    label: str
    placements: tuple[Placement, ...] = ()
    ops: tuple[Op, ...] = ()
    recto: bool = False  # must be printed on the front of a sheet (duplex)


BLANK_NOTE = "Page laissée blanche pour garder le recto verso aligné — intentionally blank"


def duplex_order(pages: Sequence[PageSpec], fonts: FontTable) -> list[PageSpec]:
    """Insert blank pages so that every page marked ``recto`` falls on the front of a sheet
    when the whole file is printed duplex (a document with an odd number of pages, or a
    single-sided sheet, would otherwise put the next fronts on a back)."""
    out: list[PageSpec] = []
    font = fonts.select("body", False, True)
    for page in pages:
        if page.recto and len(out) % 2 == 1:
            previous = out[-1].size
            text = fonts.prepare(BLANK_NOTE, font)
            width = fonts.width(text, font) * 7
            note = TextOp((previous.width - width) / 2, previous.height / 2, text, font, 7,
                          CUT_GUIDE_COLOR)
            out.append(PageSpec(previous, "blank", ops=(note,)))
        out.append(page)
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
                 warn: Callable[[str], None] | None = None) -> None:
        self.assets = assets
        self.options = options
        self.paper = resolve_paper(options.paper, assets.presets)
        self.bleed = DEFAULT_BLEED if options.bleed is None else options.bleed
        game = assets.game
        self.composer = FaceComposer(assets.templates, assets.fonts, assets.icons.aspect,
                                     game.colors, game.language, self.bleed,
                                     assets.images.aspect if assets.images else None,
                                     min_font_size=game.min_font_size, warn=warn)
        self._faces: dict[tuple[str, str], Face] = {}

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

    def kit_pages(self) -> list[PageSpec]:
        """Every page of the kit, in print order."""
        pages: list[PageSpec] = []
        for section in self.assets.game.kit:
            if isinstance(section, DocumentSection):
                pages.extend(self.document_pages(section))
            else:
                components = [c for c in self.assets.game.components if c.kind in section.kinds]
                items = [c for c in components for _ in range(c.count)]
                pages.extend(self.sheet_pages(items, section))
        return duplex_order(pages, self.assets.fonts)

    def document_pages(self, section: DocumentSection) -> list[PageSpec]:
        """The pages of a document section."""
        assets = self.assets
        game = assets.game
        context = dict(assets.base_context())
        display = f"templates/{game.id}/{section.template}"
        source = assets.templates.render_file(section.template, context, display)
        style = document_style(game, section, self.assets.fonts.roles)
        layout = DocumentLayout(assets.fonts, assets.icons.aspect, game.language, style, display)
        page = Size(min(self.paper.width, self.paper.height),
                    max(self.paper.width, self.paper.height))
        return [PageSpec(page, f"{section.title} {i + 1}", ops=ops, recto=i == 0)
                for i, ops in enumerate(layout.paginate(source, page, section.title, game.name))]

    def sheet_plan(self, section: SheetSection, count: int | None = None) -> SheetPlan:
        """The imposition shared by every sheet of a section of ``count`` items (``auto``
        spaces them with full bleed when that costs no extra sheet)."""
        size = self.assets.game.kinds[section.kinds[0]].size
        margin = self.options.margin
        mode: Mode = (choose_mode(self.paper, size, self.bleed, count, margin)
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
        full = self.sheet_plan(section, len(items))
        round_items = self.assets.game.kinds[section.kinds[0]].shape == "round"
        pages = []
        for number, start in enumerate(range(0, len(items), full.per_page), start=1):
            chunk = items[start:start + full.per_page]
            plan = full.filled(len(chunk))  # no marks for empty slots, bleed towards them
            marks: tuple[Op, ...] = tuple(
                LineOp(m.x1, m.y1, m.x2, m.y2, MARK_COLOR, 0.25) for m in plan.marks)
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
                                  marks + guides, recto=True))
            if any(item.back for item in chunk):
                backs = tuple(
                    Placement(self.face(item, item.back, "back"), slot.trim.x, slot.trim.y,
                              slot.clip)
                    for item, slot in zip(chunk, plan.backs, strict=False) if item.back
                )
                pages.append(PageSpec(plan.page, f"{section.title} {number} verso", backs))
        return pages

    def tiled_pages(self, items: Sequence[Component], section: SheetSection) -> list[PageSpec]:
        """Each item on as many sheets as it needs, with overlaps, guides and tile labels."""
        size = self.assets.game.kinds[section.kinds[0]].size
        try:
            plan = plan_tiles(self.paper, size, bleed=self.bleed, margin=self.options.margin)
        except ValueError as err:
            raise OptionError(f"{section.title}: {err}") from None
        label_font = self.assets.fonts.select("body", False, True)
        pages = []
        for item in items:
            face = self.face(item, item.front, "front")
            for tile in plan.tiles:
                name = f"{item.name} — {tile.row + 1}-{tile.col + 1} ({plan.rows}×{plan.cols})"
                text = self.assets.fonts.prepare(name, label_font)
                ops: list[Op] = [LineOp(m.x1, m.y1, m.x2, m.y2, MARK_COLOR, 0.25)
                                 for m in tile.marks]
                ops += [LineOp(g.x1, g.y1, g.x2, g.y2, CUT_GUIDE_COLOR, 0.5, (3.0, 2.0))
                        for g in tile.guides]
                ops.append(TextOp(*plan.label_origin, text, label_font, TILE_LABEL_SIZE,
                                  LABEL_COLOR))
                placement = Placement(face, tile.origin[0], tile.origin[1], tile.clip)
                pages.append(PageSpec(plan.page, f"{section.title} {name}", (placement,),
                                      tuple(ops), recto=True))
        return pages
