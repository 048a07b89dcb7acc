"""Drawing ops into the page or form being written: shapes and text as operators, icons as
forms defined once, images stored once."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO, PATH_OPS

from printandplay.data.files import read_bytes
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
from printandplay.render.pdf_document import PdfDocument
from printandplay.render.pdf_fonts import EmbeddedFont
from printandplay.render.pdf_images import ORIENTATIONS

_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}


class OpsWriter(ContentStream):
    """Writes ops into the content stream being written (and the icon forms and images they
    use into the document)."""

    def __init__(self, doc: PdfDocument, icons: IconProvider,
                 images: ImageProvider | None) -> None:
        super().__init__(doc)
        self.icons = icons
        self.images = images
        self._embedded: dict[str, EmbeddedFont] = {}  # font name → its embedding
        self._icon_forms: dict[str, int] = {}  # icon → its form
        self._images: dict[str, tuple[int, int]] = {}  # image → its XObject, orientation
        self._shapes: dict[Op, str] = {}  # opaque shapes → their operators
        self._matrices: dict[tuple[float, ...], str] = {}  # a group's transform → its cm
        self._colors: dict[RGB, str] = {}  # a colour → its components as operands

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

    def _define_icon(self, icon_id: str) -> int:
        """The form drawing icon ``icon_id`` over its view box, defined on first use."""
        number = self._icon_forms.get(icon_id)
        if number is not None:
            return number
        icon = self.icons.get(icon_id)
        min_x, min_y, width, height = icon.view_box
        self._begin_form((0, 0, width, height))
        self._out.append(f"1 0 0 -1 {num(-min_x)} {num(height + min_y)} cm")
        for shape in icon.shapes:
            self._draw_shape(shape)
        number = self._icon_forms[icon_id] = self._end_form()
        return number

    def _draw_shape(self, shape: IconShape) -> None:
        """The operators of one shape of an icon (a colour of its own, or the one set before
        the icon is drawn)."""
        out = self._out
        explicit = isinstance(shape.fill, tuple) or isinstance(shape.stroke, tuple) or (
            shape.fill_opacity < 1 or shape.stroke_opacity < 1)
        if explicit:
            out.append("q")
        if isinstance(shape.fill, tuple):
            out.append(f"{nums(shape.fill)} rg")
        if isinstance(shape.stroke, tuple):
            out.append(f"{nums(shape.stroke)} RG")
        if shape.fill_opacity < 1 or shape.stroke_opacity < 1:
            self._use_state(shape.fill_opacity, shape.stroke_opacity)
        stroke = shape.stroke is not None and shape.stroke_width > 0
        if stroke:
            out.append(f"{num(shape.stroke_width)} w {_CAPS[shape.line_cap]} J "
                       f"{_JOINS[shape.line_join]} j")
        path = []
        for segment in shape.segments:
            kind = segment[0]
            if kind == "M":
                path.append(f"{num(segment[1])} {num(segment[2])} m")
            elif kind == "L":
                path.append(f"{num(segment[1])} {num(segment[2])} l")
            elif kind == "C":
                path.append(f"{nums(segment[1:])} c")
            else:
                path.append("h")
        mode = FILL_EVEN_ODD if shape.fill_rule == "evenodd" else FILL_NON_ZERO
        path.append(PATH_OPS[int(stroke), int(shape.fill is not None), mode])
        out.append(" ".join(path))
        if explicit:
            out.append("Q")

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
                    # transparent: a state of the stream's resources (not cached)
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
        only when they change. Each text is shown in the subsets of its font its characters
        have codes in (:class:`~printandplay.render.pdf_fonts.EmbeddedFont`)."""
        out = self._out
        append = out.append
        embedded = self._embedded
        fonts = self._resources.fonts
        append("BT")
        color: RGB | None = None
        current = 0  # the subset set last (Tf), by object number
        current_size = 0.0
        for op in ops:
            font = embedded.get(op.font)
            if font is None:
                font = embedded[op.font] = self._doc.font(op.font)
            pieces = font.pieces(op.text)
            if not pieces:
                continue
            if op.color != color:
                color = op.color
                append(f"{self._color(color)} rg")
            size = op.size
            append(f"1 0 0 1 {num(op.x)} {num(op.y)} Tm")
            for number, data in pieces:
                if number != current or size != current_size:
                    current, current_size = number, size
                    fonts.add(number)
                    append(f"/F{number} {num(size)} Tf")
                append(f"({data}) Tj")
        append("ET")

    def _color(self, color: RGB) -> str:
        """``color``'s components as operands (kept: a few colours come back on every card)."""
        text = self._colors.get(color)
        if text is None:
            text = nums(color)
            if len(self._colors) < KEPT_MAX:
                self._colors[color] = text
        return text

    def _emit_icon(self, op: IconOp) -> None:
        number = self._define_icon(op.icon)
        view_box = self.icons.get(op.icon).view_box
        out = self._out
        color = self._color(op.color)
        out.append("q")
        out.append(f"{color} rg {color} RG")
        if op.opacity < 1:
            self._use_state(op.opacity, op.opacity)
        out.append(f"{num(op.w / view_box[2])} 0 0 {num(op.h / view_box[3])} "
                   f"{num(op.x)} {num(op.y)} cm")
        self._use_form(number)
        out.append("Q")

    def _emit_image(self, op: ImageOp) -> None:
        """Draw an image (stored once: :meth:`_define_image`) over the op's box, upright."""
        number, orientation = self._define_image(op.image)
        self._out.append("q")
        self._out.append(f"{num(op.w)} 0 0 {num(op.h)} {num(op.x)} {num(op.y)} cm")
        if orientation != 1:
            self._out.append(f"{nums(ORIENTATIONS[orientation])} cm")
        self._use_form(number)
        self._out.append("Q")

    def _define_image(self, image: str) -> tuple[int, int]:
        """The image XObject of ``image`` (a name of the game's images), written on first use,
        and its orientation."""
        known = self._images.get(image)
        if known is None:
            if self.images is None:
                raise ValueError(f"image '{image}' drawn without an image library")
            data = read_bytes(self.images.path(image), image)
            known = self._images[image] = self._doc.add_image(data)
        return known

    def _paint(self, fill: RGB | None, stroke: RGB | None, width: float,
               dash: tuple[float, ...], opacity: float) -> None:
        self._out.extend(paint_code(fill, stroke, width, dash))
        if opacity < 1:
            self._use_state(opacity, opacity)

    def _unpaint(self, dash: tuple[float, ...], opacity: float) -> None:
        if dash:
            self._out.append("[] 0 d")
        if opacity < 1:
            self._use_state(1, 1)
