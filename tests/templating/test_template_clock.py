"""The template budget's clock: processor time, read only once a render has run for the
limit in wall time (a thread uses no more processor time than the time that passes)."""

from __future__ import annotations

import time
from types import SimpleNamespace

import pytest

from printandplay.templating import budget as template_budget
from printandplay.templating.budget import Budget, TemplateLimit
from printandplay.templating.environment import TemplateEnv


class FakeClocks:
    """A wall clock and a processor clock the test moves, counting the processor clock's reads."""

    def __init__(self) -> None:
        self.wall = 100.0
        self.cpu = 7.0
        self.cpu_reads = 0

    def perf_counter(self) -> float:
        return self.wall

    def process_time(self) -> float:
        self.cpu_reads += 1
        return self.cpu


@pytest.fixture
def clocks(monkeypatch: pytest.MonkeyPatch) -> FakeClocks:
    fake = FakeClocks()
    monkeypatch.setattr(template_budget, "time", SimpleNamespace(
        perf_counter=fake.perf_counter, process_time=fake.process_time))
    return fake


def test_the_processor_clock_is_read_only_after_the_limit_in_wall_time(clocks: FakeClocks) -> None:
    budget = Budget()
    assert clocks.cpu_reads == 1  # the start of the render
    clocks.wall += 0.999
    clocks.cpu += 0.999
    for _ in range(1000):
        budget.step()
        budget.spend("abc")
    assert clocks.cpu_reads == 1


def test_a_render_stops_once_past_the_limit_on_both_clocks(clocks: FakeClocks) -> None:
    budget = Budget()
    clocks.wall += 5.0  # waiting (another process ran): the processor clock decides
    clocks.cpu += 0.5
    budget.step()
    assert clocks.cpu_reads == 2
    clocks.cpu += 0.6  # 1.1 s of processor time
    with pytest.raises(TemplateLimit, match="more than 1 s"):
        budget.step()
    with pytest.raises(TemplateLimit, match="more than 1 s"):
        budget.spend("x")


def test_a_reset_restarts_both_clocks(clocks: FakeClocks) -> None:
    budget = Budget()
    clocks.wall += 2.0
    clocks.cpu += 2.0
    budget.reset()
    budget.step()
    clocks.wall += 1.0
    clocks.cpu += 1.5  # threads of the process: more processor time than wall time
    with pytest.raises(TemplateLimit):
        budget.step()


def test_an_ordinary_render_reads_the_processor_clock_once(monkeypatch: pytest.MonkeyPatch) -> None:
    reads = []
    real = time.process_time

    def counted() -> float:
        reads.append(1)
        return real()

    monkeypatch.setattr(template_budget, "time", SimpleNamespace(
        perf_counter=time.perf_counter, process_time=counted))
    env = TemplateEnv()
    reads.clear()
    source = "{% for i in range(500) %}{{ i ~ 'x' }}{% endfor %}"
    assert env.render_string(source, {}, "box").startswith("0x1x2x")
    assert len(reads) == 1  # the budget's reset at the start of the render
