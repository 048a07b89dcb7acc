"""The four fuzzed readers, each wrapped so that every acceptable outcome returns normally:
a result, or an input error of the kind the CLI prints as one line (a PrintAndPlayError, or
the markup parser's MarkupError that callers turn into one). Anything else escapes: a bug.

Shared by the Hypothesis tests (test_fuzz.py) and the corpus replay (test_fuzz_corpus.py).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any

from printandplay.data.card_names import CardIndex, deck_format_of
from printandplay.data.decklist import _parse_yaml_deck, parse_decklist
from printandplay.data.svg import parse_svg
from printandplay.data.yamlio import parse_yaml
from printandplay.errors import PrintAndPlayError
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


TARGETS: dict[str, Callable[[str], Any]] = {
    "decklist": decklist, "yaml_deck": yaml_deck, "yaml": yaml_reader, "markup": markup,
    "svg": svg,
}
