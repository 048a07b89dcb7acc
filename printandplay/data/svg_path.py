"""The micro-syntaxes of SVG attribute values, as pure functions on strings and numbers.

* :func:`parse_path` reads path data (``d``) into absolute ``M``/``L``/``C``/``Z`` segments;
* :func:`parse_numbers` reads number lists (``points``, ``viewBox``);
* :func:`parse_transform` reads transform lists into an affine :data:`Matrix`;
* ``*_segments`` turn the basic shapes into segments; :func:`transform_segments` maps them.

Property values (colours, lengths, opacities) are read by :mod:`.svg_values`.

Syntax errors raise :class:`SvgSyntaxError`, which carries the offset of the faulty text so the
caller can point at its line. Nothing here knows about files or XML.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from types import MappingProxyType

from printandplay.model.icon import Segment

Matrix = tuple[float, float, float, float, float, float]
"""An SVG matrix ``(a, b, c, d, e, f)``: x' = a·x + c·y + e, y' = b·x + d·y + f."""

IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
KAPPA = 0.5522847498
"""Control-point distance, as a fraction of the radius, of a cubic drawing a quarter circle."""

NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
"""An SVG number: optional sign, digits with an optional point, optional exponent."""
_SEPARATOR = re.compile(r"\s*(?:,\s*)?")
_SPACE = re.compile(r"\s*")
_TRANSFORM = re.compile(r"\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^()]*)\)\s*,?\s*")
_ARGUMENTS = MappingProxyType(
    {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}
)
_TRANSFORM_ARITY = MappingProxyType(
    {"matrix": (6,), "translate": (1, 2), "scale": (1, 2), "rotate": (1, 3),
     "skewX": (1,), "skewY": (1,)}
)


MAX_NUMBER = 1e9  # the largest coordinate, size or angle an icon may use


class SvgSyntaxError(ValueError):
    """Bad geometry text; ``offset`` is where, in the parsed string, the problem starts."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset


def near(text: str, start: int, end: int | None = None) -> str:
    """A short excerpt of ``text`` from ``start``, whitespace collapsed, for error messages."""
    stop = max(start + 12, (end if end is not None else start) + 1)
    return " ".join(text[start:stop].split())


class _Scanner:
    """A cursor over a string that reads SVG numbers, flags and separators."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def skip(self, pattern: re.Pattern[str] = _SEPARATOR) -> None:
        match = pattern.match(self.text, self.pos)
        self.pos = match.end() if match else self.pos

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def at_end(self) -> bool:
        return self.pos >= len(self.text)

    def starts_number(self) -> bool:
        return self.peek() != "" and self.peek() in "+-.0123456789"

    def number(self) -> float | None:
        match = NUMBER.match(self.text, self.pos)
        if not match or not math.isfinite(float(match.group())):
            return None
        value = float(match.group())
        if abs(value) > MAX_NUMBER:
            raise SvgSyntaxError(f"number {match.group()} out of range (at most {MAX_NUMBER:g} "
                                 f"either way)", self.pos)
        self.pos = match.end()
        return value

    def flag(self) -> float | None:
        if self.peek() not in ("0", "1"):
            return None
        self.pos += 1
        return float(self.text[self.pos - 1])


def parse_numbers(text: str) -> list[float]:
    """Numbers separated by whitespace and/or commas, e.g. ``"0,0 10 .5-1e2"``."""
    scanner = _Scanner(text)
    scanner.skip(_SPACE)
    values: list[float] = []
    while not scanner.at_end():
        start = scanner.pos
        value = scanner.number()
        if value is None:
            raise SvgSyntaxError(f"bad number near '{near(text, start)}'", start)
        values.append(value)
        scanner.skip()
    return values


# --- path data -------------------------------------------------------------------------------


def parse_path(data: str) -> tuple[Segment, ...]:
    """Path data → absolute segments: H/V become L, Q/T/S/A become C, relative made absolute."""
    scanner = _Scanner(data)
    builder = _PathBuilder()
    scanner.skip(_SPACE)
    while not scanner.at_end():
        start = scanner.pos
        letter = scanner.peek()
        if letter.upper() not in _ARGUMENTS:
            raise _bad_path(data, start, scanner.pos, "expected a command letter")
        if not builder.segments and letter not in "Mm":
            raise _bad_path(data, start, scanner.pos, "path data must start with M or m")
        scanner.pos += 1
        scanner.skip(_SPACE)
        _read_command(scanner, builder, letter, start)
    return tuple(builder.segments)


def _bad_path(data: str, start: int, pos: int, reason: str) -> SvgSyntaxError:
    return SvgSyntaxError(f"bad path data near '{near(data, start, pos)}' ({reason})", start)


def _read_command(scanner: _Scanner, builder: _PathBuilder, letter: str, start: int) -> None:
    """Read the argument groups of one command letter (implicit repeats included)."""
    if letter in "Zz":
        builder.command(letter, [])
        scanner.skip(_SPACE)
        return
    written = letter
    while True:
        builder.command(letter, _read_arguments(scanner, letter, written, start))
        letter = {"M": "L", "m": "l"}.get(letter, letter)
        scanner.skip()
        if not scanner.starts_number():
            return
        start = scanner.pos


def _read_arguments(scanner: _Scanner, letter: str, written: str, start: int) -> list[float]:
    """One group of arguments of ``letter`` (``written`` is the letter as it appears)."""
    count = _ARGUMENTS[letter.upper()]
    values: list[float] = []
    for index in range(count):
        if index:
            scanner.skip()
        is_flag = letter in "Aa" and index in (3, 4)
        value = scanner.flag() if is_flag else scanner.number()
        if value is None:
            reason = "arc flags must be 0 or 1" if is_flag else f"{written} needs {count} numbers"
            raise _bad_path(scanner.text, start, scanner.pos, reason)
        values.append(value)
    return values


class _PathBuilder:
    """Turns commands with their arguments into absolute segments, tracking the pen."""

    def __init__(self) -> None:
        self.segments: list[Segment] = []
        self.x = self.y = 0.0
        self.start_x = self.start_y = 0.0
        self.cubic_control: tuple[float, float] | None = None
        self.quad_control: tuple[float, float] | None = None
        self.closed = False

    def command(self, letter: str, args: list[float]) -> None:
        upper = letter.upper()
        if self.closed and upper != "M":
            self.segments.append(("M", self.x, self.y))
        self.closed = False
        if letter != upper:
            args = self._absolute(upper, args)
        cubic, quad = self.cubic_control, self.quad_control
        self.cubic_control = self.quad_control = None
        if upper == "M":
            self.segments.append(("M", args[0], args[1]))
            self.start_x, self.start_y = args[0], args[1]
            self._pen(args[0], args[1])
        elif upper in "LHV":
            x = args[0] if upper != "V" else self.x
            y = args[-1] if upper != "H" else self.y
            self._line(x, y)
        elif upper == "C":
            self._cubic(*args)
        elif upper == "S":
            self._cubic(*_reflect(cubic, self.x, self.y), *args)
        elif upper in "QT":
            control = (args[0], args[1]) if upper == "Q" else _reflect(quad, self.x, self.y)
            self._quadratic(control, args[-2], args[-1])
        elif upper == "A":
            self.segments.extend(arc_to_cubics(self.x, self.y, *args))
            self._pen(args[5], args[6])
        else:
            self.segments.append(("Z",))
            self._pen(self.start_x, self.start_y)
            self.closed = True

    def _absolute(self, upper: str, args: list[float]) -> list[float]:
        if upper == "H":
            return [args[0] + self.x]
        if upper == "V":
            return [args[0] + self.y]
        if upper == "A":
            return [*args[:5], args[5] + self.x, args[6] + self.y]
        return [value + (self.x if i % 2 == 0 else self.y) for i, value in enumerate(args)]

    def _pen(self, x: float, y: float) -> None:
        self.x, self.y = x, y

    def _line(self, x: float, y: float) -> None:
        self.segments.append(("L", x, y))
        self._pen(x, y)

    def _cubic(self, x1: float, y1: float, x2: float, y2: float, x: float, y: float) -> None:
        self.segments.append(("C", x1, y1, x2, y2, x, y))
        self.cubic_control = (x2, y2)
        self._pen(x, y)

    def _quadratic(self, control: tuple[float, float], x: float, y: float) -> None:
        qx, qy = control
        x0, y0 = self.x, self.y
        self._cubic(x0 + 2 / 3 * (qx - x0), y0 + 2 / 3 * (qy - y0),
                    x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), x, y)
        self.quad_control = control


def _reflect(control: tuple[float, float] | None, x: float, y: float) -> tuple[float, float]:
    """The reflection of ``control`` about the pen, or the pen itself when there is none."""
    if control is None:
        return (x, y)
    return (2 * x - control[0], 2 * y - control[1])


# --- arcs ------------------------------------------------------------------------------------


def arc_to_cubics(x1: float, y1: float, rx: float, ry: float, rotation: float,
                  large_arc: float, sweep: float, x2: float, y2: float) -> list[Segment]:
    """An SVG elliptical arc from (x1, y1) as cubics, each spanning at most 90 degrees.

    Follows the SVG implementation notes (radii scaled up when too small, zero radius gives a
    line, identical end points give nothing). The last segment ends exactly on (x2, y2).
    """
    if (x1, y1) == (x2, y2):
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [("L", x2, y2)]
    phi = math.radians(rotation % 360)
    cos, sin = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    xp, yp = cos * dx + sin * dy, -sin * dx + cos * dy
    scale = math.sqrt(xp**2 / rx**2 + yp**2 / ry**2)
    if scale > 1:
        rx, ry = rx * scale, ry * scale
    num = rx**2 * ry**2 - rx**2 * yp**2 - ry**2 * xp**2
    coef = math.sqrt(max(0.0, num / (rx**2 * yp**2 + ry**2 * xp**2)))
    if bool(large_arc) == bool(sweep):
        coef = -coef
    cxp, cyp = coef * rx * yp / ry, -coef * ry * xp / rx
    cx = cos * cxp - sin * cyp + (x1 + x2) / 2
    cy = sin * cxp + cos * cyp + (y1 + y2) / 2
    start = math.atan2((yp - cyp) / ry, (xp - cxp) / rx)
    delta = math.atan2((-yp - cyp) / ry, (-xp - cxp) / rx) - start
    if sweep and delta < 0:
        delta += 2 * math.pi
    elif not sweep and delta > 0:
        delta -= 2 * math.pi
    ellipse = (cx, cy, rx, ry, cos, sin)
    return _arc_segments(ellipse, start, delta, (x2, y2))


def _arc_segments(ellipse: tuple[float, ...], start: float, delta: float,
                  end: tuple[float, float]) -> list[Segment]:
    cx, cy, rx, ry, cos, sin = ellipse
    count = max(1, math.ceil(abs(delta) / (math.pi / 2) - 1e-9))
    step = delta / count
    k = 4 / 3 * math.tan(step / 4)

    def point(ux: float, uy: float) -> tuple[float, float]:
        return (cx + cos * rx * ux - sin * ry * uy, cy + sin * rx * ux + cos * ry * uy)

    segments: list[Segment] = []
    for index in range(count):
        a, b = start + index * step, start + (index + 1) * step
        c1 = point(math.cos(a) - k * math.sin(a), math.sin(a) + k * math.cos(a))
        c2 = point(math.cos(b) + k * math.sin(b), math.sin(b) - k * math.cos(b))
        stop = end if index == count - 1 else point(math.cos(b), math.sin(b))
        segments.append(("C", *c1, *c2, *stop))
    return segments


# --- basic shapes ----------------------------------------------------------------------------


def ellipse_segments(cx: float, cy: float, rx: float, ry: float) -> tuple[Segment, ...]:
    """Four cubic quarter-arcs from (cx + rx, cy), turning towards +y, closed."""
    kx, ky = rx * KAPPA, ry * KAPPA
    return (
        ("M", cx + rx, cy),
        ("C", cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
        ("C", cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
        ("C", cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
        ("C", cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy),
        ("Z",),
    )


def rect_segments(x: float, y: float, width: float, height: float,
                  rx: float = 0.0, ry: float = 0.0) -> tuple[Segment, ...]:
    """A rectangle, its corners rounded by elliptic quarter-arcs when rx and ry are > 0.

    Radii are clamped to half the width and height, as SVG does.
    """
    rx, ry = min(rx, width / 2), min(ry, height / 2)
    right, bottom = x + width, y + height
    if rx <= 0 or ry <= 0:
        return (("M", x, y), ("L", right, y), ("L", right, bottom), ("L", x, bottom), ("Z",))
    kx, ky = rx * (1 - KAPPA), ry * (1 - KAPPA)
    segments: list[Segment] = [("M", x + rx, y)]
    corners = (
        ((right - rx, y), (right - kx, y, right, y + ky, right, y + ry)),
        ((right, bottom - ry), (right, bottom - ky, right - kx, bottom, right - rx, bottom)),
        ((x + rx, bottom), (x + kx, bottom, x, bottom - ky, x, bottom - ry)),
        ((x, y + ry), (x, y + ky, x + kx, y, x + rx, y)),
    )
    for (lx, ly), curve in corners:
        if (lx, ly) != segments[-1][-2:]:
            segments.append(("L", lx, ly))
        segments.append(("C", *curve))
    segments.append(("Z",))
    return tuple(segments)


def poly_segments(points: Sequence[float], closed: bool) -> tuple[Segment, ...]:
    """``M`` to the first point, ``L`` to the others, ``Z`` when ``closed``; () when empty."""
    pairs = list(zip(points[0::2], points[1::2], strict=False))
    if not pairs:
        return ()
    segments: list[Segment] = [("M", *pairs[0])]
    segments.extend(("L", x, y) for x, y in pairs[1:])
    if closed:
        segments.append(("Z",))
    return tuple(segments)


# --- transforms ------------------------------------------------------------------------------


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
