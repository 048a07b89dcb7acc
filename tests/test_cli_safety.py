"""Issue 10, the command line: no traceback ever, exit codes, outputs that cannot be written,
interrupted builds, option limits, Rich markup printed literally, deck-file limits."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from small_games import add_small_game
from typer.testing import CliRunner

from printandplay.cli import app
from printandplay.cli.app import Terminated

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent


def _boom(*args: object, **kwargs: object) -> None:
    raise RuntimeError("boom\nsecond line")


def test_unexpected_exception_is_one_line_exit_3(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("printandplay.kit.catalog.component_records", _boom)
    result = runner.invoke(app, ["cards", "charlie"])
    assert result.exit_code == 3, result.output
    assert "internal error: RuntimeError: boom (rerun with --debug for details)" in result.output
    assert "Traceback" not in result.output
    assert "second line" not in result.output


def test_debug_shows_the_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("printandplay.kit.catalog.component_records", _boom)
    result = runner.invoke(app, ["--debug", "cards", "charlie"])
    assert result.exit_code == 3
    assert "Traceback (most recent call last)" in result.output
    assert "internal error: RuntimeError: boom" in result.output


@pytest.mark.parametrize(("exception", "code", "message"), [
    (KeyboardInterrupt, 130, "interrupted"),
    (Terminated, 143, "terminated"),
])
def test_interruptions(monkeypatch: pytest.MonkeyPatch, exception: type[BaseException],
                       code: int, message: str) -> None:
    def interrupt(*args: object, **kwargs: object) -> None:
        raise exception()

    monkeypatch.setattr("printandplay.kit.catalog.component_records", interrupt)
    result = runner.invoke(app, ["cards", "charlie"])
    assert result.exit_code == code
    assert result.output.strip() == message


def test_help_documents_the_exit_codes() -> None:
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    for fragment in ("--debug", "3 internal error", "130 interrupted"):
        assert fragment in result.output


def _previous_pdf(folder: Path, name: str = "charlie-a4.pdf") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    previous = folder / name
    previous.write_bytes(b"%PDF-previous")
    return previous


@pytest.mark.parametrize(("out", "message"), [
    ("afile", "afile is a file, not a folder"),
    ("afile/sub", "is a file, not a folder"),
    ("/dev/null", "a system folder"),
    ("/proc/self", "a system folder"),
    ("/sys", "a system folder"),
    ("", "--out ''"),
    ("  ", "--out ''"),
])
def test_bad_out_folders_exit_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, out: str,
                                message: str) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "afile").write_text("x")
    previous = _previous_pdf(tmp_path / "build" / "charlie")
    for args in (["build", "charlie", "--out", out], ["calibrate", "--out", out]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, result.output
        assert message in result.output
        assert len(result.output.strip().splitlines()) == 1
    assert previous.read_bytes() == b"%PDF-previous"


def test_output_pdf_path_that_is_a_folder(tmp_path: Path) -> None:
    (tmp_path / "charlie-a4.pdf").mkdir()
    start = time.monotonic()
    result = runner.invoke(app, ["build", "charlie", "--out", str(tmp_path)])
    assert result.exit_code == 2, result.output
    assert "the output PDF path is a folder" in result.output
    assert time.monotonic() - start < 2, "checked before building"


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0,
                    reason="root writes anywhere")
def test_out_folder_without_permission(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        result = runner.invoke(app, ["build", "charlie", "--out", str(locked)])
    finally:
        locked.chmod(0o755)
    assert result.exit_code == 2
    assert "no permission to write" in result.output


def test_stale_temp_files_are_swept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from printandplay.render.temp_files import sweep_stale_temp_files

    add_small_game(tmp_path / "work", "petit")  # any kit: the sweep is the writer's
    monkeypatch.chdir(tmp_path / "work")
    target = tmp_path / "petit-a4.pdf"
    dead_pid = os.fork()  # a process that has ended (and was reaped): its pid is free
    if dead_pid == 0:  # pragma: no cover - the child ends at once
        os._exit(0)
    os.waitpid(dead_pid, 0)
    stale = tmp_path / f".petit-a4.pdf.{dead_pid}.abc123.tmp"
    live = tmp_path / f".petit-a4.pdf.{os.getppid()}.def456.tmp"
    old = tmp_path / ".petit-a4.pdf.xyz789.tmp"
    fresh = tmp_path / ".petit-a4.pdf.uvw012.tmp"
    other = tmp_path / f".limits-a4.pdf.{dead_pid}.abc123.tmp"
    for path in (stale, live, old, fresh, other):
        path.write_bytes(b"partial")
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    result = runner.invoke(app, ["build", "petit", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert target.exists()
    assert not stale.exists() and not old.exists()
    assert live.exists() and fresh.exists() and other.exists()
    assert sweep_stale_temp_files(target) == []


# ``python -m printandplay build petit``, its first page held until a signal comes (the first
# page is written into the temporary file): the signal surely arrives mid-build, however
# fast the build, and the process waits without polling or working meanwhile.
_HELD_BUILD = """
import runpy, sys, time
import printandplay.render.pdf as pdf

real_page = pdf.PdfWriter.page

def held_page(self, *args, **kwargs):
    real_page(self, *args, **kwargs)
    time.sleep(120)  # a signal ends the sleep (its handler raises)

pdf.PdfWriter.page = held_page
sys.argv = ["printandplay", *sys.argv[1:]]
runpy.run_module("printandplay", run_name="__main__", alter_sys=True)
"""


def test_sigterm_mid_build_removes_the_temp_file(tmp_path: Path) -> None:
    """A real process and a real SIGTERM, on a small game (the writer's mechanism is the same
    for every kit)."""
    add_small_game(tmp_path / "work", "petit")
    out = tmp_path / "out"
    previous = _previous_pdf(out, "petit-a4.pdf")
    process = subprocess.Popen([sys.executable, "-c", _HELD_BUILD, "build", "petit", "--out",
                                str(out)], cwd=tmp_path / "work", stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "PYTHONPATH": str(ROOT)})
    deadline = time.monotonic() + 30
    while not list(out.glob(".petit-a4.pdf.*.tmp")):
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline
        time.sleep(0.01)
    process.send_signal(signal.SIGTERM)
    _, stderr = process.communicate(timeout=30)
    assert process.returncode == 143, stderr
    assert stderr.strip() == "terminated"
    assert list(out.glob(".*.tmp")) == []
    assert previous.read_bytes() == b"%PDF-previous"


@pytest.mark.parametrize(("args", "message"), [
    (["build", "charlie", "--back-offset", "nan,nan"], "finite"),
    (["build", "charlie", "--back-offset", "inf,0"], "finite"),
    (["build", "charlie", "--back-offset", "0,-inf"], "finite"),
    (["build", "charlie", "--bleed", "nan"], "--bleed"),
    (["build", "charlie", "--paper", "100000x100000"], "200 in"),
    (["build", "charlie", "--paper", "10x10"], "from 50mm"),
    (["build", "charlie", "--paper", "9" * 400 + "x300"], "unknown paper"),
    (["calibrate", "--paper", "100000x100000"], "200 in"),
    (["build", "charlie/"], "invalid game id"),
    (["build", "../cards/charlie"], "invalid game id"),
    (["cards", "Charlie"], "invalid game id"),
    (["validate", "licum/.", "x.txt"], "invalid game id"),
])
def test_bad_options_are_refused_quickly(args: list[str], message: str) -> None:
    start = time.monotonic()
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert time.monotonic() - start < 2


def _designer_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str) -> Path:
    for part in ("cards", "templates"):
        shutil.copytree(ROOT / part / game, tmp_path / part / game)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_rich_markup_in_names_prints_literally(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    work = _designer_copy(tmp_path, monkeypatch, "charlie")
    game_file = work / "cards/charlie/game.yaml"
    game_file.write_text(game_file.read_text(encoding="utf-8").replace(
        "name: Charlie the Unicorn et le Liopleurodon magique", "name: 'Carrot [/bold]'"),
        encoding="utf-8")
    tiles = work / "cards/charlie/tuiles.yaml"
    tiles.write_text(tiles.read_text(encoding="utf-8").replace(
        "name: Tuile de départ", "name: 'Tuile [red]rouge[/red] [/]'"), encoding="utf-8")
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0, result.output
    assert "Carrot [/bold]" in result.output
    result = runner.invoke(app, ["cards", "charlie"], env={"COLUMNS": "400"})
    assert result.exit_code == 0, result.output
    assert "Tuile [red]rouge[/red] [/]" in result.output


def _deck(tmp_path: Path, name: str, content: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(content)
    return path


@pytest.mark.parametrize(("name", "content", "message"), [
    ("huge.txt", b"Jeu\n1000000000000 Sifflet\n", "at most 1000 per line"),
    ("long.txt", ("Jeu\n1" + "0" * 500 + " Sifflet\n").encode(), "at most 1000 per line"),
    ("many.txt", ("Jeu\n" + "600 Sifflet\n" * 2).encode(), "more than 1000 cards"),
    ("latin.txt", "Équipe: Rouges\nJeu\n1 Sifflet\n".encode("latin-1"), "not UTF-8"),
    ("nul.txt", b"Jeu\n\x001 Sifflet\n", "binary file"),
    ("wide.txt", ("Jeu\n1 " + "a" * 5000 + "\n").encode(), "line too long"),
    ("bomb.yaml", b"a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a]\n"
     b"c: &c [*b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c]\n",
     "expected a line such as"),
], ids=lambda v: v if isinstance(v, str) and v.endswith(("txt", "yaml")) else "")
def test_bad_deck_files(tmp_path: Path, name: str, content: bytes, message: str) -> None:
    deck = _deck(tmp_path, name, content)
    for command in ("validate", "print-deck"):
        start = time.monotonic()
        result = runner.invoke(app, [command, "licum", str(deck), "--out" if command ==
                                     "print-deck" else "--format", str(tmp_path) if command ==
                                     "print-deck" else "text"])
        assert result.exit_code == 2, result.output
        assert message in result.output
        assert time.monotonic() - start < 3


def test_big_deck_file_and_devices_are_refused(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    with big.open("wb") as handle:
        handle.truncate(11 * 1024 * 1024)
    for path, message in ((big, "limited to 10 MB"), (Path("/dev/zero"), "not a regular file"),
                          (tmp_path, "a folder")):
        result = runner.invoke(app, ["validate", "licum", str(path)])
        assert result.exit_code == 2, result.output
        assert message in result.output


def test_print_deck_force_names_each_dropped_card(tmp_path: Path) -> None:
    text = (ROOT / "cards/licum/decks/rouges.txt").read_text(encoding="utf-8")
    deck = _deck(tmp_path, "d.txt", (text + "\nJeu\n2 Carotte [/bold]\n1 Navet\n").encode())
    result = runner.invoke(app, ["print-deck", "licum", str(deck), "--out", str(tmp_path)])
    assert result.exit_code == 1
    result = runner.invoke(app, ["print-deck", "licum", str(deck), "--out", str(tmp_path),
                                 "--force"])
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.output.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 2
    assert "dropping 2 × 'Carotte [/bold]'" in warnings[0]
    assert "'Navet'" in warnings[1]
    assert (tmp_path / "deck-d-a4.pdf").exists()


def test_python_m_ignores_modules_in_the_current_folder(tmp_path: Path) -> None:
    """`python -m printandplay` in a downloaded game's folder: a `yaml.py` there must not run.
    (``check charlie`` reads one game's YAML files: ``games`` read all five, 0.19 s against
    0.11.)"""
    (tmp_path / "yaml.py").write_text("raise SystemExit('shadowed yaml ran')\n", encoding="utf-8")
    root = Path(__file__).resolve().parent.parent
    result = subprocess.run([sys.executable, "-m", "printandplay", "check", "charlie"],
                            cwd=tmp_path,
                            env={**os.environ, "PYTHONPATH": str(root)}, capture_output=True,
                            text=True, timeout=60)
    assert "shadowed yaml ran" not in result.stdout + result.stderr
    assert result.returncode == 0, result.stderr
    assert "charlie" in result.stdout
