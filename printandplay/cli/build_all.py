"""``printandplay build all``: every game's kit, built in parallel worker processes.

The parent imports the build modules and loads what every build shares (fonts, hyphenation
dictionaries: :func:`printandplay.kit.assets.preload_shared`) once, then forks the workers, which
inherit all of it (the ``fork`` start method, on Linux; elsewhere the workers start afresh and
load it themselves). The parent builds kits too: one worker fewer than cores is started (none
on one core, or for one kit). The kits are queued largest first (:class:`KitQueue`, in shared
memory); the workers take them from the front, the parent from the back (the smallest first),
until none is left: the cores stay busy until the last small kit is done, and no more
processes run than there are cores (five processes sharing two cores cost more processor time
than two). Paths and summaries are
printed in game order; a kit that fails does not stop the others, and its errors are printed
with its id (exit code 2 for bad input). No progress bar: the parent reads the results once
its own share is built, when a bar would only show the last moment (and cost ~60 ms to start).
"""

from __future__ import annotations

import gc
import multiprocessing
import multiprocessing.connection
import os
import queue as queue_module
import signal
import stat
import sys
from pathlib import Path
from typing import Any

from printandplay.cli.app import err, fail, out, warn
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
    from printandplay.kit.build import build_kit

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


Result = tuple[str, str | None, str, list[str], list[str], int]


class KitQueue:
    """The kits still to build, largest first, shared by the processes of ``build all``:
    workers take from the front (the largest first), the parent from the back (the
    smallest first), each kit once. Two integers in shared memory under one lock; passed to
    the workers when they start (inherited, as ``multiprocessing`` requires)."""

    def __init__(self, context: Any, count: int) -> None:
        self._ends = context.Array("i", [0, count])  # [next from the front, end of the back]

    def front(self) -> int | None:
        """The index of the largest kit left (taken), or None when none is left."""
        with self._ends.get_lock():
            first, end = self._ends[0], self._ends[1]
            if first >= end:
                return None
            self._ends[0] = first + 1
            return int(first)

    def back(self) -> int | None:
        """The index of the smallest kit left (taken), or None when none is left."""
        with self._ends.get_lock():
            first, end = self._ends[0], self._ends[1]
            if first >= end:
                return None
            self._ends[1] = end - 1
            return int(end - 1)

    def close(self) -> None:
        """Nothing more is taken (the kits being built are finished)."""
        with self._ends.get_lock():
            self._ends[0] = self._ends[1]


def _work_from_the_front(order: list[str], queue: KitQueue, results: Any, options: Any,
                         icons_dir: Path | None) -> None:
    """A worker: builds the largest kit left until none is left; puts ``(index, result)``
    for each, ``(index, None, traceback)`` for an unexpected error (a bug: the parent raises
    it), then ``None``."""
    _worker_signals()
    try:
        while (index := queue.front()) is not None:
            try:
                results.put((index, build_one(order[index], options, icons_dir), ""))
            except Exception:  # noqa: BLE001 - reported by the parent, as a pool would
                import traceback

                results.put((index, None, traceback.format_exc()))
                queue.close()
    finally:
        results.put(None)


class _Collected:
    """The workers' results as they come, by kit index."""

    def __init__(self, results: Any, workers: list[Any]) -> None:
        self.results = results
        self.workers = workers
        self.done: dict[int, Result] = {}
        self._finished = 0  # workers that said they are done

    def get(self, index: int, game_id: str) -> Result:
        """The result of kit ``index``, waiting for it."""
        while index not in self.done:
            if self._finished == len(self.workers):
                raise RuntimeError(f"{game_id}: no worker built it")
            try:
                item = self.results.get(timeout=0.5)
            except queue_module.Empty:
                if not any(worker.is_alive() for worker in self.workers) and \
                        self.results.empty():
                    raise RuntimeError(f"{game_id}: its worker stopped unexpectedly "
                                       "(exit codes "
                                       f"{[w.exitcode for w in self.workers]})") from None
                continue
            if item is None:
                self._finished += 1
                continue
            got, result, failure = item
            if result is None:
                raise RuntimeError(f"{game_id}: a worker failed:\n{failure}")
            self.done[got] = result
        return self.done[index]


def _join(workers: list[Any], results: Any, poll: float = 0.05) -> None:
    """Wait for the workers to end, reading what they still put (a process does not end
    before what it put is read: nothing is left waiting in a full pipe). Woken as soon as
    the last one ends (its sentinel), not at the end of a ``poll`` period: the last worker
    usually ends just after the parent's own kits, and a wait of up to ``poll`` seconds was
    then added to every ``build all``."""
    while True:
        _drain(results)
        alive = [worker.sentinel for worker in workers if worker.is_alive()]
        if not alive:
            break
        multiprocessing.connection.wait(alive, timeout=poll)
    _drain(results)
    for worker in workers:
        worker.join()


def _drain(results: Any) -> None:
    """Read (and drop) whatever is waiting in ``results``."""
    while True:
        try:
            results.get_nowait()
        except queue_module.Empty:
            return


def build_all(ids: list[str], options: Any, icons_dir: Path | None = None) -> None:
    """Build every game of ``ids`` in parallel and print the results in that order."""
    # The modules and what every kit shares, loaded before any kit starts (the other cores
    # wait): without the cyclic collector, which went over these long-lived objects ~130
    # times for nothing (~15 % of the time), and kept out of its sight afterwards, shared
    # with the forked workers (copy on write). (No gc.collect() first: it found nothing to
    # free here and cost 15-20 ms before the first fork.)
    collecting = gc.isenabled()
    gc.disable()
    try:
        import printandplay.kit.build  # noqa: F401 - imported once here, inherited by the workers
        from printandplay.kit.assets import preload_shared

        resources = find_resources(icons_dir)
        preload_shared(resources, ids)
        order = sorted(ids, key=lambda game_id: -kit_weight(resources, game_id))
    finally:
        if collecting:
            gc.enable()
    gc.freeze()
    # each build runs with a high threshold for young objects (build._quiet_collector) and
    # put the usual one back when done, which set off a collection of the ~50,000 objects
    # made since (4-6 ms a kit): between the kits of one process the threshold stays high
    thresholds = gc.get_threshold()
    gc.set_threshold(max(thresholds[0], 50_000), *thresholds[1:])
    problems: list[str] = []
    code = 0
    context = _context()
    queue = KitQueue(context, len(order))
    results = context.Queue()
    workers = [context.Process(target=_work_from_the_front, daemon=True,
                               args=(order, queue, results, options, icons_dir))
               for _ in range(max(0, min(len(order), _cores()) - 1))]  # the parent builds too
    try:
        for worker in workers:
            worker.start()
        try:
            mine: dict[int, Result] = {}
            while (index := queue.back()) is not None:
                mine[index] = build_one(order[index], options, icons_dir)
            collected = _Collected(results, workers)
            for game_id in ids:
                index = order.index(game_id)
                result = mine[index] if index in mine else collected.get(index, game_id)
                _, path, summary, warnings, errors, exit_code = result
                warn(warnings)
                if path:
                    out.print(path, markup=False)
                    err.print(summary, markup=False)
                problems.extend(f"{game_id}: {p}" for p in errors)
                code = max(code, exit_code)
        except BaseException:
            queue.close()  # the kits being built are finished, no other one is started
            raise
        finally:
            _join(workers, results)
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()
    if problems:
        fail(problems, code)
