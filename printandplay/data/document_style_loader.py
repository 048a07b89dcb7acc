"""Reading ``document_style:`` of ``game.yaml``: how the kit's documents look (strict keys)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import fields, replace
from typing import Any

from printandplay.data.reader import Fields, Invalid, Problems, as_length, as_number, as_str
from printandplay.errors import Location
from printandplay.model.color import is_hex
from printandplay.model.game import DocumentStyle

SIZES = ("size", "title_size", "section_size", "subsection_size", "footer_size")
LENGTHS = ("margin", "gutter", "footer", "paragraph_space", "bullet_indent", "callout_padding")
FONTS = ("title_font", "body_font")
COLOURS = ("text_color", "accent", "callout_color", "rule_color", "footer_color")


def _as_size(value: Any) -> float:
    number = as_number(value)
    if not 0 < number <= 200:
        raise Invalid(f"expected a font size in points, above 0 and up to 200, got {value}")
    return number


def _as_leading(value: Any) -> float:
    number = as_number(value)
    if not 0.5 <= number <= 4:
        raise Invalid(f"expected a multiple of the size from 0.5 to 4, got {value}")
    return number


def _as_length(value: Any) -> float:
    length = as_length(value)
    if length < 0:
        raise Invalid(f"expected a length ≥ 0, got {value}")
    return length


def _as_colour(palette: Mapping[str, str]) -> Callable[[Any], str]:
    def convert(value: Any) -> str:
        text = as_str(value).strip()
        if not is_hex(text) and text not in palette:
            names = ", ".join(sorted(palette)) or "none"
            raise Invalid(f"expected '#rrggbb' or a colour of the game's palette ({names}), "
                          f"got {text!r}")
        return text
    return convert


def read_document_style(node: Any, palette: Mapping[str, str], problems: Problems,
                        where: Location) -> DocumentStyle:
    """The document style written under ``document_style:``; unknown keys are problems."""
    style = DocumentStyle(location=where)
    if node is None:
        return style
    spec = Fields(node, "document_style", problems, where)
    values: dict[str, Any] = {}
    converters: dict[str, Callable[[Any], Any]] = {
        **dict.fromkeys(SIZES, _as_size), "leading": _as_leading,
        **dict.fromkeys(LENGTHS, _as_length), **dict.fromkeys(FONTS, as_str),
        **dict.fromkeys(COLOURS, _as_colour(palette)),
    }
    assert set(converters) == {f.name for f in fields(DocumentStyle)} - {"location"}
    for key, convert in converters.items():
        values[key] = spec.optional(key, convert, getattr(style, key))
    spec.finish()
    return replace(style, **values)
