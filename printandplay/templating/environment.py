"""Jinja templates for box contents and documents.

Templates run with ``StrictUndefined`` (a typo is an error, not an empty string). Every value
printed with ``{{ … }}`` is escaped for our inline markup, except :class:`Rich` values (fields
of type ``rich`` and the game's tables), which are markup written by the designer. This module
is the one place that decides which values are markup (:class:`Rich`, :func:`wrap_rich`,
:func:`rich_field` and the ``rich`` filter).

Templates come from untrusted game folders: they run sandboxed and bounded
(:mod:`printandplay.templating.sandbox`), load files only from the game's template folders
(:mod:`printandplay.templating.loader`), and any error they raise becomes a
:class:`LayoutError` naming the file and line.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import jinja2
from jinja2.sandbox import SecurityError
from jinja2.utils import pass_environment

from printandplay.errors import LayoutError, Location
from printandplay.model.game import FieldSpec
from printandplay.model.memo import BoundedMemo
from printandplay.templating.budget import TemplateLimit, approx_len
from printandplay.templating.cache import compile_signature
from printandplay.templating.loader import ConfinedLoader, TemplateRefused
from printandplay.templating.sandbox import BoundedEnvironment
from printandplay.text.markup import escape_markup

BOX_OUTPUT: Final = 1_000_000  # characters a box template may print
DOCUMENT_OUTPUT: Final = 5_000_000  # characters a document template may print


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


def rich_field(spec: FieldSpec, value: Any) -> Any:
    """A component's field value for templates: the values of ``rich`` fields (also inside
    lists and maps) marked as :class:`Rich`, every other value as it is."""
    if value is None:
        return None
    if spec.type == "rich":
        return Rich(value)
    if spec.item is not None and spec.type == "list":
        return [rich_field(spec.item, v) for v in value]
    if spec.item is not None and spec.type == "map":
        return {k: rich_field(spec.item, v) for k, v in value.items()}
    return value


@pass_environment
def _finalize(env: BoundedEnvironment, value: Any) -> Any:
    """What ``{{ value }}`` prints: nothing for ``None``, :class:`Rich` as it is, anything else
    escaped for markup, within the render's budget. (One function for every environment, so
    that compiled templates can be shared: :mod:`printandplay.templating.cache`.)"""
    budget = env.budget
    if type(value) is str:  # (most values: a field's text; approx_len is its length)
        budget.expect(len(value))
        return budget.spend(escape_markup(value))
    if value is None:
        return ""
    if isinstance(value, Rich):
        return value
    if isinstance(value, (bool, int, float)):
        return budget.spend(str(value))
    budget.expect(approx_len(value))
    return budget.spend(escape_markup(str(value)))


class TemplateEnv:
    """Renders template strings and files for one game, sandboxed and bounded."""

    def __init__(self, search_paths: Sequence[Path] = (),
                 display: Callable[[Path], str] = str, names: Sequence[str] = ()) -> None:
        """``display`` shows a file in messages; ``names`` are the folders as listed in
        "not found" messages (by default, displayed with ``display``)."""
        self.loader = ConfinedLoader(search_paths, display, names)
        self.display = display
        self.env = BoundedEnvironment(
            literal=Rich,
            undefined=jinja2.StrictUndefined,
            autoescape=False,
            loader=self.loader,
            keep_trailing_newline=True,
            trim_blocks=True,
            lstrip_blocks=True,
        )
        self.env.finalize = _finalize
        self.env.filters["rich"] = self.env.bounded_filter("rich", Rich)
        self._compiled: dict[str, jinja2.Template] = {}

    def parse(self, source: str) -> jinja2.nodes.Template:
        """The parse tree of a template string, read once per process and environment
        settings (it must not be changed: the readers of templates share it; compiling parses
        the source again)."""
        key = (compile_signature(self.env), source)
        tree = _PARSED.get(key)
        if tree is None:
            tree = _PARSED.keep(key, self.env.parse(source))
        return tree

    def render_string(self, source: str, context: Mapping[str, Any], what: str) -> str:
        """Render a template string (a box of a layout); errors name ``what``."""
        try:
            template = self._compiled.get(source)
            if template is None:
                template = self.env.from_string(source)
                self._compiled[source] = template
            return self._run(template, context, BOX_OUTPUT, "box")
        except Exception as err:  # noqa: BLE001 - untrusted code: every error is the template's
            where, message = self._explain(err)
            line = f" (line {where[1]} of the template)" if where and where[1] > 1 else ""
            raise LayoutError(f"{what}{line}: {message}") from None

    def render_file(self, name: str, context: Mapping[str, Any],
                    asked_at: Location | str | None = None) -> str:
        """Render a template file found in the search paths; ``asked_at`` is where the game
        names it (a ``game.yaml`` line), shown when the file is missing or refused."""
        try:
            template = self.env.get_template(name)
        except Exception as err:  # noqa: BLE001
            where, message = self._explain(err)
            prefix = self._where(where) or (str(asked_at) if asked_at else "")
            raise LayoutError(f"{prefix}: {message}" if prefix else message) from None
        try:
            return self._run(template, context, DOCUMENT_OUTPUT, "document")
        except Exception as err:  # noqa: BLE001
            where, message = self._explain(err)
            if where is None and template.filename:
                where = (template.filename, 0)
            prefix = self._where(where)
            raise LayoutError(f"{prefix}: {message}" if prefix else message) from None

    def _where(self, where: tuple[str, int] | None) -> str:
        if where is None:
            return ""
        shown = where[0] if where[0].startswith("<") else self.display(Path(where[0]))
        return f"{shown}:{where[1]}" if where[1] else shown

    def _run(self, template: jinja2.Template, context: Mapping[str, Any], limit: int,
             per: str) -> str:
        """Render, streaming, and stop as soon as the output passes ``limit`` characters."""
        self.env.budget.reset()
        parts: list[str] = []
        size = 0
        stream = template.generate(context)  # a generator: closed when we stop early
        try:
            for chunk in stream:
                size += len(chunk)
                if size > limit:
                    raise TemplateLimit(f"the template prints more than {limit:,} characters "
                                        f"(limit per {per})")
                parts.append(chunk)
        finally:
            stream.close()  # type: ignore[attr-defined]
            self.env.budget.finish()
        return "".join(parts)

    def start_build(self) -> None:
        """Start the budget a whole build's renders share (``watch`` keeps one environment
        for many builds)."""
        self.env.budget.start_build()

    def _explain(self, err: BaseException) -> tuple[tuple[str, int] | None, str]:
        """Where in which template ``err`` happened (file, line), and a one-line message."""
        where = _template_frame(err, self.loader.folders)
        if isinstance(err, jinja2.TemplateSyntaxError):
            if err.filename:
                where = (err.filename, err.lineno)
            return where, f"template syntax error: {err.message}"
        if isinstance(err, jinja2.TemplatesNotFound) and len(err.templates) > 1:
            names = ", ".join(f"'{n}'" for n in err.templates)
            return where, f"none of the templates {names} found (searched {self.loader.searched()})"
        if isinstance(err, jinja2.TemplateNotFound):
            missing = err.name or str(err)
            return where, (f"template '{missing}' not found (searched {self.loader.searched()})"
                           f"{self.loader.suggestion(str(missing))}")
        if isinstance(err, (jinja2.UndefinedError, TemplateRefused)):
            return where, str(err.message)
        if isinstance(err, SecurityError):
            return where, f"not allowed in a template: {err}"
        if isinstance(err, TemplateLimit):
            return where, str(err)
        if isinstance(err, RecursionError):
            return where, "template recursion too deep (a macro that calls itself without end?)"
        if isinstance(err, MemoryError):
            return where, "the template needs too much memory"
        if isinstance(err, OverflowError):
            return where, f"template error: number too large: {err}"
        return where, f"template error: {type(err).__name__}: {err}"


# parse trees (:meth:`TemplateEnv.parse`), by environment settings and source
_PARSED: BoundedMemo[tuple[Any, str], jinja2.nodes.Template] = BoundedMemo(4096)


def _template_frame(error: BaseException, folders: Sequence[Path]) -> tuple[str, int] | None:
    """The template file (or ``<template>`` for a string) and line of the innermost template
    frame of ``error``'s traceback (Jinja rewrites tracebacks so that template frames carry the
    template's file and line), or ``None``. The frames are walked, not extracted: extracting
    also reads each frame's source line, and only the file and the line number are needed."""
    found = None
    prefixes = tuple(str(f) for f in folders) or ("<template>",)
    for frame, line in traceback.walk_tb(error.__traceback__):
        filename = frame.f_code.co_filename
        if line and (filename == "<template>"
                     or (filename.startswith(prefixes) and not filename.endswith(".py"))):
            found = (filename, line)
    return found
