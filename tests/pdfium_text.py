"""A built PDF's text read back by pdfium (``pypdfium2``, which ``export`` already uses to
rasterise): :func:`pdfium_page_texts`, :func:`pdfium_pdf_text`.

pdfium's text layer is C: a bundled kit's 62 pages read in ~0.1 s of processor time, where
pypdf's ``PageObject.extract_text`` parses every font subset a page names again for each page
(~7 s for Sorciers' kit). It reads the same characters through the fonts' ``/ToUnicode`` maps,
text drawn inside the faces' form XObjects included; only the whitespace between runs differs
(pdfium ends lines with ``\\r\\n``, read here as ``\\n``, and puts fewer line breaks between
runs). The tests that look for words in a real file read it this way; a test of the
whitespace itself (French typography) reads it with pypdf."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pypdfium2 as pdfium


def pdfium_page_texts(pdf: Path, pages: Iterable[int] | None = None) -> list[str]:
    """The text of each page of ``pdf`` (of the pages numbered ``pages``, from 0, when given;
    negative numbers count from the end), in that order."""
    document = pdfium.PdfDocument(pdf)
    try:
        numbers = range(len(document)) if pages is None else list(pages)
        texts = []
        for number in numbers:
            page = document[number % len(document)]
            try:
                text_page = page.get_textpage()
                try:
                    texts.append(text_page.get_text_range().replace("\r\n", "\n"))
                finally:
                    text_page.close()
            finally:
                page.close()
        return texts
    finally:
        document.close()


def pdfium_pdf_text(pdf: Path) -> str:
    """The text of every page of ``pdf``, one page after the other (a line break between)."""
    return "\n".join(pdfium_page_texts(pdf))
