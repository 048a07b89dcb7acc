"""Benchmark: ``printandplay serve`` — the gallery's first cards, and a deck's validation.

Usage (from the repository root)::

    python benchmarks/bench_serve.py                 # Licum, 30 validations
    python benchmarks/bench_serve.py --validations 100 --browser

Starts the real server (uvicorn on 127.0.0.1, this checkout's package) on a thread, with an
empty output folder, and measures over HTTP (real sockets, ``urllib``):

- the first build: ``GET /api/games/licum/cards`` while no face is drawn yet (the gallery's
  PNGs are drawn, once per state of the game's files);
- the first cards after the first build, in a server started afresh over the same output
  folder (as after a restart) and in the running one: the page, its script, the cards'
  JSON and the first 12 PNGs; with ``--browser``, also in headless Chromium (if installed):
  from navigation to 12 card images drawn on the page;
- a validation: ``POST /api/games/licum/validate`` of the Rouges starter deck (import first),
  median and 95th percentile of ``--validations`` requests.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printandplay.project import Resources  # noqa: E402
from printandplay.serve.server import BackgroundServer, bind_port, make_server  # noqa: E402

FIRST = 12  # card images counted as "the first cards"
GOAL_FIRST = 1.0  # s
GOAL_VALIDATE = 0.050  # s


def get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=120) as response:
        body: bytes = response.read()
        return body


def post(url: str, data: Any) -> Any:
    request = urllib.request.Request(url, json.dumps(data).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=120) as response:
        return json.loads(response.read())


def first_cards(base: str) -> float:
    """Seconds from the page's request to the first :data:`FIRST` card images received."""
    start = time.perf_counter()
    get(f"{base}/games/licum")
    get(f"{base}/static/serve.js")
    cards = json.loads(get(f"{base}/api/games/licum/cards"))["cards"]
    for card in cards[:FIRST]:
        get(base + card["faces"]["front"])
    return time.perf_counter() - start


def serving(resources: Resources, out: Path) -> tuple[BackgroundServer, str]:
    listener = bind_port(0)  # a free port, bound before the server runs
    port = listener.getsockname()[1]
    server = BackgroundServer(make_server(resources, ["licum"], out, port), listener)
    server.start()
    return server, f"http://127.0.0.1:{port}"


def browser_first_cards(base: str) -> float | None:
    """Seconds, in headless Chromium, from navigation to :data:`FIRST` images drawn."""
    if not Path("/usr/bin/chromium").is_file() or not Path("/usr/bin/chromedriver").is_file():
        return None
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"):
        options.add_argument(flag)
    options.binary_location = "/usr/bin/chromium"
    driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
    try:
        driver.get(f"{base}/")  # (the browser started; its first page aside)
        start = time.perf_counter()
        driver.get(f"{base}/games/licum")
        while driver.execute_script(
                "return [...document.querySelectorAll('#gallery img')].slice(0, arguments[0])"
                ".filter(i => i.complete && i.naturalWidth).length", FIRST) < FIRST:
            time.sleep(0.005)
        return time.perf_counter() - start
    finally:
        driver.quit()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--validations", type=int, default=30)
    parser.add_argument("--browser", action="store_true", help="also time it in Chromium")
    args = parser.parse_args(argv)
    resources = Resources.discover(ROOT)
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "out"
        server, base = serving(resources, out)
        start = time.perf_counter()
        cards = json.loads(get(f"{base}/api/games/licum/cards"))["cards"]
        first_build = time.perf_counter() - start
        warm = min(first_cards(base) for _ in range(3))
        text = (ROOT / "cards" / "licum" / "decks" / "rouges.txt").read_text(encoding="utf-8")
        deck = post(f"{base}/api/games/licum/import", {"text": text})["deck"]
        payload = {"headers": deck["headers"], "cards": deck["cards"], "name": "rouges"}
        times = []
        for _ in range(args.validations):
            start = time.perf_counter()
            report = post(f"{base}/api/games/licum/validate", payload)
            times.append(time.perf_counter() - start)
        assert report["valid"], report
        in_browser = browser_first_cards(base) if args.browser else None
        server.stop()
        again, base = serving(resources, out)  # a restart: the faces are on disk
        restarted = first_cards(base)
        again.stop()
    times.sort()
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    print(f"Licum: {len(cards)} cards")
    print(f"first build (cards' JSON, faces drawn): {first_build:.2f} s")
    print(f"first {FIRST} cards after it, server restarted: {restarted * 1000:.0f} ms; "
          f"running server: {warm * 1000:.0f} ms (goal < {GOAL_FIRST:g} s)")
    if in_browser is not None:
        print(f"first {FIRST} cards drawn in Chromium: {in_browser * 1000:.0f} ms")
    print(f"validation ({len(times)} requests): median {statistics.median(times) * 1000:.1f} ms, "
          f"95th percentile {p95 * 1000:.1f} ms (goal < {GOAL_VALIDATE * 1000:.0f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
