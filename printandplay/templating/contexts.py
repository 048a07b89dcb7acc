"""The ``card`` variable templates see: a component's id, name, count, kind and fields."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, overload

from printandplay.model.game import Component, Game
from printandplay.templating.environment import rich_field


def component_context(component: Component, game: Game) -> dict[str, Any]:
    """The ``card`` variable of templates: id, name, count, kind and every field."""
    kind = game.kinds[component.kind]
    card: dict[str, Any] = {"id": component.id, "name": component.name,
                            "count": component.count, "kind": component.kind}
    for spec in kind.fields:
        card[spec.name] = rich_field(spec, component.values.get(spec.name))
    return card


class CardContexts(Sequence[dict[str, Any]]):
    """The ``card`` variable of every component of ``game``, each made when it is read (the
    stock-icon reader goes over them: a game of 100,000 cards is not held twice)."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def __len__(self) -> int:
        return len(self.game.components)

    @overload
    def __getitem__(self, index: int) -> dict[str, Any]: ...
    @overload
    def __getitem__(self, index: slice) -> list[dict[str, Any]]: ...

    def __getitem__(self, index: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        if isinstance(index, slice):
            return [component_context(c, self.game) for c in self.game.components[index]]
        return component_context(self.game.components[index], self.game)

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return (component_context(c, self.game) for c in self.game.components)
