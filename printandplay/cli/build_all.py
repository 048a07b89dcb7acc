"""``printandplay build all``: every game's kit, built in parallel worker processes.

The parent imports the build modules and loads what every build shares (fonts, hyphenation
dictionaries: :func:`printandplay.assets.preload_shared`) once, then forks the workers, which
inherit all of it (the ``fork`` start method, on Linux; elsewhere the workers start afresh and
load it themselves). The parent builds kits too: one worker fewer than cores is forked. The
kits are queued largest first; the workers take them from the front, the parent from the back
(the smallest first, then each kit no worker has started yet), so that the cores stay busy
until the last small kit is done, and no more processes run than there are cores (five
processes sharing two cores cost ~15 % more processor time than two). Paths and summaries are
printed in game order; a kit that fails does not stop the others, and its errors are printed
with its id (exit code 2 for bad input).
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import signal
import stat
import sys
from pathlib import Path
from typing import Any

from printandplay.cli.app import DelayedProgress, err, fail, out, warn
from printandplay.cli.options import find_resources
from printandplay.errors import PrintAndPlayError

_TEXT_FILES = (".yaml", ".yml", ".csv", ".j2", ".md", ".svg")


def _worker_signals() -> None:
    """In a build worker, Ctrl-C is the parent's to handle (no traceback from each worker)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def build_one(game_id: str, options: Any, icons_dir: Path | None = None
              ) -> tuple[str, str | None, str, list[str], list[str], int]:
    """Build one kit in a worker: (game, PDF path or None, summary, warnings, errors, exit
    code). Input errors are returned, not raised, so that every kit is reported."""
    from printandplay.build import build_kit

    try:
        warnings: list[str] = []
        done = build_kit(find_resources(icons_dir), game_id, options, warnings=warnings)
        return game_id, str(done.path), done.summary(game_id), warnings, [], 0
    except PrintAndPlayError as error:
        return game_id, None, "", [], error.problems(), error.exit_code


def kit_weight(resources: Any, game_id: str) -> int:
    """How much work a kit is, roughly: the bytes of its text files (cards, layouts,
    templates, icons). Used only to start the largest kits first; symbolic links are not
    followed (game folders are untrusted)."""
    total = 0
    try:
        folders = [resources.game_folder(game_id), *resources.templates_folders(game_id)]
    except PrintAndPlayError:
        return 0
    for folder in folders:
        for root, _, names in os.walk(folder):
            for name in names:
                if name.endswith(_TEXT_FILES):
                    info = os.lstat(os.path.join(root, name))
                    total += info.st_size if stat.S_ISREG(info.st_mode) else 0
    return total


def _cores() -> int:
    """The cores this process may run on (its CPU affinity where the system says)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def _context() -> Any:
    """The ``fork`` start method on Linux (workers inherit what the parent loaded); elsewhere
    the platform's default (``spawn`` on macOS and Windows, where forking is unsafe or absent:
    each worker then imports and loads what it needs itself)."""
    if sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


def build_all(ids: list[str], options: Any, icons_dir: Path | None = None) -> None:
    """Build every game of ``ids`` in parallel and print the results in that order."""
    from concurrent.futures import ProcessPoolExecutor

    import printandplay.build  # noqa: F401 - imported once here, inherited by the workers
    from printandplay.assets import preload_shared

    resources = find_resources(icons_dir)
    preload_shared(resources, ids)
    order = sorted(ids, key=lambda game_id: -kit_weight(resources, game_id))
    own = order.pop() if len(order) > 1 else None  # the parent's first: the smallest kit
    # What the parent loaded stays shared with the forked workers (copy on write): the
    # collector leaves it alone from now on. (No gc.collect() first: it found nothing to
    # free here and cost 15-20 ms before the first fork.)
    gc.freeze()
    problems: list[str] = []
    code = 0
    progress = DelayedProgress("Building all games")
    workers = max(1, min(len(order), _cores() - 1))  # the parent is the other one
    try:
        with ProcessPoolExecutor(max_workers=workers, mp_context=_context(),
                                 initializer=_worker_signals) as pool:
            futures = {game_id: pool.submit(build_one, game_id, options, icons_dir)
                       for game_id in order}
            try:
                mine = _build_from_the_back(own, order, futures, options, icons_dir)
                for done, game_id in enumerate(ids, start=1):
                    result = mine[game_id] if game_id in mine else futures[game_id].result()
                    _, path, summary, warnings, errors, exit_code = result
                    warn(warnings)
                    if path:
                        out.print(path, markup=False)
                        err.print(summary, markup=False)
                    problems.extend(f"{game_id}: {p}" for p in errors)
                    code = max(code, exit_code)
                    progress(done, len(ids))
            except BaseException:
                pool.shutdown(wait=True, cancel_futures=True)  # running builds finish cleanly
                raise
    finally:
        gc.unfreeze()
        progress.close()
    if problems:
        fail(problems, code)


def _build_from_the_back(own: str | None, order: list[str], futures: dict[str, Any],
                         options: Any, icons_dir: Path | None
                         ) -> dict[str, tuple[str, str | None, str, list[str], list[str], int]]:
    """The parent's share of the kits: ``own`` (the smallest), then, smallest first, each kit
    of ``order`` that no worker has started yet (its future cancelled: a worker will not
    build it). Results by game."""
    mine = {}
    if own is not None:
        mine[own] = build_one(own, options, icons_dir)
    for game_id in reversed(order):
        if futures[game_id].cancel():
            mine[game_id] = build_one(game_id, options, icons_dir)
    return mine
