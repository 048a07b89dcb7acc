"""Tests of what loading a game refuses since issue 10: component and table files outside the
game folder, too many copies, field names that hide the kind, checks no kit can pass."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from helpers import replace_once, tiny_copy

from printandplay.data.game_loader import load_game
from printandplay.data.limits import MAX_COPIES_PER_COMPONENT, MAX_COPIES_PER_GAME
from printandplay.errors import DataError, DataErrors, PrintAndPlayError
from printandplay.project import Resources

GAME = "cards/tiny/game.yaml"


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return tiny_copy(tmp_path, monkeypatch)


def problems(root: Path) -> list[str]:
    with pytest.raises(PrintAndPlayError) as info:
        load_game(Resources((root,)), "tiny")
    assert isinstance(info.value, (DataError, DataErrors))
    return info.value.problems()


def game_yaml(root: Path) -> Path:
    return root / GAME


# --- confinement ------------------------------------------------------------------------------


@pytest.mark.parametrize(("written", "message"), [
    ("/etc/passwd", "components '/etc/passwd': absolute paths are not allowed "
                    "(write a path inside cards/tiny/)"),
    ("../../../etc/passwd", "components '../../../etc/passwd': '..' leaves the folder cards/tiny/"),
])
def test_component_file_outside_is_refused(root: Path, written: str, message: str) -> None:
    replace_once(game_yaml(root), "  - cards.yaml\n", f"  - cards.yaml\n  - {written}\n")
    assert problems(root) == [f"{GAME}:24: {message}"]


def test_component_symlink_outside_is_refused(root: Path, tmp_path: Path) -> None:
    (tmp_path / "theirs.yaml").write_text("kind: carte\ncards: []\n", encoding="utf-8")
    cards = root / "cards" / "tiny" / "cards.yaml"
    cards.unlink()
    cards.symlink_to(tmp_path / "theirs.yaml")
    assert problems(root) == [
        f"{GAME}:23: components 'cards.yaml': a symlink that points outside cards/tiny/ "
        "(a game reads only its own folders)"]


def test_table_outside_is_refused(root: Path) -> None:
    replace_once(game_yaml(root), "components:\n",
                 "tables:\n  forces: /etc/hostname\ncomponents:\n")
    assert problems(root) == [
        f"{GAME}:23: tables.forces '/etc/hostname': absolute paths are not allowed "
        "(write a path inside cards/tiny/)"]


def test_table_symlink_loop_is_refused(root: Path) -> None:
    replace_once(game_yaml(root), "components:\n",
                 "tables:\n  forces: tables/f.yaml\ncomponents:\n")
    (root / "cards" / "tiny" / "tables").mkdir()
    (root / "cards" / "tiny" / "tables" / "f.yaml").symlink_to("f.yaml")
    assert problems(root) == [f"{GAME}:23: tables.forces 'tables/f.yaml': symlink loop"]


def test_game_yaml_symlink_outside_is_refused(root: Path, tmp_path: Path) -> None:
    target = tmp_path / "elsewhere.yaml"
    shutil.copy(game_yaml(root), target)
    game_yaml(root).unlink()
    game_yaml(root).symlink_to(target)
    assert problems(root) == [
        f"{GAME}: a symlink that points outside the current folder "
        "(a game reads only its own folders)"]


def test_game_yaml_symlink_to_another_game_is_refused(root: Path) -> None:
    other = root / "cards" / "autre"
    other.mkdir()
    shutil.copy(game_yaml(root), other / "game.yaml")
    game_yaml(root).unlink()
    game_yaml(root).symlink_to("../autre/game.yaml")
    assert problems(root) == [
        f"{GAME}: game file 'game.yaml': a symlink that points outside cards/tiny/ "
        "(a game reads only its own folders)"]


def test_component_file_that_is_a_fifo_is_refused(root: Path) -> None:
    import os

    replace_once(game_yaml(root), "  - cards.yaml\n", "  - cards.yaml\n  - pipe.yaml\n")
    os.mkfifo(root / "cards" / "tiny" / "pipe.yaml")
    assert problems(root) == [
        "cards/tiny/pipe.yaml: not a regular file (a device, pipe or socket); "
        "only plain files are read"]


# --- copies -----------------------------------------------------------------------------------


def test_count_over_the_component_limit(root: Path) -> None:
    replace_once(root / "cards" / "tiny" / "cards.yaml", "count: 2", "count: 10000000")
    assert problems(root) == [
        "cards/tiny/cards.yaml:11: count 10,000,000 on carte 'x2': at most "
        f"{MAX_COPIES_PER_COMPONENT:,} copies of one component"]


def test_count_at_the_component_limit_loads(root: Path) -> None:
    replace_once(root / "cards" / "tiny" / "cards.yaml", "count: 2",
                 f"count: {MAX_COPIES_PER_COMPONENT}")
    game = load_game(Resources((root,)), "tiny")
    assert game.component("x2").count == MAX_COPIES_PER_COMPONENT


def test_total_copies_over_the_game_limit(root: Path) -> None:
    many = "".join(f"  - {{id: j{i}, count: {MAX_COPIES_PER_COMPONENT}}}\n" for i in range(10))
    (root / "cards" / "tiny" / "jetons.yaml").write_text(f"kind: jeton\ncards:\n{many}",
                                                         encoding="utf-8")
    replace_once(game_yaml(root), "  - cards.yaml\n", "  - cards.yaml\n  - jetons.yaml\n")
    total = 10 * MAX_COPIES_PER_COMPONENT + 3
    assert total > MAX_COPIES_PER_GAME
    assert problems(root) == [
        f"{GAME}:2: the components add up to {total:,} copies; a game is limited to "
        f"{MAX_COPIES_PER_GAME:,}"]


# --- reserved names, impossible checks --------------------------------------------------------


@pytest.mark.parametrize("name", ["type", "kind"])
def test_field_names_that_hide_the_kind_are_reserved(root: Path, name: str) -> None:
    replace_once(game_yaml(root), "      tags: {type: list",
                 f"      {name}: {{type: text, required: false}}\n      tags: {{type: list")
    assert problems(root) == [
        f"{GAME}:17: field name '{name}' is reserved: it would hide the kind of the component "
        f"(use e.g. 'carte_{name}')"]


def test_check_with_min_above_max_is_a_data_error(root: Path) -> None:
    replace_once(game_yaml(root), "kit:\n",
                 "checks:\n  - {id: T-1, kind: carte, min: 5, max: 2}\nkit:\n")
    assert problems(root) == [
        f"{GAME}:25: check 'T-1': min 5 is more than max 2"]


def test_check_with_min_equal_to_max_loads(root: Path) -> None:
    replace_once(game_yaml(root), "kit:\n",
                 "checks:\n  - {id: T-1, kind: carte, min: 2, max: 2}\nkit:\n")
    (check,) = load_game(Resources((root,)), "tiny").checks
    assert (check.min, check.max) == (2, 2)
