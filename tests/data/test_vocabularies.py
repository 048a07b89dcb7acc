"""Each vocabulary is spelled once, in the model's types; the loaders take it from there."""

from __future__ import annotations

import dataclasses
from typing import Any, get_args

import pytest

from printandplay.data import box_fields
from printandplay.data.reader import Invalid, as_literal
from printandplay.errors import close_matches, did_you_mean, suggest
from printandplay.model.color import is_hex, parse_hex
from printandplay.model.deck_rules import Rounding, Severity
from printandplay.model.design import Align, Box, BoxShape, VAlign
from printandplay.model.game import BleedMode, FieldType, ImpositionMode


def test_box_keys_are_the_fields_of_box() -> None:
    fields = [f.name for f in dataclasses.fields(Box) if f.name not in ("name", "location")]
    assert list(box_fields.BOX_KEYS) == fields
    assert set(box_fields.BOX_CONVERTERS) == set(fields), "every box key needs one converter"


def test_bleed_modes_extend_the_imposition_modes() -> None:
    assert get_args(BleedMode) == ("auto", *get_args(ImpositionMode))


@pytest.mark.parametrize("literal", [FieldType, BleedMode, BoxShape, Align, VAlign, Rounding,
                                     Severity])
def test_as_literal_accepts_exactly_the_model_values(literal: Any) -> None:
    convert = as_literal(literal)
    for value in get_args(literal):
        assert convert(value) == value
    with pytest.raises(Invalid, match="expected one of " + ", ".join(get_args(literal))):
        convert("zzz")


def test_as_literal_suggests_a_close_value() -> None:
    with pytest.raises(Invalid, match=r"got 'centre' \(did you mean 'center'\?\)"):
        as_literal(Align)("centre")


@pytest.mark.parametrize(("text", "rgb"), [
    ("#ffffff", (1.0, 1.0, 1.0)), ("#000", (0.0, 0.0, 0.0)), ("#FF0000", (1.0, 0.0, 0.0)),
    ("#0f0", (0.0, 1.0, 0.0)), ("#336699", (0x33 / 255, 0x66 / 255, 0x99 / 255)),
])
def test_parse_hex(text: str, rgb: tuple[float, float, float]) -> None:
    assert parse_hex(text) == rgb
    assert is_hex(text)


@pytest.mark.parametrize("text", ["", "#", "#ff", "#fffff", "#ggg", "red", "ffffff", "#ffffff ",
                                  "#+f+f+f", "#fffffff"])
def test_parse_hex_refuses_other_forms(text: str) -> None:
    assert parse_hex(text) is None
    assert not is_hex(text)


def test_did_you_mean() -> None:
    assert close_matches("widht", ["width", "height", "x"]) == ("width",)
    assert did_you_mean(()) == ""
    assert did_you_mean(["a", "b"]) == " (did you mean 'a' or 'b'?)"
    assert suggest("colour", ["color", "font"]) == " (did you mean 'color'?)"
    assert suggest("zzz", ["color", "font"]) == ""


def test_the_severities_of_the_data_are_those_of_reports() -> None:
    from printandplay.rules.report import Severity as ReportSeverity

    assert {s.value for s in ReportSeverity} == set(get_args(Severity))


def test_parse_color_reads_hex_palette_and_named() -> None:
    from printandplay.model.color import ColorError, parse_color

    palette = {"accent": "#336699"}
    assert parse_color("accent", palette) == (0.2, 0.4, 0.6)
    assert parse_color(" #FFF ", palette) == (1.0, 1.0, 1.0)
    assert parse_color("black", palette) == (0.0, 0.0, 0.0)
    assert parse_color("none", palette) is None and parse_color("", palette) is None
    with pytest.raises(ColorError, match=r"bad colour 'acent' \(use '#rrggbb' or a palette name: "
                                         r"accent\)"):
        parse_color("acent", palette)
