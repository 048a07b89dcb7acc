"""Rebuilding a kit on every save (``printandplay watch``).

:class:`Watcher` keeps what does not change between builds: the parsed YAML of every file whose
text is the same, and the faces and document pages whose inputs are the same
(:class:`~printandplay.planning.face_cache.FaceCache`). :meth:`Watcher.rebuild_once` is one rebuild; the
command line calls it on each batch of file events. A failed rebuild leaves the last good PDF.
"""

from __future__ import annotations

import hashlib
import time
import zipfile
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printandplay.data.yamlio import parse_cache
from printandplay.errors import PrintAndPlayError
from printandplay.kit.assets import load_assets
from printandplay.kit.build import KitBuild, build_kit, output_path
from printandplay.model.game import DocumentSection
from printandplay.planning.face_cache import FaceCache
from printandplay.planning.options import BuildOptions
from printandplay.project import Resources


def is_scratch_file(path: Path) -> bool:
    """Whether ``path`` is an editor's temporary file, a backup or a cache, not a game's
    data: a change to it changes nothing that is built."""
    name = path.name
    return (name.startswith((".#", "~")) or name.endswith(("~", ".swp", ".swx", ".tmp"))
            or "__pycache__" in path.parts or ".git" in path.parts)


@dataclass(frozen=True)
class Rebuild:
    """The outcome of one rebuild."""

    changed: tuple[str, ...]  # the files that changed, as shown to the user
    build: KitBuild | None  # None when it failed
    problems: tuple[str, ...]
    composed: int  # faces composed again
    reused: int  # faces taken from the cache
    seconds: float

    @property
    def ok(self) -> bool:
        """True when the PDF was written."""
        return self.build is not None


@dataclass
class Watcher:
    """One game being rebuilt on every save."""

    resources: Resources
    game_id: str
    options: BuildOptions
    cache: FaceCache = field(default_factory=FaceCache)
    parsed: dict[tuple[str, str], Any] = field(default_factory=dict)
    last_good: Path | None = None
    _assets: Any = None  # the last build's assets: its fonts, icons and images are reused
    _documents: frozenset[str] = frozenset()  # the kit's document templates

    def folders(self) -> list[Path]:
        """What to watch: the game's cards folder, its templates folders and the fonts."""
        paths = []
        found = self.resources.find("cards", self.game_id)
        if found is not None:
            paths.append(found)
        paths.extend(self.resources.templates_folders(self.game_id))
        fonts = self.resources.find("fonts")
        if fonts is not None:
            paths.append(fonts)
        return paths

    def wants(self, path: Path) -> bool:
        """Whether a change of ``path`` calls for a rebuild: not the PDFs this watcher writes
        (an output folder inside a watched one), nor editors' temporary files."""
        out = output_path(self.game_id, self.options).parent.resolve()
        if path.resolve().is_relative_to(out):
            return False
        return not is_scratch_file(path)

    def rebuild_once(self, changed: Iterable[Path] = ()) -> Rebuild:
        """Rebuild the kit now; ``changed`` names the files in the report (a workbook among
        them is waited for until it is saved whole, :func:`wait_for_workbooks`)."""
        changed = list(changed)
        wait_for_workbooks(changed)
        start = time.perf_counter()
        shown = tuple(sorted({self.resources.display(Path(p)) for p in changed}))
        composed = reused = 0
        try:
            env = environment_key(self.resources, self.game_id, self._documents)
            reuse = self._assets if env == self.cache.env else None
            self._assets = None
            with parse_cache(self.parsed):
                assets = load_assets(self.resources, self.game_id, reuse, self.options.language)
            documents = frozenset(
                s.template for s in assets.game.kit if isinstance(s, DocumentSection))
            if documents != self._documents:
                self._documents = documents
                env = environment_key(self.resources, self.game_id, documents)
            self.cache.start(env)
            build = build_kit(self.resources, self.game_id, self.options, cache=self.cache,
                              assets=assets)
            composed, reused = self.cache.composed, self.cache.reused
            self.last_good = build.path
            self._assets = assets
            problems: tuple[str, ...] = ()
        except PrintAndPlayError as error:
            build, problems = None, tuple(error.problems())
        finally:
            self._forget_old_files()
        return Rebuild(shown, build, problems, composed, reused, time.perf_counter() - start)

    def _forget_old_files(self) -> None:
        """Keep the parsed YAML of the latest text of each file only."""
        latest: dict[str, tuple[str, str]] = {}
        for key in self.parsed:
            latest[key[0]] = key  # insertion order: the last parsed text wins
        keep = set(latest.values())
        for key in [k for k in self.parsed if k not in keep]:
            del self.parsed[key]


WORKBOOK_WAIT = 5.0  # seconds: the longest a rebuild waits for a workbook being saved
WORKBOOK_POLL = 0.15  # seconds between two looks at it


def workbook_complete(path: Path) -> bool:
    """Whether the workbook at ``path`` reads as a whole ZIP archive (its central directory
    at the end, each member's header in place): a spreadsheet saving it has finished."""
    try:
        with zipfile.ZipFile(path) as archive:
            for item in archive.infolist():
                with archive.open(item) as member:
                    member.read(1)  # the local header is where the directory says
        return True
    except (OSError, zipfile.BadZipFile, ValueError, EOFError, RuntimeError):
        return False


def wait_for_workbooks(paths: Iterable[Path], timeout: float = WORKBOOK_WAIT,
                       poll: float = WORKBOOK_POLL) -> bool:
    """Wait until each ``.xlsx`` file among ``paths`` that exists is complete: the same size
    twice ``poll`` seconds apart and a readable archive (a spreadsheet writes it in several
    steps; a watcher woken by the first one would read half a file). Gives up after
    ``timeout`` seconds (the build then reports what it reads); whether all were complete."""
    books = [Path(p) for p in paths if str(p).lower().endswith(".xlsx")]
    deadline = time.monotonic() + timeout
    for book in books:
        size = -1
        while True:
            try:
                now = book.stat().st_size
            except OSError:  # deleted (or renamed over) meanwhile: nothing to wait for
                break
            if now == size and workbook_complete(book):
                break
            if time.monotonic() >= deadline:
                return False
            size = now
            time.sleep(poll)
    return True


def environment_key(resources: Resources, game_id: str, documents: frozenset[str]
                    ) -> Hashable:
    """A digest of what every face depends on besides its layout and data: the icons, images
    and template files (not the kit's documents, nor layouts.yaml, which the cache reads
    as values) and the fonts file. Any change composes every face again."""
    digest = hashlib.sha1()
    for folder in resources.templates_folders(game_id):
        for path in sorted(folder.rglob("*")):
            relative = path.relative_to(folder).as_posix()
            if not path.is_file() or relative == "layouts.yaml" or relative in documents:
                continue
            digest.update(f"{folder}/{relative}\0".encode())
            digest.update(path.read_bytes())
    fonts = resources.fonts_file()
    digest.update(fonts.read_bytes())
    return digest.hexdigest()
