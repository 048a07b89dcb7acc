"""The hardening runner: every case of ``tests/hardening/cases/*.yaml`` runs the CLI in-process
on a fresh temporary project folder and asserts no traceback, the exit code, a fragment of the
message, that a previous PDF is untouched by a failed run, and a time bound.

The case format and the generators are documented in ``tests/hardening/README.md``.
"""

from __future__ import annotations

import os
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import load_yaml, small_template_budget
from typer.testing import CliRunner

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hardening_generators import GENERATORS  # noqa: E402

from printandplay.cli import app  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CASES_DIR = Path(__file__).resolve().parent / "cases"
PREVIOUS_PDF = b"%PDF-1.4\n% a previous build: must survive a failed run\n%%EOF\n"
CASE_KEYS = {"id", "game", "edits", "args", "exit", "message", "timeout", "note"}
EDIT_KINDS = {"replace", "write", "append", "write_hex", "symlink", "write_file", "mkdir"}
DEFAULT_TIMEOUT = 5.0


def load_cases() -> list[dict[str, Any]]:
    """Every case of every ``cases/*.yaml``, checked for shape and unique ids."""
    cases: list[dict[str, Any]] = []
    seen: dict[str, str] = {}
    for path in sorted(CASES_DIR.glob("*.yaml")):
        data = load_yaml(path) or []
        assert isinstance(data, list), f"{path.name}: a list of cases"
        for case in data:
            assert isinstance(case, dict) and "id" in case, f"{path.name}: a case without id"
            case_id = case["id"]
            assert case_id not in seen, f"duplicate case id {case_id!r} ({seen.get(case_id)})"
            seen[case_id] = path.name
            unknown = set(case) - CASE_KEYS
            assert not unknown, f"{path.name}: {case_id}: unknown keys {sorted(unknown)}"
            assert isinstance(case.get("args"), list), f"{case_id}: args must be a list"
            assert isinstance(case.get("exit"), int), f"{case_id}: exit must be a number"
            case["_file"] = path.name
            cases.append(case)
    return cases


CASES = load_cases()


def _inside(root: Path, relative: str) -> Path:
    path = root / relative
    assert not Path(relative).is_absolute() and ".." not in Path(relative).parts, (
        f"edit paths stay inside the project folder: {relative!r}")
    return path


def _link_or_copy(source: str, target: str) -> None:
    """Put ``source`` at ``target`` as a hard link (a fraction of a copy's cost), or copy it
    where the two folders are on different file systems."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def copy_game(game: str, project: Path) -> None:
    """Lay the bundled ``game`` (its ``cards/`` and ``templates/`` folders, or an example
    game's of ``examples/``) into ``project``:
    real folders, and files hard-linked to the repository's. An edit first makes the file it
    changes a file of its own (:func:`_own_file`); the engine only reads game files (its outputs
    are written to new files, then renamed), which :func:`bundled_games_unchanged` checks
    after the cases."""
    for part in ("cards", "templates"):
        source = ROOT / part / game
        if not (ROOT / "cards" / game).is_dir():  # an example game (examples/cards/…)
            source = ROOT / "examples" / part / game
        if source.is_dir():
            shutil.copytree(source, project / part / game, symlinks=True,
                            copy_function=_link_or_copy)


def _own_file(path: Path) -> None:
    """Make ``path``, when it is a regular file, a file of its own: the same bytes, no longer
    shared with the repository through a hard link."""
    if path.is_file() and not path.is_symlink() and path.stat().st_nlink > 1:
        data = path.read_bytes()
        path.unlink()
        path.write_bytes(data)


def apply_edit(root: Path, edit: dict[str, Any]) -> None:
    """Apply one edit (see README.md) inside the project folder ``root``."""
    kinds = set(edit) & EDIT_KINDS
    assert "path" in edit and len(kinds) == 1, f"bad edit {edit!r}"
    path = _inside(root, edit["path"])
    kind = kinds.pop()
    _own_file(path)
    if kind != "replace":
        path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "replace":
        text = path.read_text(encoding="utf-8")
        assert edit["replace"] in text, f"{edit['path']}: text to replace not found"
        assert "with" in edit, f"{edit['path']}: replace needs 'with'"
        path.write_text(text.replace(edit["replace"], str(edit["with"]), 1), encoding="utf-8")
    elif kind == "write":
        path.write_text(str(edit["write"]), encoding="utf-8")
    elif kind == "append":
        with path.open("a", encoding="utf-8") as handle:
            handle.write(str(edit["append"]))
    elif kind == "write_hex":
        path.write_bytes(bytes.fromhex(str(edit["write_hex"])))
    elif kind == "symlink":
        if path.exists() or path.is_symlink():
            path.unlink()
        path.symlink_to(str(edit["symlink"]))
    elif kind == "write_file":
        name = edit["write_file"]
        assert name in GENERATORS, f"unknown generator {name!r} (known: {sorted(GENERATORS)})"
        path.write_bytes(GENERATORS[name]())
    elif kind == "mkdir":
        path.mkdir(parents=True, exist_ok=True)


def output_name(game: str, args: list[str]) -> str:
    """The name of the PDF that ``build`` writes for ``args`` (A4, the default folder): a build
    of some sections is named after them (``charlie-tuiles-a4.pdf``). A case that builds only
    the section holding the box it breaks (``--sections``: the documents before it are not
    composed) still finds its previous PDF where the build would write."""
    from printandplay.planning.sections import slug

    sections: list[str] = []
    if "--sections" in args:
        value = args[args.index("--sections") + 1]
        sections = [slug(name) for name in value.split(",") if name.strip()]
    return "-".join([game, *sections]) + "-a4.pdf"


def _game_of(case: dict[str, Any]) -> str | None:
    if case.get("game"):
        return str(case["game"])
    args = [str(a) for a in case["args"]]
    if len(args) > 1 and (ROOT / "cards" / args[1] / "game.yaml").is_file():
        return args[1]
    return None


class CaseTimeout(BaseException):
    """A case ran far past its time bound (a BaseException: the CLI does not catch it)."""


@pytest.fixture
def alarm() -> Iterator[Any]:
    """``alarm(seconds)`` aborts a hung case with CaseTimeout (main thread, POSIX)."""
    usable = hasattr(signal, "setitimer")

    def handler(signum: int, frame: object) -> None:
        raise CaseTimeout("the case hung")

    previous = signal.signal(signal.SIGALRM, handler) if usable else None

    def arm(seconds: float) -> None:
        if usable:
            signal.setitimer(signal.ITIMER_REAL, seconds)

    yield arm
    if usable:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _bundled_files() -> dict[Path, bytes]:
    return {path: path.read_bytes() for part in ("cards", "templates", "examples")
            for path in sorted((ROOT / part).rglob("*")) if path.is_file()}


@pytest.fixture(scope="module", autouse=True)
def bundled_games_unchanged() -> Iterator[None]:
    """The cases work on hard links to the bundled games' files: after them, every file of the
    repository's ``cards/``, ``templates/`` and ``examples/`` still has its bytes."""
    before = _bundled_files()
    yield
    after = _bundled_files()
    changed = sorted(str(p.relative_to(ROOT)) for p in before.keys() | after.keys()
                     if before.get(p) != after.get(p))
    assert not changed, f"a case changed the repository's game files: {changed}"


@pytest.fixture(scope="module")
def cases_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where each case makes its own folder (``tmp_path`` would scan the growing temporary
    folder and link its latest entry at every case)."""
    return tmp_path_factory.mktemp("cases")


# Each file of cases is an xdist group: its cases run on one worker, which sets up the module's
# fixtures once for them, and the workers share the cases out by file.
PARAMS = [pytest.param(case, id=case["id"],
                       marks=pytest.mark.xdist_group(f"hardening-{case['_file']}"))
          for case in CASES]


@pytest.mark.parametrize("case", PARAMS)
def test_case(case: dict[str, Any], cases_folder: Path, monkeypatch: pytest.MonkeyPatch,
              alarm: Any) -> None:
    project = Path(tempfile.mkdtemp(prefix=f"{case['id']}-", dir=cases_folder)) / "project"
    project.mkdir()
    game = _game_of(case)
    if case.get("game"):
        copy_game(str(case["game"]), project)
    for edit in case.get("edits") or []:
        apply_edit(project, edit)
    previous = None
    if game is not None:
        candidate = project / "build" / game / output_name(game, [str(a) for a in case["args"]])
        if not candidate.exists() and not candidate.is_symlink():  # an edit may have put one
            candidate.parent.mkdir(parents=True, exist_ok=True)
            candidate.write_bytes(PREVIOUS_PDF)
            previous = candidate
    monkeypatch.chdir(project)
    # a template that runs until its budget stops it stops at a smaller one here (the bundled
    # templates fit it many times over): test_template_sandbox checks the real default
    small_template_budget(monkeypatch)
    args = [str(a).replace("{tmp}", str(project)) for a in case["args"]]
    timeout = float(case.get("timeout", DEFAULT_TIMEOUT))
    runner = CliRunner()
    # Two bounds: the alarm stops a case that waits or hangs (wall time, generous), and the
    # processor time the case used must stay under its bound — the clock a busy machine (CI,
    # parallel workers) does not inflate.
    alarm(max(3 * timeout, timeout + 20))
    start = time.process_time()
    result = runner.invoke(app, args, catch_exceptions=True)
    elapsed = time.process_time() - start
    alarm(0)
    output = result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{case['id']}: uncaught {result.exception!r}\n{output}")
    assert "Traceback" not in output, output
    assert result.exit_code == case["exit"], f"{case['id']}: exit {result.exit_code}\n{output}"
    if case.get("message"):
        assert str(case["message"]).lower() in output.lower(), (
            f"{case['id']}: expected {case['message']!r} in\n{output}")
    if previous is not None and result.exit_code != 0:
        assert previous.is_file(), f"{case['id']}: the previous PDF was removed"
        assert previous.read_bytes() == PREVIOUS_PDF, f"{case['id']}: the previous PDF changed"
    assert elapsed <= timeout, f"{case['id']}: used {elapsed:.1f} s of processor time (bound {timeout} s)"


def test_cases_are_many_and_cover_every_command() -> None:
    cli_cases = [c for c in CASES if c["_file"] == "cli.yaml"]
    assert len(cli_cases) >= 50
    commands = {str(c["args"][0]) for c in cli_cases if c["args"]}
    assert {"games", "cards", "build", "check", "validate", "print-deck", "calibrate",
            "oups"} <= commands


def test_edits_stay_inside_the_project_folder(tmp_path: Path) -> None:
    for path in ("../escape.txt", "/tmp/escape.txt", "a/../../escape.txt"):
        with pytest.raises(AssertionError, match="stay inside"):
            apply_edit(tmp_path, {"path": path, "write": "x"})
    apply_edit(tmp_path, {"path": "a/b.txt", "write": "x"})
    apply_edit(tmp_path, {"path": "a/b.txt", "replace": "x", "with": "y"})
    apply_edit(tmp_path, {"path": "a/b.txt", "append": "z"})
    assert (tmp_path / "a/b.txt").read_text() == "yz"
    apply_edit(tmp_path, {"path": "c.bin", "write_hex": "00ff"})
    assert (tmp_path / "c.bin").read_bytes() == b"\x00\xff"
    apply_edit(tmp_path, {"path": "d", "mkdir": True})
    assert (tmp_path / "d").is_dir()
    apply_edit(tmp_path, {"path": "e", "symlink": "d"})
    assert (tmp_path / "e").is_symlink()


def test_generators_are_deterministic_and_shaped() -> None:
    for name, generate in GENERATORS.items():
        assert generate() == generate(), name
    assert GENERATORS["png_bomb"]()[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(GENERATORS["big_file_11mb"]()) > 11 * 1024 * 1024 - 100
    assert GENERATORS["png_truncated"]() == GENERATORS["png_small"]()[:len(GENERATORS["png_truncated"]())]


def test_the_previous_pdf_goes_where_the_build_writes() -> None:
    from printandplay.kit.build import output_path
    from printandplay.planning.options import BuildOptions

    for args, sections in ((["build", "charlie"], ()),
                           (["build", "charlie", "--sections", "tuiles"], ("tuiles",)),
                           (["build", "licum", "--sections", "Cartes de Jeu,mises-au-jeu"],
                            ("Cartes de Jeu", "mises-au-jeu"))):
        game = args[1]
        assert output_name(game, args) == output_path(game, BuildOptions(sections=sections)).name
    sectioned = [c for c in CASES if "--sections" in map(str, c["args"]) and c["exit"] != 0]
    assert sectioned  # the cases that build one section still check their previous PDF
