"""The older runs' temporary folders are swept at the start, as pytest would at exit."""

from __future__ import annotations

import os
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from _pytest.tmpdir import TempPathFactory
from temp_sweep import start_sweep


def _factory(**options: Any) -> TempPathFactory:
    settings: dict[str, Any] = {"given_basetemp": None, "retention_count": 3,
                                "retention_policy": "all"}
    settings.update(options)
    return TempPathFactory(trace=lambda *args: None, _ispytest=True, **settings)


def _config(factory: TempPathFactory, cleanups: list) -> SimpleNamespace:
    return SimpleNamespace(_tmp_path_factory=factory, add_cleanup=cleanups.append)


@pytest.fixture
def temp_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A root of pytest's numbered folders holding five older runs, each with files."""
    monkeypatch.setenv("PYTEST_DEBUG_TEMPROOT", str(tmp_path))
    user = os.environ.get("USER") or os.environ.get("LOGNAME") or "root"
    root = tmp_path / f"pytest-of-{user}"
    for number in range(1, 6):
        folder = root / f"pytest-{number}" / "case" / "project"
        folder.mkdir(parents=True)
        (folder / "cards.yaml").write_text("x: 1\n", encoding="utf-8")
    return root


def test_older_runs_are_swept_beside_the_collection(temp_root: Path) -> None:
    cleanups: list = []
    factory = _factory()
    pid = start_sweep(_config(factory, cleanups))  # type: ignore[arg-type]
    assert pid is not None and len(cleanups) == 1
    cleanups[0]()  # the session's end waits for the sweeper
    base = factory.getbasetemp()
    left = sorted(p.name for p in base.parent.iterdir() if p.name.startswith("pytest-")
                  and p.name != "pytest-current")
    # as pytest's own handler at exit: the three newest runs are kept, this one included
    assert base.name == "pytest-6"
    assert left == ["pytest-4", "pytest-5", "pytest-6"]
    assert (base.parent / "pytest-5" / "case" / "project" / "cards.yaml").is_file()


def test_a_given_basetemp_is_left_to_pytest(tmp_path: Path) -> None:
    cleanups: list = []
    factory = _factory(given_basetemp=tmp_path / "given")
    assert start_sweep(_config(factory, cleanups)) is None  # type: ignore[arg-type]
    assert cleanups == []
