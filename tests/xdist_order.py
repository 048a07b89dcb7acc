"""The order in which the suite's fork runner (``tests/fork_runner.py``) hands the test groups
to its children: the heaviest first, so that the groups left for the end are short and the
children finish together. (The file keeps the name it had when pytest-xdist ran the suite, and
the groups their ``xdist_group`` mark.)

A child asks for a whole group (a file, or the files of an ``xdist_group`` mark) when it has
finished its current one, and gets the next in the order of :func:`heaviest_groups`; a run in
one process keeps the files' order.

The seconds below were measured on the suite of 2026-11-30 (16:47 UTC, main 66f3def, with
pytest-xdist's two workers): the processor time of each group's tests, their child processes
included, rounded; ``tests/test_memory.py`` counts more (its fresh interpreters wait on one
another: three times its processor time in wall-clock, where other groups take twice theirs
under the same load), and the files made cheaper since count their new serial time
(``tests/hardening/test_fuzz.py``: 1.4 -> 1.3 s once its deck-list parses shared one card
index, suiteG: the parses went from ~0.14 s to ~0.01 s; Hypothesis drawing the inputs is the
rest). A group
that is not listed counts ``DEFAULT_TEST_SECONDS`` per test (the unlisted groups averaged 4 ms a
test). They only decide an order: a stale number costs a little balance, never a result. The
two workers finished their last tests 0.4 s apart with the weights before these, 0.2 s apart
with these (the whole suite, 2026-11-30 17:15 UTC). Session 6 (20:15 UTC) scaled the groups its
engineers made cheaper by their measured serial time before and after (hardening templates and
data, ``test_memory``, ``test_watch``, ``test_build_all``, ``export/test_export``, the kits'
group); the fork runner's children then ended within 0.01–0.2 s of each other."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

Item = TypeVar("Item")

DEFAULT_TEST_SECONDS = 0.005

GROUP_SECONDS: dict[str, float] = {
    "bundled-kits": 8.9,
    "hardening-templates.yaml": 4.0,
    "tests/test_memory.py": 2.2,  # its synthetic games written 5x faster
    "tests/test_fork_runner.py": 2.5,  # small suites forked, and waits on real processes
    "tests/test_cli.py": 2.3,
    "tests/test_watch.py": 1.1,
    "tests/layout/test_legibility_fast_path.py": 2.3,
    "tests/test_cli_safety.py": 2.0,  # SIGTERM on a small build held mid-way
    "tests/export/test_export.py": 1.7,
    "hardening-data.yaml": 1.6,
    "tests/render/test_text_fast_paths.py": 2.0,
    "tests/test_startup.py": 0.95,  # the probes share one import of the CLI
    "tests/layout/test_template_sandbox.py": 1.8,
    "tests/test_stock_icons.py": 1.6,
    "tests/layout/test_template_expr.py": 1.6,
    "tests/test_build_all.py": 1.0,  # one spawned worker, not two
    "package-source": 1.4,
    "tests/render/test_face_replays.py": 1.4,
    "tests/hardening/test_fuzz.py": 1.3,
    "hardening-cli.yaml": 1.1,
    "tests/layout/test_speed_caches.py": 0.9,
    "tests/layout/test_tokens_words.py": 0.7,
    "tests/data/test_game_loader.py": 0.7,
    "tests/render/test_pdf_writer.py": 0.6,
    "tests/data/test_fuzz_data.py": 0.5,
    "tests/data/test_yaml_fast.py": 0.5,
    "tests/layout/test_legibility.py": 0.4,
    "tests/test_new_game.py": 0.4,
    "tests/test_stock_scan.py": 0.4,
    "tests/layout/test_imposition.py": 0.4,
    "tests/layout/test_template_cache.py": 0.4,
}


def heaviest_groups(items: Iterable[Item], group_of: Callable[[Item], str]) -> list[list[Item]]:
    """The groups of ``items`` in decreasing order of their weight (``GROUP_SECONDS``, or
    ``DEFAULT_TEST_SECONDS`` per test), each group's items in their own order; groups of equal
    weight keep the order in which they were collected."""
    groups: dict[str, list[Item]] = {}
    for item in items:
        groups.setdefault(group_of(item), []).append(item)

    def weight(name: str) -> float:
        return GROUP_SECONDS.get(name, DEFAULT_TEST_SECONDS * len(groups[name]))

    ordered = sorted(groups, key=lambda name: -weight(name))  # stable: ties keep their order
    return [groups[name] for name in ordered]


def heaviest_first(items: Iterable[Item], group_of: Callable[[Item], str]) -> list[Item]:
    """``items`` with the groups of :func:`heaviest_groups` one after the other."""
    return [item for group in heaviest_groups(items, group_of) for item in group]
