"""What the fork runner's parent and children say to each other (``tests/fork_runner.py``):
pickled messages, each preceded by its length (4 bytes), warnings as picklable values, and a
passed test's plain reports as the few values the parent does not have already."""

from __future__ import annotations

import os
import pickle
import struct
import warnings
from collections.abc import Mapping
from typing import Any

import pytest

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


# The attributes a ``TestReport`` is made with, read off one (not listed: pytest 9.0 keeps the
# node id as ``nodeid``, 9.2 as ``_id``).
PLAIN_FIELDS = frozenset(pytest.TestReport("", ("", 0, ""), {}, "passed", None, "call").__dict__)


def plain_report_to_wire(report: pytest.TestReport,
                         keywords: Mapping[str, Any] | None) -> tuple[Any, ...] | None:
    """A report without a failure or skip (``longrepr`` None) and with no attribute but a
    ``TestReport``'s own, as the values the parent makes it again from
    (:func:`plain_report_from_wire`): its test's node id and location are the parent's already,
    and its keywords are None when they equal ``keywords``, those of the report sent before it
    (a test's setup, call and teardown reports share them). None for any other report: it goes
    as ``pytest_report_to_serializable`` makes it."""
    if type(report) is not pytest.TestReport or report.longrepr is not None \
            or report.__dict__.keys() != PLAIN_FIELDS:
        return None
    return (report.when, report.outcome, None if report.keywords == keywords else report.keywords,
            report.sections, report.duration, report.start, report.stop,
            report.user_properties)


def plain_report_from_wire(nodeid: str, location: tuple[str, int | None, str],
                           data: tuple[Any, ...], keywords: dict[str, Any]
                           ) -> tuple[pytest.TestReport, dict[str, Any]]:
    """The report :func:`plain_report_to_wire` sent as ``data``, and its keywords (``data``
    has None when they are ``keywords``, the previous report's)."""
    when, outcome, own, sections, duration, start, stop, user_properties = data
    if own is not None:
        keywords = own
    return pytest.TestReport(nodeid, location, keywords, outcome, None, when, sections, duration,
                             start, stop, user_properties), keywords
