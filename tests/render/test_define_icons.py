"""OpsWriter._define_icons tells ops apart by their exact class first: the icons it defines,
in the same order, as the isinstance walk (kept here as it was), on random nested ops."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, cast

from printandplay.model.ops import GroupOp, IconOp, ImageOp, Op, RectOp, TextOp
from printandplay.render.ops_writer import OpsWriter

IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


class _Recorder:
    """What _define_icons needs of a writer: a _define_icon that records."""

    def __init__(self) -> None:
        self.defined: list[str] = []

    def _define_icon(self, icon_id: str) -> None:
        self.defined.append(icon_id)

    _define_icons = OpsWriter._define_icons


def _before(recorder: Any, ops: Sequence[Op]) -> None:
    for op in ops:
        if isinstance(op, IconOp):
            recorder._define_icon(op.icon)
        elif isinstance(op, GroupOp):
            _before(recorder, op.ops)


def _ops(rng: random.Random, depth: int = 0) -> tuple[Op, ...]:
    out: list[Op] = []
    for _ in range(rng.randint(0, 6)):
        roll = rng.random()
        if roll < 0.4:
            out.append(TextOp(1.0, 2.0, "mot", "Roboto-Regular", 9.0, (0.0, 0.0, 0.0)))
        elif roll < 0.6:
            out.append(IconOp(rng.choice(("gemme", "coeur", "gi-sword")), 0.0, 0.0, 5.0, 5.0,
                              (0.0, 0.0, 0.0)))
        elif roll < 0.8 and depth < 3:
            out.append(GroupOp(IDENTITY, _ops(rng, depth + 1), None))
        elif roll < 0.9:
            out.append(RectOp(0.0, 0.0, 1.0, 1.0, (1.0, 1.0, 1.0)))
        else:
            out.append(ImageOp("art.jpg", 0.0, 0.0, 10.0, 10.0))
    return tuple(out)


def test_the_same_icons_in_the_same_order() -> None:
    rng = random.Random(21)
    seen = 0
    for _ in range(2000):
        ops = _ops(rng)
        quick, plain = _Recorder(), _Recorder()
        cast(OpsWriter, quick)._define_icons(ops)  # the writer's own method, on the recorder
        _before(plain, ops)
        assert quick.defined == plain.defined
        seen += len(plain.defined)
    assert seen > 1000
