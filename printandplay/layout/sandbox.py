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

A limit that is hit raises :class:`TemplateLimit`, whose message states the limit.
"""

from __future__ import annotations

import itertools
import re
import string
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Final

from jinja2 import Environment, nodes
from jinja2.compiler import CodeGenerator
from jinja2.nodes import EvalContext
from jinja2.runtime import Context
from jinja2.sandbox import ImmutableSandboxedEnvironment
from jinja2.utils import Namespace, pass_context
from jinja2.visitor import NodeTransformer

MAX_STEPS: Final = 1_000_000  # loop iterations and calls per render
MAX_SECONDS: Final = 1.0  # per render
MAX_VALUE: Final = 1_000_000  # characters (or items) of one value built by a template
MAX_WORK: Final = 20_000_000  # characters and items built by one render, all values together
MAX_WIDTH: Final = 10_000  # a width or precision in a format, a padding filter's width
MAX_INT_BITS: Final = 100_000  # about 30 000 digits


class TemplateLimit(Exception):
    """A template went past one of the limits of a render."""


class Budget:
    """The steps, time and characters one render may still use."""

    def __init__(self) -> None:
        self.steps = 0
        self.work = 0
        self.deadline = time.monotonic() + MAX_SECONDS

    def reset(self) -> None:
        """Start a new render with the full budget."""
        self.steps = 0
        self.work = 0
        self.deadline = time.monotonic() + MAX_SECONDS

    def step(self) -> None:
        """Count one loop iteration or call."""
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise TemplateLimit(f"more than {MAX_STEPS:,} loop iterations and calls in one "
                                "template (limit)")
        self.clock()

    def clock(self) -> None:
        """Stop a render that has run for too long."""
        if time.monotonic() > self.deadline:
            raise TemplateLimit(f"the template ran for more than {MAX_SECONDS:g} s (limit)")

    def expect(self, size: int) -> None:
        """Refuse to build a value of ``size`` characters or items."""
        if size > MAX_VALUE:
            raise TemplateLimit(f"a value of {size:,} characters or items is too large "
                                f"(limit {MAX_VALUE:,})")
        if self.work + size > MAX_WORK:
            raise TemplateLimit(f"the template builds more than {MAX_WORK:,} characters "
                                "in all (limit)")

    def spend(self, value: Any) -> Any:
        """Count a value just built; returns it."""
        size = approx_len(value, MAX_VALUE + 1)
        self.expect(size)
        self.work += size
        self.clock()
        return value


def approx_len(value: Any, limit: int = MAX_VALUE + 1) -> int:
    """About how many characters ``str(value)`` would have; counting stops past ``limit``."""
    if isinstance(value, str):
        return len(value)
    if isinstance(value, bool) or value is None:
        return 5
    if isinstance(value, int):
        return value.bit_length() * 30103 // 100000 + 2
    if isinstance(value, (list, tuple, set, frozenset, dict)):
        total = 2
        items: Iterable[Any] = value.items() if isinstance(value, dict) else value
        for item in items:
            total += approx_len(item, limit - total) + 2
            if total > limit:
                break
        return total
    if isinstance(value, bytes):
        return len(value) * 4
    if isinstance(value, Namespace):  # prints as the repr of its attributes
        return approx_len(dict(value._Namespace__attrs), limit)  # type: ignore[attr-defined]
    return 16


_PERCENT_SPEC: Final = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|\d+)?(?:\.(\*|\d+))?")
_BRACE_FIELD_DIGITS: Final = re.compile(r"\d+")


def check_percent_format(text: str) -> None:
    """Refuse ``%`` formats with a ``*`` or a huge width or precision."""
    for match in _PERCENT_SPEC.finditer(text):
        for group in match.groups():
            if group == "*":
                raise TemplateLimit("'*' widths are not allowed in % formats")
            if group and int(group) > MAX_WIDTH:
                raise TemplateLimit(f"format width {group} is too large (limit {MAX_WIDTH:,})")


def check_brace_format(text: str) -> None:
    """Refuse ``str.format`` specs with nested fields or a huge width or precision."""
    try:
        fields = list(string.Formatter().parse(text))
    except ValueError:
        return  # str.format will raise a clear ValueError itself
    for _, _, spec, _ in fields:
        if not spec:
            continue
        if "{" in spec:
            raise TemplateLimit("nested fields are not allowed in format specs")
        for digits in _BRACE_FIELD_DIGITS.findall(spec):
            if int(digits) > MAX_WIDTH:
                raise TemplateLimit(f"format width {digits} is too large (limit {MAX_WIDTH:,})")


def _int(value: Any, default: int = 0) -> int:
    try:
        return int(value)
    except (TypeError, ValueError, OverflowError):
        return default


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


_STR_METHOD_SIZES: Final[dict[str, Callable[..., int]]] = {
    "center": lambda s, width=0, *_: max(len(s), _int(width)),
    "ljust": lambda s, width=0, *_: max(len(s), _int(width)),
    "rjust": lambda s, width=0, *_: max(len(s), _int(width)),
    "zfill": lambda s, width=0, *_: max(len(s), _int(width)),
    "expandtabs": lambda s, tabsize=8, *_: len(s) + s.count("\t") * max(0, _int(tabsize, 8)),
    "replace": lambda s, old="", new="", *_: _replace_size(s, old, new),
    "join": lambda s, items=(), *_: approx_len(items) + len(s) * max(0, _len(items) - 1),
}


def _len(value: Any) -> int:
    try:
        return len(value)
    except TypeError:
        return 0


def _replace_size(text: Any, old: Any, new: Any) -> int:
    if not isinstance(text, str) or not isinstance(old, str) or not isinstance(new, str):
        return 0
    count = len(text) + 1 if old == "" else text.count(old)
    return len(text) + count * len(new)


class BoundedEnvironment(ImmutableSandboxedEnvironment):
    """The sandboxed environment with per-render limits (see the module's docstring)."""

    code_generator_class = _Generator
    intercepted_binops = frozenset({"*", "**", "%", "+"})

    def __init__(self, literal: Callable[[str], Any] = str, **options: Any) -> None:
        super().__init__(**options)
        self.budget = Budget()
        self.literal = literal
        self.globals.pop("lipsum", None)
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
            return budget.spend("".join(str(i) for i in items))  # type: ignore[no-any-return]

        @pass_context
        def text(_context: Any, data: str) -> Any:
            budget.spend(data)
            return self.literal(data)

        self.filters.update(_pnp_steps=steps, _pnp_concat=concat, _pnp_text=text)

    def bounded_filter(self, name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        """``function`` counted as a step, its arguments and result size-checked."""
        budget = self.budget
        pre = _FILTER_SIZES.get(name)

        slow = _SLOW_FILTERS.get(name)

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
        bounded.__name__ = getattr(function, "__name__", name)
        return bounded

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        """A sandboxed call, counted as a step; str methods that grow are checked first."""
        budget = __self.budget
        budget.step()
        owner = getattr(__obj, "__self__", None)
        if isinstance(owner, str):
            size = _STR_METHOD_SIZES.get(getattr(__obj, "__name__", ""))
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
            _check_product(budget, left, right)
        elif operator == "**":
            _check_power(left, right)
        elif operator == "%" and isinstance(left, str):
            check_percent_format(left)
            budget.expect(len(left) + approx_len(right))
        elif operator == "+" and _sized(left) and _sized(right):
            budget.expect(approx_len(left) + approx_len(right))
        return budget.spend(super().call_binop(context, operator, left, right))


def _is_jinja_internal(value: Any) -> bool:
    """The context, eval context or environment passed to some filters."""
    return isinstance(value, (Context, EvalContext, Environment))


def _sized(value: Any) -> bool:
    return isinstance(value, (str, list, tuple, dict))


def _check_product(budget: Budget, left: Any, right: Any) -> None:
    for seq, times in ((left, right), (right, left)):
        if _sized(seq) and isinstance(times, int):
            budget.expect(approx_len(seq) * max(0, times))
            return
    if isinstance(left, int) and isinstance(right, int):
        if left.bit_length() + right.bit_length() > MAX_INT_BITS:
            raise TemplateLimit("number too large (limit about 30 000 digits)")


def _check_power(base: Any, exponent: Any) -> None:
    if isinstance(base, int) and isinstance(exponent, int) and exponent > 0 and abs(base) > 1:
        if exponent * base.bit_length() > MAX_INT_BITS:
            raise TemplateLimit("number too large (limit about 30 000 digits)")


def _join_size(value: Any, d: Any = "", *_: Any, **__: Any) -> int:
    return approx_len(value) + len(str(d)) * max(0, _len(value) - 1)


def _indent_size(text: Any, width: Any = 4, *_: Any, **__: Any) -> int:
    pad = len(width) if isinstance(width, str) else _int(width, 4)
    return approx_len(text) + (str(text).count("\n") + 1) * max(0, pad)


def _format_size(text: Any, *args: Any, **kwargs: Any) -> int:
    if isinstance(text, str):
        check_percent_format(text)
    return approx_len(text) + approx_len(args) + approx_len(kwargs)


def _center_size(text: Any, width: Any = 80, *_: Any, **__: Any) -> int:
    return max(approx_len(text), _int(width, 80))


def _batch_size(value: Any, count: Any = 1, fill: Any = None, *_: Any, **__: Any) -> int:
    return max(approx_len(value), _int(count) if fill is not None else 0)


def _slice_size(value: Any, count: Any = 1, *_: Any, **__: Any) -> int:
    return max(approx_len(value), _int(count))


def _replace_filter_size(text: Any, old: Any = "", new: Any = "", *_: Any, **__: Any) -> int:
    return _replace_size(str(text), str(old), str(new))


# filters slow on big input (pure Python, quadratic in places): a smaller input limit
_SLOW_FILTERS: Final[Mapping[str, int]] = {
    "wordwrap": 20_000, "urlize": 20_000, "striptags": 20_000, "groupby": 50_000,
}

_FILTER_SIZES: Final[Mapping[str, Callable[..., int]]] = {
    "join": _join_size,
    "indent": _indent_size,
    "format": _format_size,
    "center": _center_size,
    "batch": _batch_size,
    "slice": _slice_size,
    "replace": _replace_filter_size,
}
