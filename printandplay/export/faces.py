"""The distinct faces of a game's components, drawn one per page and rasterised.

Each face becomes one page of an in-memory PDF written by the engine's own writer (page = the
face's trim, or trim + bleed), which pypdfium2 rasterises; nothing is drawn twice.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import pypdfium2 as pdfium
from PIL import Image

from printandplay.model.game import Component, Size
from printandplay.model.geometry import Rect
from printandplay.model.ops import Face, Placement
from printandplay.planning.assets import GameAssets
from printandplay.planning.planner import KitPlanner
from printandplay.render.pdf import PdfWriter

MAX_PIXELS = 40_000_000  # one face at most this many pixels (a board at 300 dpi fits)


@dataclass(frozen=True)
class FaceImage:
    """A distinct face to export: the components that show it and on which side."""

    face: Face
    side: str  # "front" or "back"
    layout: str
    components: tuple[Component, ...]


def distinct_faces(planner: KitPlanner, components: Sequence[Component]
                   ) -> tuple[list[FaceImage], dict[str, dict[str, FaceImage]]]:
    """Every distinct face of ``components`` (equal faces once), fronts first, in order; and
    for each component id, its ``front`` and ``back`` entries."""
    found: dict[tuple[str, Face], list[Component]] = {}
    layouts: dict[tuple[str, Face], str] = {}
    sides: dict[str, dict[str, tuple[str, Face]]] = {}
    for side in ("front", "back"):
        for component in components:
            layout = component.front if side == "front" else component.back
            if layout is None:
                continue
            face = planner.face(component, layout, side)
            key = (side, face)
            found.setdefault(key, []).append(component)
            layouts.setdefault(key, layout)
            sides.setdefault(component.id, {})[side] = key
    images = {key: FaceImage(key[1], key[0], layouts[key], tuple(found[key])) for key in found}
    by_component = {cid: {side: images[key] for side, key in entry.items()}
                    for cid, entry in sides.items()}
    return list(images.values()), by_component


def faces_pdf(assets: GameAssets, faces: Sequence[Face], with_bleed: bool) -> bytes:
    """A PDF with one page per face: the trim, or the trim and its bleed."""
    writer = PdfWriter(io.BytesIO(), assets.icons, title=assets.game.name,
                       subject="faces", images=assets.images)
    writer.announce(faces)
    for face in faces:
        b = face.bleed if with_bleed else 0.0
        clip = Rect(0, 0, face.width + 2 * b, face.height + 2 * b)
        writer.page(Size(face.width + 2 * b, face.height + 2 * b), (),
                    (Placement(face, b, b, clip),))
    return writer.save_bytes()


def rasterise(pdf: bytes, dpi: float) -> Iterator[Image.Image]:
    """Each page of ``pdf`` as an RGB image at ``dpi``, in order. An image shares its memory
    with the page's bitmap: use it (save, resize, copy) before asking for the next one."""
    document = pdfium.PdfDocument(pdf)
    try:
        for index in range(len(document)):
            page = document[index]
            try:
                width, height = page.get_size()
                scale = dpi / 72
                if width * height * scale * scale > MAX_PIXELS:
                    scale = (MAX_PIXELS / (width * height)) ** 0.5
                bitmap = page.render(scale=scale, may_draw_forms=False, rev_byteorder=True)
                try:
                    image = bitmap.to_pil()
                    yield image if image.mode == "RGB" else image.convert("RGB")
                finally:
                    bitmap.close()
            finally:
                page.close()
    finally:
        document.close()


def face_images(assets: GameAssets, faces: Sequence[Face], dpi: float, with_bleed: bool
                ) -> Iterator[Image.Image]:
    """The faces rasterised at ``dpi``, in order."""
    return rasterise(faces_pdf(assets, faces, with_bleed), dpi)
