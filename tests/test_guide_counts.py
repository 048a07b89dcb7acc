"""The printing guide's numbers are those of the PDF it opens, in every printing mode (issue 28):
the pages and sheets of the file and of each section, counted here from the PDF's own pages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import ROOT, bundled_assets
from pdfium_text import pdfium_page_texts
from pypdf import PdfReader
from typer.testing import CliRunner

from printandplay.cli import app
from printandplay.text.typography import apply_typography

GUIDE = "Impression et montage"
FLAGS = {"duplex": [], "simplex": ["--simplex"], "fold": ["--fold"], "pack": ["--pack"]}


def _split(label: str, titles: list[str]) -> tuple[str, str]:
    """A page label's section (the longest title it starts with) and its side: ``blank``,
    ``verso``, ``fold`` or ``""`` (a front, or a page of a document)."""
    title = max((t for t in titles if label == t or label.startswith(t + " ")), key=len)
    rest = label[len(title):]
    side = ("blank" if rest.endswith("verso blanc") else "verso" if rest.endswith(" verso")
            else "fold" if rest.endswith("à plier") else "")
    return title, side


def _sheets_of(sides: list[str], mode: str) -> list[int]:
    """The sheet of paper each page is printed on: two pages a sheet in duplex; in simplex,
    a page of backs goes on the back of the sheet before it; with --fold, a sheet a page."""
    sheets: list[int] = []
    for index, side in enumerate(sides):
        if mode in ("duplex", "pack"):
            sheets.append(index // 2)
        elif mode == "simplex" and side == "verso" and sheets:
            sheets.append(sheets[-1])
        else:
            sheets.append(sheets[-1] + 1 if sheets else 0)
    return sheets


@pytest.mark.parametrize("mode", sorted(FLAGS))
@pytest.mark.parametrize("game", ["oups", "charlie", "licum"])
def test_the_guide_counts_the_pages_and_sheets_of_its_pdf(game: str, mode: str,
                                                          tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["build", game, *FLAGS[mode], "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    path = Path(result.stdout.strip().splitlines()[-1])
    labels = PdfReader(path).page_labels
    kit = [s.title for s in bundled_assets(game).game.kit]
    # (--pack: neighbouring sections sharing sheets are titled with their titles joined)
    titles = [GUIDE, *{" + ".join(kit[i:j]) for i in range(len(kit))
                       for j in range(i + 1, len(kit) + 1)}]
    pages = [_split(label, titles) for label in labels]
    sheets = _sheets_of([side for _, side in pages], mode)
    guide = " ".join(pdfium_page_texts(path, [0])[0].replace("\u00a0", " ").split())
    assert mode != "simplex" or "verso" in {side for _, side in pages}  # something to refeed
    said = re.search(r"compte (\d+) pages\D+?(\d+) feuilles", guide)
    assert said is not None, guide
    assert (int(said[1]), int(said[2])) == (len(labels), len(set(sheets))), guide
    for title in titles[1:]:
        numbers = [i for i, (section, _) in enumerate(pages) if section == title]
        if not numbers:
            continue
        first, last = numbers[0] + 1, numbers[-1] + 1
        span = str(first) if first == last else f"{first} à {last}"
        count = len({sheets[i] for i in numbers})
        row = f"{apply_typography(title, 'fr')} {span} {count} "
        assert row in guide, (row, guide)
    two_passes = "recto, puis verso" in guide
    assert two_passes == (mode == "simplex"), guide


def _deck_guide(deck: Path, out: Path, *options: str) -> str:
    result = CliRunner().invoke(app, ["print-deck", "licum", str(deck), "--out", str(out),
                                      *options])
    assert result.exit_code == 0, result.output
    path = Path(result.stdout.strip().splitlines()[-1])
    return " ".join(pdfium_page_texts(path, [0])[0].replace("\u00a0", " ").split())


def test_a_deck_guide_names_the_deck_and_its_file_relative_to_here(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    deck = ROOT / "cards" / "licum" / "decks" / "rouges.txt"  # given as an absolute path
    cards = sum(int(line.split()[0]) for line in deck.read_text(encoding="utf-8").splitlines()
                if line.strip()[:1].isdigit())
    guide = _deck_guide(deck, tmp_path, "--simplex")
    assert f"le deck « rouges » ({cards} cartes)" in guide, guide
    assert ("printandplay print-deck licum cards/licum/decks/rouges.txt --paper a4 --flip long "
            "--simplex --back-offset X,Y") in guide, guide
    assert str(ROOT) not in guide
    # a file outside the current folder: its name alone, quoted for the shell
    elsewhere = tmp_path / "ailleurs" / "mon deck.txt"
    elsewhere.parent.mkdir()
    elsewhere.write_text(deck.read_text(encoding="utf-8"), encoding="utf-8")
    guide = _deck_guide(elsewhere, tmp_path)
    assert "le deck « mon deck »" in guide, guide
    assert "printandplay print-deck licum 'mon deck.txt' --paper a4" in guide, guide
    assert str(tmp_path) not in guide
