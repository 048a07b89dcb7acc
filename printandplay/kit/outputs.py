"""Checking where output goes before any work is done: one clear error instead of a failure
after the whole build (or a traceback), and the previous files left untouched.

Every command that writes files (``build``, ``watch``, ``print-deck``, ``calibrate``,
``export``, ``new``) checks its output here."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from printandplay.errors import OptionError

SYSTEM_FOLDERS = (Path("/proc"), Path("/sys"), Path("/dev"))


def check_output_folder(folder: Path, files: Iterable[str] = (), *,
                        within: Path | None = None, hint: str = "") -> None:
    """Refuse an output folder that cannot be written, or whose ``files`` cannot be.

    ``folder`` (or the nearest of its parents that exists) must be a writable folder outside
    ``/proc``, ``/sys`` and ``/dev``; none of ``files`` in it may be a folder. With ``within``
    (a default output folder, not one the user named), the folder must also stay inside
    ``within`` once symlinks are followed: a downloaded game folder cannot send its output
    elsewhere. ``hint`` ends the messages that say what to do (``" or use --out"``).
    """
    shown = str(folder)
    try:
        resolved = folder.resolve()
    except (OSError, RuntimeError):
        raise OptionError(f"output folder {shown}: cannot be resolved (a symlink loop?)") from None
    for system in SYSTEM_FOLDERS:
        if resolved == system or system in resolved.parents:
            raise OptionError(f"output folder {shown}: a system folder, not a place for output")
    if within is not None:
        root = within.resolve()
        if resolved != root and root not in resolved.parents:
            raise OptionError(f"output folder {shown}: a symlink leads it outside the project "
                              f"(to {resolved}); remove the symlink{hint}")
    for candidate in (folder, *folder.parents):
        if not candidate.exists() and not candidate.is_symlink():
            continue
        if not candidate.is_dir():
            raise OptionError(f"output folder {shown}: {candidate} is a file, not a folder")
        if not os.access(candidate, os.W_OK | os.X_OK):
            raise OptionError(f"output folder {shown}: no permission to write in {candidate}")
        break
    for name in files:
        path = folder / name
        if path.is_dir():
            what = "PDF" if path.suffix == ".pdf" else "file"
            raise OptionError(f"{path}: the output {what} path is a folder; move it away{hint}")


def check_output(target: Path, out_dir: Path | None = None) -> None:
    """Refuse an output PDF path that cannot be written (see :func:`check_output_folder`).
    Without ``out_dir`` (the ``--out`` the user gave), ``target`` is in a default folder,
    which must stay inside the current folder."""
    check_output_folder(target.parent, (target.name,),
                        within=Path.cwd() if out_dir is None else None, hint=" or use --out")
