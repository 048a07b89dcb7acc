"""Stock icons of game-icons.net: names, recolouring, the bundled subset, credits in the kit."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

import pytest
from helpers import new_kit_without_credits
from pdfium_text import pdfium_page_texts, pdfium_pdf_text
from typer.testing import CliRunner

from printandplay.cli import app
from printandplay.data.icons import IconLibrary
from printandplay.data.stock_icons import BUNDLED_DIR, StockIcons, authors, stock_roots
from printandplay.errors import LayoutError

runner = CliRunner()
SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><path d="M0 0h512v512H0z"/>'


def _icon(folder: Path, author: str, name: str, body: str) -> None:
    (folder / author).mkdir(parents=True, exist_ok=True)
    (folder / author / f"{name}.svg").write_text(SQUARE + body + "</svg>", encoding="utf-8")


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    """A tiny copy of the set: 'anvil' by three authors, 'zzz-rare' by one."""
    root = tmp_path / "game-icons"
    _icon(root, "delapouite", "anvil", '<path fill="#fff" d="M1 1h10v10z"/>')
    _icon(root, "lorc", "anvil", '<path fill="#fff" d="M2 2h20v20z"/>')
    _icon(root, "badges", "anvil", '<path fill="#fff" d="M3 3h30v30z"/>')
    _icon(root, "skoll", "zzz-rare", '<circle fill="#fff" stroke="#fff" cx="9" cy="9" r="5"/>')
    return root


def test_bundled_subset_loads_recoloured_and_credited() -> None:
    files = sorted(BUNDLED_DIR.glob("*/*.svg"))
    assert 300 <= len(files) <= 600
    assert sum(f.stat().st_size for f in files) < 3_000_000
    assert (BUNDLED_DIR / "license.txt").read_text(encoding="utf-8").startswith("Icons provided")
    library = IconLibrary([], str, StockIcons(stock_roots(None)))
    for path in files:
        assert path.parent.name in authors(), path  # every bundled icon has a named author
        icon = library.get(f"gi-{path.parent.name}--{path.stem}")
        assert icon.shapes, path
        for shape in icon.shapes:  # the black square is gone, the drawing follows the layout
            assert shape.fill in ("current", None) and shape.stroke in ("current", None), path


def test_plain_name_prefers_lorc_then_delapouite_and_author_names_pick(corpus: Path) -> None:
    library = IconLibrary([], str, StockIcons([corpus]))
    assert library.get("gi-anvil").shapes[0].points()[0] == (2.0, 2.0)  # Lorc's
    assert library.get("gi-delapouite--anvil").shapes[0].points()[0] == (1.0, 1.0)
    assert library.get("gi-badges--anvil").shapes[0].points()[0] == (3.0, 3.0)
    rare = library.get("gi-zzz-rare")
    assert len(rare.shapes) == 1 and rare.shapes[0].fill == rare.shapes[0].stroke == "current"
    credits = library.credits()
    assert [c["author"] for c in credits] == ["Delapouite", "Lorc", "Skoll",
                                              "game-icons.net (badges)"]
    assert credits[1] == {"author": "Lorc", "licence": "CC BY 3.0", "icons": ["anvil"]}


def test_an_icon_without_the_black_square_keeps_its_black_drawing(corpus: Path) -> None:
    # a full copy may hold one's own icons: a black drawing on nothing takes the colour
    (corpus / "moi").mkdir()
    (corpus / "moi" / "plume.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">'
        '<path d="M10 10h100v100z"/><path fill="#fff" d="M20 20h10v10z"/>'
        '<path fill="#c00" d="M40 40h10v10z"/></svg>', encoding="utf-8")
    icon = IconLibrary([], str, StockIcons([corpus])).get("gi-moi--plume")
    assert [shape.fill for shape in icon.shapes] == ["current", (1.0, 1.0, 1.0), (0.8, 0.0, 0.0)]
    # with the square, the square and every black go, and white takes the colour
    square = IconLibrary([], str, StockIcons([corpus])).get("gi-lorc--anvil")
    assert [shape.fill for shape in square.shapes] == ["current"]


def test_unknown_stock_icon_suggests_close_names(corpus: Path) -> None:
    library = IconLibrary([], str, StockIcons([corpus]))
    with pytest.raises(LayoutError, match=r"unknown icon 'gi-anvl' \(did you mean 'gi-anvil'"):
        library.get("gi-anvl")


def test_own_icon_wins_over_stock_icon(tmp_path: Path, corpus: Path) -> None:
    (tmp_path / "own" / "icons").mkdir(parents=True)
    (tmp_path / "own" / "icons" / "gi-anvil.svg").write_text(
        '<svg viewBox="0 0 10 20"><rect width="10" height="20" fill="red"/></svg>',
        encoding="utf-8")
    library = IconLibrary([tmp_path / "own"], str, StockIcons([corpus]))
    assert library.get("gi-anvil").view_box == (0, 0, 10, 20)
    assert library.credits() == []


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A new game whose rules do not print the credits themselves."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PRINTANDPLAY_GAME_ICONS", raising=False)
    return new_kit_without_credits(tmp_path)


def test_credits_are_added_to_the_last_document_when_no_template_prints_them(game: Path) -> None:
    result = runner.invoke(app, ["build", "kit"])
    assert result.exit_code == 0, result.output
    text = pdfium_pdf_text(game / "build/kit/kit-a4.pdf")
    assert "Crédits des icônes" in text
    assert re.search(r"Lorc \(CC BY 3.0\)\s*:\s*fox-head, owl", text), text
    assert "Faithtoken" in text  # the back's gi-card-random


def test_credits_get_a_page_of_their_own_without_documents(game: Path) -> None:
    path = game / "cards/kit/game.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("  - document: regles.md.j2\n    title: Règles\n", ""),
                    encoding="utf-8")
    result = runner.invoke(app, ["build", "kit"])
    assert result.exit_code == 0, result.output
    (last,) = pdfium_page_texts(game / "build/kit/kit-a4.pdf", [-1])
    assert "Crédits des icônes" in last


def test_no_credits_without_stock_icons(game: Path) -> None:
    (game / "templates/kit/icons").mkdir()
    for name in ("fox-head", "owl", "bear-head", "card-random"):
        (game / f"templates/kit/icons/{name}.svg").write_text(
            '<svg viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="currentColor"/></svg>',
            encoding="utf-8")
    for path in (game / "cards/kit/cartes.yaml", game / "templates/kit/layouts.yaml"):
        path.write_text(path.read_text(encoding="utf-8").replace("gi-", ""), encoding="utf-8")
    result = runner.invoke(app, ["build", "kit"])
    assert result.exit_code == 0, result.output
    assert "Crédits" not in pdfium_pdf_text(game / "build/kit/kit-a4.pdf")


def test_icons_dir_option_and_environment_variable(game: Path, corpus: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    cards = game / "cards/kit/cartes.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("gi-owl", "gi-zzz-rare"),
                     encoding="utf-8")
    missing = runner.invoke(app, ["build", "kit"])
    assert missing.exit_code == 2 and "unknown icon 'gi-zzz-rare'" in missing.output
    bad = runner.invoke(app, ["build", "kit", "--icons-dir", str(game / "nowhere")])
    assert bad.exit_code == 2 and "--icons-dir" in bad.output
    result = runner.invoke(app, ["build", "kit", "--icons-dir", str(corpus)])
    assert result.exit_code == 0, result.output
    assert "Skoll" in pdfium_pdf_text(game / "build/kit/kit-a4.pdf")
    monkeypatch.setenv("PRINTANDPLAY_GAME_ICONS", str(corpus))
    assert runner.invoke(app, ["build", "kit"]).exit_code == 0


def test_rules_before_the_sheets_credit_their_stock_icons_while_pages_stream(
        game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The rules come first, yet credit the icons of the sheets after them (in icon boxes and
    inline in card texts): a first pass notes those icons without composing or keeping a face,
    once per sheet section, and the pages still stream one at a time."""
    from printandplay.kit.build import BuildOptions, KitPlanner, load_assets
    from printandplay.model.game import Component
    from printandplay.model.ops import GroupOp, TextOp
    from printandplay.planning.faces import FacePlacer
    from printandplay.project import Resources

    scans: list[int] = []
    scan = FacePlacer.scan_stock_icons

    def counted(self: FacePlacer, components: Iterable[Component]) -> None:
        scans.append(1)
        scan(self, components)

    monkeypatch.setattr(FacePlacer, "scan_stock_icons", counted)

    cards = game / "cards/kit/cartes.yaml"
    text = cards.read_text(encoding="utf-8")
    assert "Renard rusé" in text
    cards.write_text(text.replace("Regardez la main d'un adversaire.",
                                  "Gagnez 1 :gi-two-coins:."), encoding="utf-8")
    assets = load_assets(Resources.discover(game), "kit")
    planner = KitPlanner(assets, BuildOptions())
    total = planner.count_kit_pages()
    assert not planner.placer.held  # counting composed nothing
    pages = planner.iter_kit_pages()
    first = next(pages)
    assert not planner.placer.held  # the rules are set before any face is composed
    rest = list(pages)
    assert total == 1 + len(rest)
    assert not planner.placer.held  # every face forgotten after its last placement

    def words(ops: tuple[object, ...]) -> str:
        return " ".join(op.text if isinstance(op, TextOp) else
                        words(op.ops) if isinstance(op, GroupOp) else "" for op in ops)

    rules = " ".join(words(page.ops) for page in [first, *rest] if not page.placements)
    assert "Crédits des icônes" in rules
    sheet_sections = [s for s in assets.game.kit if type(s).__name__ == "SheetSection"]
    assert len(scans) == len(sheet_sections)  # the count and the rules share one scan
    for name in ("fox-head", "owl", "card-random", "two-coins"):
        assert name in rules, rules


def test_a_printed_deck_credits_the_stock_icons_its_cards_print(game: Path) -> None:
    from printandplay.kit.build import build_deck
    from printandplay.planning.options import BuildOptions
    from printandplay.project import Resources, bundled_root

    path = build_deck(Resources((game, bundled_root())), "kit", [("KIT-01", 2)], "essai",
                      BuildOptions(out_dir=game / "out"))
    last, first = pdfium_page_texts(path, (-1, 0))
    assert "Crédits des icônes" in last
    assert re.search(r"Lorc \(CC BY 3.0\)\s*:\s*fox-head", last), last
    assert "owl" not in last  # KIT-02's icon is not in this deck
    assert "Crédits" in first  # the guide lists the credits page
