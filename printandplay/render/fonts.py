"""Registering TrueType fonts with ReportLab and measuring text with them.

:class:`FontTable` is the :class:`~printandplay.model.fonts.FontMetrics` that layout uses:
it selects the font of a role and style, replaces characters a font lacks by a fallback (or
fails naming the character), and measures widths with a cache.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from printandplay.errors import DataError, LayoutError, Location
from printandplay.model.fonts import FontRole, style_of

#: Most texts whose width (or fallback spelling) is kept per cache: texts are measured per
#: word and per run of a card, so an unbounded cache would grow with the number of cards.
CACHE_MAX: Final = 20_000

FALLBACKS: Final[dict[str, tuple[str, ...]]] = {
    "\u202f": ("\u00a0", " "),
    "\u00a0": (" ",),
    "\u2009": ("\u202f", " "),
    "’": ("'",),
    "‘": ("'",),
    "“": ('"',),
    "”": ('"',),
    "…": ("...",),
    "—": ("–", "-"),
    "–": ("-",),
    "−": ("–", "-"),
    "×": ("x",),
    "«": ('"',),
    "»": ('"',),
}


class FontTable:
    """The fonts of one build, registered with ReportLab under their file names."""

    def __init__(self, roles: dict[str, FontRole]) -> None:
        self.roles = roles
        self._names: dict[tuple[str, str], str] = {}
        self._charsets: dict[str, frozenset[int]] = {}
        self._metrics: dict[str, tuple[float, float]] = {}
        self._widths: dict[tuple[str, str], float] = {}
        self._prepared: dict[tuple[str, str], str] = {}
        self._files: dict[str, Path] = {}

    def load_all(self, source: str) -> None:
        """Read every font file of every role now, so that a broken file is a clear error
        (``source``, the fonts.yaml shown, names it) when assets load rather than mid-draw."""
        for role in self.roles.values():
            for style, path in role.files.items():
                try:
                    self._register(path)
                except Exception as err:  # ReportLab raises many kinds on a corrupt file
                    reason = str(err).rpartition('" ')[2] or type(err).__name__
                    raise DataError(Location(source), f"font '{role.name}.{style}': "
                                    f"'{path.name}' is not a usable TrueType font "
                                    f"({reason})") from None

    def _register(self, path: Path) -> str:
        name = path.stem
        if name not in self._charsets:
            # Not getFont() on an unknown name: it first searches every Type 1 font file
            # ReportLab ships (about 0.2 s per name).
            if name in pdfmetrics.getRegisteredFontNames():
                font = pdfmetrics.getFont(name)
            else:
                font = TTFont(name, str(path))
                pdfmetrics.registerFont(font)
            face = font.face
            self._charsets[name] = frozenset(face.charToGlyph)
            self._files[name] = path
            self._metrics[name] = (face.ascent / 1000.0, -face.descent / 1000.0)
        return name

    def select(self, role: str, bold: bool, italic: bool) -> str:
        """The registered font name for ``role`` in that style."""
        style = style_of(bold, italic)
        key = (role, style)
        name = self._names.get(key)
        if name is None:
            if role not in self.roles:
                known = ", ".join(sorted(self.roles))
                raise LayoutError(f"unknown font role '{role}' (fonts.yaml has: {known})")
            name = self._register(self.roles[role].file_for(style))
            self._names[key] = name
        return name

    def prepare(self, text: str, font: str) -> str:
        """``text`` with each character the font lacks replaced by its fallback."""
        key = (text, font)
        done = self._prepared.get(key)
        if done is not None:
            return done
        charset = self._charsets[font]
        if all(ord(char) in charset for char in text):
            done = text  # the same string, not a copy of it in every cache
        else:
            done = "".join(char if ord(char) in charset else self._fallback(char, font, charset)
                           for char in text)
        if len(self._prepared) >= CACHE_MAX:  # bounded: memory must not grow with the cards
            self._prepared.clear()
        self._prepared[key] = done
        return done

    def _fallback(self, char: str, font: str, charset: frozenset[int]) -> str:
        for candidate in FALLBACKS.get(char, ()):
            if all(ord(c) in charset for c in candidate):
                return candidate
        raise LayoutError(f"font '{font}' ({self._shown(font)}) has no glyph for {char!r} "
                          f"(U+{ord(char):04X})")

    def _shown(self, font: str) -> str:
        """The font's file as shown in messages: relative to the current folder when inside
        it, else from its ``fonts/`` folder on (or its package's folder)."""
        path = self._files.get(font)
        if path is None:
            return "unknown file"
        try:
            return str(path.resolve().relative_to(Path.cwd().resolve()))
        except (ValueError, OSError):
            parts = path.parts
            start = max((i for i, p in enumerate(parts) if p == "fonts"),
                        default=max(0, len(parts) - 3))
            return "/".join(parts[start:])

    def width(self, text: str, font: str) -> float:
        """Width of ``text`` at size 1."""
        key = (text, font)
        width = self._widths.get(key)
        if width is None:
            width = pdfmetrics.stringWidth(text, font, 1.0)
            if len(self._widths) >= CACHE_MAX:  # bounded, as above
                self._widths.clear()
            self._widths[key] = width
        return width

    def ascent(self, font: str) -> float:
        """Ascent at size 1."""
        return self._metrics[font][0]

    def descent(self, font: str) -> float:
        """Descent at size 1 (positive)."""
        return self._metrics[font][1]
