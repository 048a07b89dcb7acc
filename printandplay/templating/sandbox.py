"""A Jinja environment that runs untrusted templates in bounded time and memory.

Game folders are untrusted input: their templates run in Jinja's
:class:`~jinja2.sandbox.ImmutableSandboxedEnvironment` (no ``__class__``, no ``__globals__``,
no mutation of the data), and every render is bounded:

* each loop iteration and each call (macros, methods, globals) is a *step*; a render may take
  :data:`MAX_STEPS` steps and :data:`MAX_SECONDS` seconds;
* every value a template builds (``*``, ``+``, ``~``, ``%``, ``**``, filters, method calls,
  printed values, literal text) is at most :data:`MAX_VALUE` characters or items, and all of
  them together at most :data:`MAX_WORK`, checked *before* a big value is made when its size can
  be known in advance (``'x' * 10**9`` never allocates);
* ``range()`` is capped by Jinja's sandbox (100 000 items); ``lipsum`` and the ``random`` filter
  are removed (they would make builds non-deterministic).

A limit that is hit raises :class:`TemplateLimit`, whose message states the limit. The limits,
the budget and the size estimates live in :mod:`printandplay.templating.budget`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, MutableMapping
from typing import Any

from jinja2 import Environment, nodes
from jinja2.compiler import CodeGenerator
from jinja2.nodes import EvalContext
from jinja2.runtime import Context
from jinja2.sandbox import ImmutableSandboxedEnvironment
from jinja2.utils import pass_context
from jinja2.visitor import NodeTransformer

from printandplay.templating.budget import (
    FILTER_SIZES,
    SLOW_FILTERS,
    STR_METHOD_SIZES,
    BoundedNamespace,
    Budget,
    TemplateLimit,
    approx_len,
    check_brace_format,
    check_percent_format,
    check_power,
    check_product,
    is_sized,
)
from printandplay.templating.cache import (
    COMPILED,
    MAX_SOURCE,
    compile_signature,
    with_filename,
)


class _Transformer(NodeTransformer):
    """Rewrites a parsed template so that loops, ``~`` and literal text go through the budget."""

    def __init__(self, environment: BoundedEnvironment) -> None:
        self.environment = environment

    def _filter(self, name: str, arg: nodes.Node, lineno: int) -> nodes.Filter:
        node = nodes.Filter(arg, name, [], [], None, None, lineno=lineno)  # type: ignore[arg-type]
        node.set_environment(self.environment)
        return node

    def visit_For(self, node: nodes.For) -> nodes.Node:
        self.generic_visit(node)
        node.iter = self._filter("_pnp_steps", node.iter, node.lineno)
        return node

    def visit_Concat(self, node: nodes.Concat) -> nodes.Node:
        self.generic_visit(node)
        items = nodes.List(node.nodes, lineno=node.lineno)
        items.set_environment(self.environment)
        return self._filter("_pnp_concat", items, node.lineno)

    def visit_TemplateData(self, node: nodes.TemplateData) -> nodes.Node:
        const = nodes.Const(node.data, lineno=node.lineno)
        const.set_environment(self.environment)
        return self._filter("_pnp_text", const, node.lineno)


class _Generator(CodeGenerator):
    """Jinja's code generator, on the rewritten template."""

    def visit_Template(self, node: nodes.Template, frame: Any = None) -> None:
        environment = self.environment
        assert isinstance(environment, BoundedEnvironment)
        _Transformer(environment).visit(node)
        super().visit_Template(node, frame)


class BoundedEnvironment(ImmutableSandboxedEnvironment):
    """The sandboxed environment with per-render limits (see the module's docstring)."""

    code_generator_class = _Generator
    intercepted_binops = frozenset({"*", "**", "%", "+"})

    def __init__(self, literal: Callable[[str], Any] = str, **options: Any) -> None:
        super().__init__(**options)
        self.budget = Budget()
        self.literal = literal
        self.globals.pop("lipsum", None)
        self.globals["namespace"] = BoundedNamespace
        self.filters.pop("random", None)
        for name, function in list(self.filters.items()):
            self.filters[name] = self.bounded_filter(name, function)
        budget = self.budget

        @pass_context
        def steps(_context: Any, iterable: Any) -> Iterator[Any]:
            for item in iterable:
                budget.step()
                yield item

        @pass_context
        def concat(_context: Any, items: list[Any]) -> str:
            budget.expect(sum(approx_len(i) for i in items))
            joined: str = budget.spend("".join(str(i) for i in items))
            return joined

        @pass_context
        def text(_context: Any, data: str) -> Any:
            budget.spend(data)
            return self.literal(data)

        self.filters.update(_pnp_steps=steps, _pnp_concat=concat, _pnp_text=text)

    def bounded_filter(self, name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        """``function`` counted as a step, its arguments and result size-checked."""
        budget = self.budget
        pre = FILTER_SIZES.get(name)

        slow = SLOW_FILTERS.get(name)

        def bounded(*args: Any, **kwargs: Any) -> Any:
            budget.step()
            values = [a for a in args if not _is_jinja_internal(a)]
            if slow is not None and values:
                first = values[0]
                if not isinstance(first, (str, list, tuple, dict)):  # a range, a generator…
                    first = list(itertools.islice(iter(first), slow + 1))
                    args = tuple(first if a is values[0] else a for a in args)
                if max(approx_len(first, slow + 1), len(first)) > slow:
                    raise TemplateLimit(f"filter '{name}' takes at most {slow:,} characters or "
                                        "items (limit)")
            if pre is not None:
                budget.expect(pre(*values, **kwargs))
            elif values:
                budget.expect(approx_len(values[0]))
            return budget.spend(function(*args, **kwargs))

        bounded.jinja_pass_arg = getattr(function, "jinja_pass_arg", None)  # type: ignore[attr-defined]
        bounded.__wrapped__ = function  # type: ignore[attr-defined]  # (template_cache's key)
        bounded.__name__ = getattr(function, "__name__", name)
        return bounded

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        """A template's globals: the environment's, overlaid by ``d``, in one plain dict.

        Jinja makes a :class:`~collections.ChainMap` over the environment's globals so that
        later changes to them show in loaded templates; this environment's globals are set
        once, in ``__init__``. Every render copies the template's globals into its context
        (twice: values and names): through a chain map, about a third of a small box
        template's render."""
        return {**self.globals, **(d or {})}

    def compile(self, source: Any, name: str | None = None, filename: str | None = None,
                raw: bool = False, defer_init: bool = False) -> Any:
        """Jinja's compiled code of a template, compiled once per process for each source and
        environment settings (:mod:`printandplay.templating.cache`)."""
        base: Any = super().compile  # (its overloads on ``raw`` do not take a bool)
        if not isinstance(source, str) or len(source) > MAX_SOURCE:
            return base(source, name, filename, raw, defer_init)
        # the file's name only goes into the code's co_filename (errors are not kept): the
        # same template in another folder (a copy of a game) reuses the code, renamed
        key = (compile_signature(self), source, name, raw, defer_init)
        code = COMPILED.get(key, lambda: base(source, name, filename, raw, defer_init))
        return code if raw else with_filename(code, filename or "<template>")

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        """A sandboxed call, counted as a step; str methods that grow are checked first."""
        budget = __self.budget
        budget.step()
        owner = getattr(__obj, "__self__", None)
        if isinstance(owner, str):
            size = STR_METHOD_SIZES.get(getattr(__obj, "__name__", ""))
            if size is not None:
                budget.expect(size(owner, *args, **kwargs))
        return budget.spend(super().call(__context, __obj, *args, **kwargs))

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """``str.format`` and ``format_map``, sandboxed by Jinja, with their specs and result
        size checked first."""
        wrapped = super().wrap_str_format(value)
        if wrapped is None:
            return None
        text: str = value.__self__
        budget = self.budget

        def checked(*args: Any, **kwargs: Any) -> str:
            check_brace_format(text)
            budget.expect(len(text) + approx_len(args) + approx_len(kwargs))
            return wrapped(*args, **kwargs)

        return checked

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        """``*``, ``**``, ``%`` and ``+`` refuse to build values past the limits."""
        budget = self.budget
        budget.step()
        if operator == "*":
            check_product(budget, left, right)
        elif operator == "**":
            check_power(left, right)
        elif operator == "%" and isinstance(left, str):
            check_percent_format(left)
            budget.expect(len(left) + approx_len(right))
        elif operator == "+" and is_sized(left) and is_sized(right):
            budget.expect(approx_len(left) + approx_len(right))
        return budget.spend(super().call_binop(context, operator, left, right))


def _is_jinja_internal(value: Any) -> bool:
    """The context, eval context or environment passed to some filters."""
    return isinstance(value, (Context, EvalContext, Environment))
