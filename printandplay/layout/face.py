"""Composing one face of one item: layout boxes + data → a display list (:class:`Face`)."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from printandplay.errors import LayoutError
from printandplay.layout.colors import ColorError, parse_color
from printandplay.layout.geometry import Rect
from printandplay.layout.richtext import MarkupError, parse_markup
from printandplay.layout.templating import TemplateEnv
from printandplay.layout.textfit import FittedText, FontMetrics, TextStyle, fit_text, tokenize
from printandplay.layout.typography import apply_typography
from printandplay.model.game import Kind
from printandplay.model.layout import Box, Layout, Template
from printandplay.model.ops import (
    RGB,
    EllipseOp,
    Face,
    GroupOp,
    IconOp,
    ImageOp,
    LineOp,
    Op,
    RectOp,
)

EDGE = 0.01  # points: a box edge this close to the trim edge touches it
Transform = tuple[float, float, float, float, float, float]


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
    _fits: dict[tuple[Any, ...], FittedText | None] = field(default_factory=dict)
    _checked: set[tuple[str, str]] = field(default_factory=set)
    # per (id(box), kind): (box, its ops when no template of the box varies, or None)
    _static: dict[tuple[int, str], tuple[Box, tuple[Op, ...] | None]] = field(
        default_factory=dict)
    # per (id(box), kind): (box, rectangle, transform of its content)
    _geometry: dict[tuple[int, str], tuple[Box, Rect, Transform]] = field(default_factory=dict)
    # per (id(layout), kind): (layout, its face) when no box of the layout varies
    _whole: dict[tuple[int, str], tuple[Layout, Face]] = field(default_factory=dict)
    _colors: dict[str, RGB | None] = field(default_factory=dict)
    _words: dict[tuple[str, str], Any] = field(default_factory=dict)  # measured words

    def compose(self, layout: Layout, kind: Kind, context: Mapping[str, Any], what: str) -> Face:
        """The face of ``layout`` for one item; ``what`` names it in errors."""
        width, height = kind.size.width, kind.size.height
        if (layout.name, kind.id) not in self._checked:
            check_safe_zone(layout, kind)
            self._checked.add((layout.name, kind.id))
        whole = self._whole.get((id(layout), kind.id))
        if whole is not None and whole[0] is layout:  # nothing on this layout varies
            return whole[1]
        ops: list[Op] = []
        shared = 0  # ops of the leading boxes that do not depend on the item
        leading = True
        for box in layout.boxes:
            key = (id(box), kind.id)  # the cached entry holds the box: its id stays unique
            static = self._static.get(key)
            if static is None:
                static = (box, () if _is_static(box) else None)
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
                continue
            box_ops = self._box_ops(box, kind, context, box_what)
            if static[1] is not None:
                self._static[key] = (box, tuple(box_ops))
            ops.extend(box_ops)
            if leading:
                shared = len(ops)
        face = Face(width, height, self.bleed, kind.shape == "round", tuple(ops), shared)
        if leading:  # every box is static: every face of the layout is this one
            self._whole[(id(layout), kind.id)] = (layout, face)
        return face

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

    def _box_ops(self, box: Box, kind: Kind, context: Mapping[str, Any], what: str) -> list[Op]:
        key = (id(box), kind.id)
        geometry = self._geometry.get(key)
        if geometry is None:
            rect = box_rect(box, kind.size.width, kind.size.height)
            geometry = (box, rect, _placement(box, rect))
            self._geometry[key] = geometry
        _, rect, transform = geometry
        fill = self._color(box.fill, context, what, None)
        stroke = self._color(box.stroke, context, what, None)
        color = self._color(box.color, context, what, (0.0, 0.0, 0.0)) or (0.0, 0.0, 0.0)
        shape_rect = bleed_rect(rect, kind, self.bleed) if box.bleed else rect
        ops: list[Op] = []
        if fill is not None or stroke is not None:
            ops.append(_shape_op(box, shape_rect, fill, stroke))
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
        aspect = self.icon_aspect(icon)
        w, h = (width, width / aspect) if width / aspect <= height else (height * aspect, height)
        return IconOp(icon, (width - w) / 2, (height - h) / 2, w, h, color, opacity)

    def _image_op(self, image: str, width: float, height: float) -> ImageOp:
        if self.image_aspect is None:
            raise LayoutError(f"image '{image}': this build has no images folder")
        aspect = self.image_aspect(image)
        w, h = (width, width / aspect) if width / aspect <= height else (height * aspect, height)
        return ImageOp(image, (width - w) / 2, (height - h) / 2, w, h)

    def _fit(self, source: str, width: float, height: float, box: Box, color: RGB,
             what: str) -> FittedText:
        style = TextStyle(
            role=box.font, size=box.size,
            min_size=box.min_size if box.min_size is not None else box.size,
            leading=box.leading, align=box.align, valign=box.valign, color=color,
            bold=box.bold, italic=box.italic, icon_scale=box.icon_scale, wrap=box.wrap,
        )
        key = (source, width, height, style)
        if len(self._fits) >= _FITS_MAX:  # bounded: memory must not grow with the cards
            self._fits.clear()
        if len(self._words) >= _WORDS_MAX:
            self._words.clear()
        if key in self._fits:
            fitted = self._fits[key]
        else:
            try:
                spans = parse_markup(apply_typography(source, self.language))
            except MarkupError as err:
                raise LayoutError(f"{what}: {err}") from None
            try:
                items = tokenize(spans, style, self.metrics, self.icon_aspect, self._words)
                fitted = fit_text(items, width, height, style, self.metrics)
            except LayoutError as err:
                raise LayoutError(f"{what}: {err}") from None
            self._fits[key] = fitted
        if fitted is None:
            shown = " ".join(source.split())
            shown = shown if len(shown) <= 60 else shown[:57] + "…"
            raise LayoutError(
                f"{what}: text does not fit even at {style.min_size:g} pt: «{shown}»"
            )
        return fitted


_FITS_MAX = 256  # fitted texts kept (the same text on several cards is fitted once)
_WORDS_MAX = 100_000  # measured words kept


def _is_static(box: Box) -> bool:
    """True when none of the box's templates holds Jinja: it draws the same on every face."""
    templates = (box.when, box.fill, box.stroke, box.color, box.text, box.icon, box.image)
    return all(t is None or t.is_static for t in templates)


def box_rect(box: Box, width: float, height: float) -> Rect:
    """The box's rectangle in face coordinates (y up) from its top-left YAML geometry."""
    x = box.x.resolve(width)
    y = box.y.resolve(height)
    w = box.width.resolve(width)
    h = box.height.resolve(height)
    return Rect(x, height - y - h, w, h)


def bleed_rect(rect: Rect, kind: Kind, bleed: float) -> Rect:
    """Grow ``rect`` by ``bleed`` on each side that lies on the trim edge."""
    w, h = kind.size.width, kind.size.height
    return rect.expand(
        bleed if rect.x <= EDGE else 0.0,
        bleed if rect.y <= EDGE else 0.0,
        bleed if rect.right >= w - EDGE else 0.0,
        bleed if rect.top >= h - EDGE else 0.0,
    )


DEFAULT_STROKE = 0.5  # points, when a box has a stroke colour but no stroke_width


def _shape_op(box: Box, rect: Rect, fill: RGB | None, stroke: RGB | None) -> Op:
    width = (box.stroke_width or DEFAULT_STROKE) if stroke is not None else 0.0
    if box.shape == "ellipse":
        return EllipseOp(rect.x, rect.y, rect.w, rect.h, fill, stroke, width, box.dash, box.opacity)
    if box.shape == "line":
        return LineOp(rect.x, rect.top, rect.right, rect.y, stroke or fill or (0.0, 0.0, 0.0),
                      box.stroke_width or DEFAULT_STROKE, box.dash)
    return RectOp(rect.x, rect.y, rect.w, rect.h, fill, stroke, width, box.radius, box.dash,
                  box.opacity)


def _placement(box: Box, rect: Rect) -> Transform:
    """Transform from the box's local frame (origin at its inner bottom-left) to the face."""
    p = box.padding
    if box.rotate == 90:  # clockwise
        return (0.0, -1.0, 1.0, 0.0, rect.x + p, rect.top - p)
    if box.rotate == 180:
        return (-1.0, 0.0, 0.0, -1.0, rect.right - p, rect.top - p)
    if box.rotate == 270:
        return (0.0, 1.0, -1.0, 0.0, rect.right - p, rect.y + p)
    return (1.0, 0.0, 0.0, 1.0, rect.x + p, rect.y + p)


def check_safe_zone(layout: Layout, kind: Kind) -> None:
    """Every text box of ``layout`` must lie inside the kind's safe zone."""
    width, height = kind.size.width, kind.size.height
    margin = kind.safe_margin
    safe = Rect(0, 0, width, height).inset(margin)
    for box in layout.boxes:
        if box.text is None:
            continue
        rect = box_rect(box, width, height)
        if kind.shape == "round":
            radius = min(width, height) / 2 - margin
            cx, cy = width / 2, height / 2
            inside = all(
                math.hypot(px - cx, py - cy) <= radius + 0.01
                for px, py in ((rect.x, rect.y), (rect.right, rect.y),
                               (rect.x, rect.top), (rect.right, rect.top))
            )
        else:
            inside = safe.contains(rect)
        if not inside:
            raise LayoutError(
                f"{box.location}: text box '{box.name}' of layout '{layout.name}' leaves the "
                f"safe zone of kind '{kind.id}' ({margin / (72 / 25.4):.1f} mm inside the trim)"
            )
