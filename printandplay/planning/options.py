"""What the user chose on the command line for a build (kept free of heavy imports: the CLI and
``watch`` read it before anything is drawn)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from printandplay.imposition.grid import DEFAULT_MARGIN, Flip
from printandplay.units import MM

DEFAULT_BLEED = 3 * MM


@dataclass(frozen=True)
class BuildOptions:
    """What the user chose on the command line."""

    paper: str = "a4"
    out_dir: Path | None = None
    flip: Flip = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)  # points, applied to back pages
    bleed: float | None = None  # points; None = the default 3 mm
    debug_boxes: bool = False  # outline boxes, trim, bleed and safe zone (--debug-boxes)
    margin: float = DEFAULT_MARGIN  # points: the printer's unprintable band along the edge
    simplex: bool = False  # single-sided printing: no blank pages to keep fronts on sheet fronts
    fold: bool = False  # fold-and-glue: each back beside its front, across a fold line
    ink_saver: bool = False  # layouts' ink-saver versions; other full-bleed fills pale
    fronts_only: bool = False  # sheets of fronts alone, printed single-sided (--fronts-only)
    pack: bool = False  # neighbouring compatible sections share sheets when it saves some
    sections: tuple[str, ...] = ()  # names of the kit sections to build (empty: all)
    language: str | None = None  # the edition in another language (--language), None: the game's
    proof: bool = False  # items larger than the paper: one sheet each, scaled (--proof)
    # points between every two neighbouring items (--gutter); None: only where their edges
    # differ in colour or it costs no sheet; 0: only where it costs no sheet
    gutter: float | None = None

    @property
    def duplex(self) -> bool:
        """Whether the file is printed on both sides of the paper."""
        return not (self.simplex or self.fold or self.fronts_only)
