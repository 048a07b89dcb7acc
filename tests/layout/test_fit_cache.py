"""The fitted-text cache keeps short texts (titles, costs) apart from long ones, both bounded."""

from __future__ import annotations

from typing import Any

from printandplay.layout import face_plan
from printandplay.layout.face_plan import FITS_MAX, SHORT_FITS_MAX, SHORT_TEXT, FitCache


def _key(source: str) -> tuple[Any, ...]:
    return (source, 100.0, 20.0, 0)


def test_short_texts_outlive_many_long_ones() -> None:
    cache = FitCache(6.0)
    fitted: Any = object()
    cache.put(_key("Sifflet"), fitted)
    for index in range(3 * FITS_MAX):  # rules texts, each met once
        cache.put(_key(f"{index:05d} " + "mot " * SHORT_TEXT), None)
    assert cache.get(_key("Sifflet")) == (True, fitted)
    assert cache.repeated
    assert cache.get(_key("x" * SHORT_TEXT)) == (False, None)
    assert not cache.repeated
    long_text = "y" * (SHORT_TEXT + 1)
    cache.put(_key(long_text), fitted)
    assert cache.get(_key(long_text)) == (True, fitted)
    assert cache.get(_key("00000 " + "mot " * SHORT_TEXT)) == (False, None)  # pushed out


def test_both_parts_stay_bounded() -> None:
    cache = FitCache(6.0)
    for index in range(3 * SHORT_FITS_MAX):
        cache.put(_key(f"t{index}"), None)
        cache.put(_key(f"{index} " + "z" * SHORT_TEXT), None)
    assert len(cache._short) <= SHORT_FITS_MAX  # noqa: SLF001
    assert len(cache._fits) <= FITS_MAX  # noqa: SLF001
    assert face_plan.SHORT_TEXT < 100
