"""The web application (Starlette): the pages, the card images and the JSON API of the
gallery and the deck builder. Work runs in threads, each request bounded in time; the builds
that write files run one at a time."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from printandplay.errors import PrintAndPlayError
from printandplay.project import Resources
from printandplay.serve.catalog import GameView, GameViews
from printandplay.serve.decks import (
    check_text,
    deck_json,
    deck_text,
    read_deck,
    read_import,
)
from printandplay.serve.gallery import Gallery
from printandplay.serve.guard import LocalOnly
from printandplay.serve.printing import (
    BuildCancelled,
    export_deck_tts,
    paper_names,
    print_deck_pdf,
    read_print_options,
    read_print_request,
    warning_headers,
)
from printandplay.serve.state import (
    HttpError,
    Limits,
    ServeState,
    answer,
    json_body,
    run_bounded,
)

T = TypeVar("T")
STATIC = Path(__file__).parent / "static"


PAGES = Environment(loader=PackageLoader("printandplay.serve", "templates"),
                    autoescape=select_autoescape(default=True), auto_reload=False)


def game_list(state: ServeState) -> list[dict[str, Any]]:
    """Every served game for the index: its name and cards, or why it cannot be loaded."""
    games: list[dict[str, Any]] = []
    for game_id in state.views.game_ids:
        try:
            view = state.views.get(game_id)
            games.append({"id": game_id, "name": view.game.name, "cards": len(view.cards),
                          "decks": view.builder is not None, "error": ""})
        except PrintAndPlayError as error:
            games.append({"id": game_id, "name": game_id, "cards": 0, "decks": False,
                          "error": "; ".join(error.problems())})
    return games


async def index_page(request: Request, state: ServeState) -> Response:
    games = await run_bounded(state, lambda: game_list(state), state.limits.build)
    return HTMLResponse(PAGES.get_template("index.html").render(games=games))


async def current_view(request: Request, state: ServeState) -> GameView:
    """The view of the request's game, loaded (if its files changed) off the event loop."""
    game_id = request.path_params["game"]
    return await run_bounded(state, lambda: state.view(game_id), state.limits.build)


async def game_page(request: Request, state: ServeState) -> Response:
    view = await current_view(request, state)
    return HTMLResponse(PAGES.get_template("game.html").render(
        game=view.game, decks=view.builder is not None, papers=paper_names()))


async def cards_api(request: Request, state: ServeState) -> Response:
    game_id = request.path_params["game"]
    view = await current_view(request, state)
    faces = await run_bounded(state, lambda: state.gallery.faces(game_id, view.key, view.assets),
                              state.limits.build)
    base = f"/faces/{game_id}/{view.key}/"
    cards = [{**card,
              "faces": {side: base + name for side, name in faces.get(card["id"], {}).items()}}
             for card in view.cards]
    return JSONResponse({"game": {"id": game_id, "name": view.game.name}, "key": view.key,
                         "cards": cards, "filters": list(view.filters),
                         "kinds": [{"id": k.id, "label": k.label}
                                   for k in view.game.kinds.values()],
                         "builder": view.builder})


async def face_file(request: Request, state: ServeState) -> Response:
    game_id, key = request.path_params["game"], request.path_params["key"]
    path = state.gallery.face_path(game_id, key, request.path_params["name"])
    if path is None or not path.is_file():
        raise HttpError(404, "no such face")
    return FileResponse(path, media_type="image/png",
                        headers={"cache-control": "max-age=31536000, immutable"})


async def validate_api(request: Request, state: ServeState) -> Response:
    view = await current_view(request, state)
    deck = read_deck(await json_body(request), view)

    def check() -> dict[str, Any]:
        text = deck_text(deck, view)
        _, report = check_text(text, view, deck.rules, deck.collection, f"{deck.name}.txt")
        return {**report, "text": text}
    return JSONResponse(await run_bounded(state, check, state.limits.quick))


async def import_api(request: Request, state: ServeState) -> Response:
    view = await current_view(request, state)
    if view.builder is None:
        raise HttpError(400, f"game '{view.game.id}' has no deck rules")
    text, rules = read_import(await json_body(request))

    def read() -> dict[str, Any]:
        deck, report = check_text(text, view, rules, True, "import.txt")
        return {"deck": deck_json(deck), "report": report}
    return JSONResponse(await run_bounded(state, read, state.limits.quick))


def _checked(view: GameView, data: Any, force: bool) -> Any:
    """The deck of a print request and its parsed list (409 if invalid, unless ``force``)."""
    deck = read_deck(data, view)
    parsed, report = check_text(deck_text(deck, view), view, deck.rules, False,
                                f"{deck.name}.txt")
    if not report["valid"] and not force:
        raise HttpError(409, "the deck is not valid; fix it or print it anyway (force)",
                        report=report)
    return deck, parsed


def _locked(state: ServeState, work: Callable[[], T], cancel: threading.Event) -> T:
    """``work()`` once no other build runs (503 after the build time): builds that write
    files run one at a time. A request given up meanwhile (``cancel`` set) builds nothing."""
    if not state.work.acquire(timeout=state.limits.build):
        raise HttpError(503, "busy with another build")
    try:
        if cancel.is_set():
            raise BuildCancelled()
        return work()
    finally:
        state.work.release()


async def print_api(request: Request, state: ServeState) -> Response:
    view = await current_view(request, state)
    data, options_data, force = read_print_request(await json_body(request))
    deck, parsed = await run_bounded(state, lambda: _checked(view, data, force),
                                     state.limits.quick)
    options = read_print_options(options_data, state.out_dir / view.game.id)
    warnings: list[str] = []
    cancel = threading.Event()  # set on a 504: the build stops at its next page
    body, name = await run_bounded(state, lambda: _locked(state, lambda: print_deck_pdf(
        state.resources, view, parsed, deck.rules, options, deck.name, warnings, cancel),
        cancel), state.limits.build, cancel)
    return Response(body, media_type="application/pdf", headers={
        "content-disposition": f'attachment; filename="{name}"', **warning_headers(warnings)})


async def tts_api(request: Request, state: ServeState) -> Response:
    view = await current_view(request, state)
    data, _, force = read_print_request(await json_body(request))
    deck, parsed = await run_bounded(state, lambda: _checked(view, data, force),
                                     state.limits.quick)
    folder = state.out_dir / view.game.id / f"tts-{deck.name}"
    cancel = threading.Event()
    body = await run_bounded(state, lambda: _locked(state, lambda: export_deck_tts(
        state.resources, view, parsed, folder, deck.name, cancel), cancel),
        state.limits.build, cancel)
    return Response(body, media_type="application/zip", headers={
        "content-disposition": f'attachment; filename="deck-{deck.name}-tts.zip"'})


async def not_found(request: Request, exc: Exception) -> Response:
    return JSONResponse({"error": f"no such page: {request.url.path}"}, status_code=404)


async def not_allowed(request: Request, exc: Exception) -> Response:
    return JSONResponse({"error": f"{request.method} is not allowed here"}, status_code=405)


def create_app(resources: Resources, game_ids: list[str], out_dir: Path,
               port: int | None = None, limits: Limits | None = None,
               ban_list: str | None = None) -> Starlette:
    """The application serving ``game_ids``, writing only under ``out_dir``; with ``port``,
    only requests naming ``127.0.0.1:port`` or ``localhost:port`` are answered; with
    ``ban_list`` (a file inside the game's folder), decks are checked and printed under its
    lists."""
    limits = limits or Limits()
    routes = [
        Route("/", answer(index_page)),
        Route("/games/{game}", answer(game_page)),
        Route("/api/games/{game}/cards", answer(cards_api)),
        Route("/api/games/{game}/validate", answer(validate_api), methods=["POST"]),
        Route("/api/games/{game}/import", answer(import_api), methods=["POST"]),
        Route("/api/games/{game}/print", answer(print_api), methods=["POST"]),
        Route("/api/games/{game}/tts", answer(tts_api), methods=["POST"]),
        Route("/faces/{game}/{key}/{name}", answer(face_file)),
        Mount("/static", StaticFiles(directory=STATIC)),
    ]
    app = Starlette(routes=routes,
                    middleware=[Middleware(LocalOnly, port=port, max_body=limits.body)],
                    exception_handlers={404: not_found, 405: not_allowed})
    app.state.serve = ServeState(resources, GameViews(resources, game_ids, ban_list),
                                 Gallery(resources, out_dir), out_dir, limits,
                                 threading.Lock())
    return app
