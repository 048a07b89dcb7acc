"""Naming the sections of a kit, to build only some of them (``--sections``).

A section's name is its title written in lower case without accents, words joined by ``-``
(``Cartes de Préparation`` → ``cartes-de-preparation``); a sheet section also answers to the
kinds it holds (``difficulte``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from printandplay.errors import OptionError, suggest
from printandplay.model.game import KitSection, SheetSection


def slug(text: str) -> str:
    """``text`` in lower case, without accents, runs of other characters as one ``-``."""
    plain = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in plain if not unicodedata.combining(c)).lower()
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")


def section_name(section: KitSection) -> str:
    """The name ``--sections`` knows a section by."""
    return slug(section.title) or (slug(section.template) if not isinstance(section, SheetSection)
                                   else "-".join(section.kinds))


def select_sections(game_id: str, kit: Sequence[KitSection], names: Sequence[str]
                    ) -> tuple[KitSection, ...]:
    """The sections of ``kit`` that ``names`` ask for, in kit order (all for no names).

    Raises :class:`OptionError` for a name no section has, with the closest names."""
    if not names:
        return tuple(kit)
    known: dict[str, set[int]] = {}
    for index, section in enumerate(kit):
        known.setdefault(section_name(section), set()).add(index)
        if isinstance(section, SheetSection):
            for kind in section.kinds:
                known.setdefault(kind, set()).add(index)
    wanted: set[int] = set()
    for name in names:
        key = slug(name)
        if key not in known:
            listed = ", ".join(dict.fromkeys(section_name(s) for s in kit))
            partial = [n for n in known if key and key in n.split("-")]
            hint = (" (did you mean " + " or ".join(f"'{n}'" for n in partial[:3]) + "?)"
                    if partial else suggest(key, known))
            raise OptionError(f"--sections {name}: game '{game_id}' has no such section"
                              f"{hint} (sections: {listed})")
        wanted |= known[key]
    return tuple(section for index, section in enumerate(kit) if index in wanted)
