"""Writing a PDF with ReportLab: pages of ops, faces and icons drawn once.

Only this package imports ReportLab. A face placed several times (copies of a card, a shared
back) becomes one form XObject, drawn once and placed with ``Do``; a face placed once is drawn
straight into its page, which saves the form's dictionary and compresses better. Icons are
form XObjects, images are stored once. The drawing operators of ops are written here as text
(one text object per block of text, numbers formatted once) and handed to the canvas with
``addLiteral``; ReportLab keeps what needs its bookkeeping: fonts and their subsets, forms,
images and transparency.

The file is written to a temporary name beside the target and renamed when complete, so a
failed build never leaves a half-written PDF.
"""

from __future__ import annotations

import io
import os
import tempfile
import zlib
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Self

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfdoc import PDFName, PDFResourceDictionary, PDFStream, xObjectName
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO, PATH_OPS, Canvas
from reportlab.pdfgen.pdfgeom import bezierArc

from printandplay.errors import OptionError
from printandplay.model.color import RGB
from printandplay.model.fonts import FontMetrics
from printandplay.model.game import Size
from printandplay.model.geometry import Rect
from printandplay.model.icon import IconShape
from printandplay.model.ops import (
    EllipseOp,
    Face,
    GroupOp,
    IconOp,
    ImageOp,
    LineOp,
    Op,
    Placement,
    RectOp,
    TextOp,
)
from printandplay.model.providers import IconProvider, ImageProvider
from printandplay.render.temp_files import (
    LIVE_TEMP_FILES,
    hold_signals,
    release_signals,
    sweep_stale_temp_files,
)

_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}


def item_boxes(size: Size, placements: Sequence[Placement]
               ) -> tuple[list[float], list[float]] | None:
    """``(TrimBox, BleedBox)`` as ``[x0, y0, x1, y1]`` of a page holding one item: its trim
    (the part on this page, for a tile of a large item) and the area it prints (trim plus
    bleed, within its clip and the page); ``None`` for other pages."""
    if len(placements) != 1:
        return None
    placement = placements[0]
    face = placement.face
    b = face.bleed
    bleed = placement.clip or Rect(placement.x - b, placement.y - b, face.width + 2 * b,
                                   face.height + 2 * b)
    trim = Rect(placement.x, placement.y, face.width, face.height)
    page = Rect(0.0, 0.0, size.width, size.height)
    bleed_box = _intersect(bleed, page)
    trim_box = _intersect(trim, bleed_box)
    if bleed_box is None or trim_box is None:
        return None
    return _corners(trim_box), _corners(bleed_box)


def _intersect(a: Rect | None, b: Rect | None) -> Rect | None:
    if a is None or b is None:
        return None
    x0, y0 = max(a.x, b.x), max(a.y, b.y)
    x1, y1 = min(a.right, b.right), min(a.top, b.top)
    if x1 - x0 <= 0 or y1 - y0 <= 0:
        return None
    return Rect(x0, y0, x1 - x0, y1 - y0)


def _corners(rect: Rect) -> list[float]:
    return [round(v, 3) for v in (rect.x, rect.y, rect.right, rect.top)]


class _Deflated:
    """A stream filter for content compressed already (as ReportLab's own filter would)."""

    pdfname = "FlateDecode"

    def encode(self, data: bytes) -> bytes:
        return data


_DEFLATED = _Deflated()


def _deflate(data: str | bytes) -> bytes:
    return zlib.compress(data.encode("utf8") if isinstance(data, str) else data)


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


class PdfWriter:
    """One PDF being written: :meth:`announce` the faces to place (optional), call :meth:`page`
    for each page, then :meth:`save`."""

    def __init__(self, target: Path | io.BytesIO, fonts: FontMetrics, icons: IconProvider, *,
                 title: str, subject: str = "", images: ImageProvider | None = None) -> None:
        rl_config.useA85 = 0
        self.target = target
        self.temp: Path | None = None
        output: str | io.BytesIO
        if isinstance(target, io.BytesIO):  # in memory (rasterising faces)
            output = target
        else:
            masked = hold_signals()  # Ctrl-C or SIGTERM wait until the temp file is ours
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
                sweep_stale_temp_files(target)
                handle, temp = tempfile.mkstemp(prefix=f".{target.name}.{os.getpid()}.",
                                                suffix=".tmp", dir=target.parent)
            except OSError as error:
                release_signals(masked)
                raise OptionError(f"cannot write in {target.parent}: {error.strerror}") from None
            except BaseException:
                release_signals(masked)
                raise
            self.temp = Path(temp)
            LIVE_TEMP_FILES.add(self.temp)
            try:  # a failure (or SIGTERM) from here on must not leave the temporary file behind
                release_signals(masked)  # a signal that came meanwhile is handled here
                os.close(handle)
                umask = os.umask(0)
                os.umask(umask)
                os.chmod(self.temp, 0o666 & ~umask)
            except BaseException:
                self.discard()
                raise
            output = str(self.temp)
        try:
            initial = fonts.select("body", False, False)
            self.canvas = Canvas(output, invariant=1, pageCompression=1,
                                 initialFontName=initial, initialFontSize=10)
            self.canvas.setTitle(title)
            self.canvas.setSubject(subject)
            self.canvas.setAuthor("printandplay")
            self.canvas.setCreator("printandplay")
            self.fonts = fonts
            self.icons = icons
            self.images = images
            self._image_files: dict[str, _ImageFile] = {}
            self._out: list[str] = []  # operators not yet handed to the canvas
            self._rl_fonts: dict[str, Any] = {}
            self._announced: dict[int, tuple[Face, int]] = {}  # id(face) → (face, placements)
            # faces drawn as forms: id(face) → [face, form name, placements to come (-1: unknown)]
            self._faces: dict[int, list[Any]] = {}
            self._forms = 0  # form names given
            self._statics: dict[tuple[Op, ...], str] = {}  # shared leading ops → their form
            self._static_ids: dict[tuple[int, int], tuple[Op, str]] = {}  # (id(first op), n) → …
            self._icon_forms: set[str] = set()
            self._shapes: dict[Op, str] = {}  # opaque shapes → their operators
            self.pages = 0
            self._outline = False
        except BaseException:
            self.discard()
            raise

    def announce(self, faces: Iterable[Face]) -> None:
        """The faces about to be placed, one per placement, for placements that do not say
        how often their face is used: a face placed once is then drawn in its page; one placed
        more often (or not announced) becomes a form drawn once."""
        announced = self._announced
        for face in faces:
            known = announced.get(id(face))
            announced[id(face)] = (face, known[1] + 1 if known else 1)

    def print_preferences(self, flip: str | None) -> None:
        """Ask viewers to print at actual size (``PrintScaling /None``) and duplex, turning the
        sheet on its ``flip`` edge (``long`` or ``short``; ``None``: single-sided)."""
        canvas = self.canvas
        canvas.setViewerPreference("PrintScaling", PDFName("None"))
        edge = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge"}.get(
            flip or "", "Simplex")
        canvas.setViewerPreference("Duplex", PDFName(edge))

    def page(self, size: Size, ops: Sequence[Op] = (), placements: Sequence[Placement] = (),
             trim: Rect | None = None, *, label: str | None = None,
             bookmark: str | None = None) -> None:
        """Draw one page: placed faces first, then the page's own ops (marks, text).

        ``label`` is the page's label in viewers (PDF page labels); ``bookmark`` opens an
        entry of the outline on this page. A page that holds one item gets its ``TrimBox``
        (the item's trim) and ``BleedBox`` (what it prints around it); ``trim`` sets the
        ``TrimBox`` explicitly, with the whole page as the ``BleedBox`` (a print shop's file of
        one face with its bleed).

        The page's content is compressed as soon as it is complete, so that a long document
        keeps only compressed pages until :meth:`save`."""
        canvas = self.canvas
        drawn = [self._prepare(placement) for placement in placements]
        self._define_icons(ops)
        canvas.setPageSize((size.width, size.height))
        out = self._out
        for placement, (name, static, shared) in zip(placements, drawn, strict=True):
            face = placement.face
            clip = placement.clip
            if clip is None and name is None:  # drawn here: clip it as its form would be
                b = face.bleed
                clip = Rect(placement.x - b, placement.y - b, face.width + 2 * b,
                            face.height + 2 * b)
            out.append("q")
            if clip is not None:
                out.append(f"n {_nums(clip.as_tuple())} re W n")
            out.append(f"1 0 0 1 {_num(placement.x)} {_num(placement.y)} cm")
            if name is None:
                if static is not None:
                    self._flush()
                    canvas.doForm(static)
                self._emit(face.ops[shared:] if shared else face.ops)
            else:
                self._flush()
                canvas.doForm(name)
            out.append("Q")
        self._emit(ops)
        self._flush()
        if label:
            canvas.addPageLabel(self.pages, prefix=label)
        if bookmark:
            key = f"S{self.pages}"
            canvas.bookmarkPage(key)
            canvas.addOutlineEntry(bookmark, key, level=0)
            if not self._outline:
                canvas.showOutline()
            self._outline = True
        if trim is not None:  # exact: a print shop's file is the face and its bleed
            boxes: tuple[list[float], list[float]] | None = (
                [trim.x, trim.y, trim.right, trim.top], [0.0, 0.0, size.width, size.height])
        else:
            boxes = item_boxes(size, placements)
        canvas.setTrimBox(boxes[0] if boxes else None)
        canvas.setBleedBox(boxes[1] if boxes else None)
        canvas.showPage()
        self._compress_last_page()
        self.pages += 1

    def _prepare(self, placement: Placement) -> tuple[str | None, str | None, int]:
        """Define what a placement needs before the page is drawn: the face's form (or its
        icons when it is drawn in the page) and the form of its shared leading ops.

        Returns the face's form name (None: drawn in the page), the shared ops' form name and
        how many leading ops that form draws."""
        face = placement.face
        entry = self._faces.get(id(face))
        if entry is not None:  # a form already: one placement less to come
            if entry[2] > 0:
                entry[2] -= 1
                if entry[2] == 0:
                    del self._faces[id(face)]
            return entry[1], None, 0
        static = self._define_static(face)
        shared = face.shared if static is not None else 0
        uses = placement.uses
        if uses <= 0:
            known = self._announced.get(id(face))
            uses = known[1] if known is not None else 0
        if 0 < uses < FORM_MIN_USES or (static is not None and shared == len(face.ops)):
            # placed a few times only, or nothing but the shared form: drawn in the page
            self._define_icons(face.ops[shared:])
            return None, static, shared
        name = self._define_face(face, static, shared)
        # placed again later: remember the form until its last placement (or for good)
        self._faces[id(face)] = [face, name, uses - 1 if uses > 1 else -1]
        return name, None, 0

    def save(self) -> Path:
        """Finish the PDF and move it into place."""
        if not isinstance(self.target, Path) or self.temp is None:
            raise TypeError("save() writes a file; use save_bytes() for an in-memory PDF")
        try:
            self.canvas.save()
            os.replace(self.temp, self.target)
        except OSError as error:
            raise OptionError(f"cannot write {self.target}: {error.strerror}") from None
        finally:
            self.discard()
        return self.target

    def save_bytes(self) -> bytes:
        """Finish an in-memory PDF and return its bytes."""
        if not isinstance(self.target, io.BytesIO):
            raise TypeError("save_bytes() is for a PdfWriter made on a BytesIO")
        self.canvas.save()
        return self.target.getvalue()

    def discard(self) -> None:
        """Remove the temporary file (after a failure)."""
        if self.temp is not None:
            self.temp.unlink(missing_ok=True)
            LIVE_TEMP_FILES.discard(self.temp)

    def _flush(self) -> None:
        """Hand the operators written so far to the canvas (before any canvas call)."""
        if self._out:
            self.canvas.addLiteral("\n".join(self._out))
            self._out.clear()

    def _define_face(self, face: Face, static: str | None, shared: int) -> str:
        """A form drawing ``face`` (its shared leading ops through their own form)."""
        name = f"F{self._forms}"
        self._forms += 1
        rest = face.ops[shared:]
        self._define_icons(rest)
        self._flush()
        b = face.bleed
        self.canvas.beginForm(name, -b, -b, face.width + b, face.height + b)
        if static is not None:
            self.canvas.doForm(static)
        self._emit(rest)
        self._flush()
        self._end_form(name)
        return name

    def _define_static(self, face: Face) -> str | None:
        """The form of a face's shared leading ops (one per layout), defined on first use."""
        shared = face.shared
        if shared <= 0:
            return None
        ops = face.ops
        fast = (id(ops[0]), shared)
        known = self._static_ids.get(fast)
        if known is not None and known[0] is ops[0]:
            return known[1]
        prefix = ops[:shared]
        name = self._statics.get(prefix)
        if name is None:
            name = f"S{len(self._statics)}"
            self._define_icons(prefix)
            self._flush()
            b = face.bleed
            self.canvas.beginForm(name, -b, -b, face.width + b, face.height + b)
            self._emit(prefix)
            self._flush()
            self._end_form(name)
            self._statics[prefix] = name
        if len(self._static_ids) < _SHAPES_MAX:
            self._static_ids[fast] = (ops[0], name)
        return name

    def _compress_last_page(self) -> None:
        """Compress the page just finished now rather than at :meth:`save` (same bytes): a
        document then holds only compressed pages in memory."""
        page = self.canvas._doc.Pages.pages[-1]
        if page.stream and page.compression and not rl_config.useA85:
            page.Contents = PDFStream(content=_deflate(page.stream), filters=[_DEFLATED])
            page.Contents.__Comment__ = "page stream"
            page.stream = None

    def _define_icons(self, ops: Sequence[Op]) -> None:
        """Define the forms of the icons ``ops`` use (forms cannot be defined inside forms)."""
        for op in ops:
            if isinstance(op, IconOp):
                self._define_icon(op.icon)
            elif isinstance(op, GroupOp):
                self._define_icons(op.ops)

    def _define_icon(self, icon_id: str) -> None:
        name = f"I-{icon_id}"
        if name in self._icon_forms:
            return
        icon = self.icons.get(icon_id)
        min_x, min_y, width, height = icon.view_box
        canvas = self.canvas
        self._flush()
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
        if form.stream and form.compression and not rl_config.useA85:  # compressed now
            form.Contents = PDFStream(content=_deflate(form.stream), filters=[_DEFLATED])
            form.Contents.__Comment__ = "xobject form stream"
            form.compression = 0
            form.stream = None
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

    def _emit(self, ops: Sequence[Op]) -> None:
        """Write the operators drawing ``ops`` (into the page or form being drawn)."""
        out = self._out
        i, count = 0, len(ops)
        while i < count:
            op = ops[i]
            if isinstance(op, TextOp):  # a run of text ops: one text object
                j = i + 1
                while j < count and isinstance(ops[j], TextOp):
                    j += 1
                self._emit_text(ops[i:j])  # type: ignore[arg-type]
                i = j
                continue
            if isinstance(op, GroupOp):
                out.append("q")
                out.append(f"{_nums(op.transform)} cm")
                if op.clip is not None:
                    out.append(f"n {_nums(op.clip)} re W n")
                self._emit(op.ops)
                out.append("Q")
            elif isinstance(op, (RectOp, EllipseOp, LineOp)):
                code = self._shapes.get(op)
                if code is None and not isinstance(op, LineOp) and op.opacity < 1:
                    # transparent: the canvas keeps track of the states used (not cached)
                    self._paint(op.fill, op.stroke, op.stroke_width, op.dash, op.opacity)
                    out.append(_shape_path(op))
                    self._unpaint(op.dash, op.opacity)
                else:
                    if code is None:
                        code = _shape_code(op)
                        if len(self._shapes) < _SHAPES_MAX:
                            self._shapes[op] = code
                    out.append(code)
            elif isinstance(op, IconOp):
                self._emit_icon(op)
            elif isinstance(op, ImageOp):
                self._flush()
                self.canvas.drawImage(self._image_file(op.image), op.x, op.y, op.w, op.h,
                                      mask="auto")
            i += 1

    def _emit_text(self, ops: Sequence[TextOp]) -> None:
        """One text object (``BT … ET``) for consecutive text ops, setting the colour and the
        font only when they change."""
        out = self._out
        doc = self.canvas._doc
        out.append("BT")
        color: tuple[float, float, float] | None = None
        current: tuple[str, float] | None = None
        for op in ops:
            font = self._rl_fonts.get(op.font)
            if font is None:
                font = self._rl_fonts[op.font] = pdfmetrics.getFont(op.font)
            chunks = font.splitString(op.text, doc)
            if not chunks:
                continue
            if op.color != color:
                color = op.color
                out.append(f"{_nums(color)} rg")
            out.append(f"1 0 0 1 {_num(op.x)} {_num(op.y)} Tm")
            for subset, data in chunks:
                name = font.getSubsetInternalName(subset, doc)
                if (name, op.size) != current:
                    current = (name, op.size)
                    out.append(f"{name} {_num(op.size)} Tf")
                out.append(f"({data.decode('latin-1').translate(_ESCAPES)}) Tj")
        out.append("ET")

    def _emit_icon(self, op: IconOp) -> None:
        self._define_icon(op.icon)
        view_box = self.icons.get(op.icon).view_box
        canvas = self.canvas
        out = self._out
        if op.opacity < 1:  # transparency: ReportLab keeps track of the states used
            self._flush()
            canvas.saveState()
        else:
            out.append("q")
        out.append(f"{_nums(op.color)} rg {_nums(op.color)} RG")
        if op.opacity < 1:
            self._flush()
            canvas.setFillAlpha(op.opacity)
            canvas.setStrokeAlpha(op.opacity)
        out.append(f"{_num(op.w / view_box[2])} 0 0 {_num(op.h / view_box[3])} "
                   f"{_num(op.x)} {_num(op.y)} cm")
        self._flush()
        canvas.doForm(f"I-{op.icon}")
        if op.opacity < 1:
            canvas.restoreState()
        else:
            out.append("Q")

    def _image_file(self, name: str) -> _ImageFile:
        file = self._image_files.get(name)
        if file is None:
            if self.images is None:
                raise ValueError(f"image '{name}' drawn without an image library")
            file = _ImageFile(self.images.path(name), name)
            self._image_files[name] = file
        return file

    def _paint(self, fill: RGB | None, stroke: RGB | None, width: float,
               dash: tuple[float, ...], opacity: float) -> None:
        self._out.extend(_paint_code(fill, stroke, width, dash))
        if opacity < 1:
            self._flush()
            self.canvas.setFillAlpha(opacity)
            self.canvas.setStrokeAlpha(opacity)

    def _unpaint(self, dash: tuple[float, ...], opacity: float) -> None:
        if dash:
            self._out.append("[] 0 d")
        if opacity < 1:
            self._flush()
            self.canvas.setFillAlpha(1)
            self.canvas.setStrokeAlpha(1)


_SHAPES_MAX = 20_000
# A face placed at least this often becomes a form. A form costs ~1 KB (its dictionary, and
# its content compressed alone), a face drawn again in a page costs far less once compressed
# (copies are mostly on the same page, whose repeats deflate compresses well).
FORM_MIN_USES = 6


def _paint_code(fill: RGB | None, stroke: RGB | None, width: float,
                dash: tuple[float, ...]) -> list[str]:
    code = []
    if fill is not None:
        code.append(f"{_nums(fill)} rg")
    if stroke is not None:
        code.append(f"{_nums(stroke)} RG {_num(width)} w")
    if dash:
        code.append(f"[{_nums(dash)}] 0 d")
    return code


def _shape_path(op: RectOp | EllipseOp | LineOp) -> str:
    """The path of a shape and the operator that paints it."""
    if isinstance(op, LineOp):
        return f"n {_num(op.x1)} {_num(op.y1)} m {_num(op.x2)} {_num(op.y2)} l S"
    if isinstance(op, EllipseOp):
        path = _ellipse_path(op.x, op.y, op.w, op.h)
    elif op.radius > 0:
        path = _round_rect_path(op.x, op.y, op.w, op.h, op.radius)
    else:
        path = f"n {_nums((op.x, op.y, op.w, op.h))} re"
    return f"{path} {PATH_OPS[int(op.stroke is not None), int(op.fill is not None), FILL_EVEN_ODD]}"


def _shape_code(op: RectOp | EllipseOp | LineOp) -> str:
    """The operators of an opaque shape: colours, line width, dashes, path."""
    if isinstance(op, LineOp):
        code = _paint_code(None, op.color, op.width, op.dash)
    else:
        code = _paint_code(op.fill, op.stroke, op.stroke_width, op.dash)
    code.append(_shape_path(op))
    if op.dash:
        code.append("[] 0 d")
    return "\n".join(code)


# Numbers as ReportLab writes them (about 6 significant digits), each value formatted once.
_NUMBERS: dict[float, str] = {}
_NUMBERS_MAX = 20_000


def _num(value: float) -> str:
    text = _NUMBERS.get(value)
    if text is None:
        text = fp_str(value)
        if len(_NUMBERS) >= _NUMBERS_MAX:
            _NUMBERS.clear()
        _NUMBERS[value] = text
    return text


def _nums(values: Iterable[float]) -> str:
    return " ".join(map(_num, values))


# Bytes of a string literal ``( … )``: printable ASCII as is, the rest in octal.
_ESCAPES = {code: f"\\{code:03o}" for code in (*range(32), *range(127, 256))}
_ESCAPES.update({ord("\\"): "\\\\", ord("("): "\\(", ord(")"): "\\)"})

_ROUND = 0.4472  # ReportLab's control-point factor for the quarter circles of round corners


def _round_rect_path(x: float, y: float, w: float, h: float, radius: float) -> str:
    """The path of ReportLab's ``roundRect`` (same points)."""
    xlo, xhi = min(x, x + w), max(x, x + w)
    ylo, yhi = min(y, y + h), max(y, y + h)
    r, t = radius, _ROUND * radius
    n = _num
    return (f"n {n(xlo + r)} {n(ylo)} m {n(xhi - r)} {n(ylo)} l "
            f"{n(xhi - t)} {n(ylo)} {n(xhi)} {n(ylo + t)} {n(xhi)} {n(ylo + r)} c "
            f"{n(xhi)} {n(yhi - r)} l "
            f"{n(xhi)} {n(yhi - t)} {n(xhi - t)} {n(yhi)} {n(xhi - r)} {n(yhi)} c "
            f"{n(xlo + r)} {n(yhi)} l "
            f"{n(xlo + t)} {n(yhi)} {n(xlo)} {n(yhi - t)} {n(xlo)} {n(yhi - r)} c "
            f"{n(xlo)} {n(ylo + r)} l "
            f"{n(xlo)} {n(ylo + t)} {n(xlo + t)} {n(ylo)} {n(xlo + r)} {n(ylo)} c h")


def _ellipse_path(x: float, y: float, w: float, h: float) -> str:
    """The path of ReportLab's ``ellipse`` (same Bézier arcs)."""
    curves = bezierArc(x, y, x + w, y + h, 0, 360)
    parts = [f"n {_num(curves[0][0])} {_num(curves[0][1])} m"]
    parts.extend(f"{_nums(curve[2:])} c" for curve in curves)
    return " ".join(parts)
