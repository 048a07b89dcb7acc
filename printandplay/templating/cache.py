"""Compiled templates kept for the whole process: each distinct template source is compiled
once, whichever build asks for it (``watch``'s rebuilds, the builds of the test suite).

What is kept is Jinja's compiled *code* (a code object, bound to no environment), keyed on
the source, its name, and everything about the environment that the compiler reads
(:func:`compile_signature`: its class, syntax and whitespace settings, its filters, tests and
``finalize``, which the optimizer may call on constants). The file's name is given to the code
when it is taken (:func:`with_filename`: a copy of a game in another folder reuses the code,
and its errors still name its own files). Each environment makes its own template from the
code, so that renders keep their own budget and filters. The cache is
bounded (least recently used first out), and held in memory only: a cache on disk would run
code that anything able to write there chose.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from types import CodeType
from typing import Any, Final

from jinja2 import Environment

MAX_TEMPLATES: Final = 512  # compiled templates kept
MAX_SOURCE: Final = 100_000  # characters: longer sources are compiled each time


def _callable_key(function: Any) -> Hashable:
    """What stands for a filter, test or ``finalize`` in the key: how it is passed its
    arguments, and (unless it takes the render's context, when the optimizer never calls it)
    the function itself (the one a bounded filter wraps)."""
    pass_arg = getattr(function, "jinja_pass_arg", None)  # set by jinja2.pass_context & co.
    if getattr(pass_arg, "name", None) == "context":
        return ("context",)
    return (str(pass_arg), getattr(function, "__wrapped__", function))


def compile_signature(env: Environment) -> Hashable:
    """Everything about ``env`` that the compiled code of a template depends on (the part
    read from its filters and tests kept while they are the same objects)."""
    settings = (
        type(env), env.code_generator_class, env.block_start_string, env.block_end_string,
        env.variable_start_string, env.variable_end_string, env.comment_start_string,
        env.comment_end_string, env.line_statement_prefix, env.line_comment_prefix,
        env.trim_blocks, env.lstrip_blocks, env.newline_sequence, env.keep_trailing_newline,
        env.optimized, env.is_async, env.autoescape, env.undefined,
        tuple(sorted(type(e).__qualname__ for e in env.extensions.values())),
        getattr(env, "intercepted_binops", None), getattr(env, "intercepted_unops", None),
        None if env.finalize is None else _callable_key(env.finalize))
    functions = (tuple(env.filters.items()), tuple(env.tests.items()))
    known = getattr(env, "_pnp_functions_key", None)  # (filters and tests, their key)
    if known is None or known[0] != functions:
        known = (functions, (
            tuple(sorted((name, _callable_key(f)) for name, f in env.filters.items())),
            tuple(sorted((name, _callable_key(f)) for name, f in env.tests.items()))))
        env._pnp_functions_key = known  # type: ignore[attr-defined]
    return (*settings, *known[1])


def with_filename(code: CodeType, filename: str) -> CodeType:
    """``code`` as compiled from a file of that name (``co_filename`` of it and of every code
    object inside it: the only trace the file's name leaves in compiled code)."""
    if code.co_filename == filename:
        return code
    consts = tuple(with_filename(c, filename) if isinstance(c, CodeType) else c
                   for c in code.co_consts)
    return code.replace(co_filename=filename, co_consts=consts)


class CompiledTemplates:
    """A bounded map from (environment signature, source, name, file…) to compiled code."""

    def __init__(self, size: int = MAX_TEMPLATES) -> None:
        self.size = size
        self.compiled = 0  # how many compilations it did (a test counts them)
        self._codes: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._codes)

    def clear(self) -> None:
        """Forget every compiled template."""
        with self._lock:
            self._codes.clear()

    def get(self, key: Hashable, compile_it: Callable[[], Any]) -> Any:
        """The code kept for ``key``, else ``compile_it()`` kept (errors are not kept)."""
        with self._lock:
            code = self._codes.get(key)
            if code is not None:
                self._codes.move_to_end(key)
                return code
        code = compile_it()
        with self._lock:
            self.compiled += 1
            self._codes[key] = code
            while len(self._codes) > self.size:
                self._codes.popitem(last=False)
        return code


COMPILED: Final = CompiledTemplates()
