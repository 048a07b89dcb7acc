"""The temporary files of PDF writers: removed at exit (also after Ctrl-C or SIGTERM), and
those a killed build left behind swept before the next build of the same file."""

from __future__ import annotations

import atexit
import glob
import os
import signal
import time
from pathlib import Path
from typing import Any

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
