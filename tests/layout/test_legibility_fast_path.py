"""The legibility check's fast path (issue 15, round 4): a fitted text's extent, when one fill
lies under all of it, judges its lines without measuring each one — with exactly the outcome
of measuring each line (the same error, the same warnings), whatever lies under the text."""

from __future__ import annotations

import math
import random
from typing import Any, cast

import pytest
from helpers import bundled_assets

from printandplay.errors import LayoutError
from printandplay.layout import fills, legibility
from printandplay.layout.extent import op_extents
from printandplay.layout.fills import layers
from printandplay.layout.legibility import check_text_over
from printandplay.model.ops import EllipseOp, GroupOp, IconOp, ImageOp, Op, RectOp, TextOp
from printandplay.text.fitting import FittedText, TextStyle, fit_text
from printandplay.text.hyphenation import hyphenator_for
from printandplay.text.markup import parse_markup
from printandplay.text.tokens import tokenize

_WORDS = ("ba", "cha", "ton", "mé", "ri", "que", "lon", "gue", "ment", "i", "W", "—", "«")


TEXTS = 250  # random fitted texts, each judged in PLACEMENTS random places
PLACEMENTS = 6  # (1,500 cases: fitting a text costs ~3.5 times judging it four times; 250
# texts in 6 places meet the same 21 outcome kinds, and cover the same lines and branches of
# the package, as 375 texts in 4 places did, and those as 750 texts in 2 places)


@pytest.fixture(scope="module")
def metrics() -> Any:
    return bundled_assets("licum").fonts


@pytest.fixture(scope="module")
def fitted_texts(metrics: Any) -> list[tuple[FittedText, float, float]]:
    """Random texts fitted in random boxes, once for the tests of this module (read only)."""
    rng = random.Random(5)
    return [_fitted(rng, metrics) for _ in range(TEXTS)]


def _source(rng: random.Random) -> str:
    words = []
    for _ in range(rng.randint(1, 40)):
        word = "".join(rng.choice(_WORDS) for _ in range(rng.randint(1, 5)))
        roll = rng.random()
        if roll < 0.08:
            word = f"**{word}**"
        elif roll < 0.12:
            word = f"*{word}*"
        elif roll < 0.15:
            word = f"{word} :icone:"
        elif roll < 0.18:
            word += "\n"
        words.append(word)
    return " ".join(words)


def _fitted(rng: random.Random, metrics: Any) -> tuple[FittedText, float, float]:
    while True:
        style = TextStyle(size=rng.choice((6.0, 9.0, 12.0)), min_size=rng.choice((4.0, 6.0)),
                          leading=rng.choice((1.0, 1.2)),
                          align=rng.choice(("left", "center", "right")),
                          valign=rng.choice(("top", "middle", "bottom")),
                          color=rng.choice(((0.0, 0.0, 0.0), (0.45, 0.45, 0.45),
                                            (0.6, 0.6, 0.6), (1.0, 1.0, 1.0))),
                          bold=rng.random() < 0.2, wrap=rng.random() < 0.9,
                          min_tag_size=rng.choice((0.0, 7.0)))
        items = tokenize(parse_markup(_source(rng)), style, metrics, lambda name: 1.3)
        width, height = rng.uniform(30, 160), rng.uniform(8, 90)
        fitted = fit_text(items, width, height, style, metrics, hyphenator_for("fr"))
        if fitted is not None:
            return fitted, width, height


def _transform(rng: random.Random) -> tuple[float, float, float, float, float, float]:
    x, y = rng.uniform(0, 40), rng.uniform(0, 60)
    roll = rng.random()
    if roll < 0.6:
        return (1.0, 0.0, 0.0, 1.0, x, y)
    if roll < 0.8:  # a quarter turn
        return (0.0, 1.0, -1.0, 0.0, x + 100, y)
    angle = rng.uniform(0, 2 * math.pi)
    return (math.cos(angle), math.sin(angle), -math.sin(angle), math.cos(angle), x + 80, y + 80)


def _layer_ops(rng: random.Random, near: tuple[float, float, float, float]) -> list[Op]:
    """Shapes and images around ``near`` (x, y, right, top): covering it, overlapping it,
    just apart from it (by less than, about and more than Rect.contains' tolerance)."""
    x, y, right, top = near
    ops: list[Op] = []
    for _ in range(rng.randint(0, 5)):
        fill = rng.choice(((1.0, 1.0, 1.0), (0.0, 0.0, 0.0), (0.9, 0.85, 0.7), (0.5, 0.5, 0.5),
                           (0.2, 0.3, 0.8)))
        roll = rng.random()
        if roll < 0.35:  # covering, maybe just so
            pad = rng.choice((-0.02, -0.005, 0.0, 0.005, 0.5, 20.0))
            rect = (x - pad, y - pad, right - x + 2 * pad, top - y + 2 * pad)
        elif roll < 0.7:  # beside: apart or touching
            gap = rng.choice((-3.0, -0.01, 0.0, 0.005, 0.015, 0.03, 2.0))
            w, h = rng.uniform(1, 60), rng.uniform(1, 60)
            side = rng.randrange(4)
            rect = ((right + gap, y, w, h), (x - gap - w, y, w, h),
                    (x, top + gap, w, h), (x, y - gap - h, w, h))[side]
        else:
            rect = (rng.uniform(x - 20, right), rng.uniform(y - 20, top),
                    rng.uniform(1, 80), rng.uniform(1, 80))
        opacity = 1.0 if rng.random() < 0.8 else 0.5
        kind = rng.random()
        if kind < 0.7:
            ops.append(RectOp(*rect, fill=fill, opacity=opacity))
        elif kind < 0.85:
            ops.append(EllipseOp(*rect, fill=fill, opacity=opacity))
        else:
            ops.append(ImageOp("art", *rect))
    return ops


def _outcome(box_ops: list[Op], drawn: list[Any], metrics: Any, min_size: float,
             extent: Any) -> tuple[str, list[str]]:
    warnings: list[str] = []
    try:
        check_text_over(box_ops, drawn, metrics, min_size, "box",
                        lambda seen, message: warnings.append(f"{seen} {message}"),
                        extent=extent)
    except LayoutError as err:
        return str(err), warnings
    return "", warnings


def test_the_extent_holds_every_line_as_measured(
        metrics: Any, fitted_texts: list[tuple[FittedText, float, float]]) -> None:
    for fitted, _, _ in fitted_texts:
        texts = [op for op in fitted.ops if isinstance(op, TextOp)]
        assert fitted.extent is not None
        x0, y0, x1, y1 = fitted.extent
        for op, rect in op_extents(texts, metrics):
            assert rect.x >= x0 - 1e-6 and rect.right <= x1 + 1e-6, op
            assert rect.y >= y0 - 1e-6 and rect.top <= y1 + 1e-6, op


def test_the_fast_path_judges_as_the_long_way(
        metrics: Any, fitted_texts: list[tuple[FittedText, float, float]],
        monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(5)
    fast_taken = 0
    original = fills.group_fill

    def counted(*args: Any) -> Any:
        nonlocal fast_taken
        found = original(*args)
        fast_taken += found is not fills.UNKNOWN
        return found

    monkeypatch.setattr(legibility, "group_fill", counted)
    outcomes = set()
    cases = [fitted for fitted, _, _ in fitted_texts for _ in range(PLACEMENTS)]
    assert len(cases) == 1500
    for fitted in cases:
        assert fitted.extent is not None
        group = GroupOp(_transform(rng), fitted.ops)
        x0, y0, x1, y1 = fitted.extent
        # the extent on the page, where the layers are put
        near = next(iter(op_extents([GroupOp(group.transform,
                                             (RectOp(x0, y0, x1 - x0, y1 - y0),))], metrics)))[1]
        box_ops: list[Op] = _layer_ops(rng, (near.x, near.y, near.right, near.top))[:1]
        box_ops.append(group)
        drawn = layers(_layer_ops(rng, (near.x, near.y, near.right, near.top)))
        min_size = rng.choice((4.0, 6.0, 7.0))
        fast = _outcome(box_ops, drawn, metrics, min_size, fitted.extent)
        slow = _outcome(box_ops, drawn, metrics, min_size, None)
        assert fast == slow
        outcomes.add((fast[0][:20], bool(fast[1])))
    assert fast_taken > 100  # the fast path decided often…
    assert len(outcomes) >= 4  # …over passes, warnings, contrast and size errors


def test_nested_groups_and_loose_texts_go_the_long_way(metrics: Any) -> None:
    text = TextOp(0.0, 0.0, "Bonjour", metrics.select("body", False, False), 9.0,
                  (0.6, 0.6, 0.6))
    dark = layers([RectOp(-50, -50, 200, 200, fill=(0.55, 0.55, 0.55))])
    nested = GroupOp((1.0, 0.0, 0.0, 1.0, 5.0, 5.0),
                     (GroupOp((1.0, 0.0, 0.0, 1.0, 500.0, 0.0), (text,)),
                      IconOp("x", 0, 0, 5, 5, (0, 0, 0))))
    # the extent given does not describe the nested text (moved 500 pt away): not used
    assert _outcome([nested], dark, metrics, 6.0, (0.0, -3.0, 40.0, 10.0)) == \
        _outcome([nested], dark, metrics, 6.0, None)
    assert _outcome([text], dark, metrics, 6.0, (0.0, -3.0, 40.0, 10.0))[0].startswith(
        "box: text colour")


# --- layers of static boxes kept by the design's plan --------------------------------------


def _faces(game_name: str, cached: bool, monkeypatch: pytest.MonkeyPatch,
           grey_panel: bool = False) -> list[object]:
    """Every face of a bundled game composed by one composer (outcome: the face, or the error,
    then the warnings), with the static boxes' layers kept or (``cached=False``) measured
    again at each text box as before."""
    from printandplay.layout import face_plan
    from printandplay.layout.face import FaceComposer
    from printandplay.model.design import Template
    from printandplay.templating.contexts import component_context

    assets = bundled_assets(game_name)  # read only: the composer is this call's own
    game = assets.game
    composer = FaceComposer(assets.templates, assets.fonts, assets.icons.aspect, game.colors,
                            game.language, 3.0, assets.images.aspect if assets.images else None,
                            min_font_size=game.min_font_size)
    designs = dict(assets.designs)
    if grey_panel:  # every static fill a mid grey: texts over it warn or fail
        from dataclasses import replace

        designs = {name: replace(design, boxes=tuple(
            replace(box, fill=Template("#8a8a8a")) if box.fill is not None and box.fill.is_static
            else box for box in design.boxes)) for name, design in designs.items()}
    out: list[object] = []
    with monkeypatch.context() as patch:
        if not cached:
            patch.setattr(face_plan.DesignPlan, "__post_init__",
                          lambda self: setattr(self, "last_text", -1))
        base = assets.base_context()
        for component in game.components:
            kind = game.kinds[component.kind]
            for name in (component.front, component.back):
                if name is None or name not in designs:
                    continue
                context = {**base, "card": component_context(component, game)}
                try:
                    out.append(composer.compose(designs[name], kind, context, component.id))
                except LayoutError as err:
                    out.append(str(err))
    out.append(list(composer.warnings))
    return out


@pytest.mark.parametrize("game_name", ["charlie", "licum", "sorciers", "limits", "oups"])
def test_kept_layers_of_static_boxes_give_the_same_faces(
        game_name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    cached = _faces(game_name, True, monkeypatch)
    assert cached == _faces(game_name, False, monkeypatch)
    assert len(cached) > 10


def test_kept_layers_under_poor_contrast_give_the_same_errors_and_warnings(
        monkeypatch: pytest.MonkeyPatch) -> None:
    cached = _faces("licum", True, monkeypatch, grey_panel=True)
    assert cached == _faces("licum", False, monkeypatch, grey_panel=True)
    warnings = cast(list[str], cached[-1])  # the composer's warnings come last
    assert any(isinstance(found, str) and "contrast" in found for found in cached[:-1]) or \
        any("contrast" in warning for warning in warnings)
