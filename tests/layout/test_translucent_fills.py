"""A translucent fill is measured over what lies under it (issue 28): the contrast checks run
on what is printed, so a veil of dark ink over a pale tint is judged as the grey it prints."""

from __future__ import annotations

import pytest
from helpers import bundled_assets

from printandplay.layout.fills import UNKNOWN, fill_over, group_fill, layers
from printandplay.model.ops import GroupOp, ImageOp, RectOp, TextOp
from printandplay.planning.options import BuildOptions
from printandplay.planning.planner import KitPlanner

WHITE = (1.0, 1.0, 1.0)
INK = (0.2, 0.2, 0.2)


def test_a_veil_over_a_known_fill_prints_their_blend() -> None:
    below = layers([RectOp(0, 0, 100, 100, WHITE),
                    RectOp(10, 10, 50, 20, INK, opacity=0.25)])
    assert fill_over(below, (20, 15, 40, 25)) == pytest.approx((0.8, 0.8, 0.8))
    assert fill_over(below, (5, 15, 40, 25)) is None  # half on the veil: not one colour
    assert fill_over(below, (70, 70, 80, 80)) == WHITE
    group = GroupOp((1.0, 0.0, 0.0, 1.0, 0.0, 0.0), (TextOp(20, 15, "Visée", "R", 7.0, WHITE),))
    assert group_fill(group, (20, 15, 40, 25), below) == pytest.approx((0.8, 0.8, 0.8))


def test_a_veil_over_an_image_stays_unknown() -> None:
    below = layers([ImageOp("art", 0, 0, 100, 100), RectOp(0, 0, 100, 100, INK, opacity=0.5)])
    assert fill_over(below, (20, 15, 40, 25)) is None
    group = GroupOp((1.0, 0.0, 0.0, 1.0, 0.0, 0.0), (TextOp(20, 15, "x", "R", 7.0, WHITE),))
    assert group_fill(group, (20, 15, 40, 25), below) == UNKNOWN


def test_sorciers_ink_saver_prints_its_targeting_rule_readably() -> None:
    """The 'Visée' pill of the attack cards, a veil of 22 % ink, is drawn pale too and its text
    in the card's colour: no contrast warning (it was white on light grey, 1.9:1)."""
    planner = KitPlanner(bundled_assets("sorciers"), BuildOptions(ink_saver=True,
                                                                  sections=("attaque",)))
    pages = planner.kit_pages()
    assert any(p.placements for p in pages)
    assert [w for w in planner.composer.warnings if "contrast" in w] == []
