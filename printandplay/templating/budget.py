"""The budget of template renders: steps, time and the size of every value built, per render
and for a whole build.

:mod:`printandplay.templating.sandbox` charges it; this module holds the limits, the
:class:`Budget` that counts, and the size estimates that let a big value be refused *before*
it is made (``'x' * 10**9`` never allocates). Each render has its own budget; the renders of
one build (every box of every card, every document) share a larger one, so a kit of many
cards that each stay just under the render's limits still ends in bounded time.
"""

from __future__ import annotations

import re
import string
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final

from jinja2.utils import Namespace

MAX_STEPS: Final = 1_000_000  # loop iterations and calls per render
MAX_SECONDS: Final = 1.0  # of processor time per render (a busy machine does not trip it)
MAX_VALUE: Final = 1_000_000  # characters (or items) of one value built by a template
MAX_WORK: Final = 20_000_000  # characters and items built by one render, all values together
MAX_WIDTH: Final = 10_000  # a width or precision in a format, a padding filter's width
MAX_INT_BITS: Final = 100_000  # about 30 000 digits
MAX_BUILD_STEPS: Final = 5_000_000  # loop iterations and calls of all the renders of a build
MAX_BUILD_SECONDS: Final = 10.0  # of processor time in the renders of a build


class TemplateLimit(Exception):
    """A template went past one of the limits of a render."""


class Budget:
    """The steps, time and characters one render may still use, and the steps and time
    the renders of the current build have used.

    The time is processor time (a busy machine does not trip it), read from the clock only
    once the render has run for :data:`MAX_SECONDS` of wall time: a thread never uses more
    processor time than the time that passes, and the processor clock costs a system call
    (~0.7 µs, ten times the wall clock's), which a render asked at every step and value.
    The build's time is the wall time its renders took, from the wall clock at the start and
    end of each; past :data:`MAX_BUILD_SECONDS`, the build stops if it has also used that much
    processor time in all (so a busy machine does not trip it either)."""

    def __init__(self) -> None:
        self.start_build()

    def start_build(self) -> None:
        """Start a new build: every render of it draws on the build's budget."""
        self.build_steps = 0  # of the renders finished
        self.build_seconds = 0.0  # wall time in the renders finished
        self.reset()
        self.build_started = self.deadline - MAX_SECONDS  # (one read of the processor clock)

    def reset(self) -> None:
        """Start a new render with the full budget (refused once the build's is spent)."""
        self.steps = 0
        self.work = 0
        self.deadline = time.process_time() + MAX_SECONDS
        self.started = time.perf_counter()
        self.wall_deadline = self.started + MAX_SECONDS
        if (self.build_seconds > MAX_BUILD_SECONDS
                and time.process_time() - self.build_started > MAX_BUILD_SECONDS):
            raise TemplateLimit(f"the templates of this build ran for more than "
                                f"{MAX_BUILD_SECONDS:g} s in all (limit per build)")

    def finish(self) -> None:
        """End the current render: add its steps and time to the build's."""
        self.build_steps += self.steps
        self.build_seconds += time.perf_counter() - self.started
        self.steps = 0

    def step(self) -> None:
        """Count one loop iteration or call."""
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise TemplateLimit(f"more than {MAX_STEPS:,} loop iterations and calls in one "
                                "template (limit)")
        if self.build_steps + self.steps > MAX_BUILD_STEPS:
            raise TemplateLimit(f"the templates of this build ran more than "
                                f"{MAX_BUILD_STEPS:,} loop iterations and calls in all "
                                "(limit per build)")
        self.clock()

    def clock(self) -> None:
        """Stop a render that has used more than :data:`MAX_SECONDS` of processor time."""
        if time.perf_counter() >= self.wall_deadline and time.process_time() > self.deadline:
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
        size = len(value) if type(value) is str else approx_len(value, MAX_VALUE + 1)
        self.expect(size)
        self.work += size
        self.clock()
        return value


class BoundedNamespace(Namespace):
    """Jinja's ``namespace()`` for templates, whose attributes the budget can size: it keeps
    its own record of what is set in it (Jinja's keeps them out of reach)."""

    def __init__(*args: Any, **kwargs: Any) -> None:  # as Namespace's: no name for self
        Namespace.__init__(*args, **kwargs)
        object.__setattr__(args[0], "_recorded", dict(*args[1:], **kwargs))

    def __setitem__(self, name: str, value: Any) -> None:
        super().__setitem__(name, value)
        namespace_attributes(self)[name] = value


def namespace_attributes(namespace: BoundedNamespace) -> dict[str, Any]:
    """The attributes set in ``namespace`` (read past its own attribute look-up, which
    answers with its attributes only)."""
    recorded: dict[str, Any] = object.__getattribute__(namespace, "_recorded")
    return recorded


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
    if isinstance(value, BoundedNamespace):  # prints as the repr of its attributes
        return approx_len(namespace_attributes(value), limit)
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


STR_METHOD_SIZES: Final[dict[str, Callable[..., int]]] = {
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


def is_sized(value: Any) -> bool:
    """Whether ``+`` or ``*`` on ``value`` builds a value whose size can be known first."""
    return isinstance(value, (str, list, tuple, dict))


def check_product(budget: Budget, left: Any, right: Any) -> None:
    """Refuse ``left * right`` before it builds a value or a number past the limits."""
    for seq, times in ((left, right), (right, left)):
        if is_sized(seq) and isinstance(times, int):
            budget.expect(approx_len(seq) * max(0, times))
            return
    if isinstance(left, int) and isinstance(right, int):
        if left.bit_length() + right.bit_length() > MAX_INT_BITS:
            raise TemplateLimit("number too large (limit about 30 000 digits)")


def check_power(base: Any, exponent: Any) -> None:
    """Refuse ``base ** exponent`` before it builds a number past the limit."""
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
SLOW_FILTERS: Final[Mapping[str, int]] = {
    "wordwrap": 20_000, "urlize": 20_000, "striptags": 20_000, "groupby": 50_000,
}

FILTER_SIZES: Final[Mapping[str, Callable[..., int]]] = {
    "join": _join_size,
    "indent": _indent_size,
    "format": _format_size,
    "center": _center_size,
    "batch": _batch_size,
    "slice": _slice_size,
    "replace": _replace_filter_size,
}
