"""Layout values that draw nothing or make no sense are refused with file:line and the box:
all-zero or negative dash patterns, boxes of zero or negative size (a line needs one length)."""

from __future__ import annotations

from pathlib import Path

import pytest

from printandplay.data.design_loader import load_face_designs
from printandplay.errors import PrintAndPlayError
from printandplay.model.design import Box
from printandplay.units import MM


def load_box(tmp_path: Path, fields: str) -> Box:
    path = tmp_path / "layouts.yaml"
    path.write_text(f"layouts:\n  a:\n    boxes:\n      b: {{{fields}}}\n", encoding="utf-8")
    (only,) = load_face_designs(path, "L.yaml")["a"].boxes
    return only


def error_of(tmp_path: Path, fields: str) -> str:
    with pytest.raises(PrintAndPlayError) as info:
        load_box(tmp_path, fields)
    (problem,) = info.value.problems()
    return problem


@pytest.mark.parametrize(("fields", "expected"), [
    ("stroke: red, dash: [0mm, 0mm]",
     "L.yaml:4: field 'dash' on box 'b' of layout 'a': a dash pattern needs a length > 0, "
     "got [0mm, 0mm]"),
    ("stroke: red, dash: [0]", "a dash pattern needs a length > 0"),
    ("stroke: red, dash: [2mm, -1mm]", "dash lengths must be ≥ 0, got [2mm, -1mm]"),
    ("width: 0mm", "L.yaml:4: field 'width' on box 'b' of layout 'a': a box needs a size > 0, "
                   "got 0mm"),
    ("height: 0%", "field 'height' on box 'b' of layout 'a': a box needs a size > 0, got 0%"),
    ("width: -5mm", "field 'width' on box 'b' of layout 'a': a negative size, got -5mm"),
    ("height: -10%", "a negative size, got -10%"),
    ("shape: ellipse, width: 0mm, height: 3mm", "a box needs a size > 0"),
    ("shape: line, width: 0mm, height: 0mm", "a line needs a width or a height, got 0mm"),
    ("shape: line, width: 10mm, height: -1mm", "a negative size"),
])
def test_bad_box_geometry_is_refused(tmp_path: Path, fields: str, expected: str) -> None:
    assert expected in error_of(tmp_path, fields)


def test_good_geometry_still_loads(tmp_path: Path) -> None:
    line = load_box(tmp_path, "shape: line, width: 54mm, height: 0, dash: [2mm, 0mm]")
    assert line.height.value == 0 and line.dash == (pytest.approx(2 * MM), 0.0)
    solid = load_box(tmp_path, "stroke: red, dash: []")
    assert solid.dash == ()
    vertical = load_box(tmp_path, "shape: line, width: 0mm, height: 20mm")
    assert vertical.width.value == 0


def test_an_inherited_zero_size_names_the_line_that_sets_it(tmp_path: Path) -> None:
    path = tmp_path / "layouts.yaml"
    path.write_text("styles:\n  plat:\n    height: 0mm\n"
                    "layouts:\n  a:\n    boxes:\n      b: {extends: plat, width: 4mm}\n",
                    encoding="utf-8")
    with pytest.raises(PrintAndPlayError) as info:
        load_face_designs(path, "L.yaml")
    assert info.value.problems() == [
        "L.yaml:3: field 'height' on box 'b' of layout 'a': a box needs a size > 0, got 0mm"]
