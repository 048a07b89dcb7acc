"""The commonest box templates, printed without Jinja: literal text and values looked up in
the context (``{{ card.name }}``, ``+{{ card.value }}``, ``{{ tables.types[card.type].nom }}``).

:func:`plain_plan` reads a template once: when it is only literal text and *paths* (a
variable, then ``.attr``, ``[constant]`` or ``[path]`` lookups), it returns those parts.
:func:`resolve` then follows a path in a context exactly as the sandbox would when the lookup
is plain: a dict's entry (its key not an attribute of the dict), a list's item. Anything else
(a missing entry, an attribute, another type) returns :data:`MISSING`, and the caller renders
the template with Jinja, which decides (and words any error). Such templates are then never
compiled, and print in a fraction of a Jinja render.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from jinja2 import nodes

MISSING: Final = object()  # a lookup the sandbox must make itself

# A path: the variable's name, then steps: (0, attribute), (1, constant key), (2, path key)
Path = tuple[Any, ...]
Plan = tuple["str | Path", ...]  # literal text (str) and paths (tuples), in order


def path_of(node: nodes.Node) -> Path | None:
    """The path ``node`` is, or ``None`` when it is something else."""
    if isinstance(node, nodes.Name) and node.ctx == "load":
        return (node.name,)
    if isinstance(node, nodes.Getattr) and node.ctx == "load":
        base = path_of(node.node)
        return None if base is None else (*base, (0, node.attr))
    if isinstance(node, nodes.Getitem) and node.ctx == "load":
        base = path_of(node.node)
        if base is None:
            return None
        if isinstance(node.arg, nodes.Const) and type(node.arg.value) in (str, int):
            return (*base, (1, node.arg.value))
        key = path_of(node.arg)
        return None if key is None else (*base, (2, key))
    return None


def output_parts(parse: Callable[[str], nodes.Template], source: str,
                 part_of: Callable[[nodes.Node], Any]) -> tuple[Any, ...] | None:
    """The parts of ``source`` (``parse`` reads it) when it only prints: its literal text, and
    ``part_of(expression)`` for each expression printed; ``None`` when it is anything else or
    ``part_of`` returns ``None`` for one of them."""
    if "{{" not in source or "{%" in source:
        return None
    try:
        parsed = parse(source)
    except Exception:  # noqa: BLE001 - the full render reports it, naming the box
        return None
    parts: list[Any] = []
    for node in parsed.body:
        if not isinstance(node, nodes.Output):
            return None
        for child in node.nodes:
            part = child.data if isinstance(child, nodes.TemplateData) else part_of(child)
            if part is None:
                return None
            parts.append(part)
    return tuple(parts)


def plain_plan(parse: Callable[[str], nodes.Template], source: str) -> Plan | None:
    """The parts of ``source`` (``parse`` reads it) when it is only literal text and paths,
    else ``None``."""
    return output_parts(parse, source, path_of)


def _lookup(value: Any, step: tuple[int, Any], context: Mapping[str, Any]) -> Any:
    kind, key = step
    if kind == 2:
        key = resolve(key, context)
        if key is MISSING:
            return MISSING
    if isinstance(value, dict) and type(value).__getitem__ is dict.__getitem__:
        if kind == 0 and hasattr(value, key):
            return MISSING  # Jinja takes the attribute (a method): the sandbox decides
        try:
            return value[key] if key in value else MISSING
        except TypeError:  # an unhashable key
            return MISSING
    if (kind != 0 and type(value) is list and type(key) is int
            and -len(value) <= key < len(value)):
        return value[key]
    return MISSING


def resolve(path: Path, context: Mapping[str, Any]) -> Any:
    """The value at ``path`` in ``context``, or :data:`MISSING` when the sandbox must look."""
    name = path[0]
    if name not in context:
        return MISSING  # a global, or undefined
    value = context[name]
    for step in path[1:]:
        value = _lookup(value, step, context)
        if value is MISSING:
            return MISSING
    return value
