"""Drawing ops into the page or form being written: shapes and text as operators, icons as
forms defined once, images stored once."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Self

from reportlab.lib.rl_accel import escapePDF
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO, Canvas

from printandplay.model.color import RGB
from printandplay.model.icon import IconShape
from printandplay.model.ops import (
    EllipseOp,
    GroupOp,
    IconOp,
    ImageOp,
    LineOp,
    Op,
    PolygonOp,
    RectOp,
    TextOp,
)
from printandplay.model.providers import IconProvider, ImageProvider
from printandplay.render.content import ContentStream
from printandplay.render.paint import (
    KEPT_MAX,
    num,
    nums,
    paint_code,
    shape_code,
    shape_path,
)

_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}


class _ImageFile(str):
    """An image file's path that ReportLab names by ``key`` (its name in the game's images),
    not by the path: the PDF's bytes then do not depend on where the game is stored."""

    key: str

    def __new__(cls, path: Path, key: str) -> Self:
        self = super().__new__(cls, str(path))
        self.key = key
        return self

    def __str__(self) -> str:
        return f"image:{self.key}"


class OpsWriter(ContentStream):
    """Writes ops (and the icon forms they use) through the flushing canvas of its stream."""

    def __init__(self, canvas: Canvas, icons: IconProvider,
                 images: ImageProvider | None) -> None:
        super().__init__(canvas)
        self.icons = icons
        self.images = images
        self._image_forms: dict[str, str] = {}  # image name → its form
        self._rl_fonts: dict[str, Any] = {}
        self._subset_names: dict[tuple[str, int], str] = {}  # (font, subset) → its PDF name
        self._icon_forms: set[str] = set()
        self._shapes: dict[Op, str] = {}  # opaque shapes → their operators
        self._matrices: dict[tuple[float, ...], str] = {}  # a group's transform → its cm
        self._colors: dict[RGB, str] = {}  # a colour → its components as ReportLab writes them

    def _define_forms(self, ops: Sequence[Op]) -> None:
        """Define the forms of the icons and images ``ops`` use, before they are drawn (forms
        cannot be defined inside forms). (Ops are told apart by their exact class: the
        model's op classes have no subclasses.)"""
        for op in ops:
            kind = type(op)
            if kind is TextOp:  # (most ops)
                continue
            if kind is IconOp:
                self._define_icon(op.icon)  # type: ignore[union-attr]
            elif kind is ImageOp:
                self._define_image(op.image)  # type: ignore[union-attr]
            elif kind is GroupOp:
                self._define_forms(op.ops)  # type: ignore[union-attr]

    def _define_icon(self, icon_id: str) -> None:
        name = f"I-{icon_id}"
        if name in self._icon_forms:
            return
        icon = self.icons.get(icon_id)
        min_x, min_y, width, height = icon.view_box
        canvas = self._canvas()  # nothing is written between the canvas's calls below
        canvas.beginForm(name, 0, 0, width, height)
        canvas.transform(1, 0, 0, -1, -min_x, height + min_y)
        for shape in icon.shapes:
            self._draw_shape(shape)
        self._end_form(name)
        self._icon_forms.add(name)

    def _draw_shape(self, shape: IconShape) -> None:
        canvas = self._canvas()  # drawn by the canvas alone, no operators of ours
        explicit = isinstance(shape.fill, tuple) or isinstance(shape.stroke, tuple) or (
            shape.fill_opacity < 1 or shape.stroke_opacity < 1)
        if explicit:
            canvas.saveState()
        if isinstance(shape.fill, tuple):
            canvas.setFillColorRGB(*shape.fill)
        if isinstance(shape.stroke, tuple):
            canvas.setStrokeColorRGB(*shape.stroke)
        if shape.fill_opacity < 1:
            canvas.setFillAlpha(shape.fill_opacity)
        if shape.stroke_opacity < 1:
            canvas.setStrokeAlpha(shape.stroke_opacity)
        stroke = shape.stroke is not None and shape.stroke_width > 0
        if stroke:
            canvas.setLineWidth(shape.stroke_width)
            canvas.setLineCap(_CAPS[shape.line_cap])
            canvas.setLineJoin(_JOINS[shape.line_join])
        path = canvas.beginPath()
        for segment in shape.segments:
            op = segment[0]
            if op == "M":
                path.moveTo(segment[1], segment[2])
            elif op == "L":
                path.lineTo(segment[1], segment[2])
            elif op == "C":
                path.curveTo(*segment[1:])
            else:
                path.close()
        mode = FILL_EVEN_ODD if shape.fill_rule == "evenodd" else FILL_NON_ZERO
        canvas.drawPath(path, stroke=int(stroke), fill=int(shape.fill is not None), fillMode=mode)
        if explicit:
            canvas.restoreState()

    def _emit(self, ops: Sequence[Op]) -> None:
        """Write the operators drawing ``ops`` (into the page or form being drawn)."""
        out = self._out
        i, count = 0, len(ops)
        while i < count:
            op = ops[i]
            kind = type(op)  # (exact classes, as in _define_forms)
            if kind is TextOp:  # a run of text ops: one text object
                j = i + 1
                while j < count and type(ops[j]) is TextOp:
                    j += 1
                self._emit_text(ops[i:j])  # type: ignore[arg-type]
                i = j
                continue
            if isinstance(op, GroupOp):
                out.append("q")
                matrix = self._matrices.get(op.transform)
                if matrix is None:
                    matrix = f"{nums(op.transform)} cm"
                    if len(self._matrices) < KEPT_MAX:
                        self._matrices[op.transform] = matrix
                out.append(matrix)
                if op.clip is not None:
                    out.append(f"n {nums(op.clip)} re W n")
                self._emit(op.ops)
                out.append("Q")
            elif isinstance(op, (RectOp, EllipseOp, PolygonOp, LineOp)):
                code = self._shapes.get(op)
                if code is None and not isinstance(op, LineOp) and op.opacity < 1:
                    # transparent: the canvas keeps track of the states used (not cached)
                    self._paint(op.fill, op.stroke, op.stroke_width, op.dash, op.opacity)
                    out.append(shape_path(op))
                    self._unpaint(op.dash, op.opacity)
                else:
                    if code is None:
                        code = shape_code(op)
                        if len(self._shapes) < KEPT_MAX:
                            self._shapes[op] = code
                    out.append(code)
            elif isinstance(op, IconOp):
                self._emit_icon(op)
            elif isinstance(op, ImageOp):
                self._emit_image(op)
            i += 1

    def _emit_text(self, ops: Sequence[TextOp]) -> None:
        """One text object (``BT … ET``) for consecutive text ops, the colour and the font set
        only when they change. Each text is split by its TrueType font into the subsets it is
        embedded in (ReportLab's ``splitString``, which gives each new character its code in
        this document for good), each piece shown in its subset as an escaped literal."""
        out = self._out
        append = out.append
        fonts = self._rl_fonts
        names = self._subset_names  # (font, subset) → its PDF name
        doc = self._doc
        append("BT")
        color: RGB | None = None
        current_name: str | None = None  # the subset and size set last (Tf)
        current_size = 0.0
        for op in ops:
            font_name = op.font
            font = fonts.get(font_name)
            if font is None:
                font = fonts[font_name] = pdfmetrics.getFont(font_name)
            pieces = font.splitString(op.text, doc)
            if not pieces:
                continue
            if op.color != color:
                color = op.color
                append(f"{self._color(color)} rg")
            size = op.size
            append(f"1 0 0 1 {num(op.x)} {num(op.y)} Tm")
            for subset, data in pieces:
                name = names.get((font_name, subset))
                if name is None:  # a subset's name is given once, for good
                    name = names[(font_name, subset)] = font.getSubsetInternalName(subset, doc)
                if name != current_name or size != current_size:
                    current_name, current_size = name, size
                    append(f"{name} {num(size)} Tf")
                append(f"({escapePDF(data)}) Tj")
        append("ET")

    def _color(self, color: RGB) -> str:
        """``color``'s components as ReportLab writes them (kept: a few colours come back on
        every card)."""
        text = self._colors.get(color)
        if text is None:
            text = nums(color)
            if len(self._colors) < KEPT_MAX:
                self._colors[color] = text
        return text

    def _emit_icon(self, op: IconOp) -> None:
        self._define_icon(op.icon)
        view_box = self.icons.get(op.icon).view_box
        out = self._out
        if op.opacity < 1:  # transparency: ReportLab keeps track of the states used
            self._canvas().saveState()
        else:
            out.append("q")
        color = self._color(op.color)
        out.append(f"{color} rg {color} RG")
        if op.opacity < 1:
            canvas = self._canvas()
            canvas.setFillAlpha(op.opacity)
            canvas.setStrokeAlpha(op.opacity)
        out.append(f"{num(op.w / view_box[2])} 0 0 {num(op.h / view_box[3])} "
                   f"{num(op.x)} {num(op.y)} cm")
        name = f"I-{op.icon}"
        if op.opacity < 1:
            canvas = self._canvas()
            canvas.doForm(name)
            canvas.restoreState()
        else:
            self._use_form(name)
            out.append("Q")

    def _emit_image(self, op: ImageOp) -> None:
        """Place an image's form (:meth:`_define_image`) over the op's box."""
        name = self._define_image(op.image)
        self._out.append(f"q {num(op.w)} 0 0 {num(op.h)} {num(op.x)} {num(op.y)} cm")
        self._use_form(name)
        self._out.append("Q")

    def _define_image(self, image: str) -> str:
        """The form that draws ``image`` (a name of the game's images) over the unit square,
        defined on first use: the image is stored once and each use places the form."""
        name = self._image_forms.get(image)
        if name is None:
            if self.images is None:
                raise ValueError(f"image '{image}' drawn without an image library")
            file = _ImageFile(self.images.path(image), image)
            name = f"M{len(self._image_forms)}"
            canvas = self._canvas()  # nothing is written between the canvas's calls below
            canvas.beginForm(name, 0, 0, 1, 1)
            canvas.drawImage(file, 0, 0, 1, 1, mask="auto")
            self._end_form(name)
            self._image_forms[image] = name
        return name

    def _paint(self, fill: RGB | None, stroke: RGB | None, width: float,
               dash: tuple[float, ...], opacity: float) -> None:
        self._out.extend(paint_code(fill, stroke, width, dash))
        if opacity < 1:
            canvas = self._canvas()
            canvas.setFillAlpha(opacity)
            canvas.setStrokeAlpha(opacity)

    def _unpaint(self, dash: tuple[float, ...], opacity: float) -> None:
        if dash:
            self._out.append("[] 0 d")
        if opacity < 1:
            canvas = self._canvas()
            canvas.setFillAlpha(1)
            canvas.setStrokeAlpha(1)
