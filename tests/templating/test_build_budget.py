"""The renders of one build share a budget (issue 26): many cards that each stay under the
render's limits still end in bounded time; a new build starts with the full budget."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from helpers import small_template_budget

from printandplay.errors import LayoutError
from printandplay.templating import budget as template_budget
from printandplay.templating.budget import Budget, TemplateLimit
from printandplay.templating.environment import TemplateEnv

STEPS = 2_000


def _busy(env: TemplateEnv) -> str:
    return env.render_string(f"{{% for i in range({STEPS * 9 // 10}) %}}{{% endfor %}}ok", {},
                             "box")


def test_the_renders_of_a_build_share_its_step_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    small_template_budget(monkeypatch, steps=STEPS)  # a build: 25 renders' worth of steps
    env = TemplateEnv()
    done = 0
    with pytest.raises(LayoutError, match=r"more than 50,000 loop iterations and calls in all "
                                          r"\(limit per build\)"):
        for _ in range(100):
            _busy(env)
            done += 1
    assert done == 27  # 27 × 1,800 steps fit in 50,000; the 28th render stops
    env.start_build()  # the next build (watch keeps its environment)
    assert _busy(env) == "ok"


def test_the_build_stops_past_its_time_on_both_clocks(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = SimpleNamespace(wall=0.0, cpu=0.0)
    monkeypatch.setattr(template_budget, "time", SimpleNamespace(
        perf_counter=lambda: clock.wall, process_time=lambda: clock.cpu))
    budget = Budget()
    for _ in range(30):  # 30 renders of 0.5 s: 15 s of renders, but a busy machine: 5 s used
        budget.reset()
        clock.wall += 0.5
        clock.cpu += 0.1
        budget.finish()
    budget.reset()  # more than 10 s of renders, but not of processor time: goes on
    clock.cpu += template_budget.MAX_BUILD_SECONDS
    with pytest.raises(TemplateLimit, match=r"more than 10 s in all \(limit per build\)"):
        budget.reset()
    budget.start_build()
    budget.reset()


def test_the_build_budget_is_larger_than_a_render_budget() -> None:
    assert template_budget.MAX_BUILD_STEPS >= 5 * template_budget.MAX_STEPS
    assert template_budget.MAX_BUILD_SECONDS >= 10 * template_budget.MAX_SECONDS


def test_a_namespace_is_sized_by_what_is_set_in_it() -> None:
    """Templates' ``namespace()`` counts the attributes given to it and those set later
    (``{% set ns.a = … %}``), so a value built from it is refused before it is built."""
    from printandplay.templating.budget import BoundedNamespace, approx_len

    ns = BoundedNamespace(a="x" * 10)
    ns["b"] = "y" * 5_000
    assert approx_len(ns) > 5_000
    assert approx_len([ns] * 300, limit=10**8) > 300 * 5_000
    env = TemplateEnv()
    with pytest.raises(LayoutError, match="too large"):
        env.render_string("{% set ns = namespace() %}{% set ns.a = 'x' * 999999 %}"
                          "{{ ([ns] * 300)|join }}", {}, "box")
