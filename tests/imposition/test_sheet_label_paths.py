"""Sheet labels made the quick way (candidate texts set in typography when first tried, the
marks' obstacles kept while sheets share their marks, free spots keyed by numbers) are the
labels the plain way made."""

from __future__ import annotations

from dataclasses import replace

import pytest
from helpers import bundled_assets

from printandplay.data.kit_words import game_words, side_word
from printandplay.imposition.sheet_label import label_ops, op_obstacles
from printandplay.layout.extent import op_extents
from printandplay.model.geometry import Rect
from printandplay.model.ops import TextOp
from printandplay.planning.options import BuildOptions
from printandplay.planning.pages import PageSpec, placement_rects
from printandplay.planning.planner import KitPlanner
from printandplay.planning.sheet_labels import SheetLabels, Typeset
from printandplay.text.typography import apply_typography


def _plain_add(self: SheetLabels, page: PageSpec, total: int, name: str = "") -> PageSpec:
    """``SheetLabels.add`` as it was: every text set, every obstacle computed, per sheet."""
    game = self.job.game
    words = game_words(game)
    fonts = self.job.assets.fonts
    font = fonts.select("body", False, True)
    name = f"{name} · " if name else ""
    where = f"{words['sheet']['sheet']} {page.sheet}/{total} · {side_word(words, page.side)}"
    texts = [apply_typography(text, game.language) for text in (
        f"{game.name} · {page.section} · {name}{where}",
        f"{game.name} · {page.section}\n{name}{where}",
        f"{game.name}\n{page.section}\n{name}{where}",
        f"{page.section} · {name}{where}", f"{name}{where}", where)]
    trims = [Rect(p.x, p.y, p.face.width, p.face.height) for p in page.placements]
    obstacles = [*op_obstacles(page.ops), *(rect for op, rect in op_extents(
        [op for op in page.ops if isinstance(op, TextOp)], fonts))]
    label = label_ops(page.size, texts, font, fonts, placement_rects(page.placements),
                      trims, obstacles, self.job.options.margin, complete=3)
    return replace(page, ops=(*page.ops, *label), sheets=total)


@pytest.mark.parametrize(("game", "options"), [
    ("licum", {}), ("charlie", {}), ("oups", {"fold": True}), ("limits", {"paper": "letter"}),
])
def test_labels_are_the_plain_ones(game: str, options: dict[str, object],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Each sheet the kit's plan labels, labelled the plain way from the same unlabelled
    sheet: the same page (the plan is made once; only ``SheetLabels.add`` differs between
    the two ways, and nothing of the plan reads a labelled sheet but its caller, which
    yields it)."""
    calls: list[tuple[SheetLabels, PageSpec, int, str, PageSpec]] = []
    quick_add = SheetLabels.add

    def recorded(self: SheetLabels, page: PageSpec, total: int, name: str = "") -> PageSpec:
        labelled = quick_add(self, page, total, name)
        calls.append((self, page, total, name, labelled))
        return labelled

    monkeypatch.setattr(SheetLabels, "add", recorded)
    quick = KitPlanner(bundled_assets(game),
                       BuildOptions(**options)).kit_pages()  # type: ignore[arg-type]
    printed = {id(p) for p in quick}  # the labelled sheets are the kit's own
    assert all(id(labelled) in printed for *_, labelled in calls)
    for labels, page, total, name, labelled in calls:
        plain = _plain_add(labels, page, total, name)
        assert labelled.ops == plain.ops
        assert labelled == plain
    assert len(calls) >= 2  # sheets were labelled


def test_typeset_sets_each_text_once_and_only_when_read(monkeypatch: pytest.MonkeyPatch) -> None:
    from printandplay.planning import sheet_labels

    texts = ("Licum · Cartes : feuille 1/3 · recto", "« Licum » !", "a...b", "12 000 l'eau")
    calls: list[str] = []

    def counting(text: str, language: str) -> str:
        calls.append(text)
        return apply_typography(text, language)

    monkeypatch.setattr(sheet_labels, "apply_typography", counting)
    typeset = Typeset(texts, "fr")
    assert len(typeset) == 4 and calls == []
    assert typeset[0] == apply_typography(texts[0], "fr") and calls == [texts[0]]
    assert typeset[0] == typeset[-4] and calls == [texts[0]]
    assert list(typeset) == [apply_typography(t, "fr") for t in texts]
    assert list(typeset[:3]) == [apply_typography(t, "fr") for t in texts[:3]]
    assert list(typeset[3:]) == [apply_typography(texts[3], "fr")]
    assert typeset[-1] == apply_typography(texts[-1], "fr")
    assert not typeset[4:]
    with pytest.raises(IndexError):
        typeset[4]
