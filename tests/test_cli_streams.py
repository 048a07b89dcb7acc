"""Issue 26, what the hardening cases cannot express (real processes, signals, environment
variables, special files): standard output that cannot encode the text or cannot be written,
``watch`` stopped by SIGTERM, and ``new`` that cannot write."""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import IO, Any

import pytest
from typer.testing import CliRunner

from printandplay.cli import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent


def _run(args: list[str], cwd: Path, stdout: int | IO[Any] = subprocess.PIPE,
         **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "printandplay", *args], cwd=cwd, text=True,
                          stdout=stdout, stderr=subprocess.PIPE, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT), **env})


def test_ascii_standard_output_shows_what_it_cannot_encode_as_question_marks(
        tmp_path: Path) -> None:
    result = _run(["check", "limits"], tmp_path, PYTHONIOENCODING="ascii")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("? limits: composition checked"), result.stdout
    assert "Traceback" not in result.stderr


def test_ascii_standard_output_escapes_json(tmp_path: Path) -> None:
    """JSON loses nothing: characters beyond ASCII are escaped, and read back the same."""
    result = _run(["cards", "charlie", "--format", "json"], tmp_path, PYTHONIOENCODING="ascii")
    assert result.returncode == 0, result.stderr
    assert result.stdout.isascii()
    utf8 = _run(["cards", "charlie", "--format", "json"], tmp_path)
    assert json.loads(result.stdout) == json.loads(utf8.stdout)
    assert not utf8.stdout.isascii()  # (the names have accents: the test can fail)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["games"], ["check", "limits"],
                                  ["cards", "charlie", "--format", "json"]])
def test_full_standard_output_is_one_error_line(tmp_path: Path, args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        result = _run(args, tmp_path, stdout=full)
    assert result.returncode == 2, result.stderr
    assert result.stderr.strip() == ("error: cannot write to standard output: No space left "
                                     "on device"), result.stderr


def test_sigterm_stops_watch_with_exit_143(tmp_path: Path) -> None:
    """The file watcher turns any signal into ``KeyboardInterrupt``: SIGTERM is still 143,
    with its line, as the README says (Ctrl-C stops watching, with exit code 0)."""
    process = subprocess.Popen([sys.executable, "-m", "printandplay", "watch", "charlie",
                                "--out", str(tmp_path / "out")], cwd=tmp_path, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env={**os.environ, "PYTHONPATH": str(ROOT)})
    deadline = time.monotonic() + 60
    assert process.stdout is not None
    while "watching" not in process.stdout.readline():  # first build done, waiting for saves
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline
    process.send_signal(signal.SIGTERM)
    _, stderr = process.communicate(timeout=30)
    assert process.returncode == 143, stderr
    assert stderr.strip().splitlines()[-1] == "terminated"


def test_new_over_a_dangling_symlink_leaves_nothing(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "dang").symlink_to("nowhere")
    result = runner.invoke(app, ["new", "dang"])
    assert result.exit_code == 2, result.output
    assert "already exists (a symlink)" in result.output
    assert sorted(p.name for p in (tmp_path / "cards").iterdir()) == ["dang"]
    assert not (tmp_path / "templates").exists()


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes in a read-only folder")
def test_new_in_a_read_only_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    tmp_path.chmod(0o555)
    try:
        result = runner.invoke(app, ["new", "jeu"])
    finally:
        tmp_path.chmod(0o755)
    assert result.exit_code == 2, result.output
    assert "no permission to write" in result.output
    assert list(tmp_path.iterdir()) == []


def test_new_refuses_templates_that_is_a_file(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "templates").write_text("a file", encoding="utf-8")
    result = runner.invoke(app, ["new", "jeu"])
    assert result.exit_code == 2, result.output
    assert "templates is a file, not a folder" in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["templates"]


def test_new_that_fails_while_writing_removes_what_it_staged(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A disk that fills up while the scaffold is written: one error line, and no game nor
    staging folder left."""
    def disk_full(path: Path, context: object) -> str:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("printandplay.kit.newgame._render", disk_full)
    result = runner.invoke(app, ["new", "jeu"])
    assert result.exit_code == 2, result.output
    assert "cannot write the new game" in result.output
    assert "No space left on device" in result.output
    assert [p for p in tmp_path.rglob("*") if not p.is_dir()] == []
    assert not (tmp_path / "cards" / "jeu").exists()
    assert list((tmp_path / "cards").iterdir()) == []
