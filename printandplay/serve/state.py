"""What the routes of the web application share: its state (the games, their galleries, the
output folder, the limits), the bounds of a request's time, and its errors as JSON answers."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from printandplay.errors import DataError, DataErrors, LayoutError, PrintAndPlayError
from printandplay.project import Resources
from printandplay.serve.catalog import GameView, GameViews
from printandplay.serve.decks import BadRequest
from printandplay.serve.gallery import Gallery
from printandplay.serve.guard import MAX_BODY

T = TypeVar("T")


@dataclass(frozen=True)
class Limits:
    """Bounds of one request: seconds for a quick answer and for a build, body bytes."""

    quick: float = 15.0
    build: float = 180.0
    body: int = MAX_BODY


class HttpError(Exception):
    """An answer other than 200: its status and what it says."""

    def __init__(self, status: int, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.extra = extra


@dataclass
class ServeState:
    """What the routes share: the games, their galleries, the output folder, the limits."""

    resources: Resources
    views: GameViews
    gallery: Gallery
    out_dir: Path
    limits: Limits
    work: threading.Lock

    def view(self, game_id: str) -> GameView:
        """The current view of a served game: 404 for another, 422 if its data is wrong."""
        if game_id not in self.views.game_ids:
            raise HttpError(404, f"no game {game_id!r} here (games: "
                                 f"{', '.join(self.views.game_ids)})")
        try:
            return self.views.get(game_id)
        except PrintAndPlayError as error:
            raise HttpError(422, f"game {game_id!r} cannot be loaded",
                            problems=error.problems()) from None


def _error_response(error: Exception) -> JSONResponse:
    if isinstance(error, HttpError):
        return JSONResponse({"error": str(error), **error.extra}, status_code=error.status)
    if isinstance(error, BadRequest):
        return JSONResponse({"error": str(error)}, status_code=400)
    if isinstance(error, (DataError, DataErrors, LayoutError)):
        return JSONResponse({"error": "the game's data is wrong", "problems": error.problems()},
                            status_code=422)
    assert isinstance(error, PrintAndPlayError)
    return JSONResponse({"error": "; ".join(error.problems()), "problems": error.problems()},
                        status_code=400)


async def run_bounded(state: ServeState, work: Callable[[], T], seconds: float,
                      cancel: threading.Event | None = None) -> T:
    """``work()`` in a thread, given up (504) after ``seconds``; then ``cancel`` is set, for
    the work to stop at its next step (a thread cannot be killed)."""
    loop = asyncio.get_running_loop()
    try:
        return await asyncio.wait_for(loop.run_in_executor(None, work), seconds)
    except TimeoutError:
        if cancel is not None:
            cancel.set()
        raise HttpError(504, f"the request took more than {seconds:g} s") from None


async def json_body(request: Request) -> Any:
    """The request's JSON body (400 if it is not JSON)."""
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise HttpError(415, "send the body as application/json")
    try:
        return json.loads(await request.body())
    except (ValueError, UnicodeDecodeError) as error:
        raise HttpError(400, f"the body is not JSON: {error}") from None


def answer(handler: Callable[[Request, ServeState], Any]) -> Callable[[Request], Any]:
    """A route that turns the errors of ``handler`` into JSON answers with their status."""
    async def route(request: Request) -> Response:
        try:
            result: Response = await handler(request, request.app.state.serve)
            return result
        except (HttpError, BadRequest, PrintAndPlayError) as error:
            return _error_response(error)
    return route
