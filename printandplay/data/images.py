"""Finding a game's raster images (``templates/<game>/images/``, then shared ones).

Only the pixel size is read here, from the file's header (PNG or JPEG), so that layout can fit
an image in its box without Pillow; the renderer embeds the file itself.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Sequence
from pathlib import Path, PurePosixPath

from printandplay.data.reader import suggest
from printandplay.errors import LayoutError

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg")
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# JPEG start-of-frame markers (the ones that carry the size): C0–CF but DHT, JPG and DAC
_SOF = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}


class ImageLibrary:
    """The images a game may use: ``images/<name>`` in its template folders, first wins."""

    def __init__(self, folders: Sequence[Path], display: Callable[[Path], str] = str) -> None:
        self.paths: dict[str, Path] = {}
        for folder in folders:
            images = folder / "images"
            if images.is_dir():
                for path in sorted(images.rglob("*")):
                    if path.is_file() and path.suffix.lower() in IMAGE_SUFFIXES:
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
                size = image_size(path.read_bytes())
            except ValueError as err:
                raise LayoutError(f"{self._display(path)}: {err}") from None
            self._sizes[name] = size
        return size

    def aspect(self, name: str) -> float:
        """Width over height of the image."""
        width, height = self.size(name)
        return width / height


def image_size(data: bytes) -> tuple[int, int]:
    """Pixel size of a PNG or JPEG file's content (``ValueError`` for anything else)."""
    if data.startswith(_PNG_SIGNATURE):
        if data[12:16] != b"IHDR":
            raise ValueError("not a valid PNG file (no IHDR chunk)")
        width, height = struct.unpack(">II", data[16:24])
    elif data.startswith(b"\xff\xd8"):
        width = height = 0
        i = 2
        while i + 9 < len(data):
            if data[i] != 0xFF:
                raise ValueError("not a valid JPEG file (bad marker)")
            marker = data[i + 1]
            if marker == 0xFF:  # fill byte
                i += 1
                continue
            length = struct.unpack(">H", data[i + 2:i + 4])[0]
            if marker in _SOF:
                height, width = struct.unpack(">HH", data[i + 5:i + 9])
                break
            i += 2 + length
    else:
        raise ValueError("not a PNG or JPEG file")
    if width <= 0 or height <= 0:
        raise ValueError("image without a size")
    return width, height
