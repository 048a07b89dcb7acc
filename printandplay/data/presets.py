"""The built-in paper and item sizes (``printandplay/presets.yaml``)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from printandplay.data.files import read_text
from printandplay.data.reader import Fields, Problems, as_length
from printandplay.data.yamlio import parse_yaml
from printandplay.errors import Location, OptionError
from printandplay.model.game import Size
from printandplay.model.memo import BoundedMemo
from printandplay.units import MAX_PAGE, MIN_PAPER, MM, format_mm

PRESETS_FILE = Path(__file__).resolve().parent.parent / "presets.yaml"


SAME_TRIM = 0.5 * MM  # trims this close are the same card
FIT_LARGER = 1.0 * MM  # a shop's card this much larger on each side takes a design centred


@dataclass(frozen=True)
class PrintShop:
    """A print-on-demand shop's card files: bleed and safe zone (points), the trims it prints,
    its file names (``{id}``, ``{side}``) and whether it takes one PDF of alternating fronts
    and backs."""

    key: str
    name: str
    bleed: float
    safe: float
    files: str
    alternating: bool
    sizes: dict[str, Size]

    def file_name(self, ident: str, side: str) -> str:
        """The name of one face's file: ``side`` is ``front`` or ``back``."""
        return self.files.format(id=ident, side=side) + ".pdf"

    def prints(self, trim: Size) -> bool:
        """Whether the shop prints cards of ``trim`` (either way round, within 0.5 mm)."""
        return any(abs(trim.width - w) <= SAME_TRIM and abs(trim.height - h) <= SAME_TRIM
                   for size in self.sizes.values()
                   for w, h in ((size.width, size.height), (size.height, size.width)))

    def fit(self, trim: Size) -> Size | None:
        """The shop's card (turned as ``trim``) that cards of ``trim`` are printed on: one of
        the same trim (within 0.5 mm), else the smallest at most :data:`FIT_LARGER` larger
        on each side (a 63 × 88 mm card on a 2.5 × 3.5 in poker card: the design centred at
        100 %, the shop's cut 0.25 and 0.45 mm out into its bleed); None when none is."""
        turned = [Size(w, h) for size in self.sizes.values()
                  for w, h in ((size.width, size.height), (size.height, size.width))]
        fits = [s for s in turned if -SAME_TRIM <= s.width - trim.width <= FIT_LARGER
                and -SAME_TRIM <= s.height - trim.height <= FIT_LARGER]
        return min(fits, key=lambda s: (s.width * s.height, s.width)) if fits else None


@dataclass(frozen=True)
class Presets:
    """Named paper sizes and item sizes, in points; print-on-demand shops."""

    papers: dict[str, Size]
    sizes: dict[str, Size]
    shops: dict[str, PrintShop] = field(default_factory=dict)


# The presets read, by file and text: a build asked for them three times (its paper option, its
# game's sizes, its assets), each a YAML parse and a check of every size (~0.7 ms), and every
# build of a process (``watch``, ``build all``'s parent, the test suite) again. Read only.
_READ: BoundedMemo[tuple[str, str], Presets] = BoundedMemo(8)


def load_presets(path: Path = PRESETS_FILE) -> Presets:
    """Read the presets file (parsed once per process for each text: read the result only)."""
    shown = "printandplay/presets.yaml"
    text = read_text(path, shown)
    key = (str(path), text)
    known = _READ.get(key)
    if known is None:
        known = _READ.keep(key, _parse_presets(path, shown, text))
    return known


def _parse_presets(path: Path, shown: str, text: str) -> Presets:
    data = parse_yaml(text, shown)
    problems = Problems()
    top = Fields(data, "presets", problems, Location(str(path)))
    papers = _sizes(top.raw("papers", {}), problems, "paper")
    sizes = _sizes(top.raw("sizes", {}), problems, "size")
    shops = {}
    for key, node in top.raw("print_shops", {}).items():
        shop = Fields(node, f"print shop '{key}'", problems, Location(str(path)))
        name = shop.require("name", str)
        bleed = shop.require("bleed", as_length)
        safe = shop.require("safe", as_length)
        files = shop.require("files", str)
        alternating = shop.optional("alternating", bool, False)
        trims = _sizes(shop.raw("sizes", {}), problems, f"print shop '{key}' size")
        shop.finish()
        if None not in (name, bleed, safe, files):
            shops[key] = PrintShop(key, str(name), float(bleed or 0), float(safe or 0),
                                   str(files), bool(alternating), trims)
    top.finish()
    problems.raise_if_any()
    return Presets(papers, sizes, shops)


def resolve_shop(name: str, presets: Presets) -> PrintShop:
    """A print shop by preset name; an option error listing them for another name."""
    if name in presets.shops:
        return presets.shops[name]
    raise OptionError(f"unknown print shop '{name}' (use {', '.join(sorted(presets.shops))})")


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
