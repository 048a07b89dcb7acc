"""The ``icons`` command: list and search the icons a game can use."""

from __future__ import annotations

from typing import Annotated

import typer

from printandplay.cli.app import err, escape, out, user_errors, warn
from printandplay.cli.options import (
    Format,
    IconsDirOpt,
    check_game_id,
    check_icons_dir,
    find_resources,
)


def icons(game: Annotated[str | None, typer.Argument(
              metavar="[GAME]", help="Game id: list its own icons too (see `printandplay "
                                     "games`).")] = None,
          search: Annotated[str | None, typer.Option(
              "--search", metavar="WORD",
              help="Only the icons whose name contains WORD (case ignored; spaces match -).")]
          = None,
          icons_dir: IconsDirOpt = None,
          format: Annotated[Format, typer.Option("--format", help="table (text) or json.")]
          = Format.table) -> None:
    """List the icons a game can use: its own (templates/GAME/icons, templates/shared/icons)
    and the stock icons of game-icons.net (gi-NAME), with author and licence.

    Stock icons are the bundled ones, and those of a full copy of game-icons.net given with
    --icons-dir (or $PRINTANDPLAY_GAME_ICONS). Each icon is listed under the name a layout
    uses; the source is game, icons-dir or bundled.
    """
    from printandplay.kit.icon_catalog import holds_stock_icons, icon_entries

    with user_errors():
        game_id = None if game is None else check_game_id(game)
        resources = find_resources(check_icons_dir(icons_dir))
        entries = icon_entries(resources, game_id, search)
    full_copy = resources.game_icons
    if full_copy is not None and not holds_stock_icons(full_copy):
        warn([f"{full_copy}: no author folders of SVG icons in it (give the folder of "
              "game-icons.net that holds lorc/, delapouite/…)"])
    if format is Format.json:
        out.json([entry.as_dict() for entry in entries])
        return
    if not entries:
        err.print(f"no icon's name contains {search!r}", markup=False)
        return
    from rich.table import Table

    table = Table("name", "author", "licence", "source")
    for entry in entries:
        table.add_row(escape(entry.name), escape(entry.author or "—"),
                      escape(entry.licence or "—"), entry.source)
    out.print(table)
    own = sum(entry.source == "game" for entry in entries)
    word = "icon" if len(entries) == 1 else "icons"
    out.print(f"{len(entries)} {word} ({own} of the game's own, {len(entries) - own} stock)"
              if game_id is not None else f"{len(entries)} stock {word}", markup=False)
