"""Requests checked before any route sees them: a page on another site cannot drive the
server (the Host must be this machine's loopback name with the server's port, an Origin must
be the server's own), and a body is read whole only up to a bound. Every answer carries
headers that keep the pages to their own scripts."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from starlette.datastructures import Headers

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_BODY = 256 * 1024  # bytes of a request body
LOCAL_NAMES = ("127.0.0.1", "localhost")
SECURITY_HEADERS = [
    (b"content-security-policy", b"default-src 'self'; img-src 'self' blob: data:; "
                                 b"object-src 'none'; frame-ancestors 'none'; base-uri 'none'; "
                                 b"form-action 'self'"),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
]


def allowed_host(host: str, port: int | None) -> bool:
    """Whether a Host header names this server: ``127.0.0.1`` or ``localhost``, with the
    server's port (any port when it is not known)."""
    name, _, given = host.partition(":")
    if name not in LOCAL_NAMES:
        return False
    if port is None:
        return given == "" or given.isdigit()
    return given == str(port) or (given == "" and port == 80)


class LocalOnly:
    """ASGI middleware: refuses (403) a foreign Host or Origin, (413) a body over
    ``max_body`` bytes, and adds :data:`SECURITY_HEADERS` to every answer."""

    def __init__(self, app: App, port: int | None = None, max_body: int = MAX_BODY) -> None:
        self.app = app
        self.port = port
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":  # (no websockets here)
            return
        headers = Headers(scope=scope)
        host = headers.get("host", "")
        if not allowed_host(host, self.port):
            await _refuse(send, 403, f"Host {host!r} refused: open http://127.0.0.1:"
                                     f"{self.port or 'PORT'}/ on this machine")
            return
        origin = headers.get("origin")
        if origin is not None and origin != f"http://{host}":
            await _refuse(send, 403, f"Origin {origin!r} refused: only this server's own pages "
                                     f"may call it")
            return
        if headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
            await _refuse(send, 403, "a request from another site is refused")
            return
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            await _refuse(send, 413, f"request body over {self.max_body} bytes")
            return
        body = await _read_body(receive, self.max_body) if scope["method"] != "GET" else b""
        if body is None:
            await _refuse(send, 413, f"request body over {self.max_body} bytes")
            return
        await self.app(scope, _replay(body, receive), _with_headers(send))


async def _read_body(receive: Receive, limit: int) -> bytes | None:
    """The whole body, or None past ``limit`` bytes."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return b"".join(chunks)
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks)


def _replay(body: bytes, receive: Receive) -> Receive:
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


def _with_headers(send: Send) -> Send:
    async def wrapped(message: Message) -> None:
        if message["type"] == "http.response.start":
            message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
        await send(message)

    return wrapped


async def _refuse(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()), *SECURITY_HEADERS]})
    await send({"type": "http.response.body", "body": body})
