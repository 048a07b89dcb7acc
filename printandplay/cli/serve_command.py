"""``printandplay serve``: the local web deck builder (:mod:`printandplay.serve`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from printandplay.cli.app import out, user_errors
from printandplay.cli.options import BanListOpt, check_game_id, find_resources, out_folder
from printandplay.errors import OptionError

DEFAULT_OUT = Path("build") / "serve"


def serve(game: Annotated[str | None, typer.Argument(
              metavar="[GAME]", help="Serve only this game (default: every game found).")]
          = None,
          port: Annotated[int | None, typer.Option(
              "--port", metavar="N", help="Port on 127.0.0.1 (default: a free one, printed).")]
          = None,
          open_browser: Annotated[bool, typer.Option(
              "--open", help="Open the page in the web browser.")] = False,
          out_dir: Annotated[str | None, typer.Option(
              "--out", metavar="DIR", help="Output folder for the card images, PDFs and exports "
              "(default build/serve).")] = None,
          ban_list: BanListOpt = None) -> None:
    """Serve a local web deck builder on 127.0.0.1: a gallery of every card as the kit draws it, a deck builder checked live by the game's deck rules, and buttons that print the deck (as print-deck) or export it for Tabletop Simulator.

    A game without deck rules gets the gallery alone. Writes only under the output folder.
    Prints the address; Ctrl-C stops.
    """
    from printandplay.kit.outputs import check_output_folder
    from printandplay.serve.server import HOST, bind_port, make_server

    with user_errors():
        resources = find_resources()
        if game is not None:
            resources.game_folder(check_game_id(game))  # an unknown game stops here
            ids = [game]
            if ban_list is not None:  # a wrong file stops here, not at the first check
                from printandplay.data.game_loader import load_game
                from printandplay.serve.catalog import load_ban_lists

                load_ban_lists(load_game(resources, game), ban_list, resources)
        elif ban_list is not None:
            raise OptionError("--ban-list goes with GAME (a file inside that game's folder)")
        else:
            ids = resources.game_ids()
            if not ids:
                raise OptionError("no game found (a game is a cards/GAME/game.yaml)")
        folder = out_folder(out_dir)
        check_output_folder(folder or DEFAULT_OUT, within=Path.cwd() if folder is None else None,
                            hint=" or use --out")
        if port is not None and not 1 <= port <= 65535:
            raise OptionError(f"--port {port}: use a port from 1 to 65535")
        try:
            listener = bind_port(port or 0)
        except OSError as error:
            raise OptionError(f"--port {port}: cannot listen on {HOST} ({error.strerror})"
                              ) from None
        chosen = listener.getsockname()[1]
        server = make_server(resources, ids, folder or DEFAULT_OUT, chosen,
                             ban_list=ban_list)
    url = f"http://{HOST}:{chosen}/" + (f"games/{game}" if game else "")
    out.print(url, markup=False)
    if open_browser:
        import webbrowser

        webbrowser.open(url)
    with listener:
        server.run(sockets=[listener])
