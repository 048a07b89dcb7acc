"""Leaving a build's quiet collector (build._quiet_collector) sets off no collection of the
objects the build made: they are frozen before the usual threshold is put back, then join the
oldest generation (put back while they were counted as young, the threshold would set off a
collection of all of them at the next allocation)."""

from __future__ import annotations

import gc
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest

from printandplay.kit import build


def _collections_after(collector: Callable[[], AbstractContextManager[None]]) -> list[int]:
    """The collections from the start of ``collector`` to 200 allocations after it ends,
    20,000 objects made (and kept) in it."""
    kept: list[Any] = []
    seen: list[int] = []

    def watch(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            seen.append(info["generation"])

    gc.callbacks.append(watch)
    try:
        with collector():
            kept.extend([index] for index in range(20_000))  # a build's data, alive
        more = [[index] for index in range(200)]  # the next allocations
    finally:
        gc.callbacks.remove(watch)
    assert len(kept) == 20_000 and len(more) == 200
    return seen


@pytest.mark.usefixtures("python_gc_thresholds")
def test_leaving_the_quiet_collector_collects_nothing() -> None:
    assert _collections_after(build._quiet_collector) == []
    # nothing left frozen: the build's objects are in the collector's sight again (a full
    # collection here, as before, proved nothing more and went over every object of the test
    # session: ~1.2 s in a serial run of the suite)
    assert gc.get_threshold() == (700, 10, 10) and gc.get_freeze_count() == 0
