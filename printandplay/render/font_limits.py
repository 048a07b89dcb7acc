"""Refusing a TrueType file whose character map claims more characters than any real font.

ReportLab's ``TTFont`` maps a font's character map one character at a time; a hostile
``cmap`` can claim billions of characters in a few bytes (a format 12 group from 0 to
2^31, overlapping format 4 segments), which would take minutes and gigabytes. Games are
data that anyone may write, so the file's character map is sized here, from its bytes,
before ReportLab reads it. A map too broken to be sized is left to ReportLab, which then
fails on it with its own error.
"""

from __future__ import annotations

from struct import Struct, unpack_from
from struct import error as struct_error

_H = Struct(">H")
_L = Struct(">L")

#: Most characters a font's character map may give (Unicode assigns ~155,000).
MAX_FONT_CHARS = 200_000


class FontTooLarge(ValueError):
    """A font's character map claims more characters than any real font has."""


def _cmap_offset(data: bytes) -> int | None:
    """Where the ``cmap`` table starts in a TrueType file (the first font of a collection),
    from its table directory; ``None`` when it has none."""
    start = _L.unpack_from(data, 12)[0] if data[:4] == b"ttcf" else 0
    tables = _H.unpack_from(data, start + 4)[0]
    for n in range(tables):
        tag, _, offset, _ = unpack_from(">4sLLL", data, start + 12 + 16 * n)
        if tag == b"cmap":
            return int(offset)
    return None


def check_cmap_size(data: bytes) -> None:
    """Refuse the TrueType file ``data`` when its character map (any of its format 4 and 12
    subtables: the ones whose ranges a few bytes can make huge) gives more than
    :data:`MAX_FONT_CHARS` characters."""
    try:
        cmap = _cmap_offset(data)
        if cmap is None:
            return
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
