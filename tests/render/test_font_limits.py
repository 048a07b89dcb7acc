"""A font whose character map claims more characters than any real font is refused before
ReportLab maps them one by one; real fonts are read as ReportLab reads them."""

from __future__ import annotations

import struct
from pathlib import Path

import font_fredoka_one
import font_roboto
import pytest
from reportlab.pdfbase.ttfonts import TTFont

from printandplay.model.fonts import FontRole
from printandplay.render.font_limits import FontTooLarge, check_cmap_size
from printandplay.render.fonts import FontTable, read_font

FREDOKA = Path(font_fredoka_one.__file__).parent / "files" / "FredokaOne-Regular.ttf"
ROBOTO = Path(font_roboto.__file__).parent / "files" / "Roboto-Regular.ttf"


def _font_with_cmap(tmp_path: Path, subtable: bytes) -> Path:
    """A copy of Fredoka One whose ``cmap`` is one (3, 10) subtable: ``subtable``."""
    data = bytearray(FREDOKA.read_bytes())
    tables = struct.unpack_from(">H", data, 4)[0]
    for n in range(tables):
        at = 12 + 16 * n
        if data[at:at + 4] == b"cmap":  # the new cmap at the end, the directory pointed at it
            cmap = struct.pack(">HHHHL", 0, 1, 3, 10, 12) + subtable
            struct.pack_into(">LL", data, at + 8, len(data), len(cmap))
            data += cmap
            break
    path = tmp_path / "piege.ttf"
    path.write_bytes(bytes(data))
    return path


def _format12(*groups: tuple[int, int, int]) -> bytes:
    return struct.pack(">HHLLL", 12, 0, 16 + 12 * len(groups), 0, len(groups)) + b"".join(
        struct.pack(">LLL", *group) for group in groups)


@pytest.mark.parametrize("groups", [
    [(0, 0x7FFFFFFF, 1)],  # 2^31 characters in one group: ReportLab maps them one by one
    [(0, 0x10FFFF, 1)],  # all of Unicode (1.1 M): 1.5 s and 350 MB
    [(n * 0x10000, n * 0x10000 + 0xFFFF, 1) for n in range(4)],  # 262,144 in four groups
])
def test_a_character_map_claiming_too_much_is_refused_before_mapping(
        tmp_path: Path, groups: list[tuple[int, int, int]]) -> None:
    path = _font_with_cmap(tmp_path, _format12(*groups))
    with pytest.raises(FontTooLarge, match="more than 200,000"):
        read_font("Piege", path)


def test_a_format4_map_claiming_too_much_is_refused() -> None:
    segments = 8  # overlapping segments of 65,535 characters each: 524,280 in all
    ends = struct.pack(f">{segments}H", *[0xFFFE] * segments)
    starts = struct.pack(f">{segments}H", *[0] * segments)
    body = ends + b"\0\0" + starts + b"\0" * (2 * segments) * 2
    subtable = struct.pack(">HHHHHHH", 4, 14 + len(body), 0, 2 * segments, 0, 0, 0) + body
    cmap = struct.pack(">HHHHL", 0, 1, 3, 1, 12) + subtable
    directory = struct.pack(">LHHHH", 0x10000, 1, 16, 0, 0) + struct.pack(
        ">4sLLL", b"cmap", 0, 28, len(cmap))
    with pytest.raises(FontTooLarge, match="524,280 characters"):
        check_cmap_size(directory + cmap)


def test_a_real_sized_character_map_is_read_as_reportlab_reads_it(tmp_path: Path) -> None:
    path = _font_with_cmap(tmp_path, _format12((0x20, 0x7E, 1), (0x4E00, 0x4E00 + 30_000, 1)))
    mine, theirs = read_font("Grande", path).face, TTFont("Grande", str(path)).face
    assert len(mine.charToGlyph) > 30_000
    assert mine.charToGlyph == theirs.charToGlyph and mine.charWidths == theirs.charWidths


@pytest.mark.parametrize("data", [b"", b"\0\1\0\0", ROBOTO.read_bytes()[:200]])
def test_a_file_too_broken_to_size_is_left_to_reportlab(data: bytes) -> None:
    check_cmap_size(data)  # no error of ours: ReportLab's reading fails with its own


def test_a_refused_font_is_a_clear_data_error(tmp_path: Path) -> None:
    from printandplay.errors import DataError

    path = _font_with_cmap(tmp_path, _format12((0, 0x10FFFF, 1)))
    table = FontTable({"body": FontRole("body", {"regular": path}, "OFL-1.1")})
    with pytest.raises(DataError, match="piege.ttf.*more than 200,000"):
        table.load_all("fonts/fonts.yaml")
