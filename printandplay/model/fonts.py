"""Which font file serves which role and style."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal, Protocol

FontStyle = Literal["regular", "bold", "italic", "bolditalic"]
STYLES: Final[tuple[FontStyle, ...]] = ("regular", "bold", "italic", "bolditalic")


@dataclass(frozen=True)
class FontRole:
    """A role (``body``, ``title``…) and the file of each style it has."""

    name: str
    files: dict[FontStyle, Path]
    licence: str

    def file_for(self, style: FontStyle) -> Path:
        """The file for ``style``, falling back to bold/italic alone, then regular."""
        if style in self.files:
            return self.files[style]
        if style == "bolditalic":
            fallbacks: tuple[FontStyle, ...] = ("bold", "italic")
            for fallback in fallbacks:
                if fallback in self.files:
                    return self.files[fallback]
        return self.files["regular"]


def style_of(bold: bool, italic: bool) -> FontStyle:
    """The style name for a bold/italic pair."""
    if bold and italic:
        return "bolditalic"
    if bold:
        return "bold"
    if italic:
        return "italic"
    return "regular"


class FontMetrics(Protocol):
    """What text layout needs to know about fonts (provided by the renderer)."""

    def select(self, role: str, bold: bool, italic: bool) -> str:
        """The font key serving ``role`` in that style."""

    def prepare(self, text: str, font: str) -> str:
        """``text`` with characters the font lacks replaced by fallbacks (or an error)."""

    def width(self, text: str, font: str) -> float:
        """Advance width of ``text`` at size 1."""

    def ascent(self, font: str) -> float:
        """Ascent at size 1."""

    def descent(self, font: str) -> float:
        """Descent at size 1, positive."""


class GameFonts(FontMetrics, Protocol):
    """A game's fonts: the roles of its ``fonts.yaml`` and their metrics (provided by the
    renderer, which registers the files)."""

    roles: dict[str, FontRole]
