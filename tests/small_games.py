"""Small buildable games for the tests of a mechanism that does not depend on the kit: copies of
the Arcanes fixture (18 cards, built in a few hundredths of a second where a bundled kit takes
half a second or more) under the ids a test needs, in the current folder or in place of the
installed data (so that ``build all`` sees only them)."""

from __future__ import annotations

import shutil
from collections.abc import Iterable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ARCANES = Path(__file__).resolve().parent / "fixtures" / "games" / "arcanes"


def add_small_game(root: Path, game_id: str) -> Path:
    """Copy the Arcanes fixture into ``root`` as the game ``game_id`` (``cards/<id>/`` and
    ``templates/<id>/``); returns its ``game.yaml``."""
    shutil.copytree(ARCANES / "cards" / "arcanes", root / "cards" / game_id)
    shutil.copytree(ARCANES / "templates" / "arcanes", root / "templates" / game_id)
    return root / "cards" / game_id / "game.yaml"


def read_lands_from(game_file: Path, entry: str) -> None:
    """Have the small game of ``game_file`` read its lands (kind ``terre``) from the
    components entry ``entry`` (``{file: terres.csv, kind: terre}``), not ``terres.yaml``."""
    from helpers import replace_once

    replace_once(game_file, "components: [terres.yaml,", f"components: [{entry},")


def install_small_games(folder: Path, monkeypatch: pytest.MonkeyPatch,
                        game_ids: Iterable[str]) -> Path:
    """Make ``folder`` the installed data for the rest of the test: the repository's
    ``fonts/`` and a small game under each of ``game_ids``, and no bundled kit
    (``printandplay.project.bundled_root`` patched; forked workers inherit it, spawned ones do
    not). Returns ``folder``."""
    import printandplay.project as project

    shutil.copytree(ROOT / "fonts", folder / "fonts")
    for game_id in game_ids:
        add_small_game(folder, game_id)
    monkeypatch.setattr(project, "bundled_root", lambda: folder)
    return folder
