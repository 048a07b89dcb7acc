"""``export --tts``: round pieces as Tabletop Simulator tokens, not square cards.

Each distinct face of a round kind is a PNG whose corners are transparent (the circle of the
trim kept); a piece without a back is a ``Custom_Token`` (TTS cuts it along the transparency),
a piece with a back a round ``Custom_Tile`` showing its back on the other side. Every copy is
its own object, stackable.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from printandplay.export.faces import distinct_faces, face_images
from printandplay.export.files import save_atomic
from printandplay.model.game import Component, Kind
from printandplay.model.ops import Face
from printandplay.planning.assets import GameAssets
from printandplay.planning.planner import KitPlanner

TOKEN_THICKNESS = 0.2
SUPERSAMPLE = 4  # the circle's mask drawn this much larger, then reduced: a smooth edge


def is_token(kind: Kind) -> bool:
    """Whether ``kind``'s pieces go to TTS as tokens: round ones."""
    return kind.shape.round


def round_image(image: Image.Image) -> Image.Image:
    """``image`` with the corners outside its inscribed ellipse transparent (RGBA)."""
    width, height = image.size
    mask = Image.new("L", (width * SUPERSAMPLE, height * SUPERSAMPLE), 0)
    ImageDraw.Draw(mask).ellipse((0, 0, width * SUPERSAMPLE - 1, height * SUPERSAMPLE - 1),
                                 fill=255)
    rounded = image.convert("RGBA")
    rounded.putalpha(mask.resize((width, height), Image.Resampling.LANCZOS))
    return rounded


def tts_guid(*parts: str) -> str:
    """A stable six-hex-digit GUID (TTS's own form), so exports are reproducible."""
    return hashlib.sha1("/".join(parts).encode("utf-8")).hexdigest()[:6]


def token_objects(assets: GameAssets, planner: KitPlanner, kind: Kind,
                  members: Sequence[Component], counts: dict[str, int], folder: Path,
                  stem: str, dpi: float, index: int) -> tuple[list[dict[str, Any]],
                                                              list[Path]]:
    """The saved-object entries of the copies of ``members`` (one round kind) and the PNG
    files of their distinct faces (``stem-1.png``…)."""
    faces, by_component = distinct_faces(planner, members)
    files: dict[Face, Path] = {}
    images = face_images(assets, [f.face for f in faces], dpi, False)
    for number, (face, image) in enumerate(zip(faces, images, strict=True), start=1):
        path = folder / f"{stem}-{number}.png"
        save_atomic(round_image(image), path, format="PNG")
        files[face.face] = path
    objects: list[dict[str, Any]] = []
    diameter = kind.size.width / 72 * 2.54  # cm: TTS scales a token by its image
    for component in members:
        front = files[by_component[component.id]["front"].face].resolve().as_uri()
        back_face = by_component[component.id].get("back")
        back = files[back_face.face].resolve().as_uri() if back_face is not None else ""
        for copy in range(counts[component.id]):
            objects.append(_token(component, front, back, tts_guid(stem, component.id, str(copy)),
                                  index, len(objects), diameter))
    return objects, list(files.values())


def _token(component: Component, front: str, back: str, guid: str, index: int,
           number: int, diameter: float) -> dict[str, Any]:
    """One token (or, with a back, one round two-sided tile)."""
    scale = max(0.2, diameter / 2.54)
    transform = {"posX": 3.0 * index, "posY": 1.0 + 0.2 * number, "posZ": 4.0, "rotX": 0.0,
                 "rotY": 180.0, "rotZ": 0.0, "scaleX": scale, "scaleY": 1.0, "scaleZ": scale}
    image: dict[str, Any] = {"ImageURL": front, "ImageSecondaryURL": back, "ImageScalar": 1.0,
                             "WidthScale": 0.0}
    if back:
        name = "Custom_Tile"
        image["CustomTile"] = {"Type": 2, "Thickness": TOKEN_THICKNESS, "Stackable": True,
                               "Stretch": True}
    else:
        name = "Custom_Token"
        image["CustomToken"] = {"Thickness": TOKEN_THICKNESS, "MergeDistancePixels": 15.0,
                                "StandUp": False, "Stackable": True}
    return {"Name": name, "Transform": transform, "Nickname": component.name,
            "Description": component.id, "CustomImage": image, "GUID": guid}
