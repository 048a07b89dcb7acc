"""``print-deck`` and ``export --deck`` for a game that writes deck lists (``deck_format``) but
has no deck-building rules (no ``deck_rules``): the list is printed as written, each card with
its own back; unknown names stop unless ``--force``, which drops each one by name."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdfium_text import pdfium_pdf_text
from small_games import add_small_game
from typer.testing import CliRunner, Result

from printandplay.cli import app

GAME = "libre"
DECK = "Deck\n3 Salamandre\n2 Ondine\n\nRéserve\n1 Golem de granit\n"


@pytest.fixture
def free_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the Arcanes fixture without its ``deck_rules``, the current folder."""
    game_yaml = add_small_game(tmp_path, GAME)
    text = game_yaml.read_text(encoding="utf-8")
    game_yaml.write_text(text[:text.index("\ndeck_rules:")] + "\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


_PRINTED: list[tuple[int, str, str]] = []


def _print_the_deck(free_game: Path) -> tuple[int, str, str]:
    """``print-deck`` of :data:`DECK` in ``free_game``: its exit code, what it printed and the
    PDF's text. Printed once per test process (the tests that ask only read it)."""
    if not _PRINTED:
        (free_game / "deck.txt").write_text(DECK, encoding="utf-8")
        result = _run("print-deck", GAME, "deck.txt", "--out", "out")
        pdf = free_game / "out" / "deck-deck-a4.pdf"
        _PRINTED.append((result.exit_code, result.output,
                         pdfium_pdf_text(pdf) if pdf.exists() else ""))
    return _PRINTED[0]


def test_print_deck_prints_the_list_as_written(free_game: Path) -> None:
    code, output, text = _print_the_deck(free_game)
    assert code == 0, output
    # the Réserve is printed too (no rules say what counts), and no card outside the list
    assert all(name in text for name in ("Salamandre", "Ondine", "Golem de granit"))
    assert "Sylphe" not in text and "Loup des brumes" not in text
    assert "Traceback" not in output


def test_print_deck_without_rules_counts_every_copy(free_game: Path) -> None:
    code, output, text = _print_the_deck(free_game)
    assert code == 0, output
    (free_game / "big.txt").write_text(DECK.replace("3 Salamandre", "12 Salamandre"),
                                       encoding="utf-8")
    assert _run("print-deck", GAME, "big.txt", "--out", "out").exit_code == 0
    small = text.count("Salamandre")
    big = pdfium_pdf_text(free_game / "out" / "deck-big-a4.pdf").count("Salamandre")
    assert big > small > 0  # 12 copies print more Salamandres than 3


def test_print_deck_without_rules_stops_at_an_unknown_name(free_game: Path) -> None:
    (free_game / "deck.txt").write_text(DECK + "1 Licorne\n", encoding="utf-8")
    result = _run("print-deck", GAME, "deck.txt", "--out", "out")
    assert result.exit_code == 2
    assert "deck.txt:7: unknown card 'Licorne'" in result.output
    assert not (free_game / "out" / "deck-deck-a4.pdf").exists()
    forced = _run("print-deck", GAME, "deck.txt", "--out", "out", "--force")
    assert forced.exit_code == 0, forced.output
    assert "dropping 1 × 'Licorne': no such card" in forced.output
    assert (free_game / "out" / "deck-deck-a4.pdf").is_file()


def test_a_format_named_for_a_game_without_rules_is_an_error(free_game: Path) -> None:
    (free_game / "deck.txt").write_text(DECK, encoding="utf-8")
    result = _run("print-deck", GAME, "deck.txt", "--rules", "standard", "--out", "out")
    assert result.exit_code == 2
    assert "has no deck rules" in result.output
    assert "Traceback" not in result.output


def test_validate_still_needs_deck_rules(free_game: Path) -> None:
    (free_game / "deck.txt").write_text(DECK, encoding="utf-8")
    result = _run("validate", GAME, "deck.txt")
    assert result.exit_code == 2
    assert "has no deck rules to validate" in result.output
