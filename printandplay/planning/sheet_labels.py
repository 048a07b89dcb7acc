"""The label of each sheet: game · section · [name ·] sheet n/N · side, in a free spot of the
printable area."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import overload

from printandplay.data.kit_words import game_words, side_word
from printandplay.imposition.sheet_label import label_ops, op_obstacles
from printandplay.layout.extent import op_extents
from printandplay.model.geometry import Rect
from printandplay.model.ops import Op, TextOp
from printandplay.planning.pages import PageSpec, placement_rects
from printandplay.planning.print_job import PrintJob
from printandplay.text.typography import apply_typography

_OBSTACLES_MAX = 16


class Typeset(Sequence[str]):
    """``texts`` in the typography of ``language``, each set when first read: a label tries
    its candidate texts best first and almost always keeps the first one."""

    def __init__(self, texts: Sequence[str], language: str) -> None:
        self._texts = texts
        self._language = language
        self._set: dict[int, str] = {}

    def __len__(self) -> int:
        return len(self._texts)

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> Typeset: ...

    def __getitem__(self, index: int | slice) -> str | Typeset:
        if isinstance(index, slice):
            return Typeset(self._texts[index], self._language)
        index = range(len(self._texts))[index]  # (an IndexError past the end, as a list)
        text = self._set.get(index)
        if text is None:
            text = self._set[index] = apply_typography(self._texts[index], self._language)
        return text


class SheetLabels:
    """Adds their labels to the sheets of one build."""

    def __init__(self, job: PrintJob) -> None:
        self.job = job
        # id of a sheet's own ops → those ops (kept alive: the id stays theirs) and what
        # they cover (fronts and backs alternate: a few are kept)
        self._obstacles: dict[int, tuple[tuple[Op, ...], list[Rect]]] = {}

    def add(self, page: PageSpec, total: int, name: str = "") -> PageSpec:
        """The sheet with its label (game · section · [name ·] sheet n/N · side) added in a
        free spot of the printable area; ``name`` tells tiles apart."""
        game = self.job.game
        words = game_words(game)
        fonts = self.job.assets.fonts
        font = fonts.select("body", False, True)
        name = f"{name} · " if name else ""
        where = f"{words['sheet']['sheet']} {page.sheet}/{total} · {side_word(words, page.side)}"
        texts = Typeset((
            f"{game.name} · {page.section} · {name}{where}",
            f"{game.name} · {page.section}\n{name}{where}",
            f"{game.name}\n{page.section}\n{name}{where}",
            f"{page.section} · {name}{where}", f"{name}{where}", where), game.language)
        trims = [Rect(p.x, p.y, p.face.width, p.face.height) for p in page.placements]
        # marks, guides, the fold line and its legend (the only text before the label)
        known = self._obstacles.get(id(page.ops))  # sheets of one plan share their marks
        if known is None or known[0] is not page.ops:
            if len(self._obstacles) >= _OBSTACLES_MAX:
                self._obstacles.clear()
            known = self._obstacles[id(page.ops)] = (page.ops, [
                *op_obstacles(page.ops), *(rect for op, rect in op_extents(
                    [op for op in page.ops if isinstance(op, TextOp)], fonts))])
        obstacles = known[1]
        label = label_ops(page.size, texts, font, fonts, placement_rects(page.placements),
                          trims, obstacles, self.job.options.margin, complete=3)
        return replace(page, ops=(*page.ops, *label), sheets=total)
