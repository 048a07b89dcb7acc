"""A build's memory does not grow with the number of cards (pages are composed and written one
at a time): the peak resident memory of two builds, of 100 and 800 cards, each in a process of its own
(forked from one fresh interpreter).

Nothing is timed. Before pages were streamed, a card cost ~11 KB of peak memory (a build
composed every face before writing the first page); then ~3–4 KB, most of it ReportLab's
pages, kept until the file was saved. Now finished pages are packed (a few hundred bytes each,
their content on disk) and the file written object by object; between 100 and 800 cards the
peak still grows ~4 KB per card while the bounded caches (measured words, widths, numbers)
fill, so the two in-process tests at the end guard the per-page and per-card costs exactly."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import bench_module

ROOT = Path(__file__).resolve().parents[1]

SMALL, LARGE = 100, 800
GROWTH_MAX_KB = 5 * 1024  # allowed growth of the peak from SMALL to LARGE cards

# The peak of each build's process (VmHWM; ru_maxrss would also count the parent's memory when
# the child was forked from a large pytest process before it ran Python). One fresh interpreter
# imports the package, then forks a child per build: both builds start from the same memory
# (the interpreter and its imports, counted in both peaks, so not in their difference), and the
# interpreter starts once instead of twice. Without fork, each build runs in a process of its own.
_CHILD = """
import os, resource, sys
from pathlib import Path
from printandplay.kit.build import BuildOptions, build_game
from printandplay.project import Resources

def build(folder):
    build_game(Resources((Path(folder),)), "bench", BuildOptions(out_dir=Path(sys.argv[1])
                                                                 / Path(folder).name))
    try:
        status = open("/proc/self/status").read().split("VmHWM:")[1]
        return int(status.split()[0])
    except (OSError, IndexError):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

for folder in sys.argv[2:]:
    if not hasattr(os, "fork"):
        print(build(folder))
        continue
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        code = 1
        try:
            os.write(write, str(build(folder)).encode())
            code = 0
        finally:
            os._exit(code)
    os.close(write)
    peak = os.read(read, 64).decode()
    os.close(read)
    assert os.waitid(os.P_PID, pid, os.WEXITED).si_status == 0, folder
    print(peak)
"""


def _peak_kb(folders: list[Path], out: Path) -> list[int]:
    """The peak resident memory (KB) of a build of each game folder (see ``_CHILD``)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    done = subprocess.run([sys.executable, "-c", _CHILD, str(out), *map(str, folders)],
                          capture_output=True, text=True, check=False, env=env)
    assert done.returncode == 0, done.stderr
    peaks = [int(line) for line in done.stdout.split()]
    assert len(peaks) == len(folders), done.stdout
    return peaks


@pytest.fixture(scope="module")
def bench_games(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Path]:
    """The benchmark's synthetic game of SMALL and of LARGE cards, written once for the
    module (writing 800 cards takes ~0.4 s)."""
    bench = bench_module()
    games = {}
    for n in (SMALL, LARGE):
        folder = tmp_path_factory.mktemp(f"bench-{n}")
        written = bench.write_game(folder, n)  # type: ignore[attr-defined]
        assert written["copies"] == n
        games[n] = folder
    return games


def test_peak_memory_is_flat_in_the_number_of_cards(bench_games: dict[int, Path],
                                                     tmp_path: Path) -> None:
    peaks = dict(zip((SMALL, LARGE), _peak_kb([bench_games[SMALL], bench_games[LARGE]],
                                                tmp_path), strict=True))
    for folder in bench_games.values():
        assert any((tmp_path / folder.name).glob("*.pdf"))
    growth = peaks[LARGE] - peaks[SMALL]
    assert growth < GROWTH_MAX_KB, (
        f"peak memory grew by {growth} KB from {SMALL} to {LARGE} cards "
        f"({growth / (LARGE - SMALL):.1f} KB per card; peaks {peaks})")


# In-process guards, measured with tracemalloc (what Python allocates, not the RSS): exact
# enough to tell a few hundred bytes per page or per card, and nothing is timed.


@pytest.fixture(autouse=True)
def default_garbage_collection(python_gc_thresholds: None) -> None:
    """Python's own collector thresholds while a guard measures (``python_gc_thresholds``), so
    that the garbage a build leaves counts as it would for a user: short-lived."""


PAGE_MAX_BYTES = 250  # kept per finished page until the PDF is saved (measured: 75; ReportLab kept ~7 KB)
COMPONENT_MAX_BYTES = 1_000  # kept per loaded card (before issue 15's work: ~1,350)


def _faces(fonts: object, page: int) -> list[object]:
    from printandplay.model.ops import Face, RectOp, TextOp
    from printandplay.model.shapes import Rectangle

    font = fonts.select("body", False, False)  # type: ignore[attr-defined]
    return [Face(180, 252, 8.5, Rectangle(), (
        RectOp(0, 0, 180, 252, fill=(0.9, 0.9, 0.8)),
        TextOp(10, 200, f"Carte {page}-{slot}", font, 12, (0.1, 0.1, 0.1)),
        TextOp(10, 100, f"Texte de la carte {page * 9 + slot}", font, 9, (0.1, 0.1, 0.1)),
    )) for slot in range(9)]


def test_finished_pages_keep_little_memory_until_saved(tmp_path: Path) -> None:
    import tracemalloc

    from printandplay.kit.assets import load_assets
    from printandplay.model.game import Size
    from printandplay.model.ops import Placement
    from printandplay.project import Resources
    from printandplay.render.pdf import PdfWriter

    assets = load_assets(Resources((ROOT,)), "charlie")
    writer = PdfWriter(tmp_path / "pages.pdf", assets.icons, title="t",
                       images=assets.images)
    size = Size(595.28, 841.89)

    def write(first: int, count: int) -> None:
        for page in range(first, first + count):
            faces = _faces(assets.fonts, page)
            writer.page(size, (), [Placement(face, 20 + 190 * (i % 3), 20 + 262 * (i // 3),  # type: ignore[arg-type]
                                             None, uses=1) for i, face in enumerate(faces)])

    write(0, 20)  # fonts, forms and caches settle
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        write(20, 100)
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    writer.save()
    assert kept / 100 < PAGE_MAX_BYTES, f"{kept / 100:.0f} bytes kept per page"


# The LARGE game (800 cards, 602 distinct) is enough to weigh a card: what a load keeps besides
# its cards is ~5 KB (measured: 596,789 bytes kept for 769 cards, 1,172,004 for 1,517: 769 bytes
# a card, ~5.4 KB fixed), ~9 bytes per card here against ~4 with 2,000 cards, and the bound is
# 1,000. (Writing 2,000 cards took 1.1 s of the test's 1.8.)
def _weigh_loaded_game(folder: Path) -> dict[str, Any]:
    """Load the game ``bench`` of ``folder`` under tracemalloc: the bytes it keeps once its
    garbage is collected, its number of components and where its first card's text is."""
    import gc
    import tracemalloc

    from printandplay.data.game_loader import load_game
    from printandplay.data.yamlio import parse_cache
    from printandplay.project import Resources

    gc.collect()
    tracemalloc.start()
    try:
        with parse_cache(None):  # what a build keeps, not the test session's shared parses
            game = load_game(Resources((folder,)), "bench")
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    return {"kept": kept, "components": len(game.components),
            "where": str(game.components[0].where("texte"))}


def _weigh_in_child(folder: Path) -> dict[str, Any]:
    """:func:`_weigh_loaded_game` in a forked child whose inherited objects are frozen first:
    its collections then walk the load's objects only, not everything the test session holds
    (two full collections took ~1 s in a worker that had run many tests, against a few
    milliseconds alone). What tracemalloc counts does not change: only blocks allocated while
    it traces. The session's own collector is left as it was. Without fork: in process."""
    import gc
    import json

    if not hasattr(os, "fork"):
        return _weigh_loaded_game(folder)
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child's coverage is not reported
        os.close(read)
        code = 1
        try:
            gc.freeze()
            os.write(write, json.dumps(_weigh_loaded_game(folder)).encode())
            code = 0
        finally:
            os._exit(code)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        answer = pipe.read()
    status = os.waitid(os.P_PID, pid, os.WEXITED)  # None only with WNOHANG
    assert status is not None and status.si_status == 0, "the weighing child failed"
    weighed: dict[str, Any] = json.loads(answer)
    return weighed


def test_loaded_cards_are_compact(bench_games: dict[int, Path]) -> None:
    weighed = _weigh_in_child(bench_games[LARGE])
    per_card = weighed["kept"] / weighed["components"]
    assert weighed["components"] > 500
    assert per_card < COMPONENT_MAX_BYTES, f"{per_card:.0f} bytes per loaded card"
    assert weighed["where"].startswith("cards/bench/cartes.yaml:")  # still located
