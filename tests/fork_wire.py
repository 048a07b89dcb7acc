"""What the fork runner's parent and children say to each other (``tests/fork_runner.py``):
pickled messages, each preceded by its length (4 bytes), and warnings as picklable values."""

from __future__ import annotations

import os
import pickle
import struct
import warnings
from typing import Any

HEADER = struct.Struct("!I")


def send(fd: int, message: tuple[Any, ...]) -> None:
    """Write ``message`` to ``fd`` whole (a blocking pipe)."""
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    view = memoryview(HEADER.pack(len(data)) + data)
    while view:
        view = view[os.write(fd, view):]


def receive(fd: int) -> tuple[Any, ...] | None:
    """The next message on ``fd``, waiting for it; ``None`` once the other end is closed."""
    header = _read_exactly(fd, HEADER.size)
    if header is None:
        return None
    data = _read_exactly(fd, HEADER.unpack(header)[0])
    return None if data is None else pickle.loads(data)


def _read_exactly(fd: int, size: int) -> bytes | None:
    chunks = bytearray()
    while len(chunks) < size:
        chunk = os.read(fd, size - len(chunks))
        if not chunk:
            return None
        chunks += chunk
    return bytes(chunks)


class Inbox:
    """Splits what the parent reads from a child's pipe into messages."""

    def __init__(self) -> None:
        self.buffer = bytearray()

    def feed(self, data: bytes) -> list[tuple[Any, ...]]:
        self.buffer += data
        messages = []
        while len(self.buffer) >= HEADER.size:
            size = HEADER.unpack_from(self.buffer)[0]
            end = HEADER.size + size
            if len(self.buffer) < end:
                break
            messages.append(pickle.loads(self.buffer[HEADER.size:end]))
            del self.buffer[:end]
        return messages


def warning_to_wire(message: warnings.WarningMessage) -> tuple[Any, ...]:
    """A recorded warning as picklable values (its message as text when it does not pickle)."""
    fields = (message.message, message.category, message.filename, message.lineno, message.line)
    try:
        pickle.dumps(fields)
        return fields
    except Exception:
        return (str(message.message), UserWarning, str(message.filename), message.lineno, None)


def warning_from_wire(fields: tuple[Any, ...]) -> warnings.WarningMessage:
    """The ``warnings.WarningMessage`` that :func:`warning_to_wire` sent."""
    text, category, filename, lineno, line = fields
    if isinstance(text, str):
        try:
            text = category(text)
        except Exception:
            text, category = UserWarning(text), UserWarning
    return warnings.WarningMessage(text, category, filename, lineno, None, line)
