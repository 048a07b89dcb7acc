"""Box templates of small expressions, printed without Jinja: comparisons, membership,
``not``, ``and``/``or`` and ``… if … else …`` over constants and lookups
(``{{ card.rank == 'A' }}``, ``{{ 'c0' in tables.rangs[card.rank].pips }}``,
``{{ 'or' if card.role == 'entraineur' else 'blanc' }}``, ``{{ not card.text }}``).

:func:`expression_plan` reads a template once: when it is only literal text and such
expressions, it returns literal text and *evaluators* (:class:`Expr`). An evaluator computes
what Jinja's compiled code computes, with the same Python operators in the same order (Jinja
compiles ``==``, ``in``, ``not``, ``and``, ``or`` and the conditional expression to Python's
own, and its sandbox does not intercept them), but only over values whose operators cannot run
foreign code or fail: strings, numbers, booleans, ``None``, and for ``in`` and truth tests
plain lists, tuples and dicts. Anything else (a lookup the sandbox must make itself, another
type, a comparison of a string with a number) gives :data:`MISSING`, and the caller renders
the template with Jinja, which decides (and words any error). Such templates are then never
compiled.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from jinja2 import nodes

from printandplay.layout.template_fast import MISSING, Path, output_parts, path_of, resolve

Expr = Callable[[Mapping[str, Any]], Any]  # a context → a value, or MISSING
ExprPlan = tuple["str | Path | Expr", ...]

_SCALARS: Final = frozenset({str, int, float, bool, type(None)})
_CONTAINERS: Final = frozenset({list, tuple, dict})
_NUMBERS: Final = frozenset({int, float, bool})
_OPERATORS: Final = frozenset({"eq", "ne", "in", "notin", "lt", "lteq", "gt", "gteq"})
_DEPTH: Final = 24  # nested expressions followed at most (deeper ones: Jinja)


def _scalar(value: Any) -> bool:
    """A value whose operators are Python's own: a string, a number, a boolean, ``None``, or a
    :class:`str` subclass that defines no method of its own (as the templates' ``Rich``)."""
    kind = type(value)
    if kind in _SCALARS:
        return True
    plain = _PLAIN_STR.get(kind)
    if plain is None:
        plain = issubclass(kind, str) and all(
            name in _HARMLESS for cls in kind.__mro__[:kind.__mro__.index(str)]
            for name in vars(cls))
        if len(_PLAIN_STR) < 64:
            _PLAIN_STR[kind] = plain
    return plain


_PLAIN_STR: dict[type, bool] = {}  # str subclasses seen, and whether they define nothing
_HARMLESS: Final = frozenset({"__slots__", "__module__", "__doc__", "__qualname__",
                              "__annotations__", "__dict__", "__weakref__"})


def _testable(value: Any) -> bool:
    """A value whose truth is Python's own (no ``__bool__`` or ``__len__`` of its own)."""
    return _scalar(value) or type(value) in _CONTAINERS


def _compare(op: str, left: Any, right: Any) -> Any:
    """``left op right`` as Jinja's code computes it, or MISSING when it could fail or run
    code of the values' own."""
    if op in ("eq", "ne"):
        if not (_scalar(left) and _scalar(right)):
            return MISSING
        return left == right if op == "eq" else left != right
    if op in ("in", "notin"):
        kind = type(right)
        if isinstance(right, str) and _scalar(right):
            if not (isinstance(left, str) and _scalar(left)):
                return MISSING  # Python refuses: Jinja words the error
            found = left in right
        elif kind in (list, tuple) and _scalar(left) and all(map(_scalar, right)):
            found = left in right
        elif kind is dict and _scalar(left) and all(map(_scalar, right)):
            found = left in right
        else:
            return MISSING
        return found if op == "in" else not found
    numbers = type(left) in _NUMBERS and type(right) in _NUMBERS
    if not (numbers or (type(left) is str and type(right) is str)):
        return MISSING
    if op == "lt":
        return left < right
    if op == "lteq":
        return left <= right
    if op == "gt":
        return left > right
    if op == "gteq":
        return left >= right
    return MISSING


def _constant(value: Any) -> Expr:
    return lambda context: value


def _looked_up(path: Path) -> Expr:
    return lambda context: resolve(path, context)


def _item(base: Expr, index: Expr) -> Expr:
    def evaluate(context: Mapping[str, Any]) -> Any:
        values, at = base(context), index(context)
        if at is MISSING or type(at) is not int or not -len(values) <= at < len(values):
            return MISSING
        return values[at]
    return evaluate


def _not(operand: Expr) -> Expr:
    def evaluate(context: Mapping[str, Any]) -> Any:
        value = operand(context)
        return MISSING if value is MISSING or not _testable(value) else not value
    return evaluate


def _and_or(left: Expr, right: Expr, is_and: bool) -> Expr:
    def evaluate(context: Mapping[str, Any]) -> Any:
        value = left(context)
        if value is MISSING or not _testable(value):
            return MISSING
        return right(context) if bool(value) == is_and else value
    return evaluate


def _if_else(test: Expr, then: Expr, other: Expr) -> Expr:
    def evaluate(context: Mapping[str, Any]) -> Any:
        value = test(context)
        if value is MISSING or not _testable(value):
            return MISSING
        return then(context) if value else other(context)
    return evaluate


def _compared(first: Expr, rest: tuple[tuple[str, Expr], ...]) -> Expr:
    def evaluate(context: Mapping[str, Any]) -> Any:
        left = first(context)
        if left is MISSING:
            return MISSING
        for op, operand in rest:  # a chain, as Python's: stops at the first false
            right = operand(context)
            if right is MISSING:
                return MISSING
            result = _compare(op, left, right)
            if result is MISSING or not result:
                return result
            left = right
        return True
    return evaluate


def _expression(node: nodes.Node, depth: int = 0) -> Expr | None:
    """The evaluator of ``node``, or ``None`` when it is something this module leaves to
    Jinja."""
    if depth > _DEPTH:
        return None
    path = path_of(node)
    if path is not None:
        return _looked_up(path)
    deeper = depth + 1
    if isinstance(node, nodes.Const):
        return _constant(node.value) if type(node.value) in _SCALARS else None
    if isinstance(node, (nodes.List, nodes.Tuple)):
        items = node.items
        if not all(isinstance(n, nodes.Const) and type(n.value) in _SCALARS for n in items):
            return None
        values = [getattr(n, "value") for n in items]  # noqa: B009 - (Const, checked above)
        return _constant(values if isinstance(node, nodes.List) else tuple(values))
    if isinstance(node, nodes.Getitem) and isinstance(node.node, (nodes.List, nodes.Tuple)):
        base, index = _expression(node.node, deeper), _expression(node.arg, deeper)
        return None if base is None or index is None else _item(base, index)
    if isinstance(node, nodes.Not):
        operand = _expression(node.node, deeper)
        return None if operand is None else _not(operand)
    if isinstance(node, (nodes.And, nodes.Or)):
        left, right = _expression(node.left, deeper), _expression(node.right, deeper)
        if left is None or right is None:
            return None
        return _and_or(left, right, isinstance(node, nodes.And))
    if isinstance(node, nodes.CondExpr):
        if node.expr2 is None:  # no else: Jinja's undefined value
            return None
        test, then = _expression(node.test, deeper), _expression(node.expr1, deeper)
        other = _expression(node.expr2, deeper)
        if test is None or then is None or other is None:
            return None
        return _if_else(test, then, other)
    if isinstance(node, nodes.Compare):
        first = _expression(node.expr, deeper)
        rest = []
        for step in node.ops:
            value = _expression(step.expr, deeper)
            if value is None or step.op not in _OPERATORS:
                return None
            rest.append((step.op, value))
        return None if first is None else _compared(first, tuple(rest))
    return None


def expression_plan(parse: Callable[[str], nodes.Template], source: str) -> ExprPlan | None:
    """The parts of ``source`` (``parse`` reads it) when it is only literal text, lookups
    (kept as paths) and the expressions above, else ``None``."""
    return output_parts(parse, source, lambda node: path_of(node) or _expression(node))
