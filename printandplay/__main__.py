"""``python -m printandplay``: the CLI.

``python -m`` puts the current folder first on ``sys.path``; the current folder is where a
downloaded game lives, so a ``yaml.py`` or ``jinja2/`` there must not shadow the real modules.
The package itself is already imported by then, so dropping the entry is safe.
"""

import os
import sys

_cwd = os.path.realpath(os.getcwd())
sys.path[:] = [p for p in sys.path if p and os.path.realpath(p) != _cwd]

from printandplay.cli import main  # noqa: E402

main()
