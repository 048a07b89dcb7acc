"""Game ids are ``[a-z0-9][a-z0-9-]*``: anything else is refused before a path is built from it,
and ``games`` lists only folders with a valid id (issue 10)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from cli_runner import CliRunner

from printandplay.cli import app
from printandplay.errors import UnknownGameError
from printandplay.project import Resources, check_game_id, is_game_id

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("game_id", ["charlie", "licum", "a", "0", "jeu-2", "9-lives"])
def test_valid_ids(game_id: str) -> None:
    assert is_game_id(game_id) and check_game_id(game_id) == game_id


@pytest.mark.parametrize("game_id", ["", "gnomes/", "gnomes/.", "../cards/x", ".", "..",
                                     "-gnomes", "Gnomes", "gno mes", "gnomes\n", "gnômes",
                                     "/tmp/gnomes", "gnomes_2", "gnomes\0"])
def test_invalid_ids_are_refused(game_id: str) -> None:
    assert not is_game_id(game_id)
    with pytest.raises(UnknownGameError, match=r"invalid game id '.*': a game id is the name"):
        Resources((ROOT,)).game_folder(game_id)
    with pytest.raises(UnknownGameError, match="invalid game id"):
        Resources((ROOT,)).templates_folders(game_id)


def test_message_escapes_control_characters() -> None:
    with pytest.raises(UnknownGameError) as info:
        check_game_id("a\nb")
    assert str(info.value).startswith("invalid game id 'a\\nb': ")


@pytest.mark.parametrize("args", [["build", "gnomes/"], ["build", "charlie/."],
                                  ["build", "../cards/charlie"], ["build", ""],
                                  ["cards", "Charlie"], ["check", "charlie/"]])
def test_cli_refuses_bad_ids(args: list[str]) -> None:
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2
    assert "invalid game id" in result.output
    assert "Traceback" not in result.output


def test_games_lists_only_valid_ids(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("Bad_Id", "mon-jeu"):
        shutil.copytree(ROOT / "tests" / "fixtures" / "games" / "tiny" / "cards" / "tiny",
                        tmp_path / "cards" / name)
    assert Resources((tmp_path,)).game_ids() == ["mon-jeu"]
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["games"])
    assert result.exit_code == 0, result.output
    assert "mon-jeu" in result.output and "Bad_Id" not in result.output


def test_folders_reached_through_a_symlink_outside_are_refused(tmp_path: Path) -> None:
    from printandplay.errors import DataError

    root = tmp_path / "project"
    shutil.copytree(ROOT / "tests" / "fixtures" / "games" / "tiny", root)
    (root / "templates" / "shared").symlink_to("/")
    resources = Resources((root,))
    with pytest.raises(DataError) as info:
        resources.templates_folders("tiny")
    assert str(info.value) == ("templates/shared: a symlink that points outside the current "
                               "folder (a game reads only its own folders)")
    (root / "fonts").mkdir()
    (root / "fonts" / "fonts.yaml").symlink_to("/etc/passwd")
    with pytest.raises(DataError, match="fonts/fonts.yaml: a symlink that points outside"):
        resources.fonts_file()
    elsewhere = tmp_path / "elsewhere"
    shutil.copytree(root / "cards" / "tiny", elsewhere)
    (root / "cards" / "autre").symlink_to(elsewhere)
    with pytest.raises(DataError, match="cards/autre/game.yaml: a symlink that points outside"):
        resources.game_folder("autre")


def test_new_refuses_an_id_that_other_commands_would_refuse(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["new", "mon_jeu"])
    assert result.exit_code == 2
    assert "bad game id 'mon_jeu'" in result.output
    assert not (tmp_path / "cards" / "mon_jeu").exists()
