"""Tests of where games, templates and fonts are found: the current folder first, then the data
bundled with the package."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from printandplay.data.game_loader import load_game
from printandplay.errors import DataError, UnknownGameError
from printandplay.project import Resources, bundled_root

BUNDLED = bundled_root().resolve()
TINY = Path(__file__).resolve().parent / "fixtures" / "games" / "tiny"
ROOT = Path(__file__).resolve().parent.parent


def copy_charlie(folder: Path, name: str) -> Path:
    """A copy of the bundled charlie game in ``folder``, renamed ``name``; its game.yaml."""
    target = folder / "cards" / "charlie"
    shutil.copytree(BUNDLED / "cards" / "charlie", target)
    game_yaml = target / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    old = "name: Charlie the Unicorn et le Liopleurodon magique\n"
    assert text.count(old) == 1
    game_yaml.write_text(text.replace(old, f"name: {name}\n"), encoding="utf-8")
    return game_yaml


# --- roots -----------------------------------------------------------------------------------


def test_bundled_root_of_a_checkout() -> None:
    assert (BUNDLED / "cards" / "charlie" / "game.yaml").is_file()
    assert (BUNDLED / "templates" / "charlie" / "layouts.yaml").is_file()
    assert (BUNDLED / "fonts" / "fonts.yaml").is_file()


def test_discover_puts_the_current_folder_first(tmp_path: Path) -> None:
    assert Resources.discover(cwd=tmp_path).roots == (tmp_path.resolve(), BUNDLED)


def test_discover_defaults_to_the_current_folder(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert Resources.discover().roots == (tmp_path.resolve(), BUNDLED)


def test_discover_inside_the_bundled_folder_has_one_root() -> None:
    assert Resources.discover(cwd=BUNDLED).roots == (BUNDLED,)


def test_find_takes_the_first_root_that_has_the_path(tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    for root in (first, second):
        (root / "x").mkdir(parents=True)
    (second / "only-b").mkdir()
    resources = Resources((first, second))
    assert resources.find("x") == first / "x"
    assert resources.find("only-b") == second / "only-b"
    assert resources.find("nowhere") is None


# --- games -----------------------------------------------------------------------------------


def test_current_folder_game_wins(tmp_path: Path) -> None:
    copy_charlie(tmp_path, "Charlie, ma version")
    resources = Resources.discover(cwd=tmp_path)
    assert resources.game_folder("charlie") == tmp_path.resolve() / "cards" / "charlie"
    game = load_game(resources, "charlie")
    assert game.name == "Charlie, ma version"
    assert game.folder == tmp_path.resolve() / "cards" / "charlie"
    assert len(game.components_of("tuile")) == 31


def test_bundled_game_when_the_current_folder_has_none(tmp_path: Path) -> None:
    game = load_game(Resources.discover(cwd=tmp_path), "charlie")
    assert game.name == "Charlie the Unicorn et le Liopleurodon magique"
    assert game.folder == BUNDLED / "cards" / "charlie"


def test_game_ids_lists_every_root(tmp_path: Path) -> None:
    shutil.copytree(TINY / "cards", tmp_path / "cards")
    (tmp_path / "cards" / "draft").mkdir()  # no game.yaml: not a game
    (tmp_path / "cards" / "notes.yaml").write_text("a: 1\n", encoding="utf-8")
    copy_charlie(tmp_path, "Charlie bis")
    bundled = {p.parent.name for p in (ROOT / "cards").glob("*/game.yaml")}
    assert Resources.discover(cwd=tmp_path).game_ids() == sorted(bundled | {"tiny"})
    assert Resources((tmp_path / "empty",)).game_ids() == []


def test_unknown_game_lists_the_known_games(tmp_path: Path) -> None:
    shutil.copytree(TINY / "cards", tmp_path / "cards")
    resources = Resources.discover(cwd=tmp_path)
    with pytest.raises(UnknownGameError) as info:
        load_game(resources, "chrlie")
    known = sorted({p.parent.name for p in (ROOT / "cards").glob("*/game.yaml")} | {"tiny"})
    assert str(info.value) == f"unknown game 'chrlie' (known games: {', '.join(known)})"
    assert info.value.problems() == [str(info.value)]


def test_unknown_game_without_any_game(tmp_path: Path) -> None:
    with pytest.raises(UnknownGameError) as info:
        Resources((tmp_path,)).game_folder("charlie")
    assert str(info.value) == "unknown game 'charlie' (known games: none)"


def test_errors_in_the_current_folder_game_show_relative_paths(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game_yaml = copy_charlie(tmp_path, "Charlie, ma version")
    text = game_yaml.read_text(encoding="utf-8")
    game_yaml.write_text(text.replace("players: {min: 3, max: 4}", "players: {min: 3, max: two}"),
                         encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(DataError) as info:
        load_game(Resources.discover(), "charlie")
    assert str(info.value) == (
        "cards/charlie/game.yaml:4: field 'max' on players: expected an integer, got text")


# --- templates and fonts ---------------------------------------------------------------------


def test_templates_fall_back_to_the_bundled_folder(tmp_path: Path) -> None:
    copy_charlie(tmp_path, "Charlie, ma version")
    resources = Resources.discover(cwd=tmp_path)
    assert resources.templates_folders("charlie") == [BUNDLED / "templates" / "charlie"]


def test_current_folder_templates_win(tmp_path: Path) -> None:
    own = tmp_path / "templates" / "charlie"
    own.mkdir(parents=True)
    shared = tmp_path / "templates" / "shared"
    shared.mkdir()
    resources = Resources.discover(cwd=tmp_path)
    assert resources.templates_folders("charlie") == [own.resolve(), shared.resolve()]


def test_templates_of_a_game_without_any(tmp_path: Path) -> None:
    assert Resources.discover(cwd=tmp_path).templates_folders("tiny") == []
    assert Resources((TINY,)).templates_folders("tiny") == [TINY / "templates" / "tiny"]


def test_fonts_file_falls_back_to_the_bundled_one(tmp_path: Path) -> None:
    assert Resources.discover(cwd=tmp_path).fonts_file() == BUNDLED / "fonts" / "fonts.yaml"
    own = tmp_path / "fonts" / "fonts.yaml"
    own.parent.mkdir()
    own.write_text("roles: {}\n", encoding="utf-8")
    assert Resources.discover(cwd=tmp_path).fonts_file() == own.resolve()


def test_no_fonts_file(tmp_path: Path) -> None:
    with pytest.raises(UnknownGameError) as info:
        Resources((tmp_path,)).fonts_file()
    assert str(info.value) == "no fonts/fonts.yaml found"


# --- display ---------------------------------------------------------------------------------


def test_display_is_relative_to_the_first_root(tmp_path: Path) -> None:
    resources = Resources.discover(cwd=tmp_path)
    inside = tmp_path / "cards" / "x" / "game.yaml"
    assert resources.display(inside) == "cards/x/game.yaml"
    bundled_file = BUNDLED / "cards" / "charlie" / "game.yaml"
    assert resources.display(bundled_file) == str(bundled_file)  # outside: shown in full


def test_display_with_a_relative_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    resources = Resources((Path("."),))
    assert resources.display(tmp_path / "cards" / "x" / "game.yaml") == "cards/x/game.yaml"


def test_display_through_a_symlink_resolves_the_current_folder_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A path written through a symlink into the current folder is shown relative to it; the
    current folder is resolved once per ``Resources``, not at every path shown (a load shows
    hundreds)."""
    work = tmp_path / "work"
    (work / "cards" / "x").mkdir(parents=True)
    (tmp_path / "alias").symlink_to(work)
    resources = Resources((work,))
    resolved: list[Path] = []
    real_resolve = Path.resolve

    def counting(self: Path, strict: bool = False) -> Path:
        resolved.append(self)
        return real_resolve(self, strict)

    monkeypatch.setattr(Path, "resolve", counting)
    for name in ("a.yaml", "b.yaml", "c.yaml"):
        shown = resources.display(tmp_path / "alias" / "cards" / "x" / name)
        assert shown == f"cards/x/{name}"
    assert resolved.count(work) == 1
    outside = BUNDLED / "cards" / "charlie" / "game.yaml"
    assert resources.display(outside) == str(outside)
    assert resolved.count(work) == 1
