"""``printandplay serve`` from the command line: its refusals (exit 2, one line, before
anything is served) and the real command serving until it is interrupted."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from serve_helpers import ROOT, SERVE_GROUP
from typer.testing import CliRunner

from printandplay.cli import app

pytestmark = pytest.mark.xdist_group(SERVE_GROUP)


@pytest.mark.parametrize(("args", "message"), [
    (["serve", "nosuch"], "unknown game 'nosuch'"),
    (["serve", "../licum"], "../licum"),
    (["serve", "licum", "--port", "70000"], "--port 70000: use a port from 1 to 65535"),
    (["serve", "licum", "--out", ""], "--out ''"),
    (["serve", "--ban-list", "x.yaml"], "--ban-list goes with GAME"),
    (["serve", "licum", "--ban-list", "x.yaml"], "no format of game 'licum' has a ban_list"),
])
def test_serve_refuses_bad_options(args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2, result.output
    assert message in result.output


def test_serve_refuses_a_port_in_use_and_an_output_that_is_a_file(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(app, ["serve", "licum", "--port", str(port)])
    assert result.exit_code == 2 and f"--port {port}: cannot listen on 127.0.0.1" in result.output
    (tmp_path / "file").write_text("x", encoding="utf-8")
    result = CliRunner().invoke(app, ["serve", "licum", "--out", str(tmp_path / "file")])
    assert result.exit_code == 2 and "is a file, not a folder" in result.output


def test_serve_prints_its_address_serves_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-m", "printandplay", "serve", "licum", "--out", str(tmp_path / "out")],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert process.stdout is not None
        url = process.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:") and url.endswith("/games/licum"), url
        with urllib.request.urlopen(url, timeout=30) as page:
            assert 'data-game="licum"' in page.read().decode()
        process.send_signal(signal.SIGINT)
        process.wait(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode in (0, 130), process.stderr.read() if process.stderr else ""
    assert {p.name for p in tmp_path.iterdir()} <= {"out"}  # nothing written elsewhere
