"""A game as data: its component kinds, its components (cards, tiles, tokens…) and its kit."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final, Literal

from printandplay.errors import Location
from printandplay.model.deck_rules import DeckRuleBook
from printandplay.model.shapes import Shape
from printandplay.units import MM

#: Texts in other languages, by language then field (``{"en": {"name": "Sly Fox"}}``): what
#: ``name@en:`` and the like say (see :mod:`printandplay.data.editions`). Empty for most.
Translations = Mapping[str, Mapping[str, Any]]
NO_TRANSLATIONS: Final[Translations] = MappingProxyType({})


def no_translations() -> Translations:
    """The empty translations, one object shared by every component without any."""
    return NO_TRANSLATIONS


FieldType = Literal["text", "rich", "int", "bool", "choice", "list", "map"]
ImpositionMode = Literal["gutter", "abut", "none"]
"""How items sit on a sheet: bleed gutters between them, abutting, or without bleed."""
BleedMode = Literal["auto", ImpositionMode]
"""What a kit section asks for: ``auto`` lets the planner choose an :data:`ImpositionMode`."""


@dataclass(frozen=True, slots=True)
class FieldSpec:
    """A field that components of a kind carry (``effet``, ``team``, ``limits``…)."""

    name: str
    type: FieldType
    required: bool = True
    choices: tuple[Any, ...] = ()
    item: FieldSpec | None = None  # for list and map values
    keys: tuple[str, ...] = ()  # for map
    description: str = ""
    label: str = ""  # how players see the field (serve's filters); "": its name
    choice_labels: tuple[str, ...] = ()  # each choice's label (``choices`` as a mapping), or ()
    translations: Translations = field(default_factory=no_translations, compare=False)  # 'label@en'

    @property
    def shown(self) -> str:
        """The field's label, or its name when it has none."""
        return self.label or self.name

    def choice_label(self, value: Any) -> str | None:
        """The label of choice ``value`` (None: the choices have no labels, or not this
        value)."""
        for choice, label in zip(self.choices, self.choice_labels, strict=False):
            if choice == value and type(choice) is type(value):
                return label
        return None


@dataclass(frozen=True, slots=True)
class Size:
    """A trim size in points."""

    width: float
    height: float


@dataclass(frozen=True, slots=True)
class Kind:
    """A kind of component: its size, shape, faces and fields."""

    id: str
    label: str
    size: Size
    shape: Shape
    safe_margin: float
    front: str
    back: str | None
    fields: tuple[FieldSpec, ...]
    location: Location
    translations: Translations = field(default_factory=no_translations, compare=False)  # 'label@en'

    def field(self, name: str) -> FieldSpec | None:
        """The spec of field ``name``, if the kind has it."""
        return next((f for f in self.fields if f.name == name), None)


@dataclass(frozen=True, slots=True)
class Component:
    """One component (card, tile, token…): identity, copies in the kit and field values."""

    id: str
    name: str
    kind: str
    count: int
    values: Mapping[str, Any]
    front: str
    back: str | None
    location: Location
    # where each field's value stands (for messages about a card's text)
    field_locations: Mapping[str, Location] = field(default_factory=dict, compare=False)
    translations: Translations = field(default_factory=no_translations, compare=False)  # 'name@en'…

    def __repr__(self) -> str:
        return f"Component(id={self.id!r}, kind={self.kind!r}, count={self.count})"

    def where(self, field_name: str) -> Location:
        """Where field ``field_name`` of this component stands (else the component)."""
        return self.field_locations.get(field_name, self.location)


@dataclass(frozen=True, slots=True)
class DocumentStyle:
    """How the kit's documents look (``document_style:`` in ``game.yaml``).

    Font sizes in points, lengths in points, colours as written by the designer (``#rrggbb``
    or a name of the game's palette; empty means the built-in colour), fonts as roles of
    ``fonts.yaml``.
    """

    size: float = 9.0  # body text
    leading: float = 1.3  # line height, in multiples of the size
    title_size: float = 20.7  # "# Titre"
    section_size: float = 13.05  # "## Section"
    subsection_size: float = 10.08  # "### Sous-section"
    footer_size: float = 7.5
    margin: float = 13 * MM
    gutter: float = 7 * MM  # between columns
    footer: float = 8 * MM  # kept free above the bottom margin for the page footer
    paragraph_space: float = 1.6 * MM
    bullet_indent: float = 3.8 * MM
    callout_padding: float = 2.4 * MM
    title_font: str = "title"
    body_font: str = "body"
    text_color: str = ""
    accent: str = ""  # headings, rules, bullets; empty: the game's colour 'accent'
    callout_color: str = ""
    rule_color: str = ""  # the lines between table rows
    footer_color: str = ""
    location: Location | None = None


@dataclass(frozen=True, slots=True)
class DocumentSection:
    """A document of the kit (rules, reference sheet) made from a template."""

    template: str
    title: str
    columns: int = 2
    copies: int = 1  # printed this many times (a reference sheet for each player)
    location: Location | None = field(default=None, compare=False)  # its line in game.yaml
    paper: str = ""  # the paper to print it on, as the printing guide suggests it
    assembly: str = ""  # how to assemble it (markup), for the printing guide
    translations: Translations = field(default_factory=no_translations, compare=False)  # 'title@en'…


@dataclass(frozen=True, slots=True)
class SheetSection:
    """Sheets of items of some kinds, fronts then backs.

    ``also`` names a yes/no field: components of other kinds with it set are printed in this
    section too (a card that may go in either of two decks). ``back`` is the layout every
    item of the section is printed with on its back (the back of the deck it is printed for);
    ``None`` keeps each component's own back.
    """

    kinds: tuple[str, ...]
    title: str
    bleed_mode: BleedMode = "auto"
    paper: str = ""  # the paper to print it on, as the printing guide suggests it
    assembly: str = ""  # how to assemble it (markup), for the printing guide
    back: str | None = None  # the back every item of this section is printed with (its deck's)
    also: str = ""  # a boolean field: components of other kinds with it true print here too
    translations: Translations = field(default_factory=no_translations, compare=False)  # 'title@en'…

    def holds(self, component: Component) -> bool:
        """Whether ``component`` is printed in this section."""
        return component.kind in self.kinds or (
            bool(self.also) and component.values.get(self.also) is True)

    def back_of(self, component: Component) -> str | None:
        """The layout of ``component``'s back as this section prints it: the section's back
        when it names one, else the component's own."""
        return self.back or component.back


KitSection = DocumentSection | SheetSection


@dataclass(frozen=True, slots=True)
class CompositionCheck:
    """A rule about the kit's composition: how many copies (or distinct values) of what.

    Selects the components of ``kind`` (all kinds when empty) whose fields match ``where``;
    measures the copies, or the number of distinct values of the field ``distinct``; with
    ``per``, measures each group of equal ``per`` values separately; with ``sum``, measures
    the total of a numeric field over the copies selected. With ``decks`` (a folder
    of deck lists in the game folder), checks instead that any ``together`` of those decks can
    be played at once from the printed copies.
    """

    id: str
    location: Location
    kind: str = ""
    where: tuple[tuple[str, tuple[Any, ...]], ...] = ()
    per: str = ""
    distinct: str = ""
    count: int | None = None
    min: int | None = None
    max: int | None = None
    description: str = ""
    decks: str = ""
    together: int = 2
    sum: str = ""  # a numeric field (or map key, or aggregate) totalled over the copies


@dataclass(frozen=True, slots=True)
class Players:
    """How many can play."""

    min: int
    max: int

    def __str__(self) -> str:
        return f"{self.min}" if self.min == self.max else f"{self.min}–{self.max}"


@dataclass(frozen=True, slots=True)
class DeckFormat:
    """How a game's deck lists are written: sections, header lines, name qualifiers."""

    sections: tuple[str, ...]  # as written in deck lists, in order: ("Préparation", "Jeu")
    headers: Mapping[str, str] = field(default_factory=dict)  # "Équipe" → field "team"
    qualifier: str = ""  # field whose value may follow a name: "Name (Rouges)"
    aliases: Mapping[str, Mapping[str, tuple[str, ...]]] = field(default_factory=dict)
    location: Location | None = None


@dataclass(frozen=True, slots=True)
class Game:
    """Everything a game's data folder says."""

    id: str
    name: str
    players: Players
    language: str
    age: str
    duration: str
    description: str
    colors: Mapping[str, str]
    kinds: Mapping[str, Kind]
    components: tuple[Component, ...]
    tables: Mapping[str, Any]
    kit: tuple[KitSection, ...]
    folder: Path
    checks: tuple[CompositionCheck, ...] = ()
    deck_format: DeckFormat | None = None
    document_style: DocumentStyle = field(default_factory=DocumentStyle)
    deck_rules: DeckRuleBook | None = None
    min_font_size: float = 6.0  # points: no player-facing text on a face may be smaller
    # its own texts in place of the kit's fixed words ('words:'): {"guide": {"title": "…"}}
    words: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    translations: Translations = field(default_factory=no_translations)  # 'name@en'…
    edition: str = ""  # the language of the edition built ('--language'), "" for the base one
    untranslated: tuple[str, ...] = ()  # in an edition: the texts printed in the base language
    kit_location: Location | None = field(default=None, compare=False)  # 'kit:' in game.yaml

    def components_of(self, kind: str) -> list[Component]:
        """The components of one kind, in data order."""
        return [c for c in self.components if c.kind == kind]

    def count(self, kind: str) -> int:
        """Copies of ``kind`` in the kit."""
        return sum(c.count for c in self.components if c.kind == kind)

    def component(self, component_id: str) -> Component:
        """The component with that id (KeyError if none)."""
        for component in self.components:
            if component.id == component_id:
                return component
        raise KeyError(component_id)
