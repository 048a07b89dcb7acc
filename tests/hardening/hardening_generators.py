"""Named file contents for the hardening cases (``write_file: <name>``): hostile inputs that
are awkward to write inline. Each returns bytes; all are deterministic."""

from __future__ import annotations

import random
import struct
import zlib
from collections.abc import Callable

from reader_generators import READER_GENERATORS


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _png(width: int, height: int, rows: bytes) -> bytes:
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header)
            + _chunk(b"IDAT", zlib.compress(rows)) + _chunk(b"IEND", b""))


def png_small() -> bytes:
    """A valid 4×4 red PNG."""
    return _png(4, 4, (b"\x00" + b"\xff\x00\x00" * 4) * 4)


def png_bomb() -> bytes:
    """A PNG whose header claims 100000×100000 pixels (Pillow's decompression-bomb limit)."""
    return _png(100_000, 100_000, b"\x00" * 64)


def png_truncated() -> bytes:
    """The first half of a valid PNG."""
    data = png_small()
    return data[: len(data) // 2]


def random_bytes() -> bytes:
    """4 KiB of seeded random bytes (not UTF-8, not any known format)."""
    return random.Random(10).randbytes(4096)


def big_file_11mb() -> bytes:
    """11 MB of YAML comment lines: valid text above the 10 MB input limit."""
    line = b"# " + b"a" * 97 + b"\n"
    return line * (11 * 1024 * 1024 // len(line) + 1)


def utf16_text() -> bytes:
    """A short deck list encoded in UTF-16 (with its byte order mark)."""
    return "Équipe: Rouges\nJeu\n1 Sifflet\n".encode("utf-16")


def latin1_text() -> bytes:
    """A short deck list encoded in Latin-1."""
    return "Équipe: Rouges\nJeu\n1 Sifflet\n".encode("latin-1")


def yaml_alias_bomb() -> bytes:
    """The 'billion laughs': nine levels of nine aliases each."""
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for level in range(1, 10):
        refs = ", ".join([f"*a{level - 1}"] * 9)
        lines.append(f"a{level}: &a{level} [{refs}]")
    return ("\n".join(lines) + "\n").encode()


def yaml_deep_nesting() -> bytes:
    """10 000 nested flow sequences (a recursion bomb for naive readers)."""
    return b"key: " + b"[" * 10_000 + b"]" * 10_000 + b"\n"


def empty() -> bytes:
    """An empty file."""
    return b""


GENERATORS: dict[str, Callable[[], bytes]] = {
    f.__name__: f for f in (png_small, png_bomb, png_truncated, random_bytes, big_file_11mb,
                            utf16_text, latin1_text, yaml_alias_bomb, yaml_deep_nesting, empty)
} | READER_GENERATORS
