"""Finding template files, confined to the game's template folders.

``{% include %}``, ``{% import %}``, ``{% extends %}`` and the documents of a kit name templates
relative to the game's template folders (``templates/<game>/`` then ``templates/shared/``, the
current folder's before the bundled ones). A name may not be absolute nor climb out with ``..``,
and a file found there may not be a symbolic link (or sit in a linked folder) that leads outside
the folder. Messages name the template as written, never the resolved path.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

import jinja2

from printandplay.errors import close_matches

MAX_TEMPLATE_BYTES: Final = 1_000_000


class TemplateRefused(jinja2.TemplateError):
    """A template name or file that a game may not use."""


def template_parts(name: str) -> list[str]:
    """The path parts of a template name; refuses names that could leave the folder."""
    if not name or "\x00" in name:
        raise TemplateRefused(f"template name {name!r} is empty or invalid")
    if name.startswith(("/", "\\", "~")) or (len(name) > 1 and name[1] == ":"):
        raise TemplateRefused(f"template '{name}': absolute paths are not allowed, "
                              "name a file of the game's templates folder")
    if "\\" in name:
        raise TemplateRefused(f"template '{name}': use '/' between folders")
    parts = [p for p in name.split("/") if p not in ("", ".")]
    if ".." in parts:
        raise TemplateRefused(f"template '{name}': '..' is not allowed, templates stay inside "
                              "the game's templates folder")
    if not parts:
        raise TemplateRefused(f"template name {name!r} names no file")
    return parts


class ConfinedLoader(jinja2.BaseLoader):
    """Loads templates from a few folders; nothing outside them is ever read."""

    def __init__(self, folders: Sequence[Path], display: Callable[[Path], str],
                 names: Sequence[str] = ()) -> None:
        self.folders = list(folders)
        self.display = display
        self.names = list(names) or [display(f).rstrip("/") + "/" for f in self.folders]

    def searched(self) -> str:
        """The folders searched, as shown to the user."""
        return ", ".join(self.names) if self.names else "no templates folder"

    def get_source(self, environment: jinja2.Environment, template: str
                   ) -> tuple[str, str, Callable[[], bool]]:
        parts = template_parts(template)
        for folder in self.folders:
            candidate = folder.joinpath(*parts)
            if not os.path.lexists(candidate):
                continue
            root = folder.resolve()
            try:
                real = candidate.resolve(strict=True)
            except (OSError, RuntimeError):
                raise TemplateRefused(f"template '{template}' is a broken or looping "
                                      "symbolic link") from None
            if not real.is_relative_to(root):
                raise TemplateRefused(f"template '{template}' leads outside "
                                      f"{self.display(folder)}/ (symbolic link)")
            if not real.is_file():
                raise TemplateRefused(f"template '{template}' is not a regular file")
            return _read(real, template), str(candidate), _unchanged(real)
        raise jinja2.TemplateNotFound(template)

    def list_templates(self) -> list[str]:
        """Every ``.j2`` file of the folders (icons and layouts are not templates)."""
        names: set[str] = set()
        for folder in self.folders:
            if folder.is_dir():
                names.update(p.relative_to(folder).as_posix() for p in folder.rglob("*.j2"))
        return sorted(names)

    def suggestion(self, name: str) -> str:
        """``; did you mean 'x'?`` for a close existing template, or ``""``."""
        close = close_matches(name, self.list_templates(), n=1)
        return f"; did you mean '{close[0]}'?" if close else ""


def _read(path: Path, name: str) -> str:
    with path.open("rb") as handle:
        data = handle.read(MAX_TEMPLATE_BYTES + 1)
    if len(data) > MAX_TEMPLATE_BYTES:
        raise TemplateRefused(f"template '{name}' is larger than {MAX_TEMPLATE_BYTES:,} bytes "
                              "(limit)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise TemplateRefused(f"template '{name}' is not UTF-8 text (byte {err.start})") from None


def _unchanged(path: Path) -> Callable[[], bool]:
    try:
        mtime = path.stat().st_mtime
    except OSError:
        mtime = 0.0

    def check() -> bool:
        try:
            return path.stat().st_mtime == mtime
        except OSError:
            return False

    return check

