"""The keys of a box in ``layouts.yaml`` and how each value is read.

The keys are the fields of :class:`~printandplay.model.design.Box` (so the vocabulary is
spelled once, in the model); :data:`BOX_CONVERTERS` holds one converter per key.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from printandplay.data.board_fields import as_die, as_grid, as_track
from printandplay.data.reader import (
    Invalid,
    as_bool,
    as_length,
    as_length_not_negative,
    as_list,
    as_literal,
    as_number,
    as_str,
)
from printandplay.model.design import Align, Box, BoxShape, Dim, Template, VAlign
from printandplay.units import UnitError, parse_length

#: The keys a box may have in layouts.yaml: the fields of :class:`Box` but its name and location.
BOX_KEYS = tuple(f.name for f in dataclasses.fields(Box) if f.name not in ("name", "location"))


def as_dash(value: Any) -> tuple[float, ...]:
    """A dash pattern: lengths ≥ 0, at least one of them > 0 (``[]`` is a solid line)."""
    lengths = tuple(as_list(as_length)(value))
    shown = "[" + ", ".join(str(v) for v in value) + "]" if isinstance(value, list) else value
    if any(length < 0 for length in lengths):
        raise Invalid(f"dash lengths must be ≥ 0, got {shown}")
    if lengths and not any(lengths):
        raise Invalid(f"a dash pattern needs a length > 0, got {shown}")
    return lengths


def as_dim(value: Any) -> Dim:
    """A length with a unit, or a percentage of the face."""
    if isinstance(value, str) and value.strip().endswith("%"):
        try:
            return Dim(parse_length(value, reference=1.0), True)
        except UnitError as err:
            raise Invalid(str(err)) from None
    try:
        return Dim(parse_length(value))
    except UnitError as err:
        raise Invalid(str(err)) from None


def as_template(value: Any) -> Template:
    """A string that may contain Jinja (``true``/``false`` are accepted as constants)."""
    if isinstance(value, bool):
        return Template("true" if value else "false")
    return Template(as_str(value))


def as_rotation(value: Any) -> int:
    """0, 90, 180 or 270."""
    number = as_number(value)
    if number not in (0, 90, 180, 270):
        raise Invalid(f"use 0, 90, 180 or 270 (degrees clockwise), got {value}")
    return int(number)


def as_fraction(value: Any) -> float:
    """A number from 0 to 1."""
    number = as_number(value)
    if not 0 <= number <= 1:
        raise Invalid(f"expected a number from 0 to 1, got {number:g}")
    return number


def as_positive(value: Any) -> float:
    """A number > 0."""
    number = as_number(value)
    if number <= 0:
        raise Invalid(f"expected a number > 0, got {number}")
    return number


#: How each key of a box is read: one converter per :data:`BOX_KEYS`.
BOX_CONVERTERS: dict[str, Any] = {
    "x": as_dim,
    "y": as_dim,
    "width": as_dim,
    "height": as_dim,
    "shape": as_literal(BoxShape),
    "rotate": as_rotation,
    "fill": as_template,
    "stroke": as_template,
    "stroke_width": as_length_not_negative,
    "radius": as_length_not_negative,
    "dash": as_dash,
    "fold": as_bool,
    "opacity": as_fraction,
    "bleed": as_bool,
    "text": as_template,
    "font": as_str,
    "size": as_positive,
    "min_size": as_positive,
    "leading": as_positive,
    "align": as_literal(Align),
    "valign": as_literal(VAlign),
    "bold": as_bool,
    "italic": as_bool,
    "color": as_template,
    "icon": as_template,
    "icon_scale": as_positive,
    "image": as_template,
    "wrap": as_bool,
    "padding": as_length_not_negative,
    "when": as_template,
    "grid": as_grid,
    "track": as_track,
    "die": as_die,
}
