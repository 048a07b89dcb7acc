"""How the suite is spread over the fork runner's children (tests/fork_runner.py,
tests/xdist_order.py): each file is a group unless an ``xdist_group`` mark names one, a child
takes a whole group, and the heaviest groups go first."""

from __future__ import annotations

import tomllib

import pytest
from conftest import ROOT
from fork_runner import group_of, worker_count
from helpers import KITS_GROUP
from xdist_order import GROUP_SECONDS, heaviest_first, heaviest_groups


def test_a_test_s_group_is_its_file_or_the_group_its_mark_names(
        request: pytest.FixtureRequest) -> None:
    assert group_of(request.node) == "tests/test_suite_order.py"
    kits = [item for item in request.session.items
            if item.nodeid.startswith("tests/games/test_licum_kit.py")]
    assert not kits or {group_of(item) for item in kits} == {KITS_GROUP}


def test_the_suite_runs_in_forked_children_by_default() -> None:
    """pyproject's addopts: one child per CPU, pytest-xdist left out (the runner owns -n)."""
    addopts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"][
        "ini_options"]["addopts"].split()
    assert addopts[addopts.index("-n") + 1] == "auto"
    assert "no:xdist" in addopts


def test_auto_runs_named_files_in_this_process(request: pytest.FixtureRequest,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    config = request.config
    monkeypatch.setattr(config.option, "numprocesses", "auto")
    monkeypatch.setattr(config, "args", ["tests/test_suite_order.py"])
    assert worker_count(config) == 0
    monkeypatch.setattr(config, "args", ["tests"])
    assert worker_count(config) >= 1
    monkeypatch.setattr(config.option, "numprocesses", "3")
    assert worker_count(config) == 3


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


def test_groups_come_whole_in_order_of_weight() -> None:
    heavy = next(iter(GROUP_SECONDS))
    items = [("a.py", 1), (heavy, 1), ("a.py", 2), ("b.py", 1), ("b.py", 2), ("b.py", 3)]
    assert heaviest_groups(items, lambda item: item[0]) == [
        [(heavy, 1)], [("b.py", 1), ("b.py", 2), ("b.py", 3)], [("a.py", 1), ("a.py", 2)]]
