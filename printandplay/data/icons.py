"""Finding and loading a game's icons (``templates/<game>/icons/*.svg``, then shared ones)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from printandplay.data.files import resolve_inside
from printandplay.data.reader import suggest
from printandplay.errors import LayoutError, Location
from printandplay.model.icon import Icon


class IconLibrary:
    """The icons a game may use, loaded on first use (or all at once by :meth:`load_all`).

    Only files inside their templates folder count: an ``icons/*.svg`` symlink that points
    outside it is refused.
    """

    def __init__(self, folders: Sequence[Path], display: Callable[[Path], str] = str) -> None:
        self.paths: dict[str, Path] = {}
        for folder in folders:
            icons = folder / "icons"
            if icons.is_dir():
                for path in sorted(icons.glob("*.svg")):
                    relative = path.relative_to(folder).as_posix()
                    resolve_inside(folder, relative, Location(display(path)), "icon",
                                   f"templates/{folder.name}/")
                    self.paths.setdefault(path.stem, path)
        self._icons: dict[str, Icon] = {}
        self._display = display

    def get(self, icon_id: str) -> Icon:
        """The icon named ``icon_id`` (a :class:`LayoutError` naming close names if unknown)."""
        icon = self._icons.get(icon_id)
        if icon is None:
            path = self.paths.get(icon_id)
            if path is None:
                raise LayoutError(f"unknown icon '{icon_id}'{suggest(icon_id, self.paths)}")
            from printandplay.data.svg import load_icon

            icon = load_icon(path, self._display(path), icon_id)
            self._icons[icon_id] = icon
        return icon

    def load_all(self) -> None:
        """Read every icon now, so that a broken file is reported when assets load."""
        for icon_id in self.paths:
            self.get(icon_id)

    def aspect(self, icon_id: str) -> float:
        """Width over height of the icon."""
        return self.get(icon_id).aspect

    def names(self) -> list[str]:
        """Every icon id available."""
        return sorted(self.paths)
