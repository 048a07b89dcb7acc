"""Ban lists kept in files of their own: a format's ``ban_list: {file, tiers}`` in
``game.yaml`` names the tiers (forbidden, limited…, each with its rule id and copy limit) and
the file used by default; the file lists the cards of each tier, and a tournament swaps it with
``validate --ban-list FILE``. A ban list file is read only inside the game's folder, as strictly
as ``game.yaml`` (unknown keys and cards are errors with their file:line)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from printandplay.data.deck_rule_items import RuleContext
from printandplay.data.deck_rule_keys import BAN_LIST_KEYS, finish
from printandplay.data.files import resolve_inside
from printandplay.data.reader import (
    Fields,
    Problems,
    as_id,
    as_non_negative_int,
    as_str,
)
from printandplay.data.yamlio import LocList, load_yaml
from printandplay.errors import DataError, Location, OptionError
from printandplay.model.deck_rules import BanList, BanTier, CardList, DeckRules
from printandplay.model.game import Game

Display = Callable[[Path], str]


def read_ban_list(f: Fields, node: Any, ctx: RuleContext, folder: Path | None,
                  display: Display) -> BanList | None:
    """A format's ``ban_list``: its tiers, and the cards of its file read."""
    item = Fields(node, f"ban_list of {f.what}", ctx.problems, f.at("ban_list"))
    file = item.require("file", as_str)
    tiers = _read_tiers(item, ctx)
    finish(item, BAN_LIST_KEYS)
    if file is None or tiers is None:
        return None
    spec = BanList(file, tiers)
    if folder is None:
        return spec
    try:
        return read_ban_file(spec, folder, file, item.at("file"), ctx, display)
    except DataError as err:
        ctx.problems.add(err.location, err.message)
        return None


def _read_tiers(item: Fields, ctx: RuleContext) -> tuple[BanTier, ...] | None:
    node = item.require("tiers", lambda v: v)
    if not isinstance(node, list) or not node:
        if node is not None:
            ctx.problems.add(item.at("tiers"), f"'tiers' of {item.what} must be a list of "
                                               f"{{name, max, rule}}")
        return None
    tiers = []
    for index, tier_node in enumerate(node):
        at = node.at(index) if isinstance(node, LocList) else item.at("tiers")
        tier = Fields(tier_node, f"tier {index + 1} of {item.what}", ctx.problems, at)
        name = tier.require("name", as_id)
        limit = tier.require("max", as_non_negative_int)
        rule = tier.require("rule", as_id)
        message = ctx.message(tier, "message", ("card", "count", "max", "list"))
        tier.finish()
        if name in ("label",):
            ctx.problems.add(tier.at("name"), f"{tier.what}: 'label' is the list's label, "
                                              f"not a tier name")
        elif name is not None and limit is not None and rule is not None:
            tiers.append(BanTier(name, limit, rule, message))
    return tuple(tiers) if len(tiers) == len(node) else None


def read_ban_file(spec: BanList, folder: Path, relative: str, location: Location | None,
                  ctx: RuleContext, display: Display) -> BanList:
    """``spec`` with the cards of the ban list file ``relative`` (inside ``folder``)."""
    path = resolve_inside(folder, relative, location, "ban_list file", f"{folder.name}/")
    shown = display(path)
    data = load_yaml(path, display=shown)
    top = Fields(data, f"ban list {relative!r}", ctx.problems, Location(shown))
    label = top.optional("label", as_str, "")
    lists = []
    for tier in spec.tiers:
        cards = ctx.card_ids(top, tier.name)
        lists.append(CardList(cards, tier.max, label=label or relative, rule=tier.rule,
                              message=tier.message))
    top.finish()
    return BanList(spec.file, spec.tiers, tuple(lists), label)


def load_ban_list(game: Game, fmt: DeckRules, relative: str, display: Display
                  ) -> tuple[CardList, ...]:
    """The lists of the ban list file ``relative`` (a path inside the game's folder) for the
    tiers of ``fmt``: ``validate --ban-list FILE``. A bad file raises its problems."""
    if fmt.ban_list is None:
        raise OptionError(f"--ban-list {relative}: format '{fmt.id}' of game '{game.id}' has "
                          f"no ban_list (its tiers say what the file lists)")
    problems = Problems()
    ctx = RuleContext(dict(game.kinds), game.components, game.deck_format, problems)
    try:
        read = read_ban_file(fmt.ban_list, game.folder, relative, None, ctx, display)
    except DataError as err:
        raise OptionError(f"--ban-list {relative}: {err.message}") from None
    problems.raise_if_any()
    return read.lists
