"""Composing one face of one component: a face design's boxes + data → a display list
(:class:`Face`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from printandplay.errors import LayoutError
from printandplay.layout import debug
from printandplay.layout.face_geometry import (
    Transform,
    bleed_rect,
    box_rect,
    check_safe_zone,
    contain,
    is_static_box,
    placement_transform,
    shape_op,
)
from printandplay.layout.ink_saver import ink_saver_colors, on_dark_panel
from printandplay.layout.legibility import DEFAULT_MIN_FONT_SIZE, check_text
from printandplay.layout.templating import TemplateEnv
from printandplay.layout.text import TextSetter, icon_lookalike_warnings
from printandplay.layout.textfit import FittedText, TextStyle
from printandplay.model.color import RGB, ColorError, parse_color
from printandplay.model.design import Box, FaceDesign, Template
from printandplay.model.fonts import FontMetrics
from printandplay.model.game import Kind
from printandplay.model.geometry import Rect
from printandplay.model.ops import (
    Face,
    GroupOp,
    IconOp,
    ImageOp,
    Op,
)


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
    _warned: set[tuple[Any, ...]] = field(default_factory=set)
    _fits: dict[tuple[Any, ...], FittedText | None] = field(default_factory=dict)
    _checked: set[tuple[str, str]] = field(default_factory=set)
    # per (id(box), kind): (box, its ops when no template of the box varies, or None)
    _static: dict[tuple[int, str], tuple[Box, tuple[Op, ...] | None]] = field(
        default_factory=dict)
    # per (id(box), kind): (box, rectangle, transform of its content)
    _geometry: dict[tuple[int, str], tuple[Box, Rect, Transform]] = field(default_factory=dict)
    # per (id(design), kind): (design, its face) when no box of the design varies
    _whole: dict[tuple[int, str], tuple[FaceDesign, Face]] = field(default_factory=dict)
    _colors: dict[str, RGB | None] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)  # problems that do not stop a build
    _text: TextSetter = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._text = TextSetter(self.metrics, self.icon_aspect, self.language)

    def compose(self, design: FaceDesign, kind: Kind, context: Mapping[str, Any], what: str) -> Face:
        """The face drawn by ``design`` for one component; ``what`` names it in errors."""
        width, height = kind.size.width, kind.size.height
        ink: RGB | None = None
        if self.ink_saver:  # the designer's ink-saver version, or full-bleed fills made pale
            if design.ink_saver is None:
                ink = self._bleed_fill(design, context, what)
            design = design.ink_saver or design
        if (design.name, kind.id) not in self._checked:
            check_safe_zone(design, kind)
            self._checked.add((design.name, kind.id))
        whole = self._whole.get((id(design), kind.id))
        if whole is not None and whole[0] is design:  # nothing on this design varies
            return whole[1]
        ops: list[Op] = []
        shared = 0  # ops of the leading boxes that do not depend on the component
        leading = True
        hidden: set[int] = set()  # boxes whose `when` is false on this face
        panels: list[Rect] = []  # ink saver: dark fills (not bleed) drawn so far
        for box in design.boxes:
            # the cached entry holds the box: its id stays unique
            key: tuple[Any, ...] = (id(box), kind.id)
            box_ink = ink
            if ink is not None:
                fill = None if box.bleed else self._color(box.fill, context, what, None)
                box_ink = None if on_dark_panel(box, fill, panels, width, height) else ink
                key = (id(box), kind.id, ink, box_ink is None)
            static = self._static.get(key)
            if static is None:
                static = (box, () if is_static_box(box) else None)
                self._static[key] = static
            elif static[1] is not None and (static[1] or box.when is None):
                # the same ops on every face: composed once, shared
                ops.extend(static[1])
                if leading:
                    shared = len(ops)
                continue
            if static[1] is None:
                leading = False
            box_what = f"{what}, box '{box.name}' ({box.location})"
            if box.when is not None and not self._truthy(box.when, context, box_what):
                if static[1] is not None:
                    self._static[key] = (box, ())
                hidden.add(id(box))
                continue
            box_ops = self._box_ops(box, kind, context, box_what, ink, box_ink is not None)
            if box.text is not None:
                self._check_text(box_ops, ops, (design.name, box.name), box_what)
            if static[1] is not None:
                self._static[key] = (box, tuple(box_ops))
            ops.extend(box_ops)
            if leading:
                shared = len(ops)
        if self.debug_boxes:
            ops.extend(debug.face_frame(width, height, self.bleed, kind.safe_margin,
                                        kind.shape == "round"))
            for box in design.boxes:
                rect = box_rect(box, width, height)
                ops.extend(debug.box_overlay(self.metrics, rect, box.name, id(box) in hidden))
        face = Face(width, height, self.bleed, kind.shape == "round", tuple(ops), shared)
        if leading:  # every box is static: every face of the design is this one
            self._whole[(id(design), kind.id)] = (design, face)
        return face

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

    def _check_text(self, box_ops: list[Op], drawn: list[Op], key: tuple[str, str],
                    what: str) -> None:
        """Refuse text under ``min_font_size`` or of contrast under 3:1; warn under 4.5:1."""
        check_text(box_ops, drawn, self.metrics, self.min_font_size, what,
                   lambda seen, message: self._warn_once((*key, *seen), message))

    def _warn_once(self, seen: tuple[Any, ...], message: str) -> None:
        if seen not in self._warned:
            self._warned.add(seen)
            self.warnings.append(message)

    def _bleed_fill(self, design: FaceDesign, context: Mapping[str, Any], what: str) -> RGB | None:
        """The colour of the design's first full-bleed fill drawn on this face, if any."""
        for box in design.boxes:
            if box.bleed and box.fill is not None:
                box_what = f"{what}, box '{box.name}' ({box.location})"
                if box.when is None or self._truthy(box.when, context, box_what):
                    fill = self._color(box.fill, context, box_what, None)
                    if fill is not None:
                        return fill
        return None

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
                 ink: RGB | None = None, recolor: bool = False) -> list[Op]:
        """The ops of one box. ``ink`` (``--ink-saver`` on a layout without an ink-saver
        version): the face's full-bleed fill colour; bleed fills are then drawn pale, and
        with ``recolor`` (the box lies on no dark panel) light text, icons and strokes
        (drawn for that fill) take that colour."""
        key = (id(box), kind.id)
        geometry = self._geometry.get(key)
        if geometry is None:
            rect = box_rect(box, kind.size.width, kind.size.height)
            geometry = (box, rect, placement_transform(box, rect))
            self._geometry[key] = geometry
        _, rect, transform = geometry
        fill = self._color(box.fill, context, what, None)
        stroke = self._color(box.stroke, context, what, None)
        color = self._color(box.color, context, what, (0.0, 0.0, 0.0)) or (0.0, 0.0, 0.0)
        shape_rect = bleed_rect(rect, kind, self.bleed) if box.bleed else rect
        if ink is not None:
            fill, color, stroke = ink_saver_colors(ink, recolor, box.bleed, fill, color, stroke)
        ops: list[Op] = []
        if fill is not None or stroke is not None:
            ops.append(shape_op(box, shape_rect, fill, stroke))
        local: list[Op] = []
        inner_w, inner_h = (rect.h, rect.w) if box.rotate in (90, 270) else (rect.w, rect.h)
        inner_w -= 2 * box.padding
        inner_h -= 2 * box.padding
        if box.image is not None:
            image = self._render(box.image, context, what).strip()
            if image:
                try:
                    local.append(self._image_op(image, inner_w, inner_h))
                except LayoutError as err:
                    raise LayoutError(f"{what}: {err}") from None
        if box.icon is not None:
            icon = self._render(box.icon, context, what).strip()
            if icon:
                try:
                    local.append(self._icon_op(icon, inner_w, inner_h, color, box.opacity))
                except LayoutError as err:
                    raise LayoutError(f"{what}: {err}") from None
        if box.text is not None:
            source = self._render(box.text, context, what)
            if source.strip():
                fitted = self._fit(source, inner_w, inner_h, box, color, what)
                local.extend(fitted.ops)
        if local:
            ops.append(GroupOp(transform, tuple(local)))
        return ops

    def _icon_op(self, icon: str, width: float, height: float, color: RGB,
                 opacity: float) -> IconOp:
        return IconOp(icon, *contain(self.icon_aspect(icon), width, height), color, opacity)

    def _image_op(self, image: str, width: float, height: float) -> ImageOp:
        if self.image_aspect is None:
            raise LayoutError(f"image '{image}': this build has no images folder")
        return ImageOp(image, *contain(self.image_aspect(image), width, height))

    def _fit(self, source: str, width: float, height: float, box: Box, color: RGB,
             what: str) -> FittedText:
        smallest = box.min_size if box.min_size is not None else box.size
        style = TextStyle(
            role=box.font, size=box.size,
            min_size=min(box.size, max(smallest, self.min_font_size)),
            leading=box.leading, align=box.align, valign=box.valign, color=color,
            bold=box.bold, italic=box.italic, icon_scale=box.icon_scale, wrap=box.wrap,
            hyphenate=box.font != "title",
            min_tag_size=self.min_font_size,
        )
        key = (source, width, height, style)
        if len(self._fits) >= _FITS_MAX:  # bounded: memory must not grow with the cards
            self._fits.clear()
        if key in self._fits:
            fitted = self._fits[key]
        else:
            self._check_icon_names(source, what)
            fitted = self._text.fit(source, width, height, style, what)
            self._fits[key] = fitted
        if fitted is None:
            shown = " ".join(source.split())
            shown = shown if len(shown) <= 60 else shown[:57] + "…"
            raise LayoutError(
                f"{what}: text does not fit even at {style.min_size:g} pt: «{shown}»"
            )
        return fitted

    def _check_icon_names(self, source: str, what: str) -> None:
        """Warn about ``:Name:`` lookalikes of inline icons (printed as text, not as icons)."""
        for warning in icon_lookalike_warnings(source, what):
            if warning not in self.warnings:
                self.warnings.append(warning)


_FITS_MAX = 256  # fitted texts kept (the same text on several cards is fitted once)
