"""The bounds of issue 26 at their edges: icon segments and nesting, a workbook's declared
size, integers in YAML, a qualified deck-list name (the hardening cases check the far side)."""

from __future__ import annotations

import io
import sys
import zipfile
from pathlib import Path

import pytest

from printandplay.data.limits import MAX_ICON_DEPTH, MAX_ICON_SEGMENTS, MAX_INT_DIGITS
from printandplay.data.svg import parse_svg
from printandplay.data.yamlio import parse_yaml
from printandplay.errors import DataError

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "hardening"))
import reader_generators  # noqa: E402

OPEN = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'


def test_an_icon_may_hold_exactly_the_segment_limit() -> None:
    circles, rest = divmod(MAX_ICON_SEGMENTS, 6)  # six segments a circle
    assert rest >= 2  # the rest: one path of 'rest' segments (M, then L's)
    body = '<circle r="1"/>' * circles + '<path d="M0 0' + " L1 1" * (rest - 1) + '"/>'
    icon = parse_svg(OPEN + body + "</svg>", source="full.svg", icon_id="full")
    assert sum(len(shape.segments) for shape in icon.shapes) == MAX_ICON_SEGMENTS
    with pytest.raises(DataError, match="more than 50,000 segments in the icon"):
        parse_svg(OPEN + body + '<path d="M0 0"/></svg>', source="over.svg", icon_id="over")


def test_icon_nesting_stops_at_its_limit() -> None:
    depth = MAX_ICON_DEPTH - 2  # the <svg> and the circle are two levels
    inside = "<g>" * depth + '<circle r="1"/>' + "</g>" * depth
    assert len(parse_svg(OPEN + inside + "</svg>", source="g.svg", icon_id="g").shapes) == 1
    with pytest.raises(DataError, match="nested more than 100 deep"):
        parse_svg(OPEN + "<g>" + inside + "</g></svg>", source="g.svg", icon_id="g")


@pytest.mark.parametrize("text", [
    '<!DOCTYPE svg>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>',
    '<!DOCTYPE svg [<!ENTITY a "1">]><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>',
])
def test_an_icon_declaring_a_doctype_is_refused(text: str) -> None:
    with pytest.raises(DataError, match="declares a DOCTYPE"):
        parse_svg(text, source="d.svg", icon_id="d")


def test_a_workbook_whose_declared_size_is_the_whole_sheet_reads_its_cells(tmp_path: Path
                                                                            ) -> None:
    pytest.importorskip("openpyxl")
    from printandplay.data.xlsx_reader import read_xlsx_rows

    source = zipfile.ZipFile(io.BytesIO(reader_generators._xlsx(
        {"P": reader_generators.POINT_ROWS})))
    path = tmp_path / "wide.xlsx"
    with zipfile.ZipFile(path, "w") as out:
        for item in source.infolist():
            data = source.read(item)
            if item.filename == "xl/worksheets/sheet1.xml":
                data = data.replace(b"<sheetData>",
                                    b'<dimension ref="A1:XFD1048576"/><sheetData>')
            out.writestr(item, data)
    assert read_xlsx_rows(path, "wide.xlsx") == [
        (number, row) for number, row in enumerate(reader_generators.POINT_ROWS, start=1)]


def test_yaml_integers_up_to_the_limit_are_read() -> None:
    largest = 10 ** MAX_INT_DIGITS - 1
    assert parse_yaml(f"a: {largest}\nb: -{largest}\n", "n.yaml") == {"a": largest,
                                                                       "b": -largest}
    with pytest.raises(DataError, match=r"n.yaml:1: integer '1000000000000000000' is too large"):
        parse_yaml(f"a: {largest + 1}\n", "n.yaml")
    with pytest.raises(DataError, match="too large"):
        parse_yaml("a: 0b" + "1" * 80 + "\n", "n.yaml")
