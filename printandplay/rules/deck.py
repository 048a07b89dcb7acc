"""The one deck validator: checks a deck list against a format of the game's ``deck_rules``.

Every check returns :class:`Violation` values; nothing here raises for an illegal deck. Rule
ids and message templates come from the game's data; ``{name}`` in a template is replaced by
the value of the same name (see docs/designing-a-game.md for the vocabulary).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from printandplay.errors import OptionError, did_you_mean
from printandplay.model.deck import Deck
from printandplay.model.deck_rules import (
    CardList,
    DeckRuleBook,
    DeckRules,
    Selection,
)
from printandplay.model.game import Game
from printandplay.model.where import matches, value_of
from printandplay.rules.deck_check import DeckCheck, fill
from printandplay.rules.deck_counts import check_rules, measured_sums
from printandplay.rules.report import Report, Violation


def rule_book(game: Game) -> DeckRuleBook:
    """The game's deck rules, or an error for a game without deck building."""
    if game.deck_rules is None:
        raise OptionError(f"game '{game.id}' has no deck rules to validate (no deck_rules in "
                          f"its game.yaml)")
    return game.deck_rules


def deck_format(game: Game, name: str | None) -> DeckRules:
    """The format ``name`` of the game's deck rules (the default one for None)."""
    book = rule_book(game)
    if name is not None and name not in book.formats:
        raise OptionError(f"--rules {name}: game '{game.id}' has no such format (formats: "
                          f"{', '.join(book.formats)})")
    return book.format(name)


def validate_deck(deck: Deck, game: Game, rules_format: str | None = None,
                  collection: Mapping[str, int] | None = None,
                  ban_list: tuple[CardList, ...] | None = None) -> Report:
    """Every way ``deck`` breaks a format of ``game``'s deck rules, and its counts;
    ``ban_list`` (read by :func:`~printandplay.data.ban_lists.load_ban_list`) replaces the
    lists of the format's ban list file."""
    book = rule_book(game)
    fmt = deck_format(game, rules_format)
    check = DeckCheck(deck, game, fmt)
    if ban_list is None:
        ban_list = fmt.ban_list.lists if fmt.ban_list is not None else ()
    violations = [
        *_unknown_cards(check, book),
        *check.ignored,
        *_headers(check, book.header),
        *_sections(check),
        *_leaders(check),
        *check_rules(check),
        *_copies(check, ban_list),
        *(_collection(check, book, collection) if collection is not None else ()),
    ]
    counts = {name: check.measure(selection)[0] for name, selection in fmt.counts.items()}
    return Report(tuple(violations), counts, measured_sums(check))


def counted_deck(deck: Deck, game: Game, rules_format: str | None = None) -> Deck:
    """``deck`` without the lines of kinds the format ignores (they never count, and
    ``print-deck`` does not print them)."""
    return DeckCheck(deck, game, deck_format(game, rules_format)).deck


def _unknown_cards(check: DeckCheck, book: DeckRuleBook) -> Iterator[Violation]:
    for card in check.deck.unknown:
        if card.reason:
            message = card.reason + (" (write one of " + ", ".join(
                repr(s) for s in card.suggestions) + ")" if card.suggestions else "")
        elif card.ambiguous:
            message = (f"{card.name!r} names several cards: write one of "
                       + ", ".join(repr(s) for s in card.suggestions))
        else:
            message = f"no card is called {card.name!r}{did_you_mean(card.suggestions)}"
        yield Violation(book.unknown_card, message, line=card.line,
                        expected=list(card.suggestions) or None)


def _headers(check: DeckCheck, unruled: str) -> Iterator[Violation]:
    """Header lines broken (under their rule's id, else ``unruled``) or missing, and cards
    that do not match the deck's header."""
    rules = {rule.field: rule for rule in check.fmt.headers}
    for problem in check.deck.header_problems:
        rule = rules.get(problem.field)
        yield Violation(rule.rule if rule else unruled, problem.message, line=problem.line)
    broken = {p.field for p in check.deck.header_problems}
    for rule in check.fmt.headers:
        value = check.deck.headers.get(rule.field)
        if value is None:
            if rule.required and rule.field not in broken:
                yield Violation(rule.rule, rule.missing or f"no {rule.field} chosen",
                                expected=f"a {rule.field}")
            continue
        if not rule.restricts:
            continue
        for section, component, count in check.cards(Selection(kinds=rule.restricts)):
            actual = component.values.get(rule.field)
            if str(actual) == value:
                continue
            values = {**check.card_values(component, count, section), "value": actual,
                      "header": value}
            yield Violation(
                rule.rule, fill(rule.message or "{card} has {value}, not the deck's {header}",
                                values),
                expected=value, actual=actual, cards=(component.id,),
                line=check.lines.get((section, component.id)))


def _sections(check: DeckCheck) -> Iterator[Violation]:
    for rule in check.fmt.sections:
        for section, component, count in check.cards(Selection(sections=(rule.section,))):
            if component.kind in rule.accepts:
                continue
            if rule.allow_field and component.values.get(rule.allow_field):
                continue
            values = check.card_values(component, count, section)
            yield Violation(rule.rule,
                            fill(rule.message or "{count} {card}: a {kind} card cannot go in "
                                 "{section}", values),
                            cards=(component.id,), line=check.lines.get((section, component.id)))


def _leaders(check: DeckCheck) -> Iterator[Violation]:
    """A leader's section holding no card, several, or several copies."""
    for leader in check.fmt.leaders:
        found = check.leader_cards[leader.name]
        if check.leaders[leader.name] is not None:
            continue
        copies = sum(n for _, _, n in found)
        names = ", ".join(check.name(c) for _, c, _ in found)
        values = {"section": leader.section, "leader": leader.name, "actual": copies,
                  "cards": names}
        default = ("{section}: no {leader} card" if not found
                   else "{section}: {actual} cards ({cards}), expected one {leader}")
        yield Violation(leader.rule, fill(leader.message or default, values), expected=1,
                        actual=copies, cards=tuple(c.id for _, c, _ in found),
                        line=min((check.lines[(s, c.id)] for s, c, _ in found), default=None))


def _copies(check: DeckCheck, ban_list: tuple[CardList, ...]) -> Iterator[Violation]:
    used: dict[str, int] = {}
    for entry in check.deck.entries:
        used[entry.card_id] = used.get(entry.card_id, 0) + entry.count
    first_line = {e.card_id: e.line for e in reversed(check.deck.entries)}
    for limit in check.fmt.copies:
        groups: dict[str, list[str]] = {}
        for card_id in used:
            component = check.by_id[card_id]
            if (limit.kinds and component.kind not in limit.kinds) or card_id in limit.exempt:
                continue
            if not matches(component, limit.where) or (limit.unless
                                                        and matches(component, limit.unless)):
                continue
            groups.setdefault(str(value_of(component, limit.by)), []).append(card_id)
        for value, ids in groups.items():
            count = sum(used[i] for i in ids)
            if count <= limit.max:
                continue
            names = ", ".join(check.name(check.by_id[i]) for i in ids)
            values = {"card": names, "count": count, "max": limit.max, "value": value}
            yield Violation(limit.rule, fill(limit.message or "{count} copies of {card}, at "
                                             "most {max}", values),
                            expected=limit.max, actual=count, cards=tuple(ids),
                            line=min(first_line[i] for i in ids))
    listed = [(check.fmt.banned, "{card} is banned in this format"),
              (check.fmt.restricted, "{count} copies of {card}: restricted to {max}"),
              *((card_list, "{count} copies of {card}: at most {max} ({list})")
                for card_list in ban_list)]
    for card_list, default in listed:
        if card_list is None:
            continue
        for card_id in card_list.cards:
            count = used.get(card_id, 0)
            if count > card_list.max:
                values = {"card": check.name(check.by_id[card_id]), "count": count,
                          "max": card_list.max, "list": card_list.label}
                yield Violation(card_list.rule, fill(card_list.message or default, values),
                                expected=card_list.max, actual=count, cards=(card_id,),
                                line=first_line[card_id])


def _collection(check: DeckCheck, book: DeckRuleBook, owned: Mapping[str, int]
                ) -> Iterator[Violation]:
    used: dict[str, int] = {}
    for entry in check.deck.entries:
        used[entry.card_id] = used.get(entry.card_id, 0) + entry.count
    for card_id, count in used.items():
        have = owned.get(card_id, 0)
        if count > have:
            component = check.by_id[card_id]
            yield Violation(book.collection, f"{count} {check.name(component)} used, "
                                             f"{have} owned",
                            expected=have, actual=count, cards=(card_id,))
