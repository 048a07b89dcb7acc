"""Mappings and sequences read from YAML that remember the line of every key and item."""

from __future__ import annotations

from typing import Any

from printandplay.errors import Location


class LocDict(dict[str, Any]):
    """A mapping read from YAML that remembers where it and each of its keys stand."""

    location: Location
    key_lines: dict[str, int]

    def at(self, key: str) -> Location:
        """The location of ``key`` (or of the mapping itself when the key is absent)."""
        line = self.key_lines.get(key)
        return Location(self.location.path, line) if line else self.location


class LocList(list[Any]):
    """A sequence read from YAML that remembers where it and each of its items stand."""

    location: Location
    item_lines: list[int]

    def at(self, index: int) -> Location:
        """The location of item ``index``."""
        return Location(self.location.path, self.item_lines[index])
