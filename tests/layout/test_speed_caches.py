"""The caches of the composing and writing path (issue 15) give exactly what the long way
gives: a cache hit the same ops as a miss, a change of input a miss."""

from __future__ import annotations

import io
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, cast

import pytest
from helpers import FakeMetrics, bundled_assets
from PIL import Image
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from printandplay.errors import LayoutError
from printandplay.imposition import sheet_label
from printandplay.imposition.sheet_label import CLEARANCE, free_spot
from printandplay.layout.extent import op_extents
from printandplay.layout.face import FaceComposer
from printandplay.layout.fills import PAPER
from printandplay.layout.legibility import check_text, fill_under, hex_color
from printandplay.model.color import RGB
from printandplay.model.design import Template
from printandplay.model.game import Size
from printandplay.model.geometry import Rect
from printandplay.model.ops import EllipseOp, GroupOp, ImageOp, Op, RectOp, TextOp
from printandplay.render.ops_writer import OpsWriter
from printandplay.templating.contexts import component_context

# --- the free spot of a sheet label ----------------------------------------------------------


def _free_spot_reference(page: Size, width: float, height: float, obstacles: Sequence[Rect],
                         margin: float) -> tuple[float, float] | None:
    """The spot as first written: every candidate checked, the best one kept."""
    low_x, high_x = margin, page.width - margin - width
    low_y, high_y = margin, page.height - margin - height
    if high_x < low_x or high_y < low_y:
        return None
    grown = [r.expand(CLEARANCE, CLEARANCE, CLEARANCE, CLEARANCE) for r in obstacles]
    xs = {low_x, high_x, (page.width - width) / 2}
    ys = {low_y, high_y}
    for r in grown:
        xs.update((r.right, r.x - width))
        ys.update((r.top, r.y - height))
    # (each obstacle's edges read once; for each y, the obstacles its row of boxes meets:
    # the same tests of the same floats as checking box against obstacle, in another order)
    edges = [(r.x, r.right, r.y, r.top) for r in grown]
    candidates = []
    for y in ys:
        if not low_y - 1e-6 <= y <= high_y + 1e-6:
            continue
        top = Rect(0.0, y, width, height).top
        across = [(r_x, r_right) for r_x, r_right, r_y, r_top in edges if y < r_top and r_y < top]
        for x in xs:
            if not low_x - 1e-6 <= x <= high_x + 1e-6:
                continue
            right = Rect(x, y, width, height).right
            if not any(x < r_right and r_x < right for r_x, r_right in across):
                edge = min(y - low_y, high_y - y)
                candidates.append((round(edge, 3), y > page.height / 2,
                                   round(abs(x + width / 2 - page.width / 2), 3), x, y))
    return min(candidates)[3:] if candidates else None


def test_free_spot_is_the_best_clear_candidate() -> None:
    rng = random.Random(15)
    for _ in range(400):
        page = Size(rng.choice([595.0, 612.0, 300.0]), rng.choice([842.0, 792.0, 200.0]))
        obstacles = [Rect(rng.uniform(0, 500), rng.uniform(0, 700), rng.uniform(1, 200),
                          rng.uniform(1, 250)) for _ in range(rng.randint(0, 12))]
        size = (rng.uniform(10, 300), rng.uniform(5, 40))
        margin = rng.choice([0.0, 14.0, 30.0])
        expected = _free_spot_reference(page, *size, obstacles, margin)
        assert free_spot(page, *size, obstacles, margin) == expected
        assert free_spot(page, *size, obstacles, margin) == expected  # from the cache


def test_free_spot_is_the_best_clear_candidate_among_touching_and_empty_obstacles() -> None:
    """Obstacles on a grid (touching, overlapping, with gaps a box just fits in), some of no
    width or height or negative, and boxes of no width: the spot is still the reference's
    (the band's obstacles are merged only when every one and the box have a width)."""
    rng = random.Random(11)
    grown = 2 * CLEARANCE
    for _ in range(400):
        page = Size(595.0, 842.0)
        width = rng.choice([0.0, 40.0, 100.0, 180.0, rng.uniform(1, 300)])
        step = rng.choice([width + grown, width + grown + 0.5, 60.0, 90.0, 180.0])
        obstacles = []
        for column in range(rng.randint(0, 8)):
            x = 14 + column * step + rng.choice([0.0, 0.0, -grown, rng.uniform(-5, 5)])
            w = rng.choice([step - grown, step - grown - width, 0.0, -3.0, 50.0])
            obstacles.append(Rect(x, rng.choice([14.0, 20.0, rng.uniform(0, 800)]), w,
                                  rng.choice([0.0, 30.0, 250.0, 828.0])))
        size = (width, rng.choice([0.0, 8.0, 20.0]))
        expected = _free_spot_reference(page, *size, obstacles, 14.0)
        assert sheet_label._free_spot(page, *size, obstacles, 14.0) == expected


def test_free_spot_cache_hits_and_misses(monkeypatch: pytest.MonkeyPatch) -> None:
    sheet_label._known_spot.cache_clear()
    computed: list[object] = []
    real = sheet_label._free_spot

    def counting(*args: object) -> tuple[float, float] | None:
        computed.append(args)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(sheet_label, "_free_spot", counting)
    page = Size(595.0, 842.0)
    items = [Rect(30, 30, 180, 250), Rect(220, 30, 180, 250)]
    first = free_spot(page, 100, 8, items, 14)
    assert free_spot(page, 100, 8, list(items), 14) == first  # equal geometry: a hit
    assert len(computed) == 1
    blocked = [*items, Rect(0, 0, 595, 60)]  # the bottom band taken: a miss, another spot
    assert free_spot(page, 100, 8, blocked, 14) != first
    assert len(computed) == 2


# --- legibility: the fill under a text, from layers --------------------------------------------


def _fill_under_reference(drawn: Sequence[Op], rect: Rect) -> RGB | None:
    """The fill under ``rect`` as first written: every op's extents measured."""
    def intersects(a: Rect, b: Rect) -> bool:
        return min(a.right, b.right) > max(a.x, b.x) and min(a.top, b.top) > max(a.y, b.y)

    def covers(op: RectOp | EllipseOp) -> bool:
        if isinstance(op, RectOp):
            return Rect(op.x, op.y, op.w, op.h).contains(rect)
        cx, cy, rx, ry = op.x + op.w / 2, op.y + op.h / 2, op.w / 2, op.h / 2
        if rx <= 0 or ry <= 0:
            return False
        return all(math.hypot((px - cx) / rx, (py - cy) / ry) <= 1.0 + 1e-6
                   for px, py in ((rect.x, rect.y), (rect.right, rect.y), (rect.x, rect.top),
                                  (rect.right, rect.top)))

    for index in range(len(drawn) - 1, -1, -1):
        op = drawn[index]
        if isinstance(op, (RectOp, EllipseOp)) and op.fill is not None:
            if op.opacity >= 1.0 and covers(op):
                return op.fill
            if intersects(Rect(op.x, op.y, op.w, op.h), rect) and op.opacity < 1.0:
                if not covers(op):  # a translucent shape: measured only where it covers
                    return None
                under = _fill_under_reference(drawn[:index], rect)
                return None if under is None else tuple(  # type: ignore[return-value]
                    round(op.opacity * f + (1 - op.opacity) * u, 4)
                    for f, u in zip(op.fill, under, strict=True))
            continue
        if isinstance(op, (ImageOp, GroupOp)):
            for inner, extent in op_extents([op], FakeMetrics()):
                if isinstance(inner, ImageOp) and intersects(extent, rect):
                    return None
    return PAPER


def _random_op(rng: random.Random, depth: int = 0) -> Op:
    x, y, w, h = (rng.uniform(-20, 80), rng.uniform(-20, 80), rng.uniform(0, 90),
                  rng.uniform(0, 90))
    color = rng.choice([(1.0, 0.0, 0.0), (0.0, 0.0, 0.4), (0.9, 0.9, 0.8), None])
    kind = rng.randrange(5 if depth < 2 else 4)
    if kind == 0:
        return RectOp(x, y, w, h, color, opacity=rng.choice([1.0, 1.0, 0.5]))
    if kind == 1:
        return EllipseOp(x, y, w, h, color, opacity=rng.choice([1.0, 0.5]))
    if kind == 2:
        return ImageOp("photo", x, y, w / 3, h / 3)
    if kind == 3:
        return TextOp(x, y, "abc", "R", 8.0, (0.0, 0.0, 0.0))
    scale = rng.choice([1.0, -1.0, 0.5])
    transform = rng.choice([(scale, 0.0, 0.0, 1.0, x, y), (0.0, 1.0, -1.0, 0.0, x, y)])
    return GroupOp(transform, tuple(_random_op(rng, depth + 1)
                                    for _ in range(rng.randint(0, 3))))


def test_fill_under_from_layers_matches_measuring_every_op() -> None:
    rng = random.Random(11)
    for _ in range(3000):
        drawn = [_random_op(rng) for _ in range(rng.randint(0, 6))]
        rect = Rect(rng.uniform(0, 60), rng.uniform(0, 60), rng.uniform(1, 30),
                    rng.uniform(1, 10))
        assert fill_under(drawn, rect, FakeMetrics()) == _fill_under_reference(drawn, rect)


def test_check_text_sees_the_ops_of_its_own_box_drawn_before_the_text() -> None:
    text = GroupOp((1.0, 0.0, 0.0, 1.0, 10.0, 10.0),
                   (TextOp(0, 2, "ab", "R", 8.0, (0.55, 0.55, 0.55)),))
    warned: list[str] = []
    dark = RectOp(0, 0, 100, 100, (0.0, 0.0, 0.0))
    light = RectOp(0, 0, 100, 100, (0.5, 0.5, 0.5))
    check_text([text], [dark], FakeMetrics(), 6.0, "box",
               lambda seen, message: warned.append(message))
    assert warned == []  # grey on black: readable
    with pytest.raises(LayoutError, match="contrast needed"):  # its own grey panel under it
        check_text([light, text], [dark], FakeMetrics(), 6.0, "box", lambda *_: None)


# --- FaceComposer: a design's caches, found by identity ----------------------------------------


def _composer() -> tuple[FaceComposer, object]:
    assets = bundled_assets("licum")  # read only: the composer is the test's own
    game = assets.game
    composer = FaceComposer(assets.templates, assets.fonts, assets.icons.aspect, game.colors,
                            game.language, 3.0,
                            assets.images.aspect if assets.images else None,
                            min_font_size=game.min_font_size)
    return composer, assets


def test_composing_again_gives_the_same_face_and_a_changed_design_misses() -> None:
    composer, assets = _composer()
    game = assets.game  # type: ignore[attr-defined]
    designs = assets.designs  # type: ignore[attr-defined]
    component = next(c for c in game.components if c.front in designs)
    design, kind = designs[component.front], game.kinds[component.kind]

    def compose(design_used: object) -> object:
        context = dict(assets.base_context())  # type: ignore[attr-defined]
        context["card"] = component_context(component, game)
        return composer.compose(design_used, kind, context, "test")  # type: ignore[arg-type]

    first = compose(design)
    fresh, _ = _composer()
    assert compose(design) == first  # from the design's caches
    assert fresh.compose(design, kind, {**assets.base_context(),  # type: ignore[attr-defined]
                                        "card": component_context(component, game)},
                         "test") == first  # a fresh composer: the same ops
    index, box = next((i, b) for i, b in enumerate(design.boxes)
                      if b.fill is not None and b.fill.is_static)
    boxes = list(design.boxes)
    boxes[index] = replace(box, fill=Template("#123456"))
    changed = compose(replace(design, boxes=tuple(boxes)))
    assert changed != first
    assert any(isinstance(op, (RectOp, EllipseOp)) and op.fill is not None
               and hex_color(op.fill) == "#123456"
               for op in changed.ops)  # type: ignore[attr-defined]
    assert not any(isinstance(op, (RectOp, EllipseOp)) and op.fill is not None
                   and hex_color(op.fill) == "#123456"
                   for op in first.ops)  # type: ignore[attr-defined]


# --- the PDF writer: text operators from caches ------------------------------------------


class _Images:
    def __init__(self, path: Path) -> None:
        self.file = path

    def path(self, name: str) -> Path:
        return self.file


def _writer(tmp_path: Path) -> tuple[OpsWriter, Canvas, Path]:
    art = tmp_path / "art.png"
    Image.new("RGB", (30, 20), (200, 40, 40)).save(art)
    canvas = Canvas(io.BytesIO())
    assets = bundled_assets("licum")  # (its icons only read)
    return OpsWriter(canvas, assets.icons, _Images(art)), canvas, art  # type: ignore[arg-type]


def _code(writer: OpsWriter, canvas: Canvas) -> str:
    writer._canvas()  # hands the pending operators over
    return "\n".join(canvas._code)  # type: ignore[attr-defined]


def test_text_operators_from_the_caches_are_those_of_a_first_writing(tmp_path: Path) -> None:
    writer, canvas, _ = _writer(tmp_path)
    font = bundled_assets("licum").fonts.select("body", False, False)
    group = GroupOp((1.0, 0.0, 0.0, 1.0, 12.5, 30.0),
                    (TextOp(0.0, 5.0, "Piochez deux cartes", font, 9.0, (0.1, 0.2, 0.3)),))
    writer._emit([group])
    first = _code(writer, canvas)
    writer._emit([group])
    assert _code(writer, canvas) == first + "\n" + first  # from the caches: the same
    other = GroupOp((1.0, 0.0, 0.0, 1.0, 12.5, 31.0),
                    (TextOp(0.0, 5.0, "Piochez deux cartes", font, 9.0, (0.3, 0.2, 0.1)),))
    writer._emit([other])
    last = _code(writer, canvas)[len(first) * 2 + 2:]
    assert ".3 .2 .1 rg" in last and "1 0 0 1 12.5 31 cm" in last  # new inputs: missed


def test_text_widths_are_reportlabs(tmp_path: Path) -> None:
    fonts = bundled_assets("licum").fonts
    names = {fonts.select(role, bold, italic) for role in fonts.roles
             for bold in (False, True) for italic in (False, True)}
    rng = random.Random(4)
    chars = "abcdéèàçœ ABCXYZ0123456789,.;:!?’«»\u202f\u00a0—–-…\u4e2d"
    for name in names:
        for _ in range(500):
            text = "".join(rng.choice(chars) for _ in range(rng.randint(0, 50)))
            assert fonts.width(text, name) == pdfmetrics.stringWidth(text, name, 1.0)


def test_prepared_texts_stay_bounded_and_right(monkeypatch: pytest.MonkeyPatch) -> None:
    """A font's cache of texts prepared for it (fallbacks put in) is emptied at its bound, here
    10 texts instead of the real 20,000, and answers the same after."""
    from printandplay.render import fonts as fonts_module

    fonts = cast(fonts_module.FontTable, bundled_assets("licum").fonts)  # (only its cache changes)
    name = fonts.select("body", False, False)
    texts = [f"n° {index}\u202f: l’été…\u2009!" for index in range(25)]
    expected = _same_answers_at_a_bound_of_10(
        monkeypatch, fonts_module, fonts._prepared, lambda text: fonts.prepare(text, name), texts)
    assert expected[3].startswith("n° 3")


def test_measured_widths_stay_bounded_and_right(monkeypatch: pytest.MonkeyPatch) -> None:
    """A font table's cache of measured widths is emptied at its bound, here 10 widths instead
    of the real 20,000, and measures the same after."""
    from printandplay.render import fonts as fonts_module

    fonts = cast(fonts_module.FontTable, bundled_assets("licum").fonts)  # (only its cache changes)
    name = fonts.select("body", False, False)
    texts = ["été " * index + "mot" for index in range(25)]
    expected = _same_answers_at_a_bound_of_10(
        monkeypatch, fonts_module, fonts._widths, lambda text: fonts.width(text, name), texts)
    assert expected == sorted(set(expected)) and expected[0] > 0  # longer texts, wider


def _same_answers_at_a_bound_of_10(monkeypatch: pytest.MonkeyPatch, fonts_module: Any,
                                   cache: dict[Any, Any], answer: Callable[[str], Any],
                                   texts: list[str]) -> list[Any]:
    """``answer`` for each of the 25 ``texts``, first with an empty cache, then twice with the
    cache bound set to 10 (emptied twice a round): the same answers, the cache never over its
    bound. Returns the answers."""
    cache.clear()
    expected = [answer(text) for text in texts]
    cache.clear()
    monkeypatch.setattr(fonts_module, "CACHE_MAX", 10)
    for _ in range(2):
        assert [answer(text) for text in texts] == expected
        assert 0 < len(cache) <= 10
    return expected
