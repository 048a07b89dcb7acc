"""Finding a game's raster images (``templates/<game>/images/``, then shared ones).

Only the pixel size is read here, from the file's header (PNG or JPEG), so that layout can fit
an image in its box without Pillow; the renderer embeds the file itself. :meth:`ImageLibrary.
check_all` checks every file when assets load (structure, CRCs, complete data, pixel limit),
so that a truncated file or a decompression bomb is a clear error, not a failure mid-draw.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from printandplay.data.files import read_bytes, resolve_inside
from printandplay.data.limits import MAX_IMAGE_PIXELS
from printandplay.errors import DataError, LayoutError, Location, suggest

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg")
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# JPEG start-of-frame markers (the ones that carry the size): C0–CF but DHT, JPG and DAC
_SOF = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}


class ImageLibrary:
    """The images a game may use: ``images/<name>`` in its template folders, first wins (the
    PDF writer sees it as an :class:`~printandplay.model.providers.ImageProvider`)."""

    def __init__(self, folders: Sequence[Path], display: Callable[[Path], str] = str) -> None:
        self.paths: dict[str, Path] = {}
        for folder in folders:
            images = folder / "images"
            if images.is_dir():
                for path in sorted(images.rglob("*")):
                    if path.suffix.lower() in IMAGE_SUFFIXES and (path.is_file()
                                                                   or path.is_symlink()):
                        resolve_inside(folder, path.relative_to(folder).as_posix(),
                                       Location(display(path)), "image",
                                       f"templates/{folder.name}/")
                        self.paths.setdefault(path.relative_to(images).as_posix(), path)
        self._sizes: dict[str, tuple[int, int]] = {}
        self._display = display

    def path(self, name: str) -> Path:
        """The file of image ``name`` (a :class:`LayoutError` naming close names if unknown)."""
        path = self.paths.get(PurePosixPath(name).as_posix())
        if path is None:
            if not name.lower().endswith(IMAGE_SUFFIXES):
                raise LayoutError(f"image '{name}': use a .png or .jpg file of images/")
            raise LayoutError(f"unknown image '{name}' (not in templates/…/images/)"
                              f"{suggest(name, self.paths)}")
        return path

    def size(self, name: str) -> tuple[int, int]:
        """Width and height of the image in pixels."""
        size = self._sizes.get(name)
        if size is None:
            path = self.path(name)
            try:
                size = image_size(read_bytes(path, self._display(path)))
            except ValueError as err:
                raise LayoutError(f"{self._display(path)}: {err}") from None
            self._sizes[name] = size
        return size

    def check_all(self) -> None:
        """Check every image file now (a :class:`DataError` naming the file if one is bad)."""
        for name, path in self.paths.items():
            shown = self._display(path)
            try:
                self._sizes[name] = check_image(read_bytes(path, shown))
            except ValueError as err:
                raise DataError(Location(shown), str(err)) from None

    def aspect(self, name: str) -> float:
        """Width over height of the image."""
        width, height = self.size(name)
        return width / height


def image_size(data: bytes) -> tuple[int, int]:
    """Pixel size of a PNG or JPEG file's content as it is shown (a JPEG turned a quarter by
    its EXIF orientation: the other way round); ``ValueError`` for anything else."""
    try:
        return _header_size(data)
    except struct.error:
        raise ValueError("truncated image file (incomplete header)") from None


@dataclass(frozen=True)
class JpegFrame:
    """What a JPEG file's header says: its stored size, its colour channels (1 grey, 3 colour,
    4 CMYK) and its EXIF orientation (1: as stored; 2–8: mirrored and/or turned, as a camera
    held sideways writes it)."""

    width: int
    height: int
    channels: int
    orientation: int = 1


def jpeg_frame(data: bytes) -> JpegFrame | None:
    """The header of a JPEG file (None: not a JPEG file)."""
    if not data.startswith(b"\xff\xd8"):
        return None
    try:
        return _jpeg_frame(data)
    except struct.error:
        raise ValueError("truncated image file (incomplete header)") from None


def _jpeg_frame(data: bytes) -> JpegFrame:
    """The frame (start-of-frame segment) and the orientation (an EXIF segment before it);
    zeros when there is no frame."""
    i = 2
    orientation = 1
    while i + 9 < len(data):
        if data[i] != 0xFF:
            raise ValueError("not a valid JPEG file (bad marker)")
        marker = data[i + 1]
        if marker == 0xFF:  # fill byte
            i += 1
            continue
        length = struct.unpack(">H", data[i + 2:i + 4])[0]
        if marker == 0xE1 and data[i + 4:i + 10] == b"Exif\0\0":
            orientation = _exif_orientation(data[i + 10:i + 2 + length])
        if marker in _SOF:
            height, width = struct.unpack(">HH", data[i + 5:i + 9])
            return JpegFrame(width, height, data[i + 9] if i + 9 < len(data) else 0,
                             orientation)
        i += 2 + length
    return JpegFrame(0, 0, 0)


def _exif_orientation(tiff: bytes) -> int:
    """The Orientation tag (0x0112) of the first image directory of EXIF data (1 when it is
    absent, out of range or the data is malformed)."""
    order = {b"II": "<", b"MM": ">"}.get(tiff[:2])
    if order is None or len(tiff) < 8:
        return 1
    (start,) = struct.unpack(order + "I", tiff[4:8])
    if start + 2 > len(tiff):
        return 1
    (count,) = struct.unpack(order + "H", tiff[start:start + 2])
    for entry in range(min(count, 512)):
        at = start + 2 + 12 * entry
        if at + 12 > len(tiff):
            break
        tag, kind = struct.unpack(order + "HH", tiff[at:at + 4])
        if tag == 0x0112 and kind == 3:  # SHORT
            (value,) = struct.unpack(order + "H", tiff[at + 8:at + 10])
            return value if 1 <= value <= 8 else 1
    return 1


def _header_size(data: bytes) -> tuple[int, int]:
    if data.startswith(_PNG_SIGNATURE):
        if data[12:16] != b"IHDR":
            raise ValueError("not a valid PNG file (no IHDR chunk)")
        width, height = struct.unpack(">II", data[16:24])
    elif data.startswith(b"\xff\xd8"):
        frame = _jpeg_frame(data)
        width, height = frame.width, frame.height
        if frame.orientation >= 5:  # turned a quarter: shown the other way round
            width, height = height, width
    else:
        raise ValueError("not a PNG or JPEG file")
    if width <= 0 or height <= 0:
        raise ValueError("image without a size")
    return width, height


_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}  # PNG colour type → samples per pixel
_SLACK = 1 << 16  # extra decompressed bytes tolerated after the image data (libpng warns)
# Adam7 passes: first column, first row, column step, row step
_ADAM7 = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
          (0, 1, 1, 2))


def check_image(data: bytes) -> tuple[int, int]:
    """Pixel size of a complete, well-formed PNG or JPEG (``ValueError`` saying what is wrong).

    Beyond :func:`image_size`, checks the pixel limit and that the data is all there: PNG
    chunks and their CRCs, image data that inflates to its full size (and no further), the
    end marker of a JPEG.
    """
    width, height = image_size(data)
    if width * height > MAX_IMAGE_PIXELS:
        raise ValueError(f"image of {width}×{height} pixels is too large (images are limited "
                         f"to {MAX_IMAGE_PIXELS // 1_000_000} million pixels)")
    if data.startswith(_PNG_SIGNATURE):
        _check_png(data, width, height)
    elif b"\xff\xd9" not in data[-64:]:
        raise ValueError("truncated JPEG file (no end marker)")
    return width, height


def _check_png(data: bytes, width: int, height: int) -> None:
    pos = len(_PNG_SIGNATURE)
    compressed = []
    depth = colour = interlace = 0
    ended = False
    while pos < len(data) and not ended:
        if pos + 12 > len(data):
            raise ValueError("truncated PNG file")
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if len(body) < length or pos + 12 + length > len(data):
            raise ValueError("truncated PNG file")
        (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        if zlib.crc32(kind + body) != crc:
            raise ValueError(f"damaged PNG file (bad checksum in chunk {kind.decode('latin-1')!r})")
        if kind == b"IHDR" and length == 13:
            depth, colour, _, _, interlace = struct.unpack(">BBBBB", body[8:13])
        elif kind == b"IDAT":
            compressed.append(body)
        elif kind == b"IEND":
            ended = True
        pos += 12 + length
    if not ended:
        raise ValueError("truncated PNG file (no IEND chunk)")
    if colour not in _CHANNELS or depth not in (1, 2, 4, 8, 16):
        raise ValueError("not a valid PNG file (unknown colour type or bit depth)")
    expected = _raw_size(width, height, _CHANNELS[colour] * depth, interlace)
    inflater = zlib.decompressobj()
    produced = 0
    try:
        for chunk in compressed:
            while chunk:
                produced += len(inflater.decompress(chunk, 1 << 20))
                chunk = inflater.unconsumed_tail
                if produced > expected + _SLACK:
                    raise ValueError("damaged PNG file (more image data than its size)")
        produced += len(inflater.flush())
    except zlib.error:
        raise ValueError("damaged PNG file (image data cannot be decompressed)") from None
    if not inflater.eof or produced < expected:
        raise ValueError("truncated PNG file (image data incomplete)")


def _raw_size(width: int, height: int, bits: int, interlace: int) -> int:
    """Bytes of a PNG's decompressed image data: each row is a filter byte and its pixels."""
    if not interlace:
        return height * (1 + (width * bits + 7) // 8)
    total = 0
    for x0, y0, dx, dy in _ADAM7:
        columns = (width - x0 + dx - 1) // dx if width > x0 else 0
        rows = (height - y0 + dy - 1) // dy if height > y0 else 0
        if columns and rows:
            total += rows * (1 + (columns * bits + 7) // 8)
    return total
