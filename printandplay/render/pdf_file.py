"""Keeping a long ReportLab document small until it is saved, and saving it as a stream.

ReportLab keeps every finished page until ``save()`` — its dictionary, the objects it refers
to and its content stream — and ``save()`` then formats the whole file in memory before
writing it. For a kit of thousands of pages that is most of a build's memory. Here:

- :class:`PackedPages` replaces each finished page by a :class:`_PackedPage`: the page's
  attributes pickled (pages laid out alike share one copy) and its compressed content stream
  moved to an anonymous temporary file. When the document is formatted, the packed page
  rebuilds ReportLab's own page object and formats it, so the bytes are ReportLab's.
- :func:`write_document` is ReportLab's ``save()`` with each object written to the output
  as soon as it is formatted instead of gathered into one string.

The PDF is byte-identical to what ReportLab's ``save()`` writes (``tests/render`` compares
them).
"""

from __future__ import annotations

import os
import pickle
import tempfile
from array import array
from typing import IO, Any

from reportlab import rl_config
from reportlab.pdfbase.pdfdoc import (
    NoEncryption,
    PDFFile,
    PDFIndirectObject,
    PDFObject,
    PDFPage,
    PDFStream,
    PDFTrailer,
)
from reportlab.pdfgen.canvas import Canvas


class _Deflated:
    """A stream filter for content compressed already (as ReportLab's own filter would)."""

    pdfname = "FlateDecode"

    def encode(self, data: bytes) -> bytes:
        return data


DEFLATED = _Deflated()


class _SpilledStream(PDFObject):
    """A page's compressed content stream, read back from the spill file only while it is
    written (formats as the :class:`PDFStream` it was)."""

    __RefOnly__ = 1
    __Comment__ = "page stream"

    def __init__(self, spill: _Spill, offset: int, length: int) -> None:
        self.spill = spill
        self.offset = offset
        self.length = length

    def format(self, document: Any) -> bytes:
        content = self.spill.read(self.offset, self.length)
        plain = type(document.encrypt) is NoEncryption  # (encrypted: the content changes)
        around = self.spill.dictionary
        if plain and around is not None:  # the dictionary ReportLab formats, but its length
            return b"%s%d%s%sendstream\n" % (around[0], len(content), around[1], content)
        stream = PDFStream(content=content, filters=[DEFLATED])
        formatted: bytes = stream.format(document)
        if plain:  # keep the dictionary around the length, when it is where it is expected
            key = b"/Length %d" % len(content)
            end = formatted.find(b"\nstream\n") + len(b"\nstream\n")
            at = formatted.find(key, 0, end)
            after = at + len(key)
            if at >= 0 and formatted.find(key, after, end) < 0 and \
                    not formatted[after:after + 1].isdigit() and \
                    formatted[end:] == content + b"endstream\n":
                self.spill.dictionary = (formatted[:at + len(b"/Length ")],
                                         formatted[after:end])
        return formatted


class _Spill:
    """An anonymous temporary file of content streams (removed when closed or on exit)."""

    def __init__(self) -> None:
        self.file: IO[bytes] | None = None
        self.size = 0
        # the formatted dictionary of a stream, before and after its length (the same for
        # every stream of the file: known once one was formatted by ReportLab)
        self.dictionary: tuple[bytes, bytes] | None = None

    def write(self, data: bytes) -> tuple[int, int]:
        if self.file is None:
            self.file = tempfile.TemporaryFile(prefix="printandplay-pages-")
        offset = self.size
        self.file.write(data)
        self.size += len(data)
        return offset, len(data)

    def read(self, offset: int, length: int) -> bytes:
        assert self.file is not None
        self.file.flush()
        return os.pread(self.file.fileno(), length, offset)

    def close(self) -> None:
        if self.file is not None:
            self.file.close()
            self.file = None


class _PackedPage(PDFObject):
    """A finished page kept small: formats as the :class:`PDFPage` it replaces.

    Pages packed alike (one ``attributes`` blob) format alike but for the reference to their
    content stream: the first one is formatted by ReportLab, and when formatting it registered
    no object but its content stream, its bytes are kept (``formats``, shared by the pages of
    one document) and the next ones are those bytes with their own stream's reference."""

    __RefOnly__ = 1
    __Comment__ = PDFPage.__Comment__
    __slots__ = ("__InternalName__", "attributes", "contents", "formats")

    def __init__(self, name: str, attributes: bytes, contents: _SpilledStream | None,
                 formats: dict[bytes, tuple[bytes, bytes]] | None = None) -> None:
        setattr(self, "__InternalName__", name)  # noqa: B010 - ReportLab's registration name
        self.attributes = attributes
        self.contents = contents
        self.formats = formats

    def format(self, document: Any) -> bytes:
        contents, formats = self.contents, self.formats
        reuse = contents is not None and formats is not None and \
            type(document.encrypt) is NoEncryption  # (encryption: strings per object)
        if reuse:
            assert formats is not None
            known = formats.get(self.attributes)
            if known is not None:  # registered as PDFPage.format() registers it, first
                reference: bytes = document.Reference(contents).format(document)
                return known[0] + reference + known[1]
        page = PDFPage()
        page.__dict__.update(pickle.loads(self.attributes))  # noqa: S301 - our own bytes
        if contents is not None:
            page.Contents = contents
        registered = len(document.numberToId)
        formatted: bytes = page.format(document)
        if reuse and len(document.numberToId) == registered + 1:  # the stream alone
            assert formats is not None
            reference = document.Reference(contents).format(document)
            key = b"/Contents " + reference
            at = formatted.find(key)
            if at >= 0 and formatted.find(key, at + 1) < 0:
                at += len(b"/Contents ")
                formats[self.attributes] = (formatted[:at], formatted[at + len(reference):])
        return formatted


class PackedPages:
    """Packs the pages of one ReportLab document as they are finished."""

    def __init__(self, doc: Any) -> None:
        self.doc = doc
        self.spill = _Spill()
        self._shared: dict[bytes, bytes] = {}  # page attributes → one copy of them
        self._formats: dict[bytes, tuple[bytes, bytes]] = {}  # → a page's bytes, but its stream

    def pack_last(self, content: bytes | None) -> None:
        """Replace the page just finished by a packed one; ``content`` is its content stream,
        compressed already (None: keep the page's own ``Contents``/``stream``)."""
        doc = self.doc
        page = doc.Pages.pages[-1]
        name = page.__InternalName__
        attributes = dict(vars(page))
        if attributes.get("Annots") or type(page) is not PDFPage:
            return  # links hold objects of their own: kept as ReportLab made them
        del attributes["__InternalName__"]
        contents = None
        if content is not None:
            attributes.pop("Contents", None)
            attributes["stream"] = None
            contents = _SpilledStream(self.spill, *self.spill.write(content))
        blob = pickle.dumps(attributes, protocol=pickle.HIGHEST_PROTOCOL)
        blob = self._shared.setdefault(blob, blob)
        packed = _PackedPage(name, blob, contents, self._formats)
        doc.Pages.pages[-1] = packed
        doc.idToObject[name] = packed

    def close(self) -> None:
        """Remove the spill file."""
        self.spill.close()


class _StreamedFile(PDFFile):  # type: ignore[misc]
    """ReportLab's output collector, writing to a file as it goes."""

    def __init__(self, out: IO[bytes], version: Any) -> None:
        super().__init__(version)  # collects the header
        header: list[bytes] = self.strings
        for piece in header:
            out.write(piece)
        header.clear()
        self.write = out.write

    def format(self, document: Any) -> bytes:
        return b""


def _write_xref(file: PDFFile, offsets: array[int], versions: array[int]) -> int:
    """The cross-reference table of objects 1…n, as ``PDFCrossReferenceTable`` formats it,
    written in slices; returns where it starts."""
    start: int = file.add(f"xref\n0 {len(offsets) + 1}\n0000000000 65535 f \n".encode())
    for first in range(0, len(offsets), 4096):
        file.add("".join(f"{offset:010d} {version:05d} n \n" for offset, version in zip(
            offsets[first:first + 4096], versions[first:first + 4096], strict=True)).encode())
    return start


def write_document(canvas: Canvas, out: IO[bytes]) -> None:
    """Write the canvas's document to ``out`` as ReportLab's ``Canvas.save()`` would, each
    object written as soon as it is formatted."""
    if len(canvas._code):
        canvas.showPage()
    doc = canvas._doc
    if getattr(doc, "_savedToFile", False):
        raise RuntimeError("a document can only be saved once")
    doc._savedToFile = True
    # PDFDocument.GetPDFData, up to format()
    for font in doc.delayedFonts:
        font.addObjects(doc)
    doc.info.invariant = doc.invariant
    doc.info.digest(doc.signature)
    doc.Reference(doc.Catalog)
    doc.Reference(doc.info)
    doc.Outlines.prepare(doc, canvas)
    if doc.Outlines.ready < 0:
        doc.Catalog.Outlines = None
    _format(doc, out)


def _format(doc: Any, out: IO[bytes]) -> None:
    """``PDFDocument.format()`` writing to ``out`` instead of returning the file."""
    if getattr(doc, "_digiSigs", None):
        raise NotImplementedError("signed documents are written by ReportLab's save()")
    doc.encrypt.prepare(doc)
    catalog, info = doc.Catalog, doc.info
    doc.Reference(catalog)
    doc.Reference(info)
    encrypt_ref = None
    encrypt_info = doc.encrypt.info()
    if encrypt_info:
        encrypt_ref = doc.Reference(encrypt_info)
    number_to_id = doc.numberToId
    id_to_object = doc.idToObject
    id_to_version = doc.idToObjectNumberAndVersion
    offsets = array("Q")  # of objects 1, 2, 3… (ReportLab keeps a dictionary and a list)
    versions = array("L")
    file = _StreamedFile(out, doc._pdfVersion)
    setattr(doc, "__accum__", file)  # noqa: B010 - as PDFDocument.format() does
    counter = 0
    while True:  # objects may be registered while others are formatted
        counter += 1
        if counter not in number_to_id:
            break
        oid = number_to_id[counter]
        obj = id_to_object[oid]
        formatted = PDFIndirectObject(oid, obj).format(doc)
        if not rl_config.invariant and rl_config.pdfComments:
            name = {_PackedPage: "PDFPage", _SpilledStream: "PDFStream"}.get(
                type(obj), type(obj).__name__)
            file.add(f"% {ascii(oid)}: class {name[:50]} \n")
        offsets.append(file.add(formatted))
        versions.append(id_to_version[oid][1])
    delattr(doc, "__accum__")
    count = len(number_to_id)
    if counter - 1 != count:
        raise ValueError(f"counter {counter} doesn't match number to id dictionary {count}")
    xref_offset = _write_xref(file, offsets, versions)
    trailer = PDFTrailer(startxref=xref_offset, Size=count + 1, Root=doc.Reference(catalog),
                         Info=doc.Reference(info), Encrypt=encrypt_ref, ID=doc.ID())
    file.add(trailer.format(doc))
