"""Planned pages shared between the test files of the bundled kits: :func:`shared_plan`,
:func:`kit_pages` and :func:`body_pages`, over :func:`helpers.planned_pages` (one plan per
game and set of options in a test process, the plans of a game sharing their faces)."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from helpers import guide_length, kit_pages, planned_pages

from printandplay.pages import PageSpec
from printandplay.planning.options import BuildOptions

__all__ = ["body_pages", "kit_pages", "shared_plan"]

_DEFAULTS = {field.name: getattr(BuildOptions(), field.name) for field in fields(BuildOptions)}


def shared_plan(game: str, **options: Any) -> tuple[PageSpec, ...]:
    """The pages the bundled ``game``'s kit prints with these build options, in print order
    (read them only). The options a build takes by default are left out of the key:
    ``shared_plan("licum")``, ``shared_plan("licum", flip="long")`` and ``kit_pages("licum")``
    are one plan. Option values must be hashable."""
    kept = {name: value for name, value in options.items() if value != _DEFAULTS[name]}
    kept["paper"] = options.get("paper", _DEFAULTS["paper"])
    return planned_pages(game, **kept)


def body_pages(game: str, paper: str = "a4") -> tuple[PageSpec, ...]:
    """The kit's pages after its printing guide: the rules, then the sheets."""
    pages = kit_pages(game, paper)
    return pages[guide_length(pages):]

