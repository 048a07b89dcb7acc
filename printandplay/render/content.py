"""A ReportLab canvas behind a buffer of drawing operators, flushed before any canvas call.

The writer writes most operators as text into :attr:`ContentStream._out` and hands them to the
canvas in one ``addLiteral``; anything the canvas itself writes (forms, images, transparency)
must come after them. The rule is structural: the canvas is kept in a name-mangled attribute
(``__canvas``) that no subclass can reach, and :meth:`ContentStream._canvas` is the only way to
it: it flushes the pending operators first. ``tests/render/test_pdf_writer.py`` checks that no
other code of the package names the raw canvas.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Sequence
from typing import Any

from reportlab import rl_config
from reportlab.pdfbase.pdfdoc import PDFResourceDictionary, PDFStream, xObjectName
from reportlab.pdfgen.canvas import Canvas

from printandplay.render.pdf_file import DEFLATED, PackedPages

_KEPT_MAX = 2_000  # drawings whose operators are kept for the copies to come

CanvasDrawing = Callable[[Canvas], object]  # a canvas call a copy of a drawing does again


def _deflate(data: str | bytes) -> bytes:
    return zlib.compress(data.encode("utf8") if isinstance(data, str) else data)


class ContentStream:
    """Pending operators in front of a canvas: :meth:`_canvas` flushes them, then gives it."""

    def __init__(self, canvas: Canvas) -> None:
        self.__canvas = canvas  # private: reached through _canvas() only
        # the document's fonts and objects (not its content stream: safe without a flush)
        self._doc: Any = canvas._doc
        self._out: list[str] = []  # operators not yet handed to the canvas
        self._packed = PackedPages(self._doc)  # finished pages, kept small until saved
        self._canvas_calls = 0  # how often the canvas was reached (it may have written)
        self._replay_calls = 0  # … of which for a drawing a copy may do again (_draw_replayable)
        # while a drawing is written to be kept: its operators and its canvas drawings, in order
        self._recording: list[list[str] | CanvasDrawing] | None = None
        self._record_from = 0  # where its operators start in _out
        # drawings written again later: id(thing) → [thing, pieces, uses to come]
        self._kept: dict[int, list[Any]] = {}

    def _canvas(self) -> Canvas:
        """The canvas, once the operators written so far are handed to it."""
        self._canvas_calls += 1
        canvas = self.__canvas
        if self._out:
            canvas.addLiteral("\n".join(self._out))
            self._out.clear()
        return canvas

    def _draw_replayable(self, drawing: CanvasDrawing) -> None:
        """Have the canvas do ``drawing`` after the pending operators: a call whose effect
        depends on its arguments alone (placing a form, drawing an image stored once), which a
        copy of the drawing being kept does again (:meth:`_write_kept`)."""
        record = self._recording
        if record is not None:
            record.append(self._out[self._record_from:])
            record.append(drawing)
            self._record_from = 0  # (the operators are handed over below)
        drawing(self._canvas())
        self._replay_calls += 1

    def _use_form(self, name: str) -> None:
        """Draw form ``name`` here: the canvas's ``doForm`` (which also names the form in the
        page's or form's resources)."""
        self._draw_replayable(lambda canvas: canvas.doForm(name))

    def _has_kept(self, thing: object) -> bool:
        """Whether the operators of ``thing`` are kept (:meth:`_write_kept`)."""
        kept = self._kept.get(id(thing))
        return kept is not None and kept[0] is thing

    def _write_kept(self, thing: object, write: Callable[[Sequence[Any]], None],
                    ops: Sequence[Any], again: int) -> None:
        """``write(ops)``, the drawing of ``thing``; when ``thing`` is drawn ``again`` times
        later, its operators and its canvas drawings (forms, images) are kept until its last
        use and then written and done again instead: the same lines as writing the ops again.
        Kept only when writing them reached the canvas for nothing but such drawings."""
        kept = self._kept.get(id(thing))
        if kept is not None and kept[0] is thing:
            for piece in kept[1]:
                if isinstance(piece, list):
                    self._out.extend(piece)
                else:
                    self._draw_replayable(piece)
            kept[2] -= 1
            if kept[2] <= 0:
                del self._kept[id(thing)]
            return
        if again <= 0 or len(self._kept) >= _KEPT_MAX:
            write(ops)
            return
        others = self._canvas_calls - self._replay_calls
        record: list[list[str] | CanvasDrawing] = []
        self._recording, self._record_from = record, len(self._out)
        try:
            write(ops)
        finally:
            self._recording = None
        if self._canvas_calls - self._replay_calls == others:  # nothing else reached the canvas
            record.append(self._out[self._record_from:])
            self._kept[id(thing)] = [thing, record, again]

    def _compress_last_page(self) -> None:
        """Compress the page just finished now rather than at save (same bytes) and pack it
        (:class:`PackedPages`): a long document then holds little per page in memory."""
        page = self._doc.Pages.pages[-1]
        if page.stream and page.compression and not rl_config.useA85:
            self._packed.pack_last(_deflate(page.stream))
        else:
            self._packed.pack_last(None)

    def _end_form(self, name: str) -> None:
        """End a form; give it the transparency states it uses (ReportLab's form XObjects
        drop them from their resources, which viewers then report as unknown)."""
        self._canvas().endForm()
        form = self._doc.idToObject[xObjectName(name)]
        if form.stream and form.compression and not rl_config.useA85:  # compressed now
            form.Contents = PDFStream(content=_deflate(form.stream), filters=[DEFLATED])
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
