"""The progress bar of long commands (``DelayedProgress``): none for a command done within a
second, a Rich bar on stderr that follows the count once a second has gone by. The clock is
moved by hand: whether a real build takes a second depends on the machine's load."""

from __future__ import annotations

import importlib
from types import SimpleNamespace

import pytest

from printandplay.cli.app import DelayedProgress

cli_app = importlib.import_module("printandplay.cli.app")  # the module (the package's ``app``
# attribute is the Typer application)


class Clock:
    """A ``time.monotonic`` that moves only when told."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(cli_app, "time", SimpleNamespace(monotonic=fake))  # this module only
    return fake


def test_no_bar_within_the_first_second(clock: Clock) -> None:
    progress = DelayedProgress("Building tiny")
    clock.now += 0.99
    progress(1, 10)
    assert progress.bar is None
    progress.close()  # nothing to stop


def test_the_bar_appears_after_a_second_and_follows_the_count(clock: Clock) -> None:
    progress = DelayedProgress("Building tiny")
    progress(1, 10)
    assert progress.bar is None
    clock.now += 1.5
    progress(3, 10)
    try:
        assert progress.bar is not None
        task = progress.bar.tasks[0]
        assert (task.description, task.completed, task.total) == ("Building tiny", 3, 10)
        progress(7, 12)  # the total may grow as pages are counted
        assert (task.completed, task.total) == (7, 12)
    finally:
        progress.close()
    assert not progress.bar.live.is_started  # closed: the bar is gone from the terminal
