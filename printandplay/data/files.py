"""Reading game files safely: confined to their folder, regular files only, size-limited.

A game folder is untrusted input. :func:`resolve_inside` is the one place that turns a path
written in game data (``components:``, ``tables:``, a font ``file:``, an icon or image found in
``icons/`` or ``images/``) into a file, refusing absolute paths, ``..`` that leaves the folder
and symlinks that point outside it. :func:`read_bytes` and :func:`read_text` read only regular
files of at most :data:`~printandplay.data.limits.MAX_INPUT_BYTES` (no device, pipe, folder or
symlink loop can make a build hang or run out of memory).
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path, PurePosixPath, PureWindowsPath

from printandplay.data.limits import MAX_INPUT_BYTES, megabytes
from printandplay.errors import DataError, Location


def resolve_inside(root: Path, relative: str, location: Location | None, key: str,
                   root_label: str | None = None) -> Path:
    """``root / relative``, refused with a located :class:`DataError` unless it stays inside.

    ``key`` names the setting in messages (``components``, ``tables.rangs``, ``file``…);
    messages show ``relative`` as written and ``root_label`` (default: the folder's name),
    never a resolved absolute path.
    """
    def what() -> str:
        return f"{key} '{printable(relative)}'"

    def label() -> str:
        return root_label or f"{root.name}/"

    if "\x00" in relative:
        raise DataError(location, f"{what()}: a path cannot contain a NUL character")
    posix = PurePosixPath(relative)
    if posix.is_absolute() or PureWindowsPath(relative).drive:
        raise DataError(location, f"{what()}: absolute paths are not allowed "
                                  f"(write a path inside {label()})")
    depth = 0
    parts = posix.parts
    for part in parts:
        depth += -1 if part == ".." else 0 if part == "." else 1
        if depth < 0:
            raise DataError(location, f"{what()}: '..' leaves the folder {label()}")
    candidate = root / relative
    if _no_symlink_below(root, parts):
        return candidate
    try:
        real = candidate.resolve()
        real_root = root.resolve()
    except (RuntimeError, OSError):  # Python 3.11 raises RuntimeError on a symlink loop
        raise DataError(location, f"{what()}: symlink loop") from None
    if not real.is_relative_to(real_root):
        raise DataError(location, f"{what()}: a symlink that points outside {label()} "
                                  "(a game reads only its own folders)")
    return candidate


def _no_symlink_below(root: Path, parts: tuple[str, ...]) -> bool:
    """True when none of ``parts`` (a relative path known not to climb above ``root``) is a
    symlink: then ``root / relative`` is inside ``root`` without resolving either, since each
    existing part is a real folder or file in the one before it (and ``..`` goes back to a real
    parent). Only the parts below ``root`` are looked at, one ``lstat`` each; the walk stops at
    the first part that does not exist (nothing below it can be opened). False, and the caller
    resolves both paths, at a symlink or any other error."""
    here = os.fspath(root)
    for part in parts:
        here = os.path.join(here, part)
        if part == "..":
            continue
        try:
            mode = os.lstat(here).st_mode
        except FileNotFoundError:
            return True
        except OSError:
            return False
        if stat.S_ISLNK(mode):
            return False
    return True


def printable(text: str) -> str:
    """``text`` with control characters escaped (``\\n``, ``\\x00``), for messages."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def read_bytes(path: Path, shown: str) -> bytes:
    """The content of the regular file ``path`` (``shown`` is its name in messages)."""
    where = Location(shown)
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise DataError(where, "file not found") from None
    except OSError as err:
        if err.errno == errno.ELOOP:
            raise DataError(where, "symlink loop") from None
        if err.errno == errno.EISDIR:
            raise DataError(where, "is a folder, not a file") from None
        raise DataError(where, f"cannot read: {err.strerror}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise DataError(where, "is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise DataError(where, "not a regular file (a device, pipe or socket); "
                                   "only plain files are read")
        too_big = DataError(where, f"file too large ({megabytes(info.st_size)}; "
                                   f"input files are limited to {megabytes(MAX_INPUT_BYTES)})")
        if info.st_size > MAX_INPUT_BYTES:
            raise too_big
        chunks = []
        total = 0
        while True:
            chunk = os.read(fd, min(1 << 20, MAX_INPUT_BYTES + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > MAX_INPUT_BYTES:
                raise DataError(where, f"file too large (input files are limited to "
                                       f"{megabytes(MAX_INPUT_BYTES)})")
        return b"".join(chunks)
    except OSError as err:
        raise DataError(where, f"cannot read: {err.strerror}") from None
    finally:
        os.close(fd)


def read_text(path: Path, shown: str, encoding: str = "utf-8") -> str:
    """The content of the regular UTF-8 text file ``path``."""
    data = read_bytes(path, shown)
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as err:
        raise DataError(Location(shown), f"not UTF-8 text ({err.reason})") from None
