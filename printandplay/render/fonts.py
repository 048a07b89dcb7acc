"""Registering TrueType fonts with ReportLab and measuring text with them.

:class:`FontTable` is the :class:`~printandplay.model.fonts.FontMetrics` that layout uses:
it selects the font of a role and style, replaces characters a font lacks by a fallback (or
fails naming the character), and measures widths with a cache.
"""

from __future__ import annotations

import hashlib
import io
import os
from collections.abc import Callable
from pathlib import Path
from typing import Final

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from printandplay.errors import DataError, LayoutError, Location
from printandplay.model.fonts import FontRole, style_of
from printandplay.render.font_limits import check_cmap_size

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


def file_digest(path: Path) -> str:
    """The SHA-256 of a font file's bytes, in hex."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _registered_digest(font: object) -> str | None:
    """The SHA-256 of the bytes a font registered here was read from (None: registered by
    someone else). Computed on first need, from the bytes kept when it was read
    (:func:`read_font`): most builds never need it."""
    digest: str | None = getattr(font, "printandplay_digest", None)
    data = getattr(font, "printandplay_bytes", None)
    if digest is None and isinstance(data, bytes):
        digest = hashlib.sha256(data).hexdigest()
        font.printandplay_digest = digest  # type: ignore[attr-defined]
    return digest


def read_font(name: str, path: Path) -> TTFont:
    """The TrueType font file ``path`` read by ReportLab as font ``name`` (not registered),
    its character map sized first (:func:`check_cmap_size`). The bytes read are kept on the
    font (``printandplay_bytes``, the very bytes ReportLab keeps) with the file's state
    (``printandplay_file``): what tells this font's file apart from another of its name."""
    state = _file_state(path)
    data = path.read_bytes()
    check_cmap_size(data)
    source = io.BytesIO(data)
    source.name = str(path)  # ReportLab names the file by its stream's name  # type: ignore[misc]
    font = TTFont(name, source)
    font.printandplay_file = state  # type: ignore[attr-defined]
    font.printandplay_bytes = data  # type: ignore[attr-defined]
    return font


def _own_face_name(font: TTFont) -> None:
    """Give ``font`` a face name of its own when a registered font with other bytes has its
    face (PostScript) name: ReportLab registers a TrueType font whose face name it knows as the
    font it knows, whatever its bytes (a font file edited under ``watch``, two styles of a
    badly named family), and would draw it with the other's glyphs and widths. The name gains
    the start of the font's digest (``Roboto-Regular-1a2b3c4d5e``: the base font name in the
    PDF). Same bytes under another file name share the font, as ReportLab intends; a font
    registered by someone else, whose bytes are unknown here, counts as other bytes."""
    face = font.face
    for registered in pdfmetrics.getRegisteredFontNames():
        other = pdfmetrics.getFont(registered)
        if other is font or getattr(getattr(other, "face", None), "name", None) != face.name:
            continue
        mine = _registered_digest(font) or ""
        if _registered_digest(other) != mine:
            face.name = face.name + b"-" + mine[:10].encode("ascii")
        return


def _file_state(path: Path) -> tuple[str, int, int]:
    """What says a file was not touched since: its path, size and modification time."""
    info = path.stat()
    return str(path), info.st_size, info.st_mtime_ns


def registered_name(path: Path) -> str:
    """The name a font file is registered under with ReportLab: its file stem, unless another
    file with other bytes already holds that name in this process (two games' ``Regular.ttf``,
    or a font file edited under ``watch``): then the stem and the start of its digest. A
    fresh build names its fonts the same way every time."""
    name = path.stem
    if name not in pdfmetrics.getRegisteredFontNames():
        return name
    found = pdfmetrics.getFont(name)
    if getattr(found, "printandplay_file", None) == _file_state(path):
        return name  # registered from this very file, untouched since: no need to read it
    digest = _registered_digest(found)
    face = getattr(found, "face", None)
    if digest is None and face is not None and getattr(face, "filename", None) == str(path):
        return name  # registered from this very file by someone else
    mine = file_digest(path)
    return name if digest == mine else f"{name}-{mine[:10]}"


def _shown_path(path: Path, cwd: str) -> str:
    """``path`` relative to the folder ``cwd`` when inside it, else from its ``fonts/`` folder
    on (or its last three parts)."""
    if cwd:  # "" when the current folder was removed
        try:
            return str(path.resolve().relative_to(Path(cwd).resolve()))
        except (ValueError, OSError):
            pass
    parts = path.parts
    start = max((i for i, p in enumerate(parts) if p == "fonts"), default=max(0, len(parts) - 3))
    return "/".join(parts[start:])


class FontTable:
    """The fonts of one build, registered with ReportLab under their file names (see
    :func:`registered_name`)."""

    def __init__(self, roles: dict[str, FontRole]) -> None:
        self.roles = roles
        self._names: dict[tuple[str, str], str] = {}
        self._chars: dict[str, frozenset[str]] = {}  # font → the characters it has glyphs for
        self._metrics: dict[str, tuple[float, float]] = {}
        self._widths: dict[tuple[str, str], float] = {}
        self._prepared: dict[tuple[str, str], str] = {}
        self._files: dict[str, Path] = {}
        self._measures: dict[str, Callable[[str, float], float]] = {}  # font → stringWidth
        self._files_named: dict[Path, str] = {}  # font file → its registered name
        self._shown_names: dict[tuple[str, str], str] = {}  # (font, current folder) → shown

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
        name = self._files_named.get(path)
        if name is None:
            name = self._files_named[path] = registered_name(path)
        if name not in self._chars:
            # Not getFont() on an unknown name: it first searches every Type 1 font file
            # ReportLab ships (about 0.2 s per name).
            if name in pdfmetrics.getRegisteredFontNames():
                font = pdfmetrics.getFont(name)
            else:
                font = read_font(name, path)
                _own_face_name(font)
                pdfmetrics.registerFont(font)
            face = font.face
            # the font's characters, made once per registered font (they are the file's: a
            # changed file is registered under another name), not once per build (~0.2 ms each)
            chars = getattr(font, "printandplay_chars", None)
            if chars is None:
                chars = frozenset(map(chr, face.charToGlyph))
                font.printandplay_chars = chars  # type: ignore[attr-defined]
            self._chars[name] = chars
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
        chars = self._chars[font]
        if chars.issuperset(text):  # every character in the font (a set's test, at once)
            done = text  # the same string, not a copy of it in every cache
        else:
            done = "".join(char if char in chars else self._fallback(char, font, chars)
                           for char in text)
        if len(self._prepared) >= CACHE_MAX:  # bounded: memory must not grow with the cards
            self._prepared.clear()
        self._prepared[key] = done
        return done

    def _fallback(self, char: str, font: str, chars: frozenset[str]) -> str:
        for candidate in FALLBACKS.get(char, ()):
            if chars.issuperset(candidate):
                return candidate
        raise LayoutError(f"font '{font}' ({self._shown(font)}) has no glyph for {char!r} "
                          f"(U+{ord(char):04X})")

    def _shown(self, font: str) -> str:
        """The font's file as shown in messages: relative to the current folder when inside
        it, else from its ``fonts/`` folder on (or its package's folder). Kept per font and
        current folder: a text fitted again and again (a shrinking box, a fast path checked
        against the general one) raises its missing glyph's error each time, and resolving
        both paths is a system call per folder of each."""
        path = self._files.get(font)
        if path is None:
            return "unknown file"
        try:
            cwd = os.getcwd()
        except OSError:  # the current folder was removed
            cwd = ""
        key = (font, cwd)
        shown = self._shown_names.get(key)
        if shown is None:
            if len(self._shown_names) >= CACHE_MAX:
                self._shown_names.clear()
            shown = self._shown_names[key] = _shown_path(path, cwd)
        return shown

    def width(self, text: str, font: str) -> float:
        """Width of ``text`` at size 1."""
        key = (text, font)
        width = self._widths.get(key)
        if width is None:
            measure = self._measures.get(font)
            if measure is None:
                measure = self._measures[font] = pdfmetrics.getFont(font).stringWidth
            width = float(measure(text, 1.0))
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
