"""Icons set in text are seen on what they lie over (issue 28: the red damage icons on the red
Sorciers cards): the icon's silhouette against the fill under it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from helpers import ROOT, bundled_assets, copy_kit

from printandplay.data.svg import parse_svg
from printandplay.kit.assets import load_assets
from printandplay.layout.fills import layers
from printandplay.layout.icon_contrast import check_icons_over, icon_seen
from printandplay.model.color import RGB
from printandplay.model.icon import Icon
from printandplay.model.ops import GroupOp, IconOp, RectOp
from printandplay.planning.face_cache import FaceCache
from printandplay.planning.options import BuildOptions
from printandplay.planning.planner import KitPlanner
from printandplay.project import Resources

ICONS = ROOT / "templates" / "sorciers" / "icons"
RED, VIOLET, BLACK, CREAM = ((0xc4 / 255, 0x37 / 255, 0x2c / 255),
                             (0x7a / 255, 0x3e / 255, 0xa6 / 255),
                             (0x2e / 255, 0x28 / 255, 0x33 / 255), (1.0, 0.97, 0.92))
DARK = '<g stroke="#241b35" stroke-width="{w}">'
# the damage icon before issue 28: a red disc in a thin dark ring (3.1:1 on red)
OLD_DAMAGE = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
              + DARK.format(w=6) + '<circle cx="50" cy="50" r="44" fill="#c4372c"/>'
              '<circle cx="50" cy="50" r="33" fill="none" stroke="#f2a59c" stroke-width="4"/>'
              '<path d="M 56 14 L 44 38 L 60 50" fill="none" stroke-width="12"/></g></svg>')
BANANA = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">' + DARK.format(w=5)
          + '<path d="M 10 50 L 90 50 L 50 90 Z" fill="#f7d23e"/></g></svg>')


def icon(text: str) -> Icon:
    return parse_svg(text, source="test.svg", icon_id="test")


def seen(drawing: Icon, under: RGB) -> bool:
    return icon_seen(drawing.edges, (0.0, 0.0, 0.0), under)[2]


def test_a_red_disc_in_a_thin_dark_ring_is_not_seen_on_red_a_white_ring_is() -> None:
    old = icon(OLD_DAMAGE)
    new = icon((ICONS / "degat.svg").read_text("utf-8"))
    assert not seen(old, RED) and not seen(old, BLACK)
    assert seen(old, CREAM)
    assert all(seen(new, under) for under in (RED, VIOLET, BLACK, CREAM))


def test_a_halo_that_blends_into_paper_leaves_the_icon_judged_by_what_it_holds() -> None:
    flame = icon((ICONS / "flamme.svg").read_text("utf-8"))
    assert flame.edges[0].fill == (1.0, 1.0, 1.0)  # the white halo first
    assert seen(flame, VIOLET) and seen(flame, CREAM)  # (on cream: the flame in its ring)
    banana = icon(BANANA)  # yellow on cream (1.4:1), in a dark ring of 15:1
    assert seen(banana, CREAM)
    hairline = icon(BANANA.replace('stroke-width="5"', 'stroke-width="1"'))
    assert not seen(hairline, CREAM)  # a ring of 1 % of the icon does not carry it


def test_an_icon_in_a_text_box_over_its_own_colour_is_a_warning() -> None:
    drawing = icon(OLD_DAMAGE)
    card = RectOp(0, 0, 100, 100, fill=RED)
    text = GroupOp((1, 0, 0, 1, 10, 10), (IconOp("degat", 5, 5, 10, 10, (0.0, 0.0, 0.0)),))
    warned: list[str] = []
    check_icons_over([text], layers([card]), lambda name: drawing.edges, "carte 'X'",
                     lambda key, message: warned.append(message))
    assert len(warned) == 1 and "icon 'degat'" in warned[0] and "on #c4372c" in warned[0]
    warned.clear()
    cream = RectOp(0, 0, 100, 100, fill=CREAM)
    check_icons_over([cream, text], layers([card]), lambda name: drawing.edges, "carte 'X'",
                     lambda key, message: warned.append(message))
    assert not warned


@pytest.mark.parametrize("ink_saver", [False, True])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", ["charlie", "licum", "limits", "oups", "sorciers"])
def test_the_bundled_kits_show_every_icon_in_text_and_in_icon_boxes(game: str, paper: str,
                                                                     ink_saver: bool) -> None:
    """Not one icon warning, backs' emblems included (fold, simplex and the other modes print
    the same faces)."""
    planner = KitPlanner(bundled_assets(game), BuildOptions(ink_saver=ink_saver, paper=paper),
                         FaceCache())
    for _ in planner.iter_kit_pages():
        pass
    assert not [w for w in planner.composer.warnings if "icon '" in w]


# Limits' heart before issue 28: a red heart in a dark rim (3.3:1), its pale highlight 2.6:1
OLD_HEART = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
             '<g stroke="#24212b" stroke-width="5" stroke-linejoin="round">'
             '<path d="M 50 90 C 22 70 6 52 6 32 C 6 17 17 8 30 8 C 39 8 46 13 50 21 C 54 13 61 8 '
             '70 8 C 83 8 94 17 94 32 C 94 52 78 70 50 90 Z" fill="#d7263d"/>'
             '<path d="M 24 22 C 19 25 17 30 18 36" fill="none" stroke="#f7a8b3"/></g></svg>')


def copied_kit(tmp_path: Path, game: str) -> Path:
    """The bundled ``game`` copied under ``tmp_path`` (cards, templates, fonts)."""
    copy_kit(game, tmp_path)
    shutil.copytree(ROOT / "fonts", tmp_path / "fonts")
    return tmp_path


def test_an_icon_box_is_judged_as_an_icon_in_text(tmp_path: Path) -> None:
    """The heart of Limits' red cards, drawn by icon boxes on the red card and on the dark
    backs, without its white halo: warned of, on the red and on the back's blue."""
    root = copied_kit(tmp_path, "limits")
    (root / "templates" / "limits" / "icons" / "rouge.svg").write_text(OLD_HEART, "utf-8")
    planner = KitPlanner(load_assets(Resources((root, ROOT)), "limits"), BuildOptions())
    for _ in planner.iter_kit_pages():
        pass
    warned = [w for w in planner.composer.warnings if "icon 'rouge'" in w]
    assert any("box 'symbole-haut'" in w and "on #d7263d" in w for w in warned), warned
    assert any("(back)" in w and "on #34467a" in w for w in warned), warned


def test_the_old_damage_icon_is_caught_on_the_red_cards(tmp_path: Path) -> None:
    copied_kit(tmp_path, "sorciers")
    (tmp_path / "templates" / "sorciers" / "icons" / "degat.svg").write_text(OLD_DAMAGE,
                                                                             "utf-8")
    planner = KitPlanner(load_assets(Resources((tmp_path, ROOT)), "sorciers"), BuildOptions())
    for _ in planner.iter_kit_pages():
        pass
    warned = [w for w in planner.composer.warnings if "icon 'degat'" in w]
    assert warned and any("on #c4372c" in w for w in warned), planner.composer.warnings
