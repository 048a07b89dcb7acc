"""The suite's fork runner (``tests/fork_runner.py``) on small suites of its own, run in this
process with pytester: counts and tracebacks as pytest prints them, groups kept whole and
handed out heaviest first, a child that dies, a teardown error, warnings, ``-x``, the runs that
stay in one process, and SIGTERM (in a subprocess: the one check that needs a real parent)."""

from __future__ import annotations

import gc
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Literal, cast

import fork_parent
import fork_runner
import fork_wire
import fork_worker
import pytest
import xdist_order

pytest_plugins = ["pytester"]

TESTS = Path(__file__).resolve().parent
# none of the installed plugins: the small suites need none (pytester forgets the modules a run
# imports: Hypothesis' plugin would import Hypothesis again at every run, ~0.5 s), and without
# autoloading pytest does not read every installed distribution's metadata for their entry points
# and the modules to rewrite at each run (~40 ms a run); the runner is handed to pytest as a
# plugin object (in-process) or named in PYTEST_PLUGINS (a subprocess): `-p fork_runner` would
# read that metadata again, looking for an entry point of that name
AUTOLOAD_OFF = ("--disable-plugin-autoload",)
RUNNER = ("-p", "no:cacheprovider", *AUTOLOAD_OFF)
When = Literal["setup", "call", "teardown"]  # a report's phase

LOGGED = """
import os, pytest
LOG = {log!r}

def log(name):
    with open(LOG, "a") as out:
        out.write(f"{{name}} {{os.getpid()}}\\n")
"""


def forking_possible() -> None:
    """Under a tracer other than coverage.py's (a debugger) the runner stays in one process: a
    test that ends its process would end this one."""
    if sys.gettrace() is not None and not fork_runner.coverage_measures():
        pytest.skip("under a debugger the fork runner runs the tests in one process")


def write_suite(pytester: pytest.Pytester, **files: str) -> Path:
    """Test files that log ``<name> <pid>`` lines to ``log.txt`` (with ``log(name)``)."""
    log = pytester.path / "log.txt"
    for name, body in files.items():
        pytester.makepyfile(**{name: LOGGED.format(log=str(log)) + body})
    return log


def logged(log: Path) -> list[tuple[str, int]]:
    lines = log.read_text().split() if log.exists() else []
    return [(lines[i], int(lines[i + 1])) for i in range(0, len(lines), 2)]


def run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    return pytester.runpytest_inprocess(*RUNNER, *args, plugins=[fork_runner])


MIXED = dict(
    test_a="""
def test_a1():
    log("a")
    print("printed by a passing test")
def test_a2(): log("a")
def test_a_fails():
    log("a")
    expected = 2
    assert 1 + 1 == expected + 1
""",
    test_b="""
import warnings
def test_b1(): log("b")
@pytest.mark.skip(reason="not today")
def test_b_skipped(): pass
def test_b_warns():
    log("b")
    warnings.warn(UserWarning("relayed from a forked child"))
""",
    test_c="""
pytestmark = pytest.mark.xdist_group("together")
def test_c1(): log("together")
""",
    test_d="""
pytestmark = pytest.mark.xdist_group("together")
def test_d1(): log("together")
""",
)


def test_counts_tracebacks_and_warnings_are_pytest_s_own(pytester: pytest.Pytester) -> None:
    log = write_suite(pytester, **MIXED)
    result = run(pytester, "-n", "2", "-rA")
    result.assert_outcomes(passed=6, failed=1, skipped=1, warnings=1)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["*def test_a_fails():*", "*assert 1 + 1 == expected + 1*",
                                 "*assert (1 + 1) == (2 + 1)*", "*warnings summary*",
                                 "*UserWarning: relayed from a forked child*",
                                 "*PASSES*", "*Captured stdout call*",
                                 "printed by a passing test",
                                 "FAILED test_a.py::test_a_fails - assert (1 + 1) == (2 + 1)"])
    assert {pid for _, pid in logged(log)} - {os.getpid()} == {pid for _, pid in logged(log)}


def test_groups_are_kept_whole_in_one_child(pytester: pytest.Pytester) -> None:
    log = write_suite(pytester, **MIXED)
    run(pytester, "-n", "2").assert_outcomes(passed=6, failed=1, skipped=1, warnings=1)
    pids: dict[str, set[int]] = {}
    for group, pid in logged(log):
        pids.setdefault(group, set()).add(pid)
    assert sorted(pids) == ["a", "b", "together"]
    assert all(len(found) == 1 for found in pids.values()), pids


def test_groups_go_heaviest_first(pytester: pytest.Pytester,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    files = {f"test_{name}": f"def test_{name}(): log({name!r})" for name in "pqrst"}
    log = write_suite(pytester, **files)
    monkeypatch.setattr(xdist_order, "GROUP_SECONDS", {"test_s.py": 9.0, "test_q.py": 8.0,
                                                       "test_t.py": 0.5})
    run(pytester, "-n", "2").assert_outcomes(passed=5)
    handed = ["s", "q", "t", "p", "r"]  # by weight, then unlisted ones in collection order
    by_child: dict[int, list[str]] = {}
    for group, pid in logged(log):
        by_child.setdefault(pid, []).append(group)
    assert sorted(group for groups in by_child.values() for group in groups) == sorted(handed)
    for groups in by_child.values():  # each child runs its groups in the order handed out
        assert groups == sorted(groups, key=handed.index)


def test_a_child_that_dies_fails_its_test_and_a_new_child_runs_the_rest(
        pytester: pytest.Pytester) -> None:
    forking_possible()
    log = write_suite(pytester, test_dies="""
def test_before(): log("before")
def test_dies():
    log("dies")
    os._exit(3)
def test_after(): log("after")
""", test_other="def test_other(): log('other')")
    result = run(pytester, "-n", "2")
    result.assert_outcomes(passed=3, failed=1)
    result.stdout.fnmatch_lines(["*child * exited with status 3 while running this test*"])
    pids = dict(logged(log))
    assert pids["before"] == pids["dies"] != pids["after"]


WAITS_FOR_R = """
import time
def test_p():  # the other child's first group lasts until test_r has asked for its next group
    for _ in range(1000):
        if "test-r" in open(LOG).read():
            break
        time.sleep(0.01)
    time.sleep(0.05)
    log('test-p')
"""


def test_the_next_group_asked_for_early_is_run_by_a_new_child_when_its_child_dies(
        pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    """A child asks for its next group when the last test of its current one starts: that
    group is torn down at its end as a group (its module's fixtures before the next group's
    tests, the session's kept), and, when the child dies in that last test, the group it was
    given in advance runs in a new child."""
    forking_possible()
    pytester.makeconftest(f"""
import os, pytest
def log(name):
    with open({str(pytester.path / "log.txt")!r}, "a") as out:
        out.write(f"{{name}} {{os.getpid()}}\\n")

@pytest.fixture(scope="session", autouse=True)
def session_wide():
    log("session-setup")

@pytest.fixture(scope="module", autouse=True)
def module_wide(request):
    log(f"setup-{{request.module.__name__}}")
    yield
    log(f"teardown-{{request.module.__name__}}")
""")
    files = {f"test_{name}": f"def test_{name}(): log('test-{name}')" for name in "qst"}
    log = write_suite(pytester, test_r="def test_r():\n    log('test-r')\n    os._exit(3)",
                      test_p=WAITS_FOR_R, **files)
    monkeypatch.setattr(xdist_order, "GROUP_SECONDS", {"test_r.py": 9.0, "test_p.py": 8.0,
                                                       "test_q.py": 7.0})
    result = run(pytester, "-n", "2")
    result.assert_outcomes(passed=4, failed=1)
    by_child: dict[int, list[str]] = {}
    for name, pid in logged(log):
        by_child.setdefault(pid, []).append(name)
    assert sorted(name for names in by_child.values() for name in names
                  if name.startswith("test-")) == [f"test-{n}" for n in "pqrst"]
    for names in by_child.values():
        assert names.count("session-setup") == 1
        modules = [name.split("-")[1] for name in names if name.startswith("test-")]
        for current, following in zip(modules, modules[1:], strict=False):
            assert names.index(f"teardown-test_{current}") < names.index(f"setup-test_{following}")
    dead = next(pid for pid, names in by_child.items() if "test-r" in names)
    assert by_child[dead] == ["session-setup", "setup-test_r", "test-r"]


def test_the_last_groups_go_to_a_free_child_not_in_advance(
        pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    """With no more groups left than children, a child asking ahead of time waits for the end of
    its own: here each group waits for the other's test, which only a second child can run (the
    second child starts late, after the first has asked for its next group)."""
    forking_possible()
    prepare = fork_worker.Worker.prepare

    def late_second(worker: fork_worker.Worker) -> None:
        if worker.number == 2:
            time.sleep(0.1)
        prepare(worker)

    monkeypatch.setattr(fork_worker.Worker, "prepare", late_second)
    waits = """
import time
def test_{name}():
    log("{name}")
    for _ in range(1000):
        if "{other}" in open(LOG).read():
            break
        time.sleep(0.01)
    assert "{other}" in open(LOG).read()
"""
    write_suite(pytester, test_g=waits.format(name="g", other="h"),
                test_h=waits.format(name="h", other="g"))
    run(pytester, "-n", "2").assert_outcomes(passed=2)


def test_a_killed_child_is_named_by_its_signal(pytester: pytest.Pytester) -> None:
    forking_possible()
    write_suite(pytester, test_killed="""
import signal
def test_killed(): os.kill(os.getpid(), signal.SIGKILL)
""", test_other="def test_other(): pass")
    result = run(pytester, "-n", "2")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*was killed by SIGKILL while running this test*"])


def test_session_teardown_errors_and_discarded_objects_are_reported(
        pytester: pytest.Pytester) -> None:
    pytester.makeconftest("""
import gc, pytest

def pytest_configure(config):  # the cycle below is freed by a child's final collection, not
    gc.disable()               # in the middle of a test (this process's collector is back
                               # on when the small suite is over)
def pytest_unconfigure(config):
    gc.enable()

class Loud:
    def __del__(self):
        raise ValueError("raised by a discarded object")

@pytest.fixture(scope="session")
def shared():
    yield 1
    raise RuntimeError("session teardown failed")

@pytest.fixture(scope="session", autouse=True)
def discarded():
    yield
    loop = Loud()
    loop.me = loop  # freed only by the collector, after the last test
""")
    write_suite(pytester, test_x="def test_x(shared): log('x')",
                test_y="def test_y(shared): log('y')")
    result = run(pytester, "-n", "2", "-W", "default")
    outcomes = result.parseoutcomes()
    assert outcomes["passed"] == 2 and outcomes["errors"] >= 1
    result.stdout.fnmatch_lines(["*ERROR at teardown of test_*", "*session teardown failed*",
                                 "*PytestUnraisableExceptionWarning*",
                                 "*raised by a discarded object*"])
    assert gc.isenabled()  # the tests after this one collect garbage as usual


def test_x_stops_the_children(pytester: pytest.Pytester) -> None:
    files = {f"test_{n}": "\n".join(f"def test_{n}{i}():\n    log('{n}')\n    assert 0"
                                    for i in range(5)) for n in "uvw"}
    log = write_suite(pytester, **files)
    result = run(pytester, "-n", "2", "-x")
    result.assert_outcomes(failed=1)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    assert len(logged(log)) <= 3  # one failure each at most, and nothing after the stop
    for _, pid in logged(log):  # every child was waited for (a zombie would still be there)
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


def test_exit_in_a_child_ends_the_run(pytester: pytest.Pytester) -> None:
    write_suite(pytester, test_e="def test_e():\n    pytest.exit('enough', returncode=4)",
                test_f="def test_f(): pass")
    result = run(pytester, "-n", "2")
    assert result.ret == 4
    result.stdout.fnmatch_lines(["*enough*"])


@pytest.mark.parametrize("args", [("-n", "0"), ("-n", "1"), ("-n", "auto", "test_a.py"),
                                  ("-n", "2", "-s"), ("-n", "2", "--setup-show")])
def test_runs_that_stay_in_this_process(pytester: pytest.Pytester, args: tuple[str, ...]) -> None:
    log = write_suite(pytester, **MIXED)
    run(pytester, *args)
    assert {pid for _, pid in logged(log)} == {os.getpid()}


def test_a_running_thread_keeps_the_tests_in_this_process(pytester: pytest.Pytester) -> None:
    pytester.makeconftest("""
import threading
stop = threading.Event()

def pytest_collection_finish(session):
    threading.Thread(target=stop.wait, daemon=True).start()

def pytest_sessionfinish(session):
    stop.set()
""")
    log = write_suite(pytester, test_a="def test_a(): log('a')", test_b="def test_b(): log('b')")
    result = run(pytester, "-n", "2")
    result.stdout.fnmatch_lines(["*fork runner: a thread is running*"])
    assert {pid for _, pid in logged(log)} == {os.getpid()}


@pytest.mark.parametrize("target", ["parent", "child"])
def test_a_signal_ends_the_parent_and_its_children(tmp_path: Path, target: str) -> None:
    """A real parent process, both children in a test: SIGTERM to the parent, or Ctrl-C
    (SIGINT) reaching one child alone, interrupts the run; every process ends (the children are
    waited for: none is left a zombie or an orphan)."""
    forking_possible()
    pids = tmp_path / "pids"
    pids.mkdir()
    for name in "gh":
        (tmp_path / f"test_{name}.py").write_text(f"""
import os, time
def test_{name}():
    open(os.path.join({str(pids)!r}, str(os.getpid())), "w").close()
    time.sleep(60)
""")
    parent = subprocess.Popen(
        # a --basetemp of its own: pytest's default one would delete old runs' folders at exit
        [sys.executable, "-m", "pytest", *RUNNER, "-n", "2", "-q",
         f"--basetemp={tmp_path / 'basetemp'}", str(tmp_path)],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(TESTS), "PYTEST_PLUGINS": "fork_runner"},
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # noqa: PLW1509
    try:
        for _ in range(3000):  # both children in their test (at most a minute)
            if len(list(pids.iterdir())) == 2 or parent.poll() is not None:
                break
            time.sleep(0.02)
        assert len(list(pids.iterdir())) == 2, parent.communicate(timeout=60)[0].decode()
        if target == "parent":
            parent.send_signal(signal.SIGTERM)
        else:
            os.kill(int(next(pids.iterdir()).name), signal.SIGINT)
        output = parent.communicate(timeout=60)[0].decode()
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()
    assert parent.returncode == pytest.ExitCode.INTERRUPTED, output
    assert "KeyboardInterrupt" in output
    for child in pids.iterdir():
        with pytest.raises(ProcessLookupError):
            os.kill(int(child.name), 0)


def test_last_failed_is_recorded_from_the_children_reports(pytester: pytest.Pytester) -> None:
    write_suite(pytester, test_a="def test_a_fails(): assert 0\ndef test_a_passes(): pass",
                test_b="def test_b(): pass")
    pytester.runpytest_inprocess(*AUTOLOAD_OFF, "-n", "2", plugins=[fork_runner]).assert_outcomes(
        passed=2, failed=1)
    result = pytester.runpytest_inprocess(*AUTOLOAD_OFF, "-n", "2", "--lf", plugins=[fork_runner])
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*run-last-failure: rerun previous 1 failure*"])


def test_a_child_whose_pipe_outlives_it_is_still_reaped(pytester: pytest.Pytester,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A test's own forked process keeps the child's pipe open after the child ends: the parent
    notices the end by the child's pid, and loses none of what the child sent."""
    forking_possible()
    monkeypatch.setattr(fork_parent.Parent, "POLL_MS", 20)  # not half a second of waiting
    log = write_suite(pytester, test_lingers="""
import time
def test_lingers():
    pid = os.fork()
    if pid == 0:
        time.sleep(60)
        os._exit(0)
    log(f"lingering-{pid}")
""", test_other="def test_other(): log('other')")
    try:
        run(pytester, "-n", "2").assert_outcomes(passed=2)
    finally:
        for name, _ in logged(log):
            if name.startswith("lingering-"):  # the child's, not ours: init reaps it
                os.kill(int(name.split("-")[1]), signal.SIGKILL)


def test_a_plain_report_is_made_again_as_it_was() -> None:
    """A passed report with nothing but a ``TestReport``'s own attributes travels as a few
    values; the parent's copy has the same attributes, the keywords of a test's later reports
    sent only when they changed."""
    keywords = {"test_x": 1, "test_m.py": 1}
    later = {**keywords, "added_by_setup": 1}
    sent = [pytest.TestReport("test_m.py::test_x", ("test_m.py", 3, "test_x"), words, "passed",
                              None, cast(When, when), sections, 0.25, 10.0, 10.25, properties)
            for words, when, sections, properties in (
                (keywords, "setup", [], []),
                (dict(later), "call", [("Captured stdout call", "out\n")], [("k", 1)]),
                (dict(later), "teardown", [], []))]
    previous = None
    received: dict[str, object] = {}
    for report in sent:
        data = fork_wire.plain_report_to_wire(report, previous)
        assert data is not None
        previous = report.keywords
        copy, received = fork_wire.plain_report_from_wire(report.nodeid, report.location, data,
                                                          received)
        assert type(copy) is pytest.TestReport and copy.__dict__ == report.__dict__
    again = fork_wire.plain_report_to_wire(sent[2], sent[1].keywords)
    assert again is not None and again[2] is None


def test_other_reports_travel_whole() -> None:
    failed = pytest.TestReport("t.py::f", ("t.py", 0, "f"), {}, "failed", "boom", "call")
    skipped = pytest.TestReport("t.py::s", ("t.py", 0, "s"), {}, "skipped",
                                ("t.py", 1, "not today"), "setup")
    extra = pytest.TestReport("t.py::x", ("t.py", 0, "x"), {}, "passed", None, "call",
                              wasxfail="reason")
    assert [fork_wire.plain_report_to_wire(report, None)
            for report in (failed, skipped, extra)] == [None, None, None]
