"""Named file contents for the hardening cases of the readers added since issue 10 (issue 26):
component tables (CSV, XLSX) and icons past their limits. Each returns bytes, deterministic.
Merged into :data:`hardening_generators.GENERATORS`."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable

SVG_OPEN = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">'
POINTS_HEADER = b"id;name;value;count\n"


def csv_million_columns() -> bytes:
    """A CSV header of one million columns (about 8 MB)."""
    return b"id;name;value;count;" + b";".join(b"c%d" % i for i in range(1_000_000)) + b"\n"


def csv_19000_rows() -> bytes:
    """19,000 point cards, one a row."""
    return POINTS_HEADER + b"".join(b"LIM-P%d;p %d;1;1\n" % (i, i) for i in range(19_000))


def csv_huge_integer() -> bytes:
    """A point card whose value has 5,000 digits."""
    return POINTS_HEADER + b"LIM-P1;1 point;" + b"9" * 5000 + b";24\nLIM-P5;5 points;5;4\n"


def svg_path_9mb() -> bytes:
    """One path of 9 MB of path data (1.8 million segments)."""
    return SVG_OPEN + b'<path d="M0 0' + b" L1 2" * 1_800_000 + b'"/></svg>'


def svg_200k_circles() -> bytes:
    """200,000 circles in one icon."""
    return SVG_OPEN + b'<circle cx="1" cy="1" r="1"/>' * 200_000 + b"</svg>"


def svg_million_points() -> bytes:
    """A polygon of a million points."""
    return SVG_OPEN + b'<polygon points="' + b" 1,2" * 1_000_000 + b'"/></svg>'


def svg_nested_groups() -> bytes:
    """100,000 nested groups around one circle."""
    return SVG_OPEN + b"<g>" * 100_000 + b'<circle r="1"/>' + b"</g>" * 100_000 + b"</svg>"


def _xlsx(sheets: dict[str, list[list[str]]], sheet1_prefix: bytes = b"") -> bytes:
    """A minimal workbook: cells written as inline strings, or as ``<f>`` formulas without
    a cached value when they start with ``=``; ``sheet1_prefix`` goes before the first
    sheet's root element (a DOCTYPE)."""
    def cell(ref: str, text: str) -> str:
        if text.startswith("="):
            return f'<c r="{ref}"><f>{text[1:]}</f></c>'
        return f'<c r="{ref}" t="inlineStr"><is><t>{text}</t></is></c>'

    def sheet_xml(rows: list[list[str]]) -> str:
        body = "".join(f'<row r="{r}">' + "".join(cell(f"{chr(65 + c)}{r}", v)
                                                  for c, v in enumerate(row)) + "</row>"
                       for r, row in enumerate(rows, start=1))
        return ('<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
                f"<sheetData>{body}</sheetData></worksheet>")

    main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    names = list(sheets)
    parts = {
        "[Content_Types].xml": (
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
            'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-'
            'officedocument.spreadsheetml.sheet.main+xml"/>'
            + "".join(f'<Override PartName="/xl/worksheets/sheet{i}.xml" ContentType="application/'
                      'vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
                      for i in range(1, len(names) + 1)) + "</Types>"),
        "_rels/.rels": (
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            f'<Relationship Id="rId1" Type="{rel}/officeDocument" Target="xl/workbook.xml"/>'
            "</Relationships>"),
        "xl/workbook.xml": (
            f'<workbook xmlns="{main}" xmlns:r="{rel}"><sheets>'
            + "".join(f'<sheet name="{n}" sheetId="{i}" r:id="rId{i}"/>'
                      for i, n in enumerate(names, start=1)) + "</sheets></workbook>"),
        "xl/_rels/workbook.xml.rels": (
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            + "".join(f'<Relationship Id="rId{i}" Type="{rel}/worksheet" '
                      f'Target="worksheets/sheet{i}.xml"/>' for i in range(1, len(names) + 1))
            + "</Relationships>"),
    }
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, text in parts.items():
            archive.writestr(zipfile.ZipInfo(name, (2026, 1, 1, 0, 0, 0)), text)
        for i, rows in enumerate(sheets.values(), start=1):
            data = (sheet1_prefix if i == 1 else b"") + sheet_xml(rows).encode()
            archive.writestr(zipfile.ZipInfo(f"xl/worksheets/sheet{i}.xml", (2026, 1, 1, 0, 0, 0)),
                             data)
    return out.getvalue()


POINT_ROWS = [["id", "name", "value", "count"], ["LIM-P1", "1 point", "1", "24"],
              ["LIM-P5", "5 points", "5", "4"]]


def xlsx_doctype() -> bytes:
    """A workbook whose sheet declares an entity (an external one, pointing at /etc/passwd)."""
    return _xlsx({"Points": POINT_ROWS},
                 b'<?xml version="1.0"?><!DOCTYPE w [<!ENTITY e SYSTEM "file:///etc/passwd">]>')


def xlsx_formula_without_value() -> bytes:
    """A workbook whose ``count`` cell is a formula never computed (no cached value)."""
    rows = [list(row) for row in POINT_ROWS]
    rows[1][3] = "=20+4"
    return _xlsx({"Points": rows})


def xlsx_data_on_sheet_2() -> bytes:
    """A workbook whose first sheet is empty and whose second holds the table."""
    return _xlsx({"Vide": [], "Points": POINT_ROWS})


READER_GENERATORS: dict[str, Callable[[], bytes]] = {
    f.__name__: f for f in (csv_million_columns, csv_19000_rows, csv_huge_integer, svg_path_9mb,
                            svg_200k_circles, svg_million_points, svg_nested_groups,
                            xlsx_doctype, xlsx_formula_without_value, xlsx_data_on_sheet_2)
}
