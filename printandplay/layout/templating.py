"""Jinja templates for box contents and documents.

Templates run with ``StrictUndefined`` (a typo is an error, not an empty string). Every value
printed with ``{{ … }}`` is escaped for our inline markup, except :class:`Rich` values (fields
of type ``rich`` and the game's tables), which are markup written by the designer.
"""

from __future__ import annotations

import traceback
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import jinja2

from printandplay.errors import LayoutError
from printandplay.layout.richtext import escape_markup


class Rich(str):
    """A string that already is markup and must not be escaped."""

    __slots__ = ()


def wrap_rich(value: Any) -> Any:
    """Mark every string inside ``value`` (dicts and lists, recursively) as :class:`Rich`."""
    if isinstance(value, str):
        return Rich(value)
    if isinstance(value, Mapping):
        return {k: wrap_rich(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [wrap_rich(v) for v in value]
    return value


def _finalize(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, Rich):
        return value
    if isinstance(value, (bool, int, float)):
        return str(value)
    return escape_markup(str(value))


class TemplateEnv:
    """Renders template strings and files for one game."""

    def __init__(self, search_paths: Sequence[Path] = ()) -> None:
        self.env = jinja2.Environment(
            undefined=jinja2.StrictUndefined,
            finalize=_finalize,
            autoescape=False,
            loader=jinja2.FileSystemLoader([str(p) for p in search_paths]),
            keep_trailing_newline=True,
            trim_blocks=True,
            lstrip_blocks=True,
        )
        self.env.filters["rich"] = Rich
        self._compiled: dict[str, jinja2.Template] = {}

    def render_string(self, source: str, context: Mapping[str, Any], what: str) -> str:
        """Render a template string; errors name ``what``."""
        template = self._compiled.get(source)
        try:
            if template is None:
                template = self.env.from_string(source)
                self._compiled[source] = template
            return template.render(context)
        except jinja2.TemplateSyntaxError as err:
            raise LayoutError(f"{what}: template syntax error: {err.message}") from None
        except jinja2.UndefinedError as err:
            raise LayoutError(f"{what}: {err.message}") from None
        except (TypeError, KeyError, ValueError, AttributeError) as err:
            raise LayoutError(f"{what}: template error: {err}") from None

    def render_file(self, name: str, context: Mapping[str, Any], display: str) -> str:
        """Render a template file found in the search paths."""
        try:
            return self.env.get_template(name).render(context)
        except jinja2.TemplateNotFound:
            raise LayoutError(f"template '{name}' not found (looked in templates/)") from None
        except jinja2.TemplateSyntaxError as err:
            raise LayoutError(f"{display}:{err.lineno}: template syntax error: {err.message}") from None
        except jinja2.UndefinedError as err:
            line = _template_line(err, name)
            raise LayoutError(f"{display}{f':{line}' if line else ''}: {err.message}") from None


def _template_line(error: BaseException, name: str) -> int:
    """The line of template ``name`` where ``error`` happened (Jinja rewrites tracebacks so
    that template frames carry the template's file and line), or 0."""
    line = 0
    for frame in traceback.extract_tb(error.__traceback__):
        if frame.filename.endswith(name) and frame.lineno:
            line = frame.lineno
    return line
