"""The vocabulary of ``deck_rules`` in ``game.yaml``: every key each item accepts and what it
means. The readers of :mod:`printandplay.data.deck_rule_items` accept exactly these keys (an
unknown one is an error with its file:line and a did-you-mean), and ``tools/make_docs.py``
prints these tables into docs/designing-a-game.md and docs/deck-formats.md."""

from __future__ import annotations

from typing import Final

from printandplay.data.reader import Fields

FORMAT_KEYS: Final = {
    "label": "what the format is, for people",
    "extends": "an earlier format whose keys this one starts from: its own keys replace them, "
               "except `rules`, which are added to the inherited ones",
    "sections": "a list of `{section, accepts: [kinds], allow_field, rule, message}`: what each "
                "section takes; a card whose field `allow_field` is true goes anywhere",
    "headers": "a list of `{field, rule, required, restricts: [kinds], missing, message}`: a "
               "deck-list header (from `deck_format.headers`) that must be given and that every "
               "card of `restricts` must match",
    "ignore": "a list of `{kinds, rule, message}`: kinds that never count in a deck (a warning, "
              "the line dropped)",
    "leaders": "a list of leader cards (below): the one card of a section that leads the deck "
               "(a commander, an identity, a class card), whose fields rules read",
    "counts": "named counts, each a selection (below); the report shows them, rules and "
              "messages use them by name",
    "rules": "a list of count rules and target rules (below)",
    "copies": "a list of copy limits (below)",
    "banned": "`{rule, cards, message}`: cards (names or ids) a deck may not hold",
    "restricted": "`{rule, cards, message}`: cards a deck may hold once",
    "ban_list": "`{file, tiers}`: a ban list in a file of its own (below), which a tournament "
                "swaps with `--ban-list FILE` (validate, print-deck, export --deck, serve)",
}

SELECTION_KEYS: Final = {
    "section": "one section or a list (default: every section)",
    "kind": "one kind or a list (default: every kind)",
    "where": "fields and the values accepted, exactly as in composition checks (`map.key`, "
             "`id`, `name`, `kind`, `sum()`, `count()`, `has()`…)",
    "unless": "a `where` whose cards are left out (`unless: {basique: true}`)",
    "outside": "only the cards with a value outside those given, per field: values, and "
               "`{card: LEADER, field: FIELD}` (the leader card's value or values; `field` "
               "defaults to the key); a list field is outside when one of its items is "
               "(colours ⊆ the commander's: `outside: {couleurs: [{card: commandant}]}`, "
               "`max: 0`)",
    "together": "kinds whose complete sets count as one card",
    "count": "a named count, narrowed by the other selection keys given",
}

COUNT_RULE_KEYS: Final = {
    "id": "required: the rule id of its messages",
    "exactly": "a bound (below), or a list of numbers, one of which the measure must be "
               "(`[0, 15]`: empty or 15)",
    "min": "a bound (below): at least",
    "max": "a bound (below): at most",
    "distinct": "`true`: count different cards instead of copies; a field: count the "
                "different values of that field (the items of a list field)",
    "unique": "with `distinct: true`: every card once as well",
    "sum": "measure the sum of this numeric field over the copies selected (`X` and text "
           "count 0)",
    "per": "check each group of cards with the same value of this field (each item of a list "
           "field) on its own; `{value}` in the message is the group's",
    "severity": "`error` (default) or `warning`: legal but odd",
    "message": "the message; placeholders below",
}

BOUND_FORMS: Final = {
    "a number": "`60`",
    "a ratio of a named count": "`{of: difficultes, ratio: 1/2, round: down}` (`round`: "
                                "`down`, `up` or `nearest`)",
    "a step of a named count": "`{of: deck, steps: {40: 18, 45: 20, 50: 22}}`: the value of "
                               "the last step the count reaches (the first one below it)",
    "a leader card's number": "`{card: identite, field: influence}`; when the leader leaves "
                              "that (optional) field empty, the bound is not checked and the "
                              "report warns under the rule's id, naming the leader and field",
}

TARGET_RULE_KEYS: Final = {
    "id": "required: the rule id of its messages",
    "targets": "a list field of the selected cards whose values must name cards of `in`",
    "in": "the section those cards must be in",
    "severity": "`error` or `warning` (default)",
    "message": "the message: `{card}`, `{target}`, `{section}`, `{field}`",
}

LEADER_KEYS: Final = {
    "name": "required: the name rules use, `{card: NAME, …}`, and the placeholder `{NAME}` "
            "(the leader card's name) in count-rule messages",
    "section": "required: the section that holds the leader, one copy of one card",
    "kind": "one kind or a list: only cards of these kinds lead",
    "rule": "required: the rule id when the section holds no card, several, or several copies "
            "(rules reading the missing leader are then not checked)",
    "message": "the message: `{section}`, `{leader}`, `{actual}`, `{cards}`",
}

COPIES_KEYS: Final = {
    "rule": "required: the rule id",
    "max": "required: at most this many copies of one card, all sections together",
    "by": "cards with the same value of this field count together (`name`, for reprints)",
    "kinds": "only cards of these kinds (default: all)",
    "where": "only cards matching this `where`",
    "unless": "cards matching this `where` have no limit (`unless: {basique: true}`)",
    "exempt": "cards (names or ids) with no limit",
    "message": "the message: `{card}`, `{count}`, `{max}`, `{value}`",
}

BAN_LIST_KEYS: Final = {
    "file": "required: the ban list file used without `--ban-list`, inside the game folder",
    "tiers": "required: a list of `{name, max, rule, message}`: the cards the file lists under "
             "`name` may have at most `max` copies (`message`: `{card}`, `{count}`, `{max}`, "
             "`{list}`)",
}

BAN_FILE_KEYS: Final = {
    "label": "what the list is (its date, its tournament), shown in messages as `{list}`",
    "TIER": "for each tier of the format: the cards (names or ids) of that tier",
}

VOCABULARIES: Final = {
    "deck_rules.formats.NAME": FORMAT_KEYS,
    "selection": SELECTION_KEYS,
    "count rule": COUNT_RULE_KEYS,
    "target rule": TARGET_RULE_KEYS,
    "leader": LEADER_KEYS,
    "copy limit": COPIES_KEYS,
    "ban_list": BAN_LIST_KEYS,
}
"""Each table under the name the docs give it."""


def documented(fields: Fields, vocabulary: dict[str, str], *extra: dict[str, str]) -> None:
    """Every key read from ``fields`` is one of the vocabulary's: the tables the docs print
    say everything a reader accepts (a reader that reads an undocumented key is a bug)."""
    known = set(vocabulary).union(*extra)
    undocumented = fields.used - known
    assert not undocumented, f"keys read but not in deck_rule_keys: {sorted(undocumented)}"


def finish(fields: Fields, vocabulary: dict[str, str], *extra: dict[str, str]) -> None:
    """:func:`documented`, then every key not read reported (with a did-you-mean)."""
    documented(fields, vocabulary, *extra)
    fields.finish()
