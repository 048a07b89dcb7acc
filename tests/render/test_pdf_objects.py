"""The PDF file written object by object: its syntax, its cross-reference table, its ID, and
the mistakes it refuses."""

from __future__ import annotations

import io
import re
import zlib
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader

from printandplay.render.pdf_document import PdfDocument, Resources
from printandplay.render.pdf_objects import PdfObjects
from printandplay.render.pdf_syntax import (
    format_array,
    format_dictionary,
    format_name,
    format_number,
    format_text,
)


def test_names_escape_what_a_name_cannot_hold() -> None:
    assert format_name("Roboto-Regular") == "/Roboto-Regular"
    assert format_name("AAAAAB+Fredoka One") == "/AAAAAB+Fredoka#20One"
    assert format_name("a/b#(c)") == "/a#2Fb#23#28c#29"
    assert format_name("é") == "/#C3#A9"  # its UTF-8 bytes


def test_texts_are_literals_in_ascii_and_utf16_otherwise() -> None:
    assert format_text("Cartes (recto)") == r"(Cartes \(recto\))"
    assert format_text("a\\b") == r"(a\\b)"
    assert format_text("Écoles") == "<FEFF00C90063006F006C00650073>"
    assert format_text("dé 🎲") == "<FEFF0064 00E9 0020 D83C DFB2>".replace(" ", "")


def test_numbers_and_arrays() -> None:
    assert format_number(2.0) == "2" and format_number(1 / 3) == ".333333"
    assert format_number(-0.5) == "-0.5" or format_number(-0.5) == "-.5"
    assert format_array((0, 0, 595.2756, 841.8898)) == "[0 0 595.2756 841.8898]"
    assert format_dictionary({}) == "<< >>"
    assert format_dictionary({"Type": "/Page", "Count": "3"}) == "<< /Type /Page /Count 3 >>"


@given(st.text(max_size=40))
def test_any_text_string_reads_back(text: str) -> None:
    """Whatever a title holds (a game's name, a bookmark), a PDF reader reads it back."""
    out = io.BytesIO()
    doc = PdfDocument(out, title=text)
    doc.add_page(100, 100, b"", Resources())
    doc.close()
    reader: Any = PdfReader(io.BytesIO(out.getvalue()))
    assert (reader.metadata.title or "") == text


def _objects(data: bytes) -> dict[int, int]:
    """Object number → where ``N 0 obj`` starts, as the file says."""
    return {int(m.group(1)): m.start() for m in re.finditer(rb"(?m)^(\d+) 0 obj\n", data)}


def test_the_cross_reference_table_points_at_each_object() -> None:
    out = io.BytesIO()
    objects = PdfObjects(out)
    later = objects.reserve()  # referred to before it is written
    stream = objects.add_stream({"Type": "/Test"}, b"0 0 m 10 10 l S")
    plain = objects.add_stream({}, b"raw", compress=False)
    objects.write(later, f"<< /Kid {stream} 0 R >>")
    info = objects.add("<< /Title (t) >>")
    root = objects.add(f"<< /Type /Catalog /Pages {later} 0 R >>")
    objects.close(root, info)
    data = out.getvalue()
    assert data.startswith(b"%PDF-1.4\n%") and data.endswith(b"%%EOF\n")
    start = int(re.search(rb"startxref\n(\d+)\n%%EOF\n$", data).group(1))  # type: ignore[union-attr]
    table = data[start:].split(b"trailer")[0].splitlines()
    assert table[:2] == [b"xref", b"0 6"]
    offsets = [int(line[:10]) for line in table[3:]]
    assert offsets == [_objects(data)[n] for n in range(1, 6)]
    # a stream's length is its bytes', deflated unless asked not to
    first = data[_objects(data)[stream]:]
    length = int(re.search(rb"/Length (\d+)", first).group(1))  # type: ignore[union-attr]
    body = first[first.index(b"stream\n") + 7:][:length]
    assert zlib.decompress(body) == b"0 0 m 10 10 l S"
    assert b"/Filter /FlateDecode" in first[:first.index(b"stream\n")]
    assert b"stream\nraw\nendstream" in data[_objects(data)[plain]:]


def test_the_id_is_the_digest_of_the_bytes_so_the_same_objects_give_the_same_file() -> None:
    def write(title: str) -> bytes:
        out = io.BytesIO()
        doc = PdfDocument(out, title=title)
        doc.add_page(200, 300, b"0 0 10 10 re f", Resources())
        doc.close()
        return out.getvalue()

    assert write("a") == write("a")
    ids = [re.search(rb"/ID \[<(\w+)>", write(t)).group(1) for t in "ab"]  # type: ignore[union-attr]
    assert ids[0] != ids[1]


def test_mistakes_in_numbering_are_refused() -> None:
    objects = PdfObjects(io.BytesIO())
    number = objects.add("<< >>")
    with pytest.raises(ValueError, match="written twice"):
        objects.write(number, "<< >>")
    with pytest.raises(ValueError, match="not reserved"):
        objects.write(number + 5, "<< >>")
    objects.reserve()
    with pytest.raises(ValueError, match="never written"):
        objects.close(number, number)


def test_a_document_s_pages_labels_outline_and_preferences_read_back() -> None:
    out = io.BytesIO()
    doc = PdfDocument(out, title="Kit", subject="Jeu", language="fr_CA")
    doc.preferences.update(PrintScaling="/None", Duplex="/DuplexFlipLongEdge")
    doc.add_page(595, 842, b"", Resources(), label="Guide", bookmark="Guide d'impression")
    doc.add_page(595, 842, b"", Resources())
    doc.add_page(595, 842, b"", Resources(), boxes=((10, 10, 190, 262), (0, 0, 200, 272)),
                 label="Cartes ", bookmark="Cartes (recto)")
    doc.close()
    reader: Any = PdfReader(io.BytesIO(out.getvalue()), strict=True)
    assert len(reader.pages) == 3 and doc.page_count == 3
    assert reader.page_labels == ["Guide", "Guide", "Cartes "]  # a range named, not numbered
    assert [entry.title for entry in reader.outline] == [  # type: ignore[union-attr]
        "Guide d'impression", "Cartes (recto)"]
    assert [reader.get_destination_page_number(e) for e in reader.outline] == [0, 2]  # type: ignore[arg-type]
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipLongEdge"
    assert reader.trailer["/Root"]["/PageMode"] == "/UseOutlines"
    assert reader.trailer["/Root"]["/Lang"] == "fr-CA"  # (a language tag: a hyphen)
    page = reader.pages[2]
    assert [float(v) for v in page.trimbox] == [10, 10, 190, 262]
    assert [float(v) for v in page.bleedbox] == [0, 0, 200, 272]
    assert reader.metadata.title == "Kit" and reader.metadata.subject == "Jeu"


def test_pages_without_a_label_before_the_first_are_numbered() -> None:
    out = io.BytesIO()
    doc = PdfDocument(out, title="t")
    doc.add_page(100, 100, b"", Resources())
    doc.add_page(100, 100, b"", Resources(), label="B")
    doc.close()
    reader: Any = PdfReader(io.BytesIO(out.getvalue()))
    assert reader.page_labels == ["1", "B"]
    assert "/Lang" not in reader.trailer["/Root"]  # (no language given: none said)


def test_opacity_states_are_written_once_each() -> None:
    out = io.BytesIO()
    doc = PdfDocument(out, title="t")
    half = doc.opacity_state(0.5, 0.5)
    assert doc.opacity_state(0.5, 0.5) == half and doc.opacity_state(0.5, 1) != half
    doc.add_page(100, 100, f"/G{half} gs 0 0 10 10 re f".encode(), Resources(states={half}))
    doc.close()
    page: Any = PdfReader(io.BytesIO(out.getvalue())).pages[0]
    state = page["/Resources"]["/ExtGState"][f"/G{half}"]
    assert float(state["/ca"]) == 0.5 and float(state["/CA"]) == 0.5
