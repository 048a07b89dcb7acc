"""The model's values are frozen dataclasses: assignment refused, equal by value, and they
pickle and copy (a process of ``build all`` may receive them) with their slots."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from typing import Any

import pytest

from printandplay.model import deck, deck_rules, field_values, game
from printandplay.rules import commands, report


@pytest.mark.parametrize("module", [game, deck_rules, deck, field_values, report, commands])
def test_the_model_classes_are_frozen_slotted_dataclasses(module: Any) -> None:
    classes = [c for c in vars(module).values()
               if isinstance(c, type) and c.__module__ == module.__name__
               and dataclasses.is_dataclass(c)]
    assert classes
    for cls in classes:
        assert cls.__dataclass_params__.frozen, cls  # type: ignore[attr-defined]
        assert "__slots__" in vars(cls) and not hasattr(object.__new__(cls), "__dict__"), cls


def test_values_pickle_copy_and_refuse_assignment() -> None:
    players = game.Players(2, 4)
    rule = deck_rules.SectionRule("jeu", ("carte",), rule="R")
    violation = report.Violation("R-1", "trop de cartes", cards=("a", "b"), line=3)
    for value in (players, rule, violation):
        assert pickle.loads(pickle.dumps(value)) == value
        assert copy.deepcopy(value) == value and copy.copy(value) == value
        assert hash(pickle.loads(pickle.dumps(value))) == hash(value)
    assert str(pickle.loads(pickle.dumps(players))) == "2–4"
    assert rule != deck_rules.SectionRule("jeu", ("carte",), rule="R2")
    with pytest.raises(dataclasses.FrozenInstanceError):
        players.min = 3  # type: ignore[misc]
    assert dataclasses.replace(rule, section="x").section == "x"
