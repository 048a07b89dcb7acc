"""The order in which pytest-xdist hands the suite's test groups to its workers: the heaviest
first, so that the groups left for the end are short and both workers finish together.

``--dist loadgroup`` sends a worker a whole group (a file, or a group named by an
``xdist_group`` mark) whenever it has two tests or fewer left, in the order the groups were
collected (``--no-loadscope-reorder``; xdist's own order, by number of tests, put the three
tests of ``test_memory.py`` — seconds of subprocesses — among the last groups, and a worker
then ran them alone at the end). ``tests/conftest.py`` sorts the collected items with
:func:`heaviest_first` in each worker (every worker collects the same order, as xdist requires);
a run in one process keeps the files' order.

The seconds below were measured (serial, processor and child processes' time, rounded) on the
suite of 2026-11-30; a group that is not listed counts ``DEFAULT_TEST_SECONDS`` per test. They
only decide an order: a stale number costs a little balance, never a result."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

Item = TypeVar("Item")

DEFAULT_TEST_SECONDS = 0.005

GROUP_SECONDS: dict[str, float] = {
    "bundled-kits": 11.0,
    "tests/test_memory.py": 2.5,
    "tests/layout/test_legibility_fast_path.py": 4.5,
    "tests/export/test_export.py": 4.0,
    "hardening-templates.yaml": 3.5,
    "hardening-data.yaml": 2.5,
    "tests/test_cli.py": 2.5,
    "tests/layout/test_template_sandbox.py": 2.0,
    "tests/render/test_text_fast_paths.py": 2.0,
    "hardening-cli.yaml": 2.0,
    "tests/test_startup.py": 2.0,
    "tests/test_architecture.py": 1.2,
    "tests/test_watch.py": 2.0,
    "tests/test_cli_safety.py": 2.0,
    "tests/hardening/test_fuzz.py": 1.7,
    "tests/render/test_face_replays.py": 1.7,
    "tests/test_build_all.py": 1.5,
    "tests/test_stock_icons.py": 1.3,
    "tests/layout/test_legibility.py": 1.1,
    "tests/layout/test_speed_caches.py": 1.0,
    "tests/render/test_pdf_writer.py": 1.0,
    "tests/data/test_game_loader.py": 1.0,
    "tests/layout/test_tokens_words.py": 0.9,
    "tests/data/test_csv_components.py": 0.8,
    "tests/data/test_fuzz_data.py": 0.7,
    "tests/test_new_game.py": 0.6,
    "tests/layout/test_template_cache.py": 0.6,
}


def heaviest_first(items: Sequence[Item], group_of: Callable[[Item], str]) -> list[Item]:
    """``items`` with the groups in decreasing order of their weight (``GROUP_SECONDS``, or
    ``DEFAULT_TEST_SECONDS`` per test), each group's items together and in their own order;
    groups of equal weight keep the order in which they were collected."""
    groups: dict[str, list[Item]] = {}
    for item in items:
        groups.setdefault(group_of(item), []).append(item)

    def weight(name: str) -> float:
        return GROUP_SECONDS.get(name, DEFAULT_TEST_SECONDS * len(groups[name]))

    ordered = sorted(groups, key=lambda name: -weight(name))  # stable: ties keep their order
    return [item for name in ordered for item in groups[name]]
