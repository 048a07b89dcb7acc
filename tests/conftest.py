"""Shared fixtures: the repository root, golden-file comparison (``--update-golden``), the
caches the tests share (YAML parses, Jinja's generated code, click commands) and the bundled kits
built once per process. The Hypothesis profiles of the fuzz tests are in
``hypothesis_profiles.py``.

The tests run on pytest-xdist's workers (``-n auto --dist loadgroup`` in pyproject's addopts,
``-n 0`` for one process); the tests marked ``xdist_group(name)`` share a worker. This module
imports the heavy modules (the package, Typer, Jinja, Hypothesis) only in the fixtures and hooks
that need them: the runs that name one test file start faster."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

# PYTHONDONTWRITEBYTECODE (set on some shared machines) makes every run compile the test
# modules and rewrite their asserts again: ~3.5 s of processor time, more than a third of the
# collection. The suite keeps its bytecode (in the __pycache__
# folders git ignores) whatever that variable says. Set before anything is imported: pytest
# rewrites the asserts of every module of a distribution that registers a pytest plugin (all of
# Hypothesis), and caches them only when bytecode may be written.
sys.dont_write_bytecode = False

import pytest  # noqa: E402

if TYPE_CHECKING:
    from helpers import KitsBuild

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true",
                     help="rewrite the golden files instead of comparing with them")
    parser.addoption("--update-screenshots", action="store_true",
                     help="rewrite docs/images' screenshots from the browser tests")


@pytest.hookimpl(tryfirst=True)  # before Hypothesis' plugin loads a profile named here
def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("hypothesis_profile", None):
        import hypothesis_profiles  # noqa: F401 - registers the profiles


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test module that forgot to import the Hypothesis profiles gets them."""
    if "hypothesis" in sys.modules:
        import hypothesis_profiles  # noqa: F401


@pytest.fixture(scope="session", autouse=True)
def shared_yaml_parses() -> Iterator[dict[tuple[str, str], object]]:
    """Every test shares what the YAML reader parsed, keyed on the file's displayed path and
    text (the package's own ``parse_cache``, which ``watch`` uses between rebuilds): hundreds of
    tests load copies of the same bundled games; a file whose text an edit changed, and every
    file that fails to parse, is parsed again."""
    from printandplay.data.yamlio import parse_cache

    store: dict[tuple[str, str], object] = {}
    with parse_cache(store):
        yield store


@pytest.fixture(scope="session")
def bundled_kits(tmp_path_factory: pytest.TempPathFactory) -> KitsBuild:
    """The bundled kits, A4, each built once per test process when first read (in-process:
    coverage sees the build; ``build all`` would build in child processes). The files whose
    tests read them share an xdist worker: ``pytestmark = pytest.mark.xdist_group(KITS_GROUP)``."""
    from helpers import KitsBuild

    return KitsBuild(tmp_path_factory.mktemp("bundled-kits"))


@pytest.fixture(scope="session")
def serve_out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The output folder of the ``serve`` tests' applications: the gallery they share is drawn
    once per process (those tests share a worker: ``xdist_group(SERVE_GROUP)``)."""
    return tmp_path_factory.mktemp("serve-out")


@pytest.fixture
def python_gc_thresholds() -> Iterator[None]:
    """Python's own collector thresholds (700, 10, 10) for the test: the suite collects garbage
    less often (``pytest_collection_finish``), and a test of what the collector does, or of
    the memory a build leaves, must see it as a user's process would."""
    import gc

    suite = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    try:
        yield
    finally:
        gc.set_threshold(*suite)


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty project folder to work in (the current folder), without an icons folder
    from the environment."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PRINTANDPLAY_GAME_ICONS", raising=False)
    return tmp_path


@pytest.fixture
def repo_root() -> Path:
    """The repository root (holds cards/, templates/, fonts/)."""
    return ROOT


@pytest.fixture
def golden(request: pytest.FixtureRequest) -> Callable[[str, str], None]:
    """Compare text with ``tests/golden/<name>``; ``--update-golden`` rewrites it."""
    update = request.config.getoption("--update-golden")

    def check(name: str, text: str) -> None:
        path = GOLDEN / name
        if update or not path.exists():
            if not update:
                pytest.fail(f"golden file {path} is missing: run pytest --update-golden")
            path.write_text(text, encoding="utf-8")
            return
        expected = path.read_text(encoding="utf-8")
        assert text == expected, f"{name} differs from its golden file (pytest --update-golden)"

    return check


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    """Collect the garbage once, then freeze what is left: pytest then collects five times
    more to report unraisable exceptions (a finalizer that raised), each pass walking every
    object of the session (modules, caches: ~0.15 s each); the frozen ones are skipped, and
    garbage made after this point is still collected and reported."""
    import gc

    # Free the unreachable cycles now, then move every object still alive into gc's permanent
    # generation, which later collections do not walk (public gc API).
    gc.collect()
    gc.freeze()


# Python's cyclic garbage collector runs every 700 allocations of container objects and, every
# so often, walks every object of the process: with the modules and the caches a session keeps
# (parses, generated template code, planned pages), a tenth of the tests' processor time went
# to it. After collection the objects that exist are frozen (kept out of every later walk), and
# collections run every 50,000 allocations: garbage cycles are still freed (the builds' memory
# stays bounded), in fewer, cheaper passes. The in-process memory guards of
# tests/test_memory.py measure with Python's default thresholds.
GC_THRESHOLDS = (50_000, 20, 100)


def pytest_collection_finish(session: pytest.Session) -> None:
    import gc

    # Freeze what collection made (as above), then collect less often (public gc API).
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
