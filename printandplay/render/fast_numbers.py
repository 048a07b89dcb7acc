"""ReportLab's number formatting (``fp_str``) with each value formatted once per process.

ReportLab writes every number of a PDF (a path's points, a colour, the widths of a font
subset) through ``fp_str``, which without its C accelerator formats each number again in
Python. :func:`install` has ReportLab's modules use :func:`fp_str` instead: the same text
(a number is formatted by ReportLab's own function the first time and its text kept, bounded,
in :data:`printandplay.render.paint.NUMBERS`), anything but plain numbers passed on as it is.
"""

from __future__ import annotations

import importlib
from typing import Any, Final

from reportlab.lib import rl_accel

from printandplay.render.paint import num

ORIGINAL: Final = rl_accel.fp_str
# ReportLab's modules that look ``fp_str`` up when they write numbers (rl_accel's own
# binding is left alone: paint.num formats the numbers it has not seen yet with it)
MODULES: Final = ("reportlab.pdfbase.pdfdoc", "reportlab.pdfbase.ttfonts",
                  "reportlab.pdfgen.pathobject", "reportlab.pdfgen.textobject",
                  "reportlab.pdfgen.canvas", "reportlab.lib.colors")
_NUMBERS: Final = frozenset({int, float, bool})  # equal values of these print the same


def fp_str(*values: Any) -> str:
    """What ReportLab's ``fp_str`` returns for ``values``."""
    if len(values) == 1:
        value = values[0]
        return num(value) if type(value) in _NUMBERS else ORIGINAL(value)
    for value in values:
        if type(value) not in _NUMBERS:
            return ORIGINAL(*values)
    return " ".join(map(num, values))


def install() -> None:
    """Have ReportLab's modules format numbers with :func:`fp_str` (once per process; a module
    whose ``fp_str`` is not ReportLab's pure-Python one, as with its C accelerator, is left
    alone)."""
    for name in MODULES:
        module = importlib.import_module(name)
        if getattr(module, "fp_str", None) is ORIGINAL and ORIGINAL is getattr(
                rl_accel, "_py_fp_str", None):
            module.fp_str = fp_str  # type: ignore[attr-defined]
