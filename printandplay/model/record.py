"""``@record``: a frozen dataclass that costs less to define.

``@dataclass(frozen=True)`` compiles six methods per class from generated source (``__init__``,
``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``); the ~30 model
classes a command loads at start-up spent ~20 ms in it (``printandplay validate`` must start in
under 0.2 s). ``@record`` lets :func:`dataclasses.dataclass` collect the fields (so
:func:`dataclasses.fields`, :func:`dataclasses.replace` and type checkers see an ordinary
dataclass), compiles ``__init__`` alone, and gives the other five methods as shared functions
that behave as the generated ones do: same ``repr``, equality and hash over the same fields,
:class:`dataclasses.FrozenInstanceError` on assignment.

For type checkers ``record`` *is* :func:`dataclasses.dataclass`, so classes are written
``@record(frozen=True)`` (or with ``kw_only=True`` too): what the type checker reads is what
runs (``@record`` refuses ``frozen=False``). Classes whose instances are
many and hashed or compared in hot paths (a component, a drawing operation) may stay plain
``@dataclass(frozen=True, slots=True)``: ``@record`` refuses ``slots``.
"""

from __future__ import annotations

import dataclasses
import operator
import reprlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

__all__ = ["record"]

_MISSING = dataclasses.MISSING


def _init_source(fields: list[dataclasses.Field[Any]]) -> tuple[str, dict[str, Any]]:
    """The source of ``__init__`` (frozen: ``object.__setattr__``) and the names it uses."""
    names: dict[str, Any] = {"__record_set__": object.__setattr__,
                             "__record_factory__": _FACTORY}
    positional: list[str] = []
    keyword: list[str] = []
    body: list[str] = []
    seen_default = False
    for f in fields:
        if not f.init:
            raise TypeError(f"@record: field {f.name!r} with init=False is not supported")
        if f.default is not _MISSING:
            names[f"__record_default_{f.name}__"] = f.default
            param = f"{f.name}=__record_default_{f.name}__"
            value = f.name
        elif f.default_factory is not _MISSING:
            names[f"__record_factory_{f.name}__"] = f.default_factory
            param = f"{f.name}=__record_factory__"
            value = (f"__record_factory_{f.name}__() if {f.name} is __record_factory__ "
                     f"else {f.name}")
        else:
            param = f.name
            value = f.name
            if seen_default and not f.kw_only:
                raise TypeError(f"non-default argument {f.name!r} follows default argument")
        if not f.kw_only and param != f.name:
            seen_default = True
        (keyword if f.kw_only else positional).append(param)
        body.append(f"  __record_set__(self, {f.name!r}, {value})")
    params = ["self", *positional, *(["*", *keyword] if keyword else [])]
    source = (f"def __init__({', '.join(params)}):\n" + ("\n".join(body) or "  pass") + "\n")
    return source, names


class _Factory:
    """The default of a parameter whose field has a ``default_factory``."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


def _values(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """A function giving the tuple of an object's attributes ``names``."""
    if not names:
        return lambda obj: ()
    get = operator.attrgetter(*names)
    if len(names) == 1:
        return lambda obj: (get(obj),)
    return get  # type: ignore[return-value]


def _methods(cls: type[Any], fields: list[dataclasses.Field[Any]]) -> dict[str, Callable[..., Any]]:
    """``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__`` and ``__delattr__`` as
    ``@dataclass(frozen=True)`` would generate them for ``cls``."""
    shown = tuple(f.name for f in fields if f.repr)
    compared = _values(tuple(f.name for f in fields if f.compare))
    hashed = _values(tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash)))
    every = frozenset(f.name for f in fields)

    @reprlib.recursive_repr()
    def __repr__(self: Any) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{self.__class__.__qualname__}({inner})"

    def __eq__(self: Any, other: object) -> bool:
        if other.__class__ is self.__class__:
            return compared(self) == compared(other)
        return NotImplemented

    def __hash__(self: Any) -> int:
        return hash(hashed(self))

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in every:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in every:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return {"__repr__": __repr__, "__eq__": __eq__, "__hash__": __hash__,
            "__setattr__": __setattr__, "__delattr__": __delattr__}


def _make_record(cls: type, kw_only: bool) -> type:
    """Turn ``cls`` into a frozen dataclass (see the module's docstring)."""
    for name in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__"):
        if name in cls.__dict__:
            raise TypeError(f"@record class {cls.__name__} defines {name}: use @dataclass")
    cls = dataclasses.dataclass(cls, init=False, repr=False, eq=False, kw_only=kw_only)
    fields = list(dataclasses.fields(cls))
    source, names = _init_source(fields)
    namespace: dict[str, Any] = {}
    exec(source, names, namespace)  # noqa: S102 - our own source, from the field names
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__annotations__ = {**{f.name: f.type for f in fields}, "return": None}
    cls.__init__ = init  # type: ignore[misc]
    for name, method in _methods(cls, fields).items():
        method.__qualname__ = f"{cls.__qualname__}.{name}"
        method.__module__ = cls.__module__
        setattr(cls, name, method)
    return cls


if TYPE_CHECKING:
    from dataclasses import dataclass as record
else:
    def record(cls: type | None = None, /, *, frozen: bool = True,
               kw_only: bool = False) -> Any:
        """Decorate a class as a frozen dataclass, cheaply (``@record`` or
        ``@record(kw_only=True)``)."""
        if not frozen:
            raise TypeError("@record classes are frozen")
        if cls is None:
            return lambda klass: _make_record(klass, kw_only)
        return _make_record(cls, kw_only)
