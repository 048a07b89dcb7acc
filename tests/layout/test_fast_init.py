"""Frozen dataclasses made without their ``__init__`` (``layout/fast_init.py``, issue 15): the
same objects in every way, and only for classes where that holds."""

from __future__ import annotations

import dataclasses
import pickle
from typing import Any

import pytest

from printandplay.layout import face, textfit
from printandplay.layout.fast_init import maker
from printandplay.layout.textfit import FittedText
from printandplay.model.ops import GroupOp, TextOp

CASES: list[tuple[Any, type[Any], tuple[Any, ...]]] = [
    (textfit.make_text_op, TextOp, (1.5, -2.0, "Lame", "F-bold", 9.25, (0.1, 0.2, 0.3))),
    (face._group_op, GroupOp, ((1.0, 0.0, 0.0, 1.0, 5.0, 6.0),
                               (TextOp(0, 0, "a", "F", 9, (0, 0, 0)),), None)),
    (face._group_op, GroupOp, ((1.0, 0.0, 0.0, 1.0, 5.0, 6.0), (), (0.0, 0.0, 2.0, 3.0))),
    (textfit.make_fitted, FittedText, (8.5, (), 20.0, 2, (0.0, -1.0, 30.0, 9.0))),
    (textfit.make_fitted, FittedText, (8.5, (), 20.0, 2, None)),
]


@pytest.mark.parametrize(("make", "cls", "args"), CASES)
def test_made_objects_are_the_dataclass_s(make: Any, cls: type[Any],
                                          args: tuple[Any, ...]) -> None:
    made, expected = make(*args), cls(*args)
    assert type(made) is cls and made == expected and hash(made) == hash(expected)
    assert list(vars(made).items()) == list(vars(expected).items())  # same order too
    assert [f.name for f in dataclasses.fields(cls)] == list(vars(made))
    assert pickle.loads(pickle.dumps(made)) == expected and repr(made) == repr(expected)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.ops = ()


def test_only_plain_frozen_dataclasses_are_made() -> None:
    @dataclasses.dataclass
    class Mutable:
        x: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class Slotted:
        x: int

    @dataclasses.dataclass(frozen=True)
    class Checked:
        x: int

        def __post_init__(self) -> None:
            assert self.x > 0

    @dataclasses.dataclass(frozen=True)
    class Derived:
        x: int
        y: int = dataclasses.field(init=False, default=0)

    for cls in (Mutable, Slotted, Checked, Derived, int):
        with pytest.raises(TypeError):
            maker(cls)
