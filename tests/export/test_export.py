"""``printandplay export``: PNGs of every distinct face, contact sheets, Tabletop Simulator decks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import cast

import pytest
import yaml
from helpers import KITS_GROUP, ROOT, bundled_assets, load_yaml
from PIL import Image
from small_games import add_small_game
from typer.testing import CliRunner

from printandplay.cli import app
from printandplay.data.decklist import load_deck
from printandplay.data.game_loader import load_game
from printandplay.project import Resources
from printandplay.units import MM

pytestmark = pytest.mark.xdist_group(KITS_GROUP)  # Charlie, Sorciers loaded as there

runner = CliRunner()
ARCANES_CASES = ROOT / "tests" / "rules" / "cases" / "arcanes"
DPI = 40  # small images: the tests check sizes and counts, not looks


def _pixels(length_pt: float, dpi: float) -> float:
    return length_pt / 72 * dpi


@pytest.fixture(scope="module")
def charlie_tts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``export charlie --tts TTS``, once: the saved object's path (Charlie's tiles each have
    their own back, which no other kit shows, and their 31 fronts fill a sheet of several
    rows)."""
    tts = tmp_path_factory.mktemp("charlie-tts")
    result = runner.invoke(app, ["export", "charlie", "--tts", str(tts), "--dpi", str(DPI)])
    assert result.exit_code == 0, result.output
    return Path(result.stdout.strip())


@pytest.fixture(scope="module")
def sorciers_png(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Sorciers (18 cards: backs shared by a kind, and a card's own back; two card sizes and
    round tokens) exported as PNGs at ``DPI``, once: the folder."""
    folder = tmp_path_factory.mktemp("sorciers-png")
    result = runner.invoke(app, ["export", "sorciers", "--png", str(folder), "--dpi", str(DPI)])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == str(folder)
    return folder


@pytest.fixture(scope="module")
def terres_png(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The four Terres of the small Arcanes game (a copy without its other cards and its deck
    rules) exported as PNGs at ``DPI``, without and with ``--bleed``: the folders, by
    ``"trim"`` and ``"bleed"``; the first export also writes a TTS deck (``"tts"``, its
    folder), and ``"printed"`` is a file holding the lines it printed."""
    work = tmp_path_factory.mktemp("terres")
    game_yaml = add_small_game(work, "terres")
    game = load_yaml(game_yaml)
    del game["deck_format"], game["deck_rules"]
    game["components"] = ["terres.yaml"]
    game_yaml.write_text(yaml.safe_dump(game, allow_unicode=True, sort_keys=False),
                         encoding="utf-8")
    folders = {"tts": work / "tts"}
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(work)  # the copy is a game of the current folder
        for name, extra in (("trim", ["--tts", str(folders["tts"])]), ("bleed", ["--bleed"])):
            folders[name] = work / name
            result = runner.invoke(app, ["export", "terres", "--png", str(folders[name]),
                                         "--dpi", str(DPI), *extra])
            assert result.exit_code == 0, result.output
            if name == "trim":
                folders["printed"] = work / "printed.txt"
                folders["printed"].write_text(result.stdout, encoding="utf-8")
    return folders


def test_export_prints_each_target_in_order(terres_png: dict[str, Path]) -> None:
    printed = terres_png["printed"].read_text(encoding="utf-8").strip().splitlines()
    assert printed == [str(terres_png["trim"]), str(terres_png["tts"] / "terres.json")]


def test_png_one_file_per_distinct_face_and_contact_sheets(sorciers_png: Path) -> None:
    # a mechanism, shown on Sorciers (23 faces) rather than Charlie (113): every kind's size,
    # a card's own back and backs shared by a kind
    tmp_path = sorciers_png
    index = json.loads((tmp_path / "faces.json").read_text(encoding="utf-8"))
    game = bundled_assets("sorciers").game
    assert set(index["components"]) == {c.id for c in game.components}
    for component in game.components:
        entry = index["components"][component.id]
        assert entry["front"] == f"{component.id}.png"
        assert ("back" in entry) == (component.back is not None)
        kind = game.kinds[component.kind]
        with Image.open(tmp_path / entry["front"]) as image:
            assert image.format == "PNG"
            assert abs(image.width - _pixels(kind.size.width, DPI)) <= 1
            assert abs(image.height - _pixels(kind.size.height, DPI)) <= 1
            extrema = cast(tuple[int, int], image.convert("L").getextrema())  # one band
            assert extrema[0] < 200  # something is drawn
    files = {p.name for p in tmp_path.glob("*.png")}
    named = {name for entry in index["components"].values() for name in entry.values()}
    contact = {f"contact-{kind}.png" for kind in {c.kind for c in game.components}}
    assert files == named | contact


def test_png_shared_back_is_written_once(sorciers_png: Path) -> None:
    # Sorciers (18 cards) has both: backs shared by a kind and a card's own back
    index = json.loads((sorciers_png / "faces.json").read_text(encoding="utf-8"))
    index = index["components"]
    backs = [entry["back"] for entry in index.values() if "back" in entry]
    assert len(set(backs)) < len(backs)
    assert all(b.startswith("back-") for b in backs if backs.count(b) > 1)
    assert any(not b.startswith("back-") for b in backs)  # a card's own back keeps its name


def test_png_with_bleed_is_larger_by_the_bleed(terres_png: dict[str, Path]) -> None:
    trim, bled = terres_png["trim"], terres_png["bleed"]
    name = sorted(p.name for p in trim.glob("*.png") if not p.name.startswith("contact"))[0]
    with Image.open(trim / name) as a, Image.open(bled / name) as b:
        grow = _pixels(2 * 3 * MM, DPI)  # 9.4 px at 40 dpi
        assert abs(b.width - a.width - grow) <= 1.5
        assert abs(b.height - a.height - grow) <= 1.5


def _check_tts(saved: dict, folder: Path, expected: dict[str, int], kinds: dict[str, str]
               ) -> None:
    """Every deck of the saved object: counts per card, sheet grids as big as said; every
    token (a round piece) a transparent PNG."""
    found: dict[str, int] = {}
    for state in saved["ObjectStates"]:
        if state["Name"] in ("Custom_Token", "Custom_Tile"):
            _check_token(state, folder)
            found[state["Description"]] = found.get(state["Description"], 0) + 1
            continue
        cards = state["ContainedObjects"] if state["Name"] == "DeckCustom" else [state]
        if state["Name"] == "DeckCustom":
            assert state["DeckIDs"] == [c["CardID"] for c in cards]
            assert len(cards) >= 2
        else:
            assert state["Name"] == "Card"
        for card in cards:
            found[card["Description"]] = found.get(card["Description"], 0) + 1
            deck_id = str(card["CardID"] // 100)
            custom = card["CustomDeck"][deck_id]
            assert card["CardID"] % 100 < custom["NumWidth"] * custom["NumHeight"]
        decks = state["CustomDeck"]
        for custom in decks.values():
            assert 1 <= custom["NumWidth"] <= 10 and 1 <= custom["NumHeight"] <= 7
            face = Path(custom["FaceURL"].removeprefix("file://"))
            back = Path(custom["BackURL"].removeprefix("file://"))
            assert face.parent == folder.resolve() and back.parent == folder.resolve()
            with Image.open(face) as sheet, Image.open(back) as back_image:
                assert sheet.format == "JPEG" and back_image.format == "JPEG"
                cell_w = sheet.width / custom["NumWidth"]
                cell_h = sheet.height / custom["NumHeight"]
                assert cell_w == int(cell_w) and cell_h == int(cell_h)
                if custom["UniqueBack"]:
                    assert back_image.size == sheet.size
                else:
                    assert back_image.size == (cell_w, cell_h)
    assert found == expected


def _check_token(state: dict, folder: Path) -> None:
    """A round piece: a PNG with transparent corners and an opaque centre, and a back on the
    other side for a two-sided tile."""
    image = state["CustomImage"]
    urls = [image["ImageURL"], *([image["ImageSecondaryURL"]] if image["ImageSecondaryURL"]
                                 else [])]
    assert (state["Name"] == "Custom_Tile") == (len(urls) == 2)
    if state["Name"] == "Custom_Tile":
        assert image["CustomTile"]["Type"] == 2  # round
    for url in urls:
        path = Path(url.removeprefix("file://"))
        assert path.parent == folder.resolve()
        with Image.open(path) as png:
            assert png.format == "PNG" and png.mode == "RGBA"
            alpha = png.getchannel("A")
            assert alpha.getpixel((0, 0)) == 0  # a corner, outside the circle
            assert alpha.getpixel((png.width // 2, png.height // 2)) == 255


def test_tts_kit_has_every_copy(charlie_tts: Path) -> None:
    # the whole kit's export, shown on Charlie's (exported once for this file: 7 kinds, 135
    # cards) rather than Licum's (164 components, 0.4 s more); Licum's TTS export is the deck
    # lists' below
    saved = json.loads(charlie_tts.read_text(encoding="utf-8"))
    game = bundled_assets("charlie").game
    expected = {c.id: c.count for c in game.components if c.count}
    _check_tts(saved, charlie_tts.parent, expected, {c.id: c.kind for c in game.components})
    # 31 distinct tiles: a 10 × 4 sheet (ten columns at most)
    tiles = [s for s in saved["ObjectStates"] if s.get("Nickname") == "Tuile"]
    assert len({c["Description"] for c in tiles[0]["ContainedObjects"]}) == 31
    assert [(d["NumWidth"], d["NumHeight"]) for d in tiles[0]["CustomDeck"].values()] == [(10, 4)]


def test_tts_deck_list(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the deck list's cards and copies, shown on the small Arcanes game and a legal deck of
    # its rules' cases (60 copies of 16 cards in 3 kinds: 0.04 s to export where a Licum
    # deck takes 0.2 s); a Licum deck list is read by the next test
    add_small_game(tmp_path, "arcanes")
    monkeypatch.chdir(tmp_path)
    deck_file = tmp_path / "soixante.txt"
    deck_file.write_text(load_yaml(ARCANES_CASES / "valid-sixty.yaml")["deck"],
                         encoding="utf-8")
    result = runner.invoke(app, ["export", "arcanes", "--tts", str(tmp_path / "tts"), "--deck",
                                 str(deck_file), "--dpi", "30"])
    assert result.exit_code == 0, result.output
    json_path = Path(result.stdout.strip())
    assert json_path.name == "deck-soixante.json"
    saved = json.loads(json_path.read_text(encoding="utf-8"))
    game = load_game(Resources.discover(), "arcanes")
    expected = load_deck(deck_file, game).counts()
    # its three kinds share one back: one deck (a player's deck, as it is shuffled)
    assert (sum(expected.values()), len(expected), len(saved["ObjectStates"])) == (60, 16, 1)
    assert saved["ObjectStates"][0]["Nickname"] == "Cartes"  # the kit section of its kinds
    _check_tts(saved, tmp_path / "tts", expected, {c.id: c.kind for c in game.components})


def test_tts_charlie_tiles_have_their_own_backs(charlie_tts: Path) -> None:
    saved = json.loads(charlie_tts.read_text(encoding="utf-8"))
    tiles = next(s for s in saved["ObjectStates"] if s["Nickname"] == "Tuile")
    assert all(c["UniqueBack"] for c in tiles["CustomDeck"].values())


def test_tts_refuses_an_invalid_deck_unless_forced(tmp_path: Path) -> None:
    deck_file = tmp_path / "court.txt"  # a team and three cards: far too few
    deck_file.write_text("Équipe: Rouges\n\nPréparation\n1 Avant-Match\n1 Cliché\n\nJeu\n"
                         "1 Geneviève Allain\n1 Personne Inconnue\n", encoding="utf-8")
    args = ["export", "licum", "--tts", str(tmp_path / "tts"), "--deck", str(deck_file),
            "--dpi", "30"]
    result = runner.invoke(app, args)
    assert result.exit_code == 1, result.output
    assert "INVALID" in result.output and "export it anyway with --force" in result.output
    assert not (tmp_path / "tts").exists()
    result = runner.invoke(app, [*args, "--force"])
    assert result.exit_code == 0, result.output
    assert "dropping 1 × 'Personne Inconnue': no such card" in result.output
    assert (tmp_path / "tts" / "deck-court.json").is_file()


@pytest.mark.parametrize("args", [
    ["export", "charlie"],
    ["export", "charlie", "--png", "x", "--deck", "d.txt"],
    ["export", "charlie", "--png", "x", "--force"],
    ["export", "charlie", "--tts", "x", "--rules", "base"],
    ["export", "charlie", "--png", "x", "--dpi", "5"],
    ["export", "nope", "--png", "x"],
])
def test_export_bad_options_exit_2(args: list[str], tmp_path: Path,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert "error:" in result.output and "Traceback" not in result.output


def test_tts_deck_of_several_kinds_is_one_deck_per_back(tmp_path: Path) -> None:
    """Licum's red deck: four kinds with the Préparation back and four with the Jeu back make
    two TTS decks, named after their kit sections, not one per kind."""
    result = runner.invoke(app, ["export", "licum", "--tts", str(tmp_path), "--deck",
                                 str(ROOT / "cards/licum/decks/rouges.txt"), "--dpi", "30"])
    assert result.exit_code == 0, result.output
    assert "licum: 41 cards in 2 decks" in result.output
    saved = json.loads((tmp_path / "deck-rouges.json").read_text(encoding="utf-8"))
    assert [s["Nickname"] for s in saved["ObjectStates"]] == ["Cartes de Préparation",
                                                              "Cartes de Jeu"]
    for state in saved["ObjectStates"]:
        backs = {c["BackURL"] for c in state["CustomDeck"].values()}
        assert len(backs) == 1  # one back image for the whole deck
