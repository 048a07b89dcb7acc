"""Read the SVG subset of icons (documented in docs/icons.md) into an immutable :class:`Icon`.

The file goes through expat so that every error names its line. Elements are handled as they
open: a stack of frames carries the inherited style and the current transform matrix, and each
shape element becomes one :class:`IconShape` whose geometry is already transformed. The
micro-syntaxes of values live in :mod:`.svg_path` (path data), :mod:`.svg_transform`,
:mod:`.svg_numbers`, :mod:`.svg_shapes` and :mod:`.svg_values` (colours, lengths, opacities);
presentation properties in :mod:`.svg_style`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType
from xml.parsers import expat

from printandplay.data import svg_transform
from printandplay.data.files import read_bytes
from printandplay.data.limits import MAX_ICON_DEPTH, MAX_ICON_SEGMENTS, MIN_VIEW_BOX
from printandplay.data.svg_elements import attribute_line, shape_geometry
from printandplay.data.svg_numbers import (
    MAX_NUMBER,
    AttributeProblem,
    SvgSyntaxError,
    parse_numbers,
)
from printandplay.data.svg_style import SvgStyle, compute_style, read_declarations
from printandplay.data.svg_transform import IDENTITY, Matrix, multiply
from printandplay.errors import DataError, Location
from printandplay.model.icon import Icon, IconShape
from printandplay.model.memo import BoundedMemo

SVG_NAMESPACE = "http://www.w3.org/2000/svg"
DOCTYPE_REFUSED = ("the icon declares a DOCTYPE (a DTD or entities), which is not allowed: "
                   "icons have no external entities; remove the <!DOCTYPE ...> declaration")
XINCLUDE_NAMESPACES = ("http://www.w3.org/2001/XInclude", "http://www.w3.org/2003/XInclude")
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


def refuse_doctype(parser: expat.XMLParserType, source: str) -> None:
    """Make ``parser`` (expat's) refuse a DOCTYPE and any entity declaration, as a
    :class:`DataError` at its line in ``source``: no DTD, no entities (billion laughs)."""
    def refuse(*_: object) -> None:
        raise DataError(Location(source, parser.CurrentLineNumber), DOCTYPE_REFUSED)

    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse  # (expat reports the DOCTYPE first)


@dataclass(frozen=True)
class _Frame:
    """What an open element passes on to its children."""

    style: SvgStyle
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
    key = (text, source, icon_id)
    icon = _PARSED.get(key)
    if icon is None:
        view_box, shapes = _Reader(text, source).read()
        icon = Icon(id=icon_id, view_box=view_box, shapes=shapes)
        if len(text) <= _PARSED_TEXT:
            _PARSED.keep(key, icon)
    return icon


# Icons parsed in this process, by text, name and id (icons are immutable)
_PARSED: BoundedMemo[tuple[str, str, str], Icon] = BoundedMemo(2048)
_PARSED_TEXT = 200_000  # characters: larger icons are parsed each time


def load_icon(path: Path, source: str | None = None, icon_id: str | None = None) -> Icon:
    """Read and parse the UTF-8 SVG file at ``path`` (a regular file of at most 10 MB).

    ``source`` names the file in messages (default: ``path``); the icon id defaults to the
    file stem.
    """
    shown = source or str(path)
    return parse_svg(read_svg_text(Path(path), shown), source=shown,
                     icon_id=icon_id or Path(path).stem)


def read_svg_text(path: Path, shown: str) -> str:
    """The text of the SVG file at ``path``: a regular file of at most 10 MB, UTF-8 (errors
    name ``shown``)."""
    try:
        data = read_bytes(path, shown)
    except DataError as error:
        raise DataError(error.location, f"cannot read icon: {error.message}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise DataError(Location(shown), f"not UTF-8 text (byte {error.start})") from None


class _Reader:
    """One parse of one document: expat callbacks feeding a stack of frames."""

    def __init__(self, text: str, source: str) -> None:
        self.text = text
        self.source = source
        self.raw = text.encode("utf-8", "surrogatepass")
        self.parser = expat.ParserCreate(namespace_separator=" ")
        self.parser.StartElementHandler = self.start
        self.parser.EndElementHandler = self.end
        refuse_doctype(self.parser, source)
        self.segments = 0
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
        except (OverflowError, ZeroDivisionError):
            line = self.parser.CurrentLineNumber
            raise DataError(Location(self.source, line), "numbers out of range") from None
        assert self.view_box is not None  # expat rejects documents without a root element
        return self.view_box, tuple(self.shapes)

    def error(self, element: _Element, message: str, attribute: str | None = None,
              offset: int = 0) -> DataError:
        """A located error, on the line of ``attribute`` (and of ``offset`` in its value)."""
        line = element.line
        if attribute is not None:
            line = attribute_line(self.raw, element.offset, element.line, attribute, offset)
        return DataError(Location(self.source, line), message)

    # --- the element tree ---

    def start(self, name: str, attrs: dict[str, str]) -> None:
        namespace, _, tag = name.rpartition(" ")
        element = _Element(tag, {key: value for key, value in attrs.items() if " " not in key},
                           self.parser.CurrentLineNumber, self.parser.CurrentByteIndex)
        if namespace in XINCLUDE_NAMESPACES:
            raise self.error(element, f"XInclude (<{tag}>) is not allowed in an icon")
        if len(self.frames) + self.skipping >= MAX_ICON_DEPTH:
            raise self.error(element, f"elements nested more than {MAX_ICON_DEPTH} deep (limit)")
        if self.skipping:
            self.skipping += 1
            return
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
        return self.frame(element, _Frame(SvgStyle(), IDENTITY))

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
            numbers = parse_numbers(text)
        except SvgSyntaxError as bad:
            raise self.error(element, f"bad viewBox: {bad.message}", "viewBox") from None
        if len(numbers) != 4 or numbers[2] < MIN_VIEW_BOX or numbers[3] < MIN_VIEW_BOX:
            raise self.error(element, f"bad viewBox '{text}' (expected min-x min-y width "
                             f"height, width and height at least {MIN_VIEW_BOX:g})", "viewBox")
        return (numbers[0], numbers[1], numbers[2], numbers[3])

    # --- style and transform ---

    def frame(self, element: _Element, parent: _Frame) -> _Frame | None:
        """The frame of ``element``, or None when it is not displayed (display: none)."""
        declarations = self.declarations(element)
        if declarations.get("display", ("",))[0].lower() == "none":
            return None
        style = self.style(element, declarations, parent.style)
        return _Frame(style, multiply(parent.matrix, self.transform(element)), parent.in_defs)

    def declarations(self, element: _Element) -> dict[str, tuple[str, str]]:
        """Presentation properties: name → (value, attribute that holds it); style wins."""
        try:
            return read_declarations(element.attrs)
        except AttributeProblem as bad:
            raise self.error(element, bad.message, bad.attribute, bad.offset) from None

    def style(self, element: _Element, declarations: dict[str, tuple[str, str]],
              parent: SvgStyle) -> SvgStyle:
        """The computed style of ``element``."""
        try:
            return compute_style(element.tag, declarations, parent)
        except AttributeProblem as bad:
            raise self.error(element, bad.message, bad.attribute, bad.offset) from None

    def transform(self, element: _Element) -> Matrix:
        text = element.attrs.get("transform")
        if text is None:
            return IDENTITY
        try:
            return svg_transform.parse_transform(text)
        except SvgSyntaxError as bad:
            raise self.error(element, f"bad transform on <{element.tag}>: {bad.message}",
                             "transform", bad.offset) from None

    # --- shapes ---

    def add_shape(self, element: _Element, frame: _Frame) -> None:
        """Append the shape of ``element`` unless it paints nothing."""
        try:
            segments = shape_geometry(element.tag, element.attrs,
                                      MAX_ICON_SEGMENTS - self.segments)
        except AttributeProblem as bad:
            raise self.error(element, bad.message, bad.attribute, bad.offset) from None
        self.segments += len(segments)
        if self.segments > MAX_ICON_SEGMENTS:
            raise self.error(element, f"more than {MAX_ICON_SEGMENTS:,} segments in the icon "
                             "(limit; a circle is six)")
        style = frame.style
        fill = None if element.tag == "line" else style.fill  # lines are never filled
        stroke = style.stroke if style.stroke_width > 0 else None
        if not segments or not style.visible or (fill is None and stroke is None):
            return
        scale = math.sqrt(abs(svg_transform.determinant(frame.matrix)))
        placed = svg_transform.transform_segments(segments, frame.matrix)
        numbers = [v for segment in placed for v in segment[1:]]
        low, high = -MAX_NUMBER, MAX_NUMBER  # (neither infinities nor NaN are in between)
        if not all(low <= v <= high for v in [*numbers, scale, style.stroke_width * scale]):
            raise self.error(element, f"<{element.tag}> lands out of range once transformed "
                             f"(coordinates at most {MAX_NUMBER:g} either way)")
        self.shapes.append(IconShape(
            segments=placed,
            fill=fill, stroke=stroke, stroke_width=style.stroke_width * scale,
            fill_rule=style.fill_rule, line_cap=style.line_cap, line_join=style.line_join,
            fill_opacity=style.group_opacity * style.fill_opacity,
            stroke_opacity=style.group_opacity * style.stroke_opacity,
        ))
