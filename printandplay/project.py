"""Where games, templates and fonts are found.

Two roots are searched, first wins: the current folder, then the data bundled with the package
(``printandplay/_bundled`` in an installed wheel, the repository root in a checkout). A designer
who copies ``cards/charlie/`` into their folder and edits it gets their copy; what they did not
copy (templates, fonts) still comes from the package.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from printandplay.errors import DataError, Location, UnknownGameError

PACKAGE_DIR = Path(__file__).resolve().parent
GAME_ICONS_ENV = "PRINTANDPLAY_GAME_ICONS"
GAME_ID = re.compile(r"[a-z0-9][a-z0-9-]*")


def is_game_id(text: str) -> bool:
    """Whether ``text`` is a valid game id: lowercase letters, digits and '-', not first."""
    return GAME_ID.fullmatch(text) is not None


def check_game_id(text: str) -> str:
    """``text`` if it is a valid game id, else an :class:`UnknownGameError` saying why."""
    if not is_game_id(text):
        shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
        raise UnknownGameError(
            f"invalid game id '{shown}': a game id is the name of a cards/ folder, written "
            "with lowercase letters, digits and '-' (not first), e.g. 'charlie'")
    return text


def bundled_root() -> Path:
    """The folder holding the bundled ``cards/``, ``templates/`` and ``fonts/``."""
    installed = PACKAGE_DIR / "_bundled"
    if installed.is_dir():
        return installed
    return PACKAGE_DIR.parent


def _check_inside(root: Path, found: Path, shown: str, label: str) -> None:
    """Refuse ``found`` (under ``root``) when a symlink on its way leads out of ``root``."""
    try:
        inside = found.resolve().is_relative_to(root.resolve())
    except (RuntimeError, OSError):  # a symlink loop
        inside = False
    if not inside:
        raise DataError(Location(shown), f"a symlink that points outside {label} "
                                         "(a game reads only its own folders)")


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
        for index, root in enumerate(self.roots):
            candidate = root.joinpath(*parts)
            if candidate.exists():
                _check_inside(root, candidate, "/".join(parts),
                              "the current folder" if index == 0 else "the installed data")
                return candidate
        return None

    def game_ids(self) -> list[str]:
        """Every game id found in any root, sorted."""
        ids: set[str] = set()
        for root in self.roots:
            cards = root / "cards"
            if cards.is_dir():
                ids.update(p.parent.name for p in cards.glob("*/game.yaml")
                           if is_game_id(p.parent.name))
        return sorted(ids)

    def game_folder(self, game_id: str) -> Path:
        """``cards/<game>/`` from the first root that has it."""
        check_game_id(game_id)
        folder = self.find("cards", game_id, "game.yaml")
        if folder is None:
            known = ", ".join(self.game_ids()) or "none"
            raise UnknownGameError(f"unknown game '{game_id}' (known games: {known})")
        return folder.parent

    def templates_folders(self, game_id: str) -> list[Path]:
        """``templates/<game>/`` then ``templates/shared/``, first root first, as they exist."""
        check_game_id(game_id)
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
        here = self.roots[0]
        try:  # as written first, so that a symlink shows where it stands
            return str(path.absolute().relative_to(here.absolute()))
        except ValueError:
            pass
        try:
            return str(path.resolve().relative_to(self._real_first_root))
        except ValueError:
            return str(path)

    @cached_property
    def _real_first_root(self) -> Path:
        """The current folder (the first root) resolved, once: :meth:`display` compares the
        paths outside it as written with it (``discover`` resolved it already)."""
        return self.roots[0].resolve()
