"""A bounded memo of immutable values kept for the whole process (parse trees, face designs,
icons read from the same text): every build of the same game in one process — ``watch``'s
rebuilds, ``build all``'s parent, the test suite — reads each text once."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class BoundedMemo(Generic[K, V]):
    """At most ``size`` values by key; when full, it is emptied before the next value is
    kept (simple, and a build's own values come back at once). Keep only values nobody
    changes."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._values: dict[K, V] = {}

    def get(self, key: K) -> V | None:
        """The value kept for ``key``, or ``None``."""
        return self._values.get(key)

    def keep(self, key: K, value: V) -> V:
        """Keep ``value`` for ``key`` (emptying the memo first when it is full); returns it."""
        if len(self._values) >= self.size:
            self._values.clear()
        self._values[key] = value
        return value

    def __len__(self) -> int:
        return len(self._values)
