"""The icons a game can use, for listings and JSON (``printandplay icons``): its own SVG files
(``templates/<game>/icons/``, then ``templates/shared/icons/``) and the stock icons of
game-icons.net (a full copy named with ``--icons-dir`` first, then the bundled subset), each
under the name a layout gives it, with its author and licence."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from printandplay.data.icons import IconLibrary
from printandplay.data.stock_icons import (
    AUTHOR_SEPARATOR,
    BUNDLED_DIR,
    PREFIX,
    StockIcon,
    StockIcons,
    stock_roots,
)
from printandplay.errors import OptionError
from printandplay.project import Resources

GAME = "game"
BUNDLED = "bundled"
ICONS_DIR = "icons-dir"


@dataclass(frozen=True)
class IconEntry:
    """One icon as a layout names it (``banane``, ``gi-owl``, ``gi-delapouite--anvil``),
    where it comes from (``game``, ``icons-dir`` or ``bundled``), its file, and for a stock
    icon its author and licence (``None`` for a game's own icon)."""

    name: str
    source: str
    file: str
    author: str | None = None
    licence: str | None = None

    def as_dict(self) -> dict[str, Any]:
        """The entry as a JSON-ready object."""
        return asdict(self)


def search_word(text: str) -> str:
    """``--search`` as matched against names: lower case, spaces as ``-``; an empty word is
    refused."""
    word = "-".join(text.lower().split())
    if not word:
        raise OptionError(f"--search {text!r}: give a word, e.g. --search sword")
    return word


def stock_entries(stock: StockIcons) -> list[IconEntry]:
    """Every stock icon once, under the shortest name that reaches it: ``gi-NAME`` for the
    icon that name picks, ``gi-AUTHOR--NAME`` for another author's icon of the same name;
    sorted by name."""
    entries = []
    for key, icon in stock.index.items():
        qualified = AUTHOR_SEPARATOR in key
        if qualified and stock.find(icon.name) is icon:
            continue  # reached by its plain name already
        entries.append(_stock_entry(PREFIX + key, icon))
    return sorted(entries, key=lambda entry: entry.name)


def _stock_entry(name: str, icon: StockIcon) -> IconEntry:
    source = BUNDLED if icon.path.is_relative_to(BUNDLED_DIR) else ICONS_DIR
    return IconEntry(name, source, str(icon.path), icon.author, icon.licence)


def game_entries(resources: Resources, game_id: str) -> list[IconEntry]:
    """The game's own icons, by name (a file of ``templates/<game>/icons/`` wins over one of
    ``templates/shared/icons/``); an unknown game is an error."""
    resources.game_folder(game_id)
    library = IconLibrary(resources.templates_folders(game_id), resources.display)
    return [IconEntry(name, GAME, resources.display(path))
            for name, path in sorted(library.paths.items())]


def holds_stock_icons(folder: Path) -> bool:
    """Whether ``folder`` is laid out as a copy of game-icons.net: author folders of SVG
    files (a folder of SVG files itself, one author's, is not)."""
    return any(folder.glob("*/*.svg"))


def icon_entries(resources: Resources, game_id: str | None = None,
                 search: str | None = None) -> list[IconEntry]:
    """The icons ``game_id`` can use (the stock icons only without a game): its own first,
    then the stock ones (a stock name that one of its own takes is left out); with
    ``search``, only those whose name contains the word (case ignored, spaces as ``-``)."""
    word = None if search is None else search_word(search)
    own = game_entries(resources, game_id) if game_id is not None else []
    taken = {entry.name for entry in own}
    stock = [entry for entry in stock_entries(StockIcons(stock_roots(resources.game_icons)))
             if entry.name not in taken]
    return [entry for entry in own + stock if word is None or word in entry.name.lower()]
