"""Copy the curated subset of game-icons.net into the package (``printandplay/game_icons/``).

Usage: ``python3 tools/curate_game_icons.py /path/to/game-icons [tools/game-icons-curated.txt]``

Each name of the list is taken from the author that ``gi-NAME`` resolves to (the same order as
:mod:`printandplay.data.stock_icons`); names only found in folders without a credited author
are skipped. The licence file is copied along.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printandplay.data.stock_icons import BUNDLED_DIR, StockIcons  # noqa: E402


def main(corpus: Path, names_file: Path) -> None:
    """Copy every listed icon (and the licence) from ``corpus`` into the package."""
    full = StockIcons([corpus])
    names = [n.strip() for n in names_file.read_text(encoding="utf-8").split() if n.strip()]
    for old in BUNDLED_DIR.glob("*/*.svg"):
        old.unlink()
    copied = 0
    for name in names:
        icon = full.find(name)
        if icon is None or not icon.credited:
            print(f"skipped: {name}")
            continue
        target = BUNDLED_DIR / icon.author_slug / icon.path.name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(icon.path, target)
        copied += 1
    shutil.copyfile(corpus / "license.txt", BUNDLED_DIR / "license.txt")
    print(f"{copied} icons copied into {BUNDLED_DIR}")


if __name__ == "__main__":
    main(Path(sys.argv[1]),
         Path(sys.argv[2]) if len(sys.argv) > 2 else ROOT / "tools/game-icons-curated.txt")
