"""Tests of the legibility rules: WCAG contrast, the fill under a text, and the face checks."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import FakeMetrics, copy_kit, replace_once
from typer.testing import CliRunner, Result

from printandplay.cli import app
from printandplay.layout.fills import PAPER
from printandplay.layout.legibility import (
    contrast_ratio,
    fill_under,
    hex_color,
    relative_luminance,
)
from printandplay.model.geometry import Rect
from printandplay.model.ops import EllipseOp, GroupOp, ImageOp, RectOp

runner = CliRunner()
BLACK = (0.0, 0.0, 0.0)
WHITE = (1.0, 1.0, 1.0)


def rgb(text: str) -> tuple[float, float, float]:
    return tuple(int(text[i:i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]


# --- WCAG contrast ---------------------------------------------------------------------------


def test_luminance_of_black_and_white() -> None:
    assert relative_luminance(BLACK) == 0.0
    assert relative_luminance(WHITE) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("a", "b", "ratio"),
    [
        ("#000000", "#ffffff", 21.0),
        ("#ffffff", "#ffffff", 1.0),
        ("#777777", "#ffffff", 4.48),  # the classic just-below-AA grey
        ("#f2b632", "#c25a17", 2.41),  # Licum's DIFFICULTÉ label before the fix
    ],
)
def test_contrast_ratio(a: str, b: str, ratio: float) -> None:
    assert contrast_ratio(rgb(a), rgb(b)) == pytest.approx(ratio, abs=0.01)
    assert contrast_ratio(rgb(b), rgb(a)) == pytest.approx(ratio, abs=0.01)


def test_hex_color() -> None:
    assert hex_color((1.0, 0.5, 0.0)) == "#ff8000"


# --- the fill under a text ---------------------------------------------------------------------

TEXT = Rect(10, 10, 20, 5)
RED = (0.8, 0.1, 0.1)
BLUE = (0.1, 0.1, 0.8)


def test_no_fill_is_the_paper() -> None:
    assert fill_under([], TEXT, FakeMetrics()) == PAPER


def test_the_last_opaque_fill_covering_the_text_wins() -> None:
    drawn = [RectOp(0, 0, 100, 100, RED), RectOp(5, 5, 40, 20, BLUE),
             RectOp(50, 50, 10, 10, WHITE)]  # later, elsewhere
    assert fill_under(drawn, TEXT, FakeMetrics()) == BLUE


def test_an_ellipse_covers_the_text_only_if_all_its_corners_are_inside() -> None:
    round_fill = EllipseOp(0, 0, 40, 25, BLUE)
    assert fill_under([RectOp(0, 0, 100, 100, RED), round_fill], TEXT, FakeMetrics()) == BLUE
    small = EllipseOp(12, 10, 10, 5, BLUE)  # under part of the text: not its background
    assert fill_under([RectOp(0, 0, 100, 100, RED), small], TEXT, FakeMetrics()) == RED


def test_translucent_fill_is_measured_over_its_base_and_an_image_means_no_solid_fill() -> None:
    base = RectOp(0, 0, 100, 100, RED)
    veil = RectOp(0, 0, 100, 100, BLUE, opacity=0.5)  # what it prints over the red (issue 28)
    assert fill_under([base, veil], TEXT, FakeMetrics()) == pytest.approx((0.45, 0.1, 0.45))
    edge = RectOp(TEXT.x + TEXT.w / 2, 0, 100, 100, BLUE, opacity=0.5)  # across the text
    assert fill_under([base, edge], TEXT, FakeMetrics()) is None
    picture = GroupOp((1.0, 0.0, 0.0, 1.0, 5.0, 5.0), (ImageOp("photo", 0, 0, 30, 30),))
    assert fill_under([base, picture], TEXT, FakeMetrics()) is None
    away = GroupOp((1.0, 0.0, 0.0, 1.0, 60.0, 60.0), (ImageOp("photo", 0, 0, 30, 30),))
    assert fill_under([base, away], TEXT, FakeMetrics()) == RED


# --- the checks when building ------------------------------------------------------------------

LAYOUTS = "templates/charlie/layouts.yaml"
REFERENCE = 'color: "#656169", text: "{{ card.id }}"}'


def build(tmp_path: Path, whole: bool = False) -> Result:
    """Build the tiles of the copied Charlie (the section whose layouts hold the ``reference``
    box these tests edit): the checks run as in a whole build, on 2 sheets instead of 6;
    ``whole``: the whole kit."""
    sections = [] if whole else ["--sections", "tuiles"]
    return runner.invoke(app, ["build", "charlie", *sections, "--out", str(tmp_path / "out")])


def test_text_under_min_font_size_names_card_and_box(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    work = copy_kit("charlie", tmp_path, monkeypatch)
    replace_once(work / LAYOUTS, "width: 40mm, height: 3mm, size: 6,",
                 "width: 40mm, height: 3mm, size: 5,")
    result = build(tmp_path)
    assert result.exit_code == 2, result.output
    output = result.output
    assert "cards/charlie/tuiles.yaml:15: tuile 'CHA-LIOP-1' (back), box 'reference'" in output
    assert "text at 5 pt is smaller than min_font_size 6 pt" in output
    assert "Traceback" not in output


def test_min_font_size_is_set_in_game_yaml(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    work = copy_kit("charlie", tmp_path, monkeypatch)
    replace_once(work / LAYOUTS, "width: 40mm, height: 3mm, size: 6,",
                 "width: 40mm, height: 3mm, size: 5,")
    replace_once(work / "cards/charlie/game.yaml", "kit:", "min_font_size: 5\n\nkit:")
    result = build(tmp_path)
    assert result.exit_code == 0, result.output


def test_min_font_size_must_be_a_size(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    work = copy_kit("charlie", tmp_path, monkeypatch)
    replace_once(work / "cards/charlie/game.yaml", "kit:", "min_font_size: 0\n\nkit:")
    result = build(tmp_path)
    assert result.exit_code == 2
    assert "cards/charlie/game.yaml" in result.output
    assert "min_font_size" in result.output


def test_text_that_would_shrink_under_min_font_size_does_not_fit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    work = copy_kit("charlie", tmp_path, monkeypatch)
    replace_once(work / LAYOUTS, "width: 40mm, height: 3mm, size: 6,",
                 "width: 4mm, height: 3mm, size: 9, min_size: 2,")
    result = build(tmp_path)
    assert result.exit_code == 2
    assert "box 'reference'" in result.output
    assert "does not fit even at 6 pt" in result.output


def test_contrast_under_3_to_1_is_refused(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    work = copy_kit("charlie", tmp_path, monkeypatch)
    replace_once(work / LAYOUTS, REFERENCE, 'color: "#e8e0d0", text: "{{ card.id }}"}')
    result = build(tmp_path)
    assert result.exit_code == 2
    output = result.output
    assert "box 'reference'" in output and "#e8e0d0 on #fff8ea" in output
    assert "below the 3:1 contrast" in output


def test_contrast_under_4_5_to_1_warns_once_per_box(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    work = copy_kit("charlie", tmp_path, monkeypatch)
    replace_once(work / LAYOUTS, REFERENCE, 'color: "#8a8590", text: "{{ card.id }}"}')
    result = build(tmp_path, whole=True)  # once in the whole kit, documents included
    assert result.exit_code == 0, result.output
    output = result.output
    assert output.count("warning:") == 1
    assert "box 'reference'" in output and "#8a8590 on #fff8ea (3.4:1)" in output
    assert "4.5:1" in output


def test_documents_are_held_to_min_font_size(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from printandplay.kit.newgame import new_game

    monkeypatch.chdir(tmp_path)
    new_game(tmp_path, "kit", cards=3)
    game_yaml = tmp_path / "cards/kit/game.yaml"
    replace_once(game_yaml, "kit:", "document_style:\n  size: 5.5\n\nkit:")
    result = runner.invoke(app, ["build", "kit"])
    assert result.exit_code == 2, result.output
    assert "templates/kit/regles.md.j2:" in result.output
    assert "text at 5.5 pt is smaller than min_font_size 6 pt" in result.output
    assert "Traceback" not in result.output
    replace_once(game_yaml, "kit:", "min_font_size: 5\n\nkit:")
    result = runner.invoke(app, ["build", "kit"])
    assert result.exit_code == 0, result.output
