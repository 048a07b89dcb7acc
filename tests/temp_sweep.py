"""The temporary folders of older runs, swept in a forked process while the suite collects.

pytest keeps the folders of the last three runs (``tmp_path_retention_count``) and removes older
ones when the process exits, in an ``atexit`` handler: the run before last's folder, ~9,000 files
and folders (the hardening cases' game copies), took 2 to 2.7 s of wall-clock time after the
summary, while both cores idled. :func:`start_sweep` runs the same removal (pytest's own
``cleanup_numbered_dir``) at the start of the session, in a forked process, beside the
collection, which uses one core; pytest's handler at exit then finds nothing left to remove.
"""

from __future__ import annotations

import os
import sys

import pytest


def start_sweep(config: pytest.Config) -> int | None:
    """Make this run's temporary folder and remove the older runs' beyond those pytest keeps,
    in a forked process that ``config``'s cleanup waits for; its pid, or None when pytest is
    left to it (a ``--basetemp`` given: pytest empties that folder itself; no ``os.fork``)."""
    factory = getattr(config, "_tmp_path_factory", None)
    if factory is None or factory._given_basetemp is not None or not hasattr(os, "fork"):
        return None
    from _pytest.pathlib import LOCK_TIMEOUT, cleanup_numbered_dir

    base = factory.getbasetemp()  # this run's folder (pytest makes it here or at first use)
    keep = 0 if factory._retention_policy == "none" else factory._retention_count
    dead_before = base.stat().st_mtime - LOCK_TIMEOUT  # as pytest's own handler judges locks
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the sweeper process
        try:
            cleanup_numbered_dir(base.parent, "pytest-", keep, dead_before)
        finally:
            os._exit(0)

    def wait() -> None:
        os.waitpid(pid, 0)

    config.add_cleanup(wait)  # done long before the end, as a rule
    return pid
