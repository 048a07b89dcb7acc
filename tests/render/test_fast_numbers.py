"""ReportLab's modules format numbers through the kept texts: the same text as ReportLab's
own ``fp_str`` for every kind of value."""

from __future__ import annotations

import io
import math
import random
import sys
from decimal import Decimal

import pytest
from helpers import bundled_assets

from printandplay.render.fast_numbers import MODULES, ORIGINAL, fp_str
from printandplay.render.pdf import PdfWriter


def _values() -> list[object]:
    rng = random.Random(15)
    values: list[object] = [0, -0.0, 0.0, 1, -1, True, False, 1e-8, -1e-8, 1e-7, 1.5e-7,
                            0.5, 0.9999995, 1.0000004, 999999.5, 10 ** 6, 10 ** 20,
                            12345678901234567891, -(2 ** 60), 2 ** 53 + 1, 123.456789,
                            Decimal("2.5")]
    for _ in range(3000):
        scale = 10 ** rng.uniform(-9, 12)
        values.append(rng.choice((-1, 1)) * rng.random() * scale)
        values.append(rng.randrange(-10 ** rng.randrange(1, 18), 10 ** rng.randrange(1, 18)))
        values.append(round(rng.uniform(-600, 600), rng.randrange(0, 5)))
    return values


def test_the_same_text_as_reportlab_for_every_value() -> None:
    values = _values()
    for value in values:
        assert fp_str(value) == ORIGINAL(value), value
        assert fp_str(value) == ORIGINAL(value), value  # the kept text too
    rng = random.Random(16)
    for _ in range(2000):
        many = rng.sample(values, rng.randrange(2, 7))
        assert fp_str(*many) == ORIGINAL(*many)
    assert fp_str([1.5, 2, 0.25]) == ORIGINAL([1.5, 2, 0.25])
    assert fp_str((1.5, 2)) == ORIGINAL((1.5, 2))


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf, "1.5"])
def test_what_reportlab_refuses_is_refused_alike(value: object) -> None:
    try:
        expected: object = ORIGINAL(value)
    except Exception as error:  # noqa: BLE001
        expected = type(error)
    try:
        got: object = fp_str(value)
    except Exception as error:  # noqa: BLE001
        got = type(error)
    assert got == expected


def test_reportlab_writes_numbers_through_it() -> None:
    """A PDF writer has ReportLab's modules format numbers with :func:`fp_str`."""
    assets = bundled_assets("sorciers")
    PdfWriter(io.BytesIO(), assets.fonts, assets.icons, title="t")
    if ORIGINAL is not getattr(sys.modules["reportlab.lib.rl_accel"], "_py_fp_str", None):
        pytest.skip("ReportLab's C accelerator formats the numbers")
    for name in MODULES:
        assert sys.modules[name].fp_str is fp_str, name


def test_one_number_is_reportlab_s_text_without_the_kept_texts() -> None:
    """paint._one_number, what num() formats a number it has not seen with, straight."""
    from printandplay.render import paint

    assert paint._format is paint._one_number  # (ReportLab's pure-Python fp_str in use)
    for value in _values():
        if not isinstance(value, Decimal):
            assert paint._one_number(value) == ORIGINAL(value), value  # type: ignore[arg-type]
    for value in (math.inf, -math.inf, math.nan):  # the same failure as ReportLab's
        with pytest.raises(Exception) as theirs:
            ORIGINAL(value)
        with pytest.raises(Exception) as mine:
            paint._one_number(value)
        assert type(mine.value) is type(theirs.value)
