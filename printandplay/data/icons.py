"""Finding and loading a game's icons (``templates/<game>/icons/*.svg``, then shared ones, then
the stock icons ``gi-NAME`` of game-icons.net)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from printandplay.data.files import resolve_inside
from printandplay.data.stock_icons import AUTHOR_SEPARATOR, PREFIX, StockIcon, StockIcons, recolour
from printandplay.errors import LayoutError, Location, suggest
from printandplay.model.icon import Icon


class IconLibrary:
    """The icons a game may use, loaded on first use (the game's own all at once by
    :meth:`load_all`). Only files inside their templates folder count: an ``icons/*.svg``
    symlink that points outside it is refused.

    A game's own icon wins over a stock icon of the same name. The stock icons used so far are
    remembered for the credits (:meth:`credits`). The PDF writer sees it as an
    :class:`~printandplay.model.providers.IconProvider`.
    """

    def __init__(self, folders: Sequence[Path], display: Callable[[Path], str] = str,
                 stock: StockIcons | None = None) -> None:
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
        self.stock = stock
        self.stock_used: dict[str, StockIcon] = {}
        self._stock: dict[str, StockIcon] = {}  # the stock icons loaded, used or not since

    def get(self, icon_id: str) -> Icon:
        """The icon named ``icon_id`` (a :class:`LayoutError` naming close names if unknown)."""
        icon = self._icons.get(icon_id)
        if icon is None:
            path = self.paths.get(icon_id)
            stock = None
            if path is None and icon_id.startswith(PREFIX) and self.stock is not None:
                stock = self.stock.find(icon_id[len(PREFIX):])
                path = stock.path if stock else None
            if path is None:
                raise LayoutError(f"unknown icon '{icon_id}'{suggest(icon_id, self._known(icon_id))}")
            from printandplay.data.svg import load_icon

            source = self._display(path) if stock is None else (
                f"game-icons/{stock.author_slug}/{path.name}")
            icon = load_icon(path, source, icon_id)
            if stock is not None:
                icon = recolour(icon)
                self._stock[icon_id] = stock
            self._icons[icon_id] = icon
        stock_icon = self._stock.get(icon_id)
        if stock_icon is not None:
            self.stock_used[icon_id] = stock_icon
        return icon

    def load_all(self) -> None:
        """Read every icon of the game's folders now, so that a broken file is reported when
        assets load (stock icons are read when used)."""
        for icon_id in self.paths:
            self.get(icon_id)

    def forget_used(self) -> None:
        """Start counting the stock icons used again (a library kept for another build)."""
        self.stock_used.clear()

    def _known(self, icon_id: str) -> list[str]:
        if icon_id.startswith(PREFIX) and self.stock is not None:
            return self.stock.names(qualified=AUTHOR_SEPARATOR in icon_id)
        return list(self.paths)

    def aspect(self, icon_id: str) -> float:
        """Width over height of the icon."""
        return self.get(icon_id).aspect

    def credits(self) -> list[dict[str, Any]]:
        """The authors of the stock icons used so far, for a credits block:
        ``[{"author": "Lorc", "licence": "CC BY 3.0", "icons": ["crossed-swords", …]}, …]``,
        sorted by author, then icon name."""
        by_author: dict[tuple[str, str], set[str]] = {}
        for used in self.stock_used.values():
            by_author.setdefault((used.author, used.licence), set()).add(used.name)
        return [{"author": author, "licence": licence, "icons": sorted(names)}
                for (author, licence), names in sorted(by_author.items())]
