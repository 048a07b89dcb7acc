"""Face designs: what a layout of ``layouts.yaml`` becomes once read, named boxes placed on
a face with their geometry, style and content templates.

In the code, "layout" names the ``layout/`` stage only; a face design is a
:class:`FaceDesign` (``design``), a document is set by a ``DocumentComposer``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from printandplay.errors import Location
from printandplay.model.board import GridSpec, TrackSpec
from printandplay.model.polyhedron_net import DieSpec

BoxShape = Literal["rect", "ellipse", "line", "outline"]
Align = Literal["left", "center", "right"]
VAlign = Literal["top", "middle", "bottom"]


@dataclass(frozen=True)
class Dim:
    """A length: points, or a fraction of the face's width/height."""

    value: float
    relative: bool = False

    def resolve(self, reference: float) -> float:
        """The length in points for a face dimension ``reference``."""
        return self.value * reference if self.relative else self.value


@dataclass(frozen=True)
class Template:
    """A string that may hold Jinja; ``is_static`` when it holds none."""

    source: str

    @property
    def is_static(self) -> bool:
        """True when rendering would give the source back."""
        return "{{" not in self.source and "{%" not in self.source


@dataclass(frozen=True)
class Box:
    """One named box of a layout (origin top-left of the trim box, y down, as designers think)."""

    name: str
    x: Dim
    y: Dim
    width: Dim
    height: Dim
    location: Location
    shape: BoxShape = "rect"
    rotate: int = 0
    fill: Template | None = None
    stroke: Template | None = None
    stroke_width: float = 0.0
    radius: float = 0.0
    dash: tuple[float, ...] = ()
    fold: bool = False  # a line to fold on: the printing guide's legend explains it
    opacity: float = 1.0
    bleed: bool = False
    text: Template | None = None
    font: str = "body"
    size: float = 10.0
    min_size: float | None = None
    leading: float = 1.2
    align: Align = "left"
    valign: VAlign = "top"
    bold: bool = False
    italic: bool = False
    color: Template | None = None
    icon: Template | None = None
    icon_scale: float = 1.0
    image: Template | None = None
    wrap: bool = True
    padding: float = 0.0
    when: Template | None = None
    grid: GridSpec | None = None  # a board's cells (printandplay.model.board)
    track: TrackSpec | None = None  # numbered cells around the box, or in a strip
    die: DieSpec | None = None  # a die's net, its faces the box's text split at "|"


@dataclass(frozen=True)
class FaceDesign:
    """A face design: boxes drawn in order."""

    name: str
    boxes: tuple[Box, ...]
    location: Location
    ink_saver: FaceDesign | None = None  # as drawn with --ink-saver, when it declares one
