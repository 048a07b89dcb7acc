"""The content stream being written — a page's, or a form's defined on the way — with the
resources it uses, and drawings kept to be written again.

Operators are written as text into :attr:`ContentStream._out`; a form, an image, a font
subset or a transparency state drawn is named in the stream's :class:`~printandplay.render.
pdf_document.Resources` (:meth:`ContentStream._use_form`, :meth:`ContentStream._use_state`,
the text writer for fonts). A form is defined between :meth:`ContentStream._begin_form` and
:meth:`ContentStream._end_form`, the stream being written waiting meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from printandplay.render.pdf_document import PdfDocument, Resources

_KEPT_MAX = 2_000  # drawings whose operators are kept for the copies to come


class ContentStream:
    """The operators and resources of the page or form being written in ``doc``."""

    def __init__(self, doc: PdfDocument) -> None:
        self._doc = doc
        self._out: list[str] = []  # the operators of the stream being written
        self._resources = Resources()  # … and what they use
        self._waiting: list[tuple[list[str], Resources, tuple[float, ...]]] = []  # (forms)
        self._bbox: tuple[float, ...] = ()  # the bounding box of the form being defined
        # drawings written again later: id(thing) → [thing, operators, resources, uses to come]
        self._kept: dict[int, list[Any]] = {}

    def _take_stream(self) -> tuple[bytes, Resources]:
        """The stream written so far and its resources; a new one starts."""
        content = "\n".join(self._out).encode("latin-1")
        resources = self._resources
        self._out, self._resources = [], Resources()
        return content, resources

    def _use_form(self, number: int) -> None:
        """Draw the form (or image) XObject ``number`` here."""
        self._resources.xobjects.add(number)
        self._out.append(f"/X{number} Do")

    def _use_state(self, fill: float, stroke: float) -> None:
        """Set the fill and stroke opacities."""
        number = self._doc.opacity_state(fill, stroke)
        self._resources.states.add(number)
        self._out.append(f"/G{number} gs")

    def _begin_form(self, bbox: tuple[float, ...]) -> None:
        """Start defining a form; the stream being written waits until :meth:`_end_form`."""
        self._waiting.append((self._out, self._resources, self._bbox))
        self._out, self._resources, self._bbox = [], Resources(), bbox

    def _end_form(self) -> int:
        """Write the form being defined; its object number (the waiting stream goes on)."""
        bbox = self._bbox
        content, resources = self._take_stream()
        self._out, self._resources, self._bbox = self._waiting.pop()
        return self._doc.add_form(bbox, content, resources)

    def _has_kept(self, thing: object) -> bool:
        """Whether the operators of ``thing`` are kept (:meth:`_write_kept`)."""
        kept = self._kept.get(id(thing))
        return kept is not None and kept[0] is thing

    def _write_kept(self, thing: object, write: Callable[[Sequence[Any]], None],
                    ops: Sequence[Any], again: int) -> None:
        """``write(ops)``, the drawing of ``thing``; when ``thing`` is drawn ``again`` times
        later, its operators and the resources they use are kept until its last use and
        written again instead: the same lines as writing the ops again."""
        kept = self._kept.get(id(thing))
        if kept is not None and kept[0] is thing:
            self._out.extend(kept[1])
            self._resources.update(kept[2])
            kept[3] -= 1
            if kept[3] <= 0:
                del self._kept[id(thing)]
            return
        if again <= 0 or len(self._kept) >= _KEPT_MAX:
            write(ops)
            return
        start, around = len(self._out), self._resources
        self._resources = used = Resources()
        try:
            write(ops)
        finally:
            around.update(used)
            self._resources = around
        self._kept[id(thing)] = [thing, self._out[start:], used, again]
