"""The gallery's card images: the faces ``export --png`` writes (the kit's own drawing,
rasterised), cached under the output folder in one folder per state of the game's files."""

from __future__ import annotations

import json
import re
import shutil
import threading
from pathlib import Path

from printandplay.export.png import export_png
from printandplay.kit.assets import GameAssets
from printandplay.project import Resources

GALLERY_DPI = 120  # a poker card 300 pixels wide
FACE_FILE = re.compile(r"^[A-Za-z0-9._-]{1,200}\.png$")
GALLERY_FOLDER = re.compile(r"^gallery-[0-9a-f]{16}$")


def gallery_folder(out_dir: Path, game_id: str, key: str) -> Path:
    """Where the faces of ``game_id`` for the files hashed ``key`` are kept."""
    return out_dir / game_id / f"gallery-{key[:16]}"


class Gallery:
    """Builds each game's faces once per state of its files, one build at a time; the
    folders of the game's earlier states are removed once the new one is complete."""

    def __init__(self, resources: Resources, out_dir: Path, dpi: float = GALLERY_DPI) -> None:
        self.resources = resources
        self.out_dir = out_dir
        self.dpi = dpi
        self._lock = threading.Lock()
        self._faces: dict[tuple[str, str], dict[str, dict[str, str]]] = {}

    def faces(self, game_id: str, key: str, assets: GameAssets) -> dict[str, dict[str, str]]:
        """For each component id, its ``front`` (and ``back``) PNG file name, building the
        faces first (from ``assets``, the game as loaded for ``key``) if this state of the
        game has none yet."""
        with self._lock:
            known = self._faces.get((game_id, key))
            if known is not None:
                return known
            folder = gallery_folder(self.out_dir, game_id, key)
            index = folder / "faces.json"
            if not index.is_file():
                export_png(self.resources, game_id, folder, self.dpi, assets=assets)
                self._remove_older(game_id, folder)
            data = json.loads(index.read_text(encoding="utf-8"))
            faces: dict[str, dict[str, str]] = data["components"]
            for old in [k for k in self._faces if k[0] == game_id]:
                del self._faces[old]
            self._faces[(game_id, key)] = faces
            return faces

    def face_path(self, game_id: str, key: str, name: str) -> Path | None:
        """The PNG file ``name`` of a built gallery, or None if it is not one of its faces."""
        faces = self._faces.get((game_id, key))
        if faces is None or not FACE_FILE.match(name):
            return None
        if not any(name in sides.values() for sides in faces.values()):
            return None
        return gallery_folder(self.out_dir, game_id, key) / name

    def _remove_older(self, game_id: str, keep: Path) -> None:
        for folder in (self.out_dir / game_id).iterdir():
            if (folder != keep and folder.is_dir() and not folder.is_symlink()
                    and GALLERY_FOLDER.match(folder.name)):
                shutil.rmtree(folder, ignore_errors=True)
