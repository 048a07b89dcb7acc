"""Planned pages shared between test files: :func:`shared_plan`."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from helpers import planned_pages

from printandplay.pages import PageSpec
from printandplay.planning.options import BuildOptions

_DEFAULTS = {field.name: getattr(BuildOptions(), field.name) for field in fields(BuildOptions)}


def shared_plan(game: str, **options: Any) -> tuple[PageSpec, ...]:
    """:func:`helpers.planned_pages`, with the options a build would take by default left out
    and the paper always named: ``shared_plan("licum")``, ``shared_plan("licum", flip="long")``
    and ``kit_pages("licum")`` share one plan per test process (a kit plan costs 0.1–0.6 s)."""
    kept = {name: value for name, value in options.items() if value != _DEFAULTS[name]}
    kept["paper"] = options.get("paper", _DEFAULTS["paper"])
    return planned_pages(game, **kept)
