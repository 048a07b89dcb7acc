"""What ``watch`` keeps from one build to the next: the faces and document pages, keyed on
everything that draws them (:class:`FaceCache`), and the hashable copies of template values
those keys are made of."""

from __future__ import annotations

import re
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from printandplay.model.design import FaceDesign
from printandplay.model.ops import Face, Op


@dataclass
class FaceCache:
    """Faces and document pages kept from one build to the next (``watch``), keyed on
    everything that draws them: the face design, the kind, the card's values, the game-wide values
    its templates read, the bleed, the options that change a face (``--debug-boxes``,
    ``--ink-saver``), and ``env`` (a digest of the fonts, icons, images and
    template files, set by the caller). A face is composed again only when one of them
    changed."""

    env: Hashable = None
    faces: dict[Hashable, Face] = field(default_factory=dict)
    documents: dict[Hashable, tuple[tuple[Op, ...], ...]] = field(default_factory=dict)
    warnings: dict[Hashable, tuple[str, ...]] = field(default_factory=dict)  # of each face
    composed: int = 0  # faces composed by the last build
    reused: int = 0  # faces taken from the cache by the last build
    _tokens: dict[Hashable, int] = field(default_factory=dict)

    def token(self, value: Hashable) -> int:
        """A small number standing for ``value`` (a face design and its kind: hashed once per
        build rather than once per face)."""
        return self._tokens.setdefault(value, len(self._tokens))

    def start(self, env: Hashable) -> None:
        """Begin a build: forget everything if ``env`` changed; reset the counters."""
        if env != self.env:
            self.faces.clear()
            self.documents.clear()
            self.warnings.clear()
            self._tokens.clear()
            self.env = env
        self.composed = self.reused = 0

    def prune(self, used: set[Hashable]) -> None:
        """Drop the faces the last build did not use (edited cards leave old versions)."""
        for key in [k for k in self.faces if k not in used]:
            del self.faces[key]
            self.warnings.pop(key, None)


def freeze(value: Any) -> Hashable:
    """A hashable copy of template values (dicts, lists, rich text marked by its type)."""
    if isinstance(value, Mapping):
        return ("{", tuple((str(k), freeze(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return ("[", tuple(freeze(v) for v in value))
    if isinstance(value, str):
        return (type(value).__name__, str(value))
    if value is None or isinstance(value, (bool, int, float)):
        return value
    return (type(value).__name__, repr(value))


_GLOBALS = ("game", "tables", "colors", "components", "count")


def globals_read(templates: Sequence[str]) -> tuple[str, ...]:
    """The game-wide template variables that ``templates`` mention."""
    text = "\n".join(templates)
    return tuple(name for name in _GLOBALS if re.search(rf"\b{name}\b", text))


def design_sources(design: FaceDesign) -> list[str]:
    """The template sources of a face design's boxes."""
    return [t.source for box in design.boxes
            for t in (box.when, box.fill, box.stroke, box.color, box.text, box.icon, box.image)
            if t is not None]
