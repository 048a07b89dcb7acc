"""What every part of a build's planning reads: the game's assets, the options, and the paper
and bleed they resolve to."""

from __future__ import annotations

from dataclasses import dataclass

from printandplay.data.presets import resolve_paper
from printandplay.model.game import Game, Kind, SheetSection, Size
from printandplay.planning.assets import GameAssets
from printandplay.planning.options import DEFAULT_BLEED, BuildOptions


@dataclass(frozen=True)
class PrintJob:
    """One build's assets and options, with the paper size and bleed (points) they give."""

    assets: GameAssets
    options: BuildOptions
    paper: Size
    bleed: float

    @classmethod
    def of(cls, assets: GameAssets, options: BuildOptions) -> PrintJob:
        """The job of printing ``assets`` with ``options`` (paper resolved, bleed defaulted)."""
        bleed = DEFAULT_BLEED if options.bleed is None else options.bleed
        return cls(assets, options, resolve_paper(options.paper, assets.presets), bleed)

    @property
    def game(self) -> Game:
        """The game printed."""
        return self.assets.game

    @property
    def portrait(self) -> Size:
        """The paper upright: the page size of documents and of the guide."""
        return Size(min(self.paper.width, self.paper.height),
                    max(self.paper.width, self.paper.height))

    def kind_of(self, section: SheetSection) -> Kind:
        """The kind of component a sheet section prints (its first: they share a size)."""
        return self.assets.game.kinds[section.kinds[0]]
