"""Benchmark: ``export --png`` against rasterising the same PDF with pdftoppm.

Usage (from the repository root; pdftoppm from poppler-utils must be on PATH)::

    python benchmarks/bench_export.py                 # Licum, 300 dpi, medians of 3
    python benchmarks/bench_export.py --game charlie --dpi 150 --repeat 5

Both sides rasterise the same in-memory PDF (one page per distinct face, as ``export --png``
makes it) into one PNG file per face:

- **engine**: pypdfium2 + Pillow, in process, as ``export --png`` does (PNG zlib level 1); also
  at zlib level 6 (Pillow's default) for comparison;
- **pdftoppm**: ``pdftoppm -r DPI -png faces.pdf`` in a subprocess (its start-up included).

It also times the whole ``export_png`` call (loading, composing, the PDF, rasters, contact
sheets). Sides alternate so that the noise of a shared machine hits both alike.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printandplay.export.faces import distinct_faces, faces_pdf, rasterise  # noqa: E402
from printandplay.export.png import export_png  # noqa: E402
from printandplay.kit.assets import load_assets  # noqa: E402
from printandplay.planning.options import BuildOptions  # noqa: E402
from printandplay.planning.planner import KitPlanner  # noqa: E402
from printandplay.project import Resources  # noqa: E402


def engine(pdf: bytes, dpi: float, folder: Path, level: int) -> float:
    start = time.perf_counter()
    for number, image in enumerate(rasterise(pdf, dpi)):
        image.save(folder / f"face-{number:03d}.png", format="PNG", compress_level=level)
    return time.perf_counter() - start


def pdftoppm(pdf_file: Path, dpi: float, folder: Path) -> float:
    start = time.perf_counter()
    subprocess.run(["pdftoppm", "-r", f"{dpi:g}", "-png", str(pdf_file), str(folder / "face")],
                   check=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="licum")
    parser.add_argument("--dpi", type=float, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if shutil.which("pdftoppm") is None:
        sys.exit("pdftoppm not found (apt-get install poppler-utils)")
    resources = Resources.discover(ROOT)
    assets = load_assets(resources, args.game)
    faces, _ = distinct_faces(KitPlanner(assets, BuildOptions()), assets.game.components)
    pdf = faces_pdf(assets, [f.face for f in faces], with_bleed=False)
    times: dict[str, list[float]] = {"engine": [], "engine-z6": [], "pdftoppm": [],
                                     "export_png": []}
    with tempfile.TemporaryDirectory() as temp:
        base = Path(temp)
        pdf_file = base / "faces.pdf"
        pdf_file.write_bytes(pdf)
        for run in range(args.repeat):
            for side in times:
                folder = base / f"{side}-{run}"
                folder.mkdir()
                if side == "engine":
                    times[side].append(engine(pdf, args.dpi, folder, 1))
                elif side == "engine-z6":
                    times[side].append(engine(pdf, args.dpi, folder, 6))
                elif side == "pdftoppm":
                    times[side].append(pdftoppm(pdf_file, args.dpi, folder))
                else:
                    start = time.perf_counter()
                    export_png(resources, args.game, folder, args.dpi)
                    times[side].append(time.perf_counter() - start)
                size = sum(p.stat().st_size for p in folder.glob("*.png"))
                print(f"run {run + 1} {side:10} {times[side][-1]:6.2f} s "
                      f"{size / 1e6:6.1f} MB", file=sys.stderr)
                shutil.rmtree(folder)
    median = {side: statistics.median(values) for side, values in times.items()}
    count = len(faces)
    print(f"{args.game}: {count} distinct faces at {args.dpi:g} dpi, medians of {args.repeat}")
    for side, value in median.items():
        print(f"  {side:10} {value:6.2f} s  {count / value:6.1f} faces/s")
    print(f"  speed-up over pdftoppm: {median['pdftoppm'] / median['engine']:.2f}× "
          f"(zlib 6: {median['pdftoppm'] / median['engine-z6']:.2f}×; goal ≥ 2)")


if __name__ == "__main__":
    main()
