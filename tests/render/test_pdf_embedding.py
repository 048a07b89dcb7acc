"""What the PDF embeds: TrueType subsets (codes, widths, text that reads back), raster images
(stored as they are or decoded, their transparency kept), and resources named where used."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from helpers import KITS_GROUP, bundled_assets
from PIL import Image
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics

from printandplay.model.game import Size
from printandplay.model.ops import Face, ImageOp, Placement, RectOp, TextOp
from printandplay.model.shapes import Rectangle
from printandplay.render.pdf import PdfWriter
from printandplay.render.pdf_fonts import subset_tag, unicode_map

pytestmark = pytest.mark.xdist_group(KITS_GROUP)


def test_subset_tags_are_six_capitals_one_per_subset() -> None:
    tags = [subset_tag(n) for n in range(2000)]
    assert tags[:3] == ["AAAAAA", "AAAAAB", "AAAAAC"]
    assert len(set(tags)) == 2000 and all(re.fullmatch("[A-Z]{6}", t) for t in tags)


def test_the_unicode_map_names_each_code_but_the_missing_glyph() -> None:
    cmap = unicode_map("AAAAAA+X", [0, ord("a"), ord("é"), 0x1F3B2])
    assert "3 beginbfchar" in cmap
    assert "<01> <0061>" in cmap and "<02> <00E9>" in cmap and "<03> <D83CDFB2>" in cmap
    assert "<00>" not in cmap.split("endcodespacerange")[1]


class _Images:
    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def path(self, name: str) -> Path:
        return self.files[name]


def _write(texts: list[str], images: dict[str, Path] | None = None) -> bytes:
    """A one-page PDF: each text on its own line in the kit's body font, then each image in a
    column of 60 pt squares over a black band."""
    fonts = bundled_assets("licum").fonts
    font = fonts.select("body", False, False)
    ops: list[Any] = [TextOp(20, 800 - 14 * i, fonts.prepare(text, font), font, 10, (0, 0, 0))
                      for i, text in enumerate(texts)]
    for i, name in enumerate(images or {}):
        ops += [RectOp(20, 20 + 80 * i, 200, 30, fill=(0, 0, 0)),
                ImageOp(name, 20, 20 + 80 * i, 60, 60)]
    face = Face(595, 842, 0.0, Rectangle(), tuple(ops))
    writer = PdfWriter(io.BytesIO(), bundled_assets("licum").icons, title="t",
                       images=_Images(images or {}))  # type: ignore[arg-type]
    writer.page(Size(595, 842), (), [Placement(face, 0, 0, None, 1)])
    return writer.save_bytes()


def _fonts(data: bytes) -> Iterator[Any]:
    page: Any = PdfReader(io.BytesIO(data)).pages[0]
    for font in page["/Resources"]["/Font"].values():
        yield font.get_object()


def test_more_than_256_characters_take_several_subsets_and_read_back() -> None:
    fonts = bundled_assets("licum").fonts
    font = fonts.select("body", False, False)
    glyphs = pdfmetrics.getFont(font).face.charToGlyph
    alphabet = [chr(c) for c in range(0x21, 0x250) if c in glyphs]
    assert len(alphabet) > 400
    texts = ["".join(alphabet[i:i + 60]) for i in range(0, len(alphabet), 60)]
    texts.append("Piochez deux cartes, l’été : « Œuvre » !")
    data = _write(texts)
    subsets = list(_fonts(data))
    # printable ASCII keeps its own codes in the first subset, which has 160 more; the others
    # 255 each (code 0: the missing glyph)
    others = len({c for c in "".join(texts) if not " " <= c <= "~"})
    assert len(subsets) == 1 + -(-max(0, others - 160) // 255) >= 2
    names = sorted(str(f["/BaseFont"]) for f in subsets)
    assert names == [f"/{subset_tag(n)}+Roboto-Regular" for n in range(len(subsets))]
    read = PdfReader(io.BytesIO(data)).pages[0].extract_text()
    for text in texts:
        assert text in read
    # each code's width is the glyph's, in thousandths of the size
    face = bundled_assets("licum").fonts  # (measured by ReportLab)
    for subset in subsets:
        widths = [float(w) for w in subset["/Widths"]]
        assert int(subset["/LastChar"]) == len(widths) - 1 <= 255
        cmap = subset["/ToUnicode"].get_object().get_data().decode()
        for code, unicode in re.findall(r"<([0-9A-F]{2})> <([0-9A-F]{4})>", cmap):
            char = chr(int(unicode, 16))
            assert widths[int(code, 16)] == pytest.approx(face.width(char, font) * 1000, abs=0.6)
        assert subset["/FontDescriptor"]["/FontFile2"].get_object()["/Length1"] > 1000


def test_a_text_is_split_where_its_characters_change_subset() -> None:
    fonts = bundled_assets("licum").fonts
    font = fonts.select("body", False, False)
    glyphs = pdfmetrics.getFont(font).face.charToGlyph
    filler = "".join(chr(c) for c in range(0x100, 0x250) if c in glyphs)[:300]
    data = _write([filler, "aĀb"])  # "a", "b" in the first subset; Ā too; then new ones
    read = PdfReader(io.BytesIO(data)).pages[0].extract_text()
    assert "aĀb" in read and filler in read.replace("\n", "")


def _pixel(data: bytes, x: float, y: float) -> tuple[int, ...]:
    """The colour at (x, y) points from the bottom left of the first page, drawn at 72 dpi."""
    page = pdfium.PdfDocument(data)[0]
    image = page.render(scale=1).to_pil().convert("RGB")
    return image.getpixel((int(x), int(842 - y)))  # type: ignore[return-value]


def test_images_keep_their_colours_and_transparency(tmp_path: Path) -> None:
    files: dict[str, Path] = {}
    rgba = Image.new("RGBA", (60, 60), (220, 30, 30, 255))
    for x in range(30):
        for y in range(60):
            rgba.putpixel((x, y), (0, 0, 0, 0))  # left half transparent
    rgba.save(files.setdefault("rgba.png", tmp_path / "rgba.png"))
    grey = Image.new("L", (60, 60), 128)
    grey.save(files.setdefault("grey.png", tmp_path / "grey.png"))
    palette = Image.new("P", (60, 60), 1)
    palette.putpalette([0, 0, 0, 40, 160, 40] + [0] * 762)
    palette.paste(0, (0, 0, 30, 60))
    palette.save(files.setdefault("palette.png", tmp_path / "palette.png"), transparency=0)
    Image.new("RGB", (60, 60), (30, 60, 200)).save(
        files.setdefault("photo.jpg", tmp_path / "photo.jpg"), quality=95)
    Image.new("RGBA", (60, 60), (90, 90, 0, 255)).save(
        files.setdefault("opaque.png", tmp_path / "opaque.png"))
    Image.new("CMYK", (60, 60), (255, 0, 0, 0)).save(
        files.setdefault("cmyk.jpg", tmp_path / "cmyk.jpg"), quality=95)  # decoded to RGB
    Image.new("I;16", (60, 60), 0x6000).save(files.setdefault("deep.png", tmp_path / "deep.png"))
    data = _write([], files)
    assert data.count(b"/Subtype /Image") == 7 + 2  # two soft masks
    assert data.count(b"/SMask") == 2
    jpeg = (tmp_path / "photo.jpg").read_bytes()
    assert jpeg in data and data.count(b"/DCTDecode") == 1  # stored as it is
    band = 20 + 15  # the middle of each image's black band, in points from the bottom
    rows = {name: 80 * i for i, name in enumerate(files)}
    # transparent halves show the black band under them, opaque halves their colour
    assert _pixel(data, 35, band + rows["rgba.png"]) == (0, 0, 0)
    assert _pixel(data, 65, band + rows["rgba.png"]) == pytest.approx((220, 30, 30), abs=3)
    assert _pixel(data, 35, band + rows["palette.png"]) == (0, 0, 0)
    assert _pixel(data, 65, band + rows["palette.png"]) == pytest.approx((40, 160, 40), abs=3)
    assert _pixel(data, 50, band + rows["grey.png"]) == pytest.approx((128, 128, 128), abs=3)
    assert _pixel(data, 50, band + rows["photo.jpg"]) == pytest.approx((30, 60, 200), abs=6)
    assert _pixel(data, 50, band + rows["opaque.png"]) == pytest.approx((90, 90, 0), abs=3)
    assert _pixel(data, 50, band + rows["cmyk.jpg"]) == pytest.approx((0, 255, 255), abs=6)
    # 16 bits of grey, scaled to 8 (0x6000 of 0xFFFF: 96 of 255), not clipped to white
    assert _pixel(data, 50, band + rows["deep.png"]) == pytest.approx((96, 96, 96), abs=3)


_USES = {"/Font": rb"/(F\d+) [\d.]+ Tf", "/XObject": rb"/(X\d+) Do",
         "/ExtGState": rb"/(G\d+) gs"}


def _check_declared(stream: Any, resources: Any, where: str, seen: set[int]) -> int:
    """Every font, XObject and state a content stream names is in its resources; forms are
    checked the same way. Returns how many names were checked."""
    data = stream.get_data()
    checked = 0
    for key, pattern in _USES.items():
        declared = resources.get(key, {}) if resources is not None else {}
        for name in set(re.findall(pattern, data)):
            assert f"/{name.decode()}" in declared, f"{where}: /{name.decode()} not in {key}"
            checked += 1
    for name, ref in (resources.get("/XObject", {}) if resources is not None else {}).items():
        if ref.idnum in seen:
            continue
        seen.add(ref.idnum)
        xobject = ref.get_object()
        if xobject["/Subtype"] == "/Form":
            checked += _check_declared(xobject, xobject.get("/Resources"), f"{where} {name}",
                                       seen)
    return checked


@pytest.mark.parametrize("game", ["licum", "sorciers"])
def test_every_resource_a_stream_uses_is_declared_in_it(bundled_kits: Any, game: str) -> None:
    reader: Any = PdfReader(bundled_kits.pdf(game))
    seen: set[int] = set()
    checked = sum(_check_declared(page.get_contents(), page.get("/Resources"),
                                  f"page {number + 1}", seen)
                  for number, page in enumerate(reader.pages))
    assert checked > 200
    # and a page names only what it uses (no document-wide dictionary of everything)
    for page in reader.pages:
        used = set(re.findall(rb"/(X\d+) Do", page.get_contents().get_data()))
        declared = page["/Resources"].get("/XObject", {})
        assert {name.encode()[1:] for name in declared} == used


def _quadrants(width: int = 40, height: int = 20) -> Image.Image:
    """An image whose four quadrants have four colours (any turn or mirror tells apart)."""
    image = Image.new("RGB", (width, height))
    colours = [(220, 30, 30), (30, 200, 30), (30, 30, 220), (230, 210, 20)]
    for index, colour in enumerate(colours):
        x, y = (index % 2) * width // 2, (index // 2) * height // 2
        image.paste(colour, (x, y, x + width // 2, y + height // 2))
    return image


@pytest.mark.parametrize("orientation", range(1, 9))
def test_a_photo_s_exif_orientation_is_shown_upright(tmp_path: Path, orientation: int) -> None:
    """A JPEG with an EXIF orientation (a camera held sideways) is sized and drawn as viewers
    show it: its size the other way round for a quarter turn, each quadrant where Pillow's
    ``exif_transpose`` puts it; the file itself is stored as it is."""
    from PIL import ImageOps

    from printandplay.data.images import image_size

    path = tmp_path / "photo.jpg"
    exif = Image.Exif()
    exif[0x0112] = orientation
    _quadrants().save(path, quality=95, exif=exif)
    data = path.read_bytes()
    with Image.open(path) as opened:
        upright = ImageOps.exif_transpose(opened)
    assert image_size(data) == upright.size
    width, height = upright.size
    left, top, w, h = 100.0, 100.0, 4.0 * width, 4.0 * height  # points, from the top left
    face = Face(595, 842, 0.0, Rectangle(), (ImageOp("photo.jpg", left, 842 - top - h, w, h),))
    writer = PdfWriter(io.BytesIO(), bundled_assets("licum").icons, title="t",
                       images=_Images({"photo.jpg": path}))  # type: ignore[arg-type]
    writer.page(Size(595, 842), (), [Placement(face, 0, 0, None, 1)])
    pdf = writer.save_bytes()
    assert data in pdf  # stored as it is
    page = pdfium.PdfDocument(pdf)[0].render(scale=1).to_pil().convert("RGB")
    for fx, fy in ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)):
        expected = upright.getpixel((int(fx * width), int(fy * height)))
        shown = page.getpixel((int(left + fx * w), int(top + fy * h)))
        assert shown == pytest.approx(expected, abs=12), (orientation, fx, fy)
