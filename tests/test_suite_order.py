"""How the suite is spread over xdist workers (tests/conftest.py, tests/xdist_order.py): each
file is a group, set before pytest-xdist reads the groups, and the heaviest groups go first."""

from __future__ import annotations

import pytest
from xdist_order import GROUP_SECONDS, heaviest_first


def test_files_get_their_group_before_xdist_reads_the_groups(request: pytest.FixtureRequest) -> None:
    """pytest-xdist's worker names each test's group in its own ``pytest_collection_modifyitems``
    (a plain hook, registered after the conftest: called first); the conftest's must run before
    it, or the tests of a file without a mark are spread one by one over the workers."""
    hooks = request.config.pluginmanager.hook.pytest_collection_modifyitems.get_hookimpls()
    ours = [impl for impl in hooks if impl.plugin_name.endswith("tests/conftest.py")]
    assert len(ours) == 1 and ours[0].tryfirst


def test_heaviest_groups_first_each_group_together_in_its_order() -> None:
    heavy = next(iter(GROUP_SECONDS))
    items = [("a.py", 1), (heavy, 1), ("b.py", 1), ("a.py", 2), (heavy, 2), ("b.py", 2),
             ("b.py", 3)]
    ordered = heaviest_first(items, lambda item: item[0])
    assert ordered == [(heavy, 1), (heavy, 2), ("b.py", 1), ("b.py", 2), ("b.py", 3),
                       ("a.py", 1), ("a.py", 2)]
    assert sorted(ordered) == sorted(items)


def test_unlisted_groups_of_equal_weight_keep_their_order() -> None:
    items = [("c.py", 1), ("a.py", 1), ("b.py", 1)]
    assert heaviest_first(items, lambda item: item[0]) == items
