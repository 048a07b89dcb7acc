"""Read the SVG subset of icons (documented in docs/icons.md) into an immutable :class:`Icon`.

The file goes through expat so that every error names its line. Elements are handled as they
open: a stack of frames carries the inherited style and the current transform matrix, and each
shape element becomes one :class:`IconShape` whose geometry is already transformed. The
micro-syntaxes of values live in :mod:`.svg_path` (path data, transforms, numbers) and
:mod:`.svg_values` (colours, lengths, opacities).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any
from xml.parsers import expat

from printandplay.data import svg_path as geo
from printandplay.data import svg_values
from printandplay.data.files import read_bytes
from printandplay.data.svg_path import Matrix, SvgSyntaxError
from printandplay.errors import DataError, Location
from printandplay.model.icon import FillRule, Icon, IconShape, LineCap, LineJoin, Paint, Segment

SVG_NAMESPACE = "http://www.w3.org/2000/svg"
SUPPORTED_ELEMENTS = ("svg", "g", "path", "circle", "ellipse", "rect", "line", "polyline",
                      "polygon", "title", "desc", "metadata")
_SHAPES = frozenset(("path", "circle", "ellipse", "rect", "line", "polyline", "polygon"))
_SKIPPED = frozenset(("title", "desc", "metadata"))
_HINTS = MappingProxyType({
    "text": "convert text to paths in your editor",
    "tspan": "convert text to paths in your editor",
    "use": "unlink clones in your editor",
    "symbol": "unlink clones in your editor",
    "image": "icons must be vector drawings",
    "style": "use style=\"...\" attributes instead of a stylesheet",
})
_COMMENT = re.compile(r"/\*.*?\*/", re.S)
_IMPORTANT = re.compile(r"!\s*important\s*$", re.I)
_TAG_NAME = re.compile(rb"<[^\s/>]+")
_TAG_ATTRIBUTE = re.compile(rb"\s+([^\s=/>]+)\s*=\s*(\"[^\"]*\"|'[^']*')")


def _stroke_width(value: str) -> float:
    width = svg_values.parse_user_units(value)
    if width < 0:
        raise SvgSyntaxError("must not be negative", 0)
    return width


def _keyword(*options: str) -> Callable[[str], str]:
    def convert(value: str) -> str:
        if value.lower() not in options:
            raise SvgSyntaxError("expected " + ", ".join(options[:-1]) + " or " + options[-1], 0)
        return value.lower()

    return convert


def _visibility(value: str) -> bool:
    return _keyword("visible", "hidden", "collapse")(value) == "visible"


# Supported properties: CSS name → (field of _Style, converter).
_PROPERTIES: Mapping[str, tuple[str, Callable[[str], Any]]] = MappingProxyType({
    "fill": ("fill", svg_values.parse_paint),
    "stroke": ("stroke", svg_values.parse_paint),
    "stroke-width": ("stroke_width", _stroke_width),
    "fill-rule": ("fill_rule", _keyword("nonzero", "evenodd")),
    "stroke-linecap": ("line_cap", _keyword("butt", "round", "square")),
    "stroke-linejoin": ("line_join", _keyword("miter", "round", "bevel")),
    "opacity": ("opacity", svg_values.parse_opacity),
    "fill-opacity": ("fill_opacity", svg_values.parse_opacity),
    "stroke-opacity": ("stroke_opacity", svg_values.parse_opacity),
    "visibility": ("visible", _visibility),
})
# Properties that change the look and are not supported: only these values are accepted.
_RESTRICTED: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "stroke-dasharray": ("none",), "clip-path": ("none",), "mask": ("none",),
    "filter": ("none",), "marker": ("none",), "marker-start": ("none",),
    "marker-mid": ("none",), "marker-end": ("none",), "mix-blend-mode": ("normal",),
    "vector-effect": ("none",), "clip": ("auto",), "transform-origin": (),
})
_PRESENTATION = frozenset(_PROPERTIES) | frozenset(_RESTRICTED) | {"display", "paint-order"}


def _restriction(name: str, value: str, tag: str) -> str | None:
    """Why ``name: value`` on ``<tag>`` cannot be drawn, or None when it is fine."""
    if name == "paint-order":
        tokens = value.lower().split()
        order = tokens + [t for t in ("fill", "stroke", "markers") if t not in tokens]
        if tokens == ["normal"] or order.index("fill") < order.index("stroke"):
            return None
        return (f"unsupported paint-order '{value}' on <{tag}> (the stroke is always painted "
                "over the fill)")
    allowed = _RESTRICTED.get(name)
    if allowed is None or value.lower() in allowed:
        return None
    only = f" (only '{allowed[0]}' is supported)" if allowed else ""
    return f"unsupported {name} '{value}' on <{tag}>{only}"


@dataclass(frozen=True)
class _Style:
    """Computed style of an element (SVG initial values by default)."""

    fill: Paint = (0.0, 0.0, 0.0)
    stroke: Paint = None
    stroke_width: float = 1.0
    fill_rule: FillRule = "nonzero"
    line_cap: LineCap = "butt"
    line_join: LineJoin = "miter"
    fill_opacity: float = 1.0
    stroke_opacity: float = 1.0
    visible: bool = True
    opacity: float = 1.0  # this element's own opacity (not inherited)
    group_opacity: float = 1.0  # product of the opacities of the element and its ancestors


@dataclass(frozen=True)
class _Frame:
    """What an open element passes on to its children."""

    style: _Style
    matrix: Matrix
    in_defs: bool = False


@dataclass(frozen=True)
class _Element:
    """A start tag: local name, plain (un-namespaced) attributes, line and byte offset."""

    tag: str
    attrs: Mapping[str, str]
    line: int
    offset: int


def parse_svg(text: str, *, source: str, icon_id: str) -> Icon:
    """Parse the icon SVG ``text``; ``source`` names the file in error messages.

    Raises :class:`DataError` (``source:line: message``) for bad XML and for anything outside
    the supported subset.
    """
    view_box, shapes = _Reader(text, source).read()
    return Icon(id=icon_id, view_box=view_box, shapes=shapes)


def load_icon(path: Path, source: str | None = None, icon_id: str | None = None) -> Icon:
    """Read and parse the UTF-8 SVG file at ``path`` (a regular file of at most 10 MB).

    ``source`` names the file in messages (default: ``path``); the icon id defaults to the
    file stem.
    """
    shown = source or str(path)
    try:
        data = read_bytes(Path(path), shown)
    except DataError as error:
        raise DataError(error.location, f"cannot read icon: {error.message}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise DataError(Location(shown), f"not UTF-8 text (byte {error.start})") from None
    return parse_svg(text, source=shown, icon_id=icon_id or Path(path).stem)


class _Reader:
    """One parse of one document: expat callbacks feeding a stack of frames."""

    def __init__(self, text: str, source: str) -> None:
        self.text = text
        self.source = source
        self.raw = text.encode("utf-8", "surrogatepass")
        self.parser = expat.ParserCreate(namespace_separator=" ")
        self.parser.StartElementHandler = self.start
        self.parser.EndElementHandler = self.end
        self.frames: list[_Frame] = []
        self.skipping = 0
        self.view_box: tuple[float, float, float, float] | None = None
        self.shapes: list[IconShape] = []

    def read(self) -> tuple[tuple[float, float, float, float], tuple[IconShape, ...]]:
        try:
            self.parser.Parse(self.text, True)
        except expat.ExpatError as error:
            message = f"invalid XML: {expat.ErrorString(error.code)}"
            raise DataError(Location(self.source, error.lineno), message) from None
        assert self.view_box is not None  # expat rejects documents without a root element
        return self.view_box, tuple(self.shapes)

    def error(self, element: _Element, message: str, attribute: str | None = None,
              offset: int = 0) -> DataError:
        """A located error, on the line of ``attribute`` (and of ``offset`` in its value)."""
        line = element.line
        if attribute is not None:
            line = _attribute_line(self.raw, element, attribute, offset)
        return DataError(Location(self.source, line), message)

    # --- the element tree ---

    def start(self, name: str, attrs: dict[str, str]) -> None:
        if self.skipping:
            self.skipping += 1
            return
        namespace, _, tag = name.rpartition(" ")
        plain = {key: value for key, value in attrs.items() if " " not in key}
        element = _Element(tag, plain, self.parser.CurrentLineNumber,
                           self.parser.CurrentByteIndex)
        if self.view_box is None:
            frame = self.open_root(element, namespace)
        elif namespace not in ("", SVG_NAMESPACE) or tag in _SKIPPED:
            frame = None
        else:
            frame = self.open_child(element, self.frames[-1])
        if frame is None:
            self.skipping = 1
        else:
            self.frames.append(frame)

    def end(self, name: str) -> None:
        if self.skipping:
            self.skipping -= 1
        else:
            self.frames.pop()

    def open_root(self, element: _Element, namespace: str) -> _Frame | None:
        if element.tag != "svg" or namespace not in ("", SVG_NAMESPACE):
            raise self.error(element, f"the root element must be <svg>, not <{element.tag}>")
        self.view_box = self.read_view_box(element)
        return self.frame(element, _Frame(_Style(), geo.IDENTITY))

    def open_child(self, element: _Element, parent: _Frame) -> _Frame | None:
        tag = element.tag
        if tag == "defs" and not parent.in_defs:
            return replace(parent, in_defs=True)
        if tag not in SUPPORTED_ELEMENTS:
            hint = f"; {_HINTS[tag]}" if tag in _HINTS else ""
            supported = ", ".join(SUPPORTED_ELEMENTS)
            raise self.error(element, f"unsupported element <{tag}> (supported: {supported}){hint}")
        if parent.in_defs:
            raise self.error(element, f"<{tag}> inside <defs> is not supported (reusable "
                             "definitions are not; draw shapes outside <defs>)")
        if tag == "svg":
            raise self.error(element, "nested <svg> is not supported")
        frame = self.frame(element, parent)
        if frame is not None and tag in _SHAPES:
            self.add_shape(element, frame)
        return frame

    def read_view_box(self, element: _Element) -> tuple[float, float, float, float]:
        text = element.attrs.get("viewBox")
        if text is None:
            raise self.error(element, "missing viewBox on <svg>")
        try:
            numbers = geo.parse_numbers(text)
        except SvgSyntaxError as bad:
            raise self.error(element, f"bad viewBox: {bad.message}", "viewBox") from None
        if len(numbers) != 4 or numbers[2] <= 0 or numbers[3] <= 0:
            raise self.error(element, f"bad viewBox '{text}' (expected min-x min-y width "
                             "height, width and height positive)", "viewBox")
        return (numbers[0], numbers[1], numbers[2], numbers[3])

    # --- style and transform ---

    def frame(self, element: _Element, parent: _Frame) -> _Frame | None:
        """The frame of ``element``, or None when it is not displayed (display: none)."""
        declarations = self.declarations(element)
        if declarations.get("display", ("",))[0].lower() == "none":
            return None
        style = self.style(element, declarations, parent.style)
        return _Frame(style, geo.multiply(parent.matrix, self.transform(element)), parent.in_defs)

    def declarations(self, element: _Element) -> dict[str, tuple[str, str]]:
        """Presentation properties: name → (value, attribute that holds it); style wins."""
        found = {name: (value.strip(), name) for name, value in element.attrs.items()
                 if name in _PRESENTATION}
        text = _COMMENT.sub(" ", element.attrs.get("style", ""))
        for chunk in filter(str.strip, text.split(";")):
            name, colon, value = (part.strip() for part in chunk.partition(":"))
            if not colon or not name:
                raise self.error(element, f"bad style declaration '{chunk.strip()}' "
                                 "(expected name: value)", "style")
            if name.lower() == "transform":
                raise self.error(element, "transform in style is not supported, use the "
                                 "transform attribute", "style")
            if name.lower() in _PRESENTATION:
                found[name.lower()] = (_IMPORTANT.sub("", value).strip(), "style")
        return found

    def style(self, element: _Element, declarations: dict[str, tuple[str, str]],
              parent: _Style) -> _Style:
        """The computed style: declared values, else inherited ones (opacity multiplies)."""
        changes: dict[str, Any] = {"opacity": 1.0}
        for name, (value, attribute) in declarations.items():
            problem = _restriction(name, value, element.tag)
            if problem:
                raise self.error(element, problem, attribute)
            if name not in _PROPERTIES:
                continue
            field, convert = _PROPERTIES[name]
            try:
                inherit = value.lower() == "inherit"
                changes[field] = getattr(parent, field) if inherit else convert(value)
            except SvgSyntaxError as bad:
                raise self.error(element, f"bad {name} '{value}' on <{element.tag}>: {bad}",
                                 attribute) from None
        return replace(parent, **changes,
                       group_opacity=parent.group_opacity * changes["opacity"])

    def transform(self, element: _Element) -> Matrix:
        text = element.attrs.get("transform")
        if text is None:
            return geo.IDENTITY
        try:
            return geo.parse_transform(text)
        except SvgSyntaxError as bad:
            raise self.error(element, f"bad transform on <{element.tag}>: {bad.message}",
                             "transform", bad.offset) from None

    # --- shapes ---

    def add_shape(self, element: _Element, frame: _Frame) -> None:
        """Append the shape of ``element`` unless it paints nothing."""
        segments = self.geometry(element)
        style = frame.style
        fill = None if element.tag == "line" else style.fill  # lines are never filled
        stroke = style.stroke if style.stroke_width > 0 else None
        if not segments or not style.visible or (fill is None and stroke is None):
            return
        scale = math.sqrt(abs(geo.determinant(frame.matrix)))
        self.shapes.append(IconShape(
            segments=geo.transform_segments(segments, frame.matrix),
            fill=fill, stroke=stroke, stroke_width=style.stroke_width * scale,
            fill_rule=style.fill_rule, line_cap=style.line_cap, line_join=style.line_join,
            fill_opacity=style.group_opacity * style.fill_opacity,
            stroke_opacity=style.group_opacity * style.stroke_opacity,
        ))

    def geometry(self, element: _Element) -> tuple[Segment, ...]:
        """The untransformed segments of a shape element (empty when it has no size)."""
        tag, number = element.tag, self.number
        if tag == "path":
            return self.path(element)
        if tag in ("polyline", "polygon"):
            return self.points(element)
        if tag == "line":
            return (("M", number(element, "x1"), number(element, "y1")),
                    ("L", number(element, "x2"), number(element, "y2")))
        if tag == "rect":
            return self.rect(element)
        if tag == "circle":
            rx = ry = number(element, "r", required=True, size=True)
        else:
            rx, ry = self.radii(element, required=True)
        centre = (number(element, "cx"), number(element, "cy"))
        return geo.ellipse_segments(*centre, rx, ry) if rx and ry else ()

    def rect(self, element: _Element) -> tuple[Segment, ...]:
        width = self.number(element, "width", required=True, size=True)
        height = self.number(element, "height", required=True, size=True)
        if width == 0 or height == 0:
            return ()
        corner = (self.number(element, "x"), self.number(element, "y"))
        return geo.rect_segments(*corner, width, height, *self.radii(element, required=False))

    def number(self, element: _Element, name: str, *, required: bool = False,
               size: bool = False) -> float:
        """A numeric attribute (0 when absent); ``size`` ones must not be negative."""
        text = element.attrs.get(name)
        if text is None:
            if required:
                raise self.error(element, f"missing {name} on <{element.tag}>")
            return 0.0
        try:
            value = svg_values.parse_user_units(text)
        except SvgSyntaxError as bad:
            raise self.error(element, f"bad {name} '{text}' on <{element.tag}>: {bad}",
                             name) from None
        if size and value < 0:
            raise self.error(element, f"negative {name} '{text}' on <{element.tag}>", name)
        return value

    def radii(self, element: _Element, *, required: bool) -> tuple[float, float]:
        """rx and ry of an ellipse or rect; a missing (or auto) one takes the other's value."""
        given = [n for n in ("rx", "ry") if element.attrs.get(n, "auto").strip() != "auto"]
        if not given:
            if required:
                raise self.error(element, f"missing rx and ry on <{element.tag}>")
            return (0.0, 0.0)
        values = {name: self.number(element, name, size=True) for name in given}
        return (values.get("rx", values.get("ry", 0.0)), values.get("ry", values.get("rx", 0.0)))

    def path(self, element: _Element) -> tuple[Segment, ...]:
        data = element.attrs.get("d")
        if data is None:
            raise self.error(element, "missing d on <path>")
        try:
            return geo.parse_path(data)
        except SvgSyntaxError as bad:
            raise self.error(element, bad.message, "d", bad.offset) from None

    def points(self, element: _Element) -> tuple[Segment, ...]:
        text = element.attrs.get("points")
        if text is None:
            raise self.error(element, f"missing points on <{element.tag}>")
        try:
            numbers = geo.parse_numbers(text)
        except SvgSyntaxError as bad:
            raise self.error(element, f"bad points on <{element.tag}>: {bad.message}", "points",
                             bad.offset) from None
        if len(numbers) % 2:
            raise self.error(element, f"odd number of coordinates in points on <{element.tag}>",
                             "points")
        return geo.poly_segments(numbers, closed=element.tag == "polygon")


def _attribute_line(raw: bytes, element: _Element, attribute: str, offset: int) -> int:
    """The line of ``attribute`` in the start tag of ``element`` (of ``offset`` in its value)."""
    match = _TAG_NAME.match(raw, element.offset)
    pos = match.end() if match else element.offset
    while found := _TAG_ATTRIBUTE.match(raw, pos):
        if found.group(1).decode("utf-8", "replace") == attribute:
            value = found.group(2)[1:].decode("utf-8", "replace").replace("\r\n", "\n")
            before = raw.count(b"\n", element.offset, found.start(2))
            return element.line + before + value[:offset].count("\n")
        pos = found.end()
    return element.line
