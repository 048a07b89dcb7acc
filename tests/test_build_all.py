"""``build all`` in forked workers (fonts and modules loaded once in the parent), and icons
checked at load but parsed only when used."""

from __future__ import annotations

import multiprocessing
import sys
import time
from pathlib import Path

import pytest
from helpers import copy_kit, replace_once
from small_games import add_small_game, install_small_games
from typer.testing import CliRunner

from printandplay.cli import app
from printandplay.cli.build_all import kit_weight
from printandplay.data.icons import IconLibrary
from printandplay.errors import DataError
from printandplay.project import Resources

runner = CliRunner()


def test_a_broken_kit_is_reported_and_the_others_are_built_identically(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """On small games (the mechanism is the same for every kit; ``test_cli`` builds the
    bundled kits with ``build all``): the installed data holds three, the current folder a
    broken copy of one of them, which wins."""
    install_small_games(tmp_path / "installed", monkeypatch, ["alpha", "beta", "gamma"])
    work = tmp_path / "work"
    broken = add_small_game(work, "beta")
    replace_once(broken, "\nname:", "\nnom: x\nname:")
    monkeypatch.chdir(work)
    result = runner.invoke(app, ["build", "all", "--out", str(tmp_path / "all")])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert errors and all(line.startswith("error: beta: ") for line in errors), errors
    assert "game.yaml" in errors[0] and "'nom'" in errors[0]
    built = sorted(p.name for p in (tmp_path / "all").glob("*.pdf"))
    games = [g for g in Resources.discover().game_ids() if g != "beta"]
    assert games == ["alpha", "gamma"]
    assert built == [f"{g}-a4.pdf" for g in games]
    # a kit built by a forked worker is byte for byte the kit built alone
    alone = runner.invoke(app, ["build", "gamma", "--out", str(tmp_path / "alone")])
    assert alone.exit_code == 0, alone.output
    assert ((tmp_path / "all" / "gamma-a4.pdf").read_bytes()
            == (tmp_path / "alone" / "gamma-a4.pdf").read_bytes())


def test_kit_weight_counts_the_kits_text_files(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    work = copy_kit("limits", tmp_path, monkeypatch)
    resources = Resources.discover(cwd=work)
    before = kit_weight(resources, "limits")
    assert before > 0
    with (work / "cards/limits/game.yaml").open("a", encoding="utf-8") as handle:
        handle.write("# " + "x" * 1000 + "\n")
    assert kit_weight(resources, "limits") == before + 1003
    assert kit_weight(resources, "no-such-game") == 0


SQUARE = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
          '<rect width="10" height="10"/></svg>')
OUTSIDE_SUBSET = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n'
                  '<text>A</text></svg>')


def icons(tmp_path: Path, **files: str) -> IconLibrary:
    folder = tmp_path / "templates" / "g"
    (folder / "icons").mkdir(parents=True)
    for name, text in files.items():
        (folder / "icons" / f"{name}.svg").write_text(text, encoding="utf-8")
    return IconLibrary([folder], lambda p: p.relative_to(tmp_path).as_posix())


def test_icons_are_checked_at_load_and_parsed_when_used(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    import printandplay.data.svg as svg

    parsed: list[str] = []
    real = svg.parse_svg

    def counting(text: str, *, source: str, icon_id: str) -> object:
        parsed.append(icon_id)
        return real(text, source=source, icon_id=icon_id)

    monkeypatch.setattr(svg, "parse_svg", counting)
    library = icons(tmp_path, carre=SQUARE, autre=SQUARE)
    library.load_all()
    assert parsed == []
    assert library.get("carre").view_box == (0.0, 0.0, 10.0, 10.0)
    assert library.get("carre") is library.get("carre")
    assert parsed == ["carre"]


def test_an_icon_outside_the_subset_fails_when_used_naming_its_line(tmp_path: Path) -> None:
    library = icons(tmp_path, texte=OUTSIDE_SUBSET)
    library.load_all()  # well-formed XML: the subset is checked when the icon is parsed
    with pytest.raises(DataError) as info:
        library.get("texte")
    assert str(info.value).startswith("templates/g/icons/texte.svg:2: ")


def test_a_used_icon_outside_the_subset_stops_the_build_before_the_pdf(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    work = copy_kit("charlie", tmp_path, monkeypatch)
    (work / "templates/charlie/icons/tv.svg").write_text(OUTSIDE_SUBSET, encoding="utf-8")
    previous = tmp_path / "out" / "charlie-a4.pdf"
    previous.parent.mkdir()
    previous.write_bytes(b"%PDF-previous")
    result = runner.invoke(app, ["build", "charlie", "--out", str(tmp_path / "out")])
    assert result.exit_code == 2, result.output
    assert "templates/charlie/icons/tv.svg:2:" in result.output
    assert previous.read_bytes() == b"%PDF-previous"


def test_without_fork_the_workers_load_everything_themselves(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Where there is no ``fork`` (macOS, Windows) the workers are spawned: same kits, byte for
    byte (small games in the current folder, which a spawned worker finds as well). The parent
    takes its kit only once the worker has taken one (it could otherwise build both before a
    spawned worker starts): the spawned worker builds a kit whatever the timing. With ``fork``,
    a worker alone builds the kit too (the parent leaves it nothing)."""
    import printandplay.cli.build_all as build_all
    from printandplay.planning.options import BuildOptions

    add_small_game(tmp_path, "petit")
    add_small_game(tmp_path, "second")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(build_all, "_cores", lambda: 2)
    real_back = build_all.KitQueue.back
    taken_by_parent: list[int | None] = []

    def back_once_the_worker_took_one(queue: build_all.KitQueue) -> int | None:
        """The parent's side (a spawned worker imports the class afresh, unpatched)."""
        deadline = time.monotonic() + 300
        while queue._ends[0] == 0 and time.monotonic() < deadline:
            time.sleep(0.005)
        taken_by_parent.append(real_back(queue))
        return taken_by_parent[-1]

    monkeypatch.setattr(build_all.KitQueue, "back", back_once_the_worker_took_one)
    for method, folder in (("spawn", tmp_path / "spawned"), ("fork", tmp_path / "forked")):
        taken_by_parent.clear()
        context = multiprocessing.get_context(method)
        monkeypatch.setattr(build_all, "_context", lambda context=context: context)
        build_all.build_all(["petit", "second"], BuildOptions(out_dir=folder))
        assert capsys.readouterr().out.split() == [str(folder / "petit-a4.pdf"),
                                                   str(folder / "second-a4.pdf")]
        # the two kits weigh the same: the worker took the first (petit), the parent the
        # other unless the worker was done with petit first
        assert taken_by_parent in ([1, None], [None]), (method, taken_by_parent)
    context = multiprocessing.get_context("fork")
    queue = build_all.KitQueue(context, 1)
    results = context.Queue()
    worker = context.Process(target=build_all._work_from_the_front, args=(
        ["petit"], queue, results, BuildOptions(out_dir=tmp_path / "worker"), None))
    worker.start()
    index, result, failure = results.get(timeout=300)
    assert (index, failure) == (0, "") and result[1] == str(tmp_path / "worker/petit-a4.pdf")
    assert results.get(timeout=300) is None
    worker.join()
    for name in ("petit-a4.pdf", "second-a4.pdf"):
        assert (tmp_path / "spawned" / name).read_bytes() == (tmp_path / "forked" / name
                                                              ).read_bytes()
    assert (tmp_path / "worker" / "petit-a4.pdf").read_bytes() == (
        tmp_path / "spawned" / "petit-a4.pdf").read_bytes()  # the spawned worker's kit


_BUILT_LOG: list[Path] = []  # where the fake build below writes (inherited by forked workers)


def _fake_build(game_id: str, options: object, icons_dir: Path | None = None
                ) -> tuple[str, str | None, str, list[str], list[str], int]:
    """A stand-in for ``build_one`` (module level: a spawned worker would pickle it by name)
    that notes its process, the collector's threshold for young objects and the kit."""
    import gc
    import os

    with _BUILT_LOG[-1].open("a", encoding="utf-8") as handle:
        handle.write(f"{os.getpid()} {gc.get_threshold()[0]} {game_id}\n")
    return game_id, f"/out/{game_id}.pdf", f"{game_id}: built", [], [], 0


def _fake_build_all(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cores: int = 2,
                    context: object = None) -> Path:
    """``build all`` with :func:`_fake_build` on ``cores`` cores, its workers from ``context``
    (default: forked); returns the log, one line ``pid threshold game`` per kit built."""
    import printandplay.cli.build_all as build_all

    log = tmp_path / "built.txt"
    made = context or multiprocessing.get_context("fork")
    monkeypatch.setattr(build_all, "build_one", _fake_build)
    monkeypatch.setattr(build_all, "_context", lambda: made)
    monkeypatch.setattr(build_all, "_cores", lambda: cores)
    monkeypatch.setattr(sys.modules[__name__], "_BUILT_LOG", [log])
    return log


def test_each_kit_is_built_once_the_smallest_by_the_parent_and_reported_in_game_order(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The workers take the kits largest first, the parent smallest first, each kit once;
    results come in the order of the ids given."""
    import os

    import printandplay.cli.build_all as build_all
    from printandplay.planning.options import BuildOptions

    log = _fake_build_all(tmp_path, monkeypatch)
    ids = ["charlie", "licum", "limits", "sorciers", "oups"]
    resources = Resources.discover()
    by_weight = sorted(ids, key=lambda game_id: -build_all.kit_weight(resources, game_id))
    build_all.build_all(ids, BuildOptions(out_dir=tmp_path))
    assert capsys.readouterr().out.split() == [f"/out/{g}.pdf" for g in ids]
    built = [line.split() for line in log.read_text(encoding="utf-8").splitlines()]
    assert sorted(game for _, _, game in built) == sorted(ids)  # each kit once
    by_parent = [game for pid, _, game in built if int(pid) == os.getpid()]
    by_workers = [game for pid, _, game in built if int(pid) != os.getpid()]
    assert by_parent == by_weight[::-1][:len(by_parent)]  # the smallest ones
    assert by_workers == by_weight[:len(by_workers)]  # the largest ones


def test_the_kit_queue_gives_each_kit_once_largest_from_the_front() -> None:
    from printandplay.cli.build_all import KitQueue

    queue = KitQueue(multiprocessing.get_context("fork"), 5)
    assert [queue.front(), queue.back(), queue.back(), queue.front()] == [0, 4, 3, 1]
    assert queue.back() == 2
    assert queue.front() is None and queue.back() is None
    closed = KitQueue(multiprocessing.get_context("fork"), 3)
    assert closed.front() == 0
    closed.close()  # (Ctrl-C: what is being built finishes, nothing else starts)
    assert closed.back() is None and closed.front() is None


class _CountingContext:
    """A start-method context that counts the processes it is asked to make."""

    def __init__(self) -> None:
        self.real = multiprocessing.get_context("fork")
        self.processes = 0

    def Process(self, **kwargs: object) -> object:  # noqa: N802 - the context's name
        self.processes += 1
        return self.real.Process(**kwargs)  # type: ignore[arg-type]

    def __getattr__(self, name: str) -> object:
        return getattr(self.real, name)


@pytest.mark.parametrize(("cores", "kits", "workers"),
                         [(1, 5, 0), (2, 5, 1), (4, 5, 3), (8, 5, 4), (4, 1, 0)])
def test_no_more_processes_than_cores(cores: int, kits: int, workers: int, tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    """One worker fewer than cores is started (the parent builds too), none for one kit."""
    import printandplay.cli.build_all as build_all
    from printandplay.planning.options import BuildOptions

    context = _CountingContext()
    log = _fake_build_all(tmp_path, monkeypatch, cores, context)
    ids = ["charlie", "licum", "limits", "sorciers", "oups"][:kits]
    build_all.build_all(ids, BuildOptions(out_dir=tmp_path))
    assert capsys.readouterr().out.split() == [f"/out/{g}.pdf" for g in ids]
    assert context.processes == workers
    assert len(log.read_text(encoding="utf-8").splitlines()) == kits


def _failing_build(game_id: str, options: object, icons_dir: Path | None = None) -> object:
    """A stand-in for ``build_one`` with a bug (module level: spawned workers import it)."""
    raise ZeroDivisionError(f"bug while building {game_id}")


def test_a_bug_in_a_worker_is_raised_by_the_parent(monkeypatch: pytest.MonkeyPatch,
                                                     tmp_path: Path) -> None:
    """An unexpected error in a worker (not bad input: a bug) stops ``build all`` with the
    worker's traceback, as a process pool would, instead of waiting forever."""
    import printandplay.cli.build_all as build_all
    from printandplay.planning.options import BuildOptions

    _fake_build_all(tmp_path, monkeypatch)
    real = build_all.build_one
    parent = __import__("os").getpid()

    marker = tmp_path / "worker-started"

    def build(game_id: str, options: object, icons_dir: Path | None = None) -> object:
        if __import__("os").getpid() != parent:
            marker.touch()
            return _failing_build(game_id, options, icons_dir)
        while not marker.exists():  # (the parent leaves the worker a kit)
            __import__("time").sleep(0.01)
        return _fake_build(game_id, options, icons_dir)

    monkeypatch.setattr(build_all, "build_one", build)
    assert real is not build
    with pytest.raises(RuntimeError, match="ZeroDivisionError: bug while building"):
        build_all.build_all(["charlie", "licum", "limits", "sorciers", "oups"],
                            BuildOptions(out_dir=tmp_path))


def test_the_process_ends_without_collecting_what_it_made(tmp_path: Path) -> None:
    """The console script freezes what exists when the process ends (``atexit``): Python's
    last collection then skips everything a build made (0.2-0.3 s after ``build all``). Shown
    on ``--help`` (the freeze is registered before any command runs; ``games`` loaded the five
    bundled games for it, 0.24 s against 0.08): everything that existed when the command
    started is frozen at the end."""
    import subprocess

    # a marker made before the command runs: gone from the collector's objects once frozen
    # (gc.get_objects() lists no frozen object); counting objects before and after would
    # depend on what the collector frees in between
    code = ("import atexit, gc, sys\n"
            "class Marker: pass\n"
            "marker = Marker()\n"
            "atexit.register(lambda: print('frozen', gc.get_freeze_count(), 'marker', "
            "any(o is marker for o in gc.get_objects()), file=sys.stderr))\n"
            "sys.argv = ['printandplay', '--help']\n"
            "from printandplay.cli import main\n"
            "print('before', any(o is marker for o in gc.get_objects()), file=sys.stderr)\n"
            "main()\n")
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=tmp_path, env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"},
                          check=False)
    assert done.returncode == 0, done.stderr
    frozen = [line for line in done.stderr.splitlines() if line.startswith("frozen ")]
    assert frozen and int(frozen[-1].split()[1]) > 10_000, done.stderr
    before = [line for line in done.stderr.splitlines() if line.startswith("before ")]
    assert before == ["before True"], done.stderr  # tracked while the command runs…
    assert frozen[-1].split()[2:] == ["marker", "False"], done.stderr  # …frozen at the end


def test_the_shared_loading_runs_without_the_collector(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    """What is loaded before the kits start (the other cores wait) runs with the cyclic
    collector off; it is on again afterwards, as it was."""
    import gc

    import printandplay.cli.build_all as build_all
    import printandplay.kit.assets as assets
    from printandplay.planning.options import BuildOptions

    seen: list[bool] = []
    monkeypatch.setattr(assets, "preload_shared", lambda *args: seen.append(gc.isenabled()))
    monkeypatch.setattr(build_all, "build_one", _fake_build)
    monkeypatch.setattr(build_all, "_cores", lambda: 1)
    monkeypatch.setattr(sys.modules[__name__], "_BUILT_LOG", [tmp_path / "built.txt"])
    assert gc.isenabled()
    build_all.build_all(["charlie", "licum"], BuildOptions(out_dir=tmp_path))
    assert seen == [False]
    assert gc.isenabled()
    assert capsys.readouterr().out.split() == ["/out/charlie.pdf", "/out/licum.pdf"]


def test_kits_are_built_with_a_high_threshold_for_young_objects(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """In every process of ``build all`` the threshold stays high between kits (putting the
    usual one back after each kit set off a collection of everything it made); it is the
    usual one again afterwards. A single build loads its game under the high threshold too."""
    import gc

    import printandplay.cli.build_all as build_all
    import printandplay.kit.build as build
    from printandplay.planning.options import BuildOptions

    log = _fake_build_all(tmp_path, monkeypatch)
    before = gc.get_threshold()
    ids = ["charlie", "licum", "limits", "sorciers", "oups"]
    build_all.build_all(ids, BuildOptions(out_dir=tmp_path))
    assert gc.get_threshold() == before
    capsys.readouterr()
    thresholds = [int(line.split()[1]) for line in log.read_text(encoding="utf-8").splitlines()]
    assert len(thresholds) == len(ids) and min(thresholds) >= 50_000

    seen: list[int] = []
    real = build.load_assets

    def loading(*args: object) -> object:
        seen.append(gc.get_threshold()[0])
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(build, "load_assets", loading)
    add_small_game(tmp_path / "small", "petit")  # (any game shows it: a small one)
    build.build_kit(Resources.discover(cwd=tmp_path / "small"), "petit",
                    BuildOptions(out_dir=tmp_path / "one"))
    assert seen and seen[0] >= 50_000 and gc.get_threshold() == before


class _EndingWorker:
    """A worker that ends when the parent waits on its sentinel (no real process)."""

    def __init__(self, name: str) -> None:
        self.sentinel = name
        self.alive = True
        self.joined = False

    def is_alive(self) -> bool:
        return self.alive

    def join(self) -> None:
        assert not self.alive
        self.joined = True


def test_the_parent_waits_for_its_workers_on_their_sentinels(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``build all`` waits for its workers' end on their sentinels (woken when they end), not
    by reading the results with a timeout (which added up to its whole period to every run);
    what the workers still put is read meanwhile."""
    import multiprocessing.connection
    import queue

    import printandplay.cli.build_all as build_all

    workers = [_EndingWorker("a"), _EndingWorker("b")]
    results: queue.Queue[object] = queue.Queue()
    results.put(None)
    waited: list[tuple[list[object], float | None]] = []

    def wait(objects: list[object], timeout: float | None = None) -> list[object]:
        waited.append((list(objects), timeout))
        ending = next(w for w in workers if w.sentinel == objects[0])
        ending.alive = False
        results.put("late")  # put before it ended: read too
        return [objects[0]]

    monkeypatch.setattr(multiprocessing.connection, "wait", wait)
    build_all._join(workers, results, poll=3600)  # type: ignore[arg-type]
    assert waited == [(["a", "b"], 3600), (["b"], 3600)]
    assert results.empty()
    assert all(w.joined for w in workers)


def _put_a_lot(results: object) -> None:
    for _ in range(64):
        results.put("x" * 4096)  # type: ignore[attr-defined]


def test_a_worker_that_filled_its_pipe_ends_once_the_parent_read_it() -> None:
    """More than a pipe holds, put by a worker that then ends: the parent reads it while it
    waits (the worker could not end before), and both end."""
    import printandplay.cli.build_all as build_all

    context = build_all._context()
    results = context.Queue()
    worker = context.Process(target=_put_a_lot, args=(results,), daemon=True)
    worker.start()
    build_all._join([worker], results)
    assert worker.exitcode == 0
