"""The ``decks`` composition check: any ``together`` of a folder of deck lists can be played at
once from the printed kit.

Copies are counted per back, as printed: a card the kit prints once with each of two backs (a
Licum Difficulté allowed in the Jeu deck is printed with the Préparation back and again with
the Jeu back) serves once in each deck section, not twice in one. A deck section uses the back
that every card listed in it is printed with; a section whose cards share no single back counts
its cards against their copies of any back.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from itertools import combinations
from math import comb
from pathlib import Path

from printandplay.data.files import resolve_inside
from printandplay.errors import DataError
from printandplay.model.deck import Deck
from printandplay.model.game import CompositionCheck, Game, SheetSection
from printandplay.rules.report import Violation

MAX_DECK_GROUPS = 10_000  # a `decks` check tries every group: keep untrusted data bounded

ANY_BACK = None  # the key of copies needed from a card whatever its back
Need = dict[tuple[str, str | None], int]  # copies per (card id, back)


def _deck_files(game: Game, check: CompositionCheck) -> list[Path]:
    label = f"cards/{game.id}/"
    folder = resolve_inside(game.folder, check.decks, check.location,
                            f"check '{check.id}': decks", label)
    if not folder.is_dir():
        raise DataError(check.location, f"check '{check.id}': no folder {check.decks!r} in "
                                        f"the game folder")
    files = sorted(p for p in folder.iterdir()
                   if p.suffix.lower() in (".txt", ".yaml", ".yml") and p.is_file())
    for path in files:  # a deck file may not be a symlink that leads out of the game folder
        resolve_inside(game.folder, f"{check.decks}/{path.name}", check.location,
                       f"check '{check.id}': deck", label)
    return files


def printed_per_back(game: Game) -> dict[str, dict[str | None, int]]:
    """Printed copies of each card id, per layout of their back, as the kit's sheets print
    them (a card held by two sections is printed in both)."""
    printed: dict[str, dict[str | None, int]] = defaultdict(lambda: defaultdict(int))
    for section in game.kit:
        if isinstance(section, SheetSection):
            for component in game.components:
                if section.holds(component):
                    printed[component.id][section.back_of(component)] += component.count
    for component in game.components:  # a card in no sheet is still counted (once per copy)
        if component.id not in printed:
            printed[component.id][component.back] += component.count
    return printed


def deck_needs(deck: Deck, printed: Mapping[str, Mapping[str | None, int]]) -> Need:
    """The copies ``deck`` takes, per card and back (``ANY_BACK`` when its section's back is
    not one layout)."""
    need: Need = defaultdict(int)
    for section in dict.fromkeys(entry.section for entry in deck.entries):
        counts = deck.counts(section)
        shared = set.intersection(*(set(printed[card_id]) for card_id in counts))
        back = next(iter(shared)) if len(shared) == 1 else ANY_BACK
        for card_id, count in counts.items():
            need[(card_id, back)] += count
    return need


def _shortages(need: Need, printed: Mapping[str, Mapping[str | None, int]]
               ) -> dict[str, tuple[int, int, str | None]]:
    """Cards the group lacks: needed, printed, and the back lacking (None: in all)."""
    short: dict[str, tuple[int, int, str | None]] = {}
    total: dict[str, int] = defaultdict(int)
    for (card_id, back), n in need.items():
        total[card_id] += n
        if back is not ANY_BACK and n > printed[card_id][back]:
            short[card_id] = (n, printed[card_id][back], back)
    for card_id, n in total.items():
        available = sum(printed[card_id].values())
        if card_id not in short and n > available:
            short[card_id] = (n, available, None)
    return short


def check_decks_fit(game: Game, check: CompositionCheck) -> list[Violation]:
    """Any ``check.together`` of the decks in ``check.decks`` fit in the printed kit at once."""
    from printandplay.data.card_names import qualified_name
    from printandplay.data.decklist import load_deck

    files = _deck_files(game, check)
    if comb(len(files), check.together) > MAX_DECK_GROUPS:
        raise DataError(check.location, f"check '{check.id}': {len(files)} decks taken "
                                        f"{check.together} at a time make too many groups "
                                        f"(at most {MAX_DECK_GROUPS})")
    printed = printed_per_back(game)
    needs = {p.stem: deck_needs(load_deck(p, game, f"{check.decks}/{p.name}"), printed)
             for p in files}
    violations = []
    for names in combinations(sorted(needs), check.together):
        need: Need = defaultdict(int)
        for name in names:
            for key, count in needs[name].items():
                need[key] += count
        short = _shortages(need, printed)
        if not short:
            continue
        detail = ", ".join(
            f"{n} {qualified_name(game.component(c), game)}"
            + (f" with the {back} back" if back is not None and len(printed[c]) > 1 else "")
            + f" (printed {p})" for c, (n, p, back) in short.items())
        label = f" — {check.description}" if check.description else ""
        violations.append(Violation(
            rule=check.id,
            message=f"decks {' + '.join(names)} played together need {detail}{label}",
            expected=sum(p for _, p, _ in short.values()),
            actual=sum(n for n, _, _ in short.values()),
            cards=tuple(short)))
    return violations
