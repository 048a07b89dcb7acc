"""Everything one game needs to be drawn: its data, layouts, fonts, icons, images, templates."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from printandplay.data.fonts_loader import load_fonts
from printandplay.data.game_loader import load_game
from printandplay.data.icons import IconLibrary
from printandplay.data.images import ImageLibrary
from printandplay.data.layout_loader import load_layouts
from printandplay.data.presets import Presets, load_presets
from printandplay.errors import LayoutError
from printandplay.layout.templating import Rich, TemplateEnv, wrap_rich
from printandplay.model.game import Component, FieldSpec, Game
from printandplay.model.layout import Layout
from printandplay.project import Resources
from printandplay.render.fonts import FontTable


@dataclass
class GameAssets:
    """Everything loaded to render one game."""

    resources: Resources
    game: Game
    layouts: dict[str, Layout]
    fonts: FontTable
    icons: IconLibrary
    templates: TemplateEnv
    presets: Presets
    images: ImageLibrary | None = None
    _context: dict[str, Any] = field(default_factory=dict)

    def base_context(self) -> dict[str, Any]:
        """Template variables shared by every face and document of the game."""
        if not self._context:
            game = self.game
            self._context.update(
                game={"id": game.id, "name": game.name, "language": game.language,
                      "players": {"min": game.players.min, "max": game.players.max},
                      "age": game.age, "duration": game.duration,
                      "description": game.description},
                tables=wrap_rich(dict(game.tables)),
                colors=dict(game.colors),
                components=LazyComponents(game),
                count=game.count,
            )
        return self._context


class LazyComponents(Mapping[str, list[dict[str, Any]]]):
    """The ``components`` variable of templates: the ``card`` variables of every component of
    each kind, made the first time a template asks for that kind (cards rarely do: memory
    then does not grow with the number of cards)."""

    def __init__(self, game: Game) -> None:
        self._game = game
        self._made: dict[str, list[dict[str, Any]]] = {}

    def __getitem__(self, kind: str) -> list[dict[str, Any]]:
        made = self._made.get(kind)
        if made is None:
            if kind not in self._game.kinds:
                raise KeyError(kind)
            made = [component_context(c, self._game) for c in self._game.components_of(kind)]
            self._made[kind] = made
        return made

    def __iter__(self) -> Iterator[str]:
        return iter(self._game.kinds)

    def __len__(self) -> int:
        return len(self._game.kinds)


def load_assets(resources: Resources, game_id: str) -> GameAssets:
    """Load a game with its layouts, fonts, icons and templates."""
    game = load_game(resources, game_id)
    folders = resources.templates_folders(game_id)
    layouts: dict[str, Layout] = {}
    for folder in reversed(folders):
        path = folder / "layouts.yaml"
        if path.is_file():
            layouts.update(load_layouts(path, resources.display(path)))
    fonts_file = resources.fonts_file()
    fonts = FontTable(load_fonts(fonts_file, resources.display(fonts_file)))
    icons = IconLibrary(folders, resources.display)
    assets = GameAssets(resources, game, layouts, fonts, icons, TemplateEnv(folders),
                        load_presets(), ImageLibrary(folders, resources.display))
    _check_layouts(assets)
    return assets


def _check_layouts(assets: GameAssets) -> None:
    known = assets.layouts
    for component in assets.game.components:
        for name in (component.front, component.back):
            if name is not None and name not in known:
                raise LayoutError(
                    f"{component.location}: {component.kind} '{component.id}' uses layout "
                    f"'{name}', which no templates/{assets.game.id}/layouts.yaml defines"
                )


def component_context(component: Component, game: Game) -> dict[str, Any]:
    """The ``card`` variable of templates: id, name, count, kind and every field."""
    kind = game.kinds[component.kind]
    card: dict[str, Any] = {"id": component.id, "name": component.name,
                            "count": component.count, "kind": component.kind}
    for spec in kind.fields:
        card[spec.name] = _rich_values(spec, component.values.get(spec.name))
    return card


def _rich_values(spec: FieldSpec, value: Any) -> Any:
    """Mark the values of ``rich`` fields (also inside lists and maps) as markup."""
    if value is None:
        return None
    if spec.type == "rich":
        return Rich(value)
    if spec.item is not None and spec.type == "list":
        return [_rich_values(spec.item, v) for v in value]
    if spec.item is not None and spec.type == "map":
        return {k: _rich_values(spec.item, v) for k, v in value.items()}
    return value
