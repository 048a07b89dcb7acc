"""Writing a PDF with ReportLab: pages of ops, faces and icons drawn once as form XObjects.

Only this package imports ReportLab. The file is written to a temporary name beside the target
and renamed when complete, so a failed build never leaves a half-written PDF.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab import rl_config
from reportlab.pdfbase.pdfdoc import PDFResourceDictionary, xObjectName
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO, Canvas

from printandplay.data.icons import IconLibrary
from printandplay.layout.geometry import Rect
from printandplay.model.game import Size
from printandplay.model.icon import Icon, IconShape
from printandplay.model.ops import (
    EllipseOp,
    Face,
    GroupOp,
    IconOp,
    LineOp,
    Op,
    RectOp,
    TextOp,
)
from printandplay.render.fonts import FontTable

_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}


@dataclass(frozen=True)
class Placement:
    """A face placed on a page at ``(x, y)`` (its trim's bottom-left), clipped to ``clip``."""

    face: Face
    x: float
    y: float
    clip: Rect | None


class PdfWriter:
    """One PDF being written; call :meth:`page` for each page, then :meth:`save`."""

    def __init__(self, target: Path, fonts: FontTable, icons: IconLibrary, *,
                 title: str, subject: str = "") -> None:
        rl_config.useA85 = 0
        self.target = target
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                        dir=target.parent)
        os.close(handle)
        self.temp = Path(temp)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(self.temp, 0o666 & ~umask)
        initial = fonts.select("body", False, False)
        self.canvas = Canvas(str(self.temp), invariant=1, pageCompression=1,
                             initialFontName=initial, initialFontSize=10)
        self.canvas.setTitle(title)
        self.canvas.setSubject(subject)
        self.canvas.setAuthor("printandplay")
        self.canvas.setCreator("printandplay")
        self.fonts = fonts
        self.icons = icons
        self._faces: dict[Face, str] = {}
        self._icon_forms: set[str] = set()
        self.pages = 0

    def page(self, size: Size, ops: Sequence[Op] = (), placements: Sequence[Placement] = ()) -> None:
        """Draw one page: placed faces first, then the page's own ops (marks, text)."""
        canvas = self.canvas
        for placement in placements:
            self._define_face(placement.face)
        canvas.setPageSize((size.width, size.height))
        for placement in placements:
            name = self._faces[placement.face]
            canvas.saveState()
            if placement.clip is not None:
                clip = canvas.beginPath()
                clip.rect(*placement.clip.as_tuple())
                canvas.clipPath(clip, stroke=0, fill=0)
            canvas.translate(placement.x, placement.y)
            canvas.doForm(name)
            canvas.restoreState()
        self._draw_ops(ops)
        canvas.showPage()
        self.pages += 1

    def save(self) -> Path:
        """Finish the PDF and move it into place."""
        try:
            self.canvas.save()
            os.replace(self.temp, self.target)
        finally:
            self.discard()
        return self.target

    def discard(self) -> None:
        """Remove the temporary file (after a failure)."""
        if self.temp.exists():
            self.temp.unlink()

    def _define_face(self, face: Face) -> None:
        if face in self._faces:
            return
        name = f"F{len(self._faces)}"
        for op in _walk(face.ops):
            if isinstance(op, IconOp):
                self._define_icon(op.icon)
        b = face.bleed
        self.canvas.beginForm(name, -b, -b, face.width + b, face.height + b)
        self._draw_ops(face.ops)
        self._end_form(name)
        self._faces[face] = name

    def _define_icon(self, icon_id: str) -> None:
        name = f"I-{icon_id}"
        if name in self._icon_forms:
            return
        icon = self.icons.get(icon_id)
        min_x, min_y, width, height = icon.view_box
        canvas = self.canvas
        canvas.beginForm(name, 0, 0, width, height)
        canvas.transform(1, 0, 0, -1, -min_x, height + min_y)
        for shape in icon.shapes:
            self._draw_shape(shape)
        self._end_form(name)
        self._icon_forms.add(name)

    def _end_form(self, name: str) -> None:
        """End a form; give it the transparency states it uses (ReportLab's form XObjects
        drop them from their resources, which viewers then report as unknown)."""
        self.canvas.endForm()
        form = self.canvas._doc.idToObject[xObjectName(name)]
        if getattr(form, "ExtGState", None):
            resources = PDFResourceDictionary()
            resources.basicFonts()
            resources.allProcs()
            if form.XObjects:
                resources.XObject = form.XObjects
            resources.ExtGState = form.ExtGState
            form.Resources = resources

    def _draw_shape(self, shape: IconShape) -> None:
        canvas = self.canvas
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

    def _draw_ops(self, ops: Sequence[Op]) -> None:
        canvas = self.canvas
        for op in ops:
            if isinstance(op, TextOp):
                canvas.setFillColorRGB(*op.color)
                canvas.setFont(op.font, op.size)
                canvas.drawString(op.x, op.y, op.text)
            elif isinstance(op, RectOp):
                self._paint(op.fill, op.stroke, op.stroke_width, op.dash, op.opacity)
                if op.radius > 0:
                    canvas.roundRect(op.x, op.y, op.w, op.h, op.radius,
                                     stroke=int(op.stroke is not None), fill=int(op.fill is not None))
                else:
                    canvas.rect(op.x, op.y, op.w, op.h, stroke=int(op.stroke is not None),
                                fill=int(op.fill is not None))
                self._unpaint(op.dash, op.opacity)
            elif isinstance(op, EllipseOp):
                self._paint(op.fill, op.stroke, op.stroke_width, op.dash, op.opacity)
                canvas.ellipse(op.x, op.y, op.x + op.w, op.y + op.h,
                               stroke=int(op.stroke is not None), fill=int(op.fill is not None))
                self._unpaint(op.dash, op.opacity)
            elif isinstance(op, LineOp):
                self._paint(None, op.color, op.width, op.dash, 1.0)
                canvas.line(op.x1, op.y1, op.x2, op.y2)
                self._unpaint(op.dash, 1.0)
            elif isinstance(op, IconOp):
                self._define_icon(op.icon)
                icon = self.icons.get(op.icon)
                canvas.saveState()
                canvas.setFillColorRGB(*op.color)
                canvas.setStrokeColorRGB(*op.color)
                if op.opacity < 1:
                    canvas.setFillAlpha(op.opacity)
                    canvas.setStrokeAlpha(op.opacity)
                canvas.transform(op.w / icon.view_box[2], 0, 0, op.h / icon.view_box[3],
                                 op.x, op.y)
                canvas.doForm(f"I-{op.icon}")
                canvas.restoreState()
            elif isinstance(op, GroupOp):
                canvas.saveState()
                canvas.transform(*op.transform)
                if op.clip is not None:
                    clip = canvas.beginPath()
                    clip.rect(*op.clip)
                    canvas.clipPath(clip, stroke=0, fill=0)
                self._draw_ops(op.ops)
                canvas.restoreState()

    def _paint(self, fill: tuple[float, float, float] | None,
               stroke: tuple[float, float, float] | None, width: float,
               dash: tuple[float, ...], opacity: float) -> None:
        canvas = self.canvas
        if fill is not None:
            canvas.setFillColorRGB(*fill)
        if stroke is not None:
            canvas.setStrokeColorRGB(*stroke)
            canvas.setLineWidth(width)
        if dash:
            canvas.setDash(list(dash))
        if opacity < 1:
            canvas.setFillAlpha(opacity)
            canvas.setStrokeAlpha(opacity)

    def _unpaint(self, dash: tuple[float, ...], opacity: float) -> None:
        if dash:
            self.canvas.setDash([])
        if opacity < 1:
            self.canvas.setFillAlpha(1)
            self.canvas.setStrokeAlpha(1)


def _walk(ops: Sequence[Op]) -> list[Op]:
    out: list[Op] = []
    for op in ops:
        out.append(op)
        if isinstance(op, GroupOp):
            out.extend(_walk(op.ops))
    return out


def icon_of(library: IconLibrary, icon_id: str) -> Icon:
    """The icon ``icon_id`` from ``library`` (helper for tests)."""
    return library.get(icon_id)
