"""What a build reads: one game's data, layouts, fonts, icons, images and templates, loaded
(by :func:`printandplay.kit.assets.load_assets`), and the template variables they share."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from printandplay.data.icons import IconLibrary
from printandplay.data.images import ImageLibrary
from printandplay.data.presets import Presets
from printandplay.model.design import FaceDesign
from printandplay.model.fonts import GameFonts
from printandplay.model.game import Game
from printandplay.project import Resources
from printandplay.templating.contexts import component_context
from printandplay.templating.environment import TemplateEnv, wrap_rich


@dataclass
class GameAssets:
    """Everything loaded to render one game."""

    resources: Resources
    game: Game
    designs: dict[str, FaceDesign]  # the layouts of layouts.yaml, by name
    fonts: GameFonts
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
