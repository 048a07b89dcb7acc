"""The values :mod:`printandplay.templating.reach` follows through a template: a finite
set of the game's values, pieces of printed text, a list written in the template, the
``loop`` variable; how they print; and whether a text can appear in a concatenation of
pieces."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

MAX_VALUES: Final = 200_000  # values followed per expression; more is unknown


class Unknown(Exception):
    """The template may print anything (the reader gives up)."""


@dataclass(frozen=True)
class Values:
    """The expression's value is one of ``items`` (concrete values of the game or template: a
    tuple, or a variable's values as the game gives them, e.g. each card's context made when
    it is read, so that a game's cards are not all held at once)."""

    items: Sequence[Any]


@dataclass(frozen=True)
class Pieces:
    """The expression's printed text is a concatenation of ``pieces``."""

    pieces: frozenset[str]


@dataclass(frozen=True)
class Seq:
    """A list written in the template; each item an abstract value."""

    items: tuple[Abstract, ...]


class Loop:
    """The ``loop`` variable of a ``for``."""


Abstract = Values | Pieces | Seq | Loop

# every character a number (int, float, inf, nan) can print with
NUMBER: Final = Pieces(frozenset([*"0123456789", "-", "+", ".", "e", "inf", "nan"]))
BOOLS: Final = Values((True, False))
LOOP_NUMBERS: Final = frozenset({"index", "index0", "revindex", "revindex0", "length",
                                  "depth", "depth0"})
PLAIN: Final = (str, int, float, bool, type(None))


def dedup(items: Iterable[Any]) -> tuple[Any, ...]:
    seen: set[Any] = set()
    out: list[Any] = []
    for item in items:
        key: Any = (type(item), item) if isinstance(item, PLAIN) else id(item)
        if key not in seen:
            seen.add(key)
            out.append(item)
            if len(out) > MAX_VALUES:
                raise Unknown
    return tuple(out)


def plain_data(value: Any) -> bool:
    """Whether ``value`` is made of dicts, lists and plain scalars only (its ``str`` is
    then fixed)."""
    if isinstance(value, PLAIN):
        return True
    if type(value) is dict:
        return all(plain_data(k) and plain_data(v) for k, v in value.items())
    if type(value) in (list, tuple):
        return all(plain_data(v) for v in value)
    return False


def printed(value: Any) -> str:
    """What ``{{ value }}`` prints (see :func:`printandplay.templating.environment._finalize`),
    before its markup is escaped: escaping only puts backslashes before some characters, so
    a text without a backslash found in the escaped output is found in this one."""
    return "" if value is None else text_of(value)


def pieces_of(value: Abstract, concat: bool = False) -> frozenset[str]:
    """The pieces ``value`` prints as (``concat``: joined with ``~``, where ``none`` shows
    as ``None``)."""
    if isinstance(value, Pieces):
        return value.pieces
    if isinstance(value, Values):
        return frozenset((text_of if concat else printed)(v) for v in value.items)
    raise Unknown


def union(values: Sequence[Abstract]) -> Abstract:
    if all(isinstance(v, Values) for v in values):
        return Values(dedup(i for v in values for i in v.items))  # type: ignore[union-attr]
    return Pieces(frozenset().union(*(pieces_of(v) for v in values)))


def is_number(value: Abstract) -> bool:
    if value is NUMBER:
        return True
    return isinstance(value, Values) and all(
        isinstance(v, (int, float)) for v in value.items)


def text_of(value: Any) -> str:
    """``str(value)`` when it is fixed (plain data), else unknown."""
    if not plain_data(value):
        raise Unknown
    return str(value)


def contains(pieces: Iterable[str], text: str) -> bool:
    """Whether some concatenation of ``pieces`` (any order, any repetition) contains
    ``text``: the states of a matcher of ``text`` (how much of it the text read so far ends
    with) reachable from the start by reading whole pieces."""
    pieces = [p for p in set(pieces) if p]
    if any(text in p for p in pieces):
        return True
    seen = {0}
    todo = [0]
    while todo:
        start = todo.pop()
        for piece in pieces:
            read = text[:start] + piece
            if text in read:
                return True
            tail = read[-(len(text) - 1):] if len(text) > 1 else ""
            state = next((k for k in range(len(tail), 0, -1) if tail.endswith(text[:k])), 0)
            if state not in seen:
                seen.add(state)
                todo.append(state)
    return False
