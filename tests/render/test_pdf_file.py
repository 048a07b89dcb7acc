"""Pages packed as they are finished and the PDF written object by object: the same bytes as
ReportLab's own ``save()``, little kept per page, no temporary file left behind."""

from __future__ import annotations

import io
import tempfile
from pathlib import Path
from typing import IO, Any

import pytest
from pypdf import PdfReader
from reportlab.pdfbase.pdfdoc import PDFPage, PDFStream
from typer.testing import CliRunner

import printandplay.render.content as content
import printandplay.render.pdf as pdf
from printandplay.cli import app
from printandplay.render.pdf_file import DEFLATED, PackedPages, write_document

runner = CliRunner()


def _build(out: Path, game: str = "licum", *args: str) -> bytes:
    result = runner.invoke(app, ["build", game, "--out", str(out), *args])
    assert result.exit_code == 0, result.output
    return Path(result.stdout.strip().splitlines()[-1]).read_bytes()


def _reportlab_pack_last(self: PackedPages, data: bytes | None) -> None:
    """What the writer did before pages were packed: the compressed stream set on
    ReportLab's own page object, which stays whole until the document is saved."""
    page = self.doc.Pages.pages[-1]
    if data is not None:
        page.Contents = PDFStream(content=data, filters=[DEFLATED])
        page.Contents.__Comment__ = "page stream"
        page.stream = None


def _reportlab_save(canvas: Any, out: IO[bytes]) -> None:
    out.write(canvas.getpdfdata())


def test_packed_and_streamed_pdf_is_reportlab_s_byte_for_byte(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # two sections of licum (a third of the kit's work) have it all: page labels, an outline,
    # forms, transparency, trim and bleed boxes (the one-sheet mat)
    sections = ("--sections", "tapis-de-jeu,mises-au-jeu")
    packed = _build(tmp_path / "packed", "licum", *sections)
    monkeypatch.setattr(content.PackedPages, "pack_last", _reportlab_pack_last)
    monkeypatch.setattr(pdf, "write_document", _reportlab_save)
    whole = _build(tmp_path / "whole", "licum", *sections)
    assert packed[:8] == b"%PDF-1.4" and b"/Outlines" in packed and b"/PageLabels" in packed
    assert all(key in packed for key in (b"/Subtype /Form", b"/ca ", b"/TrimBox", b"/BleedBox"))
    assert packed == whole


def test_finished_pages_are_packed_and_their_streams_spilled(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[PackedPages] = []
    pack_last = PackedPages.pack_last

    def spy(self: PackedPages, data: bytes | None) -> None:
        pack_last(self, data)
        seen.append(self)

    monkeypatch.setattr(content.PackedPages, "pack_last", spy)
    spills: list[Any] = []
    temporary_file = tempfile.TemporaryFile

    def tracked(*args: Any, **kwargs: Any) -> Any:
        spills.append(temporary_file(*args, **kwargs))
        return spills[-1]

    monkeypatch.setattr(tempfile, "TemporaryFile", tracked)
    target = io.BytesIO()
    writer = _small_writer(target)
    from printandplay.model.game import Size
    from printandplay.model.ops import RectOp

    for index in range(3):
        writer.page(Size(200, 300), [RectOp(10 + index, 10, 50, 50, fill=(0.2, 0.4, 0.6),
                                            opacity=0.5)],
                    label="A" if index == 0 else None)
    pages = writer._doc.Pages.pages
    assert len(pages) == 3
    assert not any(isinstance(page, PDFPage) for page in pages)  # none kept whole
    assert seen and seen[0].spill.size > 0  # the content streams wait on disk
    data = writer.save_bytes()
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 3
    contents = [page.get_contents() for page in reader.pages]
    assert all(stream is not None and b"re" in stream.get_data() for stream in contents)
    assert spills and all(spill.closed for spill in spills)  # the spill file is gone


def _small_writer(target: io.BytesIO) -> pdf.PdfWriter:
    from printandplay.kit.assets import load_assets
    from printandplay.project import Resources

    root = Path(__file__).resolve().parents[2]
    assets = load_assets(Resources((root,)), "charlie")
    return pdf.PdfWriter(target, assets.fonts, assets.icons, title="t", images=assets.images)


def test_streamed_save_writes_what_getpdfdata_returns() -> None:
    from reportlab.pdfgen.canvas import Canvas

    def draw(canvas: Canvas) -> None:
        canvas.setTitle("x")
        for index in range(4):
            canvas.setFillAlpha(0.5)
            canvas.rect(10 * index, 10, 100, 100, fill=1)
            canvas.bookmarkPage(f"p{index}")
            canvas.addOutlineEntry(f"Page {index}", f"p{index}")
            canvas.showPage()

    first = Canvas(io.BytesIO(), invariant=1)
    draw(first)
    expected = first.getpdfdata()
    second = Canvas(io.BytesIO(), invariant=1)
    draw(second)
    out = io.BytesIO()
    write_document(second, out)
    assert out.getvalue() == expected
    with pytest.raises(RuntimeError):
        write_document(second, io.BytesIO())


def test_pages_packed_alike_are_formatted_once_and_give_reportlab_s_bytes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # pages of one shape share their formatted dictionary but for their stream's reference;
    # a page of another shape (its own size, an image, transparency) is formatted by ReportLab
    from printandplay.model.game import Size
    from printandplay.model.ops import RectOp

    def draw(writer: pdf.PdfWriter) -> None:
        for index in range(12):
            size = Size(200, 300) if index % 5 else Size(300, 200)
            opacity = 0.5 if index == 7 else 1.0
            writer.page(size, [RectOp(10 + index, 10, 50, 50, fill=(0.2, 0.4, 0.6),
                                      opacity=opacity)])

    calls: list[int] = []
    page_format = PDFPage.format

    def counted(self: PDFPage, document: Any) -> bytes:
        calls.append(1)
        return page_format(self, document)

    monkeypatch.setattr(PDFPage, "format", counted)
    packed = _small_writer(io.BytesIO())
    draw(packed)
    data = packed.save_bytes()
    assert len(PdfReader(io.BytesIO(data)).pages) == 12
    # about one per kind of page (portrait, landscape, the transparent one), not one per page
    assert 3 <= len(calls) <= 4
    monkeypatch.setattr(content.PackedPages, "pack_last", _reportlab_pack_last)
    monkeypatch.setattr(pdf, "write_document", _reportlab_save)
    whole = _small_writer(io.BytesIO())
    draw(whole)
    assert whole.save_bytes() == data
