"""The caches of the composing and writing path: a hit gives the same answer as a miss, a
change of input is a miss, and the answers meet their specification (worked examples and
properties, not a second implementation)."""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, cast

import pytest
from helpers import FakeMetrics, bundled_assets
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image
from reportlab.pdfbase import pdfmetrics

from printandplay.errors import LayoutError
from printandplay.imposition import sheet_label
from printandplay.imposition.sheet_label import CLEARANCE, free_spot
from printandplay.layout.face import FaceComposer
from printandplay.layout.fills import PAPER
from printandplay.layout.legibility import check_text, fill_under, hex_color
from printandplay.model.design import Template
from printandplay.model.game import Size
from printandplay.model.geometry import Rect
from printandplay.model.ops import EllipseOp, GroupOp, ImageOp, RectOp, TextOp
from printandplay.render.ops_writer import OpsWriter
from printandplay.render.pdf_document import PdfDocument
from printandplay.templating.contexts import component_context

# --- the free spot of a sheet label ----------------------------------------------------------


def _clear_of(spot: tuple[float, float], width: float, height: float,
              obstacles: Sequence[Rect]) -> bool:
    """Whether a box at ``spot`` keeps ``CLEARANCE`` from every obstacle (touching allowed)."""
    x, y = spot
    for r in obstacles:
        g = r.expand(CLEARANCE, CLEARANCE, CLEARANCE, CLEARANCE)
        if x < g.right - 1e-6 and g.x < x + width - 1e-6 and \
                y < g.top - 1e-6 and g.y < y + height - 1e-6:
            return False
    return True


def test_free_spot_on_an_empty_page_is_the_bottom_centre() -> None:
    assert free_spot(Size(595.0, 842.0), 100.0, 8.0, [], 14.0) == (247.5, 14.0)


def test_free_spot_beside_an_obstacle_on_the_bottom_band() -> None:
    # the centre of the bottom band taken from x=200 to 400: the spot nearest the centre
    # line is right of it (its left edge at 400 + 1 mm) or left of it (right edge at 200 - 1 mm);
    # both are 47.5 + 1 mm from the centre, the left one first (smaller x breaks the tie)
    spot = free_spot(Size(595.0, 842.0), 100.0, 8.0, [Rect(200.0, 0.0, 200.0, 40.0)], 14.0)
    assert spot is not None
    assert spot[1] == 14.0
    assert spot[0] == pytest.approx(200.0 - CLEARANCE - 100.0)


def test_free_spot_takes_the_top_band_when_the_bottom_one_is_full() -> None:
    page = Size(595.0, 842.0)
    spot = free_spot(page, 100.0, 8.0, [Rect(0.0, 0.0, 595.0, 60.0)], 14.0)
    assert spot == (247.5, 842.0 - 14.0 - 8.0)


def test_free_spot_is_none_when_nothing_is_clear() -> None:
    assert free_spot(Size(595.0, 842.0), 100.0, 8.0, [Rect(0.0, 0.0, 595.0, 842.0)], 14.0) is None
    assert free_spot(Size(100.0, 100.0), 90.0, 8.0, [], 14.0) is None  # wider than the area


_rects = st.builds(Rect, st.floats(0, 560), st.floats(0, 800), st.floats(1, 250),
                   st.floats(1, 300))


@settings(max_examples=150, deadline=None)
@given(obstacles=st.lists(_rects, max_size=10), width=st.floats(10, 300),
       height=st.floats(5, 40), margin=st.sampled_from([0.0, 14.0, 30.0]))
def test_free_spot_is_clear_inside_the_area_and_found_when_one_exists(
        obstacles: list[Rect], width: float, height: float, margin: float) -> None:
    """The spot lies in the printable area and clear of every obstacle; ``None`` only when
    no box on a 5 pt grid of the area is clear; the bottom band's centre when that is clear."""
    page = Size(595.0, 842.0)
    spot = free_spot(page, width, height, obstacles, margin)
    low_x, high_x = margin, page.width - margin - width
    low_y, high_y = margin, page.height - margin - height
    if spot is None:
        xs = [low_x + 5 * i for i in range(int((high_x - low_x) // 5) + 1)] + [high_x]
        ys = [low_y + 5 * i for i in range(int((high_y - low_y) // 5) + 1)] + [high_y]
        assert not any(_clear_of((x, y), width, height, obstacles) for x in xs for y in ys)
        return
    x, y = spot
    assert low_x - 1e-6 <= x <= high_x + 1e-6 and low_y - 1e-6 <= y <= high_y + 1e-6
    assert _clear_of(spot, width, height, obstacles)
    centre = ((page.width - width) / 2, low_y)
    if _clear_of(centre, width, height, obstacles):
        assert spot == pytest.approx(centre)
    assert free_spot(page, width, height, list(obstacles), margin) == spot  # from the cache


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


def test_fill_under_is_the_last_opaque_shape_covering_the_rect() -> None:
    rect = Rect(10.0, 10.0, 20.0, 5.0)
    red, navy = (1.0, 0.0, 0.0), (0.0, 0.0, 0.4)
    assert fill_under([], rect, FakeMetrics()) == PAPER
    assert fill_under([RectOp(0, 0, 100, 100, red)], rect, FakeMetrics()) == red
    assert fill_under([RectOp(0, 0, 100, 100, red), RectOp(5, 5, 40, 20, navy)], rect,
                      FakeMetrics()) == navy
    # text and shapes without a fill do not change it
    assert fill_under([RectOp(0, 0, 100, 100, red), RectOp(0, 0, 100, 100, None),
                       TextOp(10, 10, "abc", "R", 8.0, (0.0, 0.0, 0.0))], rect,
                      FakeMetrics()) == red


def test_fill_under_an_ellipse_counts_only_when_the_rect_is_inside_it() -> None:
    blue = (0.0, 0.0, 1.0)
    disc = EllipseOp(0, 0, 100, 100, blue)
    assert fill_under([disc], Rect(40, 45, 20, 10), FakeMetrics()) == blue
    # in the disc's bounding box, outside the disc: the paper below
    assert fill_under([disc], Rect(1, 1, 4, 4), FakeMetrics()) == PAPER


def test_fill_under_a_translucent_shape_covering_the_rect_is_the_blend() -> None:
    red, green = (1.0, 0.0, 0.0), (0.0, 1.0, 0.0)
    rect = Rect(10.0, 10.0, 20.0, 5.0)
    veil = RectOp(0, 0, 100, 100, green, opacity=0.5)
    assert fill_under([RectOp(0, 0, 100, 100, red), veil], rect, FakeMetrics()) == \
        (0.5, 0.5, 0.0)
    assert fill_under([veil], rect, FakeMetrics()) == (0.5, 1.0, 0.5)  # over the paper


def test_fill_under_translucent_shapes_and_images_is_unknown() -> None:
    red = (1.0, 0.0, 0.0)
    rect = Rect(10.0, 10.0, 20.0, 5.0)
    base = RectOp(0, 0, 100, 100, red)
    assert fill_under([base, RectOp(0, 0, 12, 12, (0.0, 1.0, 0.0), opacity=0.5)], rect,
                      FakeMetrics()) is None
    assert fill_under([base, ImageOp("photo", 25, 12, 10, 10)], rect, FakeMetrics()) is None
    # an image inside a group, moved onto the rect
    moved = GroupOp((1.0, 0.0, 0.0, 1.0, 20.0, 10.0), (ImageOp("photo", 0, 0, 5, 5),))
    assert fill_under([base, moved], rect, FakeMetrics()) is None
    # far away, the same image changes nothing
    away = GroupOp((1.0, 0.0, 0.0, 1.0, 300.0, 300.0), (ImageOp("photo", 0, 0, 5, 5),))
    assert fill_under([base, away], rect, FakeMetrics()) == red


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


def _writer(tmp_path: Path) -> tuple[OpsWriter, Path]:
    art = tmp_path / "art.png"
    Image.new("RGB", (30, 20), (200, 40, 40)).save(art)
    assets = bundled_assets("licum")  # (its icons only read)
    doc = PdfDocument(io.BytesIO(), title="t")
    return OpsWriter(doc, assets.icons, _Images(art)), art  # type: ignore[arg-type]


def _code(writer: OpsWriter) -> str:
    return "\n".join(writer._out)  # the operators written so far


def test_text_operators_from_the_caches_are_those_of_a_first_writing(tmp_path: Path) -> None:
    writer, _ = _writer(tmp_path)
    font = bundled_assets("licum").fonts.select("body", False, False)
    group = GroupOp((1.0, 0.0, 0.0, 1.0, 12.5, 30.0),
                    (TextOp(0.0, 5.0, "Piochez deux cartes", font, 9.0, (0.1, 0.2, 0.3)),))
    writer._emit([group])
    first = _code(writer)
    writer._emit([group])
    assert _code(writer) == first + "\n" + first  # from the caches: the same
    other = GroupOp((1.0, 0.0, 0.0, 1.0, 12.5, 31.0),
                    (TextOp(0.0, 5.0, "Piochez deux cartes", font, 9.0, (0.3, 0.2, 0.1)),))
    writer._emit([other])
    last = _code(writer)[len(first) * 2 + 2:]
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
