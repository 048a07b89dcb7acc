"""The planner's parts, used on their own: what a sheet section's skeleton promises (the guide
and the page count read it) is what its sheets are; a face is kept until its last placement."""

from __future__ import annotations

import pytest
from helpers import KITS_GROUP, bundled_assets

from printandplay.model.game import SheetSection
from printandplay.planning.assets import GameAssets
from printandplay.planning.faces import FacePlacer
from printandplay.planning.options import BuildOptions
from printandplay.planning.pages import PageSpec
from printandplay.planning.planner import KitPlanner
from printandplay.planning.print_job import PrintJob

pytestmark = pytest.mark.xdist_group(KITS_GROUP)  # Licum as the kits' files load it

ITEMS = 12  # the first items of a section: more than one sheet of cards, few faces composed


def licum() -> GameAssets:
    return bundled_assets("licum")  # loaded once per process, shared with the other files


def shape(page: PageSpec) -> tuple[object, ...]:
    """What the guide and the count read of a page."""
    return (page.size, page.recto, page.section, page.side, page.sheet, page.sheets)


@pytest.mark.parametrize("options", [BuildOptions(), BuildOptions(fold=True),
                                     BuildOptions(paper="letter")], ids=["duplex", "fold", "letter"])
def test_each_sheet_section_prints_its_skeleton(options: BuildOptions) -> None:
    planner = KitPlanner(licum(), options)
    sections = [s for s in licum().game.kit if isinstance(s, SheetSection)]
    sides = set()
    for section in sections:
        items = [c for c in licum().game.components if section.holds(c)
                 for _ in range(c.count)][:ITEMS]
        skeleton = [shape(page) for page in planner.sheets.skeleton(items, section)]
        pages = [shape(page) for page in planner.sheets.iter_pages(items, section)]
        assert skeleton == pages, section.title
        assert pages, section.title
        sides |= {side for _, _, _, side, _, _ in pages}
    assert sides == ({"recto", "fold"} if options.fold else {"recto", "verso"})
    assert not planner.placer.held  # every face placed was forgotten


def test_a_face_is_kept_until_its_last_expected_placement() -> None:
    placer = FacePlacer(PrintJob.of(licum(), BuildOptions()))
    card = next(c for c in licum().game.components if not c.back)
    placer.expect([card], back=False, times=2)
    first = placer.place(card, card.front, "front", 0, 0, None)
    assert placer.held == 1 and first.uses == 2
    second = placer.place(card, card.front, "front", 10, 0, None)
    assert second.face is first.face  # the copies share one face
    assert placer.held == 0


@pytest.mark.parametrize("options", [BuildOptions(), BuildOptions(ink_saver=True)],
                         ids=["plain", "ink-saver"])
def test_a_face_that_never_varies_is_the_composed_one(options: BuildOptions,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A shared back, once composed, is handed out again without a component context (no
    card read), and it is the face composing it would give; not under --ink-saver."""
    from printandplay.planning import faces

    placer = FacePlacer(PrintJob.of(licum(), options))
    cards = [c for c in licum().game.components if c.back][:6]
    first = placer.face(cards[0], str(cards[0].back), "back")
    contexts: list[str] = []
    real = faces.component_context

    def counting(component: object, game: object) -> object:
        contexts.append(str(component))
        return real(component, game)  # type: ignore[arg-type]

    monkeypatch.setattr(faces, "component_context", counting)
    for card in cards[1:]:
        face = placer.face(card, str(card.back), "back")
        context = dict(licum().base_context())
        context["card"] = real(card, licum().game)
        design = licum().designs[str(card.back)]
        composed = placer.composer.compose(design, licum().game.kinds[card.kind], context, "x")
        assert face == composed
        if not options.ink_saver and design is licum().designs[str(cards[0].back)]:
            assert face is first
    assert (contexts == []) is (not options.ink_saver)


@pytest.mark.parametrize("game", ["charlie", "licum", "sorciers", "limits", "oups"])
def test_a_layout_with_the_same_edges_draws_them_on_every_face(game: str) -> None:
    """Where :meth:`DesignPlan.same_edges` says a layout draws the same along the edges of
    every face (so the edges of one face stand for all), the edges of each face composed are
    indeed those of the first; and it says so of some layouts, not of all."""
    from printandplay.layout.fills import edge_fills
    from printandplay.planning.faces import EDGE_REACH

    assets = bundled_assets(game)
    placer = FacePlacer(PrintJob.of(assets, BuildOptions()))
    answers = set()
    for layout in {c.front for c in assets.game.components}:
        cards = [c for c in assets.game.components if c.front == layout]
        kinds = {c.kind for c in cards}
        for kind in kinds:
            same = placer.composer.plan(assets.designs[layout],
                                        assets.game.kinds[kind]).same_edges(EDGE_REACH)
            answers.add(same)
            if not same:
                continue
            edges = set()
            for card in [c for c in cards if c.kind == kind][:40]:
                face = placer.face(card, layout, "front")
                edges.add((edge_fills(face.ops, face.width, face.height, EDGE_REACH),
                           edge_fills(face.ops, face.width, face.height, EDGE_REACH,
                                      whole=False)))
            assert len(edges) == 1, (layout, kind)
    assert answers == {True, False}  # (a templated fill over the bleed, a box near an edge)
