"""Running the application: uvicorn on 127.0.0.1, on the port asked for or a free one."""

from __future__ import annotations

import socket
import threading
from pathlib import Path

import uvicorn

from printandplay.project import Resources
from printandplay.serve.app import Limits, create_app

HOST = "127.0.0.1"
MAX_CONNECTIONS = 32  # at once; more are answered 503


def bind_port(port: int) -> socket.socket:
    """A socket listening on ``127.0.0.1:port`` (0: a free port), for the server to accept on:
    bound before the address is printed, so that the address answers once it is shown.
    Raises OSError when the port is taken."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        listener.bind((HOST, port))
        listener.listen(128)
    except OSError:
        listener.close()
        raise
    return listener


def make_server(resources: Resources, game_ids: list[str], out_dir: Path, port: int,
                limits: Limits | None = None, ban_list: str | None = None) -> uvicorn.Server:
    """A uvicorn server of the application on ``127.0.0.1:port`` (not started)."""
    app = create_app(resources, game_ids, out_dir, port, limits, ban_list)
    config = uvicorn.Config(app, host=HOST, port=port, log_level="warning", access_log=False,
                            limit_concurrency=MAX_CONNECTIONS, timeout_keep_alive=5,
                            h11_max_incomplete_event_size=64 * 1024, lifespan="off",
                            server_header=False)
    return uvicorn.Server(config)


class BackgroundServer:
    """A server running in a thread (for tests and benchmarks), accepting on ``listener``
    (:func:`bind_port`, as the command does): ``start()`` returns once it accepts
    connections, ``stop()`` ends it."""

    def __init__(self, server: uvicorn.Server, listener: socket.socket) -> None:
        self.server = server
        self.thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]},
                                       name="printandplay-serve", daemon=True)

    def start(self, timeout: float = 20.0) -> None:
        """Start serving; wait until it is ready."""
        self.thread.start()
        waited = 0.0
        while not self.server.started:
            if not self.thread.is_alive() or waited > timeout:
                raise RuntimeError("the server did not start")
            self.thread.join(0.02)
            waited += 0.02

    def stop(self) -> None:
        """Stop serving and wait for the thread."""
        self.server.should_exit = True
        self.thread.join(10)
