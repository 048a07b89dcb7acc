"""The components of an unchanged component file are read once per process: a second load of
the same game reuses them, an edited file (or a file with a problem) is read again, and what
a load gives is the same either way."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import tiny_copy

import printandplay.data.components_loader as components_loader
from printandplay.data.game_loader import load_game
from printandplay.data.yamlio import parse_cache
from printandplay.errors import DataError
from printandplay.project import Resources


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A writable copy of the tiny game, the current folder, the memo emptied, and every
    ``_read_component`` call counted (``calls[0]``)."""
    copy = tiny_copy(tmp_path, monkeypatch)
    monkeypatch.setattr(components_loader, "_COMPONENTS", components_loader.BoundedMemo(64))
    return copy


def counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]
    real = components_loader._read_component

    def counting(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(components_loader, "_read_component", counting)
    return calls


def test_an_unchanged_file_is_read_once(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = counted(monkeypatch)
    with parse_cache(None):  # as a build outside the test suite: every file parsed again
        first = load_game(Resources((root,)), "tiny").components
        read = calls[0]
        assert read > 0
        second = load_game(Resources((root,)), "tiny").components
    assert calls[0] == read  # nothing read again
    assert second == first
    assert [c.field_locations for c in second] == [c.field_locations for c in first]


def test_an_edited_file_is_read_again(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = counted(monkeypatch)
    cards = root / "cards" / "tiny" / "cards.yaml"
    first = load_game(Resources((root,)), "tiny").components
    read = calls[0]
    cards.write_text(cards.read_text(encoding="utf-8").replace("name: Épée", "name: Hache"),
                     encoding="utf-8")
    second = load_game(Resources((root,)), "tiny").components
    assert calls[0] == 2 * read
    assert [c.name for c in first if c.id == "x1"] == ["Épée"]
    assert [c.name for c in second if c.id == "x1"] == ["Hache"]


def test_a_file_with_a_problem_reports_it_each_time(root: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    cards = root / "cards" / "tiny" / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("name: Épée", "nmae: Épée"),
                     encoding="utf-8")
    messages = []
    for _ in range(2):
        with pytest.raises(DataError) as info:
            load_game(Resources((root,)), "tiny")
        messages.append(str(info.value))
    assert messages[0] == messages[1]
    assert "cards/tiny/cards.yaml:5: unknown field 'nmae'" in messages[0]
    assert len(components_loader._COMPONENTS) == 0  # nothing kept from the broken file
