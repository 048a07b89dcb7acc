"""Built PDFs for the end-to-end tests, and reading them back fast: :func:`paper_kit`,
:func:`pdf_text`.

ReportLab's documents share their font subsets between pages, and every page's resources name
all of them (a kit has ~150): ``pypdf`` parses each font's ``/ToUnicode`` map again for every
page it extracts text from, 80 % of the extraction's time. :func:`shared_fonts` lets the pages of
one reader share the fonts it already parsed; the text extracted is the same.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pytest
from cli_runner import CliRunner
from pypdf import PdfReader
from pypdf.generic import DictionaryObject
from pypdf.generic._font import Font

from printandplay.cli import app


@contextmanager
def shared_fonts() -> Iterator[None]:
    """While open, ``Font.from_font_resource`` parses each font dictionary once: a reader
    resolves an indirect object to the same dictionary every time it is asked."""
    original = Font.__dict__["from_font_resource"]
    parsed: dict[int, tuple[DictionaryObject, Font]] = {}

    def from_font_resource(cls: type[Font], pdf_font_dict: DictionaryObject) -> Font:
        known = parsed.get(id(pdf_font_dict))
        if known is None or known[0] is not pdf_font_dict:  # kept alive: its id stays its own
            known = (pdf_font_dict, original.__func__(cls, pdf_font_dict))
            parsed[id(pdf_font_dict)] = known
        return known[1]

    Font.from_font_resource = classmethod(from_font_resource)  # type: ignore[method-assign,assignment]
    try:
        yield
    finally:
        Font.from_font_resource = original  # type: ignore[method-assign]


def page_texts(pdf: Path | PdfReader, labels: Sequence[str] | None = None) -> list[str]:
    """The text of each page of ``pdf`` (``PdfReader.extract_text``), in page order; only of the
    pages whose label starts with one of ``labels`` when given (``PdfReader.page_labels``:
    what a kit names its pages, e.g. ``"Règles 1"``)."""
    reader = pdf if isinstance(pdf, PdfReader) else PdfReader(pdf)
    chosen = [page for page, label in zip(reader.pages, reader.page_labels, strict=True)
              if labels is None or label.startswith(tuple(labels))]
    with shared_fonts():
        return [page.extract_text() for page in chosen]


def pdf_text(pdf: Path | PdfReader, labels: Sequence[str] | None = None) -> str:
    """The text of ``pdf``'s pages (those whose label starts with one of ``labels`` when
    given), joined in page order, as ``"".join(page.extract_text() for page in …)``."""
    return "".join(page_texts(pdf, labels))


_KITS: dict[tuple[str, str], Path] = {}


def paper_kit(factory: pytest.TempPathFactory, game: str, paper: str) -> Path:
    """The bundled ``game``'s kit on ``paper``, as ``build GAME --paper PAPER`` writes it: built
    once per test process, in a folder of the session (read it only). The A4 kits are the
    ``bundled_kits`` fixture's."""
    if (game, paper) not in _KITS:
        out = factory.mktemp(f"{game}-{paper}")
        result = CliRunner().invoke(app, ["build", game, "--paper", paper, "--out", str(out)])
        assert result.exit_code == 0, result.output
        _KITS[game, paper] = Path(result.stdout.strip().splitlines()[-1])
    return _KITS[game, paper]
