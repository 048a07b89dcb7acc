"""The shared helper that edits a copied game's files does what it says, or fails loudly."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import replace_once

GAME = """# a game
name: Test
kit:
  - sheet: cartes
deck_format:
  name: x
# the rules of a deck
deck_rules:
  - {rule: max, value: 3}
components: [a.yaml]
"""


def test_replace_once_refuses_none_or_two(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    path.write_text(GAME, encoding="utf-8")
    with pytest.raises(AssertionError, match="occurs 2 times"):
        replace_once(path, "deck_", "x_")
    with pytest.raises(AssertionError, match="occurs 0 times"):
        replace_once(path, "atack", "attack")
    replace_once(path, "name: Test", "name: Essai")
    assert path.read_text(encoding="utf-8") == GAME.replace("name: Test", "name: Essai")
