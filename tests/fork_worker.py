"""The worker side of the suite's fork runner (``tests/fork_runner.py``): what a forked child
does, and the messages it exchanges with the parent.

A child is forked from the parent after collection: it has the parent's items, modules and
caches (copy on write). It asks the parent for a group of tests when it starts the last test
it has (the answer waits in the pipe meanwhile), runs them
with pytest's own protocol (``pytest_runtest_protocol``: the runner's ``runtestprotocol``, with
the next test of the group as ``nextitem``, and at the group's end :class:`SessionOnly`, so that
the module's fixtures are torn down and the session's kept), and sends each test's reports and
warnings to the parent once the test is done. It ends when the parent has no more work or tells
it to stop (``-x``): it tears down what is still set up (the session's fixtures: their errors
are reported on its last test), collects the garbage (exceptions raised by discarded objects
become warnings, as at the end of a pytest session), says goodbye and leaves with ``os._exit``
(the parent's session is not its own).

Messages are pickles, each preceded by its length (4 bytes). Child to parent: ``("next",)``,
``("done", index, location, reports, warnings)`` (the test's location as the child computed it:
the parent need not), ``("bye", reports, warnings, stop_reason, usage)``
(usage: its processor time, user and system, its own processes' and the time it ended),
``("exit", message, returncode)`` (a test called ``pytest.exit``), ``("interrupted",)`` (Ctrl-C). Parent to child:
``("run", indices)`` or ``("stop",)``. Reports travel as ``pytest_report_to_serializable``
made them, except a passed one with nothing but a ``TestReport``'s own attributes (most of
them): the few values the parent does not have already
(:func:`fork_wire.plain_report_to_wire`)."""

from __future__ import annotations

import gc
import os
import resource
import select
import signal
import sys
import time
import traceback
import warnings
from collections import deque
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest
from _pytest.runner import CallInfo
from fork_wire import plain_report_to_wire, receive, send, warning_to_wire


class Relay:
    """Registered in a child: keeps the reports and warnings of the test being run."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.live = False  # historic warnings replayed at registration are the parent's
        self.reports: list[dict[str, Any] | tuple[Any, ...]] = []
        self.warnings: list[tuple[Any, ...]] = []
        self.keywords: Mapping[str, Any] | None = None  # of the last plain report sent
        self.in_test = True  # plain reports only for a test's: the parent knows which

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        plain = plain_report_to_wire(report, self.keywords) if self.in_test else None
        if plain is None:
            self.reports.append(self.config.hook.pytest_report_to_serializable(
                config=self.config, report=report))
        else:
            self.reports.append(plain)
            self.keywords = report.keywords

    def pytest_warning_recorded(self, warning_message: warnings.WarningMessage, when: str,
                                nodeid: str, location: tuple[str, int, str] | None) -> None:
        if self.live:
            self.warnings.append((warning_to_wire(warning_message), when, nodeid, location))

    def take(self) -> tuple[list[dict[str, Any] | tuple[Any, ...]], list[tuple[Any, ...]]]:
        taken = self.reports, self.warnings
        self.reports, self.warnings = [], []
        self.keywords = None
        return taken


class QuietTerminal:
    """Stands for the terminal reporter in a child: pytest's assertion messages ask it for its
    writer (``config.get_terminal_writer``), and nothing else may write to the terminal."""

    def __init__(self, writer: Any) -> None:
        self._tw = writer
        self.stats: dict[str, list[Any]] = {}

    def write_line(self, *args: object, **kwargs: object) -> None:
        """Nothing: the parent writes."""

    write = section = line = write_sep = ensure_newline = write_line


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def _die_with_parent(parent: int) -> None:
    """Ask Linux to send SIGTERM to this child when the parent dies (even by SIGKILL)."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except Exception:
        pass
    if os.getppid() != parent:  # the parent died before the request
        raise KeyboardInterrupt("the parent process is gone")


class SessionOnly:
    """The ``nextitem`` of a group's last test: what pytest tears down after a test is what the
    next one does not need, and this one needs the session alone. The module's and the
    directories' fixtures are torn down, the session's kept for the child's next group (they
    are torn down when the child ends: :meth:`Worker.finish`)."""

    def __init__(self, session: pytest.Session) -> None:
        self.session = session

    def listchain(self) -> list[pytest.Session]:
        return [self.session]


def restart_coverage(number: int) -> Any | None:
    """In a child of a process that coverage.py measures (``--cov``): stop the parent's
    measurement (its data is the parent's to save) and start the child's own, saved next to the
    parent's data file under a suffix of its own when the child ends (pytest-cov combines
    ``.coverage.*`` files at the end of the session). None when nothing measures."""
    coverage = sys.modules.get("coverage")
    if coverage is None:
        return None
    parent = coverage.Coverage.current()
    if parent is None:
        return None
    from coverage.control import CONFIG_DATA_PREFIX

    config = parent.config
    parent.stop()
    child = coverage.Coverage(data_file=os.path.abspath(config.data_file),
                              data_suffix=f"fork{number}.{os.getpid()}",
                              config_file=CONFIG_DATA_PREFIX + config.serialize())
    child.start()
    return child


class Worker:
    """One forked child: runs the groups the parent gives it (see the module's docstring)."""

    def __init__(self, session: pytest.Session, commands: int, reports: int, number: int,
                 parent: int) -> None:
        self.session = session
        self.config = session.config
        self.commands = commands
        self.reports = reports
        self.number = number
        self.parent = parent
        self.relay = Relay(self.config)
        self.last: pytest.Item | None = None
        self.coverage: Any | None = None
        self.asked = False  # a "next" not answered yet

    def prepare(self) -> None:
        """Signals, a capture and a temporary folder of its own, a quiet terminal."""
        signal.signal(signal.SIGTERM, _interrupt)
        _die_with_parent(self.parent)
        self.coverage = restart_coverage(self.number)
        capture = self.config.pluginmanager.get_plugin("capturemanager")
        if capture is not None and capture.is_globally_capturing():
            # the parent's capture files are shared with it (one file offset): make new ones
            capture.stop_global_capturing()
            capture.start_global_capturing()
            capture.suspend_global_capture()
        factory = getattr(self.config, "_tmp_path_factory", None)
        if factory is not None:
            base = Path(factory.getbasetemp()) / f"fork-{self.number}"
            base.mkdir(mode=0o700, exist_ok=True)
            factory._basetemp = base
        plugins = self.config.pluginmanager
        terminal = plugins.get_plugin("terminalreporter")
        if terminal is not None:
            plugins.unregister(terminal)
            plugins.register(QuietTerminal(terminal._tw), "terminalreporter")
        plugins.register(self.relay, "fork-worker-relay")
        self.relay.live = True

    def ask(self) -> None:
        """Ask the parent for the next group (its answer is read by :meth:`read_answers`)."""
        send(self.reports, ("next",))
        self.asked = True

    def read_answers(self, queue: deque[int], ends: set[int], *, wait: bool) -> bool:
        """Take what the parent sent: a group (``run``) goes to the end of ``queue`` (its last
        test in ``ends``); False once it says ``stop`` (no more work, or ``-x``) or is gone.
        With ``wait``, waits for the answer to the last :meth:`ask`."""
        while (wait and self.asked) or select.select([self.commands], [], [], 0)[0]:
            answer = receive(self.commands)
            if answer is None or answer[0] != "run":
                return False
            self.asked = False
            queue.extend(answer[1])
            ends.add(answer[1][-1])
        return True

    def run(self) -> int:
        """Run groups until there are none left; the exit status of the child. The next group
        is asked for when the last test of the ones given starts, so that it is there when that
        test ends (the parent's answer does not wait for a core while this child idles)."""
        self.prepare()
        items = self.session.items
        group_end = SessionOnly(self.session)
        queue: deque[int] = deque()
        ends: set[int] = set()  # the last test of each group
        self.ask()
        while self.read_answers(queue, ends, wait=not queue) and queue:
            index = queue.popleft()
            if not queue:
                self.ask()
            item = items[index]
            try:
                item.config.hook.pytest_runtest_protocol(
                    item=item, nextitem=group_end if index in ends else items[queue[0]])
            except pytest.exit.Exception as stop:
                send(self.reports, ("exit", str(stop.msg), stop.returncode))
                return 0
            self.last = item
            send(self.reports, ("done", index, item.location, *self.relay.take()))
            if self.session.shouldfail or self.session.shouldstop:
                break
        self.finish()
        return 0

    def tear_down(self) -> None:
        __tracebackhide__ = True
        self.session._setupstate.teardown_exact(None)

    def finish(self) -> None:
        """Tear down what is still set up (after a stop), collect the garbage, say goodbye."""
        self.relay.in_test = False
        if self.last is not None:
            last = self.last
            call = CallInfo.from_call(self.tear_down, when="teardown")
            if call.excinfo is not None:
                # the report pytest makes (not its hook: the plugins' wrappers expect a test
                # whose protocol is not over)
                report = pytest.TestReport.from_item_and_call(last, call)
                last.ihook.pytest_runtest_logreport(report=report)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            gc.collect()
            gc.freeze()
            for collect in _final_collectors():
                try:
                    collect(self.config)
                except BaseException as error:  # -W error turns them into exceptions
                    warnings.warn(pytest.PytestUnraisableExceptionWarning(str(error)), stacklevel=1)
        for message in caught:
            self.relay.warnings.append((warning_to_wire(message), "config", "", None))
        stop = self.session.shouldfail or self.session.shouldstop
        usage = resource.getrusage(resource.RUSAGE_SELF)
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        send(self.reports, ("bye", *self.relay.take(), stop or None,
                            (usage.ru_utime, usage.ru_stime, children.ru_utime + children.ru_stime,
                             time.monotonic())))


def _final_collectors() -> list[Callable[[pytest.Config], None]]:
    """pytest's own reporting of exceptions raised by discarded objects and threads."""
    found = []
    for module, name in (("_pytest.unraisableexception", "collect_unraisable"),
                         ("_pytest.threadexception", "collect_thread_exception")):
        try:
            found.append(getattr(__import__(module, fromlist=[name]), name))
        except (ImportError, AttributeError):
            pass
    return found


def child_main(session: pytest.Session, commands: int, reports: int, number: int,
               parent: int) -> None:
    """The whole life of a forked child; never returns."""
    code = 3
    worker = Worker(session, commands, reports, number, parent)
    try:
        code = worker.run()
    except KeyboardInterrupt:
        code = 2
        try:  # Ctrl-C reached the child: the parent's run is interrupted as well
            send(reports, ("interrupted",))
            session._setupstate.teardown_exact(None)
        except BaseException:
            pass
    except BaseException:
        traceback.print_exc()
    finally:
        if worker.coverage is not None:
            try:
                worker.coverage.stop()
                worker.coverage.save()
            except BaseException:
                traceback.print_exc()
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except BaseException:
                pass
        os._exit(code)
