"""Tests of assets checked when they load (issue 10): images (structure, data, pixel limit),
icons and font files; a bad file is a clear error naming it, not a failure mid-draw."""

from __future__ import annotations

import io
import struct
import zlib
from pathlib import Path

import pytest
from PIL import Image

from printandplay.data.fonts_loader import load_fonts
from printandplay.data.icons import IconLibrary
from printandplay.data.images import ImageLibrary, check_image
from printandplay.data.limits import MAX_IMAGE_PIXELS
from printandplay.errors import DataError, DataErrors, PrintAndPlayError
from printandplay.model.fonts import FontRole
from printandplay.render.fonts import FontTable

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def png(width: int, height: int, raw: bytes | None = None, interlace: int = 0) -> bytes:
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, interlace)
    if raw is None:
        raw = b"".join(b"\0" + b"\x80" * (3 * width) for _ in range(height))
    return (SIGNATURE + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw))
            + chunk(b"IEND", b""))


def pillow(mode: str, size: tuple[int, int], fmt: str, **options: object) -> bytes:
    out = io.BytesIO()
    Image.new(mode, size).save(out, fmt, **options)
    return out.getvalue()


# --- images -----------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["1", "L", "LA", "P", "RGB", "RGBA", "I;16"])
def test_real_pngs_pass(mode: str) -> None:
    assert check_image(pillow(mode, (37, 11), "PNG")) == (37, 11)


@pytest.mark.parametrize("mode", ["L", "RGB", "CMYK"])
def test_real_jpegs_pass(mode: str) -> None:
    assert check_image(pillow(mode, (40, 30), "JPEG", progressive=mode == "RGB")) == (40, 30)


def test_interlaced_png_passes() -> None:
    width, height = 13, 7
    rows = []  # Adam7 passes of an RGB image: each pass row is a filter byte and its pixels
    for x0, y0, dx, dy in ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4),
                           (1, 0, 2, 2), (0, 1, 1, 2)):
        columns = len(range(x0, width, dx))
        rows += [b"\0" + b"\x40" * (3 * columns) for _ in range(y0, height, dy) if columns]
    data = png(width, height, b"".join(rows), interlace=1)
    assert Image.open(io.BytesIO(data)).size == (width, height)  # Pillow agrees it is valid
    assert check_image(data) == (width, height)


@pytest.mark.parametrize(("data", "message"), [
    (png(100_000, 100_000, b"\0" * 10),
     f"image of 100000×100000 pixels is too large (images are limited to "
     f"{MAX_IMAGE_PIXELS // 1_000_000} million pixels)"),
    (png(4, 4)[:-20], "truncated PNG file"),
    (png(4, 4)[:-5], "truncated PNG file"),  # cut inside the last chunk's length and type
    (png(4, 4)[:-12], "truncated PNG file (no IEND chunk)"),
    (png(4, 4, b"\0" * 10), "truncated PNG file (image data incomplete)"),
    (png(64, 64, b"\0" * 2_000_000), "damaged PNG file (more image data than its size)"),
    (SIGNATURE + b"\0\0", "not a valid PNG file (no IHDR chunk)"),
    (SIGNATURE + b"\0\0\0\x0dIHDR\0\0", "truncated image file (incomplete header)"),
    (b"", "not a PNG or JPEG file"),
    (bytes(range(256)), "not a PNG or JPEG file"),
], ids=["bomb", "cut", "cut-in-chunk-header", "no-iend", "short-data", "zlib-bomb", "no-ihdr", "cut-header", "empty",
        "random"])
def test_bad_pngs_are_refused(data: bytes, message: str) -> None:
    with pytest.raises(ValueError) as info:
        check_image(data)
    assert str(info.value) == message


def test_bad_checksum_is_refused() -> None:
    data = bytearray(png(4, 4))
    data[30] ^= 0xFF
    with pytest.raises(ValueError, match=r"bad checksum in chunk 'IHDR'"):
        check_image(bytes(data))


def test_truncated_jpeg_is_refused() -> None:
    data = pillow("RGB", (40, 30), "JPEG")
    with pytest.raises(ValueError, match="truncated JPEG file"):
        check_image(data[: len(data) // 2])


def images_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "templates" / "g"
    (folder / "images").mkdir(parents=True)
    return folder


def test_library_checks_every_image_when_asked(tmp_path: Path) -> None:
    folder = images_folder(tmp_path)
    (folder / "images" / "ok.png").write_bytes(png(8, 4))
    library = ImageLibrary([folder])
    library.check_all()
    assert library.aspect("ok.png") == 2.0
    (folder / "images" / "bad.png").write_bytes(png(8, 4)[:-20])
    with pytest.raises(DataError) as info:
        ImageLibrary([folder], lambda p: p.relative_to(tmp_path).as_posix()).check_all()
    assert str(info.value) == "templates/g/images/bad.png: truncated PNG file"


def test_image_symlink_outside_is_refused(tmp_path: Path) -> None:
    folder = images_folder(tmp_path)
    (tmp_path / "secret.png").write_bytes(png(2, 2))
    (folder / "images" / "art.png").symlink_to(tmp_path / "secret.png")
    with pytest.raises(DataError) as info:
        ImageLibrary([folder], lambda p: p.relative_to(tmp_path).as_posix())
    assert str(info.value) == (
        "templates/g/images/art.png: image 'images/art.png': a symlink that points outside "
        "templates/g/ (a game reads only its own folders)")


# --- icons ------------------------------------------------------------------------------------


def icons_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "templates" / "g"
    (folder / "icons").mkdir(parents=True)
    (folder / "icons" / "ok.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
        '<rect width="10" height="10"/></svg>', encoding="utf-8")
    return folder


@pytest.mark.parametrize(("content", "message"), [
    (b"\xff\xfe\x00\xff", "templates/g/icons/bad.svg: not UTF-8 text (byte 0)"),
    (b"", "templates/g/icons/bad.svg:1: invalid XML: no element found"),
    (b"pas du XML", "templates/g/icons/bad.svg:1: invalid XML: syntax error"),
])
def test_icons_are_all_checked_at_load(tmp_path: Path, content: bytes, message: str) -> None:
    folder = icons_folder(tmp_path)
    IconLibrary([folder]).load_all()
    (folder / "icons" / "bad.svg").write_bytes(content)
    library = IconLibrary([folder], lambda p: p.relative_to(tmp_path).as_posix())
    with pytest.raises(DataError) as info:
        library.load_all()
    assert str(info.value) == message


def test_icon_symlink_outside_is_refused(tmp_path: Path) -> None:
    folder = icons_folder(tmp_path)
    (folder / "icons" / "zero.svg").symlink_to("/dev/zero")
    with pytest.raises(DataError, match="icon 'icons/zero.svg': a symlink that points outside"):
        IconLibrary([folder])


def test_icon_that_is_a_device_inside_is_refused(tmp_path: Path) -> None:
    import os

    folder = icons_folder(tmp_path)
    os.mkfifo(folder / "icons" / "pipe.svg")
    with pytest.raises(DataError, match=r"pipe.svg: cannot read icon: not a regular file"):
        IconLibrary([folder]).load_all()


# --- fonts ------------------------------------------------------------------------------------


def fonts_yaml(tmp_path: Path, file: str, content: bytes | None = None) -> Path:
    if content is not None:
        (tmp_path / file).write_bytes(content)
    path = tmp_path / "fonts.yaml"
    path.write_text(f"roles:\n  body:\n    regular: {{file: {file}}}\n    licence: OFL-1.1\n",
                    encoding="utf-8")
    return path


def first_problem(path: Path) -> str:
    with pytest.raises(PrintAndPlayError) as info:
        load_fonts(path, "fonts/fonts.yaml")
    assert isinstance(info.value, (DataError, DataErrors))
    return info.value.problems()[0]


@pytest.mark.parametrize(("file", "content", "message"), [
    ("bruit.ttf", bytes(range(200, 256)), "'bruit.ttf' is not a TrueType font file (.ttf)"),
    ("vide.ttf", b"", "'vide.ttf' is not a TrueType font file (.ttf)"),
    ("image.ttf", png(2, 2), "'image.ttf' is not a TrueType font file (.ttf)"),
    ("cff.otf", b"OTTO" + bytes(60), "'cff.otf' is an OpenType font with PostScript outlines; "
                                     "use a TrueType font (.ttf)"),
    ("/etc/passwd", None, "file '/etc/passwd': absolute paths are not allowed "
                          "(write a path inside fonts/)"),
    ("../x.ttf", None, "file '../x.ttf': '..' leaves the folder fonts/"),
])
def test_font_files_refused_when_fonts_load(tmp_path: Path, file: str, content: bytes | None,
                                            message: str) -> None:
    assert first_problem(fonts_yaml(tmp_path, file, content)) == (
        f"fonts/fonts.yaml:3: font 'body.regular': {message}")


def test_font_symlink_outside_is_refused(tmp_path: Path) -> None:
    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts" / "a.ttf").symlink_to("/etc/passwd")
    assert first_problem(fonts_yaml(tmp_path / "fonts", "a.ttf")) == (
        "fonts/fonts.yaml:3: font 'body.regular': file 'a.ttf': a symlink that points outside "
        "fonts/ (a game reads only its own folders)")


def test_font_too_large_is_refused(tmp_path: Path) -> None:
    with (tmp_path / "big.ttf").open("wb") as out:
        out.write(b"\0\1\0\0")
        out.truncate(11 * 1024 * 1024)
    assert first_problem(fonts_yaml(tmp_path, "big.ttf")) == (
        "fonts/fonts.yaml:3: font 'body.regular': big.ttf: file too large (11 MB; input files "
        "are limited to 10 MB)")


def test_corrupt_truetype_is_a_data_error_when_assets_load(tmp_path: Path) -> None:
    bad = tmp_path / "casse-test-unique.ttf"
    bad.write_bytes(b"\0\1\0\0" + bytes(range(256)) * 4)
    table = FontTable({"body": FontRole("body", {"regular": bad}, "OFL-1.1")})
    with pytest.raises(DataError) as info:
        table.load_all("fonts/fonts.yaml")
    assert str(info.value).startswith(
        "fonts/fonts.yaml: font 'body.regular': 'casse-test-unique.ttf' is not a usable "
        "TrueType font (")
    assert str(tmp_path) not in str(info.value)


def test_font_package_with_a_dot_is_refused_without_importing_anything(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # find_spec("piege.sous") would import "piege": a game folder on sys.path (python -m
    # printandplay puts the current folder there) could run code.
    package = tmp_path / "paquets" / "piege"
    (package / "sous").mkdir(parents=True)
    marker = tmp_path / "ran"
    (package / "__init__.py").write_text(f"open({str(marker)!r}, 'w').close()\n",
                                         encoding="utf-8")
    (package / "sous" / "__init__.py").write_text("", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path / "paquets"))
    path = tmp_path / "fonts.yaml"
    path.write_text("roles:\n  body:\n    regular: {package: piege.sous, file: a.ttf}\n"
                    "    licence: OFL-1.1\n", encoding="utf-8")
    assert first_problem(path) == (
        f"fonts/fonts.yaml:3: font 'body.regular': file not found: {package / 'sous' / 'a.ttf'}")
    assert not marker.exists()  # found without being imported
    path.write_text("roles:\n  body:\n    regular: {package: piege.sous.., file: a.ttf}\n"
                    "    licence: OFL-1.1\n", encoding="utf-8")
    assert first_problem(path) == (
        "fonts/fonts.yaml:3: font 'body.regular': package 'piege.sous..' must be the name of an "
        "installed package (a.b.c)")
    assert not marker.exists()
