"""``export --png``: one PNG per distinct face, a contact sheet per kind, and an index."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from printandplay.export.faces import FaceImage, distinct_faces, face_images
from printandplay.export.files import save_atomic, write_text_atomic
from printandplay.kit.assets import load_assets
from printandplay.kit.outputs import check_output_folder
from printandplay.planning.assets import GameAssets
from printandplay.planning.options import BuildOptions
from printandplay.planning.planner import KitPlanner
from printandplay.project import Resources

CONTACT_COLUMNS = 8
CONTACT_WIDTH = 240  # pixels per face on a contact sheet
CONTACT_GAP = 12
PNG_LEVEL = 1  # zlib level: level 6 is ~3× slower for files ~15 % smaller


@dataclass(frozen=True)
class PngExport:
    """What ``export --png`` wrote."""

    folder: Path
    faces: int
    contact_sheets: int


def safe_name(text: str) -> str:
    """A file name made of the id's letters, digits, ``-``, ``_`` and ``.``."""
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text).strip("._") or "face"


def face_file_names(faces: Sequence[FaceImage]) -> list[str]:
    """File names: ``ID.png`` for a front, ``ID-back.png`` for a back of one component,
    ``back-LAYOUT.png`` for a back several share (``back-LAYOUT-ID.png`` if that is taken)."""
    names: list[str] = []
    taken: set[str] = set()
    for image in faces:
        first = safe_name(image.components[0].id)
        if image.side == "front":
            name = f"{first}.png"
        elif len(image.components) == 1:
            name = f"{first}-back.png"
        else:
            name = f"back-{safe_name(image.layout)}.png"
            if name in taken:
                name = f"back-{safe_name(image.layout)}-{first}.png"
        while name in taken:  # ids that differ only by unsafe characters
            name = name.removesuffix(".png") + "_.png"
        taken.add(name)
        names.append(name)
    return names


def thumbnail(image: Image.Image, width: int) -> Image.Image:
    """``image`` scaled to ``width`` pixels wide (fast: reduce by an integer, then filter)."""
    if image.width == width:
        return image
    height = max(1, round(image.height * width / image.width))
    return image.resize((width, height), Image.Resampling.BICUBIC, reducing_gap=2.0)


def contact_sheet(images: Sequence[Image.Image], columns: int = CONTACT_COLUMNS,
                  width: int = CONTACT_WIDTH) -> Image.Image:
    """The images as thumbnails ``width`` pixels wide, in rows of ``columns``, on grey."""
    thumbs = [thumbnail(image, width) for image in images]
    columns = max(1, min(columns, len(thumbs)))
    rows = math.ceil(len(thumbs) / columns)
    cell_h = max(t.height for t in thumbs)
    gap = CONTACT_GAP
    sheet = Image.new("RGB", (columns * (width + gap) + gap, rows * (cell_h + gap) + gap),
                      (200, 200, 200))
    for index, thumb in enumerate(thumbs):
        row, col = divmod(index, columns)
        sheet.paste(thumb, (gap + col * (width + gap), gap + row * (cell_h + gap)))
    return sheet


def export_png(resources: Resources, game_id: str, folder: Path, dpi: float = 300,
               with_bleed: bool = False, assets: GameAssets | None = None,
               progress: Callable[[int, int], None] | None = None) -> PngExport:
    """Write ``folder/ID.png`` (and backs) for every distinct face of ``game_id``'s
    components, ``folder/contact-KIND.png`` per kind and ``folder/faces.json``; ``progress``
    is told the faces written and their number after each one."""
    check_output_folder(folder, ("faces.json",))
    assets = assets or load_assets(resources, game_id)
    planner = KitPlanner(assets, BuildOptions())
    components = list(assets.game.components)
    faces, by_component = distinct_faces(planner, components)
    names = face_file_names(faces)
    check_output_folder(folder, names)  # (the faces' files: none may be a folder)
    thumbs: dict[str, list[Image.Image]] = {}  # per kind: its distinct faces, small
    rasters = face_images(assets, [f.face for f in faces], dpi, with_bleed)
    for done, (image, name, face) in enumerate(zip(rasters, names, faces, strict=True), 1):
        save_atomic(image, folder / name, format="PNG", compress_level=PNG_LEVEL,
                    dpi=(dpi, dpi))
        if progress:
            progress(done, len(faces))
        thumbs.setdefault(face.components[0].kind, []).append(thumbnail(image, CONTACT_WIDTH))
    for kind, images in thumbs.items():
        save_atomic(contact_sheet(images), folder / f"contact-{safe_name(kind)}.png",
                    format="PNG", compress_level=PNG_LEVEL)
    file_of = {id(face): name for face, name in zip(faces, names, strict=True)}
    index = {cid: {side: file_of[id(image)] for side, image in entry.items()}
             for cid, entry in by_component.items()}
    write_text_atomic(folder / "faces.json",
                      json.dumps({"game": game_id, "dpi": dpi, "bleed": with_bleed,
                                  "components": index}, ensure_ascii=False, indent=2) + "\n")
    return PngExport(folder, len(faces), len(thumbs))
