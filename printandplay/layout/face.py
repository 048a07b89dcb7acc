"""Composing one face of one component: a face design's boxes + data → a display list
(:class:`Face`)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from printandplay.errors import LayoutError
from printandplay.layout import debug
from printandplay.layout.board import board_box_ops
from printandplay.layout.face_geometry import (
    Transform,
    box_rect,
    check_safe_zone,
    icon_ops,
    image_ops,
    inner_size,
    is_static_box,
    line_art_near_cut,
    painted_box,
)
from printandplay.layout.face_plan import DesignPlan, FitCache, box_geometry
from printandplay.layout.fills import Bounds, Layer, layers
from printandplay.layout.icon_contrast import IconEdges, check_icons_over
from printandplay.layout.ink_saver import bleed_fill, ink_saver_colors, on_dark_panel
from printandplay.layout.legibility import DEFAULT_MIN_FONT_SIZE, check_text_over
from printandplay.model.color import RGB, ColorError, parse_color
from printandplay.model.design import Box, FaceDesign, Template
from printandplay.model.fonts import FontMetrics
from printandplay.model.game import Kind
from printandplay.model.geometry import Rect
from printandplay.model.ops import Face, GroupOp, Op
from printandplay.templating.environment import TemplateEnv
from printandplay.text.fitting import FittedText
from printandplay.text.setter import TextSetter, icon_lookalike_warnings


@dataclass
class FaceComposer:
    """Lays out faces for one game; caches what does not depend on the card."""

    templates: TemplateEnv
    metrics: FontMetrics
    icon_aspect: Callable[[str], float]
    palette: Mapping[str, str]
    language: str
    bleed: float
    image_aspect: Callable[[str], float] | None = None
    debug_boxes: bool = False  # outline every box, the trim, the bleed and the safe zone
    min_font_size: float = DEFAULT_MIN_FONT_SIZE  # points: no text may be set smaller
    ink_saver: bool = False  # --ink-saver: a layout's ink_saver variant, or pale bleed fills
    icon_edge: IconEdges | None = None  # how each icon's silhouette is painted (its contrast)
    _warned: set[tuple[Any, ...]] = field(default_factory=set)
    _checked: set[tuple[str, str]] = field(default_factory=set)
    # what does not depend on the card, per (face design's id, kind)
    _plans: dict[tuple[int, str], DesignPlan] = field(default_factory=dict)
    _colors: dict[str, RGB | None] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)  # problems that do not stop a build
    _text: TextSetter = field(init=False, repr=False)
    _fits: FitCache = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._text = TextSetter(self.metrics, self.icon_aspect, self.language)
        self._fits = FitCache(self.min_font_size, rule_tags=self.debug_boxes)

    def compose(self, design: FaceDesign, kind: Kind, context: Mapping[str, Any], what: str) -> Face:
        """The face drawn by ``design`` for one component; ``what`` names it in errors."""
        width, height = kind.size.width, kind.size.height
        ink: RGB | None = None
        if self.ink_saver:  # the designer's ink-saver version, or full-bleed fills made pale
            if design.ink_saver is None:
                ink = bleed_fill(design, what, lambda b, w: b.when is None or self._truthy(
                    b.when, context, w), lambda b, w: self._color(b.fill, context, w, None))
            design = design.ink_saver or design
        if (design.name, kind.id) not in self._checked:
            check_safe_zone(design, kind)
            self._checked.add((design.name, kind.id))
            self.warnings += [w for w in line_art_near_cut(design, kind) if w not in self.warnings]
        plan = self.plan(design, kind)
        if plan.whole is not None:  # nothing on this design varies
            return plan.whole
        ops: list[Op] = []
        shared = 0  # ops of the leading boxes that do not depend on the component
        leading = True
        hidden: set[int] = set()  # indices in design.boxes of the boxes hidden by `when`
        static: tuple[Op, ...] | None  # a box's cached ops
        panels: list[Rect] = []  # ink saver: dark fills (not bleed) drawn so far
        below: list[Layer] = []  # legibility: the layers of ops[:laid], what text lies over
        laid = 0
        for index, box in enumerate(design.boxes):
            key: Hashable = index
            box_ink = ink
            if ink is not None:
                fill = None if box.bleed else self._color(box.fill, context, what, None)
                box_ink = None if on_dark_panel(box, fill, panels, width, height) else ink
                key = (index, ink, box_ink is None)
            if key not in plan.static:
                static = plan.static[key] = () if is_static_box(box) else None  # (): the same ops on every face
            elif (static := plan.static[key]) is not None and (static or box.when is None):
                if static and index < plan.last_text:  # a text comes later: its layers too
                    if laid < len(ops):
                        below.extend(layers(ops[laid:]))
                    below.extend(plan.layers(key, static))
                    laid = len(ops) + len(static)
                ops.extend(static)
                if leading:
                    shared = len(ops)
                continue
            if static is None:
                leading = False
            box_what = what + plan.label(index)
            if box.when is not None and not self._truthy(box.when, context, box_what):
                if static is not None:
                    plan.static[key] = ()
                hidden.add(index)
                continue
            box_ops, extent = self._box_ops(box, kind, context, box_what, ink,
                                            box_ink is not None, plan.geometry(index))
            if box.text is not None or box.icon is not None:  # (an icon is seen as a text)
                below.extend(layers(ops[laid:]))
                laid = len(ops)
                self._check_text(box_ops, below, (design.name, box.name), box_what, extent)
            if static is not None:
                plan.static[key] = tuple(box_ops)
            ops.extend(box_ops)
            if leading:
                shared = len(ops)
        if self.debug_boxes:
            ops.extend(debug.face_frame(width, height, self.bleed, kind.safe_margin,
                                        kind.shape))
            for index, box in enumerate(design.boxes):
                rect = box_rect(box, width, height)
                ops.extend(debug.box_overlay(self.metrics, rect, box.name, index in hidden))
        face = Face(width, height, self.bleed, kind.shape, tuple(ops), shared)
        if leading:  # every box is static: every face of the design is this one
            plan.whole = face
        return face

    def fixed_face(self, design: FaceDesign, kind: Kind) -> Face | None:
        """What :meth:`compose` gives every component when ``design`` is known to draw one
        face whatever the component (a shared back); else ``None`` (always with ink saver)."""
        plan = None if self.ink_saver else self._plans.get((id(design), kind.id))
        return plan.whole if plan and plan.design is design and plan.kind is kind else None

    def plan(self, design: FaceDesign, kind: Kind) -> DesignPlan:
        """The caches of ``design`` on ``kind``; found by the design's identity (hashing a
        design by value costs more than composing a small face), checked to be that very
        design (kept alive by the plan, so its id cannot be reused)."""
        plan = self._plans.get((id(design), kind.id))
        if plan is None or plan.design is not design or plan.kind is not kind:
            plan = self._plans[(id(design), kind.id)] = DesignPlan(design, kind)
        return plan

    def icon_names(self, design: FaceDesign, kind: Kind, context: Mapping[str, Any], what: str,
                   prefix: str) -> Iterator[str]:
        """The names starting with ``prefix`` of the icons the face would draw (icon boxes and
        inline ``:icon:`` markup of shown boxes), without composing it: a cheap first pass."""
        for box in design.boxes:
            if box.icon is None and box.text is None:
                continue
            box_what = f"{what}, box '{box.name}' ({box.location})"
            if box.when is not None and not self._truthy(box.when, context, box_what):
                continue
            if box.icon is not None:
                icon = self._render(box.icon, context, box_what).strip()
                if icon.startswith(prefix):
                    yield icon
            if box.text is not None:
                source = self._render(box.text, context, box_what)
                if f":{prefix}" in source:
                    yield from self._text.icon_names(source, prefix)

    def _check_text(self, box_ops: list[Op], below: list[Layer], key: tuple[str, str],
                    what: str, extent: Bounds | None = None) -> None:
        """Refuse text under ``min_font_size`` or of contrast under 3:1; warn under 4.5:1
        and of icons not seen on their fill (``below``: the :func:`layers` of the ops drawn
        before the box; ``extent``: where its fitted text lies in its frame, when known)."""
        checked = self._fits.check_key(key, box_ops, below)  # the same text over the same
        if checked is None or checked not in self._fits.checked:  # layers: passed already
            warn = partial(self._warn_once, key)
            check_text_over(box_ops, below, self.metrics, self.min_font_size, what, warn,
                            extent=extent)
            check_icons_over(box_ops, below, self.icon_edge, what, warn)
            self._fits.passed(checked)

    def _warn_once(self, key: tuple[str, ...], seen: tuple[Any, ...], message: str) -> None:
        seen = (*key, *seen)
        if seen not in self._warned:
            self._warned.add(seen)
            self.warnings.append(message)

    def _truthy(self, template: Template, context: Mapping[str, Any], what: str) -> bool:
        text = self._render(template, context, what).strip().lower()
        return text not in ("", "false", "0", "none", "no")

    def _render(self, template: Template, context: Mapping[str, Any], what: str) -> str:
        if template.is_static:
            return template.source
        return self.templates.render_string(template.source, context, what)

    def _color(self, template: Template | None, context: Mapping[str, Any], what: str,
               default: RGB | None) -> RGB | None:
        if template is None:
            return default
        text = self._render(template, context, what)
        if text in self._colors:  # one tuple per colour, shared by every op
            return self._colors[text]
        try:
            color = parse_color(text, self.palette)
        except ColorError as err:
            raise LayoutError(f"{what}: {err}") from None
        self._colors[text] = color
        return color

    def _box_ops(self, box: Box, kind: Kind, context: Mapping[str, Any], what: str,
                 ink: RGB | None = None, recolor: bool = False,
                 geometry: tuple[Rect, Transform] | None = None
                 ) -> tuple[list[Op], Bounds | None]:
        """The ops of one box: its shape, then its image, icon and text in the box's frame;
        and where its fitted text lies in that frame (:attr:`FittedText.extent`), if known.
        ``ink`` (``--ink-saver`` on a layout without an ink-saver version): the face's
        full-bleed fill colour; bleed fills are then drawn pale, and with ``recolor`` (the box
        lies on no dark panel) light text, icons and strokes (drawn for that fill) take that
        colour. ``geometry``: the box's rectangle and content transform, when known."""
        if geometry is None:
            geometry = box_geometry(box, kind)
        rect, transform = geometry
        fill = self._color(box.fill, context, what, None)
        stroke = self._color(box.stroke, context, what, None)
        color = self._color(box.color, context, what, (0.0, 0.0, 0.0)) or (0.0, 0.0, 0.0)
        if ink is not None:
            fill, color, stroke = ink_saver_colors(ink, recolor, box.bleed or box.opacity < 1,
                                                   fill, color, stroke)
        ops = self._shape_ops(box, kind, rect, fill, stroke)
        if box.grid or box.track or box.die:  # a board's cells, a score track, a die's net
            ops += board_box_ops(box, rect, lambda s, w, h, b: self._fit(s, w, h, b, color, what),
                                 lambda name: self._color(Template(name), context, what, None),
                                 self.icon_aspect, stroke, color, what,
                                 lambda t: self._render(t, context, what))
        width, height = inner_size(box, rect)
        local = [*image_ops(self._name(box.image, context, what), self.image_aspect, width,
                            height, what),
                 *icon_ops(self._name(box.icon, context, what), self.icon_aspect, width, height,
                           color, box.opacity, what)]
        fitted = (None if box.die is not None  # (a die's text: its faces, drawn on its net)
                  else self._fitted_text(box, context, what, width, height, color))
        if fitted is not None:
            local += fitted.ops
        if local:
            ops.append(GroupOp(transform, tuple(local), None))
        return ops, None if fitted is None else fitted.extent

    def _shape_ops(self, box: Box, kind: Kind, rect: Rect, fill: RGB | None,
                   stroke: RGB | None) -> list[Op]:
        """The box's filled or stroked shape, grown over the bleed when the box bleeds."""
        if fill is None and stroke is None:
            return []
        return [painted_box(box, kind, rect, fill, stroke, self.bleed)]

    def _name(self, template: Template | None, context: Mapping[str, Any], what: str) -> str:
        """An image's or icon's name ('' for none)."""
        return "" if template is None else self._render(template, context, what).strip()

    def _fitted_text(self, box: Box, context: Mapping[str, Any], what: str, width: float,
                     height: float, color: RGB) -> FittedText | None:
        """The box's text, fitted to its inner ``width × height`` (None: no text)."""
        source = "" if box.text is None else self._render(box.text, context, what)
        if not source.strip():
            return None
        return self._fit(source, width, height, box, color, what)

    def _fit(self, source: str, width: float, height: float, box: Box, color: RGB,
             what: str) -> FittedText:
        style, number = self._fits.style(box, color)
        key = (source, width, height, number)
        known, fitted = self._fits.get(key)
        if not known:
            self._check_icon_names(source, what)
            fitted = self._text.fit(source, width, height, style, what)
            self._fits.put(key, fitted)
        if fitted is None:
            shown = " ".join(source.split())
            shown = shown if len(shown) <= 60 else shown[:57] + "…"
            raise LayoutError(f"{what}: text does not fit even at {style.min_size:g} pt: «{shown}»")
        return fitted

    def _check_icon_names(self, source: str, what: str) -> None:
        """Warn about ``:Name:`` lookalikes of inline icons (printed as text, not as icons)."""
        # (most texts: no lookalike without a colon)
        for warning in icon_lookalike_warnings(source, what) if ":" in source else ():
            if warning not in self.warnings:
                self.warnings.append(warning)
