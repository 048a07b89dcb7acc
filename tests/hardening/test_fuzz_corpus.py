"""Replays the fuzz corpus: every file of ``fuzz_corpus/<target>/`` is fed to its reader
(fuzz_targets.TARGETS) and must give a result or a one-line input error, quickly. Inputs that
once crashed (found by test_fuzz.py or by hand) are kept here as regression data; the few
still crashing on this branch are listed in ``fuzz_corpus/xfail.yaml`` with a reason."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fuzz_targets as targets  # noqa: E402

CORPUS = Path(__file__).resolve().parent / "fuzz_corpus"
XFAIL: dict[str, str] = yaml.safe_load((CORPUS / "xfail.yaml").read_text(encoding="utf-8")) or {}
FILES = sorted(p for p in CORPUS.glob("*/*") if p.is_file())


def _param(path: Path) -> object:
    key = f"{path.parent.name}/{path.name}"
    marks = [pytest.mark.xfail(reason=XFAIL[key], strict=False)] if key in XFAIL else []
    return pytest.param(path, id=key, marks=marks)


def test_corpus_is_not_empty_and_xfails_exist() -> None:
    assert {p.parent.name for p in FILES} >= set(targets.TARGETS) | set(targets.BYTE_TARGETS)
    names = {f"{p.parent.name}/{p.name}" for p in FILES}
    assert set(XFAIL) <= names, f"xfail.yaml lists missing files: {set(XFAIL) - names}"


@pytest.mark.parametrize("path", [_param(p) for p in FILES])
def test_corpus_input(path: Path) -> None:
    start = time.monotonic()
    if path.parent.name in targets.BYTE_TARGETS:
        targets.BYTE_TARGETS[path.parent.name](path.read_bytes())
    else:  # anything but a result or an input error escapes and fails the test
        targets.TARGETS[path.parent.name](path.read_text(encoding="utf-8"))
    assert time.monotonic() - start < 5
