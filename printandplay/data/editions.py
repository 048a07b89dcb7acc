"""Editions of a game in other languages: texts written ``field@language`` beside their field
(``name@en: Sly Fox`` in YAML, a ``name@en`` column in a spreadsheet), and the edition that
``--language`` builds, where every such text takes its field's place.

What may be translated: a component's ``name`` and its ``text`` and ``rich`` fields; a
kind's ``label``; the game's ``name``, ``description``, ``age`` and ``duration``; a kit section's ``title`` and
``assembly``, and a document section's ``document`` (another template file). A text with no
version in the edition's language is printed in the base language and listed
(:attr:`Game.untranslated`, a build warning, ``check --language``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any, Final

from printandplay.data.reader import Fields, Invalid, as_str
from printandplay.errors import DataError, Location, suggest
from printandplay.model.component_fields import FieldValues
from printandplay.model.game import (
    NO_TRANSLATIONS,
    Component,
    DocumentSection,
    Game,
    Kind,
    KitSection,
    Translations,
)

#: A language code: ``en``, ``pt-BR`` (a language, then at most one region or script).
LANGUAGE_CODE: Final = re.compile(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})?")
#: ``field@language``: a field name, then a language code.
VARIANT: Final = re.compile(rf"(?P<field>[^@\s]+)@(?P<language>{LANGUAGE_CODE.pattern})")
TRANSLATABLE_TYPES: Final = ("text", "rich")
GAME_TEXTS: Final = ("name", "description", "age", "duration")
KIND_TEXTS: Final = ("label",)
FIELD_TEXTS: Final = ("label",)  # a field's label (not its choices' labels)
SECTION_TEXTS: Final = ("title", "assembly")
DOCUMENT_TEXTS: Final = ("title", "assembly", "document")


def split_variant(key: str) -> tuple[str, str] | None:
    """``("name", "en")`` for ``name@en``; ``None`` for a key without ``@``. A key with an
    ``@`` that is not ``field@language`` raises :class:`Invalid`."""
    if "@" not in key:
        return None
    match = VARIANT.fullmatch(key)
    if match is None:
        raise Invalid(f"'{key}': a text in another language is written FIELD@LANGUAGE, such "
                      f"as name@en")
    return match["field"], match["language"]


def split_translatable(key: str, allowed: tuple[str, ...]) -> tuple[str, str]:
    """``(field, language)`` of a ``field@language`` key whose field is one of ``allowed``;
    :class:`Invalid` otherwise (with a did-you-mean)."""
    base, language = split_variant(key) or ("", "")
    if base not in allowed:
        raise Invalid(f"'{key}': only {', '.join(allowed)} may be translated"
                      f"{suggest(base, allowed)}")
    return base, language


def translatable_fields(kind: Kind) -> tuple[str, ...]:
    """The fields of ``kind`` that may have versions in other languages: ``name`` and its
    text fields."""
    return ("name", *(spec.name for spec in kind.fields if spec.type in TRANSLATABLE_TYPES))


def read_variants(fields: Fields, allowed: Iterable[str],
                  convert: Callable[[str, Any], Any] = lambda _, value: as_str(value)
                  ) -> Translations:
    """The ``field@language`` keys of ``fields`` (marked as read) whose field is one of
    ``allowed``, each value converted by ``convert(field, value)`` (by default: read as
    text); a bad key or value is recorded as a problem at its line."""
    node = fields.node
    if not isinstance(node, dict) or not any("@" in str(key) for key in node):
        return NO_TRANSLATIONS
    allowed = tuple(allowed)
    found: dict[str, dict[str, Any]] = {}
    for key in [k for k in node if "@" in str(k)]:
        key = str(key)
        fields.raw(key)  # known: no 'unknown field' for it
        try:
            base, language = split_translatable(key, allowed)
        except Invalid as err:
            fields.problems.add(fields.at(key), f"{err} on {fields.what}")
            continue
        value = node[key]
        try:
            found.setdefault(language, {})[base] = (None if value is None
                                                    else convert(base, value))
        except Invalid as err:
            fields.problems.add(fields.at(key), f"field '{key}' on {fields.what}: {err}")
    return {language: {k: v for k, v in texts.items() if v is not None}
            for language, texts in found.items()}


def make_edition(game: Game, language: str) -> Game:
    """The edition of ``game`` in ``language``: each translated text in its field's place,
    ``language`` as the game's language (the kit's own words, typography, hyphenation), and
    the texts left in the base language listed in :attr:`Game.untranslated`. The base
    language itself gives the game unchanged."""
    if language == game.language and not game.edition:
        return game
    untranslated: list[str] = []
    components = tuple(_component_edition(game, language, untranslated))
    kit = tuple(_section_edition(section, language, game, untranslated)
                for section in game.kit)
    kinds = {kind_id: _kind_edition(kind, language, game, untranslated)
             for kind_id, kind in game.kinds.items()}
    own = game.translations.get(language, {})
    texts = {name: own[name] for name in GAME_TEXTS if name in own}
    if game.translations and "name" not in own:
        untranslated.append(f"cards/{game.id}/game.yaml: the game's name has no name@{language}")
    # (the game's own 'words:' are written in its language: the edition takes its table's)
    return replace(game, **texts, language=language, components=components, kit=kit,
                   kinds=kinds, edition=language, untranslated=tuple(untranslated), words={})


def _component_edition(game: Game, language: str, untranslated: list[str]
                       ) -> Iterable[Component]:
    translated = _translated_fields(game.components, language)
    for component in game.components:
        own = component.translations.get(language, {})
        for name in translated.get(component.kind, ()):
            base = component.name if name == "name" else component.values.get(name)
            if name not in own and base:
                untranslated.append(f"{component.where(name)}: {component.kind} "
                                    f"'{component.id}' has no {name}@{language}")
        if not own:
            yield component
            continue
        values = {key: own.get(key, value) for key, value in component.values.items()}
        base = {key: component.name if key == "name" else component.values.get(key)
                for key in own}  # kept: deck lists may name the card in the base language
        yield replace(component, name=own.get("name", component.name),
                      values=FieldValues(values),
                      translations={**component.translations, game.language: base})


def _translated_fields(components: Iterable[Component], language: str) -> dict[str, set[str]]:
    """For each kind, the fields that some of its components translate into ``language``."""
    found: dict[str, set[str]] = {}
    for component in components:
        own = component.translations.get(language)
        if own:
            found.setdefault(component.kind, set()).update(own)
    return found


def _kind_edition(kind: Kind, language: str, game: Game, untranslated: list[str]) -> Kind:
    """``kind`` with its ``label@language`` as its label, and each field's (listed when
    another kind, or another field, has one and this one has not)."""
    own: Mapping[str, Any] = kind.translations.get(language, {})
    if "label" not in own and any(k.translations for k in game.kinds.values()):
        untranslated.append(f"{kind.location}: kind '{kind.id}' has no label@{language}")
    translated = any(f.translations for k in game.kinds.values() for f in k.fields)
    fields = []
    for spec in kind.fields:
        label = spec.translations.get(language, {}).get("label")
        if label is None and translated and spec.label:
            untranslated.append(f"{kind.location}: field '{spec.name}' of kind '{kind.id}' "
                                f"has no label@{language}")
        fields.append(spec if label is None else replace(spec, label=label))
    return replace(kind, label=own.get("label", kind.label), fields=tuple(fields))


def _section_edition(section: KitSection, language: str, game: Game,
                     untranslated: list[str]) -> KitSection:
    own: Mapping[str, Any] = section.translations.get(language, {})
    if any(s.translations for s in game.kit) and "title" not in own:
        untranslated.append(f"cards/{game.id}/game.yaml: the kit section '{section.title}' "
                            f"has no title@{language}")
    if not own:
        return section
    if isinstance(section, DocumentSection):
        return replace(section, title=own.get("title", section.title),
                       assembly=own.get("assembly", section.assembly),
                       template=own.get("document", section.template))
    return replace(section, title=own.get("title", section.title),
                   assembly=own.get("assembly", section.assembly))


def check_edition_language(game: Game, language: str, where: Location | None = None) -> None:
    """Refuse an edition in a language the game has no text in (and is not written in)."""
    if language == game.language:
        return
    languages = _languages(game)
    if language not in languages:
        known = ", ".join(sorted(languages)) or "none"
        raise DataError(where or Location(f"cards/{game.id}/game.yaml"),
                        f"--language {language}: game '{game.id}' has no text in '{language}' "
                        f"(no field@{language}; its languages: {game.language}, other "
                        f"editions: {known}){suggest(language, languages)}")


def _languages(game: Game) -> set[str]:
    """The languages of the game's translated texts."""
    found = set(game.translations)
    for kind in game.kinds.values():
        found.update(kind.translations)
        for spec in kind.fields:
            found.update(spec.translations)
    for section in game.kit:
        found.update(section.translations)
    for component in game.components:
        found.update(component.translations)
    return found
