"""Where games, templates and fonts are found.

Two roots are searched, first wins: the current folder, then the data bundled with the package
(``printandplay/_bundled`` in an installed wheel, the repository root in a checkout). A designer
who copies ``cards/charlie/`` into their folder and edits it gets their copy; what they did not
copy (templates, fonts) still comes from the package.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from printandplay.errors import UnknownGameError

PACKAGE_DIR = Path(__file__).resolve().parent
GAME_ICONS_ENV = "PRINTANDPLAY_GAME_ICONS"


def bundled_root() -> Path:
    """The folder holding the bundled ``cards/``, ``templates/`` and ``fonts/``."""
    installed = PACKAGE_DIR / "_bundled"
    if installed.is_dir():
        return installed
    return PACKAGE_DIR.parent


@dataclass(frozen=True)
class Resources:
    """The ordered roots in which game data is looked up."""

    roots: tuple[Path, ...]
    game_icons: Path | None = None  # a full local copy of game-icons.net, searched first

    @classmethod
    def discover(cls, cwd: Path | None = None, game_icons: Path | None = None) -> Resources:
        """The current folder first, then the bundled data; stock icons from ``game_icons``,
        else from the folder named by ``$PRINTANDPLAY_GAME_ICONS``, if any."""
        here = (cwd or Path.cwd()).resolve()
        bundled = bundled_root().resolve()
        roots = (here,) if here == bundled else (here, bundled)
        if game_icons is None and os.environ.get(GAME_ICONS_ENV):
            game_icons = Path(os.environ[GAME_ICONS_ENV])
        return cls(roots, game_icons)

    def find(self, *parts: str) -> Path | None:
        """The first existing ``root/parts…``, or ``None``."""
        for root in self.roots:
            candidate = root.joinpath(*parts)
            if candidate.exists():
                return candidate
        return None

    def game_ids(self) -> list[str]:
        """Every game id found in any root, sorted."""
        ids: set[str] = set()
        for root in self.roots:
            cards = root / "cards"
            if cards.is_dir():
                ids.update(p.parent.name for p in cards.glob("*/game.yaml"))
        return sorted(ids)

    def game_folder(self, game_id: str) -> Path:
        """``cards/<game>/`` from the first root that has it."""
        folder = self.find("cards", game_id, "game.yaml")
        if folder is None:
            known = ", ".join(self.game_ids()) or "none"
            raise UnknownGameError(f"unknown game '{game_id}' (known games: {known})")
        return folder.parent

    def templates_folders(self, game_id: str) -> list[Path]:
        """``templates/<game>/`` then ``templates/shared/``, first root first, as they exist."""
        out = []
        for name in (game_id, "shared"):
            found = self.find("templates", name)
            if found is not None and found.is_dir():
                out.append(found)
        return out

    def fonts_file(self) -> Path:
        """The ``fonts/fonts.yaml`` in force."""
        found = self.find("fonts", "fonts.yaml")
        if found is None:
            raise UnknownGameError("no fonts/fonts.yaml found")
        return found

    def display(self, path: Path) -> str:
        """How to show ``path`` in messages: relative to the current folder when inside it."""
        try:
            return str(path.resolve().relative_to(self.roots[0].resolve()))
        except ValueError:
            return str(path)
