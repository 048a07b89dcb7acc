"""Built PDFs for the end-to-end tests: :func:`paper_kit` (reading their text back:
:mod:`pdfium_text`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from printandplay.cli import app

_KITS: dict[tuple[str, str], Path] = {}


def paper_kit(factory: pytest.TempPathFactory, game: str, paper: str) -> Path:
    """The bundled ``game``'s kit on ``paper``, as ``build GAME --paper PAPER`` writes it: built
    once per test process, in a folder of the session (read it only). The A4 kits are the
    ``bundled_kits`` fixture's."""
    if (game, paper) not in _KITS:
        out = factory.mktemp(f"{game}-{paper}")
        result = CliRunner().invoke(app, ["build", game, "--paper", paper, "--out", str(out)])
        assert result.exit_code == 0, result.output
        _KITS[game, paper] = Path(result.stdout.strip().splitlines()[-1])
    return _KITS[game, paper]
