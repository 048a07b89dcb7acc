"""Papers given as ``WIDTHxHEIGHT`` in millimetres (``--paper 200x300``), beside the presets."""

from __future__ import annotations

import pytest

from printandplay.data.presets import load_presets, resolve_paper
from printandplay.errors import OptionError
from printandplay.model.game import Size
from printandplay.units import MM


def test_a_paper_in_millimetres_is_that_size() -> None:
    size = resolve_paper("200x300.5", load_presets())
    assert size == Size(200 * MM, 300.5 * MM)
    assert resolve_paper("a4", load_presets()) == Size(210 * MM, 297 * MM)


def test_a_paper_too_small_is_refused() -> None:
    with pytest.raises(OptionError, match="width and height must be from"):
        resolve_paper("10x300", load_presets())
