"""Helpers shared by the tests: CLI records, game copies, file edits and the planned pages.

The planned pages (:func:`kit_pages`) are what the PDF writer draws, as values: checking page
order and content on them is as exact as extracting the PDF's text, and much faster. A few
end-to-end tests still read real PDFs back.
"""

from __future__ import annotations

import json
import shutil
from collections import Counter
from collections.abc import Sequence
from dataclasses import fields
from functools import cache
from pathlib import Path
from typing import Any, cast

import pytest
import yaml
from typer.testing import CliRunner

from printandplay.cli import app
from printandplay.data.ban_lists import load_ban_list
from printandplay.data.decklist import parse_decklist
from printandplay.data.game_loader import load_game
from printandplay.data.kit_words import LANGUAGES, load_words_table
from printandplay.kit.assets import load_assets
from printandplay.layout.legibility import text_ops
from printandplay.model.game import Game
from printandplay.planning.assets import GameAssets
from printandplay.planning.face_cache import FaceCache
from printandplay.planning.options import BuildOptions
from printandplay.planning.pages import PageSpec
from printandplay.planning.planner import KitPlanner
from printandplay.project import Resources
from printandplay.rules.deck import deck_format, validate_deck

ROOT = Path(__file__).resolve().parent.parent


_YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def approx_float(expected: float) -> float:
    """``pytest.approx(expected)`` where a float is expected (a ``Dim``, a ``Size``): it equals
    any float close by."""
    return cast(float, pytest.approx(expected))


def load_yaml(path: Path) -> Any:
    """A test data file parsed as ``yaml.safe_load`` does, with libyaml's loader when PyYAML has
    it (several times faster: the case files are read at collection, by every process that collects)."""
    return yaml.load(path.read_text(encoding="utf-8"), Loader=_YAML_LOADER)


def component_records(game: str) -> list[dict[str, Any]]:
    """What `printandplay cards GAME --format json` prints, parsed."""
    result = CliRunner().invoke(app, ["cards", game, "--format", "json"])
    assert result.exit_code == 0, result.output
    records: list[dict[str, Any]] = json.loads(result.output)
    return records


def of_type(records: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    """The records of one kind."""
    return [r for r in records if r["type"] == kind]


def copies(records: list[dict[str, Any]]) -> int:
    """Copies in the kit of these records."""
    return sum(r["count"] for r in records)


def copy_kit(game: str, folder: Path, monkeypatch: pytest.MonkeyPatch | None = None) -> Path:
    """Copy a game's data and templates (a bundled game, or an example game of
    ``examples/``) into ``folder``; with ``monkeypatch``, work there (that copy wins)."""
    root = ROOT if (ROOT / "cards" / game).is_dir() else ROOT / "examples"
    shutil.copytree(root / "cards" / game, folder / "cards" / game)
    shutil.copytree(root / "templates" / game, folder / "templates" / game)
    if monkeypatch is not None:
        monkeypatch.chdir(folder)
    return folder


def replace_once(path: Path, old: str, new: str) -> None:
    """Replace ``old`` in a text file by ``new``: ``old`` must be there exactly once (an edit
    that could land in two places says which it meant)."""
    text = path.read_text(encoding="utf-8")
    found = text.count(old)
    assert found == 1, f"{old!r} occurs {found} times in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


DECKS_FIXTURE = ROOT / "tests" / "fixtures" / "games" / "decks"  # Licum's cards, for deck lists
# the "Jeu" section of a legal deck of the decks fixture
DECK_JEU = """Jeu
2 Rosalie Gaudet (Rouges)
1 Marc Cormier
2 Bonne étoile
1 Repêchage
1 Scuze, mais…
1 Shote de café
"""


@cache
def decks_game() -> Game:
    """Licum as the decks fixture has it (loaded once per process; a Game is not changed)."""
    return load_game(Resources((DECKS_FIXTURE,)), "licum")


DECK_CASE_KEYS = {"description", "deck", "valid", "errors", "warnings", "messages", "counts",
                  "rules", "ban_list"}


def check_deck_case(case_file: Path, game: Game) -> None:
    """A deck rule case (``tests/rules/cases/<game>/*.yaml``): its ``deck`` validated against
    ``game`` (in the format named by ``rules``, else the game's default) is valid or not as
    ``valid`` says, breaks the rules of ``errors`` and ``warnings`` (each as often as listed),
    says each of ``messages`` and counts what ``counts`` gives; ``ban_list`` names the ban
    list file (inside the game folder) that replaces the format's."""
    case = load_yaml(case_file)
    unknown = set(case) - DECK_CASE_KEYS
    assert not unknown, f"{case_file.name}: unknown keys {sorted(unknown)}"
    deck = parse_decklist(case["deck"], game, case_file.name)
    lists = None
    if "ban_list" in case:
        lists = load_ban_list(game, deck_format(game, case.get("rules")), case["ban_list"], str)
    report = validate_deck(deck, game, case.get("rules"), ban_list=lists)
    assert report.is_valid is case["valid"], [v.message for v in report.errors]
    assert Counter(v.rule for v in report.errors) == Counter(case["errors"])
    assert Counter(v.rule for v in report.warnings) == Counter(case["warnings"])
    messages = " | ".join(v.message for v in report.violations)
    for expected in case.get("messages", []):
        assert expected in messages
    for key, value in case.get("counts", {}).items():
        assert report.counts[key] == value, key


TINY = ROOT / "tests" / "fixtures" / "games" / "tiny"  # the smallest game: one kind, two cards


def tiny_copy(folder: Path, monkeypatch: pytest.MonkeyPatch | None = None) -> Path:
    """A writable copy of the tiny fixture game at ``folder / "root"``; with ``monkeypatch``,
    made the current folder (messages then show paths relative to it)."""
    copy = folder / "root"
    shutil.copytree(TINY, copy)
    if monkeypatch is not None:
        monkeypatch.chdir(copy)
    return copy


@cache
def bundled_assets(game: str) -> GameAssets:
    """The bundled ``game`` as loaded by a build (one load per test process: read it only)."""
    return load_assets(Resources((ROOT,)), game)


_FACES: dict[str, FaceCache] = {}  # per bundled game: the faces and documents its plans made


@cache
def _planned(game: str, options: tuple[tuple[str, Any], ...]) -> tuple[PageSpec, ...]:
    faces = _FACES.setdefault(game, FaceCache())
    return tuple(KitPlanner(bundled_assets(game), BuildOptions(**dict(options)), faces)
                 .kit_pages())


_DEFAULTS = {field.name: getattr(BuildOptions(), field.name) for field in fields(BuildOptions)}


def planned_pages(game: str, **options: Any) -> tuple[PageSpec, ...]:
    """The pages the bundled ``game``'s kit prints with these build options, in print order.

    Planned once per test process for each set of options (the tests only read pages; an
    option given its default value is the option left out: ``planned_pages("licum")``,
    ``planned_pages("licum", flip="long")`` and ``kit_pages("licum")`` are one plan), so
    the test files that check the same kit share it; the plans of one game share their
    composed faces and paginated documents (``watch``'s cache,
    :class:`~printandplay.planning.face_cache.FaceCache`, keyed on everything that draws them,
    the options that change a face included): the fold, simplex, Letter, short-flip and
    margin plans of a kit compose only what another plan did not
    (``tests/test_build_pdf.py`` compares them with a planner without the cache, page for
    page). Option values must be hashable."""
    return _planned(game, tuple(sorted((name, value) for name, value in options.items()
                                       if value != _DEFAULTS[name])))


def kit_pages(game: str, paper: str = "a4") -> tuple[PageSpec, ...]:
    """The pages the bundled ``game``'s kit prints, in print order (what `build` writes)."""
    return planned_pages(game, paper=paper)


KITS_GROUP = "bundled-kits"  # the xdist group of the files that read the `bundled_kits` build


class KitsBuild:
    """The bundled kits built by ``printandplay build GAME --out FOLDER`` in this process, each
    once, when a test first asks for it (the session fixture ``bundled_kits``)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._built: dict[str, Path] = {}

    def pdf(self, game: str) -> Path:
        """The A4 kit of ``game``: the path ``build`` printed (the build must succeed)."""
        if game not in self._built:
            result = CliRunner().invoke(app, ["build", game, "--out", str(self.folder)])
            assert result.exit_code == 0, result.output
            self._built[game] = Path(result.stdout.strip().splitlines()[-1])
        return self._built[game]


GUIDE_TITLES = tuple(load_words_table(language)["guide"]["title"] for language in LANGUAGES)


def guide_length(pages: Sequence[PageSpec]) -> int:
    """How many pages the printing guide takes at the start of a kit (with its blank verso)."""
    return sum(1 for page in pages if page.section in GUIDE_TITLES)


def pdf_guide_length(labels: Sequence[str]) -> int:
    """The same, from a PDF's page labels (``PdfReader.page_labels``)."""
    return sum(1 for label in labels if label.startswith(GUIDE_TITLES))


def body_pages(game: str, paper: str = "a4") -> tuple[PageSpec, ...]:
    """The kit's pages after its printing guide: the rules, then the sheets."""
    pages = kit_pages(game, paper)
    return pages[guide_length(pages):]


def page_text(page: PageSpec) -> str:
    """Every text run a page draws (its own ops, then its faces'), joined by spaces."""
    runs = [op.text for op in text_ops(page.ops)]
    for placement in page.placements:
        runs.extend(op.text for op in text_ops(placement.face.ops))
    return " ".join(" ".join(runs).split())


# ---- fake font metrics for layout tests --------------------------------------------------------

CHAR = 0.5  # em, every character of the regular fonts
BOLD_CHAR = 0.6  # em, in the bold fonts ``B`` and ``BI``
SPACE = 0.25  # em
ASCENT = 0.8  # em
DESCENT = 0.2  # em


class FakeMetrics:
    """Fonts ``R``, ``B``, ``I``, ``BI`` with fixed, hand-countable advance widths (every role
    gets the same fonts): ``"aa bb"`` is 1 + 0.25 + 1 = 2.25 em, 22.5 pt at 10 pt."""

    def select(self, role: str, bold: bool, italic: bool) -> str:
        return {(False, False): "R", (True, False): "B",
                (False, True): "I", (True, True): "BI"}[(bold, italic)]

    def prepare(self, text: str, font: str) -> str:
        return text

    def width(self, text: str, font: str) -> float:
        char = BOLD_CHAR if font.startswith("B") else CHAR
        return sum(SPACE if c == " " else char for c in text)

    def ascent(self, font: str) -> float:
        return ASCENT

    def descent(self, font: str) -> float:
        return DESCENT


def new_kit_without_credits(folder: Path) -> Path:
    """Write `printandplay new kit` (3 cards with stock icons) into ``folder`` and cut the
    credits block from its rules, so the engine has to add the credits itself."""
    from printandplay.kit.newgame import new_game

    new_game(folder, "kit", cards=3)
    rules = folder / "templates/kit/regles.md.j2"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text[:text.index("{% if icon_credits %}")], encoding="utf-8")
    return folder


SMALL_STEPS = 20_000  # a template render's step budget in the tests that run one out
SMALL_SECONDS = 0.25  # its processor-time budget there


def small_template_budget(monkeypatch: pytest.MonkeyPatch, steps: int = SMALL_STEPS,
                          seconds: float = SMALL_SECONDS) -> None:
    """Give every template render a smaller budget (``template_budget.MAX_STEPS`` and
    ``MAX_SECONDS``, read at each render) for the rest of the test: a test that runs a template
    until it hits its budget checks the mechanism in ~0.03 s instead of the default's 1 s.
    A build's budget shrinks in proportion (25 renders' worth). ``test_template_sandbox``
    runs the real default on fast clocks and checks the defaults."""
    from printandplay.templating import budget as template_budget

    monkeypatch.setattr(template_budget, "MAX_STEPS", steps)
    monkeypatch.setattr(template_budget, "MAX_SECONDS", seconds)
    monkeypatch.setattr(template_budget, "MAX_BUILD_STEPS", 25 * steps)
    monkeypatch.setattr(template_budget, "MAX_BUILD_SECONDS", 25 * seconds)


def bench_module(name: str = "bench_build") -> Any:
    """``benchmarks/bench_build.py`` loaded as a module named ``name`` (it is not a package)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / "bench_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
