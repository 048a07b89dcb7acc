"""TrueType fonts embedded in a PDF as subsets of up to 256 glyphs.

Each character a text uses gets a one-byte code in a subset of its font the first time it is
shown, for the whole document (printable ASCII keeps its own code in the first subset, so a
page's text stays readable); a text is then shown as one string per run of characters of one
subset. When the document is complete each subset is written as a simple TrueType font:
its glyphs (ReportLab's ``makeSubset``), their widths, the font's descriptor, and a
``ToUnicode`` map so that the text can be searched and copied.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from printandplay.render.pdf_objects import PdfObjects
from printandplay.render.pdf_syntax import format_array, format_name, format_reference

_SYMBOLIC, _NONSYMBOLIC = 1 << 2, 1 << 5  # font descriptor flags (a subset has its own codes)


def subset_tag(index: int) -> str:
    """The six capital letters naming a font's subset ``index`` (``AAAAAB+Roboto``)."""
    letters = []
    for _ in range(6):
        index, digit = divmod(index, 26)
        letters.append(chr(ord("A") + digit))
    return "".join(reversed(letters))


def _escaped(code: int) -> str:
    """A code's byte as written in a literal string: printable ASCII as itself (but the three
    characters a literal escapes), the rest in octal."""
    char = chr(code)
    if char in "()\\":
        return "\\" + char
    return char if 32 <= code < 127 else f"\\{code:03o}"


ESCAPED: Final = tuple(_escaped(code) for code in range(256))

# The codes of the first subset given to characters other than printable ASCII (which keep
# their own: a page's text stays readable and small); 0 is the font's "no glyph".
_FIRST_FREE: Final = (*range(128, 256), *range(1, 32), 127)


class _NotInFirst(Exception):
    """A character has no code in the first subset (yet)."""


class _FirstCodes(dict[int, str]):
    """The first subset's codes by code point, escaped: a table for ``str.translate`` that
    stops at a character it lacks."""

    def __missing__(self, point: int) -> str:
        raise _NotInFirst


class EmbeddedFont:
    """A TrueType font (read by ReportLab) as it is used by one document.

    ``reserve`` numbers a new object of the document (a subset's font dictionary is referred
    to by pages before it is written)."""

    def __init__(self, font: Any, reserve: Callable[[], int]) -> None:
        self.face = font.face
        self._glyphs: dict[int, int] = self.face.charToGlyph
        self._reserve = reserve
        # subset → the code point of each code (0: unused, or the font's "no glyph")
        self._subsets: list[list[int]] = []
        self._numbers: list[int] = []  # subset → its font dictionary's object number
        self._free: list[int] = []  # the codes of the last subset not given yet (reversed)
        self._codes: dict[str, tuple[int, int]] = {}  # character → (subset, code)
        self._first = _FirstCodes()
        self._new_subset()

    def _new_subset(self) -> None:
        self._subsets.append([0] * 256)
        self._numbers.append(self._reserve())
        self._free = list(reversed(_FIRST_FREE if len(self._subsets) == 1 else range(1, 256)))

    def pieces(self, text: str) -> list[tuple[int, str]]:
        """``text`` as ``(font object number, escaped string)`` pieces, one per run of one
        subset (the string goes between parentheses before ``Tj``)."""
        if not text:
            return []
        try:  # (most texts: characters of the first subset only)
            return [(self._numbers[0], text.translate(self._first))]
        except _NotInFirst:
            return self._split(text)

    def _split(self, text: str) -> list[tuple[int, str]]:
        runs: list[tuple[int, list[str]]] = []
        for char in text:
            place = self._codes.get(char)
            if place is None:
                place = self._assign(char)
            subset, code = place
            if not runs or runs[-1][0] != subset:
                runs.append((subset, []))
            runs[-1][1].append(ESCAPED[code])
        return [(self._numbers[subset], "".join(codes)) for subset, codes in runs]

    def _assign(self, char: str) -> tuple[int, int]:
        """Give ``char`` its code: printable ASCII its own in the first subset, any other the
        next free one (a character the font lacks is shown as its "no glyph", code 0)."""
        point = ord(char)
        if point not in self._glyphs:
            place = (0, 0)
        else:
            if 32 <= point < 127:
                place = (0, point)
            else:
                if not self._free:
                    self._new_subset()
                place = (len(self._subsets) - 1, self._free.pop())
            self._subsets[place[0]][place[1]] = point
            if place[0] == 0:
                self._first[point] = ESCAPED[place[1]]
        self._codes[char] = place
        return place

    def write(self, objects: PdfObjects) -> None:
        """Write the font's subsets (once the document's texts are all shown)."""
        face = self.face
        flags = (face.flags & ~_NONSYMBOLIC) | _SYMBOLIC
        base = face.name.decode("latin-1") + face.subfontNameX.decode("latin-1")
        for index, (used, number) in enumerate(zip(self._subsets, self._numbers, strict=True)):
            codes = used[:max((c for c, point in enumerate(used) if point), default=0) + 1]
            name = f"{subset_tag(index)}+{base}"
            program = face.makeSubset(codes)
            file = objects.add_stream({"Length1": str(len(program))}, program)
            descriptor = objects.add(
                f"<< /Type /FontDescriptor /FontName {format_name(name)} /Flags {flags} "
                f"/FontBBox {format_array(face.bbox)} /ItalicAngle {face.italicAngle} "
                f"/Ascent {face.ascent} /Descent {face.descent} /CapHeight {face.capHeight} "
                f"/StemV {face.stemV} /MissingWidth {face.defaultWidth} "
                f"/FontFile2 {format_reference(file)} >>")
            to_unicode = objects.add_stream({}, unicode_map(name, codes).encode("ascii"))
            widths = format_array(face.getCharWidth(point) for point in codes)
            objects.write(number, (
                f"<< /Type /Font /Subtype /TrueType /BaseFont {format_name(name)} "
                f"/FirstChar 0 /LastChar {len(codes) - 1} /Widths {widths} "
                f"/FontDescriptor {format_reference(descriptor)} "
                f"/ToUnicode {format_reference(to_unicode)} >>"))


def unicode_map(name: str, codes: list[int]) -> str:
    """The ``ToUnicode`` CMap of a subset: each code (but 0) → its character in UTF-16."""
    pairs = [f"<{code:02X}> <{chr(point).encode('utf-16-be').hex().upper()}>"
             for code, point in enumerate(codes) if code]
    lines = ["/CIDInit /ProcSet findresource begin", "12 dict begin", "begincmap",
             f"/CIDSystemInfo << /Registry ({name}) /Ordering ({name}) /Supplement 0 >> def",
             f"/CMapName {format_name(name)} def", "/CMapType 2 def",
             "1 begincodespacerange", "<00> <FF>", "endcodespacerange"]
    for first in range(0, len(pairs), 100):  # at most 100 entries a block
        block = pairs[first:first + 100]
        lines += [f"{len(block)} beginbfchar", *block, "endbfchar"]
    lines += ["endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end"]
    return "\n".join(lines)
