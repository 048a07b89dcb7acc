"""Checking where a PDF will go before any work is done: one clear error instead of a failure
after the whole build (or a traceback), and the previous PDF left untouched."""

from __future__ import annotations

import os
from pathlib import Path

from printandplay.errors import OptionError

SYSTEM_FOLDERS = (Path("/proc"), Path("/sys"), Path("/dev"))


def check_output(target: Path) -> None:
    """Refuse an output PDF path that cannot be written.

    The folder (or the nearest of its parents that exists) must be a writable folder outside
    ``/proc``, ``/sys`` and ``/dev``; the PDF path itself must not be a folder.
    """
    folder = target.parent
    shown = str(folder)
    try:
        resolved = folder.resolve()
    except (OSError, RuntimeError):
        raise OptionError(f"output folder {shown}: cannot be resolved (a symlink loop?)") from None
    for system in SYSTEM_FOLDERS:
        if resolved == system or system in resolved.parents:
            raise OptionError(f"output folder {shown}: a system folder, not a place for PDFs")
    for candidate in (folder, *folder.parents):
        if not candidate.exists() and not candidate.is_symlink():
            continue
        if not candidate.is_dir():
            raise OptionError(f"output folder {shown}: {candidate} is a file, not a folder")
        if not os.access(candidate, os.W_OK | os.X_OK):
            raise OptionError(f"output folder {shown}: no permission to write in {candidate}")
        break
    if target.is_dir():
        raise OptionError(f"{target}: the output PDF path is a folder; move it away or use --out")
