"""Writing a PDF: pages of ops, faces and icons drawn once.

Only this package imports ReportLab (its font files, text widths and number formatting). A
face placed several times (copies of a card, a shared back) becomes one form XObject, drawn
once and placed with ``Do``; a face placed once is drawn straight into its page, which saves
the form's dictionary and compresses better. Icons are form XObjects, images are stored once.
The drawing operators of ops are written here as text (one text object per block of text,
numbers formatted once); each page is written to the file as soon as it is complete
(:class:`~printandplay.render.pdf_document.PdfDocument`).

The file is written to a temporary name beside the target and renamed when complete, so a
failed build never leaves a half-written PDF.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import IO, Any

from printandplay.errors import OptionError
from printandplay.model.game import Size
from printandplay.model.geometry import Rect
from printandplay.model.ops import Face, Op, Placement
from printandplay.model.providers import IconProvider, ImageProvider
from printandplay.render.ops_writer import OpsWriter
from printandplay.render.paint import KEPT_MAX, num, nums, polygon_path
from printandplay.render.pdf_boxes import item_boxes
from printandplay.render.pdf_document import PdfDocument
from printandplay.render.pdf_syntax import format_name
from printandplay.render.temp_files import new_temp_file, remove_temp_file, replace_target

# A face placed at least this often becomes a form. A form costs ~1 KB (its dictionary, and
# its content compressed alone), a face drawn again in a page costs far less once compressed
# (copies are mostly on the same page, whose repeats deflate compresses well).
FORM_MIN_USES = 6


class PdfWriter(OpsWriter):
    """One PDF being written: :meth:`announce` the faces to place (optional), call :meth:`page`
    for each page, then :meth:`save`."""

    def __init__(self, target: Path | io.BytesIO, icons: IconProvider, *,
                 title: str, subject: str = "", language: str = "",
                 images: ImageProvider | None = None) -> None:
        self.target = target
        self.temp: Path | None = None
        self._file: IO[bytes] | None = None
        try:
            if isinstance(target, io.BytesIO):  # in memory (rasterising faces)
                out: IO[bytes] = target
            else:
                self.temp = new_temp_file(target)
                out = self._file = open(self.temp, "wb")  # noqa: SIM115 - closed by save()
            super().__init__(PdfDocument(out, title=title, subject=subject, language=language),
                             icons, images)
            self._announced: dict[int, tuple[Face, int]] = {}  # id(face) → (face, placements)
            # faces drawn as forms: id(face) → [face, form, placements to come (-1: unknown)]
            self._faces: dict[int, list[Any]] = {}
            self._statics: dict[tuple[Op, ...], int] = {}  # shared leading ops → their form
            self._static_ids: dict[tuple[int, int], tuple[Op, int]] = {}  # (id(first op), n) → …
        except OSError as error:
            self.discard()
            raise OptionError(f"cannot write {target}: {error.strerror}") from None
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
        edge = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge"}.get(
            flip or "", "Simplex")
        self._doc.preferences.update(PrintScaling="/None", Duplex=format_name(edge))

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
        drawn = [self._prepare(placement) for placement in placements]
        self._define_forms(ops)
        out = self._out
        for placement, (form, static, shared, again) in zip(placements, drawn, strict=True):
            face = placement.face
            clip = placement.clip
            if clip is None and form is None:  # drawn here: clip it as its form would be
                b = face.bleed
                clip = Rect(placement.x - b, placement.y - b, face.width + 2 * b,
                            face.height + 2 * b)
            out.append("q")
            if clip is not None:
                out.append(f"n {nums(clip.as_tuple())} re W n")
            if placement.outline is not None:  # (a nested tile: its bleed ends at its own)
                out.append(f"{polygon_path(placement.outline)} W n")
            out.append(f"1 0 0 1 {num(placement.x)} {num(placement.y)} cm")
            if form is None:
                if static is not None:
                    self._use_form(static)
                # (copies to come keep the operators: ContentStream._write_kept)
                self._write_kept(face, self._emit, face.ops[shared:] if shared else face.ops,
                                 again)
            else:
                self._use_form(form)
            out.append("Q")
        self._emit(ops)
        if trim is not None:  # exact: a print shop's file is the face and its bleed
            boxes: tuple[list[float], list[float]] | None = (
                [trim.x, trim.y, trim.right, trim.top], [0.0, 0.0, size.width, size.height])
        else:
            boxes = item_boxes(size, placements)
        content, resources = self._take_stream()
        self._doc.add_page(size.width, size.height, content, resources, boxes=boxes,
                           label=label, bookmark=bookmark)

    def _prepare(self, placement: Placement) -> tuple[int | None, int | None, int, int]:
        """Define what a placement needs before the page is drawn: the face's form (or its
        icons when it is drawn in the page) and the form of its shared leading ops.

        Returns the face's form (None: drawn in the page), the shared ops' form,
        how many leading ops that form draws, and (drawn in the page) how many placements
        of the face come after this one."""
        face = placement.face
        entry = self._faces.get(id(face))
        if entry is not None:  # a form already: one placement less to come
            if entry[2] > 0:
                entry[2] -= 1
                if entry[2] == 0:
                    del self._faces[id(face)]
            return entry[1], None, 0, 0
        static = self._define_static(face)
        shared = face.shared if static is not None else 0
        uses = placement.uses
        if uses <= 0:
            known = self._announced.get(id(face))
            uses = known[1] if known is not None else 0
        if 0 < uses < FORM_MIN_USES or (static is not None and shared == len(face.ops)):
            # placed a few times only, or nothing but the shared form: drawn in the page
            if not self._has_kept(face):  # (drawn before: its icons are defined)
                self._define_forms(face.ops[shared:])
            return None, static, shared, uses - 1
        name = self._define_face(face, static, shared)
        # placed again later: remember the form until its last placement (or for good)
        self._faces[id(face)] = [face, name, uses - 1 if uses > 1 else -1]
        return name, None, 0, 0

    def save(self) -> Path:
        """Finish the PDF and move it into place."""
        if not isinstance(self.target, Path) or self.temp is None or self._file is None:
            raise TypeError("save() writes a file; use save_bytes() for an in-memory PDF")
        try:
            self._doc.close()
            self._file.close()
            replace_target(self.temp, self.target)
        except OSError as error:
            raise OptionError(f"cannot write {self.target}: {error.strerror}") from None
        finally:
            self.discard()
        return self.target

    def save_bytes(self) -> bytes:
        """Finish an in-memory PDF and return its bytes."""
        if not isinstance(self.target, io.BytesIO):
            raise TypeError("save_bytes() is for a PdfWriter made on a BytesIO")
        self._doc.close()
        return self.target.getvalue()

    def discard(self) -> None:
        """Close and remove the temporary file (after a failure)."""
        if self._file is not None:
            self._file.close()
        if self.temp is not None:
            remove_temp_file(self.temp)

    def _define_face(self, face: Face, static: int | None, shared: int) -> int:
        """A form drawing ``face`` (its shared leading ops through their own form)."""
        rest = face.ops[shared:]
        self._define_forms(rest)
        self._begin_face_form(face)
        if static is not None:
            self._use_form(static)
        self._emit(rest)
        return self._end_form()

    def _define_static(self, face: Face) -> int | None:
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
        number = self._statics.get(prefix)
        if number is None:
            self._define_forms(prefix)
            self._begin_face_form(face)
            self._emit(prefix)
            number = self._statics[prefix] = self._end_form()
        if len(self._static_ids) < KEPT_MAX:
            self._static_ids[fast] = (ops[0], number)
        return number

    def _begin_face_form(self, face: Face) -> None:
        """Start a form of a face's size, its bleed included."""
        b = face.bleed
        self._begin_form((-b, -b, face.width + b, face.height + b))
