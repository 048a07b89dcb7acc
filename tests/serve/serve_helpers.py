"""What the ``serve`` tests share: paths, the xdist group that keeps them on one worker (the
gallery is drawn once into the session's ``serve_out`` folder, a fixture of tests/conftest.py)."""

from __future__ import annotations

from helpers import ROOT

SERVE_GROUP = "serve"
DECKS = ROOT / "cards" / "licum" / "decks"
