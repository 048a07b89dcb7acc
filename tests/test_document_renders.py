"""A kit's documents are rendered once per build for the same credits: the guide's page count
and the kit's pages both ask for them."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

import pytest

from printandplay.kit.build import BuildOptions, KitPlanner, load_assets
from printandplay.model.game import DocumentSection
from printandplay.project import Resources
from printandplay.templating.environment import TemplateEnv


def _counting_renders(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    rendered: list[str] = []
    render = TemplateEnv.render_file

    def counting(self: TemplateEnv, name: str, *args: Any, **kwargs: Any) -> str:
        rendered.append(name)
        return render(self, name, *args, **kwargs)

    monkeypatch.setattr(TemplateEnv, "render_file", counting)
    return rendered


def test_a_document_is_rendered_once_for_the_count_and_the_pages(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    rendered = _counting_renders(monkeypatch)
    assets = load_assets(Resources.discover(), "oups")
    planner = KitPlanner(assets, BuildOptions(out_dir=tmp_path))
    total = planner.count_kit_pages()
    assert rendered == ["regles.md.j2"]
    pages = planner.kit_pages()
    assert len(pages) == total
    assert rendered == ["regles.md.j2"]  # the pages reuse the count's rendering
    rules = [p for p in pages if p.section and not p.placements and p.ops]
    assert rules  # the rules are in the kit


def test_a_document_is_rendered_again_when_the_credits_it_prints_changed(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The credits are part of what a document renders: new stock icons used since its first
    rendering make a new one (with the new credits), the same ones do not."""
    rendered = _counting_renders(monkeypatch)
    assets = load_assets(Resources.discover(), "oups")
    planner = KitPlanner(assets, BuildOptions(out_dir=tmp_path))
    section = cast(DocumentSection, next(s for s in assets.game.kit
                                         if type(s).__name__ == "DocumentSection"))
    first, _ = planner.documents.pages(section, with_credits=True)
    assert len(rendered) == 1
    planner.documents.pages(section, with_credits=True)
    assert len(rendered) == 1
    from printandplay.data.stock_icons import StockIcons, stock_roots

    if assets.icons.stock is None:
        assets.icons.stock = StockIcons(stock_roots(None))
    assets.icons.get("gi-owl")  # a stock icon used since
    again, _ = planner.documents.pages(section, with_credits=True)
    assert len(rendered) == 2
    assert again != first
