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
        self._pending_forms: list[str] = []  # forms the pending operators use (_use_form)
        self._forms_used: list[str] | None = None  # forms named by _use_form, when recording
        # drawings written again later: id(thing) → [thing, operators, forms, uses to come]
        self._kept: dict[int, list[Any]] = {}

    def _canvas(self) -> Canvas:
        """The canvas, once the operators written so far (and the forms they use) are
        handed to it."""
        self._canvas_calls += 1
        canvas = self.__canvas
        if self._out:
            canvas.addLiteral("\n".join(self._out))
            self._out.clear()
        if self._pending_forms:
            canvas._formsinuse.extend(self._pending_forms)  # noqa: SLF001 - what doForm records
            self._pending_forms.clear()
        return canvas

    def _use_form(self, name: str) -> None:
        """Note that the pending operators use form ``name`` (the page's or form's
        resources), as the canvas's ``doForm`` and ``drawImage`` record it; it is handed to
        the canvas with them, in the same order. The operators drawing it are the caller's."""
        self._pending_forms.append(name)
        if self._forms_used is not None:
            self._forms_used.append(name)

    def _has_kept(self, thing: object) -> bool:
        """Whether the operators of ``thing`` are kept (:meth:`_write_kept`)."""
        kept = self._kept.get(id(thing))
        return kept is not None and kept[0] is thing

    def _write_kept(self, thing: object, write: Callable[[Sequence[Any]], None],
                    ops: Sequence[Any], again: int) -> None:
        """``write(ops)``, the drawing of ``thing``; when ``thing`` is drawn ``again`` times
        later, its operators and the forms they name are kept until its last use and then
        appended instead: the same lines as writing the ops again. Kept only when writing
        them reached nothing but the pending operators (no canvas call)."""
        kept = self._kept.get(id(thing))
        if kept is not None and kept[0] is thing:
            self._out.extend(kept[1])
            self._pending_forms.extend(kept[2])
            kept[3] -= 1
            if kept[3] <= 0:
                del self._kept[id(thing)]
            return
        if again <= 0 or len(self._kept) >= _KEPT_MAX:
            write(ops)
            return
        out = self._out
        start, calls = len(out), self._canvas_calls
        forms: list[str] = []
        self._forms_used = forms
        try:
            write(ops)
        finally:
            self._forms_used = None
        if self._canvas_calls == calls:  # only pending operators written: kept
            self._kept[id(thing)] = [thing, out[start:], forms, again]

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
