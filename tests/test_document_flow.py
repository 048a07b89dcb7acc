"""A document whose heading and table fit no column together builds (issue 30): Oups's rules with
an appendix of 12 spells in a 4-column table under a ``##`` heading. The table alone fits a
column of A4; with its heading above it, it used to stop the build (``regles.md.j2:147: block
taller than a column``); now it is split between rows, its header repeated."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import copy_kit
from pdfium_text import pdfium_pdf_text
from typer.testing import CliRunner

from printandplay.cli import app

HEADER = "| Sort | Coût | Effet | Destinataire |\n| --- | --- | --- | --- |"


def spells() -> str:
    """12 rows of 4 columns, the first three an effect line longer (a column of A4 holds them
    with room to spare, not the heading too)."""
    rows = [f"| Sort {i + 1} | {i} | {' '.join(['dégâts'] * (9 if i < 3 else 8))} | un joueur |"
            for i in range(12)]
    return "\n".join([HEADER, *rows])


def build_with_appendix(folder: Path, monkeypatch: pytest.MonkeyPatch, appendix: str) -> str:
    """Build Oups with ``appendix`` at the end of its rules; the text of the PDF."""
    copy_kit("oups", folder, monkeypatch)
    rules = folder / "templates" / "oups" / "regles.md.j2"
    rules.write_text(rules.read_text(encoding="utf-8") + f"\n\n# Annexe\n\n{appendix}\n",
                     encoding="utf-8")
    result = CliRunner().invoke(app, ["build", "oups", "--out", str(folder / "out")])
    assert result.exit_code == 0, result.output
    return pdfium_pdf_text(Path(result.stdout.strip().splitlines()[-1]))


def test_the_table_alone_fits_a_column(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = build_with_appendix(tmp_path, monkeypatch, spells())
    assert text.count("Destinataire") == 1


def test_a_heading_and_a_table_taller_than_a_column_build_with_the_header_repeated(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = build_with_appendix(tmp_path, monkeypatch, f"## Tous les sorts\n\n{spells()}")
    assert text.count("Destinataire") == 2  # the header, repeated at the top of the 2nd part
    assert text.index("Tous les sorts") < text.index("Destinataire") < text.index("Sort 1 ")
    assert [text.count(f"Sort {i} ") for i in range(1, 13)] == [1] * 12
