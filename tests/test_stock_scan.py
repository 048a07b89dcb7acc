"""The stock-icon scan (the rules before the sheets credit every stock icon the sheets print)
skips the face designs that provably print none, and misses no icon built from pieces."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from helpers import KITS_GROUP, bundled_assets, new_kit_without_credits

from printandplay.kit.build import BuildOptions, KitPlanner, load_assets
from printandplay.layout.face import FaceComposer
from printandplay.model.design import FaceDesign
from printandplay.model.game import Kind
from printandplay.model.ops import GroupOp, TextOp
from printandplay.project import Resources

pytestmark = pytest.mark.xdist_group(KITS_GROUP)  # the games as the kits' files load them


def _words(ops: tuple[object, ...]) -> str:
    return " ".join(op.text if isinstance(op, TextOp) else
                    _words(op.ops) if isinstance(op, GroupOp) else "" for op in ops)


def _rules_text(game: Path, options: BuildOptions | None = None) -> tuple[str, int]:
    """The text of the kit's documents, and the faces the scan rendered."""
    assets = load_assets(Resources.discover(game), "kit")
    planner = KitPlanner(assets, options or BuildOptions())
    scanned = []
    names = planner.composer.icon_names

    def counted(design: FaceDesign, kind: Kind, context: Mapping[str, Any], what: str,
                prefix: str) -> Iterator[str]:
        scanned.append(1)
        return names(design, kind, context, what, prefix)

    planner.composer.icon_names = counted  # type: ignore[method-assign]
    pages = list(planner.iter_kit_pages())
    return " ".join(_words(p.ops) for p in pages if not p.placements), len(scanned)


def _own_icons_only(game: Path) -> None:
    """The new kit drawn with icons of its own folder instead of stock icons (``gi-`` gone
    from its cards and layouts)."""
    for path in (game / "cards/kit/cartes.yaml", game / "templates/kit/layouts.yaml"):
        path.write_text(path.read_text(encoding="utf-8").replace("gi-", ""), encoding="utf-8")
    (game / "templates/kit/icons").mkdir()
    for name in ("fox-head", "owl", "bear-head", "card-random"):
        (game / f"templates/kit/icons/{name}.svg").write_text(
            '<svg viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="currentColor"/></svg>',
            encoding="utf-8")


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PRINTANDPLAY_GAME_ICONS", raising=False)
    return new_kit_without_credits(tmp_path)


def test_an_icon_name_built_from_pieces_is_credited(game: Path) -> None:
    """No value and no template holds ``gi-``: the icon box joins ``g``, ``i-`` and the card's
    value, and a text box joins two fields into an inline icon. Both are credited by the
    rules printed before the sheets."""
    cards = game / "cards/kit/cartes.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("icone: gi-", "icone: "),
                     encoding="utf-8")
    rules_file = game / "templates/kit/regles.md.j2"
    rules_file.write_text(rules_file.read_text(encoding="utf-8").replace(":{{ c.icone }}:", ""),
                          encoding="utf-8")
    layouts = game / "templates/kit/layouts.yaml"
    text = layouts.read_text(encoding="utf-8")
    assert 'icon: "{{ card.icone }}"' in text and 'text: "{{ card.effet }}"' in text
    text = text.replace('icon: "{{ card.icone }}"', "icon: \"{{ 'g' ~ 'i-' ~ card.icone }}\"")
    text = text.replace('text: "{{ card.effet }}"',
                        'text: "{{ card.effet }} :{{ card.debut }}{{ card.fin }}:"')
    layouts.write_text(text, encoding="utf-8")
    kinds = game / "cards/kit/game.yaml"
    kinds.write_text(kinds.read_text(encoding="utf-8").replace(
        "      effet: {type: rich, required: false}",
        "      effet: {type: rich, required: false}\n"
        "      debut: {type: text, required: false}\n"
        "      fin: {type: text, required: false}"), encoding="utf-8")
    cards.write_text(cards.read_text(encoding="utf-8").replace(
        "icone: owl", "icone: owl\n    debut: g\n    fin: i-two-coins").replace(
        "icone: fox-head", "icone: fox-head\n    debut: g\n    fin: i-owl"), encoding="utf-8")
    rules, scanned = _rules_text(game)
    assert "Crédits des icônes" in rules
    for name in ("fox-head", "owl", "bear-head", "card-random", "two-coins"):
        assert name in rules, (name, rules)
    assert scanned  # those faces had to be rendered


def test_designs_that_print_no_stock_icon_are_not_rendered_by_the_scan(game: Path) -> None:
    _own_icons_only(game)
    rules, scanned = _rules_text(game)
    assert "Crédits" not in rules
    assert scanned == 0


def test_an_icon_only_the_ink_saver_version_draws_is_credited_under_ink_saver(game: Path
                                                                           ) -> None:
    """The scan reads the layout that composing draws: with ``--ink-saver``, a design's
    ink-saver version (here the only one that prints a stock icon, the owl on the back)."""
    _own_icons_only(game)
    layouts = game / "templates/kit/layouts.yaml"
    text = layouts.read_text(encoding="utf-8")
    anchor = "      motif: {x: 20%, y: 18%, width: 60%, height: 45%, icon: card-random, color: or}\n"
    assert anchor in text
    assert text.rstrip().endswith('text: "{{ game.name }}"}')  # the back is the last layout
    layouts.write_text(text.rstrip() + "\n    ink_saver:\n      motif: {icon: gi-owl}\n",
                       encoding="utf-8")
    rules, _ = _rules_text(game)
    assert "Crédits" not in rules  # the usual back draws the kit's own icon
    rules, scanned = _rules_text(game, BuildOptions(ink_saver=True))
    assert "Crédits des icônes" in rules and "owl" in rules, rules
    assert scanned


@pytest.mark.parametrize("game_id", ["licum", "limits", "oups", "sorciers"])
def test_the_bundled_kits_need_no_scan_render(game_id: str, monkeypatch: pytest.MonkeyPatch
                                              ) -> None:
    """Their templates print no stock icon whatever the card: counting their pages renders
    no face for the scan (Charlie's effect aid, which loops over a table's items, still is)."""
    calls: list[str] = []
    names = FaceComposer.icon_names

    def counted(self: FaceComposer, design: object, *args: object) -> object:
        calls.append(getattr(design, "name", ""))
        return names(self, design, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(FaceComposer, "icon_names", counted)
    # the game as the other tests of this process load it (counting puts back the stock
    # icons it notes)
    assets = bundled_assets(game_id)
    planner = KitPlanner(assets, BuildOptions())
    assert planner.count_kit_pages() > 0
    assert calls == []


def test_card_contexts_are_the_cards_template_variables(game: Path) -> None:
    """What the stock-icon reader goes over: each component's ``card``, made on demand."""
    from printandplay.templating.contexts import CardContexts, component_context

    loaded = load_assets(Resources.discover(game), "kit").game
    expected = [component_context(c, loaded) for c in loaded.components]
    contexts = CardContexts(loaded)
    assert len(contexts) == len(expected) == 3
    assert list(contexts) == expected
    assert contexts[1] == expected[1] and contexts[1:] == expected[1:]
    assert contexts[0] is not contexts[0]  # made when read, not kept


@pytest.mark.parametrize("keep", [0, 5_000])
def test_the_reader_makes_each_card_context_once_in_a_small_game(
        keep: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Licum's ~40 box templates are read over every card's ``card`` variable: up to
    ``KEEP_CARD_CONTEXTS`` components, each context is made once per build and kept (the documents' ``components`` make theirs too); above it
    (here 0), made each time a template reads it. The stock icons noted are the same."""
    import printandplay.planning.assets as assets_module
    import printandplay.planning.faces as faces_module
    import printandplay.templating.contexts as contexts_module

    made: list[int] = []
    make = contexts_module.component_context

    def counted(*args: object) -> object:
        made.append(1)
        return make(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(faces_module, "KEEP_CARD_CONTEXTS", keep)
    assets = load_assets(Resources.discover(), "licum")
    for module in (assets_module, faces_module, contexts_module):  # each binds the name
        monkeypatch.setattr(module, "component_context", counted)
    planner = KitPlanner(assets, BuildOptions())
    assert planner.count_kit_pages() > 0
    cards = len(assets.game.components)
    if keep:  # (the documents' ``components`` variable makes some too, once each)
        assert cards <= len(made) <= 2 * cards
    else:
        assert len(made) > 10 * cards  # read again by each template
    assert dict(assets.icons.stock_used) == {}
