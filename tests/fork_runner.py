"""The suite's parallel runner, a pytest plugin (``pytest_plugins`` of ``tests/conftest.py``):
``-n auto`` (pyproject's addopts) runs the tests in one forked child per CPU.

The parent collects once, then forks the children (``os.fork``: they share the collected items
and every imported module, copy on write, and pay no interpreter start, import or collection of
their own). A child asks the parent for work and gets a whole group at a time (a file, or the
files of an ``xdist_group`` mark), heaviest first (``tests/xdist_order.py``); the parent replays
the reports the children send (``fork_worker.py``) into its own hooks, so that the terminal
output, the tracebacks, ``-x``/``--maxfail``, ``--lf`` and the exit status are pytest's own.

A child that dies (``os._exit``, a signal) has the test it was running reported failed, and a new
child is forked for the rest of its groups. Ctrl-C or SIGTERM in the parent, or ``-x``, end the
children; every child is waited for. The tests run in this process, as pytest alone would, with
``-n 0`` or one CPU, when ``-n auto`` is given test files or tests by name, with one group, with
``--pdb``/``--trace``, ``-s``, ``--setup-show``/``--setup-only``/``--setup-plan``, under a
tracer other than coverage.py's (under ``--cov`` each child measures itself and saves its data
for pytest-cov to combine) and, with a warning, when a thread is running (a fork copies only
the thread that calls it)."""

from __future__ import annotations

import os
import sys
import threading

import pytest
from fork_parent import Parent
from xdist_order import heaviest_groups


def pytest_addoption(parser: pytest.Parser, pluginmanager: pytest.PytestPluginManager) -> None:
    if pluginmanager.has_plugin("xdist"):  # `-p xdist`: pytest-xdist owns -n
        return
    # pytest reserves lowercase short options for its own plugins: hence _addoption
    parser.getgroup("fork runner")._addoption(
        "-n", "--numprocesses", dest="numprocesses", default=None, metavar="N",
        help="run the tests in N forked children ('auto': one per CPU; 0: in this process)")
    parser.getgroup("fork runner").addoption(
        "--fork-stats", action="store_true", default=False,
        help="print each forked child's processor time and when it ended")


def group_of(item: pytest.Item) -> str:
    """The group of ``item``: its ``xdist_group`` marks' names, joined, or else its file."""
    names = {str(mark.args[0]) for mark in item.iter_markers("xdist_group") if mark.args}
    return "_".join(sorted(names)) if names else item.nodeid.split("::")[0]


def worker_count(config: pytest.Config) -> int:
    """How many children ``-n`` asks for: 0 or 1 run the tests in this process."""
    value = getattr(config.option, "numprocesses", None)
    if value in (None, ""):
        return 0
    if value == "auto":
        if config.args and all(arg.endswith(".py") or "::" in arg for arg in config.args):
            return 0  # forking costs more than it saves for a file or a few tests
        try:
            return len(os.sched_getaffinity(0))
        except AttributeError:
            return os.cpu_count() or 1
    try:
        return int(value)
    except ValueError:
        raise pytest.UsageError(f"-n expects a number or 'auto', not {value!r}") from None


def in_process_reason(config: pytest.Config) -> str | None:
    """Why the tests must run in this process, or None."""
    option = config.option
    if not hasattr(os, "fork"):
        return "no os.fork on this platform"
    if config.pluginmanager.has_plugin("xdist"):
        return "pytest-xdist runs the tests (-p xdist)"
    if getattr(option, "usepdb", False) or getattr(option, "trace", False):
        return "--pdb/--trace"
    if getattr(option, "capture", "fd") == "no":
        return "-s"
    if any(getattr(option, name, False) for name in ("setupshow", "setuponly", "setupplan")):
        return "--setup-show/--setup-only/--setup-plan"
    if sys.gettrace() is not None and not coverage_measures():
        return "a tracer other than coverage.py's (a debugger?)"
    if threading.current_thread() is not threading.main_thread():
        return "not in the main thread"
    return None


@pytest.hookimpl(tryfirst=True)
def pytest_runtestloop(session: pytest.Session) -> bool | None:
    """Run the session's tests in forked children; None leaves them to pytest's own loop."""
    config = session.config
    if session.testsfailed and not config.option.continue_on_collection_errors:
        return None
    if config.option.collectonly or in_process_reason(config) or worker_count(config) <= 1:
        return None
    units = [list(group) for group in heaviest_groups(range(len(session.items)),
                                                      lambda i: group_of(session.items[i]))]
    if len(units) < 2:
        return None
    if threading.active_count() > 1:
        config.issue_config_time_warning(pytest.PytestWarning(
            "fork runner: a thread is running, the tests run in this process"), stacklevel=2)
        return None
    Parent(session, units, worker_count(config)).run()
    if session.shouldfail:
        raise session.Failed(session.shouldfail)
    if session.shouldstop:
        raise session.Interrupted(session.shouldstop)
    return True


def coverage_measures() -> bool:
    """Whether coverage.py measures this process (``--cov``): each child then measures itself
    (``fork_worker.restart_coverage``)."""
    coverage = sys.modules.get("coverage")
    return coverage is not None and coverage.Coverage.current() is not None
