"""Reading YAML while keeping the line of every key and item, for error messages."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer

from printandplay.data.files import read_text
from printandplay.data.limits import MAX_YAML_DEPTH, MAX_YAML_NODES
from printandplay.data.located import LocDict, LocList
from printandplay.data.yaml_fast import Unusual, parse_plain
from printandplay.errors import DataError, Location

__all__ = ["LocDict", "LocList", "check_bounds", "load_yaml", "load_yaml_text", "parse_cache", "parse_yaml"]

_BaseLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _make_loader(path: Path | str) -> type:
    class Loader(_BaseLoader):  # type: ignore[misc, valid-type]
        pass

    def construct_mapping(loader: Any, node: yaml.MappingNode) -> LocDict:
        own = sum(1 for k, _ in node.value if k.tag != "tag:yaml.org,2002:merge")
        loader.flatten_mapping(node)  # YAML merge keys (<<: *anchor) come first
        merged = len(node.value) - own
        result = LocDict()
        result.location = Location(path, node.start_mark.line + 1)
        result.key_lines = {}
        for index, (key_node, value_node) in enumerate(node.value):
            key = loader.construct_object(key_node, deep=True)
            line = key_node.start_mark.line + 1
            if not isinstance(key, str):
                key = str(key)
            if key in result and index >= merged and result.key_lines[key] >= 0:
                raise DataError(Location(path, line), f"duplicate key '{key}'")
            if index < merged:
                line = -line  # a merged key: its own mapping may override it
            result[key] = loader.construct_object(value_node, deep=True)
            result.key_lines[key] = line
        for key, line in result.key_lines.items():
            result.key_lines[key] = abs(line)
        return result

    def construct_sequence(loader: Any, node: yaml.SequenceNode) -> LocList:
        result = LocList(loader.construct_object(child, deep=True) for child in node.value)
        result.location = Location(path, node.start_mark.line + 1)
        result.item_lines = [child.start_mark.line + 1 for child in node.value]
        return result

    def construct_timestamp(loader: Any, node: yaml.ScalarNode) -> Any:
        try:
            return _BaseLoader.construct_yaml_timestamp(loader, node)
        except ValueError as err:  # 2026-13-45: YAML's date pattern, not a date
            raise DataError(Location(path, node.start_mark.line + 1),
                            f"invalid date {node.value!r}: {err} (quote it to keep it as "
                            f"text)") from None

    Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, construct_mapping)
    Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, construct_sequence)
    Loader.add_constructor("tag:yaml.org,2002:timestamp", construct_timestamp)
    return Loader


class _Unusual(Exception):
    """The document is not a plain mapping: parse it the usual way."""


def _parse_top_mapping(text: str, path: Path | str) -> LocDict:
    """Parse a document whose top level is a plain mapping, building each item of its
    top-level sequences (the cards of a component file) as soon as it is read: the parser's
    node tree then never holds more than one item, so memory does not grow with the file.
    Raises :class:`_Unusual` for anything else (merge keys, anchors or tags at the top)."""
    loader = type("StreamingLoader", (_make_loader(path), Composer), {})(text)
    loader.anchors = {}
    events = yaml.events
    plain = (None, "!")
    try:
        loader.get_event()  # stream start
        if not loader.check_event(events.DocumentStartEvent):
            raise _Unusual
        loader.get_event()
        start = loader.peek_event()
        if not isinstance(start, events.MappingStartEvent) or start.anchor or (
                start.tag not in (*plain, yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG)):
            raise _Unusual
        loader.get_event()
        result = LocDict()
        result.location = Location(path, start.start_mark.line + 1)
        result.key_lines = {}
        while not loader.check_event(events.MappingEndEvent):
            key_node = loader.compose_node(None, None)
            key = loader.construct_object(key_node, deep=True)
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise _Unusual
            line = key_node.start_mark.line + 1
            if not isinstance(key, str):
                key = str(key)
            if key in result:
                raise DataError(Location(path, line), f"duplicate key '{key}'")
            event = loader.peek_event()
            if isinstance(event, events.SequenceStartEvent) and not event.anchor and (
                    event.tag in (*plain, yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG)):
                loader.get_event()
                items = LocList()
                items.location = Location(path, event.start_mark.line + 1)
                items.item_lines = []
                while not loader.check_event(events.SequenceEndEvent):
                    node = loader.compose_node(None, None)
                    items.item_lines.append(node.start_mark.line + 1)
                    items.append(loader.construct_object(node, deep=True))
                    loader.constructed_objects = {}  # forget the item's nodes
                loader.get_event()
                value: Any = items
            else:
                value = loader.construct_object(loader.compose_node(None, None), deep=True)
            result[key] = value
            result.key_lines[key] = line
            loader.constructed_objects = {}
        loader.get_event()  # mapping end
        loader.get_event()  # document end
        if not loader.check_event(events.StreamEndEvent):
            raise _Unusual  # several documents: the usual parser says so
        return result
    finally:
        loader.dispose()


_TOO_DEEP = f"YAML nested deeper than {MAX_YAML_DEPTH} levels (the limit)"


def parse_yaml(text: str, path: Path | str) -> Any:
    """Parse YAML text; mappings become :class:`LocDict`, sequences :class:`LocList`.

    Plain documents (no anchors, aliases, tags or merge keys) are read in one pass over the
    parser's events (:func:`~printandplay.data.yaml_fast.parse_plain`); any other document,
    or any error, is read the long way below, which words every message."""
    try:
        return parse_plain(text, path, MAX_YAML_DEPTH, MAX_YAML_NODES)
    except Unusual:
        pass
    return parse_yaml_long(text, path)


def parse_yaml_long(text: str, path: Path | str) -> Any:
    """:func:`parse_yaml` without the one-pass path: check the limits on the event stream,
    then build the document (streaming the items of a top-level mapping's sequences)."""
    try:
        check_bounds(text, path)
        try:
            return _parse_top_mapping(text, path)
        except (_Unusual, yaml.YAMLError):  # errors: the usual parser words them as always
            return yaml.load(text, Loader=_make_loader(path))  # noqa: S506 - a SafeLoader subclass
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark else 0
        problem = err.problem or err.context or "invalid YAML"
        if err.context and err.problem and "document" in err.context:
            problem = f"{err.context}, {err.problem}"
        if "maximum nesting depth" in problem:  # newer libyaml scanners stop deep flows first
            raise DataError(Location(path, line), _TOO_DEEP) from None
        raise DataError(Location(path, line), f"invalid YAML: {problem}") from None
    except yaml.YAMLError as err:
        raise DataError(Location(path), f"invalid YAML: {err}") from None


def check_bounds(text: str, path: Path | str) -> None:
    """Refuse YAML nested deeper than :data:`MAX_YAML_DEPTH` or whose aliases expand it beyond
    :data:`MAX_YAML_NODES` nodes (a "billion laughs"), before anything is built from it.

    Works on the parser's event stream, without recursion, so that no document can exhaust
    the stack or the memory; syntax errors are left to the loader.
    """
    anchors: dict[str, int] = {}
    opened: set[str] = set()
    stack: list[list[Any]] = [[None, 0]]  # per open collection: its anchor, its expanded size

    def add(size: int, mark: Any) -> None:
        stack[-1][1] += size
        if stack[-1][1] > MAX_YAML_NODES:
            raise DataError(Location(path, mark.line + 1),
                            f"YAML too large: more than {MAX_YAML_NODES:,} values once aliases "
                            "(*name) are expanded (the limit)")

    for event in yaml.parse(text, Loader=_BaseLoader):
        if isinstance(event, yaml.AliasEvent):
            if event.anchor in opened:
                raise DataError(Location(path, event.start_mark.line + 1),
                                f"recursive YAML alias '*{event.anchor}'")
            add(anchors.get(event.anchor, 1), event.start_mark)
        elif isinstance(event, yaml.ScalarEvent):
            add(1, event.start_mark)
            if event.anchor is not None:
                anchors[event.anchor] = 1
        elif isinstance(event, yaml.CollectionStartEvent):
            if len(stack) > MAX_YAML_DEPTH:
                raise DataError(Location(path, event.start_mark.line + 1), _TOO_DEEP)
            if event.anchor is not None:
                opened.add(event.anchor)
            stack.append([event.anchor, 1])
        elif isinstance(event, yaml.CollectionEndEvent):
            anchor, size = stack.pop()
            if anchor is not None:
                opened.discard(anchor)
                anchors[anchor] = size
            add(size, event.start_mark)
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
