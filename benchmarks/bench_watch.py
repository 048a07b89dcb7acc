"""Benchmark: ``printandplay watch`` — one edited Licum card → PDF rewritten.

Usage (from the repository root)::

    python benchmarks/bench_watch.py              # 7 edits, median
    python benchmarks/bench_watch.py --edits 15

Copies Licum (cards and templates) into a temporary folder, starts the real command
(``python -m printandplay watch licum --out …``) there, waits for the first build, then edits the
text of one card (alternating two versions) and measures, for each edit, the time from the
file's write to the PDF being replaced (a new inode: the build writes a temporary file and
renames it). That includes the file event (watchfiles, 50 ms debounce), loading the changed
YAML, composing the one changed face, and writing the whole PDF. Also prints the rebuild time
the command reports (from the event to the PDF).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CARD = Path("cards/licum/bleus.yaml")
TEXTS = ("+1 PERSONNALITÉ.", "+2 PERSONNALITÉ.")
GOAL = 0.300


def wait_for(predicate: object, timeout: float) -> None:
    end = time.perf_counter() + timeout
    while not predicate():  # type: ignore[operator]
        if time.perf_counter() > end:
            raise TimeoutError("no rebuild")
        time.sleep(0.002)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--edits", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        base = Path(temp)
        for part in ("cards", "templates"):
            shutil.copytree(ROOT / part / "licum", base / part / "licum")
        pdf = base / "out" / "licum-a4.pdf"
        env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
        log = (base / "log").open("w")
        process = subprocess.Popen([sys.executable, "-m", "printandplay", "watch", "licum",
                                    "--out", str(base / "out")], cwd=base, env=env,
                                   stdout=log, stderr=subprocess.STDOUT)
        try:
            wait_for(pdf.exists, 60)
            time.sleep(1.0)  # let the watcher start
            card = base / CARD
            times = []
            for edit in range(args.edits):
                old, new = TEXTS[edit % 2], TEXTS[(edit + 1) % 2]
                inode = pdf.stat().st_ino
                text = card.read_text(encoding="utf-8").replace(old, new, 1)
                start = time.perf_counter()
                card.write_text(text, encoding="utf-8")
                wait_for(lambda i=inode: pdf.exists() and pdf.stat().st_ino != i, 30)
                times.append(time.perf_counter() - start)
                time.sleep(0.5)
        finally:
            process.terminate()
            process.wait()
            log.close()
        output = (base / "log").read_text(encoding="utf-8")
    reported = [float(s) for s in re.findall(r"reused, ([\d.]+) s\)", output)[1:]]
    composed = re.findall(r"\((\d+) faces composed", output)[1:]
    print(f"edit → PDF replaced, {len(times)} edits: median {statistics.median(times) * 1000:.0f} "
          f"ms, min {min(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms "
          f"(goal ≤ {GOAL * 1000:.0f} ms)")
    if reported:
        print(f"rebuild as reported by watch: median {statistics.median(reported) * 1000:.0f} ms;"
              f" faces composed per edit: {', '.join(composed)}")


if __name__ == "__main__":
    main()
