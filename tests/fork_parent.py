"""The parent side of the suite's fork runner (``tests/fork_runner.py``): forks the children,
hands them groups of tests, replays their reports into this process's hooks, and accounts for
the children that die (their test is reported failed, a new child runs the rest of the group)
or must end (``-x``, Ctrl-C, SIGTERM: every child is waited for)."""

from __future__ import annotations

import gc
import os
import select
import signal
import sys
import time
from collections import deque
from typing import Any

import pytest
from fork_wire import Inbox, plain_report_from_wire, send, warning_from_wire
from fork_worker import child_main


class Child:
    """The parent's view of one forked child."""

    def __init__(self, pid: int, number: int, commands: int, reports: int) -> None:
        self.pid = pid
        self.number = number
        self.commands = commands
        self.reports = reports
        self.inbox = Inbox()
        self.assigned: deque[int] = deque()  # sent to it, not yet reported
        self.said_bye = False
        self.told_to_stop = False
        self.wants_next = False  # asked for a group before its last one was done
        self.status: int | None = None


class Parent:
    """Hands groups to the children and replays their reports (see the module's docstring)."""

    GRACE_SECONDS = 5.0  # for children asked to end before they are killed
    POLL_MS = 500  # the longest wait for a message before the children's pids are checked
    REAP_SECONDS = 1.0  # the pids checked at least this often while messages come

    def __init__(self, session: pytest.Session, units: list[list[int]], workers: int) -> None:
        self.session = session
        self.config = session.config
        self.units = deque(units)
        self.workers = min(workers, len(units))
        self.children: dict[int, Child] = {}  # by the fd of its reports
        self.forked = 0
        self.spare_forks = 2 * self.workers  # for children that die before taking work
        self.stopping = False
        self.exit: tuple[str, int] | None = None
        self.started = time.monotonic()
        self.next_reap = self.started + self.REAP_SECONDS
        self.usage: list[tuple[int, float, float, float, float]] = []
        self.ihooks: dict[Any, Any] = {}  # by test file

    def run(self) -> None:
        factory = getattr(self.config, "_tmp_path_factory", None)
        if factory is not None:
            factory.getbasetemp()  # one base folder: each child makes its own in it
        previous = signal.signal(signal.SIGTERM, _interrupt)
        try:
            for _ in range(self.workers):
                self.fork()
            while self.children:
                self.step()
            if self.exit is not None:
                pytest.exit(*self.exit)
        except BaseException:
            self.end_children()
            raise
        finally:
            signal.signal(signal.SIGTERM, previous)
        if self.units and not self.stopping:
            raise RuntimeError("fork runner: children kept dying before taking any test")
        if self.config.getoption("fork_stats"):
            self.write_stats()

    def write_stats(self) -> None:
        """``--fork-stats``: each child's processor time and end, and the parent's."""
        import resource

        write = self.config.get_terminal_writer().line
        write("")
        for number, user, system, spawned, ended in sorted(self.usage):
            write(f"fork runner: child {number}: {user:.2f} user + {system:.2f} sys s, its "
                  f"processes {spawned:.2f} s, ended at {ended - self.started:.2f} s")
        usage = resource.getrusage(resource.RUSAGE_SELF)
        write(f"fork runner: parent {usage.ru_utime:.2f} user + {usage.ru_stime:.2f} sys s "
              f"(collection included), {time.monotonic() - self.started:.2f} s of tests")

    def fork(self) -> None:
        commands_read, commands_write = os.pipe()
        reports_read, reports_write = os.pipe()
        self.forked += 1
        for stream in (sys.stdout, sys.stderr):
            stream.flush()
        # what exists now is kept out of the collector's walks, here and in the child: the
        # child's final collection walks only what it made, and touches none of the pages it
        # shares with this process (as tests/conftest.py does after collection)
        gc.freeze()
        pid = os.fork()
        if pid == 0:
            for other in self.children.values():
                os.close(other.commands)
                os.close(other.reports)
            os.close(commands_write)
            os.close(reports_read)
            child_main(self.session, commands_read, reports_write, self.forked, os.getppid())
        os.close(commands_read)
        os.close(reports_write)
        self.children[reports_read] = Child(pid, self.forked, commands_write, reports_read)

    def step(self) -> None:
        """Wait for the children's messages (or ends) and handle them."""
        poller = select.poll()
        for fd in self.children:
            poller.register(fd, select.POLLIN)
        events = poller.poll(self.POLL_MS)
        if not events or time.monotonic() > self.next_reap:
            self.next_reap = time.monotonic() + self.REAP_SECONDS
            self.reap_silent_deaths()
        for fd, _ in events:
            if fd not in self.children:  # reaped above
                continue
            child = self.children[fd]
            data = os.read(fd, 1 << 16)  # a pipe's buffer
            if not data:
                self.ended(child)
                continue
            for message in child.inbox.feed(data):
                self.handle(child, message)

    def handle(self, child: Child, message: tuple[Any, ...]) -> None:
        kind = message[0]
        if kind == "next":
            if child.assigned and len(self.units) <= self.workers and not self.stopping:
                child.wants_next = True  # answered when its tests are done (the last groups
                # go to whichever child is free first, not to one still busy with a group)
            else:
                self.answer_next(child)
        elif kind == "done":
            _, index, location, reports, warned = message
            if child.assigned and child.assigned[0] == index:
                child.assigned.popleft()
            elif index in child.assigned:
                child.assigned.remove(index)
            if child.wants_next and not child.assigned:
                self.answer_next(child)
            if not self.stopping:
                self.replay_test(self.session.items[index], location, reports, warned)
                self.check_stop()
        elif kind == "bye":
            _, reports, warned, stop, usage = message
            child.said_bye = True
            self.usage.append((child.number, *usage))
            if stop and not self.stopping:
                self.session.shouldstop = self.session.shouldstop or stop
            self.replay(None, None, reports, warned)
            self.check_stop()
        elif kind == "exit":
            self.exit = (message[1], message[2])
            child.said_bye = True
            self.stop_all()
        elif kind == "interrupted" and not self.stopping:  # as pytest in one process would be
            raise KeyboardInterrupt(f"in fork runner child {child.number}")

    def answer_next(self, child: Child) -> None:
        """Give ``child`` the next group, or tell it to stop when there is none."""
        child.wants_next = False
        if self.stopping or not self.units:
            self.tell_stop(child)
        else:
            unit = self.units.popleft()
            child.assigned.extend(unit)
            self.tell(child, ("run", unit))

    def replay_test(self, item: pytest.Item, location: tuple[str, int | None, str],
                    reports: list[dict[str, Any] | tuple[Any, ...]],
                    warned: list[tuple[Any, ...]]) -> None:
        """A test's reports and warnings, between its ``logstart`` and ``logfinish`` (the
        location the child sent: the parent need not compute it)."""
        ihook = self.ihooks.get(item.path)
        if ihook is None:  # one per test file: item.ihook looks for conftests at each use
            ihook = self.ihooks[item.path] = item.ihook
        ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=location)
        self.replay(item, location, reports, warned)
        ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=location)

    def replay(self, item: pytest.Item | None, location: tuple[str, int | None, str] | None,
               reports: list[dict[str, Any] | tuple[Any, ...]],
               warned: list[tuple[Any, ...]]) -> None:
        """Feed a child's reports and warnings to this process's hooks (a plain report,
        ``fork_wire.plain_report_to_wire``, made again from the test's ``item``)."""
        hook = self.config.hook
        keywords: dict[str, Any] = {}
        for data in reports:
            if isinstance(data, tuple):
                assert item is not None and location is not None
                report, keywords = plain_report_from_wire(item.nodeid, location, data,
                                                          keywords)
            else:
                report = hook.pytest_report_from_serializable(config=self.config, data=data)
            hook.pytest_runtest_logreport(report=report)
        for fields, when, nodeid, warned_at in warned:
            hook.pytest_warning_recorded.call_historic(kwargs=dict(
                warning_message=warning_from_wire(fields), when=when, nodeid=nodeid,
                location=warned_at))

    def check_stop(self) -> None:
        if not self.stopping and (self.session.shouldfail or self.session.shouldstop):
            self.stop_all()

    def stop_all(self) -> None:
        self.stopping = True
        for child in self.children.values():
            self.tell_stop(child)

    def tell(self, child: Child, message: tuple[Any, ...]) -> None:
        try:
            send(child.commands, message)
        except OSError:  # it died: its pipe's end says so
            pass

    def tell_stop(self, child: Child) -> None:
        if not child.told_to_stop:
            child.told_to_stop = True
            self.tell(child, ("stop",))

    def ended(self, child: Child) -> None:
        """A child's pipe is closed: wait for it and account for what it left undone."""
        if child.status is None:
            child.status = _wait(child.pid, self.GRACE_SECONDS)
        del self.children[child.reports]
        os.close(child.reports)
        os.close(child.commands)
        if self.stopping:
            return
        if child.assigned:
            crashed = child.assigned.popleft()
            self.report_crash(crashed, child)
            if child.assigned:
                self.units.appendleft(list(child.assigned))
            if self.units:
                self.fork()
        elif not child.said_bye or child.status != 0:
            self.report_crash(None, child)
            if self.units and self.spare_forks > 0 and len(self.children) < self.workers:
                self.spare_forks -= 1
                self.fork()

    def reap_silent_deaths(self) -> None:
        """A child whose pipe a process of its own still holds open (a test's forked process
        that outlives it): reaped by its pid, checked every second."""
        for child in list(self.children.values()):
            if child.reports not in self.children:
                continue
            pid, status = os.waitpid(child.pid, os.WNOHANG)
            if pid:
                child.status = os.waitstatus_to_exitcode(status)
                while select.select([child.reports], [], [], 0)[0]:  # what it sent before
                    data = os.read(child.reports, 1 << 16)
                    if not data:
                        break
                    for message in child.inbox.feed(data):
                        self.handle(child, message)
                self.ended(child)

    def report_crash(self, index: int | None, child: Child) -> None:
        how = _describe(child.status)
        location: tuple[str, int | None, str]
        if index is None:
            nodeid, location = f"fork-runner-child-{child.number}", ("fork_runner", None, "")
            text = (f"fork runner: child {child.number} (pid {child.pid}) {how} outside any "
                    "test: its session teardown or final garbage collection failed (its output "
                    "is above)")
            keywords: dict[str, Any] = {}
        else:
            item = self.session.items[index]
            nodeid, location = item.nodeid, item.location
            text = (f"fork runner: child {child.number} (pid {child.pid}) {how} while running "
                    "this test (its setup, call or teardown); the rest of its group runs in a "
                    "new child")
            keywords = {name: 1 for name in item.keywords}
        report = pytest.TestReport(nodeid, location, keywords, "failed", text, "call")
        hook = self.config.hook
        hook.pytest_runtest_logstart(nodeid=nodeid, location=location)
        hook.pytest_runtest_logreport(report=report)
        hook.pytest_runtest_logfinish(nodeid=nodeid, location=location)
        self.check_stop()

    def end_children(self) -> None:
        """Interrupted: ask every child to end (SIGTERM), kill the late ones, wait for all."""
        self.stopping = True
        for child in self.children.values():
            _signal(child.pid, signal.SIGTERM)
        for child in list(self.children.values()):
            child.status = _wait(child.pid, self.GRACE_SECONDS)
            del self.children[child.reports]
            os.close(child.reports)
            os.close(child.commands)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def _signal(pid: int, signum: int) -> None:
    try:
        os.kill(pid, signum)
    except ProcessLookupError:
        pass


def _wait(pid: int, grace: float) -> int:
    """The exit code of child ``pid`` (minus a signal's number), killed after ``grace`` s."""
    deadline = time.monotonic() + grace
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        if time.monotonic() > deadline:
            _signal(pid, signal.SIGKILL)
            return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
        time.sleep(0.01)


def _describe(status: int | None) -> str:
    if status is None:
        return "ended"
    if status < 0:
        name = signal.Signals(-status).name if -status in signal.Signals._value2member_map_ \
            else str(-status)
        return f"was killed by {name}"
    return f"exited with status {status}"
