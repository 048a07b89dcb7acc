"""Finding and loading a game's icons (``templates/<game>/icons/*.svg``, then shared ones, then
the stock icons ``gi-NAME`` of game-icons.net)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from xml.parsers import expat

from printandplay.data.files import resolve_inside
from printandplay.data.stock_icons import AUTHOR_SEPARATOR, PREFIX, StockIcon, StockIcons, recolour
from printandplay.errors import DataError, LayoutError, Location, suggest
from printandplay.model.icon import Icon, IconEdge


class IconLibrary:
    """The icons a game may use, parsed on first use. :meth:`load_all` reads and checks the
    game's own icons when assets load (a file that cannot be read, is not UTF-8 or is not
    well-formed XML is an error naming it and its line), so a broken file stops the build
    before anything is drawn; the drawing itself is parsed only for the icons used. Only files
    inside their templates folder count: an ``icons/*.svg`` symlink that points outside it is
    refused.

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
        self._texts: dict[str, str] = {}  # icons read and checked by load_all, not yet parsed
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
            from printandplay.data.svg import load_icon, parse_svg

            source = self._display(path) if stock is None else (
                f"game-icons/{stock.author_slug}/{path.name}")
            text = self._texts.pop(icon_id, None) if stock is None else None
            icon = (load_icon(path, source, icon_id) if text is None
                    else parse_svg(text, source=source, icon_id=icon_id))
            if stock is not None:
                icon = recolour(icon)
                self._stock[icon_id] = stock
            self._icons[icon_id] = icon
        stock_icon = self._stock.get(icon_id)
        if stock_icon is not None:
            self.stock_used[icon_id] = stock_icon
        return icon

    def load_all(self) -> None:
        """Read and check every icon of the game's folders now, so that a broken file is
        reported when assets load (stock icons are read when used); each is parsed into a
        drawing when first used."""
        for icon_id, path in self.paths.items():
            if icon_id not in self._icons and icon_id not in self._texts:
                self._texts[icon_id] = checked_svg_text(path, self._display(path))

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

    def edges(self, icon_id: str) -> tuple[IconEdge, ...]:
        """How the icon's shapes are painted, in order (:attr:`Icon.edges`)."""
        return self.get(icon_id).edges

    def credits(self) -> list[dict[str, Any]]:
        """The authors of the stock icons used so far, for a credits block:
        ``[{"author": "Lorc", "licence": "CC BY 3.0", "icons": ["crossed-swords", …]}, …]``,
        sorted by author, then icon name."""
        by_author: dict[tuple[str, str], set[str]] = {}
        for used in self.stock_used.values():
            by_author.setdefault((used.author, used.licence), set()).add(used.name)
        return [{"author": author, "licence": licence, "icons": sorted(names)}
                for (author, licence), names in sorted(by_author.items())]


def checked_svg_text(path: Path, shown: str) -> str:
    """The text of the SVG file at ``path`` once checked: a regular file of at most 10 MB,
    UTF-8, well-formed XML (the errors of a full parse, with ``shown`` and the line). The SVG
    subset itself is checked when the icon is parsed; a DOCTYPE (entities, a DTD) is refused
    here already."""
    from printandplay.data.svg import read_svg_text, refuse_doctype

    text = read_svg_text(path, shown)
    parser = expat.ParserCreate(namespace_separator=" ")
    refuse_doctype(parser, shown)
    try:
        parser.Parse(text, True)
    except expat.ExpatError as error:
        message = f"invalid XML: {expat.ErrorString(error.code)}"
        raise DataError(Location(shown, error.lineno), message) from None
    return text
