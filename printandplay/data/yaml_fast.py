"""The common shape of YAML read in one pass over the parser's events.

Game files are plain mappings, sequences and scalars: no tags or merge keys, no anchors but on
scalars (a text repeated with ``&name`` … ``*name``).
For them :func:`parse_plain` builds the located values (:class:`LocDict`, :class:`LocList`)
straight from libyaml's events, checking the nesting and size limits on the way, without the
node tree, the constructor's bookkeeping or a second scan of the text for the limits. Anything
else (and any error, duplicate keys and broken limits included) raises :class:`Unusual`: the
caller then reads the text the long way, which words every message as always.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from yaml.events import (
    AliasEvent,
    DocumentEndEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
)
from yaml.nodes import ScalarNode

from printandplay.data.located import LocDict, LocList
from printandplay.errors import Location

_BaseLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_STR = "tag:yaml.org,2002:str"
#: Implicit tags built here; others (merge ``<<``, value ``=``) go the long way.
_PLAIN_TAGS = frozenset({
    "tag:yaml.org,2002:null", "tag:yaml.org,2002:bool", "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float", "tag:yaml.org,2002:timestamp",
})
_IMPLICIT: dict[Any, Any] = yaml.resolver.Resolver.yaml_implicit_resolvers


if None in _IMPLICIT:  # a resolver for every first character: none here, check it once
    raise ImportError("yaml_fast expects implicit resolvers keyed on the first character")
# A plain scalar's value once resolved (``'3'`` → 3, ``'non'`` → ``'non'``): the values met are
# few (numbers, yes/no, words), all immutable; bounded.
_RESOLVED: dict[str, Any] = {}
_RESOLVED_MAX = 4096
_MISSING = object()


class Unusual(Exception):
    """The text is not of the common shape (or not valid): read it the long way."""


def parse_plain(text: str, path: Path | str, max_depth: int, max_nodes: int) -> Any:
    """Parse ``text`` as :func:`printandplay.data.yamlio.parse_yaml` would, when it is of
    the common shape, nested at most ``max_depth`` levels and holding at most ``max_nodes``
    values; raise :class:`Unusual` otherwise (the caller parses it the long way)."""
    loader = _BaseLoader(text)
    try:
        return _build(loader, path, max_depth, max_nodes)
    except yaml.YAMLError:
        raise Unusual from None
    finally:
        loader.dispose()


def _build(loader: Any, path: Path | str, max_depth: int, max_nodes: int) -> Any:
    get_event = loader.get_event
    resolve = loader.resolve
    constructors = loader.yaml_constructors
    get_event()  # stream start
    if type(get_event()) is not DocumentStartEvent:
        raise Unusual
    # Each open collection: [container, pending key (mappings), key line]
    stack: list[list[Any]] = []
    nodes = 0
    root: Any = None
    anchored: dict[str, tuple[Any, int]] = {}  # scalars' anchors: the value and its line
    while True:
        event = get_event()
        kind = type(event)
        if kind is AliasEvent:  # a scalar's anchor repeated: its value, read at its line
            if event.anchor not in anchored or (stack and stack[-1][1] is _NO_KEY
                                                and type(stack[-1][0]) is LocDict):
                raise Unusual  # a collection's anchor, an unknown one, or a key
            made, line = anchored[event.anchor]
            nodes += 1
            kind = ScalarEvent
        elif kind is ScalarEvent:
            if event.tag is not None:
                raise Unusual
            value = event.value
            if event.implicit[0] and (value[0] if value else "") in _IMPLICIT:
                known = _RESOLVED.get(value, _MISSING)
                if known is _MISSING:
                    known = value
                    tag = resolve(ScalarNode, value, event.implicit)
                    if tag != _STR:
                        if tag not in _PLAIN_TAGS:
                            raise Unusual
                        try:
                            known = constructors[tag](
                                loader, ScalarNode(tag, value, event.start_mark, event.end_mark))
                        except Exception:  # e.g. a date that does not exist: the long way
                            raise Unusual from None
                    if len(_RESOLVED) < _RESOLVED_MAX:
                        _RESOLVED[value] = known
                value = known
            nodes += 1
            line = event.start_mark.line + 1
            made = value
            if event.anchor is not None:
                if event.anchor in anchored:
                    raise Unusual  # the long way says "duplicate anchor"
                anchored[event.anchor] = (value, line)
        elif kind is MappingStartEvent or kind is SequenceStartEvent:
            if event.anchor is not None or event.tag is not None or len(stack) >= max_depth:
                raise Unusual
            nodes += 1
            line = event.start_mark.line + 1
            if kind is MappingStartEvent:
                made = LocDict()
                made.key_lines = {}
            else:
                made = LocList()
                made.item_lines = []
            made.location = Location(path, line)
        elif kind is MappingEndEvent or kind is SequenceEndEvent:
            stack.pop()
            if not stack:
                break
            continue
        else:  # an alias, or the document ended early
            raise Unusual
        if nodes > max_nodes:
            raise Unusual
        if not stack:
            root = made
        else:
            top = stack[-1]
            container = top[0]
            if type(container) is LocList:
                container.append(made)
                container.item_lines.append(line)
            elif top[1] is _NO_KEY:  # a key
                if kind is not ScalarEvent:
                    raise Unusual  # a mapping or list as a key
                key = made if type(made) is str else str(made)
                if key in container:
                    raise Unusual  # the long way says "duplicate key"
                top[1] = key
                top[2] = line
            else:
                key = top[1]
                container[key] = made
                container.key_lines[key] = top[2]
                top[1] = _NO_KEY
        if kind is not ScalarEvent:
            stack.append([made, _NO_KEY, 0])
        elif not stack:
            break  # the document is one scalar
    if type(get_event()) is not DocumentEndEvent or type(get_event()) is not StreamEndEvent:
        raise Unusual
    return root


_NO_KEY = object()
