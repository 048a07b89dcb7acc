"""What the YAML reader (:func:`printandplay.data.yamlio.parse_yaml`) makes of a scalar, a key,
a tagged collection and a merge key (``<<``), as PyYAML's safe loader would, or the located
error it gives instead.

``loader`` is a PyYAML safe loader (``CSafeLoader`` when PyYAML has libyaml), ``event`` one of
its parser's events; everything here goes through PyYAML's public API (its resolver and its
constructors).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from yaml.events import MappingStartEvent
from yaml.nodes import ScalarNode

from printandplay.data.limits import MAX_INT_DIGITS
from printandplay.data.located import LocDict, LocList
from printandplay.errors import DataError, Location

_STR = "tag:yaml.org,2002:str"
_MAP = "tag:yaml.org,2002:map"
_SEQ = "tag:yaml.org,2002:seq"
_MERGE_TAG = "tag:yaml.org,2002:merge"
_VALUE_TAG = "tag:yaml.org,2002:value"
_TIMESTAMP = "tag:yaml.org,2002:timestamp"
_INT = "tag:yaml.org,2002:int"
_INT_TEXT_MAX = 4 * MAX_INT_DIGITS  # longer int texts are refused before they are read

#: PyYAML's safe loader, in C when PyYAML has libyaml.
SAFE_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_RESOLVERS: dict[Any, Any] = SAFE_LOADER.yaml_implicit_resolvers
#: First characters of the plain scalars that may be something else than text (``3``, ``yes``,
#: ``~``, ``2026-11-30``…): any other plain scalar is text, without asking the resolver.
RESOLVABLE_STARTS = frozenset(start for start in _RESOLVERS if start is not None)
#: A resolver for every first character (PyYAML's safe loader has none).
ANY_START = None in _RESOLVERS
#: A plain scalar's value once resolved (``'3'`` → 3, ``'non'`` → ``'non'``): the values met
#: are few (numbers, yes/no, words), all immutable; bounded. Filled by :func:`scalar_value`.
RESOLVED: dict[str, Any] = {}
_RESOLVED_MAX = 4096


class Marker:
    """A key of the merge (``<<``) or value (``=``) tag, or none yet (what a reader puts in
    place of a key it has still to read)."""

    def __init__(self, name: str, tag: str = "") -> None:
        self.name = name
        self.tag = tag

    def __repr__(self) -> str:
        return self.name


MERGE = Marker("<merge key>", _MERGE_TAG)
VALUE = Marker("<value key>", _VALUE_TAG)
MISSING = Marker("<missing>")  # not in RESOLVED


def scalar_value(loader: Any, event: Any, path: Path | str) -> Any:
    """The value of a scalar event: text, or what its tag (given, or resolved from a plain
    scalar's text) makes of it; :data:`MERGE` or :data:`VALUE` for those tags."""
    value = event.value
    tag = event.tag
    if tag is None or tag == "!":  # no tag: resolved from the text, when plain
        if not event.implicit[0]:
            return value  # quoted
        known = RESOLVED.get(value, MISSING)
        if known is MISSING:
            tag = loader.resolve(ScalarNode, value, event.implicit)
            known = value if tag == _STR else _construct(loader, tag, event, path)
            if len(RESOLVED) < _RESOLVED_MAX:
                RESOLVED[value] = known
        return known
    return _construct(loader, tag, event, path)


def _construct(loader: Any, tag: str, event: Any, path: Path | str) -> Any:
    """The value the loader's constructor for ``tag`` makes of a scalar event."""
    if tag == _MERGE_TAG:
        return MERGE
    if tag == _VALUE_TAG:
        return VALUE
    if tag == _INT and len(event.value) > _INT_TEXT_MAX:
        raise _too_large(event, path)
    node = ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
    try:
        made = loader.construct_object(node, deep=True)
    except yaml.YAMLError:
        raise
    except ValueError as err:
        if tag != _TIMESTAMP:
            raise _bad_value(event, tag, path) from None
        # 2026-13-45: YAML's date pattern, not a date
        raise DataError(Location(path, event.start_mark.line + 1),
                        f"invalid date {event.value!r}: {err} (quote it to keep it as "
                        f"text)") from None
    except Exception:  # e.g. !!bool maybe: a tag given to a text it cannot read
        raise _bad_value(event, tag, path) from None
    if tag == _INT and isinstance(made, int) and abs(made) >= 10 ** MAX_INT_DIGITS:
        raise _too_large(event, path)
    return made


def _bad_value(event: Any, tag: str, path: Path | str) -> DataError:
    return DataError(Location(path, event.start_mark.line + 1),
                     f"invalid YAML: {shown_text(event.value)} cannot be read as {tag!r}")


def _too_large(event: Any, path: Path | str) -> DataError:
    return DataError(Location(path, event.start_mark.line + 1),
                     f"integer {shown_text(event.value)} is too large (limit "
                     f"{MAX_INT_DIGITS} digits)")


def shown_text(text: str, width: int = 40) -> str:
    """``text`` quoted for a message, cut to ``width`` characters with its length when longer."""
    if len(text) <= width:
        return repr(text)
    return f"{text[:width]!r}… ({len(text):,} characters)"


def marker_as_value(made: Marker, event: Any) -> yaml.YAMLError:
    """The error of a merge (``<<``) or value (``=``) key written where a value goes."""
    return yaml.constructor.ConstructorError(
        None, None, f"could not determine a constructor for the tag {made.tag!r}",
        event.start_mark)


def mapping_key(made: Any, container: LocDict, line: int, path: Path | str) -> Any:
    """The key that ``made``, read at ``line``, gives in ``container``: text (a number or a
    date as text), or :data:`MERGE`. A duplicate key, a mapping or a list is refused."""
    if made is MERGE:
        return made
    if made is VALUE:
        key = "="
    elif type(made) is str:
        key = made
    elif isinstance(made, (LocDict, LocList)):
        raise DataError(Location(path, line), "invalid YAML: a key must be a plain value, "
                        f"not a {'mapping' if isinstance(made, LocDict) else 'list'}")
    else:
        key = str(made)
    if key in container:
        raise DataError(Location(path, line), f"duplicate key '{key}'")
    return key


def check_collection_tag(loader: Any, event: Any, path: Path | str) -> None:
    """Refuse a tag on a mapping or a sequence, but the plain ones (``!!map``, ``!!seq``)."""
    mapping = type(event) is MappingStartEvent
    if event.tag == (_MAP if mapping else _SEQ):
        return
    if event.tag not in loader.yaml_constructors:
        raise yaml.constructor.ConstructorError(
            None, None, f"could not determine a constructor for the tag {event.tag!r}",
            event.start_mark)
    kind = "mapping" if mapping else "list"
    raise DataError(Location(path, event.start_mark.line + 1),
                    f"invalid YAML: a {kind} tagged {event.tag!r} is not supported (write a "
                    f"plain {kind})")


def merge_into(container: LocDict, merges: list[tuple[Any, int]], path: Path | str) -> None:
    """Put the keys of ``merges`` (the values of ``container``'s ``<<`` keys and their lines)
    into ``container`` as PyYAML merges them: before its own keys, which win; of a list of
    mappings, the first wins. A value that is not a mapping or a list of them is refused."""
    entries: list[tuple[str, Any, int]] = []
    for value, line in merges:
        if isinstance(value, LocDict):
            sources = [value]
        elif isinstance(value, LocList):
            for item, item_line in zip(value, value.item_lines, strict=True):
                if not isinstance(item, LocDict):
                    raise DataError(Location(path, item_line),
                                    "invalid YAML: expected a mapping for merging, but found "
                                    f"{'sequence' if isinstance(item, LocList) else 'scalar'}")
            sources = value[::-1]
        else:
            raise DataError(Location(path, line), "invalid YAML: expected a mapping or list of "
                            "mappings for merging, but found scalar")
        for source in sources:
            entries.extend((key, item, source.key_lines[key]) for key, item in source.items())
    own, own_lines = list(container.items()), container.key_lines
    container.clear()
    container.key_lines = {}
    for key, item, line in entries:
        container[key] = item
        container.key_lines[key] = line
    for key, item in own:
        container[key] = item
        container.key_lines[key] = own_lines[key]
