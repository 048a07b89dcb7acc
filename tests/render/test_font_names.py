"""Two different font files with the same file name, in one process (two games' own
``Regular.ttf``, ``build all``, ``watch`` after a font is replaced): each build measures and
embeds its own font, not the first one registered under that name."""

from __future__ import annotations

import re
import shutil
import struct
from pathlib import Path

import font_fredoka_one
import font_roboto
import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen import canvas

from printandplay.model.fonts import FontRole
from printandplay.render.fonts import FontTable

ROBOTO = Path(font_roboto.__file__).parent / "files" / "Roboto-Regular.ttf"
FREDOKA = Path(font_fredoka_one.__file__).parent / "files" / "FredokaOne-Regular.ttf"
TEXT = "Bonjour, Charlie !"


def _table(path: Path) -> FontTable:
    table = FontTable({"body": FontRole("body", {"regular": path}, "OFL-1.1")})
    table.load_all("fonts/fonts.yaml")
    return table


def _width(table: FontTable) -> float:
    font = table.select("body", False, False)
    return table.width(table.prepare(TEXT, font), font)


def test_same_file_name_other_font_is_its_own_font(tmp_path: Path) -> None:
    first, second = tmp_path / "a" / "MaPolice.ttf", tmp_path / "b" / "MaPolice.ttf"
    for target, source in ((first, ROBOTO), (second, FREDOKA)):
        target.parent.mkdir()
        shutil.copyfile(source, target)
    roboto, fredoka = _table(first), _table(second)
    assert roboto.select("body", False, False) == "MaPolice"  # the first keeps the stem
    assert fredoka.select("body", False, False).startswith("MaPolice-")
    assert _width(roboto) == _width(_table(ROBOTO))
    assert _width(fredoka) == _width(_table(FREDOKA))
    assert _width(roboto) != _width(fredoka)


def test_same_bytes_share_one_name(tmp_path: Path) -> None:
    first, second = tmp_path / "a" / "Commune.ttf", tmp_path / "b" / "Commune.ttf"
    for target in (first, second):
        target.parent.mkdir()
        shutil.copyfile(ROBOTO, target)
    assert _table(first).select("body", False, False) == "Commune"
    assert _table(second).select("body", False, False) == "Commune"


def test_a_font_replaced_in_place_is_read_again(tmp_path: Path) -> None:
    path = tmp_path / "Titre.ttf"
    shutil.copyfile(ROBOTO, path)
    before = _table(path)
    shutil.copyfile(FREDOKA, path)  # as a designer saves another font over it under watch
    after = _table(path)
    assert after.select("body", False, False) != before.select("body", False, False)
    assert _width(after) == _width(_table(FREDOKA))


def test_widths_are_reportlab_s() -> None:
    table = _table(ROBOTO)
    font = table.select("body", False, False)
    assert table.width(TEXT, font) == pdfmetrics.stringWidth(TEXT, font, 1.0) > 0


def test_registering_reads_no_digest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A font registered under a file name and a face name not taken yet is not hashed (most
    builds)."""
    from printandplay.render import fonts

    def refuse(*args: object) -> None:
        raise AssertionError("hashed")

    path = _with_postscript_name(ROBOTO, "Paresseuse", tmp_path / "Paresseuse.ttf")
    monkeypatch.setattr(fonts.hashlib, "sha256", refuse)
    assert _table(path).select("body", False, False) == "Paresseuse"


def test_the_digest_is_of_the_bytes_read(tmp_path: Path) -> None:
    """The digest, computed on first need, is that of the bytes ReportLab read when the font
    was registered, even if the file was replaced since; then it is kept."""
    from reportlab.pdfbase.ttfonts import TTFont

    from printandplay.render.fonts import _registered_digest, file_digest, read_font

    path = tmp_path / "Lente.ttf"
    shutil.copyfile(ROBOTO, path)
    font = read_font("Lente", path)
    assert font.face.filename == str(path)  # (ReportLab names the font's objects by it)
    read = file_digest(path)
    shutil.copyfile(FREDOKA, path)
    assert not hasattr(font, "printandplay_digest")
    assert _registered_digest(font) == read != file_digest(path)
    assert font.printandplay_digest == read  # type: ignore[attr-defined]
    assert _registered_digest(TTFont("Autre", str(ROBOTO))) is None  # not read here


def _with_postscript_name(source: Path, name: str, target: Path) -> Path:
    """A copy of ``source`` whose PostScript name (name ID 6) is ``name`` (no longer than it
    was): as a font edited and saved again keeps its name, or a family badly named."""
    data = bytearray(source.read_bytes())
    for n in range(struct.unpack_from(">H", data, 4)[0]):
        tag, _, offset, _ = struct.unpack_from(">4sLLL", data, 12 + 16 * n)
        if tag == b"name":
            break
    _, count, storage = struct.unpack_from(">HHH", data, offset)
    for r in range(count):
        at = offset + 6 + 12 * r
        platform, _, _, name_id, length, start = struct.unpack_from(">HHHHHH", data, at)
        if name_id == 6:
            encoded = name.encode("latin-1" if platform == 1 else "utf-16-be")
            assert len(encoded) <= length
            begin = offset + storage + start
            data[begin:begin + len(encoded)] = encoded
            struct.pack_into(">H", data, at + 8, len(encoded))
    target.write_bytes(bytes(data))
    return target


def test_other_bytes_under_a_known_postscript_name_are_their_own_font(tmp_path: Path) -> None:
    # ReportLab registers a TrueType font whose face name it knows as the font it knows: the
    # bold would have printed with the regular's glyphs and widths
    bold = ROBOTO.with_name("Roboto-Bold.ttf")
    regular = _with_postscript_name(ROBOTO, "Roboto-Bold", tmp_path / "Normal.ttf")
    table = FontTable({"body": FontRole("body", {"regular": regular, "bold": bold}, "OFL-1.1")})
    table.load_all("fonts/fonts.yaml")
    fonts = [pdfmetrics.getFont(table.select("body", b, False)) for b in (False, True)]
    assert fonts[0] is not fonts[1]
    # whichever came second in this process has its own name in the PDF
    first, second = sorted(font.face.name for font in fonts)
    assert first == b"Roboto-Bold" and second.startswith(b"Roboto-Bold-")
    widths = [table.width(table.prepare(TEXT, f.fontName), f.fontName) for f in fonts]
    assert widths == [_width(_table(ROBOTO)), _width(_table(bold))]
    pdf = tmp_path / "deux.pdf"  # both embedded, each with its own glyphs
    page = canvas.Canvas(str(pdf), invariant=1)
    for y, font in ((700, fonts[0]), (650, fonts[1])):
        page.setFont(font.fontName, 20)
        page.drawString(50, y, TEXT)
    page.save()
    names = sorted(set(re.findall(rb"/BaseFont /(\w+\+[\w-]+)", pdf.read_bytes())))
    assert len(names) == 2 and all(b"+Roboto-Bold" in name for name in names), names


def test_same_bytes_under_another_file_name_share_the_font(tmp_path: Path) -> None:
    copy = tmp_path / "Autre.ttf"
    shutil.copyfile(ROBOTO, copy)
    first = pdfmetrics.getFont(_table(ROBOTO).select("body", False, False))
    second = pdfmetrics.getFont(_table(copy).select("body", False, False))
    assert second.face.name == first.face.name == b"Roboto-Regular"
    assert second.face is first.face
