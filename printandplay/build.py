"""Building a game's kit: load everything, plan the pages in print order, write the PDF.

Orchestration only: the geometry is in :mod:`printandplay.layout`, the drawing in
:mod:`printandplay.render`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printandplay.data.fonts_loader import load_fonts
from printandplay.data.game_loader import load_game
from printandplay.data.icons import IconLibrary
from printandplay.data.images import ImageLibrary
from printandplay.data.layout_loader import load_layouts
from printandplay.data.presets import Presets, load_presets, resolve_paper
from printandplay.errors import CheckFailed, LayoutError, OptionError
from printandplay.layout.colors import parse_color
from printandplay.layout.document import DocStyle, DocumentLayout
from printandplay.layout.face import FaceComposer
from printandplay.layout.imposition import (
    Flip,
    Mode,
    SheetPlan,
    choose_mode,
    fits_on,
    plan_sheet,
    plan_tiles,
)
from printandplay.layout.templating import Rich, TemplateEnv, wrap_rich
from printandplay.model.game import (
    Component,
    DocumentSection,
    FieldSpec,
    Game,
    SheetSection,
    Size,
)
from printandplay.model.layout import Layout
from printandplay.model.ops import EllipseOp, Face, LineOp, Op, TextOp
from printandplay.project import Resources
from printandplay.render.fonts import FontTable
from printandplay.render.pdf import PdfWriter, Placement
from printandplay.rules.composition import check_composition
from printandplay.units import MM

DEFAULT_BLEED = 3 * MM
MARK_COLOR = (0.0, 0.0, 0.0)
CUT_GUIDE_COLOR = (0.55, 0.55, 0.55)

Progress = Callable[[int, int], None]


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


@dataclass
class GameAssets:
    """Everything loaded to render one game."""

    resources: Resources
    game: Game
    layouts: dict[str, Layout]
    fonts: FontTable
    icons: IconLibrary
    templates: TemplateEnv
    presets: Presets
    images: ImageLibrary | None = None
    _context: dict[str, Any] = field(default_factory=dict)

    def base_context(self) -> dict[str, Any]:
        """Template variables shared by every face and document of the game."""
        if not self._context:
            game = self.game
            self._context.update(
                game={"id": game.id, "name": game.name, "language": game.language,
                      "players": {"min": game.players.min, "max": game.players.max},
                      "age": game.age, "duration": game.duration,
                      "description": game.description},
                tables=wrap_rich(dict(game.tables)),
                colors=dict(game.colors),
                components={kind: [component_context(c, game) for c in game.components_of(kind)]
                            for kind in game.kinds},
                count=game.count,
            )
        return self._context


def load_assets(resources: Resources, game_id: str) -> GameAssets:
    """Load a game with its layouts, fonts, icons and templates."""
    game = load_game(resources, game_id)
    folders = resources.templates_folders(game_id)
    layouts: dict[str, Layout] = {}
    for folder in reversed(folders):
        path = folder / "layouts.yaml"
        if path.is_file():
            layouts.update(load_layouts(path, resources.display(path)))
    fonts_file = resources.fonts_file()
    fonts = FontTable(load_fonts(fonts_file, resources.display(fonts_file)))
    icons = IconLibrary(folders, resources.display)
    assets = GameAssets(resources, game, layouts, fonts, icons, TemplateEnv(folders),
                        load_presets(), ImageLibrary(folders, resources.display))
    _check_layouts(assets)
    return assets


def _check_layouts(assets: GameAssets) -> None:
    known = assets.layouts
    for component in assets.game.components:
        for name in (component.front, component.back):
            if name is not None and name not in known:
                raise LayoutError(
                    f"{component.location}: {component.kind} '{component.id}' uses layout "
                    f"'{name}', which no templates/{assets.game.id}/layouts.yaml defines"
                )


def component_context(component: Component, game: Game) -> dict[str, Any]:
    """The ``card`` variable of templates: id, name, count, kind and every field."""
    kind = game.kinds[component.kind]
    card: dict[str, Any] = {"id": component.id, "name": component.name,
                            "count": component.count, "kind": component.kind}
    for spec in kind.fields:
        card[spec.name] = _rich_values(spec, component.values.get(spec.name))
    return card


def _rich_values(spec: FieldSpec, value: Any) -> Any:
    """Mark the values of ``rich`` fields (also inside lists and maps) as markup."""
    if value is None:
        return None
    if spec.type == "rich":
        return Rich(value)
    if spec.item is not None and spec.type == "list":
        return [_rich_values(spec.item, v) for v in value]
    if spec.item is not None and spec.type == "map":
        return {k: _rich_values(spec.item, v) for k, v in value.items()}
    return value


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
        size = self.assets.game.kinds[section.kinds[0]].size
        if not fits_on(self.paper, size):
            return self.tiled_pages(items, section)
        plan = self.sheet_plan(section)
        marks: tuple[Op, ...] = tuple(
            LineOp(m.x1, m.y1, m.x2, m.y2, MARK_COLOR, 0.25) for m in plan.marks)
        round_items = self.assets.game.kinds[section.kinds[0]].shape == "round"
        pages = []
        for number, start in enumerate(range(0, len(items), plan.per_page), start=1):
            chunk = items[start:start + plan.per_page]
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
        plan = plan_tiles(self.paper, size, bleed=self.bleed)
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
                ops.append(TextOp(tile.clip.x, 4.2 * MM, text, label_font, 6, CUT_GUIDE_COLOR))
                placement = Placement(face, tile.origin[0], tile.origin[1], tile.clip)
                pages.append(PageSpec(plan.page, f"{section.title} {name}", (placement,),
                                      tuple(ops), recto=True))
        return pages


def output_path(game_id: str, options: BuildOptions, stem: str | None = None) -> Path:
    """Where a PDF goes: ``build/<game>/<stem>-<paper>.pdf`` unless ``--out`` says otherwise."""
    folder = options.out_dir if options.out_dir is not None else Path("build") / game_id
    return folder / f"{stem or game_id}-{options.paper}.pdf"


def write_pages(assets: GameAssets, pages: Sequence[PageSpec], target: Path, title: str,
                progress: Progress | None = None) -> Path:
    """Write pages to ``target`` atomically."""
    writer = PdfWriter(target, assets.fonts, assets.icons, title=title, subject=assets.game.name,
                       images=assets.images)
    writer.announce(placement.face for page in pages for placement in page.placements)
    try:
        for index, page in enumerate(pages, start=1):
            writer.page(page.size, page.ops, page.placements)
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
    return write_pages(assets, pages, target, f"{assets.game.name} — kit", progress)


def deck_items(game: Game, entries: Sequence[tuple[str, int]]) -> list[Component]:
    """The components to print for ``(card id, copies)`` pairs, one per copy, in order."""
    return [game.component(card_id) for card_id, count in entries for _ in range(count)]


def build_deck(resources: Resources, game_id: str, entries: Sequence[tuple[str, int]],
               stem: str, options: BuildOptions, progress: Progress | None = None) -> Path:
    """Print exactly the given cards and copies, with their backs, ready to cut.

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
    pages = duplex_order(pages, assets.fonts)
    return write_pages(assets, pages, target, f"{assets.game.name} — {stem}", progress)
