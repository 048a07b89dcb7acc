"""A build's memory does not grow with the number of cards (pages are composed and written one
at a time): the peak resident memory of two builds, of 100 and 800 cards, in fresh processes.

Nothing is timed. Before pages were streamed, a card cost ~11 KB of peak memory (a build
composed every face before writing the first page); now ~3–4 KB, most of it ReportLab's
compressed pages, kept until the file is saved."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SMALL, LARGE = 100, 800
GROWTH_MAX_KB = 5 * 1024  # allowed growth of the peak from SMALL to LARGE cards

# The peak of this process (VmHWM; ru_maxrss would also count the parent's memory when the
# child was forked from a large pytest process before it ran Python).
_CHILD = """
import resource, sys
from pathlib import Path
from printandplay.build import BuildOptions, build_game
from printandplay.project import Resources
build_game(Resources((Path(sys.argv[1]),)), "bench", BuildOptions(out_dir=Path(sys.argv[2])))
try:
    status = open("/proc/self/status").read().split("VmHWM:")[1]
    print(int(status.split()[0]))
except (OSError, IndexError):
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def _bench_module() -> object:
    spec = importlib.util.spec_from_file_location("bench_build",
                                                  ROOT / "benchmarks" / "bench_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _peak_kb(folder: Path) -> int:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    done = subprocess.run([sys.executable, "-c", _CHILD, str(folder), str(folder / "out")],
                          capture_output=True, text=True, check=False, env=env)
    assert done.returncode == 0, done.stderr
    return int(done.stdout.split()[-1])


def test_peak_memory_is_flat_in_the_number_of_cards(tmp_path: Path) -> None:
    bench = _bench_module()
    peaks = {}
    for n in (SMALL, LARGE):
        folder = tmp_path / str(n)
        written = bench.write_game(folder, n)  # type: ignore[attr-defined]
        assert written["copies"] == n
        peaks[n] = _peak_kb(folder)
        assert any((folder / "out").glob("*.pdf"))
    growth = peaks[LARGE] - peaks[SMALL]
    assert growth < GROWTH_MAX_KB, (
        f"peak memory grew by {growth} KB from {SMALL} to {LARGE} cards "
        f"({growth / (LARGE - SMALL):.1f} KB per card; peaks {peaks})")
