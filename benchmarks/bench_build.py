"""Benchmark: the real build engine against hand-written ReportLab scripts (the floors).

Usage (from the repository root, in the project's environment)::

    python benchmarks/bench_build.py                       # N = 1,000 and 10,000, kits, start-up
    python benchmarks/bench_build.py --cards 1000 --repeat 1 --skip-kits --skip-startup
    python benchmarks/bench_build.py --cards 100000 --repeat 1 --skip-kits --skip-startup
    python benchmarks/bench_build.py --cards 100000 --repeat 1 --skip-kits --skip-startup \
        --sides engine                                     # the engine alone (no floors)
    python benchmarks/bench_build.py --variant default --variant fit   # + texts that must shrink
    python benchmarks/bench_build.py --protograf /tmp/pgvenv/bin/python   # + protograf (optional)
    python benchmarks/bench_build.py --json > results.json
    python benchmarks/bench_build.py --cards 10000 --profile /tmp/prof   # + a cProfile run
    python benchmarks/bench_build.py --engine-path ../old/checkout   # another engine vs the floors

For each N it writes a synthetic game of N poker cards as YAML in a temporary folder
(``cards/bench/``: game.yaml + cartes.yaml, ``templates/bench/``: layouts.yaml, an SVG icon and
a shared JPEG art image, ``fonts/fonts.yaml``), builds it with the real engine
(``printandplay.kit.build.build_game`` of this checkout: templates, layout, text fitting, icons,
images, backs, crop marks), and draws the same cards with two ReportLab scripts: the competent
floor (the card-independent parts of the layout and the back as forms, copies as forms, text
shrunk until it fits) and the naive floor (everything drawn in full, no fitting). Each side runs
in its own process (peak memory = that process's VmHWM); the time counted is from the start of
the work to the saved PDF (imports excluded; the engine's time includes reading and checking
the YAML). Medians of ``--repeat`` runs. See benchmarks/README.md.

It also times the real kits (``printandplay build GAME`` for every game, then ``printandplay
build all``) and the start-up of the command line.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GAME = "bench"
MM = 72 / 25.4

# Goals of issue 15, against the competent floor
GOAL_SPEED = 2.0  # engine cards/s ≥ 2 × floor (at 1,000 and 10,000 cards)
GOAL_MEMORY = 1.2  # engine peak ≤ 1.2 × floor (at 100,000 cards) …
GOAL_MEMORY_MB = 200  # … and under 200 MB
GOAL_SIZE = 1.1  # engine bytes/card ≤ 1.1 × floor
# linear in N: time per card at the largest N at most 10 % over that at the smallest (a fixed
# cost spread over more cards makes it fall below 1.0: that is not growth), and, with three
# sizes or more, the cost of each added card (the slope between consecutive sizes) within
# ±10 % of the first slope
GOAL_LINEAR = 0.10
GOAL_STARTUP = 0.2  # seconds
SIDES = ("floor", "naive", "engine")
CARDS_PER_FILE = 10_000  # synthetic cards per YAML file of components  # floor = the competent floor; naive = the naive one

# ---------------------------------------------------------------------------------------------
# The synthetic game
# ---------------------------------------------------------------------------------------------

_SYLLABLES = (
    "ba", "be", "bi", "bo", "bu", "ca", "ce", "ci", "co", "cu", "da", "de", "di", "do", "du",
    "fa", "fe", "fi", "fo", "ga", "ge", "go", "gu", "la", "le", "li", "lo", "lu", "ma", "me",
    "mi", "mo", "mu", "na", "ne", "ni", "no", "nu", "pa", "pe", "pi", "po", "pu", "ra", "re",
    "ri", "ro", "ru", "sa", "se", "si", "so", "su", "ta", "te", "ti", "to", "tu", "va", "ve",
    "vi", "vo", "vé", "lé", "ré", "té", "dé", "gné", "chou", "tion", "ment", "eur", "ance",
)
_SHORT = (
    "le", "la", "les", "un", "une", "de", "du", "des", "et", "à", "en", "au", "sur", "par",
    "pour", "avec", "sans",
)

GEM_SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <polygon points="32,4 58,24 32,60 6,24" fill="currentColor"/>
  <polygon points="32,4 44,24 32,60 20,24" fill="#ffffff" fill-opacity="0.35"/>
  <path d="M 6 24 L 58 24" stroke="#ffffff" stroke-width="2" fill="none"/>
</svg>
"""

GAME_YAML = """name: Banc d'essai
players: {min: 2, max: 4}
language: fr
colors:
  accent: "#4b2a86"
  encre: "#2a1f33"
  creme: "#fff8ea"
  or: "#f3c94a"
kinds:
  carte:
    label: Carte
    size: poker
    front: carte
    back: dos
    fields:
      titre: {type: text}
      texte: {type: rich}
      cout: {type: int}
components:
  - cartes.yaml
kit:
  - sheet: [carte]
    title: Cartes
"""

LAYOUTS_YAML = """layouts:
  carte:
    boxes:
      fond: {fill: creme, bleed: true}
      cadre: {x: 2mm, y: 2mm, width: 59mm, height: 84mm, stroke: encre, stroke_width: 0.8pt,
              radius: 3mm}
      bandeau: {x: 3mm, y: 3mm, width: 57mm, height: 9mm, fill: accent, radius: 1.5mm}
      titre: {x: 4.5mm, y: 3.5mm, width: 45mm, height: 8mm, bold: true, size: 12, min_size: 8,
              valign: middle, color: "#ffffff", text: "{{ card.titre }}"}
      cout: {x: 50mm, y: 3.5mm, width: 9mm, height: 8mm, bold: true, size: 13, align: center,
             valign: middle, color: or, text: "{{ card.cout }}"}
      art: {x: 4mm, y: 13mm, width: 55mm, height: 39mm, image: art.jpg}
      texte: {x: 4mm, y: 54mm, width: 55mm, height: 27mm, size: 9, min_size: 6, color: encre,
              text: "{{ card.texte }}"}
      numero: {x: 4mm, y: 81mm, width: 55mm, height: 4mm, size: 6, align: right,
               text: "{{ card.id }}"}
  dos:
    boxes:
      fond: {fill: accent, bleed: true}
      cadre: {x: 2mm, y: 2mm, width: 59mm, height: 84mm, stroke: or, stroke_width: 0.8pt,
              radius: 3mm}
      embleme: {x: 16mm, y: 28mm, width: 31mm, height: 31mm, icon: gemme, color: or}
"""

FONTS_YAML = """roles:
  body:
    regular: {package: font_roboto, file: files/Roboto-Regular.ttf}
    bold: {package: font_roboto, file: files/Roboto-Bold.ttf}
    licence: Apache-2.0
"""


def _vocabulary(rng: random.Random, size: int = 700) -> list[str]:
    words: set[str] = set()
    while len(words) < size:
        words.add("".join(rng.choice(_SYLLABLES) for _ in range(rng.choice((1, 2, 2, 3, 3, 4)))))
    return sorted(words)


# words per rules text: the default texts mostly fit at 9 pt; the "fit" variant's texts are
# long enough that most must shrink (the text-fitting path is measured, not skipped)
WORDS = {"default": (12, 28), "fit": (34, 52)}


def synthetic_cards(n: int, seed: int = 7, variant: str = "default") -> list[dict[str, Any]]:
    """About ``n`` copies: mostly distinct cards, ~15 % of them in 2–4 copies.

    Each text is a list of tokens: ``("w", word)``, ``("b", words)`` (bold), ``("i", None)``
    (the inline icon), ``("p", mark)`` (punctuation glued to the previous word)."""
    rng = random.Random(seed)
    vocab = _vocabulary(rng)
    weights = [1 / (rank + 1) ** 0.8 for rank in range(len(vocab))]  # Zipf-like, as in real texts
    # summed once (``choices`` with ``weights`` sums all 700 of them at each call: 0.27 s of
    # the 0.35 s it took to make 100 and 800 cards); the same draws
    cum_weights = list(itertools.accumulate(weights))
    cards = []
    total = 0
    index = 0
    while total < n:
        index += 1
        count = 1 if rng.random() < 0.85 else rng.randint(2, 4)
        count = min(count, n - total)
        tokens: list[tuple[str, Any]] = []
        for _ in range(rng.randint(*WORDS[variant])):
            roll = rng.random()
            if roll < 0.12:
                tokens.append(("w", rng.choice(_SHORT)))
            elif roll < 0.19:
                tokens.append(("b", " ".join(rng.choices(vocab, cum_weights=cum_weights,
                                                         k=rng.randint(1, 2)))))
            elif roll < 0.23:
                tokens.append(("i", None))
            else:
                tokens.append(("w", rng.choices(vocab, cum_weights=cum_weights)[0]))
            if rng.random() < 0.06 and tokens[-1][0] != "i":
                tokens.append(("p", rng.choice((",", ".", " :", " !"))))
        tokens.append(("p", "."))
        title = " ".join(rng.choices(vocab, cum_weights=cum_weights,
                                     k=rng.randint(1, 3))).capitalize()
        cards.append({"id": f"BEN-{index:05d}", "titre": title, "cout": rng.randint(0, 12),
                      "count": count, "tokens": tokens})
        total += count
    return cards


def engine_markup(tokens: list[tuple[str, Any]]) -> str:
    out = ""
    for kind, value in tokens:
        piece = {"w": value, "b": f"**{value}**", "i": ":gemme:"}.get(kind, "")
        if kind == "p":
            out += value
        else:
            out += (" " if out else "") + piece
    return out


def floor_markup(tokens: list[tuple[str, Any]], icon: str) -> str:
    out = ""
    img = f'<img src="{icon}" width="9" height="9" valign="-1.5"/>'
    for kind, value in tokens:
        piece = {"w": value, "b": f"<b>{value}</b>", "i": img}.get(kind, "")
        if kind == "p":
            out += value
        else:
            out += (" " if out else "") + piece
    return out


def _yaml_str(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a valid YAML scalar


def write_game(folder: Path, n: int, variant: str = "default") -> dict[str, Any]:
    """Write the synthetic game (and the floor's own inputs); returns what was written."""
    from PIL import Image, ImageDraw

    cards = synthetic_cards(n, variant=variant)
    game_dir = folder / "cards" / GAME
    templates = folder / "templates" / GAME
    (templates / "icons").mkdir(parents=True, exist_ok=True)
    (templates / "images").mkdir(parents=True, exist_ok=True)
    game_dir.mkdir(parents=True, exist_ok=True)
    (folder / "fonts").mkdir(exist_ok=True)
    # One file of components up to CARDS_PER_FILE cards, then cartes-01.yaml, cartes-02.yaml…:
    # an input file is limited to 10 MB and 200,000 YAML values (printandplay/data/limits.py).
    chunks = [cards[i:i + CARDS_PER_FILE] for i in range(0, len(cards), CARDS_PER_FILE)] or [[]]
    names = (["cartes.yaml"] if len(chunks) == 1
             else [f"cartes-{i + 1:02d}.yaml" for i in range(len(chunks))])
    listed = "".join(f"  - {name}\n" for name in names)
    (game_dir / "game.yaml").write_text(GAME_YAML.replace("  - cartes.yaml\n", listed),
                                        encoding="utf-8")
    for name, chunk in zip(names, chunks, strict=True):
        lines = ["kind: carte", "cards:"]
        for card in chunk:
            lines.append(f"  - id: {card['id']}")
            lines.append(f"    titre: {_yaml_str(card['titre'])}")
            lines.append(f"    cout: {card['cout']}")
            if card["count"] > 1:
                lines.append(f"    count: {card['count']}")
            lines.append(f"    texte: {_yaml_str(engine_markup(card['tokens']))}")
        (game_dir / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    (templates / "layouts.yaml").write_text(LAYOUTS_YAML, encoding="utf-8")
    (templates / "icons" / "gemme.svg").write_text(GEM_SVG, encoding="utf-8")
    (folder / "fonts" / "fonts.yaml").write_text(FONTS_YAML, encoding="utf-8")

    # The shared art: 700 × 500 px, a JPEG as an artist would hand it over.
    art = Image.new("RGB", (700, 500))
    draw = ImageDraw.Draw(art)
    for y in range(500):
        draw.line([(0, y), (700, y)], fill=(40 + y // 4, 90 + y // 8, 160 - y // 5))
    rng = random.Random(3)
    for _ in range(60):
        x, y, r = rng.randint(0, 700), rng.randint(0, 500), rng.randint(8, 60)
        draw.ellipse([x - r, y - r, x + r, y + r],
                     fill=(rng.randint(0, 255), rng.randint(0, 255), rng.randint(0, 255)))
    art.save(templates / "images" / "art.jpg", quality=85)
    # The floor's icons (Paragraph's <img> wants a raster): the same gem, 64 × 64 px, in the
    # text's colour and in the back's.
    for name, color in (("gem.png", (42, 31, 51, 255)), ("gem-back.png", (243, 201, 74, 255))):
        gem = Image.new("RGBA", (64, 64), (0, 0, 0, 0))
        ImageDraw.Draw(gem).polygon([(32, 4), (58, 24), (32, 60), (6, 24)], fill=color)
        gem.save(folder / name)
    floor_cards = [{"id": c["id"], "titre": c["titre"], "cout": c["cout"], "count": c["count"],
                    "texte": floor_markup(c["tokens"], str(folder / "gem.png")),
                    "words": [(k, v) for k, v in c["tokens"]]} for c in cards]
    (folder / "floor-cards.json").write_text(json.dumps(floor_cards, ensure_ascii=False),
                                             encoding="utf-8")
    return {"distinct": len(cards), "copies": sum(c["count"] for c in cards)}


# ---------------------------------------------------------------------------------------------
# The two sides, each run in a child process (``--worker engine|floor``)
# ---------------------------------------------------------------------------------------------


def _peak_rss_kb() -> int:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


# Modules the engine imports only when a build needs them (SVG icons, hyphenation, ReportLab's
# font tables): imported before the clock starts, as the floors import ReportLab before theirs.
ENGINE_LAZY_IMPORTS = ("printandplay.data.svg", "pyphen", "reportlab.lib.fonts")


def run_engine(folder: Path, out: Path) -> dict[str, Any]:
    import importlib

    try:
        from printandplay.kit.build import build_game
    except ImportError:  # an engine from before the packages were named by stage (--engine-path)
        from printandplay.build import build_game  # type: ignore[no-redef]
    from printandplay.planning.options import BuildOptions
    from printandplay.project import Resources

    for name in ENGINE_LAZY_IMPORTS:
        try:
            importlib.import_module(name)
        except ImportError:  # another engine version (--engine-path) may not have it
            pass
    start, cpu = time.perf_counter(), time.process_time()
    path = build_game(Resources((folder,)), GAME, BuildOptions(out_dir=out))
    seconds = time.perf_counter() - start
    # processor time too: under load it compares two engines better than the wall clock
    return {"seconds": seconds, "cpu_seconds": time.process_time() - cpu,
            "bytes": path.stat().st_size, "pdf": str(path)}


def run_floor(folder: Path, out: Path, competent: bool = True) -> dict[str, Any]:
    """Hand-written ReportLab for the same cards.

    ``competent``: what a careful script does — the parts of a layout that do not depend on
    the card (background, frame, title bar, art; the whole back) drawn once as a form and
    placed on every card, each card in several copies drawn once as a form and placed, the
    rules text shrunk (9 pt down to 6 pt, by 0.5 pt) until it fits its box. Otherwise the
    naive floor: every card and every copy drawn in full with the high-level calls, no
    fitting."""
    import font_roboto
    from reportlab import rl_config
    from reportlab.lib.colors import HexColor
    from reportlab.lib.enums import TA_LEFT
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Paragraph

    start = time.perf_counter()
    rl_config.useA85 = 0
    files = Path(font_roboto.__file__).parent / "files"
    pdfmetrics.registerFont(TTFont("Roboto", str(files / "Roboto-Regular.ttf")))
    pdfmetrics.registerFont(TTFont("Roboto-Bold", str(files / "Roboto-Bold.ttf")))
    pdfmetrics.registerFontFamily("Roboto", normal="Roboto", bold="Roboto-Bold",
                                  italic="Roboto", boldItalic="Roboto-Bold")
    cards = json.loads((folder / "floor-cards.json").read_text(encoding="utf-8"))
    items = [c for c in cards for _ in range(c["count"])]
    art = str(folder / "templates" / GAME / "images" / "art.jpg")
    gem = str(folder / "gem-back.png")
    accent, ink, cream, gold = (HexColor(c) for c in ("#4b2a86", "#2a1f33", "#fff8ea", "#f3c94a"))
    white, black = HexColor("#ffffff"), HexColor("#000000")
    styles: dict[float, ParagraphStyle] = {}
    text_w, text_h = 55 * MM, 27 * MM
    shrunk = 0

    def paragraph(text: str) -> tuple[Any, float]:
        nonlocal shrunk
        size = 9.0
        while True:
            style = styles.get(size)
            if style is None:
                style = styles[size] = ParagraphStyle(
                    f"texte{size}", fontName="Roboto", fontSize=size, leading=size * 1.2,
                    alignment=TA_LEFT, textColor=ink)
            markup = text if size == 9 else text.replace('width="9" height="9"',
                                                         f'width="{size:g}" height="{size:g}"')
            para = Paragraph(markup, style)
            _, used = para.wrap(text_w, text_h)
            if not competent or used <= text_h or size <= 6:
                if size < 9:
                    shrunk += 1
                return para, used
            size -= 0.5

    # 3 × 3 poker cards (63 × 88 mm) abutting, centred on A4, 3 mm bleed on the grid's edge.
    page_w, page_h = A4
    w, h, bleed = 63 * MM, 88 * MM, 3 * MM
    x0, y0 = (page_w - 3 * w) / 2, (page_h - 3 * h) / 2
    slots = [(x0 + col * w, y0 + (2 - row) * h, row, col) for row in range(3) for col in range(3)]

    def clip_rect(x: float, y: float, row: int, col: int) -> tuple[float, float, float, float]:
        left = bleed if col == 0 else 0
        right = bleed if col == 2 else 0
        top = bleed if row == 0 else 0
        bottom = bleed if row == 2 else 0
        return x - left, y - bottom, w + left + right, h + bottom + top

    target = out / ("floor.pdf" if competent else "naive.pdf")
    canvas = Canvas(str(target), pagesize=A4, invariant=1, pageCompression=1,
                    initialFontName="Roboto", initialFontSize=10)

    def front_static() -> None:
        canvas.setFillColor(cream)
        canvas.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
        canvas.setStrokeColor(ink)
        canvas.setLineWidth(0.8)
        canvas.roundRect(2 * MM, 2 * MM, 59 * MM, 84 * MM, 3 * MM, stroke=1, fill=0)
        canvas.setFillColor(accent)
        canvas.roundRect(3 * MM, 76 * MM, 57 * MM, 9 * MM, 1.5 * MM, stroke=0, fill=1)
        canvas.drawImage(art, 4 * MM, 36 * MM, 55 * MM, 39 * MM, preserveAspectRatio=True)

    def front_card(card: dict[str, Any]) -> None:
        canvas.setFillColor(white)
        canvas.setFont("Roboto-Bold", 12)
        canvas.drawString(4.5 * MM, 79 * MM, card["titre"])
        canvas.setFillColor(gold)
        canvas.setFont("Roboto-Bold", 13)
        canvas.drawCentredString(54.5 * MM, 78.5 * MM, str(card["cout"]))
        para, used = paragraph(card["texte"])
        para.drawOn(canvas, 4 * MM, 34 * MM - used)
        canvas.setFillColor(black)
        canvas.setFont("Roboto", 6)
        canvas.drawRightString(59 * MM, 4.5 * MM, card["id"])

    def back() -> None:
        canvas.setFillColor(accent)
        canvas.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
        canvas.setStrokeColor(gold)
        canvas.setLineWidth(0.8)
        canvas.roundRect(2 * MM, 2 * MM, 59 * MM, 84 * MM, 3 * MM, stroke=1, fill=0)
        canvas.drawImage(gem, 16 * MM, 29 * MM, 31 * MM, 31 * MM, mask="auto")

    def form(name: str, draw: Any, *args: Any) -> None:
        canvas.beginForm(name, -bleed, -bleed, w + bleed, h + bleed)
        draw(*args)
        canvas.endForm()

    copies: dict[str, tuple[str, int]] = {}  # card id → (its form, placements to come)
    if competent:
        form("front", front_static)
        form("back", back)
    for first in range(0, len(items), 9):
        chunk = items[first:first + 9]
        if competent:  # forms of the copied cards first (not inside the page)
            for card in chunk:
                if card["count"] > 1 and card["id"] not in copies:
                    name = f"c{card['id']}"
                    form(name, lambda c: (canvas.doForm("front"), front_card(c)), card)
                    copies[card["id"]] = (name, card["count"])
        for card, (x, y, row, col) in zip(chunk, slots, strict=False):
            canvas.saveState()
            path = canvas.beginPath()
            path.rect(*clip_rect(x, y, row, col))
            canvas.clipPath(path, stroke=0, fill=0)
            canvas.translate(x, y)
            if not competent:
                front_static()
                front_card(card)
            elif card["id"] in copies:
                name, left = copies[card["id"]]
                canvas.doForm(name)
                if left == 1:  # the last copy: forget the form's name
                    del copies[card["id"]]
                else:
                    copies[card["id"]] = (name, left - 1)
            else:
                canvas.doForm("front")
                front_card(card)
            canvas.restoreState()
        canvas.setStrokeColor(black)
        canvas.setLineWidth(0.25)
        for i in range(4):  # crop marks on the extension of every cut line, outside the bleed
            cx, cy = x0 + i * w, y0 + i * h
            gap, length = bleed + 1 * MM, 5 * MM
            canvas.line(cx, y0 - gap, cx, y0 - gap - length)
            canvas.line(cx, y0 + 3 * h + gap, cx, y0 + 3 * h + gap + length)
            canvas.line(x0 - gap, cy, x0 - gap - length, cy)
            canvas.line(x0 + 3 * w + gap, cy, x0 + 3 * w + gap + length, cy)
        canvas.showPage()
        for _card, (x, y, row, col) in zip(chunk, slots, strict=False):  # backs, mirrored
            bx = page_w - x - w
            canvas.saveState()
            path = canvas.beginPath()
            cx, cy, cw, ch = clip_rect(x, y, row, 2 - col)
            path.rect(page_w - cx - cw, cy, cw, ch)
            canvas.clipPath(path, stroke=0, fill=0)
            canvas.translate(bx, y)
            if competent:
                canvas.doForm("back")
            else:
                back()
            canvas.restoreState()
        canvas.showPage()
    canvas.save()
    seconds = time.perf_counter() - start
    return {"seconds": seconds, "bytes": target.stat().st_size, "pdf": str(target),
            "shrunk": shrunk}


def _protograf_python(python: str) -> str | None:
    """``python`` if it can import protograf, else None (the comparison is skipped)."""
    done = subprocess.run([python, "-c", "import protograf"], capture_output=True, text=True,
                          check=False)
    if done.returncode != 0:
        print(f"protograf is not importable with {python}: skipped", file=sys.stderr)
        return None
    return python


def run_protograf(folder: Path, out: Path) -> dict[str, Any]:
    """The same 9-up poker deck with protograf (a peer: cards described in Python): the same
    background, frame, title bar, title, cost, art, rules text (plain, wrapped in its box) and
    card id; copies as repeated rows. Fronts only (protograf lays backs out its own way)."""
    from protograf import Card, Create, Data, Deck, Save, T, image, rectangle, text

    start = time.perf_counter()
    cards = json.loads((folder / "floor-cards.json").read_text(encoding="utf-8"))
    rows: list[list[Any]] = [["ID", "TITRE", "COUT", "TEXTE"]]
    for c in cards:
        plain = re.sub(r"<[^>]+>", "", c["texte"])
        rows.extend([[c["id"], c["titre"], c["cout"], plain]] * c["count"])
    target = out / "protograf.pdf"
    art = str(folder / "templates" / GAME / "images" / "art.jpg")
    sys.argv = sys.argv[:1]  # protograf reads the command line's options
    Create(filename=str(target), paper="A4", units="mm", margin=7, margin_left=10.5)
    Data(data_list=rows)
    Deck(card_size="poker", rows=3, cols=3, fill="#fff8ea", grid_marks=True)
    Card("*", rectangle(x=2, y=2, width=59, height=84, stroke="#2a1f33", stroke_width=0.8,
                        rounding=3, fill=None),
         rectangle(x=3, y=3, width=57, height=9, fill="#4b2a86", stroke="#4b2a86",
                   rounding=1.5),
         text(text=T("{{ TITRE }}"), x=4.5, y=9.5, font_size=12, stroke="#ffffff",
              align="left"),
         text(text=T("{{ COUT }}"), x=54.5, y=9.5, font_size=13, stroke="#f3c94a"),
         image(art, x=4, y=13, width=55, height=39),
         text(text=T("{{ TEXTE }}"), x=4, y=54, width=55, height=27, wrap=True,
              font_size=9, stroke="#2a1f33", align="left"),
         text(text=T("{{ ID }}"), x=59, y=84.5, font_size=6, align="right"))
    Save()
    seconds = time.perf_counter() - start
    return {"seconds": seconds, "bytes": target.stat().st_size, "pdf": str(target)}


def worker(side: str, folder: Path, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    if side == "engine":
        result = run_engine(folder, out)
    elif side == "protograf":
        result = run_protograf(folder, out)
    else:
        result = run_floor(folder, out, competent=side == "floor")
    result["peak_kb"] = _peak_rss_kb()
    print(json.dumps(result))


def run_side(side: str, folder: Path, out: Path, engine_path: Path | None = None,
             profile: Path | None = None, python: str | None = None) -> dict[str, Any]:
    cmd = [python or sys.executable]
    if profile is not None:
        cmd += ["-m", "cProfile", "-o", str(profile)]
    cmd += [str(Path(__file__).resolve()), "--worker", side, "--dir", str(folder),
            "--out", str(out)]
    env = dict(os.environ)
    if side == "engine":  # this checkout's package (or another copy), not an installed one
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(engine_path or ROOT),
                                                          env.get("PYTHONPATH")]))
    done = subprocess.run(cmd, capture_output=True, text=True, check=False, env=env)
    if done.returncode != 0:
        raise SystemExit(f"{side} failed:\n{done.stdout}\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


# ---------------------------------------------------------------------------------------------
# The comparisons
# ---------------------------------------------------------------------------------------------


def bench_cards(n: int, repeat: int, keep: Path | None, engine_path: Path | None = None,
                profile: Path | None = None, variant: str = "default",
                protograf: str | None = None,
                only: tuple[str, ...] = SIDES) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix=f"pnp-bench-{n}-"))
    try:
        written = write_game(folder, n, variant)
        sides = [side for side in SIDES if side in only] + (["protograf"] if protograf else [])
        runs: dict[str, list[dict[str, Any]]] = {side: [] for side in sides}
        for _ in range(repeat):
            for side in sides:  # alternate, so that noise hits every side alike
                runs[side].append(run_side(side, folder, folder / "out", engine_path,
                                           python=protograf if side == "protograf" else None))
        if profile is not None:  # one more engine run, under cProfile
            profile.mkdir(parents=True, exist_ok=True)
            run_side("engine", folder, folder / "out", engine_path,
                     profile / f"engine-{n}-{variant}.prof")
        result: dict[str, Any] = {"cards": written["copies"], "distinct": written["distinct"],
                                  "variant": variant}
        for side, side_runs in runs.items():
            seconds = statistics.median(r["seconds"] for r in side_runs)
            result[side] = {
                "seconds": round(seconds, 3),
                "cards_per_s": round(written["copies"] / seconds, 1),
                "peak_mb": round(statistics.median(r["peak_kb"] for r in side_runs) / 1024, 1),
                "pdf_bytes": side_runs[-1]["bytes"],
                "bytes_per_card": round(side_runs[-1]["bytes"] / written["copies"], 1),
                "runs_s": [round(r["seconds"], 3) for r in side_runs],
            }
        # texts set below 9 pt (the floor counts them)
        result["shrunk"] = runs["floor"][-1].get("shrunk", 0) if "floor" in runs else None
        engine = result["engine"]
        result["ratios"] = {}
        for side in sides:
            if side == "engine":
                continue
            other = result[side]
            result["ratios"][side] = {
                "speed": round(engine["cards_per_s"] / other["cards_per_s"], 2),
                "memory": round(engine["peak_mb"] / other["peak_mb"], 2),
                "size": round(engine["bytes_per_card"] / other["bytes_per_card"], 2),
            }
        q = result["ratios"].get("floor")
        result["goals"] = {
            "speed": q["speed"] >= GOAL_SPEED,
            "memory": q["memory"] <= GOAL_MEMORY and engine["peak_mb"] < GOAL_MEMORY_MB,
            "size": q["size"] <= GOAL_SIZE,
        } if q else {"memory": engine["peak_mb"] < GOAL_MEMORY_MB}  # the engine alone
        if keep is not None:
            keep.mkdir(parents=True, exist_ok=True)
            for side in sides:
                shutil.copy(runs[side][-1]["pdf"], keep / f"{side}-{n}-{variant}.pdf")
        return result
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _cli() -> list[str]:
    """This checkout's command line (with :func:`_local_env`): the ``printandplay`` script on
    PATH may belong to another checkout."""
    return [sys.executable, "-m", "printandplay"]


def _local_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


def _startup_env(cache: Path) -> dict[str, str]:
    """Byte-code cached as for an installed package (in a private cache folder, so the
    repository stays clean), whatever PYTHONDONTWRITEBYTECODE says here."""
    env = _local_env()
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(cache)
    return env


def _wall(cmd: list[str], cwd: Path, env: dict[str, str], times: int) -> float:
    walls = []
    for _ in range(times):
        start = time.perf_counter()
        subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=False)
        walls.append(time.perf_counter() - start)
    return statistics.median(walls)


_MODULES_PROBE = """
import sys
sys.argv = ["printandplay", *sys.argv[1:]]
from printandplay.cli import main
try:
    main()
except SystemExit:
    pass
heavy = sorted({m.split(".")[0] for m in sys.modules} & {"reportlab", "PIL", "jinja2", "pydantic",
                                                     "rich"})
print("HEAVY=" + ",".join(heavy), file=sys.stderr)
"""


def bench_startup(times: int = 10) -> dict[str, Any]:
    tmp = Path(tempfile.mkdtemp(prefix="pnp-startup-"))
    try:
        env = _startup_env(tmp / "pycache")
        bare = tmp / "bare.py"
        bare.write_text("import typer\napp = typer.Typer()\n\n@app.command()\n"
                        "def hello(name: str = 'x') -> None:\n    print(name)\n\napp()\n")
        bare_arg = tmp / "bare_arg.py"
        bare_arg.write_text("from pathlib import Path\nimport typer\napp = typer.Typer()\n\n"
                            "@app.command()\ndef hello(game: str, deck: Path) -> None:\n"
                            "    print(game, deck)\n\n@app.command()\ndef other() -> None:\n"
                            "    pass\n\napp()\n")
        deck = tmp / "deck.txt"
        deck.write_text("Équipe: Rouges\nPréparation\n1 Avant-Match\n1 Entre-Période\nJeu\n"
                        "1 Anne Bourque\n", encoding="utf-8")
        decks = ROOT / "tests" / "fixtures" / "games" / "decks"
        cli = _cli()
        cases = {
            "python -c pass": ([sys.executable, "-c", "pass"], tmp),
            "bare Typer app --help": ([sys.executable, str(bare), "--help"], tmp),
            "bare Typer app, a command with a Path argument":
                ([sys.executable, str(bare_arg), "hello", "x", "y"], tmp),
            "printandplay --help": ([*cli, "--help"], tmp),
            "printandplay validate licum DECK": ([*cli, "validate", "licum", str(deck)], decks),
        }
        result: dict[str, Any] = {}
        for label, (cmd, cwd) in cases.items():
            _wall(cmd, cwd, env, 2)  # warm the byte-code cache and the disk cache
            result[label] = round(_wall(cmd, cwd, env, times), 3)
        imported = {}
        for label, args, cwd in (("--help", ["--help"], tmp),
                                 ("validate", ["validate", "licum", str(deck)], decks)):
            done = subprocess.run([sys.executable, "-c", _MODULES_PROBE, *args], cwd=cwd, env=env,
                                  capture_output=True, text=True, check=False)
            line = [x for x in done.stderr.splitlines() if x.startswith("HEAVY=")]
            imported[label] = line[-1][6:].split(",") if line and line[-1][6:] else []
        return {"seconds": result, "imported": imported}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def bench_kits(repeat: int) -> dict[str, Any]:
    tmp = Path(tempfile.mkdtemp(prefix="pnp-kits-"))
    try:
        cli = _cli()
        code = ("from printandplay.project import Resources;"
                "print(' '.join(Resources.discover().game_ids()))")
        env = _local_env()
        listed = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                                text=True, check=True, env=env)
        games = listed.stdout.split()
        kits: dict[str, Any] = {}
        for game in games:
            walls, error = [], ""
            for _ in range(repeat):
                start = time.perf_counter()
                done = subprocess.run([*cli, "build", game, "--out", str(tmp / game)], cwd=ROOT,
                                      capture_output=True, text=True, check=False, env=env)
                walls.append(time.perf_counter() - start)
                if done.returncode != 0:
                    error = (done.stderr.strip().splitlines() or ["failed"])[0]
                    break
            if error:
                kits[game] = {"error": error}
                continue
            pdf = next((tmp / game).glob("*.pdf"))
            from pypdf import PdfReader

            kits[game] = {"seconds": round(statistics.median(walls), 3),
                          "bytes": pdf.stat().st_size, "pages": len(PdfReader(pdf).pages)}
        walls = []
        for _ in range(repeat):
            start = time.perf_counter()
            subprocess.run([*cli, "build", "all", "--out", str(tmp / "all")], cwd=ROOT,
                           capture_output=True, text=True, check=False, env=env)
            walls.append(time.perf_counter() - start)
        sequential = sum(k["seconds"] for k in kits.values() if "seconds" in k)
        all_s = statistics.median(walls)
        return {"kits": kits, "all_seconds": round(all_s, 3),
                "sequential_seconds": round(sequential, 3),
                "speedup": round(sequential / all_s, 2) if all_s else None}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def machine() -> dict[str, Any]:
    cpu = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = ""
    try:
        kb = int(Path("/proc/meminfo").read_text().split()[1])
        mem = f"{kb / 1024 / 1024:.1f} GiB"
    except (OSError, ValueError, IndexError):
        pass
    import reportlab

    return {"date": time.strftime("%Y-%m-%d %H:%M %Z"), "cpus": os.cpu_count(), "cpu": cpu,
            "memory": mem, "python": platform.python_version(),
            "reportlab": reportlab.Version}


# ---------------------------------------------------------------------------------------------
# Reporting
# ---------------------------------------------------------------------------------------------


def _line(rows: list[dict[str, Any]], side: str) -> dict[str, Any]:
    """A side's time as a line in N: the cost of a card (ms, the slope between the smallest and
    the largest N), the fixed cost (ms, where that line meets N = 0) and, with three sizes or
    more, each slope between consecutive sizes over the first one (1.0 = linear)."""
    points = sorted((r["cards"], r[side]["seconds"]) for r in rows if side in r)
    (n0, t0), (n1, t1) = points[0], points[-1]
    slope = (t1 - t0) / (n1 - n0)
    slopes = [(b[1] - a[1]) / (b[0] - a[0]) for a, b in zip(points, points[1:], strict=False)]
    return {"per_card_ms": round(slope * 1000, 4), "fixed_ms": round((t0 - slope * n0) * 1000, 1),
            "marginal": [round(x / slopes[0], 2) for x in slopes[1:]] if slopes[0] > 0 else []}


def linear_ok(lin: dict[str, Any], side: str = "engine") -> bool:
    """The linearity goal (:data:`GOAL_LINEAR`) for ``side``."""
    marginal = lin.get("lines", {}).get(side, {}).get("marginal", [])
    return lin[side] <= 1 + GOAL_LINEAR and all(abs(m - 1) <= GOAL_LINEAR for m in marginal)


def _ok(flag: bool) -> str:
    return "ok" if flag else "MISSED"


def print_report(report: dict[str, Any]) -> None:
    m = report["machine"]
    print(f"# {m['date']} — {m['cpus']} CPUs, {m['cpu']}, {m['memory']}, Python {m['python']}, "
          f"ReportLab {m['reportlab']}\n")
    rows = report.get("cards", [])
    if rows:
        print("| N cards (distinct) | texts | against | its cards/s | engine cards/s | "
              f"speed ratio (≥ {GOAL_SPEED:g}) | its peak MB | engine peak MB | "
              f"memory ratio (≤ {GOAL_MEMORY:g}, < {GOAL_MEMORY_MB} MB) | its B/card | "
              f"engine B/card | size ratio (≤ {GOAL_SIZE:g}) |")
        print("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for r in rows:
            e, g = r["engine"], r["goals"]
            if not r["ratios"]:  # --sides engine
                print(f"| {r['cards']:,} ({r['distinct']:,}) | {r['variant']} | (engine alone) "
                      f"| | {e['cards_per_s']:,.0f} | | | {e['peak_mb']} | "
                      f"{_ok(g['memory'])} (< {GOAL_MEMORY_MB} MB) | | "
                      f"{e['bytes_per_card']:,.0f} | |")
            for side, q in r["ratios"].items():
                o = r[side]
                mark = {k: f" {_ok(v)}" if side == "floor" else "" for k, v in g.items()}
                label = {"floor": "competent floor", "naive": "naive floor"}.get(side, side)
                texts = r["variant"] + (f" ({r['shrunk'] * 100 // r['cards']} % shrunk)"
                                        if side == "floor" else "")
                print(f"| {r['cards']:,} ({r['distinct']:,}) | {texts} | {label} | "
                      f"{o['cards_per_s']:,.0f} | {e['cards_per_s']:,.0f} | {q['speed']}"
                      f"{mark['speed']} | {o['peak_mb']} | {e['peak_mb']} | {q['memory']}"
                      f"{mark['memory']} | {o['bytes_per_card']:,.0f} | "
                      f"{e['bytes_per_card']:,.0f} | {q['size']}{mark['size']} |")
        for lin in report.get("linearity", []):
            sides = ", ".join(f"{side} {lin[side]}" for side in lin["sides"])
            ok = _ok(linear_ok(lin))
            print(f"\nTime per card at {lin['large']:,} over time per card at {lin['small']:,} "
                  f"({lin['variant']} texts): {sides} (1.0 = linear; engine {ok}).")
            lines = lin.get("lines", {})
            if lines:
                parts = []
                for side in lin["sides"]:
                    line = lines[side]
                    marginal = (f", each added card's cost over the first's "
                                f"{', '.join(map(str, line['marginal']))}"
                                if line["marginal"] else "")
                    parts.append(f"{side} {line['per_card_ms']} ms a card + "
                                 f"{line['fixed_ms']} ms{marginal}")
                print(f"As a line in N: {'; '.join(parts)} (a fixed cost makes the time per "
                      "card fall as N grows: under 1.0 above is that, not growth).")
    if "kits" in report:
        k = report["kits"]
        print("\n| kit | build s | PDF KB | pages |")
        print("|---|---:|---:|---:|")
        for game, info in k["kits"].items():
            if "error" in info:
                print(f"| {game} | failed: {info['error']} | | |")
            else:
                print(f"| {game} | {info['seconds']:.2f} | {info['bytes'] / 1024:,.0f} | "
                      f"{info['pages']} |")
        print(f"\n`printandplay build all`: {k['all_seconds']:.2f} s; the kits one after the "
              f"other: {k['sequential_seconds']:.2f} s; speed-up {k['speedup']}×.")
    if "startup" in report:
        s = report["startup"]
        print("\n| start-up (median wall) | s |")
        print("|---|---:|")
        for label, seconds in s["seconds"].items():
            goal = f" ({_ok(seconds < GOAL_STARTUP)})" if label.startswith("printandplay") else ""
            print(f"| {label} | {seconds:.3f}{goal} |")
        for label, modules in s["imported"].items():
            print(f"\n`printandplay {label}` imports: {', '.join(modules) or 'none'} "
                  f"(of reportlab, PIL, jinja2, pydantic, rich)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cards", type=int, nargs="+", action="extend",
                        help="numbers of cards (default: 1000 10000)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per measure (median)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of tables")
    parser.add_argument("--skip-kits", action="store_true",
                        help="do not time the bundled kits and `build all`")
    parser.add_argument("--skip-startup", action="store_true",
                        help="do not time the command line's start-up")
    parser.add_argument("--keep", type=Path, help="copy the PDFs of the last runs here")
    parser.add_argument("--profile", type=Path,
                        help="also profile one engine run per N (cProfile) into this folder")
    parser.add_argument("--engine-path", type=Path,
                        help="import printandplay from this folder for the engine side "
                             "(compare with another version)")
    parser.add_argument("--variant", choices=tuple(WORDS), action="append",
                        help="rules texts: 'default' (most fit at 9 pt) or 'fit' (most must "
                             "shrink); repeat for both (default: default)")
    parser.add_argument("--protograf", metavar="PYTHON",
                        help="also build the deck with protograf, with this Python (a venv "
                             "where protograf is installed; skipped if it cannot import it)")
    parser.add_argument("--protograf-max", type=int, default=1_000,
                        help="largest N given to protograf (it is slow; default 1,000)")
    parser.add_argument("--sides", nargs="+", choices=SIDES, default=list(SIDES),
                        help="which builds to run (default: all three); e.g. '--sides engine' "
                             "measures the engine alone, without the floors' ~15 minutes at "
                             "100,000 cards")
    parser.add_argument("--worker", choices=(*SIDES, "protograf"), help=argparse.SUPPRESS)
    parser.add_argument("--dir", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if "engine" not in args.sides:
        parser.error("--sides must include engine (the floors are measured against it)")
    if args.worker:
        worker(args.worker, args.dir, args.out)
        return
    sizes = args.cards or [1000, 10000]
    protograf = _protograf_python(args.protograf) if args.protograf else None
    report: dict[str, Any] = {"machine": machine(), "cards": [], "linearity": []}
    for variant in args.variant or ["default"]:
        rows = []
        for n in sizes:
            rows.append(bench_cards(n, args.repeat, args.keep, args.engine_path, args.profile,
                                    variant, protograf if n <= args.protograf_max else None,
                                    tuple(args.sides)))
            if not args.json:
                print(f"... {n} cards ({variant}) done", file=sys.stderr)
        report["cards"].extend(rows)
        if len(sizes) >= 2:
            small = min(rows, key=lambda r: r["cards"])
            large = max(rows, key=lambda r: r["cards"])
            sides = [side for side in large if side in (*SIDES, "protograf") and side in small]
            report["linearity"].append({
                "variant": variant, "small": small["cards"], "large": large["cards"],
                "sides": sides,
                **{side: round((large[side]["seconds"] / large["cards"])
                               / (small[side]["seconds"] / small["cards"]), 2)
                   for side in sides},
                "lines": {side: _line(rows, side) for side in sides},
            })
    if not args.skip_kits:
        report["kits"] = bench_kits(args.repeat)
    if not args.skip_startup:
        report["startup"] = bench_startup()
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        print_report(report)


if __name__ == "__main__":
    main()
