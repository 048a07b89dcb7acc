"""Reading ``deck_rules:`` of ``game.yaml``: deck-building formats, checked strictly.

Every key is known or reported with its file:line (and a did-you-mean); kinds, fields, sections,
named counts, cards and message placeholders are all checked against the game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from printandplay.data.ban_lists import Display, read_ban_list
from printandplay.data.deck_count_rules import read_counts, read_rule
from printandplay.data.deck_rule_items import (
    COUNT_WORDS,
    RuleContext,
    read_card_list,
    read_copies,
    read_header,
    read_ignore,
    read_leader,
    read_section,
)
from printandplay.data.deck_rule_keys import FORMAT_KEYS, documented
from printandplay.data.reader import (
    Fields,
    Invalid,
    Problems,
    as_id,
    as_str,
)
from printandplay.data.yamlio import LocList
from printandplay.errors import Location, suggest
from printandplay.model.deck_rules import (
    PLACEHOLDER,
    CardRef,
    CountRule,
    DeckRuleBook,
    DeckRules,
    Ratio,
    Steps,
    TargetRule,
)
from printandplay.model.game import Component, DeckFormat, Kind


def read_deck_rules(node: Any, kinds: dict[str, Kind], components: Sequence[Component],
                    deck_format: DeckFormat | None, problems: Problems,
                    where: Location, folder: Path | None = None,
                    display: Display = str) -> DeckRuleBook | None:
    """The deck-building formats of ``deck_rules:``; problems go to ``problems``. Ban list
    files are read inside ``folder`` (the game's; not read without it)."""
    ctx = RuleContext(kinds, components, deck_format, problems)
    top = Fields(node, "deck_rules", problems, where)
    if deck_format is None and top.ok:
        problems.add(where, "deck_rules needs a deck_format (the sections of a deck list)")
    default = top.optional("default", as_id, "")
    unknown_card = top.optional("unknown_card", as_id, "DECK-CARD")
    collection = top.optional("collection", as_id, "DECK-COLLECTION")
    header = top.optional("header", as_id, "DECK-HEADER")
    formats_node = top.require("formats", lambda v: v)
    top.finish()
    formats_fields = Fields(formats_node or {}, "deck_rules.formats", problems,
                            top.at("formats"))
    formats: dict[str, DeckRules] = {}
    for name in list(formats_fields.node):
        try:
            as_id(name)
        except Invalid as err:
            problems.add(formats_fields.at(name), f"format name: {err}")
            continue
        raw = formats_fields.raw(name)
        fmt = _read_format(str(name), raw, formats, ctx, formats_fields.at(name),
                           (folder, display))
        if fmt is not None:
            formats[str(name)] = fmt
    if not formats:
        if top.ok and formats_node is not None:
            problems.add(top.at("formats"), "deck_rules declares no format")
        return None
    if default and default not in formats:
        problems.add(top.at("default"), f"deck_rules: unknown default format '{default}'"
                                        f"{suggest(default, formats)}")
        return None
    return DeckRuleBook(formats, default or next(iter(formats)), unknown_card, collection,
                        header)


def _read_format(name: str, node: Any, known: dict[str, DeckRules], ctx: RuleContext,
                 where: Location, files: tuple[Path | None, Display]) -> DeckRules | None:
    fields = Fields(node, f"format '{name}'", ctx.problems, where)
    parent_name = fields.optional("extends", as_str, "")
    parent = known.get(parent_name) if parent_name else None
    if parent_name and parent is None:
        ctx.problems.add(fields.at("extends"), f"format '{name}' extends an unknown format "
                                               f"'{parent_name}' (declare it first)"
                                               f"{suggest(parent_name, known)}")
    values: dict[str, Any] = {"label": fields.optional("label", as_str, name)}
    readers: dict[str, Callable[[Fields, Any], Any]] = {
        "sections": lambda f, n: tuple(_each(f, "sections", n, ctx, read_section)),
        "headers": lambda f, n: tuple(_each(f, "headers", n, ctx, read_header)),
        "ignore": lambda f, n: tuple(_each(f, "ignore", n, ctx, read_ignore)),
        "leaders": lambda f, n: tuple(_each(f, "leaders", n, ctx, read_leader)),
        "counts": lambda f, n: read_counts(f, n, ctx),
        "rules": lambda f, n: tuple(_each(f, "rules", n, ctx, read_rule)),
        "copies": lambda f, n: tuple(_each(f, "copies", n, ctx, read_copies)),
        "banned": lambda f, n: read_card_list(f, "banned", n, ctx, 0),
        "restricted": lambda f, n: read_card_list(f, "restricted", n, ctx, 1),
        "ban_list": lambda f, n: read_ban_list(f, n, ctx, *files),
    }
    for key, read in readers.items():
        if fields.has(key):
            values[key] = read(fields, fields.raw(key))
    documented(fields, FORMAT_KEYS)
    fields.finish()
    own_rules = values.get("rules", ())
    if parent is not None:
        values["rules"] = parent.rules + own_rules
        fmt = dataclasses.replace(parent, id=name, location=fields.location, **values)
    else:
        fmt = DeckRules(id=name, location=fields.location, **values)
    # inherited rules were checked with the parent, unless the counts changed
    raw_leaders = fields.raw("leaders")
    leaders_read = not isinstance(raw_leaders, list) or len(raw_leaders) == len(fmt.leaders)
    _check_references(fmt, fmt.rules if "counts" in values else own_rules, ctx, leaders_read)
    _check_leader_names(fmt, fields, ctx)
    return fmt


def _each(fields: Fields, key: str, node: Any, ctx: RuleContext,
          read: Callable[[Fields, RuleContext], Any]) -> list[Any]:
    if not isinstance(node, list):
        ctx.problems.add(fields.at(key), f"'{key}' of {fields.what} must be a list")
        return []
    out = []
    for index, item in enumerate(node):
        at = node.at(index) if isinstance(node, LocList) else fields.at(key)
        item_fields = Fields(item, f"{key} item {index + 1} of {fields.what}", ctx.problems, at)
        value = read(item_fields, ctx)
        item_fields.finish()
        if value is not None:
            out.append(value)
    return out


def _check_leader_names(fmt: DeckRules, fields: Fields, ctx: RuleContext) -> None:
    """Leader names are unique, and no named count or message word: ``{NAME}`` in a message
    is the leader card's name."""
    seen: set[str] = set()
    for leader in fmt.leaders:
        if leader.name in seen or leader.name in fmt.counts or leader.name in COUNT_WORDS:
            what = ("another leader" if leader.name in seen else "a named count"
                    if leader.name in fmt.counts else "a message placeholder")
            ctx.problems.add(fields.at("leaders"), f"leader '{leader.name}' of format "
                                                   f"'{fmt.id}': {what} has this name")
        seen.add(leader.name)


def _check_references(fmt: DeckRules, rules: Iterable[CountRule | TargetRule],
                      ctx: RuleContext, leaders_read: bool = True) -> None:
    """Named counts used by rules (``count:``, ratio and steps ``of:``, message placeholders)
    and the leaders they read (``{card: LEADER}``) exist. When a leaders item could not be
    read (``leaders_read`` false, its error already given), a leader name or placeholder
    that is not found is not reported again: it may be that leader's."""
    names = set(fmt.counts)
    leaders = {leader.name: leader for leader in fmt.leaders}
    for rule in rules:
        used = [rule.selection.named] if rule.selection.named else []
        refs = [v for _, values in rule.selection.outside for v in values
                if isinstance(v, CardRef)]
        if isinstance(rule, CountRule):
            bounds = (rule.exactly, rule.min, rule.max)
            used += [b.of for b in bounds if isinstance(b, (Ratio, Steps))]
            used += [w for w in PLACEHOLDER.findall(rule.message)
                     if w not in COUNT_WORDS and w not in leaders and leaders_read]
            refs += [b for b in bounds if isinstance(b, CardRef)]
        for name in used:
            if name not in names:
                ctx.problems.add(rule.location, f"rule '{rule.id}' of format '{fmt.id}': "
                                                f"unknown count '{name}'{suggest(name, names)}")
        for ref in refs:
            leader = leaders.get(ref.card)
            if leader is None and not leaders_read:
                continue
            if leader is None:
                ctx.problems.add(rule.location, f"rule '{rule.id}' of format '{fmt.id}': "
                                                f"unknown leader '{ref.card}' (leaders: "
                                                f"{', '.join(leaders) or 'none'})"
                                                f"{suggest(ref.card, leaders)}")
            elif problem := ctx.scope(leader.kinds).problem(ref.field):
                ctx.problems.add(rule.location, f"rule '{rule.id}' of format '{fmt.id}': "
                                                f"leader '{ref.card}': {problem}")
