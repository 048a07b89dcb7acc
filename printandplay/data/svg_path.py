"""SVG path data (``d``) read into absolute ``M``/``L``/``C``/``Z`` segments, arcs included.

The other micro-syntaxes of SVG attribute values live beside it: numbers in
:mod:`.svg_numbers`, transforms in :mod:`.svg_transform`, basic shapes in :mod:`.svg_shapes`,
property values (colours, lengths, opacities) in :mod:`.svg_values`.
"""

from __future__ import annotations

import math
from types import MappingProxyType

from printandplay.data.svg_numbers import SPACE, Scanner, SvgSyntaxError, TooMany, near
from printandplay.model.icon import Segment

_ARGUMENTS = MappingProxyType(
    {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}
)


def parse_path(data: str, limit: int | None = None) -> tuple[Segment, ...]:
    """Path data → absolute segments: H/V become L, Q/T/S/A become C, relative made absolute;
    the reading stops past ``limit`` segments."""
    scanner = Scanner(data)
    builder = _PathBuilder(limit)
    scanner.skip(SPACE)
    while not scanner.at_end():
        start = scanner.pos
        letter = scanner.peek()
        if letter.upper() not in _ARGUMENTS:
            raise _bad_path(data, start, scanner.pos, "expected a command letter")
        if not builder.segments and letter not in "Mm":
            raise _bad_path(data, start, scanner.pos, "path data must start with M or m")
        scanner.pos += 1
        scanner.skip(SPACE)
        _read_command(scanner, builder, letter, start)
    return tuple(builder.segments)


def _bad_path(data: str, start: int, pos: int, reason: str) -> SvgSyntaxError:
    return SvgSyntaxError(f"bad path data near '{near(data, start, pos)}' ({reason})", start)


def _read_command(scanner: Scanner, builder: _PathBuilder, letter: str, start: int) -> None:
    """Read the argument groups of one command letter (implicit repeats included)."""
    if letter in "Zz":
        builder.command(letter, [])
        scanner.skip(SPACE)
        return
    written = letter
    while True:
        builder.command(letter, _read_arguments(scanner, letter, written, start))
        letter = {"M": "L", "m": "l"}.get(letter, letter)
        scanner.skip()
        if not scanner.starts_number():
            return
        start = scanner.pos


def _read_arguments(scanner: Scanner, letter: str, written: str, start: int) -> list[float]:
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

    def __init__(self, limit: int | None = None) -> None:
        self.limit = limit
        self.segments: list[Segment] = []
        self.x = self.y = 0.0
        self.start_x = self.start_y = 0.0
        self.cubic_control: tuple[float, float] | None = None
        self.quad_control: tuple[float, float] | None = None
        self.closed = False

    def command(self, letter: str, args: list[float]) -> None:
        if self.limit is not None and len(self.segments) > self.limit:
            raise TooMany(f"more than {self.limit:,} segments (limit)", 0)
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
