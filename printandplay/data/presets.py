"""The built-in paper and item sizes (``printandplay/presets.yaml``)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from printandplay.data.reader import Fields, Problems, as_length
from printandplay.data.yamlio import load_yaml
from printandplay.errors import Location, OptionError
from printandplay.model.game import Size
from printandplay.units import MAX_PAGE, MIN_PAPER, MM, format_mm

PRESETS_FILE = Path(__file__).resolve().parent.parent / "presets.yaml"


@dataclass(frozen=True)
class Presets:
    """Named paper sizes and item sizes, in points."""

    papers: dict[str, Size]
    sizes: dict[str, Size]


def load_presets(path: Path = PRESETS_FILE) -> Presets:
    """Read the presets file."""
    data = load_yaml(path, display="printandplay/presets.yaml")
    problems = Problems()
    top = Fields(data, "presets", problems, Location(str(path)))
    papers = _sizes(top.raw("papers", {}), problems, "paper")
    sizes = _sizes(top.raw("sizes", {}), problems, "size")
    top.finish()
    problems.raise_if_any()
    return Presets(papers, sizes)


def resolve_paper(name: str, presets: Presets) -> Size:
    """A paper by preset name (``a4``, ``letter``…) or as ``WIDTHxHEIGHT`` in millimetres."""
    if name in presets.papers:
        return presets.papers[name]
    match = re.fullmatch(r"(\d{1,9}(?:\.\d{1,9})?)x(\d{1,9}(?:\.\d{1,9})?)", name)
    if match:
        width, height = (float(v) * MM for v in match.groups())
        if not (MIN_PAPER - 1e-6 <= width <= MAX_PAGE + 1e-6
                and MIN_PAPER - 1e-6 <= height <= MAX_PAGE + 1e-6):
            raise OptionError(f"paper '{name}': width and height must be from "
                              f"{format_mm(MIN_PAPER)} to {format_mm(MAX_PAGE)} (200 in, the "
                              f"largest page a PDF may have)")
        return Size(width, height)
    known = ", ".join(sorted(presets.papers))
    raise OptionError(f"unknown paper '{name}' (use {known}, or WIDTHxHEIGHT in mm such as "
                      f"'330x480')")


def _sizes(node: dict[str, object], problems: Problems, what: str) -> dict[str, Size]:
    out = {}
    for name, value in node.items():
        size = read_size(value, problems, f"{what} '{name}'", Location("presets.yaml"))
        if size:
            out[name] = size
    return out


def read_size(node: object, problems: Problems, what: str, where: Location) -> Size | None:
    """Read ``{width: …, height: …}``."""
    fields = Fields(node, what, problems, where)
    width = fields.require("width", as_length)
    height = fields.require("height", as_length)
    fields.finish()
    if width is None or height is None:
        return None
    if width <= 0 or height <= 0:
        problems.add(fields.location, f"{what}: width and height must be > 0")
        return None
    return Size(width, height)
