"""A face cache shared by builds with other options gives each build its own faces: a face
drawn with ``--ink-saver`` (or ``--debug-boxes``) is not another build's face."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import bundled_assets

from printandplay.planning.face_cache import FaceCache
from printandplay.planning.options import BuildOptions
from printandplay.planning.planner import KitPlanner


@pytest.mark.parametrize("option", ["ink_saver", "debug_boxes"])
def test_a_shared_cache_keeps_faces_apart_by_option(option: str) -> None:
    assets = bundled_assets("sorciers")
    component = next(c for c in assets.game.components if c.count)
    flag: dict[str, Any] = {option: True}
    plain, other = BuildOptions(), BuildOptions(**flag)
    cache = FaceCache()
    cache.start("env")
    first = KitPlanner(assets, plain, cache).face(component, component.front, "front")
    second = KitPlanner(assets, other, cache).face(component, component.front, "front")
    expected = KitPlanner(assets, other).face(component, component.front, "front")
    assert first.ops != expected.ops  # the option changes this face
    assert second.ops == expected.ops
    assert cache.composed == 2
