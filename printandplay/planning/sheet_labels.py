"""The label of each sheet: game · section · [name ·] sheet n/N · side, in a free spot of the
printable area."""

from __future__ import annotations

from dataclasses import replace

from printandplay.layout.extent import op_extents
from printandplay.layout.print_words import vocabulary
from printandplay.layout.sheet_label import label_ops, op_obstacles
from printandplay.layout.typography import apply_typography
from printandplay.model.geometry import Rect
from printandplay.model.ops import TextOp
from printandplay.pages import PageSpec, placement_rects
from printandplay.planning.print_job import PrintJob


class SheetLabels:
    """Adds their labels to the sheets of one build."""

    def __init__(self, job: PrintJob) -> None:
        self.job = job

    def add(self, page: PageSpec, total: int, name: str = "") -> PageSpec:
        """The sheet with its label (game · section · [name ·] sheet n/N · side) added in a
        free spot of the printable area; ``name`` tells tiles apart."""
        game = self.job.game
        words = vocabulary(game.language)
        fonts = self.job.assets.fonts
        font = fonts.select("body", False, True)
        name = f"{name} · " if name else ""
        where = f"{words['sheet']} {page.sheet}/{total} · {words[page.side]}"
        texts = [apply_typography(text, game.language) for text in (
            f"{game.name} · {page.section} · {name}{where}",
            f"{game.name} · {page.section}\n{name}{where}",
            f"{game.name}\n{page.section}\n{name}{where}",
            f"{page.section} · {name}{where}", f"{name}{where}", where)]
        trims = [Rect(p.x, p.y, p.face.width, p.face.height) for p in page.placements]
        # marks, guides, the fold line and its legend (the only text before the label)
        obstacles = [*op_obstacles(page.ops), *(rect for op, rect in op_extents(
            [op for op in page.ops if isinstance(op, TextOp)], fonts))]
        label = label_ops(page.size, texts, font, fonts, placement_rects(page.placements),
                          trims, obstacles, self.job.options.margin, complete=3)
        return replace(page, ops=(*page.ops, *label), sheets=total)
