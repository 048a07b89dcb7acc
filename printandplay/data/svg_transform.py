"""SVG transforms: transform lists read into one affine :data:`Matrix`, and segments mapped
through it."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from types import MappingProxyType

from printandplay.data.svg_numbers import SvgSyntaxError, near, parse_numbers
from printandplay.model.icon import Segment

Matrix = tuple[float, float, float, float, float, float]
"""An SVG matrix ``(a, b, c, d, e, f)``: x' = a·x + c·y + e, y' = b·x + d·y + f."""

IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
_TRANSFORM = re.compile(r"\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^()]*)\)\s*,?\s*")
_TRANSFORM_ARITY = MappingProxyType(
    {"matrix": (6,), "translate": (1, 2), "scale": (1, 2), "rotate": (1, 3),
     "skewX": (1,), "skewY": (1,)}
)


def parse_transform(text: str) -> Matrix:
    """A transform list (``"translate(10) rotate(45 5 5)"``) as one matrix ("none": identity)."""
    if text.strip() in ("", "none"):
        return IDENTITY
    matrix, pos = IDENTITY, 0
    while pos < len(text):
        match = _TRANSFORM.match(text, pos)
        if not match:
            raise SvgSyntaxError(f"expected matrix, translate, scale, rotate, skewX or skewY "
                                 f"near '{near(text, pos)}'", pos)
        name = match.group(1)
        try:
            args = parse_numbers(match.group(2))
        except SvgSyntaxError as error:
            raise SvgSyntaxError(error.message, match.start(2) + error.offset) from None
        if len(args) not in _TRANSFORM_ARITY[name]:
            expected = " or ".join(str(n) for n in _TRANSFORM_ARITY[name])
            raise SvgSyntaxError(f"{name}() takes {expected} numbers, got {len(args)}", pos)
        matrix = multiply(matrix, _transform_matrix(name, args))
        pos = match.end()
    return matrix


def _transform_matrix(name: str, args: list[float]) -> Matrix:
    if name == "matrix":
        return (args[0], args[1], args[2], args[3], args[4], args[5])
    if name == "translate":
        return (1.0, 0.0, 0.0, 1.0, args[0], args[1] if len(args) > 1 else 0.0)
    if name == "scale":
        return (args[0], 0.0, 0.0, args[-1], 0.0, 0.0)
    if name in ("skewX", "skewY"):
        tan = math.tan(math.radians(args[0]))
        return (1.0, 0.0, tan, 1.0, 0.0, 0.0) if name == "skewX" else (1.0, tan, 0.0, 1.0, 0.0, 0.0)
    angle = math.radians(args[0])
    cos, sin = math.cos(angle), math.sin(angle)
    cx, cy = (args[1], args[2]) if len(args) == 3 else (0.0, 0.0)
    return (cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy)


def multiply(outer: Matrix, inner: Matrix) -> Matrix:
    """The matrix that applies ``inner`` first, then ``outer``."""
    a, b, c, d, e, f = outer
    a2, b2, c2, d2, e2, f2 = inner
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def determinant(matrix: Matrix) -> float:
    """``a·d - b·c``: how much the matrix scales areas (negative when it mirrors)."""
    return matrix[0] * matrix[3] - matrix[1] * matrix[2]


def transform_segments(segments: Sequence[Segment], matrix: Matrix) -> tuple[Segment, ...]:
    """Every point of ``segments`` mapped through ``matrix`` (unchanged for the identity)."""
    if tuple(matrix) == IDENTITY:
        return tuple(segments)
    a, b, c, d, e, f = matrix
    result: list[Segment] = []
    for segment in segments:
        coords = segment[1:]
        mapped: list[float] = []
        for x, y in zip(coords[0::2], coords[1::2], strict=False):
            mapped += [a * x + c * y + e, b * x + d * y + f]
        result.append((segment[0], *mapped))
    return tuple(result)
