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

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final

from jinja2 import nodes

from printandplay.templating.values import (
    BOOLS,
    LOOP_NUMBERS,
    MAX_VALUES,
    NUMBER,
    PLAIN,
    Abstract,
    Loop,
    Pieces,
    Seq,
    Unknown,
    Values,
    contains,
    dedup,
    is_number,
    pieces_of,
    text_of,
    union,
)


class _Reader:
    """Evaluates one parsed template over the possible values of its variables."""

    def __init__(self, variables: Mapping[str, Sequence[Any]], assigned: set[str]) -> None:
        self.variables = variables
        self.assigned = assigned
        self.bound: dict[str, Abstract] = {}
        self._values: dict[str, Values] = {}  # the variables' values, without repeats

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
                    out.update(pieces_of(self.expr(child)))
        elif isinstance(node, nodes.If):
            self.body(node.body, out)
            for branch in node.elif_:
                self.statement(branch, out)
            self.body(node.else_, out)
        elif isinstance(node, nodes.For):
            if node.recursive:
                raise Unknown
            self.body(node.body, out)
            self.body(node.else_, out)
        elif isinstance(node, nodes.Assign):
            pass  # bound beforehand (:meth:`bind`)
        else:  # macros, includes, blocks, call blocks, with, filter blocks…
            raise Unknown

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
                raise Unknown
            if not isinstance(target, nodes.Name):
                raise Unknown
            if any(n.name in self.assigned for n in source.find_all(nodes.Name)):
                raise Unknown
            value = self.expr(source)
            if isinstance(node, nodes.For):
                value = self._elements(value)
            known = self.bound.get(target.name)
            self.bound[target.name] = value if known is None else union([known, value])

    def _elements(self, value: Abstract) -> Abstract:
        """What a ``for`` over ``value`` takes."""
        if isinstance(value, Seq):
            return union(value.items) if value.items else Values(())
        if not isinstance(value, Values):
            raise Unknown
        items: list[Any] = []
        for container in value.items:
            if type(container) in (list, tuple) or type(container) is dict:
                items.extend(container)
            else:  # strings (characters), other iterables
                raise Unknown
        return Values(dedup(items))

    # expressions

    def expr(self, node: nodes.Node) -> Abstract:
        if isinstance(node, nodes.Const):
            return Values((node.value,))
        if isinstance(node, nodes.Name):
            return self.name(node.name)
        if isinstance(node, nodes.Getattr):
            return self.getattr(self.expr(node.node), node.attr)
        if isinstance(node, nodes.Getitem):
            if isinstance(node.arg, nodes.Slice):
                raise Unknown
            return self.getitem(self.expr(node.node), self.expr(node.arg))
        if isinstance(node, nodes.CondExpr):
            choices = [self.expr(node.expr1)]
            if node.expr2 is not None:
                choices.append(self.expr(node.expr2))
            return union(choices)
        if isinstance(node, (nodes.And, nodes.Or)):
            return union([self.expr(node.left), self.expr(node.right)])
        if isinstance(node, (nodes.Not, nodes.Compare, nodes.Test)):
            return BOOLS
        if isinstance(node, nodes.Concat):
            return Pieces(frozenset().union(*(pieces_of(self.expr(n), True)
                                                for n in node.nodes)))
        if isinstance(node, (nodes.List, nodes.Tuple)):
            return Seq(tuple(self.expr(n) for n in node.items))
        if isinstance(node, nodes.Filter):
            return self.filter(node)
        if isinstance(node, nodes.BinExpr):
            if is_number(self.expr(node.left)) and is_number(self.expr(node.right)):
                return NUMBER
            raise Unknown
        if isinstance(node, nodes.UnaryExpr):
            if is_number(self.expr(node.node)):
                return NUMBER
            raise Unknown
        raise Unknown  # calls, dicts, slices…

    def name(self, name: str) -> Abstract:
        choices: list[Abstract] = []
        if name in self.bound:
            choices.append(self.bound[name])
        if name in self.variables and (name not in self.bound or name in self.assigned):
            choices.append(self._variable(name))
        if not choices:
            raise Unknown  # globals (range, dict…), or set in a way not followed
        return choices[0] if len(choices) == 1 else union(choices)

    def _variable(self, name: str) -> Values:
        known = self._values.get(name)
        if known is None:
            values = self.variables[name]  # (repeats only cost time)
            if len(values) > MAX_VALUES:
                raise Unknown
            known = self._values[name] = Values(values)  # read on demand, not copied
        return known

    def getattr(self, value: Abstract, attr: str) -> Abstract:
        if isinstance(value, Loop):
            if attr in LOOP_NUMBERS:
                return NUMBER
            if attr in ("first", "last"):
                return BOOLS
            raise Unknown
        if not isinstance(value, Values):
            raise Unknown
        found: list[Any] = []
        for item in value.items:
            if not (type(item) is dict or isinstance(item, PLAIN)) or hasattr(item, attr):
                raise Unknown  # an attribute or a method, not an entry
            if type(item) is dict and attr in item:
                found.append(item[attr])
            # else: undefined, an error when printed or used: nothing printed
        return Values(dedup(found))

    def getitem(self, value: Abstract, index: Abstract) -> Abstract:
        if isinstance(value, Seq):
            if not isinstance(index, Values) or any(
                    not isinstance(i, int) for i in index.items):
                raise Unknown
            return union(value.items) if value.items else Values(())
        if not isinstance(value, Values) or not isinstance(index, Values):
            raise Unknown
        found: list[Any] = []
        for item in value.items:
            if type(item) not in (dict, list, tuple):
                raise Unknown  # a string's characters, an object's entries
            for key in index.items:
                try:
                    found.append(item[key])
                except (LookupError, TypeError):
                    if isinstance(key, str) and hasattr(item, key):
                        raise Unknown from None  # Jinja falls back on the attribute
        return Values(dedup(found))

    def filter(self, node: nodes.Filter) -> Abstract:
        name = node.name
        if name in ("length", "count"):
            return NUMBER
        if node.node is None or node.kwargs or node.dyn_args or node.dyn_kwargs:
            raise Unknown
        value = self.expr(node.node)
        if not isinstance(value, Values):
            raise Unknown
        args = [self.expr(a) for a in node.args]
        if name in ("upper", "lower", "trim", "string") and not args:
            texts = [text_of(v) for v in value.items]
            done = ([t.upper() for t in texts] if name == "upper" else
                    [t.lower() for t in texts] if name == "lower" else
                    [t.strip() for t in texts] if name == "trim" else texts)
            return Values(dedup(done))
        if name == "rich" and not args:
            from printandplay.templating.environment import Rich

            return Values(dedup(Rich(text_of(v)) for v in value.items))  # str(v), marked
        if name == "replace" and len(args) == 2:
            old, new = args
            if not isinstance(old, Values) or not isinstance(new, Values):
                raise Unknown
            return Values(dedup(text_of(v).replace(str(a), str(b))
                                  for v in value.items for a in old.items for b in new.items))
        raise Unknown


# ``{{ card.FIELD }}``, the commonest template: its tree is known without parsing it
_PLAIN_FIELD: Final = re.compile(r"\{\{\s*card\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")


def _field_template(field: str) -> nodes.Template:
    """The parse tree of ``{{ card.FIELD }}``."""
    return nodes.Template([nodes.Output([nodes.Getattr(nodes.Name("card", "load"), field,
                                                       "load")])])


def may_print(parse: Callable[[str], nodes.Template], source: str,
              variables: Mapping[str, Sequence[Any]], text: str) -> bool:
    """Whether rendering the template ``source`` (``parse`` reads it) can print ``text`` when each variable takes
    any of its ``variables`` values (``False`` only when it provably cannot)."""
    if not text or "\\" in text:
        return True  # (a backslash could come from escaping the markup)
    field = _PLAIN_FIELD.fullmatch(source)
    try:
        template = _field_template(field[1]) if field else parse(source)
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
        reader.bound["loop"] = Loop()
        reader.body(template.body, out)
    except Unknown:
        return True
    except RecursionError:
        return True
    return contains(out, text)
