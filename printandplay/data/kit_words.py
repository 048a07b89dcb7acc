"""The fixed words a kit prints (printing guide, sheet labels, blank-page notes, fold legend,
credits headings, calibration sheet, print-shop file names), read from the translation tables
``printandplay/words/<language>.yaml`` and chosen by the game's ``language:``.

A table is two levels deep: groups (``guide``, ``sheet``…) of keys, each a text that may hold
``{placeholders}`` filled by the program. Every language has the same groups, keys and
placeholders (a test checks it). A language without a table of its own takes the table of its
base language (``fr-CA`` → ``fr``), else English. A game changes any text with ``words:`` in
its ``game.yaml`` (:func:`read_word_overrides`), in the same two levels.
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from printandplay.data.files import read_text
from printandplay.data.reader import Problems, type_name
from printandplay.data.yamlio import LocDict, parse_yaml
from printandplay.errors import DataError, Location, suggest
from printandplay.model.game import Game
from printandplay.model.memo import BoundedMemo

WORDS_DIR: Final = Path(__file__).resolve().parent.parent / "words"
LANGUAGES: Final = ("fr", "en", "de", "es", "it")  # the languages with a table of their own
FALLBACK: Final = "en"
MAX_WORD_TEXT: Final = 2000  # characters in one overridden text
FILE_WORD: Final = re.compile(r"[a-z0-9][a-z0-9-]{0,29}")  # the words of group 'files'

#: Groups of texts by group name: ``words["guide"]["title"]``.
Words = Mapping[str, Mapping[str, str]]

_TABLES: BoundedMemo[str, dict[str, dict[str, str]]] = BoundedMemo(len(LANGUAGES))
_MERGED: BoundedMemo[tuple[str, tuple[tuple[str, str, str], ...]], Words] = BoundedMemo(16)


def table_language(language: str) -> str:
    """The language whose table serves ``language``: itself, its base language (``de-AT`` →
    ``de``), else English."""
    if language in LANGUAGES:
        return language
    base = language.replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES else FALLBACK


def load_words_table(language: str) -> dict[str, dict[str, str]]:
    """The table of one of :data:`LANGUAGES` (read once per process; do not change it)."""
    known = _TABLES.get(language)
    if known is None:
        path = WORDS_DIR / f"{language}.yaml"
        shown = f"printandplay/words/{language}.yaml"
        known = _TABLES.keep(language, _parse_table(parse_yaml(read_text(path, shown), shown),
                                                    shown))
    return known


def _parse_table(data: Any, shown: str) -> dict[str, dict[str, str]]:
    if not isinstance(data, dict):
        raise DataError(Location(shown), f"a table of words is a mapping, not {type_name(data)}")
    table: dict[str, dict[str, str]] = {}
    for group, texts in data.items():
        if not isinstance(texts, dict) or not all(isinstance(t, str) for t in texts.values()):
            raise DataError(Location(shown), f"group '{group}': a mapping of texts")
        table[str(group)] = {str(key): text for key, text in texts.items()}
    return table


def kit_words(language: str, overrides: Mapping[str, Mapping[str, str]] | None = None) -> Words:
    """The kit's words in ``language`` (:func:`table_language`), with a game's ``overrides``
    (its ``words:``) in place of the table's texts."""
    flat = tuple(sorted((group, key, text) for group, texts in (overrides or {}).items()
                        for key, text in texts.items()))
    cache_key = (language, flat)
    known = _MERGED.get(cache_key)
    if known is None:
        table = load_words_table(table_language(language))
        merged = {group: dict(texts) for group, texts in table.items()}
        for group, key, text in flat:
            merged[group][key] = text
        known = _MERGED.keep(cache_key, merged)
    return known


def placeholders(text: str) -> set[str]:
    """The names between braces in ``text`` (``{deck}`` → ``deck``)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def read_word_overrides(node: Any, language: str, problems: Problems,
                        location: Location) -> dict[str, dict[str, str]]:
    """A game's ``words:``: ``{group: {key: text}}`` replacing texts of its language's table.
    Unknown groups and keys, texts that are not text, too long, or that name a placeholder the
    table's text does not have are recorded as problems."""
    if node is None:
        return {}
    table = load_words_table(table_language(language))
    if not isinstance(node, dict):
        problems.add(location, f"field 'words': expected a mapping of groups "
                               f"({', '.join(table)}), got {type_name(node)}")
        return {}
    overrides: dict[str, dict[str, str]] = {}
    for group, texts in node.items():
        group = str(group)
        where = node.at(group) if isinstance(node, LocDict) else location
        if group not in table:
            problems.add(where, f"unknown group '{group}' in words{suggest(group, table)} "
                                f"(groups: {', '.join(table)})")
            continue
        if not isinstance(texts, dict):
            problems.add(where, f"words.{group}: expected a mapping of texts, got "
                                f"{type_name(texts)}")
            continue
        for key, text in texts.items():
            key = str(key)
            at = texts.at(key) if isinstance(texts, LocDict) else where
            problem = _override_problem(group, key, text, table[group])
            if problem:
                problems.add(at, problem)
            else:
                overrides.setdefault(group, {})[key] = text
    files = {**table["files"], **overrides.get("files", {})}
    if files["front"] == files["back"]:
        problems.add(where_files(node, location), f"words.files: front and back are both "
                                                  f"{files['front']!r}: a face's files need two names")
    return overrides


def where_files(node: Any, location: Location) -> Location:
    """Where ``files`` stands in a game's ``words:``."""
    return node.at("files") if isinstance(node, LocDict) else location


def _override_problem(group: str, key: str, text: Any, texts: Mapping[str, str]) -> str:
    """What is wrong with ``words.group.key: text``, or ``""``."""
    if key not in texts:
        return f"unknown key '{key}' in words.{group}{suggest(key, texts)}"
    if not isinstance(text, str):
        return f"words.{group}.{key}: expected text, got {type_name(text)}"
    if len(text) > MAX_WORD_TEXT:
        return f"words.{group}.{key}: {len(text)} characters, more than {MAX_WORD_TEXT}"
    if group == "files" and not FILE_WORD.fullmatch(text):
        return (f"words.files.{key}: {text!r} is part of file names: lower-case letters, "
                f"digits and '-' (at most 30)")
    known = placeholders(texts[key])
    if not known:  # a text without placeholders is printed as written, braces and all
        return ""
    try:
        fields = [(name, spec, conversion) for _, name, spec, conversion
                  in string.Formatter().parse(text) if name is not None]
    except ValueError as err:  # a lone brace
        return f"words.{group}.{key}: {err} (write a brace twice: {{{{ or }}}})"
    for name, spec, conversion in fields:
        if name not in known or spec or conversion:
            has = ", ".join(f"{{{n}}}" for n in sorted(known)) or "none"
            return (f"words.{group}.{key}: unknown placeholder {{{name}}} (this text has "
                    f"{has}; a brace is written twice: {{{{ or }}}})")
    return ""


def side_word(words: Words, side: str) -> str:
    """The word of a sheet's side (``recto``, ``verso``, ``fold``; ``""`` for none)."""
    return words["sheet"].get(side, "") if side else ""


def game_words(game: Game) -> Words:
    """The words of ``game``'s kit: its language's table with its own ``words:``."""
    return kit_words(game.language, game.words)
