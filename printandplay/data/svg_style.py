"""SVG style: the presentation properties of the icon subset, read from attributes and
``style``, and the computed :class:`SvgStyle` each element passes on to its children."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, get_args

from printandplay.data import svg_values
from printandplay.data.svg_numbers import AttributeProblem, SvgSyntaxError
from printandplay.model.icon import FillRule, LineCap, LineJoin, Paint

_COMMENT = re.compile(r"/\*.*?\*/", re.S)
_IMPORTANT = re.compile(r"!\s*important\s*$", re.I)


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


# Supported properties: CSS name → (field of SvgStyle, converter).
PROPERTIES: Mapping[str, tuple[str, Callable[[str], Any]]] = MappingProxyType({
    "fill": ("fill", svg_values.parse_paint),
    "stroke": ("stroke", svg_values.parse_paint),
    "stroke-width": ("stroke_width", _stroke_width),
    "fill-rule": ("fill_rule", _keyword(*get_args(FillRule))),
    "stroke-linecap": ("line_cap", _keyword(*get_args(LineCap))),
    "stroke-linejoin": ("line_join", _keyword(*get_args(LineJoin))),
    "opacity": ("opacity", svg_values.parse_opacity),
    "fill-opacity": ("fill_opacity", svg_values.parse_opacity),
    "stroke-opacity": ("stroke_opacity", svg_values.parse_opacity),
    "visibility": ("visible", _visibility),
})
# Properties that change the look and are not supported: only these values are accepted.
RESTRICTED: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "stroke-dasharray": ("none",), "clip-path": ("none",), "mask": ("none",),
    "filter": ("none",), "marker": ("none",), "marker-start": ("none",),
    "marker-mid": ("none",), "marker-end": ("none",), "mix-blend-mode": ("normal",),
    "vector-effect": ("none",), "clip": ("auto",), "transform-origin": (),
})
PRESENTATION = frozenset(PROPERTIES) | frozenset(RESTRICTED) | {"display", "paint-order"}
"""Every property the reader looks at; others are ignored."""


def restriction(name: str, value: str, tag: str) -> str | None:
    """Why ``name: value`` on ``<tag>`` cannot be drawn, or None when it is fine."""
    if name == "paint-order":
        tokens = value.lower().split()
        order = tokens + [t for t in ("fill", "stroke", "markers") if t not in tokens]
        if tokens == ["normal"] or order.index("fill") < order.index("stroke"):
            return None
        return (f"unsupported paint-order '{value}' on <{tag}> (the stroke is always painted "
                "over the fill)")
    allowed = RESTRICTED.get(name)
    if allowed is None or value.lower() in allowed:
        return None
    only = f" (only '{allowed[0]}' is supported)" if allowed else ""
    return f"unsupported {name} '{value}' on <{tag}>{only}"


@dataclass(frozen=True)
class SvgStyle:
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



def read_declarations(attrs: Mapping[str, str]) -> dict[str, tuple[str, str]]:
    """Presentation properties: name → (value, attribute that holds it); ``style`` wins."""
    found = {name: (value.strip(), name) for name, value in attrs.items() if name in PRESENTATION}
    text = _COMMENT.sub(" ", attrs.get("style", ""))
    for chunk in filter(str.strip, text.split(";")):
        name, colon, value = (part.strip() for part in chunk.partition(":"))
        if not colon or not name:
            raise AttributeProblem(f"bad style declaration '{chunk.strip()}' (expected name: value)",
                               "style")
        if name.lower() == "transform":
            raise AttributeProblem("transform in style is not supported, use the transform attribute",
                               "style")
        if name.lower() in PRESENTATION:
            found[name.lower()] = (_IMPORTANT.sub("", value).strip(), "style")
    return found


def compute_style(tag: str, declarations: Mapping[str, tuple[str, str]],
                  parent: SvgStyle) -> SvgStyle:
    """The computed style: declared values, else inherited ones (opacity multiplies)."""
    changes: dict[str, Any] = {"opacity": 1.0}
    for name, (value, attribute) in declarations.items():
        problem = restriction(name, value, tag)
        if problem:
            raise AttributeProblem(problem, attribute)
        if name not in PROPERTIES:
            continue
        field, convert = PROPERTIES[name]
        try:
            inherit = value.lower() == "inherit"
            changes[field] = getattr(parent, field) if inherit else convert(value)
        except SvgSyntaxError as bad:
            raise AttributeProblem(f"bad {name} '{value}' on <{tag}>: {bad}", attribute) from None
    if len(changes) == 1 and changes["opacity"] == 1.0 and parent.opacity == 1.0:
        return parent  # nothing declared that changes it: the parent's style, as it is
    fields = dict(parent.__dict__)  # (faster than dataclasses.replace, the same result)
    fields.update(changes)
    fields["group_opacity"] = parent.group_opacity * changes["opacity"]
    return SvgStyle(**fields)
