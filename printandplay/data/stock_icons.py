"""Stock icons: the game-icons.net set (CC BY 3.0), used by name as ``gi-NAME``.

A curated subset is bundled in ``printandplay/game_icons/<author>/<name>.svg``; a full local
copy of the set (its folder of author folders) can be named with ``--icons-dir`` or the
``PRINTANDPLAY_GAME_ICONS`` environment variable and is searched first.

``gi-NAME`` picks the icon ``NAME`` of the first author that has one (Lorc, then Delapouite,
then the other authors in alphabetical order, uncredited folders last);
``gi-AUTHOR--NAME`` picks one author's icon. The icons come as a white drawing on a black
square: :func:`recolour` drops the black and paints the white in ``currentColor``, so the
layout's ``color`` decides (an icon without that square has its black painted instead).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from printandplay.data.yamlio import load_yaml
from printandplay.model.icon import Icon, IconShape, Paint

PREFIX = "gi-"
AUTHOR_SEPARATOR = "--"
BUNDLED_DIR = Path(__file__).resolve().parent.parent / "game_icons"
DEFAULT_LICENCE = "CC BY 3.0"
_FIRST_AUTHORS = ("lorc", "delapouite")
_BLACK = (0.0, 0.0, 0.0)
_WHITE = (1.0, 1.0, 1.0)


@functools.cache
def authors() -> dict[str, tuple[str, str]]:
    """Author folder → (display name, licence), from ``game_icons/authors.yaml``."""
    data = load_yaml(BUNDLED_DIR / "authors.yaml", display="printandplay/game_icons/authors.yaml")
    return {str(slug): (str(entry["name"]), str(entry.get("licence", DEFAULT_LICENCE)))
            for slug, entry in data.items()}


@dataclass(frozen=True)
class StockIcon:
    """One icon file of the set and whom to credit for it."""

    name: str
    author_slug: str
    path: Path

    @property
    def credited(self) -> bool:
        """Whether the licence file names this icon's author."""
        return self.author_slug in authors()

    @property
    def author(self) -> str:
        """The author's name as the licence file writes it."""
        return authors().get(self.author_slug, (f"game-icons.net ({self.author_slug})", ""))[0]

    @property
    def licence(self) -> str:
        """``CC BY 3.0`` or ``CC0``."""
        return authors().get(self.author_slug, ("", DEFAULT_LICENCE))[1]


def _author_rank(slug: str) -> tuple[int, str]:
    if slug in _FIRST_AUTHORS:
        return (_FIRST_AUTHORS.index(slug), slug)
    return (len(_FIRST_AUTHORS) + (0 if slug in authors() else 1), slug)


class StockIcons:
    """The stock icons found in some folders (each a folder of author folders), indexed on
    first use; earlier folders win."""

    def __init__(self, roots: Sequence[Path]) -> None:
        self.roots = tuple(roots)
        self._index: dict[str, StockIcon] | None = None

    def _build(self) -> dict[str, StockIcon]:
        index: dict[str, StockIcon] = {}
        for root in self.roots:
            if not root.is_dir():
                continue
            folders = sorted((p for p in root.iterdir() if p.is_dir()),
                             key=lambda p: _author_rank(p.name))
            for folder in folders:
                for path in sorted(folder.glob("*.svg")):
                    icon = StockIcon(path.stem, folder.name, path)
                    index.setdefault(f"{folder.name}{AUTHOR_SEPARATOR}{path.stem}", icon)
                    index.setdefault(path.stem, icon)
        return index

    @property
    def index(self) -> dict[str, StockIcon]:
        """``NAME`` and ``AUTHOR--NAME`` → icon."""
        if self._index is None:
            self._index = self._build()
        return self._index

    def find(self, name: str) -> StockIcon | None:
        """The icon for ``NAME`` or ``AUTHOR--NAME`` (without the ``gi-`` prefix), or None."""
        return self.index.get(name)

    def names(self, qualified: bool = False) -> list[str]:
        """Every name, prefixed with ``gi-``; with ``qualified``, the ``AUTHOR--NAME`` forms
        too."""
        return sorted(PREFIX + name for name in self.index
                      if qualified or AUTHOR_SEPARATOR not in name)


def _recolour_paint(paint: Paint, backdrop: bool) -> Paint:
    if paint == _BLACK:
        return None if backdrop else "current"
    if paint == _WHITE and backdrop:
        return "current"
    return paint


def has_backdrop(icon: Icon) -> bool:
    """Whether ``icon`` is drawn as game-icons.net draws (every icon of its 4,229): white on a
    black square, its first shape, that covers the whole viewBox."""
    if not icon.shapes or icon.shapes[0].fill != _BLACK:
        return False
    points = icon.shapes[0].points()
    if not points:
        return False
    x, y, width, height = icon.view_box
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    eps = 1e-6 * max(width, height)
    return (min(xs) <= x + eps and min(ys) <= y + eps and max(xs) >= x + width - eps
            and max(ys) >= y + height - eps)


def recolour(icon: Icon) -> Icon:
    """Paint a stock icon in ``currentColor``: one drawn white on a black square loses the
    square and its black, and its white takes the colour; any other icon (a black drawing on
    nothing, in a full copy of the set that also holds one's own) has its black painted in
    the colour and keeps its other paints."""
    backdrop = has_backdrop(icon)
    shapes: list[IconShape] = []
    for shape in icon.shapes:
        fill = _recolour_paint(shape.fill, backdrop)
        stroke = _recolour_paint(shape.stroke, backdrop)
        if fill is None and (stroke is None or shape.stroke_width <= 0):
            continue
        shapes.append(replace(shape, fill=fill, stroke=stroke))
    return replace(icon, shapes=tuple(shapes))


def stock_roots(full_copy: Path | None) -> list[Path]:
    """The folders searched for stock icons: a full copy first, if any, then the bundled one."""
    return ([full_copy] if full_copy is not None else []) + [BUNDLED_DIR]
