"""A PDF file written object by object as the build goes: nothing of a finished page stays in
memory but its object's offset.

Objects are numbered when first referred to (:meth:`PdfObjects.reserve`) and written whenever
they are complete, in any order; :meth:`PdfObjects.close` writes the cross-reference table and
the trailer. The file's ID is the MD5 of its bytes: the same objects give the same file.
"""

from __future__ import annotations

import hashlib
import zlib
from array import array
from typing import IO

from printandplay.render.pdf_syntax import format_dictionary

#: The header: version 1.4 (transparency, form XObjects, TrueType fonts) and a comment of
#: bytes above 127 telling transfer programs the file is binary.
HEADER = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"


class PdfObjects:
    """The objects of one PDF file, written to ``out`` as they are given."""

    def __init__(self, out: IO[bytes]) -> None:
        self.out = out
        self._offsets = array("Q")  # of objects 1, 2, 3… (0: not written yet)
        self._digest = hashlib.md5(usedforsecurity=False)
        self._position = 0
        self._write(HEADER)

    def _write(self, data: bytes) -> None:
        self.out.write(data)
        self._digest.update(data)
        self._position += len(data)

    def reserve(self) -> int:
        """A new object's number, to refer to it before it is written."""
        self._offsets.append(0)
        return len(self._offsets)

    def write(self, number: int, body: str) -> None:
        """Write object ``number`` whose text is ``body`` (a dictionary, an array…)."""
        self._start(number)
        self._write(f"{number} 0 obj\n{body}\nendobj\n".encode("latin-1"))

    def write_stream(self, number: int, entries: dict[str, str], data: bytes, *,
                     compress: bool = True) -> None:
        """Write object ``number``: a stream of ``data`` (deflated unless ``compress`` is
        false or ``entries`` name a filter) with its dictionary's ``entries``."""
        entries = dict(entries)
        if compress and "Filter" not in entries:
            data = zlib.compress(data)
            entries["Filter"] = "/FlateDecode"
        entries["Length"] = str(len(data))
        self._start(number)
        head = f"{number} 0 obj\n{format_dictionary(entries)}\nstream\n".encode("latin-1")
        self._write(head + data + b"\nendstream\nendobj\n")

    def add(self, body: str) -> int:
        """Write a new object now; its number."""
        number = self.reserve()
        self.write(number, body)
        return number

    def add_stream(self, entries: dict[str, str], data: bytes, *, compress: bool = True) -> int:
        """Write a new stream now (:meth:`write_stream`); its number."""
        number = self.reserve()
        self.write_stream(number, entries, data, compress=compress)
        return number

    def _start(self, number: int) -> None:
        if not 0 < number <= len(self._offsets):
            raise ValueError(f"object {number} was not reserved")
        if self._offsets[number - 1]:
            raise ValueError(f"object {number} is written twice")
        self._offsets[number - 1] = self._position

    def close(self, root: int, info: int) -> None:
        """Write the cross-reference table and the trailer (``root``: the catalog, ``info``:
        the document information); every reserved object must have been written."""
        missing = [n + 1 for n, offset in enumerate(self._offsets) if not offset]
        if missing:
            raise ValueError(f"objects reserved but never written: {missing[:10]}")
        start = self._position
        count = len(self._offsets) + 1
        self._write(f"xref\n0 {count}\n0000000000 65535 f \n".encode("ascii"))
        for first in range(0, len(self._offsets), 4096):
            self._write("".join(f"{offset:010d} 00000 n \n" for offset in
                                self._offsets[first:first + 4096]).encode("ascii"))
        identifier = self._digest.hexdigest()
        trailer = format_dictionary({"Size": str(count), "Root": f"{root} 0 R",
                                     "Info": f"{info} 0 R",
                                     "ID": f"[<{identifier}> <{identifier}>]"})
        self._write(f"trailer\n{trailer}\nstartxref\n{start}\n%%EOF\n".encode("ascii"))
