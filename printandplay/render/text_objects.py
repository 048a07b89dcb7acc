"""Runs of text ops written as PDF text objects (``BT … ET``), for
:class:`~printandplay.render.ops_writer.OpsWriter`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reportlab.pdfbase import pdfmetrics

from printandplay.model.color import RGB
from printandplay.model.ops import TextOp
from printandplay.render.paint import ESCAPES, KEPT_MAX, NUMBERS, num, nums
from printandplay.render.subset_text import SubsetEncoder


class TextObjects:
    """Writes text ops into the writer's pending operators (a mixin of the writer, which
    sets these attributes)."""

    _out: list[str]
    _doc: Any
    _rl_fonts: dict[str, Any]  # font → ReportLab's font
    _encoders: dict[str, SubsetEncoder]  # font → its first subset's encoder
    _subset_names: dict[tuple[str, int], str]  # (font, subset) → its PDF name
    _fills: dict[RGB, str]  # text colour → its operator

    def _emit_text(self, ops: Sequence[TextOp]) -> None:
        """One text object (``BT … ET``) for consecutive text ops, setting the colour and the
        font only when they change."""
        out = self._out
        append = out.append
        doc = self._doc
        known = NUMBERS  # num(), its cache looked up here first: the hot loop
        subsets = self._subset_names
        append("BT")
        color: tuple[float, float, float] | None = None
        current_name: str | None = None  # the font and size set last (Tf)
        current_size = 0.0
        op_font: str | None = None  # the font of the op before, its ReportLab font…
        font: Any = None
        encoder: SubsetEncoder | None = None
        first_name: str | None = None  # … and the PDF name of its subset 0, once known
        for op in ops:
            if op.font != op_font:
                op_font = op.font
                font = self._rl_fonts.get(op_font)
                if font is None:
                    font = self._rl_fonts[op_font] = pdfmetrics.getFont(op_font)
                    self._encoders[op_font] = SubsetEncoder(font, doc)
                encoder = self._encoders[op_font]
                first_name = subsets.get((op_font, 0))
            assert encoder is not None
            text = op.text
            literal = encoder.literal(text) if text else None
            if literal is not None:  # every character has its code: subset 0, as it is
                chunks: list[tuple[int, bytes | None]] = [(0, None)]
            else:
                chunks = font.splitString(text, doc)
                if not chunks:
                    continue
                encoder.learn(font, doc)
            if op.color != color:
                color = op.color
                fill = self._fills.get(color)
                if fill is None:
                    fill = f"{nums(color)} rg"
                    if len(self._fills) < KEPT_MAX:
                        self._fills[color] = fill
                append(fill)
            append(f"1 0 0 1 {known.get(op.x) or num(op.x)} "
                   f"{known.get(op.y) or num(op.y)} Tm")
            for subset, data in chunks:
                name: str
                if subset == 0 and first_name is not None:
                    name = first_name
                else:
                    found = subsets.get((op_font, subset))
                    if found is None:  # the same name for good once given (and the font used)
                        found = subsets[(op_font, subset)] = font.getSubsetInternalName(
                            subset, doc)
                    name = found
                    if subset == 0:
                        first_name = name
                if name != current_name or op.size != current_size:
                    current_name, current_size = name, op.size
                    append(f"{name} {num(op.size)} Tf")
                if data is not None:
                    literal = data.decode("latin-1").translate(ESCAPES)
                append(f"({literal}) Tj")
        append("ET")
