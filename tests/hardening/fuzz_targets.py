"""The fuzzed readers, each wrapped so that every acceptable outcome returns normally:
a result, or an input error of the kind the CLI prints as one line (a PrintAndPlayError, or
the markup parser's MarkupError that callers turn into one). Anything else escapes: a bug.

Shared by the Hypothesis tests (test_fuzz.py) and the corpus replay (test_fuzz_corpus.py).
"""

from __future__ import annotations

import dataclasses
import functools
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from printandplay.data.card_names import CardIndex, deck_format_of
from printandplay.data.csv_loader import read_component_table
from printandplay.data.deck_rules_reader import read_deck_rules
from printandplay.data.decklist import _parse_yaml_deck, parse_decklist
from printandplay.data.reader import Problems
from printandplay.data.svg import parse_svg
from printandplay.data.yamlio import parse_yaml
from printandplay.errors import Location, PrintAndPlayError
from printandplay.model.game import Game
from printandplay.text.markup import MarkupError, parse_markup

ROOT = Path(__file__).resolve().parents[2]


@functools.cache
def licum() -> Game:
    """The bundled Licum game (the one with deck lists), loaded once."""
    from printandplay.data.game_loader import load_game
    from printandplay.project import Resources

    return load_game(Resources((ROOT,)), "licum")


@functools.cache
def licum_index() -> CardIndex:
    """Licum's card index (every card name normalised), built once and shared by the parses."""
    game = licum()
    return CardIndex(game, deck_format_of(game))


@functools.cache
def presets() -> Any:
    """The built-in paper sizes, loaded once."""
    from printandplay.data.presets import load_presets

    return load_presets()


def decklist(text: str) -> Any:
    """The text deck-list parser."""
    try:
        return parse_decklist(text, licum(), "fuzz.txt", index=licum_index())
    except PrintAndPlayError as error:
        return error


def yaml_deck(text: str) -> Any:
    """The YAML deck-list form: the strict reader, then the deck reader."""
    try:
        return _parse_yaml_deck(parse_yaml(text, "fuzz.yaml"), licum(), "fuzz.yaml")
    except PrintAndPlayError as error:
        return error


def yaml_reader(text: str) -> Any:
    """The strict YAML reader."""
    try:
        return parse_yaml(text, "fuzz.yaml")
    except PrintAndPlayError as error:
        return error


def markup(text: str) -> Any:
    """The card-text markup parser."""
    try:
        return parse_markup(text)
    except MarkupError as error:
        return error


def svg(text: str) -> Any:
    """The SVG icon reader."""
    try:
        return parse_svg(text, source="fuzz.svg", icon_id="fuzz")
    except PrintAndPlayError as error:
        return error


@functools.cache
def limits() -> Game:
    """The bundled Limits game (kinds with int, choice and map fields), loaded once."""
    from printandplay.data.game_loader import load_game
    from printandplay.project import Resources

    return load_game(Resources((ROOT,)), "limits")


def table(data: bytes, suffix: str, kind: str = "limite") -> Any:
    """The component-table reader (``suffix``: ``.csv``, ``.tsv`` or ``.xlsx``) on ``data``,
    read as components of a Limits ``kind``."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"fuzz{suffix}"
        path.write_bytes(data)
        problems = Problems()
        try:
            components = read_component_table(path, f"fuzz{suffix}", limits().kinds[kind],
                                              problems)
            problems.raise_if_any()
        except PrintAndPlayError as error:
            return error
        return components


def csv_table(text: str) -> Any:
    """The CSV reader (a table of Limits ``limite`` cards)."""
    return table(text.encode("utf-8", "surrogatepass"), ".csv")


def tsv_table(text: str) -> Any:
    """The TSV reader (a table of Limits ``points`` cards)."""
    return table(text.encode("utf-8", "surrogatepass"), ".tsv", "points")


def xlsx_table(data: bytes) -> Any:
    """The XLSX reader (a workbook of Limits ``points`` cards)."""
    return table(data, ".xlsx", "points")


DECK = "Équipe: Rouges\nPréparation\n1 Avant-Match\n2 Cliché\nJeu\n2 Sifflet\n1 Rosalie Gaudet\n"


@functools.cache
def licum_deck() -> Any:
    """A short Licum deck list, parsed once."""
    return parse_decklist(DECK, licum(), "fuzz.txt", index=licum_index())


def deck_rules(text: str) -> Any:
    """The ``deck_rules:`` reader against Licum's kinds and cards, then a deck validated with
    the rules read (the rules engine must not fail on anything the reader accepts)."""
    from printandplay.rules.deck import validate_deck

    game = licum()
    try:
        problems = Problems()
        book = read_deck_rules(parse_yaml(text, "fuzz.yaml"), dict(game.kinds), game.components,
                               game.deck_format, problems, Location("fuzz.yaml"))
        problems.raise_if_any()
        if book is None:
            return None
        return validate_deck(licum_deck(), dataclasses.replace(game, deck_rules=book))
    except PrintAndPlayError as error:
        return error


TARGETS: dict[str, Callable[[str], Any]] = {
    "decklist": decklist, "yaml_deck": yaml_deck, "yaml": yaml_reader, "markup": markup,
    "svg": svg, "csv": csv_table, "tsv": tsv_table, "deck_rules": deck_rules,
}
"""The targets fed text."""
BYTE_TARGETS: dict[str, Callable[[bytes], Any]] = {"xlsx": xlsx_table}
"""The targets fed bytes (their corpus files are read as bytes)."""
