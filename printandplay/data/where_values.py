"""The values of a ``where:`` condition (deck rules, composition checks), checked against the
field they test: a condition that can never match is refused when the game loads.

``where: {team: bleus}`` or ``where: {punition: [1, 2]}``: a value, or a flat list of values,
each one a value the field can hold (one of a ``choice`` field's choices, an integer for an
``int`` field...). A ``list`` or ``map`` field cannot be tested (``map`` keys can:
``limits.rouge``); nor can a list nested in the list of values.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from printandplay.data.fields_loader import convert_value
from printandplay.data.reader import Invalid, type_name
from printandplay.data.yaml_values import shown_text
from printandplay.model.game import FieldSpec, Kind

TEXT_FIELDS = ("id", "name", "kind")  # every component has them, as text


def field_specs(kinds: Iterable[Kind]) -> dict[str, list[FieldSpec]]:
    """The specs a ``where`` key may name, by name (``map`` keys as ``field.key``)."""
    specs: dict[str, list[FieldSpec]] = {}
    for kind in kinds:
        for spec in kind.fields:
            specs.setdefault(spec.name, []).append(spec)
            if spec.type == "map" and spec.item is not None:
                for key in spec.keys:
                    specs.setdefault(f"{spec.name}.{key}", []).append(spec.item)
    return specs


def where_values(specs: dict[str, list[FieldSpec]], name: str, value: Any
                 ) -> tuple[tuple[Any, ...], str]:
    """The values a ``where`` condition on ``name`` accepts, and a problem ('' when none).

    Unknown field names are left to the caller (it reports them with its suggestions)."""
    values = tuple(value) if isinstance(value, list) else (value,)
    if any(isinstance(item, (list, dict)) for item in values):
        return values, (f"'where' of field '{name}': a value or a list of values, not a nested "
                        "list or a mapping (it could never match)")
    if name in TEXT_FIELDS:
        wrong = [item for item in values if not isinstance(item, str)]
        if wrong:
            return values, (f"'where' of field '{name}': expected text, got "
                            f"{type_name(wrong[0])} {shown_text(str(wrong[0]))}")
        return values, ""
    known = specs.get(name)
    if not known:
        return values, ""
    testable = [spec for spec in known if spec.type not in ("list", "map")]
    if not testable:
        return values, (f"'where' cannot test the {known[0].type} field '{name}' (its values "
                        "are never equal to one value; test a map key as 'field.key')")
    for item in values:
        problem = ""
        for spec in testable:
            try:
                convert_value(spec, item)
                problem = ""
                break
            except Invalid as err:
                problem = problem or str(err)
        if problem:
            return values, f"'where' of field '{name}': {problem} (it could never match)"
    return values, ""
