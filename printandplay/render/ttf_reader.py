"""Reading a TrueType font for ReportLab with fewer Python steps.

ReportLab's ``TTFontFile.extractInfo`` reads the ``cmap``, ``hmtx`` and ``loca`` tables one
number at a time (~11,000 ``read_ushort``/``read_ulong`` calls for a Roboto file, 6–7 ms per
font, in every build). :class:`FastTTFontFace` lets ReportLab read everything else (names,
``head``, ``OS/2``, ``post``, ``hhea``, ``maxp``: ``extractInfo(charInfo=0)``), then reads
those three tables with one ``struct.unpack_from`` each and builds the very same attributes
(``charToGlyph``, ``glyphToChar``, ``charWidths``, ``defaultWidth``, ``hmetrics``,
``glyphPos``: same values, same order). Anything else — another cmap format, a table that
does not add up, a font ReportLab would refuse — is read by ReportLab's own code, which then
gives its own result or error. ``tests/render/test_ttf_reader.py`` compares every attribute
with ReportLab's for every font the project ships or depends on.
"""

from __future__ import annotations

from fnmatch import fnmatch
from itertools import repeat
from struct import Struct, unpack_from
from struct import error as struct_error
from typing import Any
from weakref import WeakKeyDictionary

from reportlab import rl_config
from reportlab.pdfbase.ttfonts import TTEncoding, TTFont, TTFontFace, unShapedFontGlob

_H = Struct(">H")
_L = Struct(">L")

#: Most characters a font's character map may give (Unicode assigns ~155,000): a hostile
#: ``cmap`` can claim billions in a few bytes, which ReportLab's reader would map one by one.
MAX_FONT_CHARS = 200_000


class FontTooLarge(ValueError):
    """A font's character map claims more characters than any real font has."""


class _Unusual(Exception):
    """The font needs ReportLab's own reading (a cmap format or a layout not handled here)."""


class FastTTFontFace(TTFontFace):
    """A :class:`TTFontFace` whose character tables are read in bulk (same attributes)."""

    def extractInfo(self, charInfo: Any = 1) -> None:  # noqa: N802 (ReportLab's name)
        """ReportLab's ``extractInfo``, with ``cmap``, ``hmtx`` and ``loca`` read in bulk."""
        super().extractInfo(0)
        if not charInfo:
            return
        check_cmap_size(self._ttf_data, self.table)
        try:
            self._read_char_tables()
        except Exception:  # noqa: BLE001 - anything odd: ReportLab reads it all again
            super().extractInfo(charInfo)

    def _read_char_tables(self) -> None:
        data = self._ttf_data
        head = self.table["head"]["offset"]
        index_to_loc, glyph_format = unpack_from(">HH", data, head + 50)
        if glyph_format != 0:
            raise _Unusual
        metrics_count = _H.unpack_from(data, self.table["hhea"]["offset"] + 34)[0]
        glyphs = self.numGlyphs
        char_to_glyph, glyph_to_char = self._read_cmap(data)
        # hmtx: (advance, left side bearing) per glyph, advances repeated after the last one
        hmtx = self.table["hmtx"]["offset"]
        pairs = unpack_from(f">{2 * metrics_count}H", data, hmtx)
        advances = list(pairs[0::2])
        bearings = list(pairs[1::2])
        if glyphs > metrics_count:  # only left side bearings for the last glyphs
            bearings += unpack_from(f">{glyphs - metrics_count}H", data, hmtx + 4 * metrics_count)
            advances += [advances[-1]] * (glyphs - metrics_count)
        scale = self._pdfScale
        self.hmetrics = list(zip(advances[:metrics_count], bearings, strict=False))
        if glyphs > metrics_count:  # ReportLab keeps the last advance scaled for these
            self.hmetrics += zip(repeat(scale(advances[-1])), bearings[metrics_count:], strict=False)
        self.defaultWidth = scale(advances[0])
        scaled = {advance: scale(advance) for advance in set(advances)}  # same floats
        width_of = [scaled[advance] for advance in advances]
        char_widths: dict[int, Any] = {}
        for glyph, chars in sorted(glyph_to_char.items()):  # ReportLab's order: by glyph
            if glyph >= len(width_of):  # (ReportLab's loops cover the larger of the counts)
                break
            width = width_of[glyph]
            for char in chars:
                char_widths[char] = width
        if "loca" not in self.table:
            raise _Unusual
        loca = self.table["loca"]["offset"]
        if index_to_loc == 0:
            self.glyphPos = [offset << 1 for offset in unpack_from(f">{glyphs + 1}H", data, loca)]
            self._pos = loca + 2 * (glyphs + 1)
        elif index_to_loc == 1:
            self.glyphPos = list(unpack_from(f">{glyphs + 1}L", data, loca))
            self._pos = loca + 4 * (glyphs + 1)
        else:
            raise _Unusual
        if 0x20 in char_to_glyph:
            char_to_glyph[0xA0] = char_to_glyph[0x20]
            char_widths[0xA0] = char_widths[0x20]
        elif 0xA0 in char_to_glyph:
            char_to_glyph[0x20] = char_to_glyph[0xA0]
            char_widths[0x20] = char_widths[0xA0]
        self.charToGlyph = char_to_glyph
        self.glyphToChar = glyph_to_char
        self.charWidths = char_widths

    def _read_cmap(self, data: bytes) -> tuple[dict[int, int], dict[int, list[int]]]:
        """The character → glyph map and its inverse, from the subtable ReportLab chooses."""
        cmap = self.table["cmap"]["offset"]
        version, count = unpack_from(">HH", data, cmap)
        if count == 0 and version != 0:
            count = version
        chosen = None
        enc = 0
        for n in range(count):  # ReportLab's choice, in its order
            platform, encoding, offset = unpack_from(">HHL", data, cmap + 4 + 8 * n)
            if platform == 3 or (platform == 1 and encoding == 1) or \
                    (platform == 0 and encoding != 5):
                enc, chosen = 1, offset
            elif platform == 1 and encoding == 0 and enc != 1:
                enc, chosen = 2, offset
        if chosen is None:
            raise _Unusual
        start = cmap + chosen
        fmt = _H.unpack_from(data, start)[0]
        char_to_glyph: dict[int, int] = {}
        glyph_to_char: dict[int, list[int]] = {}
        if fmt == 12:
            segments = _L.unpack_from(data, start + 12)[0]
            values = unpack_from(f">{3 * segments}L", data, start + 16)
            for n in range(0, 3 * segments, 3):
                first, last, glyph = values[n], values[n + 1], values[n + 2]
                for char in range(first, last + 1):
                    char_to_glyph[char] = glyph
                    glyph_to_char.setdefault(glyph, []).append(char)
                    glyph += 1
        elif fmt == 4:
            length = _H.unpack_from(data, start + 2)[0]
            limit = start + length
            segments = _H.unpack_from(data, start + 6)[0] // 2
            ends = unpack_from(f">{segments}H", data, start + 14)
            starts = unpack_from(f">{segments}H", data, start + 16 + 2 * segments)
            deltas = unpack_from(f">{segments}h", data, start + 16 + 4 * segments)
            ranges_at = start + 16 + 6 * segments
            ranges = unpack_from(f">{segments}H", data, ranges_at)
            for n in range(segments):
                first, delta, offset = starts[n], deltas[n], ranges[n]
                for char in range(first, ends[n] + 1):
                    if offset == 0:
                        glyph = (char + delta) & 0xFFFF
                    else:
                        at = ranges_at + 2 * n + (char - first) * 2 + offset
                        if at >= limit:  # ReportLab's workaround for broken fonts
                            glyph = 0
                        else:
                            glyph = _H.unpack_from(data, at)[0]
                            if glyph != 0:
                                glyph = (glyph + delta) & 0xFFFF
                    char_to_glyph[char] = glyph
                    glyph_to_char.setdefault(glyph, []).append(char)
        else:
            raise _Unusual
        return char_to_glyph, glyph_to_char


def check_cmap_size(data: bytes, tables: dict[str, Any]) -> None:
    """Refuse a font whose character map (any of its format 4 and 12 subtables: the ones whose
    ranges a few bytes can make huge) gives more than :data:`MAX_FONT_CHARS` characters,
    before anything maps them one by one. A map too broken to be read is left to ReportLab,
    which fails on it at once."""
    if "cmap" not in tables:
        return
    cmap = tables["cmap"]["offset"]
    try:
        version, count = unpack_from(">HH", data, cmap)
        if count == 0 and version != 0:
            count = version
        for n in range(count):
            start = cmap + _L.unpack_from(data, cmap + 8 + 8 * n)[0]
            fmt = _H.unpack_from(data, start)[0]
            if fmt == 12:
                groups = _L.unpack_from(data, start + 12)[0]
                if groups > MAX_FONT_CHARS:
                    raise FontTooLarge(f"its character map has {groups:,} groups")
                values = unpack_from(f">{3 * groups}L", data, start + 16)
                chars = sum(max(0, last - first + 1)
                            for first, last in zip(values[0::3], values[1::3], strict=True))
            elif fmt == 4:
                segments = _H.unpack_from(data, start + 6)[0] // 2
                ends = unpack_from(f">{segments}H", data, start + 14)
                starts = unpack_from(f">{segments}H", data, start + 16 + 2 * segments)
                chars = sum(max(0, end - first + 1) for first, end in zip(starts, ends, strict=True))
            else:
                continue
            if chars > MAX_FONT_CHARS:
                raise FontTooLarge(f"its character map claims {chars:,} characters, more than "
                                   f"{MAX_FONT_CHARS:,}")
    except struct_error:
        return


class FastTTFont(TTFont):
    """ReportLab's :class:`TTFont` whose face is a :class:`FastTTFontFace`: the attributes
    ``TTFont.__init__`` sets, the same way (``tests/render/test_ttf_reader.py`` compares them
    with ReportLab's for the installed version)."""

    def __init__(self, name: str, filename: str) -> None:  # noqa: D107
        self.fontName = name
        self.face = FastTTFontFace(filename)
        self.encoding = TTEncoding()
        self.state: WeakKeyDictionary[Any, Any] = WeakKeyDictionary()
        self._asciiReadable = rl_config.ttfAsciiReadable
        self.shapable = not any(fnmatch(name, glob) for glob in unShapedFontGlob)
