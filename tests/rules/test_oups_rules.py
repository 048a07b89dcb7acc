"""The « Oups Magie ! » spell calculator: card parsing, values, limits, JSON shape, text output.

Data-driven spells are in ``tests/rules/cases/oups/spells.yaml``; rule ids are in
``seeds/oups.md``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import load_yaml

from printandplay.errors import OptionError, PrintAndPlayError
from printandplay.rules.oups import compute_spell, spell_from_text
from printandplay.rules.oups_cards import (
    RANKS,
    SUITS,
    Card,
    CardSyntaxError,
    parse_card,
    parse_cards,
)
from printandplay.rules.oups_format import format_spell
from printandplay.rules.oups_scores import (
    damage_score,
    defense_score,
    hit_threshold,
    packet_score,
    targets_for,
)
from printandplay.rules.report import Violation

FULL_DECK = [Card(rank, suit) for suit in SUITS for rank in RANKS]  # suit by suit, rank order

CASES = Path(__file__).parent / "cases" / "oups" / "spells.yaml"
DIGEST = Path(__file__).resolve().parents[2] / "seeds" / "oups.md"


def _cases() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = load_yaml(CASES)
    return cases


def _example() -> Any:
    return spell_from_text("V♥ 4♦ 5♥", "R♠ V♣", "5♣ 6♣ 7♣", "3♦", "dommages")


# ---- Data-driven spells ---------------------------------------------------------------------

@pytest.mark.parametrize("case", _cases(), ids=lambda c: c["name"])
def test_spell_case(case: dict[str, Any]) -> None:
    result = spell_from_text(case["etendue"], case["puissance"], case["dommages"],
                             case.get("defense"), case.get("bonus"))
    got = result.as_dict()
    for key, expected in case["expect"].items():
        assert got[key] == expected, f"{key}: {got[key]!r}"


def test_cases_cover_every_limit_and_rule_id() -> None:
    rules = {e["rule"] for c in _cases() for e in c["expect"].get("errors", [])}
    assert rules == {"OUPS-SPELL-1", "OUPS-SPELL-2", "OUPS-KIT-1"}
    messages = " ".join(e["message"] for c in _cases() for e in c["expect"].get("errors", []))
    for packet in ("Étendue", "Puissance", "Dommages", "Défense"):
        assert f"{packet} : " in messages


def test_every_rule_id_used_by_the_calculator_is_in_the_digest() -> None:
    digest = DIGEST.read_text(encoding="utf-8")
    for rule in ("OUPS-SPELL-1", "OUPS-SPELL-2", "OUPS-SPELL-3", "OUPS-KIT-1", "OUPS-EXT-1",
                 "OUPS-DMG-1", "OUPS-DMG-2", "OUPS-DEF-1", "OUPS-HIT-1", "OUPS-BONUS-2"):
        assert f"**{rule}**" in digest, rule


# ---- The seed's example, exactly --------------------------------------------------------------

def test_seed_example_json_shape_is_exact() -> None:
    assert _example().as_dict() == {
        "valid": True,
        "etendue": {"value": 15, "targets": 3},
        "puissance": {"value": 20},
        "dommages": {"value": 4},
        "defense": {"value": 2},
        "errors": [],
    }
    json.dumps(_example().as_dict())  # JSON-ready


def test_compute_spell_takes_cards_and_a_single_defence_card() -> None:
    e, p, d = parse_cards("V♥ 4♦ 5♥"), parse_cards("R♠ V♣"), parse_cards("5♣ 6♣ 7♣")
    one = compute_spell(e, p, d, Card("3", "carreau"), "dommages")
    listed = compute_spell(e, p, d, [Card("3", "carreau")], "dommages")
    assert one.as_dict() == listed.as_dict() == _example().as_dict()
    assert compute_spell(e, p, d, []).as_dict()["defense"] is None
    assert compute_spell(e, p, d).as_dict()["defense"] is None


def test_invalid_spell_has_no_values_and_violations_are_report_violations() -> None:
    result = spell_from_text("V♥", "R♠", "5♣ 6♣")
    assert not result.valid
    assert result.etendue is result.puissance is result.dommages is result.defense is None
    assert all(isinstance(v, Violation) for v in result.errors)
    assert result.as_dict()["errors"] == [v.as_dict() for v in result.errors]


# ---- Scores, unit by unit -----------------------------------------------------------------

def test_packet_score_steps_explain_each_card() -> None:
    score = packet_score(parse_cards("V♥ 4♦ 5♥"))
    assert score.value == 15
    assert [s.points for s in score.steps] == [12, 1, 1, 1]
    assert score.steps[0].text.startswith("V♥")
    assert "rouges" in score.steps[-1].text


def test_highest_card_is_the_first_of_equal_values() -> None:
    score = packet_score(parse_cards("R♥ R♠"))
    assert score.steps[0].text.startswith("R♥") and score.value == 19


@pytest.mark.parametrize(("value", "targets"), [
    (1, 1), (9, 1), (10, 2), (14, 2), (15, 3), (24, 3)])
def test_targets_thresholds(value: int, targets: int) -> None:
    assert targets_for(value) == targets


@pytest.mark.parametrize(("cards", "base"), [
    ("7♥ 7♠ 7♦", 3), ("5♣ 7♣ 6♥", 2), ("D♥ R♠ A♦", 2), ("R♥ A♠ 2♦", 2), ("A♥ 2♠ 3♦", 2),
    ("V♥ D♠ R♦", 2), ("5♥ 5♠ 9♦", 1), ("5♥ 5♠", 1), ("2♥ 3♠", 0), ("R♥ A♠ 3♦", 0),
    ("9♥ 10♠ D♦", 0), ("D♥ R♠ 2♦", 0),
])
def test_damage_base_combination(cards: str, base: int) -> None:
    assert damage_score(parse_cards(cards)).steps[0].points == base


def test_damage_bonus_per_king_and_ace_and_first_attacker() -> None:
    score = damage_score(parse_cards("R♥ A♥ 2♥"), bonus=True)
    assert [s.points for s in score.steps] == [2, 1, 1, 1, 1]
    assert score.value == 6


@pytest.mark.parametrize(("card", "half"), [
    ("A♠", 1), ("2♠", 1), ("3♦", 2), ("9♣", 5), ("10♥", 5), ("V♠", 6), ("D♠", 7), ("R♠", 8)])
def test_defense_is_half_rounded_up(card: str, half: int) -> None:
    assert defense_score(parse_card(card)).value == half


def test_hit_threshold_is_power_minus_defence() -> None:
    assert hit_threshold(20) == 20
    assert hit_threshold(20, 2) == 18


def test_full_deck_values() -> None:
    deck = FULL_DECK
    assert len(deck) == len(set(deck)) == 52
    assert sum(c.value for c in deck) == 4 * (sum(range(1, 11)) + 12 + 14 + 16)
    assert {c.colour for c in deck if c.suit in ("coeur", "carreau")} == {"rouge"}
    assert {c.colour for c in deck if c.suit in ("trefle", "pique")} == {"noire"}
    assert [c.rank for c in deck if c.is_face] == ["V", "D", "R"] * 4


# ---- Bonus option ---------------------------------------------------------------------------

@pytest.mark.parametrize(("bonus", "key"), [
    ("etendue", "etendue"), ("Étendue", "etendue"), ("PUISSANCE", "puissance"),
    ("dommages", "dommages"), (None, None), ("", None)])
def test_bonus_names(bonus: str | None, key: str | None) -> None:
    result = spell_from_text("V♥ 4♦ 5♥", "R♠ V♣", "5♣ 6♣ 7♣", "3♦", bonus)
    assert result.bonus == key


@pytest.mark.parametrize("bonus", ["defense", "vie", "+1"])
def test_bad_bonus_is_an_option_error(bonus: str) -> None:
    with pytest.raises(OptionError, match="bonus"):
        spell_from_text("V♥ 4♦ 5♥", "R♠ V♣", "5♣ 6♣ 7♣", "3♦", bonus)


# ---- Parsing --------------------------------------------------------------------------------

@pytest.mark.parametrize(("token", "rank", "suit"), [
    ("V♥", "V", "coeur"), ("J♥", "V", "coeur"), ("jh", "V", "coeur"), ("A♠", "A", "pique"),
    ("1s", "A", "pique"), ("10♦", "10", "carreau"), ("10d", "10", "carreau"),
    ("QD", "D", "carreau"), ("DD", "D", "carreau"), ("d♣", "D", "trefle"),
    ("KC", "R", "trefle"), ("R♣", "R", "trefle"), ("r♠", "R", "pique"), ("2H", "2", "coeur"),
    ("9♡", "9", "coeur"), ("5♥\ufe0f", "5", "coeur"),
])
def test_parse_card_notations(token: str, rank: str, suit: str) -> None:
    assert parse_card(token) == Card(rank, suit)


def test_parse_cards_separators_and_empty_text() -> None:
    assert parse_cards("V♥ 4♥ 5♥") == [Card("V", "coeur"), Card("4", "coeur"), Card("5", "coeur")]
    assert parse_cards("  V♥,4♥ ,  5♥\n") == parse_cards("V♥ 4♥ 5♥")
    assert parse_cards("") == [] and parse_cards("   ") == []


def test_card_labels_round_trip() -> None:
    for card in FULL_DECK:
        assert parse_card(card.label) == card
    assert [str(Card(r, "pique")) for r in RANKS][-3:] == ["V♠", "D♠", "R♠"]
    assert len(SUITS) == 4


@pytest.mark.parametrize(("text", "token", "reason"), [
    ("11♥", "11♥", "rang inconnu « 11 »"),
    ("Z♠", "Z♠", "rang inconnu « Z »"),
    ("0♠", "0♠", "rang inconnu « 0 »"),
    ("VX", "VX", "enseigne inconnue « X »"),
    ("10", "10", "enseigne inconnue « 0 »"),
    ("♥", "♥", "il faut un rang puis une enseigne"),
    ("V", "V", "il faut un rang puis une enseigne"),
    ("V♥ 4♥ 5♥+", "5♥+", "enseigne inconnue « + »"),
])
def test_bad_token_is_named(text: str, token: str, reason: str) -> None:
    with pytest.raises(CardSyntaxError) as caught:
        parse_cards(text)
    error = caught.value
    assert isinstance(error, PrintAndPlayError) and error.exit_code == 2
    assert error.tokens == (token,)
    assert f"« {token} »" in str(error) and reason in str(error)


def test_every_bad_token_of_every_packet_is_reported_at_once() -> None:
    with pytest.raises(CardSyntaxError) as caught:
        spell_from_text("V♥ 11♥", "R♠ X", "5♣ 6♣", "3♦ ZZ")
    assert caught.value.tokens == ("11♥", "X", "ZZ")
    assert len(caught.value.problems()) == 3


# ---- Text output ----------------------------------------------------------------------------

def test_format_explains_the_seed_example_number_by_number() -> None:
    text = format_spell(_example())
    lines = text.splitlines()
    assert lines[0] == "Sort valide : 9 cartes posées."
    assert "Étendue : V♥ 4♦ 5♥ = 15" in lines
    for expected in ("V♥, la plus forte carte", "4♦ (autre carte)", "toutes rouges",
                     "15 ou plus : 3 attaques", "Puissance : R♠ V♣ = 20",
                     "V♣ (Valet, une figure)", "toutes noires", "au plus 20",
                     "touche à coup sûr", "Dommages : 5♣ 6♣ 7♣ = 4", "suite 5-6-7",
                     "bonus du premier attaquant", "ôte 4 points de vie", "12 en tout",
                     "Défense : 3♦ = 2", "moitié arrondie au-dessus", "perd 2 de puissance"):
        assert expected in text, expected
    step = next(line for line in lines if "la plus forte carte" in line and "V♥" in line)
    assert step.rstrip().endswith("12")


def test_format_without_defence_and_with_a_weak_power() -> None:
    text = format_spell(spell_from_text("2♠ 3♣", "4♦ 5♠", "2♥ 9♠ 8♦"))
    assert "Défense : aucune carte" in text
    assert "9 ou moins : 1 attaque (1 cible)" in text
    assert "touche à coup sûr" not in text
    assert "ôte 0 point de vie" in text


def test_format_refused_spell_lists_every_violation() -> None:
    result = spell_from_text("2♠ 3♣ 4♦ 5♣", "", "6♥", "A♣ A♠")
    text = format_spell(result)
    assert text.startswith("Sort refusé :")
    assert len([line for line in text.splitlines() if line.startswith("  ✗")]) == len(
        result.errors) == 4
    assert "Puissance : 0 carte, il en faut de 1 à 3 (OUPS-SPELL-2)" in text
    assert "Paquets posés :" in text and "Défense : A♣ A♠" in text
