"""The faces of one build: composed once per component and layout (through the watch cache when
there is one), placed on pages, and forgotten after their last expected placement."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from printandplay.data.icons import IconLibrary
from printandplay.data.stock_icons import PREFIX
from printandplay.errors import LayoutError
from printandplay.layout.face import FaceComposer
from printandplay.layout.fills import Edges, edge_fills
from printandplay.model.design import FaceDesign, Template
from printandplay.model.game import Component, Kind, SheetSection
from printandplay.model.geometry import Rect
from printandplay.model.ops import Face, GroupOp, IconOp, Op, Placement
from printandplay.model.shapes import Shape
from printandplay.planning.face_cache import FaceCache, design_sources, freeze, globals_read
from printandplay.planning.print_job import PrintJob
from printandplay.templating.contexts import CardContexts, component_context
from printandplay.templating.reach import may_print
from printandplay.units import MM

EDGE_REACH = 1 * MM  # how far either side of a cut line an edge's colour is read

# The stock-icon reader reads every card's ``card`` variable once per template: up to this
# many components, their contexts are made once per build and kept for all the templates (a
# kit of ~100 cards read by ~40 templates made ~4,000 contexts); above it, each time they are
# read, so that a game's cards are not all held at once.
KEEP_CARD_CONTEXTS = 5_000


def use_icons(icons: IconLibrary, ops: Sequence[Op]) -> None:
    """Look up the icons drawn by cached ops, so that the stock icons among them are credited
    as when they were composed."""
    for op in ops:
        if isinstance(op, IconOp):
            icons.get(op.icon)
        elif isinstance(op, GroupOp):
            use_icons(icons, op.ops)


def back_layout(item: Component, section: SheetSection | None) -> str | None:
    """The layout of ``item``'s back as ``section`` prints it (the section's back, when it
    names one, else the item's own)."""
    return section.back_of(item) if section is not None else item.back


class FacePlacer:
    """Composes, places and forgets the faces of one build."""

    def __init__(self, job: PrintJob, cache: FaceCache | None = None) -> None:
        self.job = job
        self.assets = job.assets
        self.cache = cache
        self.used: set[Hashable] = set()  # cache keys of the faces this build placed
        self._design_globals: dict[str, Hashable] = {}
        self._tokens: dict[tuple[str, str, Shape], tuple[int, bool]] = {}
        # per face design (by name, the design kept): whether it may draw a stock icon
        self._stock_designs: dict[str, tuple[FaceDesign, bool]] = {}
        self._variables: dict[str, Sequence[Any]] | None = None  # what templates may read
        game, options = job.game, job.options
        assets = self.assets
        self.composer = FaceComposer(assets.templates, assets.fonts, assets.icons.aspect,
                                     game.colors, game.language, job.bleed,
                                     assets.images.aspect if assets.images else None,
                                     debug_boxes=options.debug_boxes,
                                     min_font_size=game.min_font_size,
                                     ink_saver=options.ink_saver,
                                     icon_edge=assets.icons.edges)
        self._faces: dict[tuple[str, ...], Face] = {}
        # while pages stream: placements of a face still to come, and in all (copies)
        self._pending: Counter[tuple[str, str]] = Counter()
        self._uses: Counter[tuple[str, str]] = Counter()
        self._edges: dict[tuple[str, ...], Edges] = {}  # the colours along faces' edges
        self._turned_kinds: dict[tuple[str, Shape], Kind] = {}  # a kind on a back's outline

    @property
    def held(self) -> int:
        """How many composed faces are kept, waiting for a placement."""
        return len(self._faces)

    def face(self, component: Component, layout_name: str, side: str,
             shape: Shape | None = None) -> Face:
        """The face of a component drawn with a layout (cached: copies share it); ``shape``:
        drawn on that outline rather than its kind's (a back seen through a turned sheet)."""
        key: tuple[str, ...] = (component.id, layout_name)
        if shape is not None:
            key = (*key, "mirrored")
        kind = self.assets.game.kinds[component.kind]
        if shape is not None:  # one kind per outline: the composer keeps its plan per kind
            kind = self._turned_kinds.setdefault((kind.id, shape), replace(kind, shape=shape))
        face = self._faces.get(key)
        if face is None and self.cache is None:  # a face that never varies (a shared back)
            face = self.composer.fixed_face(self.assets.designs[layout_name], kind)
            if face is not None:
                self._faces[key] = face
        if face is None:
            game = self.assets.game
            card = component_context(component, game)
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
                use_icons(self.assets.icons, face.ops)
            self._faces[key] = face
        return face

    def edge_fills(self, component: Component, layout_name: str, side: str) -> Edges:
        """The colours along the trim edges of a face (:func:`~printandplay.layout.fills.
        edge_fills`), remembered; the face is not kept: one composed only to be measured is
        composed again when placed. When the layout draws the same along the edges of every
        face (:meth:`~printandplay.layout.face_plan.DesignPlan.same_edges`), the edges of its first
        face are those of all: one face is composed for them, not one per component."""
        key = (component.id, layout_name)
        composer = self.composer  # (--ink-saver and --debug-boxes draw per face near the edges)
        shared = not (composer.ink_saver or composer.debug_boxes) and composer.plan(
            self.assets.designs[layout_name], self.assets.game.kinds[component.kind]
        ).same_edges(EDGE_REACH)
        edges_key: tuple[str, ...] = ("", layout_name, component.kind) if shared else key
        fills = self._edges.get(edges_key)
        if fills is None:
            face = self._faces.get(key)
            if face is None:  # (its warnings, given once, are those of its placement)
                face = self.face(component, layout_name, side)
                self._faces.pop(key, None)
            corner = face.shape.contains_point(Rect(0, 0, face.width, face.height),
                                               EDGE_REACH / 4, EDGE_REACH / 4)
            fills = self._edges[edges_key] = edge_fills(face.ops, face.width, face.height,
                                                        EDGE_REACH, whole=corner)
        return fills

    def edges_differ(self, items: Sequence[Component], section: SheetSection) -> bool:
        """Whether abutting ``items`` could put edges of different colours (or of no one
        colour) on one cut line, on the fronts or on the backs as ``section`` prints them."""
        fronts: set[object] = set()
        backs: set[object] = set()
        seen: set[str] = set()
        for item in items:
            if item.id in seen:
                continue
            seen.add(item.id)
            fronts.update(self.edge_fills(item, item.front, "front"))
            if item.back:
                backs.update(self.edge_fills(item, str(back_layout(item, section)), "back"))
            if None in fronts or None in backs or len(fronts) > 1 or len(backs) > 1:
                return True
        return False

    def back_face(self, item: Component, section: SheetSection) -> Face:
        """The back of ``item`` as printed in ``section``: the section's back when it names
        one (the back of the deck the section prints), else the item's own."""
        assert item.back is not None
        return self.face(item, str(back_layout(item, section)), "back")

    def expect(self, items: Iterable[Component], section: SheetSection | None = None,
               back: bool = True, times: int = 1) -> None:
        """Count the placements to come of the items' faces (``times`` each); their backs as
        ``section`` prints them (:meth:`back_face`)."""
        for item in items:
            back_name = back_layout(item, section) if back and item.back else None
            for layout in (item.front, back_name):
                if layout:
                    self._pending[(item.id, layout)] += times
                    self._uses[(item.id, layout)] += times

    def place(self, item: Component, layout: str, side: str, x: float, y: float,
              clip: Rect | None, shape: Shape | None = None) -> Placement:
        """Place an item's face (on ``shape`` rather than its kind's, when given); a face is
        forgotten after its last expected placement, so memory does not grow with the number
        of cards."""
        key = (item.id, layout)
        placement = Placement(self.face(item, layout, side, shape), x, y, clip, self._uses[key])
        left = self._pending[key] - 1
        if left > 0:
            self._pending[key] = left
        elif key in self._pending:
            del self._pending[key]
            del self._uses[key]
            self._faces.pop(key, None)
            self._faces.pop((*key, "mirrored"), None)
        return placement

    def place_back(self, item: Component, section: SheetSection, x: float, y: float,
                   clip: Rect | None, shape: Shape | None = None) -> Placement:
        """Place the back of ``item`` as ``section`` prints it (:meth:`back_face`), on
        ``shape`` when the turned sheet shows its outline otherwise (a triangle's)."""
        return self.place(item, str(back_layout(item, section)), "back", x, y, clip, shape)

    def scan_stock_icons(self, components: Iterable[Component]) -> None:
        """Note the stock icons the faces of ``components`` draw, without composing them
        (templates of icon and text boxes rendered; nothing fitted, nothing kept)."""
        icons = self.assets.icons
        for component in components:
            for name, side in ((component.front, "front"), (component.back, "back")):
                if not name:
                    continue
                design = self.assets.designs[name]
                if self.composer.ink_saver and design.ink_saver is not None:
                    design = design.ink_saver  # what composing draws under --ink-saver
                if not self._may_draw_stock(design):
                    continue  # no card can make its templates print a stock icon
                kind = self.assets.game.kinds[component.kind]
                card = component_context(component, self.assets.game)
                if self.cache is not None:
                    token, reads_card = self._design_token(design, kind)
                    cached = self.cache.faces.get((token, freeze(card) if reads_card else None))
                    if cached is not None:
                        use_icons(icons, cached.ops)
                        continue
                context = dict(self.assets.base_context())
                context["card"] = card
                what = f"{component.location}: {component.kind} '{component.id}' ({side})"
                for icon in self.composer.icon_names(design, kind, context, what, PREFIX):
                    try:
                        icons.get(icon)
                    except LayoutError:
                        pass  # composing the face says so, naming the card and the box

    def _may_draw_stock(self, design: FaceDesign) -> bool:
        """Whether a face of ``design`` may draw a stock icon, for some card of the game: an
        icon box whose template may print the stock prefix, or a text box whose template may
        print an inline stock icon (``:gi-…``). Read from the templates' parse trees over
        every value the game gives them (:func:`may_print`); ``True`` when in doubt."""
        known = self._stock_designs.get(design.name)
        if known is None or known[0] is not design:
            known = (design, any(
                self._may_print(template, text)
                for box in design.boxes
                for template, text in ((box.icon, PREFIX), (box.text, f":{PREFIX}"))
                if template is not None))
            self._stock_designs[design.name] = known
        return known[1]

    def _may_print(self, template: Template, text: str) -> bool:
        if template.is_static:
            return text in template.source
        if self._variables is None:
            game = self.assets.game
            variables: dict[str, Sequence[Any]] = {
                name: (value,) for name, value in self.assets.base_context().items()}
            cards = CardContexts(game)
            variables["card"] = (tuple(cards) if len(cards) <= KEEP_CARD_CONTEXTS
                                 else cards)
            self._variables = variables
        return may_print(self.assets.templates.parse, template.source, self._variables, text)

    def _design_token(self, design: FaceDesign, kind: Kind) -> tuple[int, bool]:
        """The cache's token for a face design drawn on a kind with this build's game-wide values,
        and whether its templates read the card (a shared back does not)."""
        assert self.cache is not None
        key = (design.name, kind.id, kind.shape)  # (a back on a mirrored outline differs)
        known = self._tokens.get(key)
        if known is None:
            options = self.job.options
            token = self.cache.token((design, kind, self._globals_of(design), self.job.bleed,
                                      options.debug_boxes, options.ink_saver))
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

