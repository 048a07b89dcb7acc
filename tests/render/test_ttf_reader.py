"""The bulk TrueType reader gives ReportLab's very attributes, for every font at hand."""

from __future__ import annotations

import glob
import struct
from pathlib import Path

import pytest
import reportlab
from reportlab.pdfbase.ttfonts import TTFError, TTFont, TTFontFace

from printandplay.render import ttf_reader
from printandplay.render.ttf_reader import FastTTFont, FastTTFontFace


def _font_files() -> list[str]:
    found: set[str] = set()
    for package in ("font_roboto", "font_fredoka_one"):
        module = pytest.importorskip(package)
        found.update(glob.glob(str(Path(module.__file__).parent / "files" / "*.ttf")))
    found.update(glob.glob(str(Path(reportlab.__file__).parent / "fonts" / "*.ttf")))
    found.update(str(p) for p in Path(__file__).parents[2].glob("fonts/**/*.ttf"))
    return sorted(found)


FONTS = _font_files()


def _same(mine: object, theirs: object) -> None:
    """Every attribute equal, dicts in the same order, floats bit for bit."""
    mine_vars, their_vars = vars(mine), vars(theirs)
    assert sorted(mine_vars) == sorted(their_vars)
    for key, value in their_vars.items():
        if key == "_pdfScale":  # a lambda made per font: same results instead
            assert [mine_vars[key](v) for v in (0, 1, 517, 2048)] == \
                [value(v) for v in (0, 1, 517, 2048)]
            continue
        assert type(mine_vars[key]) is type(value), key
        assert mine_vars[key] == value, key
        if isinstance(value, dict):
            assert list(mine_vars[key]) == list(value), key
            assert [repr(v) for v in mine_vars[key].values()] == [repr(v) for v in value.values()]
        if isinstance(value, list):
            assert repr(mine_vars[key]) == repr(value), key


def test_there_are_fonts_to_compare() -> None:
    assert len(FONTS) >= 15  # Roboto's 12, Fredoka One, ReportLab's Vera family


@pytest.mark.parametrize("path", FONTS, ids=lambda p: Path(p).name)
def test_face_attributes_are_reportlabs(path: str) -> None:
    _same(FastTTFontFace(path), TTFontFace(path))


@pytest.mark.parametrize("path", FONTS[:3], ids=lambda p: Path(p).name)
def test_font_attributes_are_reportlabs(path: str) -> None:
    mine, theirs = FastTTFont("Same", path), TTFont("Same", path)
    assert sorted(vars(mine)) == sorted(vars(theirs))
    for key in ("fontName", "_asciiReadable", "shapable"):
        assert getattr(mine, key) == getattr(theirs, key)
    assert vars(mine.encoding) == vars(theirs.encoding)
    assert len(mine.state) == len(theirs.state) == 0
    assert isinstance(mine, TTFont)


@pytest.mark.parametrize("path", FONTS[:4], ids=lambda p: Path(p).name)
def test_subset_bytes_are_reportlabs(path: str) -> None:
    subset = [0, 32, *range(65, 91), 0xE9, 0x2019]
    assert FastTTFontFace(path).makeSubset(subset) == TTFontFace(path).makeSubset(subset)


def test_the_bulk_path_reads_the_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Roboto files go through the bulk reader, not the fallback."""
    calls: list[int] = []
    original = TTFontFace.extractInfo

    def counting(self: TTFontFace, charInfo: int = 1) -> None:  # noqa: N803
        calls.append(charInfo)
        original(self, charInfo)

    monkeypatch.setattr(TTFontFace, "extractInfo", counting)
    roboto = [p for p in FONTS if "Roboto-Regular" in p]
    FastTTFontFace(roboto[0])
    assert calls == [0]  # only ReportLab's header part


def test_an_unusual_table_falls_back_to_reportlab(monkeypatch: pytest.MonkeyPatch) -> None:
    def unusual(self: FastTTFontFace, data: bytes) -> None:
        raise ttf_reader._Unusual

    monkeypatch.setattr(FastTTFontFace, "_read_cmap", unusual)
    path = FONTS[0]
    _same(FastTTFontFace(path), TTFontFace(path))


def test_a_truncated_font_fails_as_in_reportlab(tmp_path: Path) -> None:
    data = Path(FONTS[0]).read_bytes()
    directory = {}
    count = struct.unpack_from(">H", data, 4)[0]
    for n in range(count):
        tag, _, offset, length = struct.unpack_from(">4sLLL", data, 12 + 16 * n)
        directory[tag] = offset + length
    broken = tmp_path / "broken.ttf"
    broken.write_bytes(data[:directory[b"hmtx"] - 10])  # the hmtx table cut short
    with pytest.raises(Exception) as theirs:
        TTFontFace(str(broken))
    with pytest.raises(Exception) as mine:
        FastTTFontFace(str(broken))
    assert type(mine.value) is type(theirs.value)
    assert str(mine.value) == str(theirs.value)
    assert TTFError  # (ReportLab's own error types come through unchanged)


def _font_with_cmap(tmp_path: Path, subtable: bytes) -> str:
    """A copy of Fredoka One whose ``cmap`` is one (3, 10) subtable: ``subtable``."""
    module = pytest.importorskip("font_fredoka_one")
    data = bytearray((Path(module.__file__).parent / "files" / "FredokaOne-Regular.ttf")
                     .read_bytes())
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
    return str(path)


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
    with pytest.raises(ttf_reader.FontTooLarge, match="more than 200,000"):
        FastTTFont("Piege", path)


def test_a_format4_map_claiming_too_much_is_refused() -> None:
    segments = 8  # overlapping segments of 65,535 characters each: 524,280 in all
    ends = struct.pack(f">{segments}H", *[0xFFFE] * segments)
    starts = struct.pack(f">{segments}H", *[0] * segments)
    body = ends + b"\0\0" + starts + b"\0" * (2 * segments) * 2
    subtable = struct.pack(">HHHHHHH", 4, 14 + len(body), 0, 2 * segments, 0, 0, 0) + body
    data = b"\0" * 4 + struct.pack(">HHHHL", 0, 1, 3, 1, 12) + subtable
    with pytest.raises(ttf_reader.FontTooLarge, match="524,280 characters"):
        ttf_reader.check_cmap_size(data, {"cmap": {"offset": 4}})


def test_a_real_sized_character_map_is_read_as_reportlab_reads_it(tmp_path: Path) -> None:
    path = _font_with_cmap(tmp_path, _format12((0x20, 0x7E, 1), (0x4E00, 0x4E00 + 30_000, 1)))
    _same(FastTTFontFace(path), TTFontFace(path))
