"""Helpers of the tests that hold the templates printed without Jinja (``template_fast``,
``template_expr``) to what the sandbox prints."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from printandplay.errors import LayoutError
from printandplay.layout.templating import TemplateEnv


def jinja_render(templates: TemplateEnv, source: str, context: dict[str, Any]) -> str:
    """The sandboxed render of ``source``, without the shortcut."""
    templates._plain[source] = None
    try:
        return templates.render_string(source, context, "box")
    finally:
        del templates._plain[source]


def outcome(render: Callable[[], str]) -> tuple[str, str]:
    """``("ok", text)`` or ``("error", message)``: what a render gives."""
    try:
        return "ok", render()
    except LayoutError as err:
        return "error", str(err)


def assert_shortcut_prints_what_jinja_prints(source: str,
                                             contexts: Iterable[dict[str, Any]]) -> None:
    """``source`` gives the same text or the same error with and without the shortcut, in
    each of ``contexts``."""
    fast, slow = TemplateEnv(), TemplateEnv()
    for context in contexts:
        expected = outcome(partial(jinja_render, slow, source, context))
        assert outcome(partial(fast.render_string, source, context, "box")) == expected, (
            source, context)
