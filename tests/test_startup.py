"""Start-up: commands that draw nothing import neither ReportLab nor Pillow.

The real command line runs in a fresh interpreter (a child forked, per command, from one fresh
interpreter that imported only ``printandplay.cli``, which every command imports first: the same
modules at start, one interpreter start-up and one import of the CLI for all); what it imported
is read from ``sys.modules`` at exit. (How long start-up takes is measured by benchmarks/bench_build.py, not
here: timings in tests are flaky.)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
DECKS = ROOT / "tests" / "fixtures" / "games" / "decks"
HEAVY = ("reportlab", "PIL")

PROBE = """
import sys
sys.argv = ["printandplay", *sys.argv[1:]]
from printandplay.cli import main
code = 0
try:
    main()
except SystemExit as exit:
    code = exit.code
loaded = sorted({name.split(".")[0] for name in sys.modules})
ours = sorted(name for name in sys.modules if name.startswith("printandplay."))
metadata = "importlib.metadata" in sys.modules
import json  # after the modules are listed: what the command imported, not the probe
print("MODULES=" + json.dumps({"code": code, "loaded": loaded, "ours": ours,
                               "metadata": metadata}), file=sys.stderr)
"""


def checkout_env() -> dict[str, str]:
    """The environment of a fresh interpreter that imports this checkout's package, not
    whichever one is installed."""
    return {**os.environ, "PYTHONPATH": os.pathsep.join(
        p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)}


# One fresh interpreter forks a child per command: each child starts from the modules of a
# fresh interpreter's start-up, as ``python -c`` would, without paying for the interpreter's
# start each time. The interpreter imports ``printandplay.cli`` first (PROBE's first import,
# the same in every command, and reading neither the arguments nor the current folder): the
# children share that import, and what they list in ``sys.modules`` is what a command's own
# process holds at its end, the CLI's modules included. A request may name a folder to put on
# ``sys.path`` where ``PYTHONPATH`` would (after its other entries), and another probe to run
# (``CODES``).
_SERVER = """
import os, sys
import printandplay.cli
after_pythonpath = 1 + len([p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])
for line in sys.stdin.buffer:
    cwd, out, extra_path, code_name, *args = line.rstrip(b"\\n").decode().split("\\0")
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
            os.dup2(fd, 1)
            err = os.open(out + ".err", os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
            os.dup2(err, 2)
            null = os.open(os.devnull, os.O_RDONLY)
            os.dup2(null, 0)
            sys.stdin = open(0, closefd=False)
            os.chdir(cwd)
            sys.argv = ["-c", *args]
            if extra_path:
                sys.path.insert(after_pythonpath, extra_path)
            exec(compile(CODES[code_name], "<string>", "exec"), {"__name__": "__main__"})
            code = 0
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
    os.waitpid(pid, 0)
    sys.stdout.write("done\\n")
    sys.stdout.flush()
"""


class _Forks:
    """The interpreter that forks a child per command (started when first asked)."""

    def __init__(self) -> None:
        self.process: subprocess.Popen[str] | None = None
        self.count = 0

    def run(self, args: list[str], cwd: Path, folder: Path, *, code: str = "cli",
            extra_path: Path | None = None) -> tuple[str, str]:
        """Standard output and error of ``printandplay ARGS`` in ``cwd`` (run by :data:`PROBE`
        in a forked child; ``folder`` holds its output files), or of another probe of
        :data:`CODES`; ``extra_path`` is put on ``sys.path`` as ``PYTHONPATH``'s last entry."""
        if self.process is None:
            env = {**checkout_env(), "COLUMNS": "80"}
            self.process = subprocess.Popen(
                [sys.executable, "-c", f"CODES = {CODES!r}\n{_SERVER}"], env=env,
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert self.process.stdin is not None and self.process.stdout is not None
        self.count += 1
        out = folder / f"probe-{self.count}.out"
        self.process.stdin.write("\0".join([str(cwd), str(out), str(extra_path or ""), code,
                                            *args]) + "\n")
        self.process.stdin.flush()
        assert self.process.stdout.readline() == "done\n"
        return (out.read_text(encoding="utf-8"),
                Path(f"{out}.err").read_text(encoding="utf-8"))

    def close(self) -> None:
        if self.process is not None:
            assert self.process.stdin is not None
            self.process.stdin.close()
            self.process.wait(timeout=60)
            self.process = None


_FORKS = _Forks()
_REPORTS: dict[tuple[tuple[str, ...], Path], tuple[str, dict[str, Any]]] = {}


@pytest.fixture(scope="module", autouse=True)
def _forks_closed() -> Iterator[None]:
    yield
    _FORKS.close()


def _probe(args: list[str], cwd: Path) -> tuple[str, dict[str, Any]]:
    """Standard output and the report (exit code, top-level modules, the package's modules) of
    ``printandplay ARGS`` run in ``cwd`` by a fresh interpreter's forked child, 80 columns
    wide. The tests only read what a command imported: each distinct command runs once per
    test process."""
    key = (tuple(args), cwd)
    if key not in _REPORTS:
        with tempfile.TemporaryDirectory() as folder:
            stdout, stderr = _FORKS.run(args, cwd, Path(folder))
        line = next(x for x in reversed(stderr.splitlines()) if x.startswith("MODULES="))
        _REPORTS[key] = stdout, json.loads(line.removeprefix("MODULES="))
    return _REPORTS[key]


def run_cli(args: list[str], cwd: Path) -> tuple[int, str, list[str]]:
    """Exit code, standard output and top-level modules imported by ``printandplay ARGS``."""
    output, report = _probe(args, cwd)
    return report["code"], output, report["loaded"]


@pytest.fixture(scope="module")
def small_deck(tmp_path_factory: pytest.TempPathFactory) -> Path:
    deck = tmp_path_factory.mktemp("startup") / "petit-deck.txt"
    deck.write_text("Équipe: Rouges\nPréparation\n1 Avant-Match\n1 Entre-Période\nJeu\n"
                    "1 Anne Bourque\n", encoding="utf-8")
    return deck


@pytest.fixture(scope="module")
def empty_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A current folder without any game of its own."""
    return tmp_path_factory.mktemp("empty")


def test_validate_imports_neither_reportlab_nor_pillow(small_deck: Path) -> None:
    code, output, loaded = run_cli(["validate", "licum", str(small_deck)], DECKS)
    assert code == 1, output  # the deck breaks rules: the whole validation ran
    assert "INVALID" in output and "LIC-DECK-TEAM" in output
    assert not set(HEAVY) & set(loaded), loaded


def test_validate_json_imports_neither_reportlab_nor_pillow(small_deck: Path) -> None:
    code, output, loaded = run_cli(["validate", "licum", str(small_deck), "--format", "json"],
                                   DECKS)
    assert code == 1
    assert json.loads(output)["valid"] is False
    assert not set(HEAVY) & set(loaded), loaded


def test_help_imports_neither_reportlab_nor_pillow(empty_folder: Path) -> None:
    code, output, loaded = run_cli(["--help"], empty_folder)
    assert code == 0
    assert "validate" in output and "build" in output
    assert not set(HEAVY) & set(loaded), loaded


def our_modules(args: list[str], cwd: Path) -> list[str]:
    """The modules of the ``printandplay`` package that ``printandplay ARGS`` imports."""
    return list(_probe(args, cwd)[1]["ours"])


# Help is click's plain formatting: Rich and markdown-it (~0.15 s to import) are not needed
# to print it, nor Rich's console to print a deck's report.
RICH = ("rich", "markdown_it", "pygments")


def test_help_imports_no_rich(empty_folder: Path) -> None:
    code, output, loaded = run_cli(["--help"], empty_folder)
    assert code == 0
    assert "Commands:" in output and "print-deck" in output
    assert not set(RICH) & set(loaded), loaded


def test_validate_imports_no_rich_nor_the_build_chain(small_deck: Path) -> None:
    code, _, loaded = run_cli(["validate", "licum", str(small_deck)], DECKS)
    assert code == 1
    assert not {*RICH, "jinja2", "json"} & set(loaded), loaded  # json: for --format json
    ours = our_modules(["validate", "licum", str(small_deck)], DECKS)
    heavy = [m for m in ours if m.split(".")[1] in ("build", "render", "layout", "planning",
                                                    "assets", "cli.build_all")]
    assert not heavy, heavy


def test_the_console_script_prints_what_the_app_prints(small_deck: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The console script prepares only the command it runs (for the app's own help, the
    commands' names and help without their parameters); the output is the same as the whole
    app's (in-process, ``CliRunner``)."""
    from cli_runner import CliRunner

    from printandplay.cli import app

    monkeypatch.setenv("COLUMNS", "80")  # the same width for the fresh interpreter
    for args in (["validate", "licum", str(small_deck)],
                 ["--debug", "validate", "licum", str(small_deck), "--format", "json"],
                 ["validate", "--help"],
                 ["--help"], ["-h"], []):  # the app's help: commands listed, not prepared
        code, output, _ = run_cli(args, DECKS)
        monkeypatch.chdir(DECKS)
        result = CliRunner().invoke(app, args, env={"COLUMNS": "80"})
        assert (code, output) == (result.exit_code, result.stdout), args


def test_plain_help_lists_each_command_with_its_whole_first_paragraph() -> None:
    """click would cut a command's summary to one line ("…"); the list keeps it whole."""
    from cli_runner import CliRunner

    from printandplay.cli import app

    result = CliRunner().invoke(app, ["--help"], terminal_width=80)
    assert result.exit_code == 0
    listing = result.output.split("Commands:")[1]
    assert "..." not in listing
    flat = " ".join(listing.split())
    assert ("export Export GAME: PNGs of every face (--png), a Tabletop Simulator deck (--tts), "
            "or the files print-on-demand shops take") in flat
    assert "oups Oups Magie ! rule calculators." in flat
    assert max(len(line) for line in result.output.splitlines()) <= 80


# What the options probe imports (run as PROBE is, in a child of the probing interpreter).
OPTIONS_PROBE = """
import sys
from printandplay.planning.options import BuildOptions
assert BuildOptions(fold=True).duplex is False
print(sorted({name.split('.')[0] for name in sys.modules}))
"""
CODES = {"cli": PROBE, "options": OPTIONS_PROBE}


def test_build_options_import_neither_reportlab_nor_pillow(tmp_path: Path) -> None:
    """What the user chose is read (by the CLI's option parsing, by ``watch``) before anything
    is drawn: ``planning/options.py`` stays apart from the planner and its renderer."""
    loaded, errors = _FORKS.run([], tmp_path, tmp_path, code="options")
    assert "printandplay" in loaded, errors
    assert not any(f"'{heavy}'" in loaded for heavy in HEAVY), loaded


def test_help_reads_installed_commands_without_importlib_metadata(tmp_path: Path,
                                                                  empty_folder: Path) -> None:
    """``--help`` lists the commands installed packages declare; when no distribution's
    ``entry_points.txt`` names the group, :mod:`importlib.metadata` (a fifth of the start-up)
    is not imported. When one does, its commands are listed."""
    stdout, shared = _probe(["--help"], empty_folder)  # (the other tests' run: no extra path)
    assert shared["code"] == 0 and shared["metadata"] is False
    assert "essai" not in stdout

    site = tmp_path / "site"
    info = site / "essai_pkg-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: essai-pkg\nVersion: 1.0\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text(
        "[printandplay.commands]\nessai = essai_pkg:COMMANDS\n", encoding="utf-8")
    (site / "essai_pkg.py").write_text(
        "from printandplay.rules.commands import GameCommand\n"
        "COMMANDS = [GameCommand('essai', 'somme', 'Add numbers.', (), print,\n"
        "                        group_help='Essai calculators.')]\n", encoding="utf-8")
    stdout, stderr = _FORKS.run(["--help"], tmp_path, tmp_path, extra_path=site)
    line = next(x for x in reversed(stderr.splitlines()) if x.startswith("MODULES="))
    report = json.loads(line.removeprefix("MODULES="))
    assert report["code"] == 0 and report["metadata"] is True
    assert "essai Essai calculators." in " ".join(stdout.split())
