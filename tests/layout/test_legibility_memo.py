"""Two small shortcuts of the legibility check: the contrast of the pair looked up last is
answered by identity (the same ratio as computing it), and the walk for images under a text
skips text ops by their exact class (the same layers as the isinstance walk, kept here)."""

from __future__ import annotations

import random
from collections.abc import Iterable

from printandplay.layout import legibility
from printandplay.layout.extent import IDENTITY, Transform, compose_transforms, transform_box
from printandplay.layout.fills import Layer, bounds, layers
from printandplay.model.ops import EllipseOp, GroupOp, ImageOp, Op, RectOp, TextOp


def test_ratios_are_contrast_ratios_whatever_the_order() -> None:
    rng = random.Random(8)
    colours = [(rng.random(), rng.random(), rng.random()) for _ in range(12)]
    for _ in range(5000):
        text = rng.choice(colours)
        fill = rng.choice(colours)
        if rng.random() < 0.3:  # an equal tuple, not the same object
            text = tuple(text)[:2] + (text[2],)  # type: ignore[assignment]
        assert legibility._ratio(text, fill) == legibility.contrast_ratio(text, fill)
        assert legibility._ratio(text, fill) == legibility.contrast_ratio(text, fill)


def _image_bounds_before(ops: Iterable[Op], transform: Transform, out: list[Layer]) -> None:
    for op in ops:
        if isinstance(op, GroupOp):
            _image_bounds_before(op.ops, compose_transforms(transform, op.transform), out)
        elif isinstance(op, ImageOp):
            out.append((None, bounds(*transform_box(transform, op.x, op.y, op.w, op.h))))


def _layers_before(ops: Iterable[Op]) -> list[Layer]:
    out: list[Layer] = []
    for op in ops:
        if isinstance(op, (RectOp, EllipseOp)):
            if op.fill is not None:
                out.append((op, bounds(op.x, op.y, op.w, op.h)))
        elif isinstance(op, (ImageOp, GroupOp)):
            _image_bounds_before((op,), IDENTITY, out)
    return out


def _ops(rng: random.Random, depth: int = 0) -> tuple[Op, ...]:
    out: list[Op] = []
    for _ in range(rng.randint(0, 6)):
        roll = rng.random()
        x, y = rng.uniform(-20, 100), rng.uniform(-20, 100)
        if roll < 0.4:
            out.append(TextOp(x, y, "mot", "Roboto-Regular", 9.0, (0.0, 0.0, 0.0)))
        elif roll < 0.6 and depth < 3:
            transform = (rng.choice((1.0, 0.5, -1.0)), 0.0, 0.0, rng.choice((1.0, 2.0)), x, y)
            out.append(GroupOp(transform, _ops(rng, depth + 1), None))
        elif roll < 0.75:
            out.append(ImageOp("art.jpg", x, y, rng.uniform(1, 50), rng.uniform(1, 50)))
        elif roll < 0.9:
            out.append(RectOp(x, y, 10.0, 5.0, rng.choice((None, (1.0, 1.0, 1.0)))))
        else:
            out.append(EllipseOp(x, y, 4.0, 4.0, (0.5, 0.5, 0.5)))
    return tuple(out)


def test_layers_are_the_isinstance_walk_s() -> None:
    rng = random.Random(9)
    found = 0
    for _ in range(2000):
        ops = _ops(rng)
        assert layers(ops) == _layers_before(ops)
        found += len(_layers_before(ops))
    assert found > 1000
