"""The geometry of SVG shape elements (path, line, polyline, polygon, rect, circle, ellipse),
read from their attributes, untransformed.

Bad or missing attributes raise :class:`~printandplay.data.svg_numbers.AttributeProblem`; the
reader in :mod:`.svg` turns it into an error on the attribute's line.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from printandplay.data import svg_shapes, svg_values
from printandplay.data.limits import MAX_ICON_SEGMENTS
from printandplay.data.svg_numbers import (
    AttributeProblem,
    SvgSyntaxError,
    TooMany,
    parse_numbers,
)
from printandplay.data.svg_path import parse_path
from printandplay.model.icon import Segment

_TAG_NAME = re.compile(rb"<[^\s/>]+")
_TAG_ATTRIBUTE = re.compile(rb"\s+([^\s=/>]+)\s*=\s*(\"[^\"]*\"|'[^']*')")


def shape_geometry(tag: str, attrs: Mapping[str, str],
                   limit: int | None = None) -> tuple[Segment, ...]:
    """The untransformed segments of a ``<tag>`` element (empty when it has no size); a path
    or a list of points is read no further than about ``limit`` segments."""
    return _Element(tag, attrs, limit).geometry()


class _Element:
    """The attributes of one shape element, read as numbers and segments."""

    def __init__(self, tag: str, attrs: Mapping[str, str], limit: int | None = None) -> None:
        self.tag = tag
        self.attrs = attrs
        self.limit = limit

    def geometry(self) -> tuple[Segment, ...]:
        tag, number = self.tag, self.number
        if tag == "path":
            return self.path()
        if tag in ("polyline", "polygon"):
            return self.points()
        if tag == "line":
            return (("M", number("x1"), number("y1")), ("L", number("x2"), number("y2")))
        if tag == "rect":
            return self.rect()
        if tag == "circle":
            rx = ry = number("r", required=True, size=True)
        else:
            rx, ry = self.radii(required=True)
        centre = (number("cx"), number("cy"))
        return svg_shapes.ellipse_segments(*centre, rx, ry) if rx and ry else ()

    def rect(self) -> tuple[Segment, ...]:
        width = self.number("width", required=True, size=True)
        height = self.number("height", required=True, size=True)
        if width == 0 or height == 0:
            return ()
        corner = (self.number("x"), self.number("y"))
        return svg_shapes.rect_segments(*corner, width, height, *self.radii(required=False))

    def number(self, name: str, *, required: bool = False, size: bool = False) -> float:
        """A numeric attribute (0 when absent); ``size`` ones must not be negative."""
        text = self.attrs.get(name)
        if text is None:
            if required:
                raise AttributeProblem(f"missing {name} on <{self.tag}>")
            return 0.0
        try:
            value = svg_values.parse_user_units(text)
        except SvgSyntaxError as bad:
            raise AttributeProblem(f"bad {name} '{text}' on <{self.tag}>: {bad}", name) from None
        if size and value < 0:
            raise AttributeProblem(f"negative {name} '{text}' on <{self.tag}>", name)
        return value

    def radii(self, *, required: bool) -> tuple[float, float]:
        """rx and ry of an ellipse or rect; a missing (or auto) one takes the other's value."""
        given = [n for n in ("rx", "ry") if self.attrs.get(n, "auto").strip() != "auto"]
        if not given:
            if required:
                raise AttributeProblem(f"missing rx and ry on <{self.tag}>")
            return (0.0, 0.0)
        values = {name: self.number(name, size=True) for name in given}
        return (values.get("rx", values.get("ry", 0.0)), values.get("ry", values.get("rx", 0.0)))

    def path(self) -> tuple[Segment, ...]:
        data = self.attrs.get("d")
        if data is None:
            raise AttributeProblem("missing d on <path>")
        try:
            return parse_path(data, self.limit)
        except TooMany:
            raise AttributeProblem(f"more than {MAX_ICON_SEGMENTS:,} segments in the icon "
                                   "(limit)", "d") from None
        except SvgSyntaxError as bad:
            raise AttributeProblem(bad.message, "d", bad.offset) from None

    def points(self) -> tuple[Segment, ...]:
        text = self.attrs.get("points")
        if text is None:
            raise AttributeProblem(f"missing points on <{self.tag}>")
        try:
            numbers = parse_numbers(text, None if self.limit is None else 2 * self.limit + 2)
        except TooMany:
            raise AttributeProblem(f"too many points in <{self.tag}>: more than "
                                   f"{MAX_ICON_SEGMENTS:,} segments in the icon (limit)",
                                   "points") from None
        except SvgSyntaxError as bad:
            raise AttributeProblem(f"bad points on <{self.tag}>: {bad.message}", "points",
                                   bad.offset) from None
        if len(numbers) % 2:
            raise AttributeProblem(f"odd number of coordinates in points on <{self.tag}>",
                                   "points")
        return svg_shapes.poly_segments(numbers, closed=self.tag == "polygon")


def attribute_line(raw: bytes, start: int, line: int, attribute: str, offset: int) -> int:
    """The line of ``attribute`` in the start tag found at byte ``start`` of ``raw`` on line
    ``line`` (of ``offset`` in its value)."""
    match = _TAG_NAME.match(raw, start)
    pos = match.end() if match else start
    while found := _TAG_ATTRIBUTE.match(raw, pos):
        if found.group(1).decode("utf-8", "replace") == attribute:
            value = found.group(2)[1:].decode("utf-8", "replace").replace("\r\n", "\n")
            before = raw.count(b"\n", start, found.start(2))
            return line + before + value[:offset].count("\n")
        pos = found.end()
    return line
