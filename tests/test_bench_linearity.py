"""The benchmark's linearity goal: growth per card is flagged, a fixed cost is not."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import bench_module


@pytest.fixture(scope="module")
def bench() -> Any:
    return bench_module("bench_build_linearity")


def _rows(*points: tuple[int, float]) -> list[dict[str, Any]]:
    return [{"cards": n, "engine": {"seconds": t}} for n, t in points]


def _verdict(bench: Any, *points: tuple[int, float]) -> bool:
    rows = _rows(*points)
    (n0, t0), (n1, t1) = points[0], points[-1]
    lin = {"engine": (t1 / n1) / (t0 / n0), "lines": {"engine": bench._line(rows, "engine")}}
    return bool(bench.linear_ok(lin))


def test_a_line_gives_its_slope_and_fixed_cost(bench: Any) -> None:
    line = bench._line(_rows((1000, 0.45), (10_000, 3.6), (100_000, 35.1)), "engine")
    assert line["per_card_ms"] == pytest.approx(0.35)
    assert line["fixed_ms"] == pytest.approx(100.0)
    assert line["marginal"] == [1.0]


def test_a_fixed_cost_is_not_growth(bench: Any) -> None:
    # 0.35 ms a card + 100 ms: the time per card at 10,000 is 0.81 of that at 1,000
    assert _verdict(bench, (1000, 0.45), (10_000, 3.6))
    assert _verdict(bench, (1000, 0.45), (10_000, 3.6), (100_000, 35.1))


def test_growth_per_card_is_flagged(bench: Any) -> None:
    assert not _verdict(bench, (1000, 0.40), (10_000, 4.5))  # 1.125 per card
    # the first two sizes look linear, the cards from 10,000 to 100,000 cost 20 % more each
    assert not _verdict(bench, (1000, 0.45), (10_000, 3.6), (100_000, 41.4))
