"""The limits on game input: a real kit never meets them, a hostile or broken one does.

Every limit is stated in the error message that enforces it. See docs/security-data.md.
"""

from __future__ import annotations

from typing import Final

#: Largest file read as input (YAML, SVG, image, font), in bytes.
MAX_INPUT_BYTES: Final = 10 * 1024 * 1024
#: Deepest nesting of lists and mappings in one YAML document.
MAX_YAML_DEPTH: Final = 100
#: Most nodes one YAML document may hold once its aliases (``*name``) are expanded.
MAX_YAML_NODES: Final = 200_000
#: Most copies (``count:``) of one component.
MAX_COPIES_PER_COMPONENT: Final = 10_000
#: Most copies of all the components of one game together.
MAX_COPIES_PER_GAME: Final = 100_000
#: Most rows of a component table (CSV, TSV, XLSX).
MAX_TABLE_ROWS: Final = 20_000
#: Most columns of a component table.
MAX_TABLE_COLUMNS: Final = 1_000
#: Most bytes an XLSX workbook (a zip archive) may unpack to.
MAX_UNPACKED_BYTES: Final = 100 * 1024 * 1024
#: Most digits of an integer in game data (a YAML value, a table cell): |n| < 10**18.
MAX_INT_DIGITS: Final = 18
#: Most path segments in one icon, all its shapes together (a circle is six).
MAX_ICON_SEGMENTS: Final = 50_000
#: Deepest nesting of elements in one icon.
MAX_ICON_DEPTH: Final = 100
#: Smallest width or height of an icon's viewBox.
MIN_VIEW_BOX: Final = 1e-6
#: Most pixels (width × height) in one raster image.
MAX_IMAGE_PIXELS: Final = 50_000_000


def megabytes(size: int) -> str:
    """``size`` bytes written for people: ``'10 MB'``."""
    value = size / (1024 * 1024)
    return f"{value:.0f} MB" if value >= 10 or value == int(value) else f"{value:.1f} MB"
