"""``@record`` (printandplay/model/record.py) behaves as ``@dataclass(frozen=True)``: the same
``__init__`` signature, ``repr``, equality, hash, fields and frozen errors, for the features the
model uses (defaults, default factories, ``compare=False``, ``kw_only`` bases, subclasses)."""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable
from typing import Any

import pytest

from printandplay.model import deck, deck_rules, game
from printandplay.model.record import record


def _pair(body: Callable[[], type], **options: Any) -> tuple[type, type]:
    """The class made by ``body`` decorated by ``@dataclass(frozen=True)`` and by ``@record``."""
    return (dataclasses.dataclass(frozen=True, **options)(body()),
            record(frozen=True, **options)(body()))


def _point() -> type:
    class Point:
        """A point."""

        x: float
        y: float = 0.0
        tags: tuple[str, ...] = ()
        extra: dict[str, Any] = dataclasses.field(default_factory=dict, hash=False)
        note: str = dataclasses.field(default="", compare=False)
        hidden: int = dataclasses.field(default=0, repr=False)

        def norm(self) -> float:
            return float(self.x ** 2 + self.y ** 2)

    return Point


def _same_behaviour(real: type, ours: type, args: tuple[Any, ...], kwargs: dict[str, Any]
                    ) -> None:
    assert str(inspect.signature(real)) == str(inspect.signature(ours))
    a, b = real(*args, **kwargs), ours(*args, **kwargs)
    assert repr(a).replace(real.__qualname__, "C") == repr(b).replace(ours.__qualname__, "C")
    assert hash(a) == hash(b)
    assert [f.name for f in dataclasses.fields(a)] == [f.name for f in dataclasses.fields(b)]
    assert dataclasses.asdict(a) == dataclasses.asdict(b)
    assert b == ours(*args, **kwargs) and b != a and a != b
    assert ours.__match_args__ == real.__match_args__  # type: ignore[attr-defined]
    for obj in (a, b):
        name = dataclasses.fields(obj)[0].name
        with pytest.raises(dataclasses.FrozenInstanceError, match=f"cannot assign to field '{name}'"):
            setattr(obj, name, 1)
        with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'other'"):
            obj.other = 1  # type: ignore[attr-defined]
        with pytest.raises(dataclasses.FrozenInstanceError, match=f"cannot delete field '{name}'"):
            delattr(obj, name)


def test_a_record_behaves_as_a_frozen_dataclass() -> None:
    real, ours = _pair(_point)
    _same_behaviour(real, ours, (1.0,), {"tags": ("a",), "note": "n", "hidden": 3})
    p = ours(1.0, 2.0)
    assert p.norm() == 5.0
    assert p.extra == {} and p.extra is not ours(1.0).extra  # a fresh default each time
    assert p == ours(1.0, 2.0, note="other")  # compare=False
    assert p != ours(1.0, 3.0) and p != (1.0, 2.0)
    assert dataclasses.replace(p, y=5.0) == ours(1.0, 5.0)
    assert hash(p) == hash(ours(1.0, 2.0, note="other"))
    nan = float("nan")
    q = ours(nan)
    r = real(nan)
    assert (q == q, q == ours(nan), q == ours(float("nan"))) == (
        r == r, r == real(nan), r == real(float("nan"))) == (True, True, False)
    with pytest.raises(TypeError):
        ours()
    with pytest.raises(TypeError):
        ours(1.0, 2.0, (), {}, "", 0, 7)


def test_kw_only_bases_and_subclasses_as_dataclasses_make_them() -> None:
    def notice() -> type:
        class Notice:
            rule: str
            message: str = ""

        return Notice

    real_base, our_base = _pair(notice, kw_only=True)

    @dataclasses.dataclass(frozen=True)
    class RealRule(real_base):  # type: ignore[valid-type, misc]
        section: str
        accepts: tuple[str, ...] = ()

    @record(frozen=True)
    class OurRule(our_base):  # type: ignore[valid-type, misc]
        section: str
        accepts: tuple[str, ...] = ()

    assert (str(inspect.signature(RealRule)) == str(inspect.signature(OurRule))
            == "(section: 'str', accepts: 'tuple[str, ...]' = (), *, rule: 'str', "
               "message: 'str' = '') -> None")
    _same_behaviour(RealRule, OurRule, ("s",), {"rule": "R"})
    assert OurRule("s", rule="R") != our_base(rule="R")
    with pytest.raises(TypeError):
        OurRule("s")  # rule is required


def test_a_record_refuses_what_it_does_not_make() -> None:
    with pytest.raises(TypeError, match="follows default"):
        @record(frozen=True)
        class Broken:
            a: int = 1
            b: int  # type: ignore[misc]

    with pytest.raises(TypeError, match="defines __eq__"):
        @record(frozen=True)
        class OwnEq:
            a: int

            def __eq__(self, other: object) -> bool:
                return True

    with pytest.raises(TypeError, match="init=False"):
        @record(frozen=True)
        class NoInit:
            a: int = dataclasses.field(default=1, init=False)


def test_a_recursive_repr_stops() -> None:
    @record(frozen=True)
    class Box:
        items: list[Any]

    box = Box([])
    box.items.append(box)
    assert repr(box) == "test_a_recursive_repr_stops.<locals>.Box(items=[...])"


@pytest.mark.parametrize("module", [game, deck_rules, deck])
def test_the_model_classes_are_frozen_dataclasses(module: Any) -> None:
    classes = [c for c in vars(module).values()
               if isinstance(c, type) and c.__module__ == module.__name__
               and dataclasses.is_dataclass(c) and "__slots__" not in vars(c)]
    assert len(classes) >= 4
    for cls in classes:
        bare: Any = object.__new__(cls)  # any attribute set: refused
        with pytest.raises(dataclasses.FrozenInstanceError):
            bare.anything = 1
        assert hash(cls.__hash__) and cls.__eq__ is not object.__eq__, cls


def test_records_pickle_and_copy() -> None:
    """Records cross process boundaries and get copied as dataclasses do."""
    import copy
    import pickle

    players = game.Players(2, 4)
    rule = deck_rules.SectionRule("jeu", ("carte",), rule="R")
    for value in (players, rule):
        assert pickle.loads(pickle.dumps(value)) == value
        assert copy.deepcopy(value) == value and copy.copy(value) == value
    assert str(pickle.loads(pickle.dumps(players))) == "2–4"


def test_a_record_of_one_field_or_none() -> None:
    @record(frozen=True)
    class One:
        a: int

    @record(frozen=True)
    class Empty:
        pass

    assert One(1) == One(1) != One(2) and hash(One(1)) == hash((1,))
    assert Empty() == Empty() and hash(Empty()) == hash(()) and repr(Empty()).endswith("Empty()")
    with pytest.raises(TypeError, match="frozen"):
        record(frozen=False)
