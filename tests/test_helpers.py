"""The shared test helpers that edit game files do what they say, or fail loudly."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import replace_once, without_top_level_keys

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


def test_without_top_level_keys_drops_their_blocks_wherever_they_are() -> None:
    assert without_top_level_keys(GAME, {"deck_format", "deck_rules"}) == (
        "# a game\nname: Test\nkit:\n  - sheet: cartes\ncomponents: [a.yaml]\n")
    assert without_top_level_keys(GAME, {"kit"}).splitlines()[2] == "deck_format:"


def test_without_top_level_keys_refuses_a_missing_key() -> None:
    with pytest.raises(AssertionError, match="not found: \\['deck_rulez'\\]"):
        without_top_level_keys(GAME, {"deck_format", "deck_rulez"})


def test_replace_once_refuses_none_or_two(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    path.write_text(GAME, encoding="utf-8")
    with pytest.raises(AssertionError, match="occurs 2 times"):
        replace_once(path, "deck_", "x_")
    with pytest.raises(AssertionError, match="occurs 0 times"):
        replace_once(path, "atack", "attack")
    replace_once(path, "name: Test", "name: Essai")
    assert path.read_text(encoding="utf-8") == GAME.replace("name: Test", "name: Essai")
