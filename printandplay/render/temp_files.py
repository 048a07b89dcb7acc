"""The temporary files of every output written atomically (PDFs, exported images, manifests):
each one a ``.<name>.<pid>.<random>.tmp`` beside its target, renamed over it when complete,
removed at exit (also after Ctrl-C or SIGTERM), and those a killed run left behind swept
before the next write of the same file."""

from __future__ import annotations

import atexit
import glob
import os
import signal
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from printandplay.errors import OptionError

STALE_UNOWNED_AGE = 600.0  # seconds: a temporary file without a live owner older than this


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


def sweep_stale_temp_files(target: Path) -> list[Path]:
    """Remove the temporary files a killed build of ``target`` left behind; returns them.

    Only files of our own naming (``.<name>.<pid>.<random>.tmp``) are touched, and only when
    the process that made them is gone (or, without a pid in the name, after ten minutes).
    """
    removed = []
    prefix = f".{target.name}."
    for path in target.parent.glob(f"{glob.escape(prefix)}*.tmp"):
        middle = path.name[len(prefix):-len(".tmp")]
        owner = middle.split(".", 1)[0]
        try:
            if owner.isdigit():
                stale = int(owner) != os.getpid() and not _alive(int(owner))
            else:
                stale = time.time() - path.lstat().st_mtime > STALE_UNOWNED_AGE
            if stale and path.is_file() and not path.is_symlink():
                path.unlink()
                removed.append(path)
        except OSError:
            continue
    return removed


LIVE_TEMP_FILES: set[Path] = set()  # temporary files of writers not yet saved or discarded


@atexit.register
def _remove_live_temp_files() -> None:
    """At exit (also after Ctrl-C or SIGTERM), remove what an interrupted writer left."""
    for path in list(LIVE_TEMP_FILES):
        path.unlink(missing_ok=True)
    LIVE_TEMP_FILES.clear()


_HELD_SIGNALS = {getattr(signal, name) for name in ("SIGINT", "SIGTERM") if hasattr(signal, name)}


def hold_signals() -> Any:
    """Block SIGINT and SIGTERM in this thread (where possible); returns the previous mask."""
    if not hasattr(signal, "pthread_sigmask"):
        return None
    return signal.pthread_sigmask(signal.SIG_BLOCK, _HELD_SIGNALS)


def release_signals(previous: Any) -> None:
    """Restore the mask :func:`hold_signals` returned; pending signals are delivered now."""
    if previous is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def new_temp_file(target: Path) -> Path:
    """A new, empty temporary file beside ``target`` (its folder made if need be), with the
    permissions the umask gives, removed at exit unless :func:`replace_target` or
    :func:`remove_temp_file` came first. Stale ones of earlier killed runs are swept first.
    A folder that cannot be written is an :class:`OptionError`."""
    masked = hold_signals()  # Ctrl-C or SIGTERM wait until the temp file is registered
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        sweep_stale_temp_files(target)
        handle, name = tempfile.mkstemp(prefix=f".{target.name}.{os.getpid()}.", suffix=".tmp",
                                        dir=target.parent)
    except OSError as error:
        release_signals(masked)
        raise OptionError(f"cannot write in {target.parent}: {error.strerror}") from None
    except BaseException:
        release_signals(masked)
        raise
    temp = Path(name)
    LIVE_TEMP_FILES.add(temp)
    try:  # a failure (or SIGTERM) from here on must not leave the temporary file behind
        release_signals(masked)  # a signal that came meanwhile is handled here
        os.close(handle)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temp, 0o666 & ~umask)
    except BaseException:
        remove_temp_file(temp)
        raise
    return temp


def replace_target(temp: Path, target: Path) -> None:
    """Move the complete temporary file ``temp`` over ``target``."""
    os.replace(temp, target)
    LIVE_TEMP_FILES.discard(temp)


def remove_temp_file(temp: Path) -> None:
    """Remove ``temp`` if it is still there (after a failure)."""
    temp.unlink(missing_ok=True)
    LIVE_TEMP_FILES.discard(temp)


@contextmanager
def atomic_file(target: Path) -> Iterator[Path]:
    """A temporary file to write ``target``'s content into; renamed over ``target`` when the
    block ends without an error, removed otherwise. Errors of the file system (a full disk,
    no permission) become one :class:`OptionError` naming ``target``."""
    temp = new_temp_file(target)
    try:
        yield temp
        replace_target(temp, target)
    except OSError as error:
        raise OptionError(f"cannot write {target}: {error.strerror or error}") from None
    finally:
        remove_temp_file(temp)
