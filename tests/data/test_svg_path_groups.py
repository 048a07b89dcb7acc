"""Path data read a whole argument group at a time (``svg_path._GROUPS``) gives exactly what
reading one number after another gives: the same segments, or the same error."""

from __future__ import annotations

import random
import re

import pytest

from printandplay.data import svg_path
from printandplay.data.svg_numbers import SvgSyntaxError

_PIECES = ["0", "1", "12", "123", "-4", "+5", ".5", "-.5", "1.5.5", "1e3", "2E-2", "1e999",
           "-1e999", "1e10", "999999999", "1000000001", "0.0001e5", "7.", "e5", "1e", "--1",
           "."]
_SEPARATORS = ["", " ", ",", " , ", "\n", ",,", "\t ", " -"]
_LETTERS = "MmLlHhVvCcSsQqTtAaZz"


def _read(data: str) -> object:
    try:
        return svg_path.parse_path(data)
    except SvgSyntaxError as error:
        return ("error", error.message, error.offset)


def _random_path(rng: random.Random) -> str:
    parts = [rng.choice("Mm")]
    for _ in range(rng.randint(1, 12)):
        if rng.random() < 0.2:
            parts.append(rng.choice(_LETTERS))
        parts.append(rng.choice(_SEPARATORS))
        parts.append(rng.choice(_PIECES))
    return "".join(parts)


@pytest.mark.parametrize("data", [
    "M0 0L10 10", "M1,2 3,4 5,6", "M123", "M1.5.5", "M1e999 0", "M1e10 0", "M0 0 L1000000001 0",
    "M0 0C1 2 3 4 5 6 7 8 9 10 11 12z", "m1-2-3-4", "M.5.5.5.5", "M0 0H10V10H0Z",
    "M0 0 c1,2,3,4,5", "M 1 2 , 3 4", "M0,0,", "M0 0 Q1 1 2 2 T3 3 S4 4 5 5",
    "M0 0 A5 5 0 1 0 10 10", "M0 0a5 5 0 1110 10"])
def test_known_paths_read_alike(data: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fast = _read(data)
    monkeypatch.setattr(svg_path, "_GROUPS", {n: re.compile("(?!)") for n in range(1, 8)})
    assert _read(data) == fast


def test_random_paths_read_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(15)
    paths = [_random_path(rng) for _ in range(3000)]
    fast = [_read(p) for p in paths]
    assert any(not isinstance(r, tuple) or r[0] != "error" for r in fast)  # some valid ones
    monkeypatch.setattr(svg_path, "_GROUPS", {n: re.compile("(?!)") for n in range(1, 8)})
    for data, result in zip(paths, fast, strict=True):
        assert _read(data) == result, data
