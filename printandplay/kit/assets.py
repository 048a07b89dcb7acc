"""Loading everything one game needs to be drawn (:class:`~printandplay.planning.assets.GameAssets`):
its data, layouts, fonts (registered with the renderer), icons, images and templates."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from printandplay.data.board_fields import load_cell_tables
from printandplay.data.design_loader import load_face_designs
from printandplay.data.files import read_text, resolve_inside
from printandplay.data.fonts_loader import load_fonts
from printandplay.data.game_loader import load_game
from printandplay.data.icons import IconLibrary
from printandplay.data.images import ImageLibrary
from printandplay.data.presets import load_presets
from printandplay.data.stock_icons import StockIcons, stock_roots
from printandplay.errors import LayoutError, Location, PrintAndPlayError, suggest
from printandplay.model.design import FaceDesign
from printandplay.model.game import SheetSection
from printandplay.model.memo import BoundedMemo
from printandplay.planning.assets import GameAssets
from printandplay.project import Resources
from printandplay.render.fonts import FontTable
from printandplay.templating.environment import TemplateEnv


def load_assets(resources: Resources, game_id: str, reuse: GameAssets | None = None,
                language: str | None = None) -> GameAssets:
    """Load a game with its face designs, fonts, icons and templates.

    For ``watch``: ``reuse`` is the assets of a previous build whose fonts file, icons, images
    and template files have not changed since: its font table, icon and image libraries and
    template environment (compiled templates, still sandboxed) are kept. The face designs of a
    layouts file are read once per process for each text of it (:func:`_face_designs`).
    With a ``language``, the game's edition in that language (``--language``)."""
    game = load_game(resources, game_id, language)
    folders = resources.templates_folders(game_id)
    designs: dict[str, FaceDesign] = {}
    for folder in reversed(folders):
        path = folder / "layouts.yaml"
        if path.is_symlink() or path.exists():
            path = resolve_inside(folder, "layouts.yaml", Location(resources.display(path)),
                                  "layouts file", f"templates/{folder.name}/")
            designs.update(_face_designs(path, resources.display(path)))
    if reuse is not None:
        fonts, icons, images = reuse.fonts, reuse.icons, reuse.images
        icons.forget_used()  # credits name the stock icons of this build only
        templates = reuse.templates  # Jinja reloads a changed template file itself
    else:
        fonts_file = resources.fonts_file()
        fonts = FontTable(load_fonts(fonts_file, resources.display(fonts_file)))
        fonts.load_all(resources.display(fonts_file))
        icons = IconLibrary(folders, resources.display,
                            StockIcons(stock_roots(resources.game_icons)))
        icons.load_all()
        images = ImageLibrary(folders, resources.display)
        images.check_all()
        templates = TemplateEnv(folders, resources.display,
                                [_folder_name(resources, f) for f in folders])
    assets = GameAssets(resources, game, designs, fonts, icons, templates, load_presets(),
                        images)
    _check_layouts(assets)
    return assets


_DESIGNS: BoundedMemo[tuple[str, str], dict[str, FaceDesign]] = BoundedMemo(32)
_DESIGNS_TEXT = 1_000_000  # characters: larger layouts files are read each time


def _face_designs(path: Path, shown: str) -> dict[str, FaceDesign]:
    """The face designs of the layouts file ``path``, parsed from the text just read, once
    per process for each text and name (``watch``'s rebuilds, ``build all``'s parent, tests);
    the tables of their grids' cells read at each build (they may have changed)."""
    text = read_text(path, shown)
    key = (shown, text)
    known = _DESIGNS.get(key)
    if known is None:
        known = load_face_designs(path, shown, text)
        if len(text) <= _DESIGNS_TEXT:
            _DESIGNS.keep(key, known)
    return load_cell_tables(known, path.parent, shown.rpartition("/")[0] or ".")


def preload_shared(resources: Resources, game_ids: Iterable[str]) -> None:
    """Load once what the builds of several games share, before worker processes are forked
    (``build all``), so that no worker does it again: the modules a build imports on first
    use, the fonts (parsed and registered with ReportLab, where every build's
    :class:`FontTable` finds them) and the hyphenation dictionaries of the games' languages
    (found by :func:`stated_language`, without parsing the YAML: each build parses it anyway).

    Nothing here is required: a problem is left for each game's own build to report."""
    import printandplay.data.decklist  # noqa: F401 - imported by the composition check
    import printandplay.data.svg  # noqa: F401 - icons are parsed on first use
    from printandplay.text.hyphenation import hyphenator_for

    try:
        fonts_file = resources.fonts_file()
        shown = resources.display(fonts_file)
        FontTable(load_fonts(fonts_file, shown)).load_all(shown)
    except PrintAndPlayError:
        pass
    languages = set()
    for game_id in game_ids:
        try:
            folder = resources.game_folder(game_id)  # confined as the game's own load is
            path = resolve_inside(folder, "game.yaml", None, "game file")
            language = stated_language(read_text(path, resources.display(path)))
        except PrintAndPlayError:
            continue
        if language is not None:
            languages.add(language)
    for language in sorted(languages):
        hyphenator_for(language)


_LANGUAGE_LINE = re.compile(r"^language:[ \t]*(['\"]?)([A-Za-z][A-Za-z0-9_-]{0,19})\1[ \t]*(?:#.*)?$",
                            re.MULTILINE)


def stated_language(text: str) -> str | None:
    """The language a ``game.yaml`` text states on a line of its own (``language: fr``), the
    default ``fr`` when the text never names a language, or ``None`` when it names one in any
    other way (a guess would be wasted work: only a hint for :func:`preload_shared`)."""
    found = _LANGUAGE_LINE.search(text)
    if found is not None:
        return found.group(2)
    return "fr" if "language" not in text else None


def _folder_name(resources: Resources, folder: Path) -> str:
    """A template folder as listed in messages: relative to its root, ``(bundled)`` when it
    comes with printandplay rather than from the current folder."""
    for index, root in enumerate(resources.roots):
        try:
            relative = folder.resolve().relative_to(root.resolve())
        except ValueError:
            continue
        return f"{relative.as_posix()}/" + (" (bundled)" if index > 0 else "")
    return f"{folder}/"


def _check_layouts(assets: GameAssets) -> None:
    known = assets.designs
    for component in assets.game.components:
        for name in (component.front, component.back):
            if name is not None and name not in known:
                raise LayoutError(
                    f"{component.location}: {component.kind} '{component.id}' uses layout "
                    f"'{name}', which no templates/{assets.game.id}/layouts.yaml defines"
                )
    for section in assets.game.kit:
        if isinstance(section, SheetSection) and section.back and section.back not in known:
            raise LayoutError(
                f"cards/{assets.game.id}/game.yaml: kit section '{section.title}' has back "
                f"'{section.back}', which no templates/{assets.game.id}/layouts.yaml defines"
                f"{suggest(section.back, known)}"
            )


