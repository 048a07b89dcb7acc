"""A PDF document written page by page: its pages, forms, images, fonts, transparency
states, page labels, outline, viewer preferences and information.

Each page and form is written as soon as it is complete (:class:`~printandplay.render.
pdf_objects.PdfObjects`); the document keeps only what its last objects need: each page's
object number, the fonts' codes, the labels and outline entries. :meth:`PdfDocument.close`
writes the fonts, the page tree, the catalog and the trailer.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import IO

from reportlab.pdfbase import pdfmetrics

from printandplay.render.pdf_fonts import EmbeddedFont
from printandplay.render.pdf_images import add_image
from printandplay.render.pdf_objects import PdfObjects
from printandplay.render.pdf_syntax import (
    format_array,
    format_dictionary,
    format_number,
    format_reference,
    format_text,
)


@dataclass
class Resources:
    """The named resources a page or form uses, by object number (their names are their
    numbers: ``/F12``, ``/X40``, ``/G7``)."""

    fonts: set[int] = field(default_factory=set)
    xobjects: set[int] = field(default_factory=set)
    states: set[int] = field(default_factory=set)

    def update(self, other: Resources) -> None:
        """Add ``other``'s resources to these."""
        self.fonts |= other.fonts
        self.xobjects |= other.xobjects
        self.states |= other.states

    def format(self) -> str:
        """The resource dictionary."""
        entries = {}
        for key, prefix, numbers in (("Font", "F", self.fonts), ("XObject", "X", self.xobjects),
                                     ("ExtGState", "G", self.states)):
            if numbers:
                entries[key] = format_dictionary(
                    {f"{prefix}{n}": format_reference(n) for n in sorted(numbers)})
        return format_dictionary(entries)


class PdfDocument:
    """One PDF document written to ``out``, its text in ``language`` (``Lang``: screen readers
    and search pick their rules by it)."""

    def __init__(self, out: IO[bytes], *, title: str, subject: str = "",
                 language: str = "") -> None:
        self.objects = PdfObjects(out)
        self._language = language  # the language of its text (``fr``, ``en-US``), for readers
        self._info = {"Title": format_text(title), "Subject": format_text(subject),
                     "Author": "(printandplay)", "Creator": "(printandplay)",
                     "Producer": "(printandplay)"}
        self._tree = self.objects.reserve()  # the page tree, written last
        self._pages = array("Q")  # each page's object number
        self._labels: list[tuple[int, str]] = []  # (page index, label prefix)
        self._outline: list[tuple[str, int]] = []  # (title, page object)
        self.preferences: dict[str, str] = {}  # viewer preferences, formatted
        self._fonts: dict[str, EmbeddedFont] = {}  # registered font name → as embedded
        self._states: dict[tuple[float, float], int] = {}  # (fill, stroke opacity) → state

    @property
    def page_count(self) -> int:
        """How many pages are written."""
        return len(self._pages)

    def font(self, name: str) -> EmbeddedFont:
        """The embedding of the font registered with ReportLab under ``name``."""
        font = self._fonts.get(name)
        if font is None:
            font = self._fonts[name] = EmbeddedFont(pdfmetrics.getFont(name),
                                                    self.objects.reserve)
        return font

    def add_image(self, data: bytes) -> tuple[int, int]:
        """Write the image file ``data`` as an image XObject; its number and orientation
        (:func:`~printandplay.render.pdf_images.add_image`)."""
        return add_image(self.objects, data)

    def opacity_state(self, fill: float, stroke: float) -> int:
        """The graphics state setting these fill and stroke opacities, written on first use."""
        key = (fill, stroke)
        number = self._states.get(key)
        if number is None:
            number = self._states[key] = self.objects.add(
                f"<< /Type /ExtGState /ca {format_number(fill)} /CA {format_number(stroke)} >>")
        return number

    def add_form(self, bbox: Sequence[float], content: bytes, resources: Resources) -> int:
        """Write a form XObject drawing ``content`` clipped to ``bbox``; its number."""
        return self.objects.add_stream(
            {"Type": "/XObject", "Subtype": "/Form", "BBox": format_array(bbox),
             "Resources": resources.format()}, content)

    def add_page(self, width: float, height: float, content: bytes, resources: Resources, *,
                 boxes: tuple[Sequence[float], Sequence[float]] | None = None,
                 label: str | None = None, bookmark: str | None = None) -> None:
        """Write a page drawing ``content``; ``boxes`` are its ``TrimBox`` and ``BleedBox``,
        ``label`` starts a range of pages named so in viewers, ``bookmark`` an outline entry
        opening this page."""
        stream = self.objects.add_stream({}, content)
        entries = {"Type": "/Page", "Parent": format_reference(self._tree),
                   "MediaBox": format_array((0, 0, width, height))}
        if boxes is not None:
            entries["TrimBox"] = format_array(boxes[0])
            entries["BleedBox"] = format_array(boxes[1])
        entries["Resources"] = resources.format()
        entries["Contents"] = format_reference(stream)
        number = self.objects.add(format_dictionary(entries))
        if label:
            self._labels.append((len(self._pages), label))
        if bookmark:
            self._outline.append((bookmark, number))
        self._pages.append(number)

    def close(self) -> None:
        """Write the fonts, the page tree, the outline, the catalog and the trailer."""
        objects = self.objects
        for font in self._fonts.values():
            font.write(objects)
        kids = " ".join(f"{n} 0 R" for n in self._pages)
        objects.write(self._tree, f"<< /Type /Pages /Kids [{kids}] /Count {len(self._pages)} >>")
        catalog = {"Type": "/Catalog", "Pages": format_reference(self._tree)}
        if self._language:
            catalog["Lang"] = format_text(self._language.replace("_", "-"))
        if self._labels:
            ranges = [] if self._labels[0][0] == 0 else ["0 << /S /D >>"]
            ranges += [f"{index} << /P {format_text(prefix)} >>" for index, prefix in self._labels]
            catalog["PageLabels"] = f"<< /Nums [{' '.join(ranges)}] >>"
        if self._outline:
            catalog["Outlines"] = format_reference(self._write_outline())
            catalog["PageMode"] = "/UseOutlines"
        if self.preferences:
            catalog["ViewerPreferences"] = format_dictionary(self.preferences)
        root = objects.add(format_dictionary(catalog))
        info = objects.add(format_dictionary(self._info))
        objects.close(root, info)

    def _write_outline(self) -> int:
        """The outline: one entry per bookmark, in page order; its root's number."""
        objects = self.objects
        root = objects.reserve()
        numbers = [objects.reserve() for _ in self._outline]
        for at, ((title, page), number) in enumerate(zip(self._outline, numbers, strict=True)):
            entries = {"Title": format_text(title), "Parent": format_reference(root),
                       "Dest": f"[{page} 0 R /Fit]"}
            if at:
                entries["Prev"] = format_reference(numbers[at - 1])
            if at + 1 < len(numbers):
                entries["Next"] = format_reference(numbers[at + 1])
            objects.write(number, format_dictionary(entries))
        objects.write(root, format_dictionary({
            "Type": "/Outlines", "First": format_reference(numbers[0]),
            "Last": format_reference(numbers[-1]), "Count": str(len(numbers))}))
        return root

