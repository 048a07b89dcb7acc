"""Licum deck-building rules (rules digest: seeds/licum.md; rulings L1, L2).

Every check returns :class:`Violation` values; nothing here raises for an illegal deck.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Final

from printandplay.data.decklist import normalize, qualified_name
from printandplay.model.deck import Deck
from printandplay.model.game import Component, Game
from printandplay.rules.report import Report, Severity, Violation

PREPARATION: Final = "Préparation"
JEU: Final = "Jeu"
PREP_KINDS: Final = ("impro", "avant-match", "entre-periode", "difficulte")
JEU_KINDS: Final = ("improvisateur", "condition", "scuze-mais", "shote")
MAX_CARDS: Final = 30
IMPROS: Final = 5
OPENING_HAND: Final = 7


class _Deck:
    """A deck with its cards looked up, for the checks below."""

    def __init__(self, deck: Deck, game: Game) -> None:
        self.deck = deck
        self.game = game
        self.lines: dict[tuple[str, str], int] = {}
        for entry in deck.entries:
            self.lines.setdefault((entry.section, entry.card_id), entry.line)

    def cards(self, section: str, *kinds: str) -> list[tuple[Component, int]]:
        out = []
        for card_id, count in self.deck.counts(section).items():
            component = self.game.component(card_id)
            if not kinds or component.kind in kinds:
                out.append((component, count))
        return out

    def total(self, section: str, *kinds: str) -> int:
        return sum(count for _, count in self.cards(section, *kinds))

    def line(self, section: str, component: Component) -> int | None:
        return self.lines.get((section, component.id))

    def name(self, component: Component) -> str:
        return qualified_name(component, self.game)


def validate_licum_deck(deck: Deck, game: Game,
                        collection: Mapping[str, int] | None = None) -> Report:
    """Every way ``deck`` breaks Licum's deck-building rules, and its counts."""
    d = _Deck(deck, game)
    violations = [
        *_unknown_cards(deck),
        *_team(d),
        *_preparation(d),
        *_jeu(d),
        *_mises_au_jeu(d),
        *_warnings(d),
        *(_collection(d, collection) if collection is not None else ()),
    ]
    prep_total = d.total(PREPARATION)
    moments = min(d.total(PREPARATION, "avant-match"), d.total(PREPARATION, "entre-periode"))
    counts = {
        "preparation": prep_total - moments,
        "preparation_cards": prep_total,
        "impros": d.total(PREPARATION, "impro"),
        "difficultes": d.total(PREPARATION, "difficulte"),
        "punitions": sum(n for c, n in d.cards(PREPARATION, "difficulte")
                         if c.values.get("punition")),
        "jeu": d.total(JEU) - d.total(JEU, "mise-au-jeu"),
        "improvisateurs": d.total(JEU, "improvisateur"),
    }
    return Report(tuple(violations), counts)


def _unknown_cards(deck: Deck) -> Iterator[Violation]:
    for card in deck.unknown:
        if card.ambiguous:
            message = (f"{card.name!r} names several cards: write one of "
                       + ", ".join(repr(s) for s in card.suggestions))
        else:
            hint = (" (did you mean " + " or ".join(repr(s) for s in card.suggestions) + "?)"
                    if card.suggestions else "")
            message = f"no card is called {card.name!r}{hint}"
        yield Violation("LIC-DECK-CARD", message, line=card.line,
                        expected=list(card.suggestions) or None)


def _team(d: _Deck) -> Iterator[Violation]:
    team = d.deck.headers.get("team")
    if team is None:
        yield Violation("LIC-DECK-TEAM", "no team chosen: add a line such as 'Équipe: Rouges'",
                        expected="a team", actual=None)
        return
    for section in (PREPARATION, JEU):
        for component, _ in d.cards(section, "improvisateur"):
            if component.values.get("team") != team:
                yield Violation(
                    "LIC-DECK-TEAM",
                    f"{d.name(component)} plays for {component.values.get('team')}, "
                    f"not for the deck's team ({team})",
                    expected=team, actual=component.values.get("team"),
                    cards=(component.id,), line=d.line(section, component))


def _preparation(d: _Deck) -> Iterator[Violation]:
    impros = d.cards(PREPARATION, "impro")
    distinct = len(impros)
    total_impros = sum(n for _, n in impros)
    if distinct != IMPROS or total_impros != IMPROS:
        copies = [d.name(c) for c, n in impros if n > 1]
        detail = f" ({', '.join(copies)} more than once)" if copies else ""
        yield Violation("LIC-DECK-PREP-IMPROS",
                        f"Préparation needs exactly {IMPROS} different Impros, has {distinct} "
                        f"different in {total_impros} cards{detail}",
                        expected=IMPROS, actual=distinct,
                        cards=tuple(c.id for c, _ in impros))
    for kind, label in (("avant-match", "Avant-Match"), ("entre-periode", "Entre-Période")):
        count = d.total(PREPARATION, kind)
        if count != 1:
            yield Violation("LIC-DECK-PREP-MOMENTS",
                            f"Préparation needs exactly one {label}, has {count}",
                            expected=1, actual=count,
                            cards=tuple(c.id for c, _ in d.cards(PREPARATION, kind)))
    moments = min(d.total(PREPARATION, "avant-match"), d.total(PREPARATION, "entre-periode"))
    size = d.total(PREPARATION) - moments
    if size > MAX_CARDS:
        yield Violation("LIC-DECK-PREP-SIZE",
                        f"Préparation has {size} cards (Avant-Match and Entre-Période counting "
                        f"as one), at most {MAX_CARDS}", expected=MAX_CARDS, actual=size)
    for component, count in d.cards(PREPARATION):
        if component.kind not in PREP_KINDS:
            yield Violation("LIC-DECK-PREP-REST",
                            f"{count} {d.name(component)}: a {component.kind} card cannot go in "
                            f"Préparation (only Impros, Avant-Match, Entre-Période, Difficultés)",
                            cards=(component.id,), line=d.line(PREPARATION, component))
    difficultes = d.total(PREPARATION, "difficulte")
    punitions = sum(n for c, n in d.cards(PREPARATION, "difficulte") if c.values.get("punition"))
    if punitions > difficultes // 2:
        yield Violation("LIC-DECK-PREP-PUNITIONS",
                        f"{punitions} Punitions among {difficultes} Difficultés: at most half, "
                        f"{difficultes // 2}", expected=difficultes // 2, actual=punitions)


def _jeu(d: _Deck) -> Iterator[Violation]:
    size = d.total(JEU) - d.total(JEU, "mise-au-jeu")
    if size > MAX_CARDS:
        yield Violation("LIC-DECK-JEU-SIZE", f"Jeu has {size} cards, at most {MAX_CARDS}",
                        expected=MAX_CARDS, actual=size)
    for component, count in d.cards(JEU, *PREP_KINDS):
        if not component.values.get("allowed_in_jeu"):
            yield Violation("LIC-DECK-JEU-PREP",
                            f"{count} {d.name(component)}: a Préparation card ({component.kind}) "
                            f"cannot go in Jeu", cards=(component.id,),
                            line=d.line(JEU, component))


def _mises_au_jeu(d: _Deck) -> Iterator[Violation]:
    for section in (PREPARATION, JEU):
        for component, count in d.cards(section, "mise-au-jeu"):
            yield Violation("LIC-DECK-MAJ",
                            f"{count} {d.name(component)}: Mises au jeu are part of every "
                            f"player's kit and never count in a deck (ignored)",
                            severity=Severity.WARNING, cards=(component.id,),
                            line=d.line(section, component))


def _warnings(d: _Deck) -> Iterator[Violation]:
    size = d.total(JEU) - d.total(JEU, "mise-au-jeu")
    if size < OPENING_HAND:
        yield Violation("LIC-DECK-JEU-MIN",
                        f"Jeu has {size} cards, fewer than the opening hand of {OPENING_HAND}",
                        severity=Severity.WARNING, expected=OPENING_HAND, actual=size)
    in_jeu = {normalize(c.name) for c, _ in d.cards(JEU)} | {normalize(c.id)
                                                             for c, _ in d.cards(JEU)}
    for component, _ in d.cards(JEU, "improvisateur"):
        for target in component.values.get("springs") or ():
            if normalize(str(target)) not in in_jeu:
                yield Violation("LIC-DECK-SPRING",
                                f"{d.name(component)} springs {target!r}, which is not in the "
                                f"Jeu deck", severity=Severity.WARNING,
                                cards=(component.id,), line=d.line(JEU, component))
    coaches = [(c, n) for c, n in d.cards(JEU, "improvisateur")
               if c.values.get("role") == "entraineur"]
    if sum(n for _, n in coaches) > 1:
        yield Violation("LIC-DECK-COACH",
                        f"{sum(n for _, n in coaches)} Entraîneurs in Jeu: only one may sit on "
                        f"a bench", severity=Severity.WARNING, expected=1,
                        actual=sum(n for _, n in coaches), cards=tuple(c.id for c, _ in coaches))


def _collection(d: _Deck, owned: Mapping[str, int]) -> Iterator[Violation]:
    used: dict[str, int] = {}
    for entry in d.deck.entries:
        used[entry.card_id] = used.get(entry.card_id, 0) + entry.count
    for card_id, count in used.items():
        have = owned.get(card_id, 0)
        if count > have:
            component = d.game.component(card_id)
            yield Violation("LIC-DECK-COLLECTION",
                            f"{count} {d.name(component)} used, {have} owned",
                            expected=have, actual=count, cards=(card_id,))
