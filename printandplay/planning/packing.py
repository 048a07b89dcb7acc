"""Packing (``--pack``): neighbouring sheet sections that print alike share their sheets.

Two sections of a kit, one right after the other, are compatible when their items have the
same size and outline, are printed on the same stock (their ``paper``), with the same bleed
mode, the same way of printing backs (both have items with backs, so that every sheet has a
page of backs, or neither has) and go on plain sheets of fronts and backs (not tiled, folded
or nested). Each item keeps the back its own section prints it with. A run
of compatible sections is printed as one section, titled with their titles joined by
`` + `` (the guide and the sheet labels say which sections share the sheets), when that takes
fewer sheets than printing each on its own; its items are the sections' items, one section
after the other.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from printandplay.model.game import Component, DocumentSection, SheetSection

Section = DocumentSection | SheetSection
PACK_JOINER = " + "
MAX_RUN = 12  # sections in one run of compatible sections weighed for packing


@dataclass(frozen=True)
class PackedSection:
    """A sheet section as printed: one section of the kit, or a run of compatible ones packed
    on shared sheets (``parts``, in kit order)."""

    section: SheetSection
    parts: tuple[SheetSection, ...]


def packed_title(parts: Sequence[SheetSection]) -> str:
    """The title of sections printed on shared sheets: theirs, joined by `` + ``."""
    return PACK_JOINER.join(part.title for part in parts)


def merge_sections(parts: Sequence[SheetSection]) -> SheetSection:
    """One section printing the items of ``parts`` (compatible sections) on shared sheets: their
    kinds, their titles joined, the first one's paper and bleed mode, their back when they
    share one (else each item's own: :func:`packed_items` gives each its section's), their
    ``also`` field (at most one), their assembly notes (each once)."""
    first = parts[0]
    if len(parts) == 1:
        return first
    kinds = tuple(dict.fromkeys(kind for part in parts for kind in part.kinds))
    assembly = " ".join(dict.fromkeys(part.assembly for part in parts if part.assembly))
    backs = {part.back for part in parts}
    also = next((part.also for part in parts if part.also), "")
    return replace(first, kinds=kinds, title=packed_title(parts), assembly=assembly,
                   back=backs.pop() if len(backs) == 1 else None, also=also)


def packed_items(part: SheetSection, items: Sequence[Component]) -> list[Component]:
    """``items`` of ``part`` as a packed section prints them: each with the back ``part``
    prints it with."""
    return [item if part.back_of(item) == item.back else replace(item, back=part.back_of(item))
            for item in items]


def sheets_compatible(a: SheetSection, b: SheetSection, items_a: Sequence[Component],
                      items_b: Sequence[Component], shape_of: Callable[[SheetSection], object]
                      ) -> bool:
    """Whether ``a`` and ``b`` may share sheets: same size and outline (``shape_of`` gives
    both), same stock and bleed mode, both with items with backs or both without, and at most
    one ``also`` field between them."""
    return (shape_of(a) == shape_of(b) and a.paper == b.paper
            and a.bleed_mode == b.bleed_mode
            and any(a.back_of(i) for i in items_a) == any(b.back_of(i) for i in items_b)
            and (not a.also or not b.also or a.also == b.also))


def pack_sections(kit: Sequence[Section], items_of: Callable[[SheetSection], list[Component]],
                  plain: Callable[[SheetSection, Sequence[Component]], bool],
                  shape_of: Callable[[SheetSection], object],
                  sheets: Callable[[SheetSection, Sequence[Component]], int]
                  ) -> list[Section | PackedSection]:
    """``kit`` with runs of neighbouring compatible sheet sections packed (:class:`PackedSection`)
    where that saves sheets; other sheet sections as a :class:`PackedSection` of one part.

    ``items_of`` gives a section's copies, ``plain`` whether they go on plain sheets of fronts
    and backs, ``shape_of`` the size and outline of its items and ``sheets`` how many sheets
    a section takes for some items. Each run of neighbouring compatible sections is split
    into the consecutive groups that take the fewest sheets in all (the most groups among
    equals: sections share sheets only where that saves paper)."""
    out: list[Section | PackedSection] = []
    run: list[tuple[SheetSection, list[Component]]] = []

    def close() -> None:
        out.extend(_best_groups(run, sheets))
        run.clear()

    for section in kit:
        if not isinstance(section, SheetSection):
            close()
            out.append(section)
            continue
        items = items_of(section)
        if not items or not plain(section, items):
            close()
            out.append(PackedSection(section, (section,)))
            continue
        items = packed_items(section, items)
        if run:
            together = merge_sections([part for part, _ in run])
            if not sheets_compatible(together, section, [i for _, its in run for i in its],
                                     items, shape_of):
                close()
        run.append((section, items))
    close()
    return out


def _best_groups(run: Sequence[tuple[SheetSection, list[Component]]],
                 sheets: Callable[[SheetSection, Sequence[Component]], int]
                 ) -> list[PackedSection]:
    """``run`` (compatible sections and their items) split into consecutive groups taking the
    fewest sheets, the most groups among equals."""
    if len(run) > MAX_RUN:  # (never in practice: a kit lists a few sections)
        return [PackedSection(section, (section,)) for section, _ in run]
    # best[i]: (sheets, minus the groups) of the first i sections, where the last group starts
    best: list[tuple[int, int, int]] = [(0, 0, 0)]
    for end in range(1, len(run) + 1):
        options = []
        for start in range(end):
            parts = [section for section, _ in run[start:end]]
            items = [item for _, its in run[start:end] for item in its]
            cost = best[start][0] + sheets(merge_sections(parts), items)
            options.append((cost, best[start][1] - 1, start))
        best.append(min(options))
    groups: list[PackedSection] = []
    end = len(run)
    while end:
        start = best[end][2]
        group = tuple(section for section, _ in run[start:end])
        groups.append(PackedSection(merge_sections(group), group))
        end = start
    return groups[::-1]
