"""Tests of length parsing: every unit converted to points by hand (1 mm = 72/25.4 pt)."""

from __future__ import annotations

import pytest

from printandplay.units import CM, INCH, MM, UnitError, format_mm, parse_length

PT_PER_MM = 72 / 25.4


# --- parse_length: accepted values -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("63mm", 63 * 72 / 25.4),  # 178.5826...
        ("88mm", 88 * 72 / 25.4),
        ("1cm", 720 / 25.4),  # 28.3464...
        ("6.3cm", 63 * 72 / 25.4),
        ("2.5in", 180.0),
        ("1in", 72.0),
        ("12pt", 12.0),
        ("0.5pt", 0.5),
        (".5in", 36.0),
        ("5.mm", 5 * 72 / 25.4),
        ("-3mm", -3 * 72 / 25.4),
        ("0mm", 0.0),
        ("  63mm  ", 63 * 72 / 25.4),
        ("63 mm", 63 * 72 / 25.4),
    ],
)
def test_parse_length_converts_each_unit_to_points(text: str, points: float) -> None:
    assert parse_length(text) == pytest.approx(points, rel=1e-12, abs=1e-12)


def test_unit_constants_are_the_exact_conversion_factors() -> None:
    assert MM == pytest.approx(2.834645669291339, rel=1e-15)
    assert CM == pytest.approx(28.34645669291339, rel=1e-15)
    assert INCH == 72.0


def test_a4_and_letter_in_points() -> None:
    assert parse_length("210mm") == pytest.approx(595.2755905511812)
    assert parse_length("297mm") == pytest.approx(841.8897637795276)
    assert parse_length("8.5in") == 612.0
    assert parse_length("11in") == 792.0


@pytest.mark.parametrize(
    ("text", "reference", "points"),
    [
        ("50%", 200.0, 100.0),
        ("100%", 612.0, 612.0),
        ("12.5%", 80.0, 10.0),
        ("0%", 500.0, 0.0),
    ],
)
def test_parse_length_percentage_is_a_fraction_of_the_reference(
    text: str, reference: float, points: float
) -> None:
    assert parse_length(text, reference=reference) == pytest.approx(points, abs=1e-12)


def test_parse_length_reference_does_not_affect_absolute_units() -> None:
    assert parse_length("10mm", reference=1000.0) == pytest.approx(10 * PT_PER_MM)


@pytest.mark.parametrize("zero", [0, 0.0])
def test_parse_length_accepts_bare_zero(zero: float) -> None:
    result = parse_length(zero)
    assert result == 0.0
    assert isinstance(result, float)


# --- parse_length: rejected values -------------------------------------------------------------


def test_parse_length_percentage_without_reference_is_an_error() -> None:
    with pytest.raises(UnitError, match="percentage"):
        parse_length("50%")


@pytest.mark.parametrize("number", [5, 63, 2.5, -1, 0.001])
def test_parse_length_rejects_bare_nonzero_numbers(number: float) -> None:
    with pytest.raises(UnitError, match="needs a unit"):
        parse_length(number)


@pytest.mark.parametrize("flag", [True, False])
def test_parse_length_rejects_booleans_even_false_which_equals_zero(flag: bool) -> None:
    with pytest.raises(UnitError):
        parse_length(flag)


@pytest.mark.parametrize(
    "text",
    ["63", "", "mm", "63 px", "63m", "1e3mm", "6,3cm", "63mm 2mm", "abc", "--3mm", "63mm%"],
)
def test_parse_length_rejects_malformed_strings(text: str) -> None:
    with pytest.raises(UnitError):
        parse_length(text)


@pytest.mark.parametrize("value", [None, [63], {"mm": 63}, b"63mm"])
def test_parse_length_rejects_non_string_values(value: object) -> None:
    with pytest.raises(UnitError):
        parse_length(value)


def test_unit_error_is_a_value_error() -> None:
    assert issubclass(UnitError, ValueError)


# --- format_mm ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "text"),
    [
        (178.58, "63mm"),  # the docstring's example: 62.9996 mm rounds to 63
        (63 * PT_PER_MM, "63mm"),
        (2.5 * PT_PER_MM, "2.5mm"),
        (10.25 * PT_PER_MM, "10.25mm"),
        (72.0, "25.4mm"),
        (612.0, "215.9mm"),
        (0.0, "0mm"),
        (100 * PT_PER_MM, "100mm"),  # trailing zeros of the integer part are kept
        (-3 * PT_PER_MM, "-3mm"),
    ],
)
def test_format_mm_rounds_to_two_decimals_without_trailing_zeros(points: float, text: str) -> None:
    assert format_mm(points) == text


@pytest.mark.parametrize("text", ["63mm", "2.5in", "1cm", "12pt"])
def test_format_mm_of_parse_length_gives_millimetres_back(text: str) -> None:
    mm = parse_length(text) / PT_PER_MM
    assert format_mm(parse_length(text)) == f"{round(mm, 2):g}mm"
