"""The fast paths of setting text (issue 15, round 2) give exactly what the long way gives:
sizes skipped by the line floor of text fitting are sizes the long way rejects too; a text box
met again is checked once; measured pieces are kept per font."""

from __future__ import annotations

import random
from functools import cache

import pytest
from helpers import FakeMetrics, bundled_assets

from printandplay.model.ops import GroupOp, TextOp
from printandplay.text import fitting as textfit
from printandplay.text.fit_bounds import LineFloor
from printandplay.text.fitting import TextStyle, fit_text
from printandplay.text.hyphenation import hyphenator_for
from printandplay.text.markup import Span, parse_markup
from printandplay.text.tokens import Item, tokenize

# --- text fitting: sizes skipped by the line floor --------------------------------------------


def _words(rng: random.Random, count: int) -> str:
    syllables = ("ba", "cha", "ton", "mé", "ri", "que", "lon", "gue", "ment", "i")
    words = []
    for _ in range(count):
        word = "".join(rng.choice(syllables) for _ in range(rng.randint(1, 6)))
        roll = rng.random()
        words.append(f"**{word}**" if roll < 0.1 else word + ("\n" if roll > 0.97 else ""))
    return " ".join(words)


@cache
def _fit_cases() -> tuple[tuple[TextStyle, tuple[Span, ...], float, float], ...]:
    """150 random texts (parsed), styles and boxes, drawn once for both kinds of metrics."""
    rng = random.Random(11)
    cases = []
    for _ in range(150):
        style = TextStyle(size=rng.choice((9.0, 10.0, 12.0)), min_size=rng.choice((4.0, 6.0)),
                          leading=rng.choice((1.0, 1.2, 1.5)),
                          min_tag_size=rng.choice((0.0, 0.0, 7.0)))
        spans = tuple(parse_markup(_words(rng, rng.randint(1, 60))))
        width, height = rng.uniform(40, 160), rng.uniform(10, 90)
        cases.append((style, spans, width, height))
    return tuple(cases)


def _fits(metrics: object, cases: list[tuple[TextStyle, list[Item], float, float]],
          floor: bool, monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Each case fitted, with the line floor or with a floor of one line (no size skipped:
    every size tried is broken into lines, the long way)."""
    hyphenator = hyphenator_for("fr")
    out: list[object] = []
    with monkeypatch.context() as patch:
        if not floor:
            patch.setattr(LineFloor, "lines", lambda self, max_width: 1)
        for style, items, width, height in cases:
            out.append(fit_text(items, width, height, style, metrics,  # type: ignore[arg-type]
                                hyphenator))
    return out


@pytest.mark.parametrize("real_fonts", [False, True], ids=["fake-metrics", "licum-fonts"])
def test_the_line_floor_changes_no_fit(real_fonts: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    metrics = bundled_assets("licum").fonts if real_fonts else FakeMetrics()  # (widths only)
    # the same items for both ways (the words' syllables, kept on them by the first fits,
    # are what the second would find again)
    cases = [(style, tokenize(list(spans), style, metrics, lambda name: 1.0),  # type: ignore[arg-type]
              width, height) for style, spans, width, height in _fit_cases()]
    calls = 0
    original = textfit.break_lines

    def counted(*args: object, **kwargs: object) -> object:
        nonlocal calls
        calls += 1
        return original(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(textfit, "break_lines", counted)
    with_floor = _fits(metrics, cases, True, monkeypatch)
    floor_calls, calls = calls, 0
    without = _fits(metrics, cases, False, monkeypatch)
    assert with_floor == without
    assert sum(f is None for f in without) > 5 and sum(f is not None for f in without) > 50
    assert floor_calls < calls  # sizes were skipped without breaking lines


def test_the_line_floor_never_exceeds_the_lines_broken() -> None:
    metrics = FakeMetrics()
    rng = random.Random(3)
    for _ in range(300):
        items = tokenize(parse_markup(_words(rng, rng.randint(1, 40))), TextStyle(), metrics,
                         lambda name: 1.0)  # type: ignore[arg-type]
        max_width = rng.uniform(2, 40)
        lines = textfit.break_lines(items, max_width)
        if lines is not None:
            assert LineFloor(items).lines(max_width) <= len(lines)


# --- the legibility check of a text box met again ---------------------------------------------


def test_a_text_box_met_again_over_the_same_layers_is_checked_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    from printandplay.errors import LayoutError
    from printandplay.layout import face as face_module
    from printandplay.layout.face import FaceComposer
    from printandplay.layout.legibility import hex_color
    from printandplay.model.color import parse_color
    from printandplay.model.design import Template
    from printandplay.templating.contexts import component_context

    assets = bundled_assets("licum")  # read only: the composer is this test's own
    game = assets.game
    composer = FaceComposer(assets.templates, assets.fonts, assets.icons.aspect, game.colors,
                            game.language, 3.0, assets.images.aspect if assets.images else None,
                            min_font_size=game.min_font_size)
    component = next(c for c in game.components if c.front in assets.designs)
    design, kind = assets.designs[component.front], game.kinds[component.kind]
    context = {**assets.base_context(), "card": component_context(component, game)}
    checked: list[str] = []
    original = face_module.check_text_over

    def has_text(ops: object) -> bool:
        return any(isinstance(op, TextOp) or isinstance(op, GroupOp) and has_text(op.ops)
                   for op in ops)  # type: ignore[attr-defined]

    def counted(box_ops, below, *args, **kwargs):  # type: ignore[no-untyped-def]
        if has_text(box_ops):  # (a box whose text is empty draws none: nothing to check)
            checked.append(args[-2])  # what
        return original(box_ops, below, *args, **kwargs)

    monkeypatch.setattr(face_module, "check_text_over", counted)
    first = composer.compose(design, kind, context, "first")
    texts = len(checked)
    assert texts > 0
    assert composer.compose(design, kind, context, "again") == first
    texts = len(checked)  # a text met again is checked and its passing noted
    assert composer.compose(design, kind, context, "third") == first
    assert len(checked) == texts  # every text box: fitted from the cache, checked already
    # what lies under the texts changes: checked again
    index, box = next((i, b) for i, b in enumerate(design.boxes)
                      if b.bleed and b.fill is not None)
    boxes = list(design.boxes)
    assert box.fill is not None  # as chosen
    color = parse_color(box.fill.source, game.colors)
    assert color is not None
    red, green, blue = color
    shifted = hex_color((red, green, min(1.0, blue + 1 / 255) if blue < 1 else blue - 1 / 255))
    boxes[index] = replace(box, fill=Template(shifted))
    composer.compose(replace(design, boxes=tuple(boxes)), kind, context, "shifted")
    assert len(checked) > texts
    # a text that fails is refused every time (failures are not kept)
    text_index, text_box = next((i, b) for i, b in enumerate(design.boxes)
                                if b.text is not None and b.text.source.strip())
    boxes[index] = replace(box, fill=Template("#ffffff"))
    boxes[text_index] = replace(text_box, color=Template("#fefefe"), fill=None)
    unreadable = replace(design, boxes=tuple(boxes))
    for _ in range(2):
        with pytest.raises(LayoutError, match="contrast"):
            composer.compose(unreadable, kind, context, "unreadable")


# --- measured pieces kept per font ------------------------------------------------------------


def test_tokens_from_the_piece_cache_equal_fresh_ones_and_other_fonts_miss() -> None:
    from printandplay.text.tokens import TokenCache

    metrics = FakeMetrics()
    rng = random.Random(8)
    cache = TokenCache()
    for _ in range(200):
        source = _words(rng, rng.randint(0, 30)) + rng.choice(("", " :gemme:", "  x", " "))
        style = TextStyle(bold=rng.random() < 0.2)
        spans = parse_markup(source)
        shared = tokenize(spans, style, metrics, lambda name: 1.5, cache)  # type: ignore[arg-type]
        fresh = tokenize(spans, style, metrics, lambda name: 1.5)  # type: ignore[arg-type]
        assert shared == fresh
    assert set(cache.pieces) == {"R", "B"} and len(cache) > 20
    assert len(cache) == sum(map(len, cache.pieces.values())) + sum(map(len, cache.words.values()))
    bold = cache.pieces["B"]
    assert all(piece.font == "B" for piece in bold.values())  # each font measured apart
    assert all(cache.pieces["R"][text].width < piece.width  # (the fake bold is wider)
               for text, piece in bold.items() if text in cache.pieces["R"])
    cache.clear()
    assert len(cache) == 0
