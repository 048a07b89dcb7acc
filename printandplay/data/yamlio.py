"""Reading YAML while keeping the line of every key and item, for error messages.

:func:`parse_yaml` builds the values straight from the parser's events (PyYAML's public event
API, libyaml's parser when PyYAML has it): mappings become :class:`LocDict`, sequences
:class:`LocList`, each remembering its lines. On the way it enforces what a safe reader needs:
duplicate keys are refused, and so is nesting deeper than :data:`MAX_YAML_DEPTH` or a document
holding more than :data:`MAX_YAML_NODES` values once its aliases (``*name``) are expanded (a
"billion laughs"). An alias shares the value of its anchor, so nothing is ever expanded: the
time and memory spent are bounded by the text and the limits, whatever the document.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import yaml
from yaml.events import (
    AliasEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceStartEvent,
    StreamEndEvent,
)

from printandplay.data.files import read_text
from printandplay.data.limits import MAX_YAML_DEPTH, MAX_YAML_NODES
from printandplay.data.located import LocDict, LocList
from printandplay.data.yaml_values import (
    ANY_START,
    MERGE,
    MISSING,
    RESOLVABLE_STARTS,
    RESOLVED,
    SAFE_LOADER,
    Marker,
    check_collection_tag,
    mapping_key,
    marker_as_value,
    merge_into,
    scalar_value,
)
from printandplay.errors import DataError, Location

__all__ = ["LocDict", "LocList", "load_yaml", "load_yaml_text", "parse_cache", "parse_yaml"]

_TOO_DEEP = f"YAML nested deeper than {MAX_YAML_DEPTH} levels (the limit)"
_NO_KEY = Marker("<no key>")  # in a mapping's frame: its next key is still to be read


def parse_yaml(text: str, path: Path | str) -> Any:
    """Parse YAML text; mappings become :class:`LocDict`, sequences :class:`LocList`, keys
    become text. Bad YAML, a duplicate key or a broken limit is a :class:`DataError` naming the
    file and the line."""
    loader = SAFE_LOADER(text)
    try:
        return _read_document(loader, path, MAX_YAML_DEPTH, MAX_YAML_NODES)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark else 0
        problem = err.problem or err.context or "invalid YAML"
        if "maximum nesting depth" in problem:  # newer libyaml scanners stop deep flows first
            raise DataError(Location(path, line), _TOO_DEEP) from None
        raise DataError(Location(path, line), f"invalid YAML: {problem}") from None
    except yaml.YAMLError as err:
        raise DataError(Location(path), f"invalid YAML: {err}") from None
    finally:
        loader.dispose()


def _read_document(loader: Any, path: Path | str, max_depth: int, max_nodes: int) -> Any:
    """Build the one document of ``loader``'s stream from its events (``None`` for none)."""
    get_event = loader.get_event
    get_event()  # stream start
    if type(get_event()) is StreamEndEvent:  # no document: empty, or comments only
        return None
    # Each open collection: [container, pending key (mappings), key line, merges (mappings),
    # anchor]
    stack: list[list[Any]] = []
    nodes = 0  # values so far, aliases counted at their expanded size
    anchors: dict[str, tuple[Any, int, int]] = {}  # closed anchors: value, line, size
    opened: dict[str, int] = {}  # anchored collections being read: the count at their start
    root: Any = None
    while True:
        event = get_event()
        kind = type(event)
        if kind is ScalarEvent:
            made = event.value  # text, unless a tag or the resolver says otherwise:
            if event.tag is not None or event.implicit[0] and (
                    ANY_START or made[:1] in RESOLVABLE_STARTS):
                made = RESOLVED.get(made, MISSING) if event.tag is None else MISSING
                if made is MISSING:  # a tag, or a text not met yet
                    made = scalar_value(loader, event, path)
                if type(made) is Marker and not _at_key(stack):
                    raise marker_as_value(made, event)
            line = event.start_mark.line + 1
            nodes += 1
            if event.anchor is not None:
                _check_new_anchor(event, anchors, opened, path)
                anchors[event.anchor] = (made, line, 1)
        elif kind is AliasEvent:
            if event.anchor in opened:
                raise DataError(Location(path, event.start_mark.line + 1),
                                f"recursive YAML alias '*{event.anchor}'")
            if event.anchor not in anchors:
                raise yaml.composer.ComposerError(None, None, "found undefined alias",
                                                  event.start_mark)
            made, line, size = anchors[event.anchor]  # the anchor's value, read at its line
            nodes += size
            if type(made) is Marker and not _at_key(stack):
                raise marker_as_value(made, event)
        elif kind is MappingStartEvent or kind is SequenceStartEvent:
            if len(stack) >= max_depth:
                raise DataError(Location(path, event.start_mark.line + 1), _TOO_DEEP)
            if event.tag is not None and event.tag != "!":
                check_collection_tag(loader, event, path)
            line = event.start_mark.line + 1
            if kind is MappingStartEvent:
                made = LocDict()
                made.key_lines = {}
            else:
                made = LocList()
                made.item_lines = []
            made.location = Location(path, line)
            nodes += 1
            if event.anchor is not None:
                _check_new_anchor(event, anchors, opened, path)
                opened[event.anchor] = nodes - 1
        else:  # the end of a mapping or a sequence
            container, _, _, merges, anchor = stack.pop()
            if merges is not None:  # the values of its merge keys (<<)
                merge_into(container, merges, path)
            if anchor is not None:  # its value, line and expanded size, for its aliases
                anchors[anchor] = (container, container.location.line, nodes - opened.pop(anchor))
            if not stack:
                break
            continue
        if nodes > max_nodes:
            raise DataError(Location(path, event.start_mark.line + 1),
                            f"YAML too large: more than {max_nodes:,} values once aliases "
                            "(*name) are expanded (the limit)")
        if not stack:
            root = made
        else:
            top = stack[-1]
            container = top[0]
            if type(container) is LocList:
                container.append(made)
                container.item_lines.append(line)
            elif top[1] is _NO_KEY:  # a key: text not met yet in the mapping, or else see
                top[1] = (made if type(made) is str and made not in container
                          else mapping_key(made, container, line, path))
                top[2] = line
            else:
                key = top[1]
                if key is MERGE:
                    if top[3] is None:
                        top[3] = []
                    top[3].append((made, line))
                else:
                    container[key] = made
                    container.key_lines[key] = top[2]
                top[1] = _NO_KEY
        if kind is MappingStartEvent or kind is SequenceStartEvent:
            stack.append([made, _NO_KEY, 0, None, event.anchor])
        elif not stack:
            break  # the document is one scalar
    get_event()  # document end
    event = get_event()
    if type(event) is not StreamEndEvent:
        raise DataError(Location(path, event.start_mark.line + 1),
                        "invalid YAML: expected a single document in the stream, but found "
                        "another document")
    return root


def _at_key(stack: list[list[Any]]) -> bool:
    """Whether the value being read is a key (of the innermost mapping)."""
    return bool(stack) and stack[-1][1] is _NO_KEY and type(stack[-1][0]) is LocDict


def _check_new_anchor(event: Any, anchors: dict[str, Any], opened: dict[str, int],
                      path: Path | str) -> None:
    """Refuse an anchor (``&name``) defined twice."""
    if event.anchor in anchors or event.anchor in opened:
        raise DataError(Location(path, event.start_mark.line + 1),
                        f"invalid YAML: anchor '&{event.anchor}' defined twice")


_PARSED: dict[tuple[str, str], Any] | None = None  # see parse_cache()


@contextmanager
def parse_cache(store: dict[tuple[str, str], Any] | None) -> Iterator[None]:
    """While active, :func:`load_yaml` keeps what it parses in ``store``, keyed on the file's
    name and text, and parses a file again only when its text changed (``watch`` rebuilds).
    Loaders only read the parsed values, so sharing them is safe. ``None``: no cache (every
    file parsed each time) while active."""
    global _PARSED
    previous, _PARSED = _PARSED, store
    try:
        yield
    finally:
        _PARSED = previous


def load_yaml(path: Path, *, display: str | None = None) -> Any:
    """Read and parse a YAML file; ``display`` is the path shown in messages."""
    return load_yaml_text(path, display=display)[1]


def load_yaml_text(path: Path, *, display: str | None = None) -> tuple[str, Any]:
    """:func:`load_yaml`, and the text it parsed (read once: a key for what is made from
    the parsed values)."""
    shown = display or str(path)
    text = read_text(path, shown)
    if _PARSED is None:
        return text, parse_yaml(text, shown)
    key = (shown, text)
    if key not in _PARSED:
        _PARSED[key] = parse_yaml(text, shown)
    return text, _PARSED[key]
