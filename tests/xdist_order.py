"""The order in which the suite's fork runner (``tests/fork_runner.py``) hands the test groups
to its children: the heaviest first, so that the groups left for the end are short and the
children finish together. (The file keeps the name it had when pytest-xdist ran the suite, and
the groups their ``xdist_group`` mark.)

A child asks for a whole group (a file, or the files of an ``xdist_group`` mark) when the last
test of its current one starts, and gets the next in the order of :func:`heaviest_groups`; a
run in one process keeps the files' order.

The seconds below are each group's time in a forked child during a whole run of the suite
(2026-11-30 22:21 UTC, main df43c74, both children running: ``--durations=0 -vv``, the tests of
5 ms or more summed, plus 0.7 ms a test for pytest's own work), for the groups of 0.1 s or more;
``tests/test_fork_runner.py`` counts what it takes after the fork runner's session (suiteN) made
its small suites cheaper. The wall-clock time in a child is the right measure: a group that
waits on its own processes (``tests/test_memory.py``, ``tests/test_startup.py``, the fork
runner's signal tests) keeps its child from taking the next group as long. A group that is not
listed counts ``DEFAULT_TEST_SECONDS`` per test (a test under 5 ms). They only decide an order:
a stale number costs a little balance, never a result. Before this list, groups of 0.4 to 0.6 s
that were not listed (``tests/layout/test_one_line.py``, ``test_sheet_label_paths.py``,
``test_hyphenation_lazy.py``, ``tests/render/test_font_prepare.py``: 4 to 8 tests each) were
handed out among the last, where a long group makes one child finish after the other."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

Item = TypeVar("Item")

DEFAULT_TEST_SECONDS = 0.005

GROUP_SECONDS: dict[str, float] = {
    "bundled-kits": 7.0,  # with the files suiteO joined to it (their sum 9.6 before, serial -34 %)
    "tests/test_fork_runner.py": 3.0,  # small suites forked, two real pytest processes (4.16 before suiteN)
    "hardening-templates.yaml": 2.95,
    "tests/render/test_text_fast_paths.py": 1.62,
    "hardening-data.yaml": 1.53,
    "tests/test_memory.py": 1.3,  # fresh interpreters
    "tests/layout/test_template_sandbox.py": 0.55,  # 1.49 while a test spent a real second
    "tests/test_build_all.py": 1.25,
    "tests/test_stock_icons.py": 1.40,
    "tests/layout/test_template_expr.py": 1.38,
    "tests/test_cli.py": 1.33,
    "tests/layout/test_legibility_fast_path.py": 1.20,
    "tests/test_cli_safety.py": 0.95,
    "tests/test_startup.py": 0.6,
    "tests/hardening/test_fuzz.py": 1.00,
    "package-source": 0.86,
    "hardening-cli.yaml": 0.69,
    "tests/layout/test_one_line.py": 0.63,
    "tests/layout/test_speed_caches.py": 0.63,
    "tests/layout/test_sheet_label_paths.py": 0.57,
    "tests/layout/test_tokens_words.py": 0.53,
    "tests/data/test_fuzz_data.py": 0.50,
    "tests/layout/test_hyphenation_lazy.py": 0.50,
    "tests/layout/test_legibility.py": 0.48,
    "tests/render/test_ttf_reader.py": 0.47,
    "tests/data/test_yaml_fast.py": 0.47,
    "tests/test_watch.py": 0.46,
    "tests/render/test_face_replays.py": 0.45,
    "tests/render/test_font_prepare.py": 0.25,
    "tests/layout/test_face_warnings.py": 0.39,
    "tests/test_new_game.py": 0.37,
    "tests/render/test_pdf_writer.py": 0.34,
    "tests/layout/test_template_cache.py": 0.29,
    "tests/test_print_deck_free.py": 0.21,
    "tests/layout/test_typography.py": 0.21,
    "tests/layout/test_imposition.py": 0.21,
    "tests/test_cli_console.py": 0.21,
    "tests/render/test_fast_numbers.py": 0.20,
    "tests/test_readme_walkthrough.py": 0.19,
    "tests/rules/test_deck_rules.py": 0.19,
    "tests/layout/test_emit_line.py": 0.17,
    "tests/test_docs.py": 0.16,
    "tests/render/test_pdf_file.py": 0.15,
    "tests/layout/test_textfit.py": 0.15,
    "tests/layout/test_print_guide_words.py": 0.14,
    "tests/hardening/test_fuzz_corpus.py": 0.12,
    "tests/test_document_renders.py": 0.12,
    "tests/test_module_size.py": 0.11,
    "tests/render/test_faces_golden.py": 0.10,
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
