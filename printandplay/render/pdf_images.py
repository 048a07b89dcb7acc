"""Raster images as PDF image XObjects, each stored once and drawn over the unit square.

A JPEG file in grey or RGB is stored as its own bytes (``DCTDecode``, its header read here)
and turned upright where it is placed when its EXIF orientation says so (a photo taken with
the camera held sideways); anything else (a PNG, a CMYK JPEG) is decoded by Pillow and stored
deflated, in grey or RGB, with its transparency (an alpha channel or a transparent colour) as
a soft mask: a PNG's transparent parts let the card show through.
The files were checked when the game loaded (structure, size, pixel limit:
:mod:`printandplay.data.images`).
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Final

from printandplay.data.images import jpeg_frame
from printandplay.render.pdf_objects import PdfObjects
from printandplay.render.pdf_syntax import format_reference

if TYPE_CHECKING:
    from PIL.Image import Image


#: How the unit square of a stored image is placed to show it upright, per EXIF orientation
#: (1–8): ``a b c d e f`` of a ``cm`` whose result fills the same unit square.
ORIENTATIONS: Final = {1: (1, 0, 0, 1, 0, 0), 2: (-1, 0, 0, 1, 1, 0), 3: (-1, 0, 0, -1, 1, 1),
                       4: (1, 0, 0, -1, 0, 1), 5: (0, -1, -1, 0, 1, 1), 6: (0, -1, 1, 0, 0, 1),
                       7: (0, 1, 1, 0, 0, 0), 8: (0, 1, -1, 0, 1, 0)}


def add_image(objects: PdfObjects, data: bytes) -> tuple[int, int]:
    """Write the image file's bytes ``data`` as an image XObject (and its soft mask); its
    object number and its orientation (a key of :data:`ORIENTATIONS`: a JPEG's EXIF one, stored
    as it is and turned where it is placed)."""
    frame = jpeg_frame(data)
    if frame is not None and frame.channels in (1, 3):  # as it is: read its header only
        return objects.add_stream({
            "Type": "/XObject", "Subtype": "/Image", "Width": str(frame.width),
            "Height": str(frame.height), "BitsPerComponent": "8",
            "ColorSpace": "/DeviceGray" if frame.channels == 1 else "/DeviceRGB",
            "Filter": "/DCTDecode"}, data), frame.orientation
    from PIL import Image, ImageOps  # (decoded: only games with such images load Pillow)

    with Image.open(io.BytesIO(data)) as opened:
        # a CMYK JPEG's orientation applied here (a PNG's sizes are read without one)
        image = ImageOps.exif_transpose(opened) if frame is not None else opened
        size = {"Type": "/XObject", "Subtype": "/Image", "Width": str(image.width),
                "Height": str(image.height), "BitsPerComponent": "8"}
        alpha = _alpha(image)
        grey = image.mode in ("1", "L", "LA", "F") or image.mode.startswith("I") or (
            image.mode == "P" and image.palette is not None and image.palette.mode == "L")
        if image.mode.startswith("I"):  # 16-bit grey: scaled to 8 bits (convert() clips it)
            colour = image.convert("I").point(lambda v: v * (1 / 256)).convert("L")
        else:
            colour = image.convert("L" if grey else "RGB")
        entries = {**size, "ColorSpace": "/DeviceGray" if grey else "/DeviceRGB"}
        if alpha is not None:
            mask = objects.add_stream({**size, "ColorSpace": "/DeviceGray"}, alpha.tobytes())
            entries["SMask"] = format_reference(mask)
        return objects.add_stream(entries, colour.tobytes()), 1


def _alpha(image: Image) -> Image | None:
    """The image's opacity in grey (None: opaque throughout)."""
    if image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info:
        alpha = image.convert("RGBA").getchannel("A")
        low, _ = alpha.getextrema()
        return None if low == 255 else alpha
    return None
