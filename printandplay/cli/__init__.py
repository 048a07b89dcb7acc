"""The ``printandplay`` command line (Typer). Commands stay thin: parse, call, print, exit.

The package, by seam: :mod:`.app` the Typer app, its safe group, its plain help and the error
printing; :mod:`.console` the line printer (Rich's markup without Rich); :mod:`.options` the
shared options and their parsers; :mod:`.game_commands`, :mod:`.icon_commands`, :mod:`.build_commands` and :mod:`.export_command`
the commands, :mod:`.build_all` the parallel ``build all``; :mod:`.game_plugins` the games' own
commands and :func:`main`, the console-script entry point. Heavy modules (ReportLab) are imported inside the
commands that need them. The commands are registered here, in the order ``--help`` lists them.
"""

from __future__ import annotations

from printandplay.cli import build_commands as _build
from printandplay.cli import export_command as _export
from printandplay.cli import game_commands as _game
from printandplay.cli import icon_commands as _icons
from printandplay.cli import serve_command as _serve
from printandplay.cli.app import app
from printandplay.cli.game_plugins import add_bundled_game_commands, main

__all__ = ["app", "main"]

app.command()(_game.games)
app.command()(_game.cards)
app.command()(_icons.icons)
app.command()(_build.build)
app.command()(_game.check)
app.command()(_game.validate)
app.command("print-deck")(_game.print_deck)
app.command()(_build.watch)
app.command("export")(_export.export)
app.command()(_serve.serve)
add_bundled_game_commands()
app.command()(_game.new)
app.command()(_build.calibrate)
