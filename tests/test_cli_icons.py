"""``printandplay icons``: the icons a game can use (its own, a full copy's, the bundled ones),
searched, as a table or JSON, and its bad input; the docs name only icons that ship."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from helpers import ROOT, copy_kit
from typer.testing import CliRunner

from printandplay.cli import app
from printandplay.data.stock_icons import BUNDLED_DIR, StockIcons, authors
from printandplay.project import GAME_ICONS_ENV

runner = CliRunner()
SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><path d="M0 0h512v512H0z"/>'
BUNDLED_NAMES = sorted(f"gi-{path.stem}" for path in BUNDLED_DIR.glob("*/*.svg"))
# Names the docs give that need a full copy of game-icons.net, and say so.
FULL_COPY_ONLY = {"gi-delapouite--anvil"}


@pytest.fixture(autouse=True)
def no_full_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(GAME_ICONS_ENV, raising=False)


def _svg(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(SQUARE + '<path fill="#fff" d="M1 1h10v10z"/></svg>', encoding="utf-8")


def _json(args: list[str]) -> list[dict[str, Any]]:
    result = runner.invoke(app, ["icons", *args, "--format", "json"])
    assert result.exit_code == 0, result.output
    entries: list[dict[str, Any]] = json.loads(result.stdout)
    return entries


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    """A tiny full copy: 'anvil' by three authors, 'zzz-rare' by one."""
    root = tmp_path / "game-icons"
    for author in ("delapouite", "lorc", "badges"):
        _svg(root / author / "anvil.svg")
    _svg(root / "skoll" / "zzz-rare.svg")
    return root


def test_lists_every_bundled_icon_with_its_author_and_licence() -> None:
    entries = _json([])
    assert [e["name"] for e in entries] == BUNDLED_NAMES
    names = {name for name, _ in authors().values()}
    for entry in entries:
        assert entry["source"] == "bundled"
        assert entry["author"] in names and entry["licence"] in ("CC BY 3.0", "CC0")
        assert Path(entry["file"]).is_relative_to(BUNDLED_DIR)
    owl = next(e for e in entries if e["name"] == "gi-owl")
    assert (owl["author"], owl["licence"]) == ("Lorc", "CC BY 3.0")


def test_table_names_author_licence_and_counts() -> None:
    result = runner.invoke(app, ["icons"])
    assert result.exit_code == 0, result.output
    row = next(line for line in result.stdout.splitlines() if " gi-crossed-swords " in line)
    assert re.search(r"gi-crossed-swords\s+│ Lorc\s+│ CC BY 3.0 │ bundled", row), row
    assert result.stdout.splitlines()[-1] == f"{len(BUNDLED_NAMES)} stock icons"


def test_search_keeps_names_containing_the_word() -> None:
    found = [e["name"] for e in _json(["--search", "Crossed SWORDS"])]
    assert found == ["gi-crossed-swords"]
    swords = [e["name"] for e in _json(["--search", "sword"])]
    assert swords == [n for n in BUNDLED_NAMES if "sword" in n] and len(swords) > 3


def test_search_without_match_says_so_and_succeeds() -> None:
    assert _json(["--search", "zzz-nothing"]) == []
    result = runner.invoke(app, ["icons", "--search", "zzz-nothing"])
    assert result.exit_code == 0
    assert result.stdout == ""
    assert result.stderr == "no icon's name contains 'zzz-nothing'\n"


def test_a_game_lists_its_own_icons_first() -> None:
    entries = _json(["charlie"])
    own = sorted(p.stem for p in (ROOT / "templates" / "charlie" / "icons").glob("*.svg"))
    assert [e["name"] for e in entries[:len(own)]] == own
    assert all(e["source"] == "game" and e["author"] is None and e["licence"] is None
               for e in entries[:len(own)])
    assert [e["name"] for e in entries[len(own):]] == BUNDLED_NAMES
    banane = entries[own.index("banane")]
    assert Path(banane["file"]).as_posix().endswith("templates/charlie/icons/banane.svg")
    result = runner.invoke(app, ["icons", "charlie", "--search", "banane"])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1] == "4 icons (4 of the game's own, 0 stock)"
    result = runner.invoke(app, ["icons", "charlie", "--search", "licorne"])
    assert result.stdout.splitlines()[-1] == "1 icon (1 of the game's own, 0 stock)"


def test_shared_icons_count_and_an_own_icon_hides_the_stock_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy_kit("charlie", tmp_path, monkeypatch)
    _svg(tmp_path / "templates" / "charlie" / "icons" / "gi-owl.svg")
    _svg(tmp_path / "templates" / "shared" / "icons" / "partage.svg")
    entries = _json(["charlie", "--search", "o"])
    owls = [e for e in entries if e["name"] == "gi-owl"]
    assert owls == [{"name": "gi-owl", "source": "game", "author": None, "licence": None,
                     "file": str(Path("templates/charlie/icons/gi-owl.svg"))}]
    shared = next(e for e in _json(["charlie", "--search", "partage"]))
    assert shared["file"] == str(Path("templates/shared/icons/partage.svg"))


def test_icons_dir_lists_a_full_copy_first_each_icon_once(corpus: Path) -> None:
    entries = {e["name"]: e for e in _json(["--icons-dir", str(corpus)])}
    assert (entries["gi-anvil"]["author"], entries["gi-anvil"]["source"]) == ("Lorc", "icons-dir")
    assert entries["gi-anvil"]["file"] == str(corpus / "lorc" / "anvil.svg")
    assert entries["gi-delapouite--anvil"]["author"] == "Delapouite"
    assert entries["gi-badges--anvil"]["author"] == "game-icons.net (badges)"
    assert "gi-lorc--anvil" not in entries  # gi-anvil reaches it already
    assert entries["gi-zzz-rare"]["author"] == "Skoll"
    assert entries["gi-owl"]["source"] == "bundled"  # the bundled ones are still there
    # the copy's anvil replaces the bundled one; three more names
    assert len(entries) == len(BUNDLED_NAMES) + 3


def test_icons_dir_from_the_environment(corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(GAME_ICONS_ENV, str(corpus))
    assert [e["name"] for e in _json(["--search", "rare"])] == ["gi-zzz-rare"]


def test_a_folder_that_is_no_copy_of_the_set_is_a_warning(corpus: Path) -> None:
    result = runner.invoke(app, ["icons", "--icons-dir", str(corpus / "lorc"), "--search",
                                 "anvil", "--format", "json"])
    assert result.exit_code == 0
    assert result.stderr == (f"warning: {corpus / 'lorc'}: no author folders of SVG icons in it "
                             "(give the folder of game-icons.net that holds lorc/, "
                             "delapouite/…)\n")
    assert [e["source"] for e in json.loads(result.stdout)] == ["bundled"]
    assert runner.invoke(app, ["icons", "--icons-dir", str(corpus)]).stderr == ""


@pytest.mark.parametrize(("args", "message"), [
    (["--icons-dir", "nowhere"], "error: --icons-dir nowhere: no such folder"),
    (["charly"], "error: unknown game 'charly' (known games: "),
    (["Charlie"], "error: invalid game id 'Charlie'"),
    (["--search", " "], "error: --search ' ': give a word, e.g. --search sword"),
    (["--format", "xml"], "Invalid value for '--format'"),
])
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["icons", *args])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert message in result.stderr
    if message.startswith("error:"):
        assert result.stderr.startswith(message) and result.stderr.count("\n") == 1


def test_the_curated_list_names_exactly_the_bundled_icons() -> None:
    listed = (ROOT / "tools" / "game-icons-curated.txt").read_text(encoding="utf-8").split()
    assert sorted(f"gi-{name}" for name in listed) == BUNDLED_NAMES


def test_every_stock_icon_the_docs_name_ships() -> None:
    bundled = StockIcons([BUNDLED_DIR])
    named = set()
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        text = path.read_text(encoding="utf-8")
        named |= set(re.findall(r"\bgi-[a-z0-9]+(?:--?[a-z0-9]+)*", text))
        if path.name != "development.md":  # the curating tool's input is for developers
            assert "game-icons-curated.txt" not in text, path
    assert {"gi-owl", "gi-crossed-swords"} <= named
    missing = {name for name in named if bundled.find(name.removeprefix("gi-")) is None}
    assert missing == FULL_COPY_ONLY
