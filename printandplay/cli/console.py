"""Printing lines with a little Rich markup without importing Rich (~50 ms at start-up).

Commands print short lines such as ``[red]✗[/] rule: message``. :class:`LineConsole` renders
Rich's markup syntax for plain strings itself — the same tags, escapes (``\\[``), control
characters removed and tabs expanded (counting characters, where Rich counts terminal cells)
— with ANSI colours only on a terminal (``NO_COLOR``, ``FORCE_COLOR`` and
``TERM=dumb`` respected). Anything else (a table, a progress bar) goes to a real Rich console,
made on first use.
"""

from __future__ import annotations

import functools
import os
import re
import sys
from collections.abc import Callable
from typing import Any, TextIO

from printandplay.errors import PrintAndPlayError

# Rich's own markup pattern: a tag starts with a letter, '#', '/' or '@'.
_TAG = re.compile(r"((\\*)\[([a-z#/@][^[]*?)])")
# Control characters Rich strips from text (bell, backspace, vertical tab, form feed, CR).
_STRIP = {7: None, 8: None, 11: None, 12: None, 13: None}
_SGR = {"bold": "1", "dim": "2", "italic": "3", "underline": "4", "red": "31", "green": "32",
        "yellow": "33", "blue": "34", "magenta": "35", "cyan": "36", "white": "37"}


class MarkupError(ValueError):
    """A closing tag without its opening tag (a bug in a message, never user text)."""


def render(markup: str, color: bool) -> str:
    """``markup`` as Rich would print it: tags become ANSI styles (``color``) or nothing."""
    pieces: list[str] = []
    stack: list[str] = []
    position = 0
    for match in _TAG.finditer(markup):
        full, escapes, tag = match.groups()
        start, end = match.span()
        if start > position:
            pieces.append(markup[position:start].replace("\\[", "["))
        position = end
        if escapes:
            backslashes, escaped = divmod(len(escapes), 2)
            pieces.append("\\" * backslashes)
            if escaped:
                pieces.append(full[len(escapes):])
                continue
        if tag.startswith("/"):
            name = tag[1:].strip()
            if not stack or (name and name not in stack):
                raise MarkupError(f"closing tag '[{tag}]' does not match any open tag")
            if name:
                del stack[len(stack) - 1 - stack[::-1].index(name)]
            else:
                stack.pop()
        else:
            stack.append(tag.strip())
        if color:
            pieces.append("\x1b[0m" + _sgr(stack))
    pieces.append(markup[position:].replace("\\[", "["))
    text = _plain("".join(pieces))
    if color and stack:
        text += "\x1b[0m"
    return text


def _plain(text: str) -> str:
    """``text`` as Rich prints it: control characters removed, tabs expanded (8 columns)."""
    text = text.translate(_STRIP)
    return "\n".join(line.expandtabs(8) for line in text.split("\n")) if "\t" in text else text


def _sgr(styles: list[str]) -> str:
    codes = [_SGR[word] for style in styles for word in style.split() if word in _SGR]
    return f"\x1b[{';'.join(codes)}m" if codes else ""


def wants_color(stream: TextIO) -> bool:
    """Whether ANSI colours go to ``stream``: a terminal, unless ``NO_COLOR`` or ``TERM=dumb``;
    always with ``FORCE_COLOR``."""
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    if os.environ.get("TERM", "") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:  # a closed stream
        return False


@functools.cache
def _rich_console_for(stderr: bool, columns: str | None) -> Any:
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=True, emoji=False)


def rich_console(stderr: bool) -> Any:
    """A Rich console, created (and Rich imported) on first use. A new one is made when
    ``COLUMNS`` changes (the width is read when a console is made)."""
    return _rich_console_for(stderr, os.environ.get("COLUMNS"))


class LineConsole:
    """``print()`` as Rich's console has it, for strings without importing Rich.

    The stream is looked up at each print (``sys.stdout`` or ``sys.stderr``), so tests that
    swap it see the output.
    """

    def __init__(self, stderr: bool) -> None:
        self.stderr = stderr

    def _stream(self) -> TextIO:
        return sys.stderr if self.stderr else sys.stdout

    def print(self, *objects: Any, markup: bool = True, end: str = "\n", sep: str = " ",
              **options: Any) -> None:
        """Print strings (Rich markup unless ``markup=False``); other objects through Rich.

        A stream that cannot be written (a full disk, ``> /dev/full``) is one
        :class:`OutputFailed`; a reader that went away (``| head``) ends the command quietly.
        """
        stream = self._stream()
        try:
            if not all(isinstance(o, str) for o in objects) or set(options) - {"highlight"}:
                rich_console(self.stderr).print(*objects, markup=markup, end=end, sep=sep,
                                                **options)
                return
            color = wants_color(stream)
            convert: Callable[[str], str] = ((lambda s: render(s, color)) if markup
                                             else _plain)
            stream.write(sep.join(convert(o) for o in objects) + end)
            stream.flush()
        except BrokenPipeError:  # the reader went away (`| head`): stop quietly, as Rich does
            _silence(stream)
            raise SystemExit(1) from None
        except OSError as error:
            _silence(stream)
            name = "standard error" if self.stderr else "standard output"
            raise OutputFailed(f"cannot write to {name}: {error.strerror or error}") from None

    def json(self, data: Any) -> None:
        """Print ``data`` as indented JSON: characters beyond ASCII as they are when the stream
        is UTF-8, escaped (``\\u00e9``) otherwise, so that nothing is lost."""
        import json  # only for --format json: not at start-up

        encoding = (getattr(self._stream(), "encoding", None) or "").lower().replace("-", "")
        text = json.dumps(data, ensure_ascii=not encoding.startswith("utf"), indent=2)
        self.print(text, markup=False)


class OutputFailed(PrintAndPlayError):
    """Standard output or standard error could not be written (exit code 2)."""


def _silence(stream: TextIO) -> None:
    """Point ``stream``'s file descriptor at the null device, so that the interpreter's last
    flush at exit does not fail again."""
    try:
        descriptor = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, descriptor)
    finally:
        os.close(null)
