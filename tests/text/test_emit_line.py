"""textfit._emit_line tells items apart by their exact class: the same ops as the version
that asked isinstance (kept here as it was), on random lines."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Literal

from printandplay.model.color import RGB
from printandplay.model.ops import IconOp, Op, TextOp
from printandplay.text import fitting as textfit
from printandplay.text.fitting import ICON_DROP, ICON_EM
from printandplay.text.tokens import Break, Frag, Glue, Item, Word


def _emit_line_before(
    ops: list[Op], line: Sequence[Item], x: float, baseline: float, size: float, color: RGB
) -> float:
    """The ops of one line: a text op per run of text in one font, scale and colour (the
    spaces between them included), an icon op per inline icon; returns where the line ends
    (widths are never negative: ``x`` only grows)."""
    run: list[str] = []
    run_font: str | None = None  # the run's font, scale and colour (None: no run)
    run_scale = 1.0
    run_color = color
    run_x = x
    for item in line:
        if isinstance(item, Glue):
            if run_font is not None and run_font == item.font and run_scale == 1.0:
                run.append(" ")
            else:  # the run ends here
                if run_font is not None and run:
                    ops.append(TextOp(run_x, baseline, "".join(run), run_font,
                                      size * run_scale, run_color))
                run.clear()
                run_font = None
            x += item.width * size
            continue
        if isinstance(item, Break):
            continue
        for frag in item.frags:
            if frag.kind == "icon":
                if run_font is not None and run:
                    ops.append(TextOp(run_x, baseline, "".join(run), run_font,
                                      size * run_scale, run_color))
                run.clear()
                run_font = None
                w = frag.width * size
                h = ICON_EM * size * frag.scale
                y = baseline + (0.5 * ICON_EM - ICON_DROP) * size - h / 2
                ops.append(IconOp(frag.value, x, y, w, h, frag.color or color))
            else:
                frag_color = frag.color or color
                if run_font is None or frag.font != run_font or frag.scale != run_scale \
                        or frag_color != run_color:
                    if run_font is not None and run:
                        ops.append(TextOp(run_x, baseline, "".join(run), run_font,
                                          size * run_scale, run_color))
                    run.clear()
                    run_font, run_scale, run_color, run_x = frag.font, frag.scale, frag_color, x
                run.append(frag.value)
            x += frag.width * size
    if run_font is not None and run:
        ops.append(TextOp(run_x, baseline, "".join(run), run_font, size * run_scale,
                          run_color))
    return x


def _random_line(rng: random.Random) -> list[Item]:
    fonts = ("A", "B")
    line: list[Item] = []
    for _ in range(rng.randint(0, 12)):
        roll = rng.random()
        if roll < 0.3:
            line.append(Glue(rng.choice(fonts), rng.choice((0.25, 0.3))))
        elif roll < 0.36:
            line.append(Break(rng.random() < 0.5))
        else:
            frags = []
            for _ in range(rng.randint(1, 3)):
                kind: Literal["text", "icon", "tag"] = rng.choice(
                    ("text", "text", "text", "icon", "tag"))
                frags.append(Frag(kind, rng.choice(("mot", "de", "ÉPÉE", "x")), rng.choice(fonts),
                                  rng.choice((1.0, 1.0, 0.72)),
                                  rng.choice((None, None, (0.4, 0.4, 0.4))),
                                  rng.uniform(0.1, 3.0)))
            line.append(Word(frags, sum(f.width for f in frags)))
    return line


def test_emit_line_makes_the_same_ops_as_before() -> None:
    rng = random.Random(4)
    seen_icons = seen_runs = 0
    for _ in range(3000):
        line = _random_line(rng)
        x, baseline, size = rng.uniform(0, 5), rng.uniform(0, 50), rng.choice((6.0, 9.0, 8.5))
        color: RGB = rng.choice(((0.0, 0.0, 0.0), (0.2, 0.1, 0.3)))
        new: list[Op] = []
        old: list[Op] = []
        end = textfit._emit_line(new, line, x, baseline, size, color)
        assert end == _emit_line_before(old, line, x, baseline, size, color)
        assert new == old
        seen_icons += any(type(op) is IconOp for op in new)
        seen_runs += len(new) > 2
    assert seen_icons > 100 and seen_runs > 100
