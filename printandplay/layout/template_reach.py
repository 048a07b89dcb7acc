"""What a template can print, read from its parse tree: whether any render of a box template,
for any card of the game, can print a given piece of text (a stock icon's prefix).

Used to skip the stock-icon scan of a face design whose templates provably cannot draw a
stock icon, instead of rendering each of them once more for every card. The answer must be
*sound*: :func:`may_print` says ``False`` only when no render can print the text. It
over-approximates what a template prints:

* each template evaluates to the values its expressions may take, as a finite set of the
  game's own values (a field of any card, a table's entry, a constant of the template), or as
  *pieces* (the printed text is some concatenation of them, in any order, any number of
  times: ``~``, loops, ``if`` branches), or as *unknown* (anything: calls, macros, includes,
  filters other than a few pure ones, arithmetic on strings…);
* ``if`` tests are not evaluated (every branch may print), a ``for`` loop may run any number
  of times, and a variable set in the template takes any value it is ever set to (unknown
  when the value depends on another variable set in the template);
* the printed text of a value is computed as the template would print it (markup escaped,
  rich text as it is).

The text is then looked for in every concatenation of the pieces (an automaton on the text,
run on the pieces until no new state is reached): ``g`` in one value followed by ``i-`` in
another is found. Anything the reader does not know makes the answer ``True``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

import jinja2
from jinja2 import nodes

MAX_VALUES: Final = 5_000  # values followed per expression; more is unknown


class _Unknown(Exception):
    """The template may print anything (the reader gives up)."""


@dataclass(frozen=True)
class _Values:
    """The expression's value is one of ``items`` (concrete values of the game or template)."""

    items: tuple[Any, ...]


@dataclass(frozen=True)
class _Pieces:
    """The expression's printed text is a concatenation of ``pieces``."""

    pieces: frozenset[str]


@dataclass(frozen=True)
class _Seq:
    """A list written in the template; each item an abstract value."""

    items: tuple[Abstract, ...]


class _Loop:
    """The ``loop`` variable of a ``for``."""


Abstract = _Values | _Pieces | _Seq | _Loop

# every character a number (int, float, inf, nan) can print with
_NUMBER: Final = _Pieces(frozenset([*"0123456789", "-", "+", ".", "e", "inf", "nan"]))
_BOOLS: Final = _Values((True, False))
_LOOP_NUMBERS: Final = frozenset({"index", "index0", "revindex", "revindex0", "length",
                                  "depth", "depth0"})
_PLAIN: Final = (str, int, float, bool, type(None))


def _dedup(items: Iterable[Any]) -> tuple[Any, ...]:
    seen: set[Any] = set()
    out: list[Any] = []
    for item in items:
        key: Any = (type(item), item) if isinstance(item, _PLAIN) else id(item)
        if key not in seen:
            seen.add(key)
            out.append(item)
            if len(out) > MAX_VALUES:
                raise _Unknown
    return tuple(out)


def _plain_data(value: Any) -> bool:
    """Whether ``value`` is made of dicts, lists and plain scalars only (its ``str`` is
    then fixed)."""
    if isinstance(value, _PLAIN):
        return True
    if type(value) is dict:
        return all(_plain_data(k) and _plain_data(v) for k, v in value.items())
    if type(value) in (list, tuple):
        return all(_plain_data(v) for v in value)
    return False


def _printed(value: Any) -> str:
    """What ``{{ value }}`` prints (see :func:`printandplay.layout.templating._finalize`),
    before its markup is escaped: escaping only puts backslashes before some characters, so
    a text without a backslash found in the escaped output is found in this one."""
    return "" if value is None else _text(value)


def _pieces(value: Abstract, concat: bool = False) -> frozenset[str]:
    """The pieces ``value`` prints as (``concat``: joined with ``~``, where ``none`` shows
    as ``None``)."""
    if isinstance(value, _Pieces):
        return value.pieces
    if isinstance(value, _Values):
        return frozenset((_text if concat else _printed)(v) for v in value.items)
    raise _Unknown


def _union(values: Sequence[Abstract]) -> Abstract:
    if all(isinstance(v, _Values) for v in values):
        return _Values(_dedup(i for v in values for i in v.items))  # type: ignore[union-attr]
    return _Pieces(frozenset().union(*(_pieces(v) for v in values)))


def _is_number(value: Abstract) -> bool:
    if value is _NUMBER:
        return True
    return isinstance(value, _Values) and all(
        isinstance(v, (int, float)) for v in value.items)


class _Reader:
    """Evaluates one parsed template over the possible values of its variables."""

    def __init__(self, variables: Mapping[str, Sequence[Any]], assigned: set[str]) -> None:
        self.variables = variables
        self.assigned = assigned
        self.bound: dict[str, Abstract] = {}

    # statements

    def body(self, statements: Iterable[nodes.Node], out: set[str]) -> None:
        for node in statements:
            self.statement(node, out)

    def statement(self, node: nodes.Node, out: set[str]) -> None:
        if isinstance(node, nodes.Output):
            for child in node.nodes:
                if isinstance(child, nodes.TemplateData):
                    out.add(child.data)
                else:
                    out.update(_pieces(self.expr(child)))
        elif isinstance(node, nodes.If):
            self.body(node.body, out)
            for branch in node.elif_:
                self.statement(branch, out)
            self.body(node.else_, out)
        elif isinstance(node, nodes.For):
            if node.recursive:
                raise _Unknown
            self.body(node.body, out)
            self.body(node.else_, out)
        elif isinstance(node, nodes.Assign):
            pass  # bound beforehand (:meth:`bind`)
        else:  # macros, includes, blocks, call blocks, with, filter blocks…
            raise _Unknown

    def bind(self, template: nodes.Template) -> None:
        """The values of the variables the template sets (``set``, ``for`` targets): the
        union of every value set, or unknown when it depends on a variable set in the
        template."""
        target: nodes.Node
        source: nodes.Node
        for node in template.find_all((nodes.Assign, nodes.For, nodes.AssignBlock)):
            if isinstance(node, nodes.Assign):
                target, source = node.target, node.node
            elif isinstance(node, nodes.For):
                target, source = node.target, node.iter
            else:
                raise _Unknown
            if not isinstance(target, nodes.Name):
                raise _Unknown
            if any(n.name in self.assigned for n in source.find_all(nodes.Name)):
                raise _Unknown
            value = self.expr(source)
            if isinstance(node, nodes.For):
                value = self._elements(value)
            known = self.bound.get(target.name)
            self.bound[target.name] = value if known is None else _union([known, value])

    def _elements(self, value: Abstract) -> Abstract:
        """What a ``for`` over ``value`` takes."""
        if isinstance(value, _Seq):
            return _union(value.items) if value.items else _Values(())
        if not isinstance(value, _Values):
            raise _Unknown
        items: list[Any] = []
        for container in value.items:
            if type(container) in (list, tuple) or type(container) is dict:
                items.extend(container)
            else:  # strings (characters), other iterables
                raise _Unknown
        return _Values(_dedup(items))

    # expressions

    def expr(self, node: nodes.Node) -> Abstract:
        if isinstance(node, nodes.Const):
            return _Values((node.value,))
        if isinstance(node, nodes.Name):
            return self.name(node.name)
        if isinstance(node, nodes.Getattr):
            return self.getattr(self.expr(node.node), node.attr)
        if isinstance(node, nodes.Getitem):
            if isinstance(node.arg, nodes.Slice):
                raise _Unknown
            return self.getitem(self.expr(node.node), self.expr(node.arg))
        if isinstance(node, nodes.CondExpr):
            choices = [self.expr(node.expr1)]
            if node.expr2 is not None:
                choices.append(self.expr(node.expr2))
            return _union(choices)
        if isinstance(node, (nodes.And, nodes.Or)):
            return _union([self.expr(node.left), self.expr(node.right)])
        if isinstance(node, (nodes.Not, nodes.Compare, nodes.Test)):
            return _BOOLS
        if isinstance(node, nodes.Concat):
            return _Pieces(frozenset().union(*(_pieces(self.expr(n), True)
                                                for n in node.nodes)))
        if isinstance(node, (nodes.List, nodes.Tuple)):
            return _Seq(tuple(self.expr(n) for n in node.items))
        if isinstance(node, nodes.Filter):
            return self.filter(node)
        if isinstance(node, nodes.BinExpr):
            if _is_number(self.expr(node.left)) and _is_number(self.expr(node.right)):
                return _NUMBER
            raise _Unknown
        if isinstance(node, nodes.UnaryExpr):
            if _is_number(self.expr(node.node)):
                return _NUMBER
            raise _Unknown
        raise _Unknown  # calls, dicts, slices…

    def name(self, name: str) -> Abstract:
        choices: list[Abstract] = []
        if name in self.bound:
            choices.append(self.bound[name])
        if name in self.variables and (name not in self.bound or name in self.assigned):
            choices.append(_Values(_dedup(self.variables[name])))
        if not choices:
            raise _Unknown  # globals (range, dict…), or set in a way not followed
        return choices[0] if len(choices) == 1 else _union(choices)

    def getattr(self, value: Abstract, attr: str) -> Abstract:
        if isinstance(value, _Loop):
            if attr in _LOOP_NUMBERS:
                return _NUMBER
            if attr in ("first", "last"):
                return _BOOLS
            raise _Unknown
        if not isinstance(value, _Values):
            raise _Unknown
        found: list[Any] = []
        for item in value.items:
            if not (type(item) is dict or isinstance(item, _PLAIN)) or hasattr(item, attr):
                raise _Unknown  # an attribute or a method, not an entry
            if type(item) is dict and attr in item:
                found.append(item[attr])
            # else: undefined, an error when printed or used: nothing printed
        return _Values(_dedup(found))

    def getitem(self, value: Abstract, index: Abstract) -> Abstract:
        if isinstance(value, _Seq):
            if not isinstance(index, _Values) or any(
                    not isinstance(i, int) for i in index.items):
                raise _Unknown
            return _union(value.items) if value.items else _Values(())
        if not isinstance(value, _Values) or not isinstance(index, _Values):
            raise _Unknown
        found: list[Any] = []
        for item in value.items:
            if type(item) not in (dict, list, tuple):
                raise _Unknown  # a string's characters, an object's entries
            for key in index.items:
                try:
                    found.append(item[key])
                except (LookupError, TypeError):
                    if isinstance(key, str) and hasattr(item, key):
                        raise _Unknown from None  # Jinja falls back on the attribute
        return _Values(_dedup(found))

    def filter(self, node: nodes.Filter) -> Abstract:
        name = node.name
        if name in ("length", "count"):
            return _NUMBER
        if node.node is None or node.kwargs or node.dyn_args or node.dyn_kwargs:
            raise _Unknown
        value = self.expr(node.node)
        if not isinstance(value, _Values):
            raise _Unknown
        args = [self.expr(a) for a in node.args]
        if name in ("upper", "lower", "trim", "string") and not args:
            texts = [_text(v) for v in value.items]
            done = ([t.upper() for t in texts] if name == "upper" else
                    [t.lower() for t in texts] if name == "lower" else
                    [t.strip() for t in texts] if name == "trim" else texts)
            return _Values(_dedup(done))
        if name == "rich" and not args:
            from printandplay.layout.templating import Rich

            return _Values(_dedup(Rich(v) if isinstance(v, str) else v for v in value.items))
        if name == "replace" and len(args) == 2:
            old, new = args
            if not isinstance(old, _Values) or not isinstance(new, _Values):
                raise _Unknown
            return _Values(_dedup(_text(v).replace(str(a), str(b))
                                  for v in value.items for a in old.items for b in new.items))
        raise _Unknown


def _text(value: Any) -> str:
    """``str(value)`` when it is fixed (plain data), else unknown."""
    if not _plain_data(value):
        raise _Unknown
    return str(value)


def _contains(pieces: Iterable[str], text: str) -> bool:
    """Whether some concatenation of ``pieces`` (any order, any repetition) contains
    ``text``: the states of a matcher of ``text`` reachable from its start by reading whole
    pieces."""
    failure = [0] * (len(text) + 1)  # Knuth-Morris-Pratt
    k = 0
    for i in range(1, len(text)):
        while k and text[i] != text[k]:
            k = failure[k]
        if text[i] == text[k]:
            k += 1
        failure[i + 1] = k

    def step(state: int, char: str) -> int:
        while state and (state == len(text) or text[state] != char):
            state = failure[state]
        return state + 1 if text[state] == char else 0

    pieces = [p for p in set(pieces) if p]
    seen = {0}
    todo = [0]
    while todo:
        start = todo.pop()
        for piece in pieces:
            state = start
            for char in piece:
                state = step(state, char)
                if state == len(text):
                    return True
            if state not in seen:
                seen.add(state)
                todo.append(state)
    return False


def may_print(env: jinja2.Environment, source: str, variables: Mapping[str, Sequence[Any]],
              text: str) -> bool:
    """Whether rendering the template ``source`` can print ``text`` when each variable takes
    any of its ``variables`` values (``False`` only when it provably cannot)."""
    if not text or "\\" in text:
        return True  # (a backslash could come from escaping the markup)
    try:
        template = env.parse(source)
    except Exception:  # noqa: BLE001 - rendering reports it, naming the box
        return True
    assigned = {target.name for n in template.find_all((nodes.Assign, nodes.For))
                if isinstance(target := getattr(n, "target", None), nodes.Name)}
    reader = _Reader(variables, assigned)
    out: set[str] = set()
    try:
        reader.bind(template)
        if "loop" in reader.bound or "loop" in variables:
            return True
        reader.bound["loop"] = _Loop()
        reader.body(template.body, out)
    except _Unknown:
        return True
    except RecursionError:
        return True
    return _contains(out, text)
