"""Planned pages shared between the test files of the bundled kits: :func:`shared_plan`,
:func:`kit_pages` and :func:`body_pages`.

A bundled kit is planned once per test process for each set of build options, and the plans of
one game share their composed faces and paginated documents (the watch cache,
:class:`~printandplay.face_cache.FaceCache`, keyed on everything that draws them: the design,
the card, the game-wide values, the bleed, the debug boxes, a document's text, page and style):
the fold, simplex, Letter, short-flip and margin plans of a kit compose only what its A4 plan
did not. The faces of an ink-saver plan are kept apart (the cache's keys do not name that
option). ``tests/test_build_pdf.py`` compares these plans with a planner of its own, without the
cache, page for page."""

from __future__ import annotations

from dataclasses import fields
from functools import cache
from typing import Any

from helpers import bundled_assets, guide_length

from printandplay.face_cache import FaceCache
from printandplay.pages import PageSpec
from printandplay.planning.options import BuildOptions
from printandplay.planning.planner import KitPlanner

_DEFAULTS = {field.name: getattr(BuildOptions(), field.name) for field in fields(BuildOptions)}
_FACES: dict[tuple[str, bool, bool], FaceCache] = {}


@cache
def _planned(game: str, options: tuple[tuple[str, Any], ...]) -> tuple[PageSpec, ...]:
    chosen = BuildOptions(**dict(options))
    faces = _FACES.setdefault((game, chosen.ink_saver, chosen.debug_boxes), FaceCache())
    return tuple(KitPlanner(bundled_assets(game), chosen, faces).kit_pages())


def shared_plan(game: str, **options: Any) -> tuple[PageSpec, ...]:
    """The pages the bundled ``game``'s kit prints with these build options, in print order
    (read them only). The options a build takes by default are left out of the key:
    ``shared_plan("licum")``, ``shared_plan("licum", flip="long")`` and ``kit_pages("licum")``
    are one plan. Option values must be hashable."""
    kept = {name: value for name, value in options.items() if value != _DEFAULTS[name]}
    kept["paper"] = options.get("paper", _DEFAULTS["paper"])
    return _planned(game, tuple(sorted(kept.items())))


def kit_pages(game: str, paper: str = "a4") -> tuple[PageSpec, ...]:
    """The pages the bundled ``game``'s kit prints, in print order (what `build` writes)."""
    return shared_plan(game, paper=paper)


def body_pages(game: str, paper: str = "a4") -> tuple[PageSpec, ...]:
    """The kit's pages after its printing guide: the rules, then the sheets."""
    pages = kit_pages(game, paper)
    return pages[guide_length(pages):]

