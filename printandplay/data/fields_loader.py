"""Reading the ``fields:`` of a component kind, and checking component values against them."""

from __future__ import annotations

from typing import Any

from printandplay.data.editions import FIELD_TEXTS, read_variants
from printandplay.data.reader import (
    Fields,
    Invalid,
    Problems,
    as_bool,
    as_int,
    as_list,
    as_literal,
    as_str,
    type_name,
)
from printandplay.data.yamlio import LocDict
from printandplay.errors import Location, suggest
from printandplay.model.game import FieldSpec, FieldType

RESERVED = ("id", "name", "count", "front", "back")
#: Names that would hide the component's kind (``card.kind`` in templates, the ``cards`` listing).
SHADOWING = ("type", "kind")


def read_field_specs(node: Any, problems: Problems, where: Location, kind: str) -> list[FieldSpec]:
    """The field specs of kind ``kind`` (its ``fields:`` mapping); problems go to ``problems``."""
    if not isinstance(node, dict):
        problems.add(where, f"'fields' of kind '{kind}' must be a mapping")
        return []
    specs = []
    for name, spec_node in node.items():
        at = node.at(name) if isinstance(node, LocDict) else where
        if name in RESERVED:
            problems.add(at, f"field name '{name}' is reserved (id, name, count, front, back)")
            continue
        if name in SHADOWING:
            problems.add(at, f"field name '{name}' is reserved: it would hide the kind of the "
                             f"component (use e.g. '{kind.replace('-', '_')}_{name}')")
            continue
        spec = _read_field_spec(str(name), spec_node, problems, at)
        if spec:
            specs.append(spec)
    return specs


def _read_field_spec(name: str, node: Any, problems: Problems, where: Location) -> FieldSpec | None:
    if isinstance(node, str):
        node = {"type": node}
    fields = Fields(node, f"field '{name}'", problems, where)
    field_type = fields.require("type", as_literal(FieldType))
    required = fields.optional("required", as_bool, True)
    choices, choice_labels = fields.optional("choices", _as_choices, ((), ()))
    key_list: list[str] = fields.optional("keys", as_list(as_str), [])
    keys = tuple(key_list)
    description = fields.optional("description", as_str, "")
    label = fields.optional("label", as_str, "")
    translations = read_variants(fields, FIELD_TEXTS)
    item = None
    if fields.has("of"):
        item = _read_field_spec(f"{name}[]", fields.raw("of"), problems, fields.at("of"))
    fields.finish()
    if field_type is None:
        return None
    broken = False
    if field_type == "choice" and not choices:
        problems.add(where, f"field '{name}': type choice needs 'choices'")
        broken = True
    if field_type in ("list", "map") and item is None:
        if not fields.has("of"):
            problems.add(where, f"field '{name}': type {field_type} needs 'of' (the item type)")
        broken = True
    if field_type == "map" and not keys:
        problems.add(where, f"field '{name}': type map needs 'keys'")
        broken = True
    if broken:
        return None
    if choice_labels and field_type != "choice":
        problems.add(where, f"field '{name}': labelled choices (a mapping) are for type choice")
        return None
    return FieldSpec(name, field_type, required, choices, item, keys, description, label,
                     choice_labels, translations)


def _as_choices(value: Any) -> tuple[tuple[Any, ...], tuple[str, ...]]:
    """A field's ``choices``: a list of values, or a mapping of each value to its label (its
    keys are text: numbers are listed)."""
    if isinstance(value, dict):
        if not value:
            raise Invalid("expected at least one choice")
        return tuple(value), tuple(as_str(label) for label in value.values())
    return tuple(as_list(lambda v: v)(value)), ()


def convert_value(spec: FieldSpec, value: Any) -> Any:
    """Check and convert one field value against its spec (raises :class:`Invalid`)."""
    if spec.type in ("text", "rich"):
        return as_str(value)
    if spec.type == "int":
        return as_int(value)
    if spec.type == "bool":
        return as_bool(value)
    if spec.type == "choice":
        if not any(value == c and type(value) is type(c) for c in spec.choices):
            shown = ", ".join(str(c) for c in spec.choices)
            twin = next((c for c in spec.choices if str(c) == str(value)), None)
            if twin is not None:
                hint = (" (write it without quotes)" if isinstance(twin, int)
                        else f" (write it in quotes: '{twin}')")
                raise Invalid(f"expected one of {shown}, got {type_name(value)} {value!r}{hint}")
            raise Invalid(f"expected one of {shown}, got {value!r}"
                          f"{suggest(str(value), [str(c) for c in spec.choices])}")
        return value
    item = spec.item
    assert item is not None
    if spec.type == "list":
        return tuple(as_list(lambda v: convert_value(item, v))(value))
    if not isinstance(value, dict):
        raise Invalid(f"expected a mapping with keys {', '.join(spec.keys)}, got {type_name(value)}")
    missing = [k for k in spec.keys if k not in value]
    unknown = [k for k in value if k not in spec.keys]
    if missing or unknown:
        parts = []
        if missing:
            parts.append("missing key " + ", ".join(f"'{k}'" for k in missing))
        if unknown:
            parts.append("unknown key " + ", ".join(f"'{k}'{suggest(str(k), spec.keys)}"
                                                    for k in unknown))
        raise Invalid("; ".join(parts))
    out = {}
    for key in spec.keys:
        try:
            out[key] = convert_value(item, value[key])
        except Invalid as err:
            raise Invalid(f"key '{key}': {err}") from None
    return out
