"""Limits (game id ``limits``): the kit's data, its composition checks and its build.

The expected values come from the shared design rulings §3 (counts §3.2, real cards §3.3,
proposed limit cards §3.5) and from the rules digest ``seeds/limits.md``.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from helpers import (
    KITS_GROUP,
    KitsBuild,
    body_pages,
    component_records,
    copies,
    copy_kit,
    kit_pages,
    of_type,
    page_text,
    replace_once,
)
from pypdf import PdfReader
from typer.testing import CliRunner

from printandplay.cli import app
from printandplay.data.game_loader import load_game
from printandplay.model.game import Component, Game
from printandplay.project import Resources
from printandplay.rules.composition import check_composition

pytestmark = pytest.mark.xdist_group(KITS_GROUP)  # reads the shared `bundled_kits` build
runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
COLOURS = ["rouge", "jaune", "vert", "bleu", "violet"]

# Rulings §3.5, one row per card: rouge, jaune, vert, bleu, violet.
PROPOSED = {
    "L01": ("X", 0, 3, 3, 5), "L02": ("X", 3, 6, 0, 3), "L03": (2, "X", 5, 1, 3),
    "L04": (1, 3, 4, 3, "X"), "L05": (1, "X", 0, 8, 3), "L06": (3, 2, 1, "X", 6),
    "L07": ("X", 7, 0, 1, 3), "L08": (5, 0, 3, 4, "X"), "L09": (0, 4, 6, "X", 1),
    "L10": (6, 3, "X", 2, 0), "L11": (0, 2, "X", 3, 6), "L12": (3, 3, 5, "X", 0),
    "L13": (3, "X", 0, 3, 5), "L14": (2, 3, 4, "X", 2), "L15": (0, 2, 1, 9, "X"),
    "L16": (4, 3, 3, "X", 1), "L17": (4, 1, "X", 1, 6), "L18": ("X", 4, 2, 1, 5),
    "L19": (2, "X", 0, 2, 7), "L20": (3, 1, "X", 5, 2), "L21": (4, 6, "X", 0, 2),
    "L22": (8, 1, 2, 0, "X"), "L23": ("X", 3, 6, 2, 1), "L24": (2, "X", 1, 7, 1),
}


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    return component_records("limits")


def numbers(card: dict[str, Any]) -> list[int]:
    return [v for v in card["limits"].values() if v != "X"]


# ---- types, fields, counts -----------------------------------------------------------------

def test_kinds_and_totals(records: list[dict[str, Any]]) -> None:
    assert {r["type"] for r in records} == {"couleur", "limite", "points", "aide"}
    assert copies(of_type(records, "couleur")) == 60
    assert copies(of_type(records, "limite")) == 24
    assert copies(of_type(records, "points")) == 28
    assert copies(of_type(records, "aide")) == 6
    assert copies(records) == 118


def test_colour_cards(records: list[dict[str, Any]]) -> None:
    colour = of_type(records, "couleur")
    per: Counter[str] = Counter()
    for record in colour:
        assert record["colour"] in COLOURS
        per[record["colour"]] += record["count"]
    assert per == {c: 12 for c in COLOURS}
    assert {r["id"] for r in colour} == {f"LIM-C-{c.upper()}" for c in COLOURS}


def test_point_cards(records: list[dict[str, Any]]) -> None:
    points = {r["id"]: r for r in of_type(records, "points")}
    assert set(points) == {"LIM-P1", "LIM-P5"}
    assert (points["LIM-P1"]["value"], points["LIM-P1"]["count"]) == (1, 24)
    assert (points["LIM-P5"]["value"], points["LIM-P5"]["count"]) == (5, 4)
    assert all(type(r["value"]) is int for r in points.values())


def test_limit_cards_are_the_24_of_rulings_3_5(records: list[dict[str, Any]]) -> None:
    limits = of_type(records, "limite")
    assert [r["id"] for r in limits] == [f"LIM-L{n:02d}" for n in range(1, 25)]
    for record in limits:
        assert record["count"] == 1
        assert list(record["limits"]) == COLOURS
        for value in record["limits"].values():
            # JSON integers 0–9 (not strings, not booleans) or the string "X"
            assert value == "X" or (type(value) is int and 0 <= value <= 9), record["id"]
        expected = dict(zip(COLOURS, PROPOSED[record["id"][4:]], strict=True))
        assert record["limits"] == expected, record["id"]


def test_real_cards_l01_l02(records: list[dict[str, Any]]) -> None:
    cards = {r["id"]: r for r in of_type(records, "limite")}
    assert cards["LIM-L01"]["limits"] == {"rouge": "X", "jaune": 0, "vert": 3, "bleu": 3,
                                          "violet": 5}
    assert cards["LIM-L02"]["limits"] == {"rouge": "X", "jaune": 3, "vert": 6, "bleu": 0,
                                          "violet": 3}
    real = {r["id"] for r in cards.values() if r["origine"] == "reelle"}
    assert real == {"LIM-L01", "LIM-L02"}


def test_limit_distribution_of_rulings_3_5(records: list[dict[str, Any]]) -> None:
    limits = of_type(records, "limite")
    # all different
    assert len({tuple(r["limits"].values()) for r in limits}) == 24
    # exactly one X per card; X per colour 5, 5, 5, 5, 4
    x_colours = []
    for record in limits:
        xs = [c for c, v in record["limits"].items() if v == "X"]
        assert len(xs) == 1, record["id"]
        x_colours.append(xs[0])
    assert Counter(x_colours) == {"rouge": 5, "jaune": 5, "vert": 5, "bleu": 5, "violet": 4}
    # the four numbers sum to 11 or 12
    assert all(sum(numbers(r)) in (11, 12) for r in limits)
    # per colour: 2–4 zeros, mean about 2.7–3.1
    for colour in COLOURS:
        column = [r["limits"][colour] for r in limits if r["limits"][colour] != "X"]
        assert 2 <= column.count(0) <= 4, colour
        assert 2.6 <= sum(column) / len(column) <= 3.15, colour
    # high values are rare: one 9, two 8s, three 7s
    values = Counter(v for r in limits for v in numbers(r))
    assert (values[9], values[8], values[7]) == (1, 2, 3)


# ---- composition checks --------------------------------------------------------------------

def test_check_passes() -> None:
    result = runner.invoke(app, ["check", "limits"])
    assert result.exit_code == 0, result.output
    assert "118 components" in result.output


def test_checks_cite_digest_rule_ids() -> None:
    digest = (ROOT / "seeds" / "limits.md").read_text(encoding="utf-8")
    known = set(re.findall(r"\*\*(LIM-[A-Z0-9]+-\d+)\*\*", digest))
    game = (ROOT / "cards" / "limits" / "game.yaml").read_text(encoding="utf-8")
    used = set(re.findall(r"id: (LIM-[A-Z0-9]+-\d+)", game))
    assert used and used <= known
    rules = (ROOT / "templates" / "limits" / "regles.md.j2").read_text(encoding="utf-8")
    tags = set(re.findall(r"\[\[(LIM-[A-Z0-9]+-\d+)\]\]", rules))
    assert tags <= known
    assert {"LIM-SETUP-1", "LIM-TURN-1", "LIM-CHECK-3", "LIM-SCORE-1", "LIM-2P-1"} <= tags


@pytest.fixture
def kit_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the kit in the current folder (the current folder's copy wins)."""
    return copy_kit("limits", tmp_path, monkeypatch)


def test_check_fails_on_a_missing_colour_card(kit_copy: Path) -> None:
    replace_once(kit_copy / "cards" / "limits" / "couleurs.yaml",
                 "colour: vert, count: 12", "colour: vert, count: 11")
    result = runner.invoke(app, ["check", "limits"])
    assert result.exit_code == 1, result.output
    assert "LIM-KIT-1" in result.output
    assert "colour=vert" in result.output
    build = runner.invoke(app, ["build", "limits", "--out", str(kit_copy / "out")])
    assert build.exit_code != 0
    assert not (kit_copy / "out" / "limits-a4.pdf").exists()


def test_check_fails_on_point_cards(kit_copy: Path) -> None:
    replace_once(kit_copy / "cards" / "limits" / "points.yaml", "value: 5, count: 4",
                 "value: 5, count: 5")
    result = runner.invoke(app, ["check", "limits", "--format", "json"])
    assert result.exit_code == 1
    report = json.loads(result.output)
    assert {e["rule"] for e in report["errors"]} == {"LIM-KIT-8"}


def test_check_fails_on_a_limit_distribution(kit_copy: Path) -> None:
    # L03 rouge 2 → 3 and violet 3 → 4: its sum becomes 11 → 13
    path = kit_copy / "cards" / "limits" / "limites.yaml"
    replace_once(path, "limits: {rouge: 2, jaune: X, vert: 5, bleu: 1, violet: 3}",
                 "limits: {rouge: 3, jaune: X, vert: 5, bleu: 1, violet: 4}")
    result = runner.invoke(app, ["check", "limits", "--format", "json"])
    assert result.exit_code == 1
    # LIM-KIT-6: rouge and violet each total one more
    assert {e["rule"] for e in json.loads(result.output)["errors"]} == {"LIM-KIT-5", "LIM-KIT-6"}


def test_check_reads_the_limit_values_themselves(kit_copy: Path) -> None:
    """No helper field restates `limits`: changing one real value fails the checks (issue 12)."""
    path = kit_copy / "cards" / "limits" / "limites.yaml"
    replace_once(path, "limits: {rouge: 2, jaune: X, vert: 5, bleu: 1, violet: 3}",
                 "limits: {rouge: 2, jaune: X, vert: 9, bleu: 1, violet: 3}")
    result = runner.invoke(app, ["check", "limits", "--format", "json"])
    assert result.exit_code == 1, result.output
    errors = json.loads(result.output)["errors"]
    assert {e["rule"] for e in errors} == {"LIM-KIT-5", "LIM-KIT-6", "LIM-KIT-7"}
    kit5 = next(e for e in errors if e["rule"] == "LIM-KIT-5")
    assert "sum(limits)=11|12" in kit5["message"] and kit5["actual"] == 23
    assert "LIM-L03" not in kit5["cards"]


def _with_limit(game: Game, card: Component, colour: str, value: object) -> Game:
    limits = {**card.values["limits"], colour: value}
    changed = replace(card, values={**card.values, "limits": limits})
    return replace(game, components=tuple(changed if c is card else c for c in game.components))


def test_every_changed_printed_number_breaks_a_check() -> None:
    """Issue 27: each of the 24 × 5 printed values changed to any other value (0–9 or X), alone
    or against another colour of the same card by the opposite step (the card's total kept),
    fails a check; LIM-KIT-6's per-colour totals see what the card sums cannot."""
    game = load_game(Resources.discover(), "limits")
    assert check_composition(game).is_valid
    choices = [*range(10), "X"]
    missed: list[tuple[object, ...]] = []
    for card in game.components_of("limite"):
        for colour in COLOURS:
            old = card.values["limits"][colour]
            for value in choices:
                if value != old and check_composition(
                        _with_limit(game, card, colour, value)).is_valid:
                    missed.append((card.id, colour, value))
            if old == "X":
                continue
            for step in (-1, 1):  # ±1 here, ∓1 in another colour of the card
                for other in COLOURS:
                    new, compensated = old + step, card.values["limits"][other]
                    if other == colour or compensated == "X" or not (
                            0 <= new <= 9 and 0 <= compensated - step <= 9):
                        continue
                    first = _with_limit(game, card, colour, new)
                    both = _with_limit(first, first.component(card.id), other,
                                       compensated - step)
                    report = check_composition(both)
                    if report.is_valid:
                        missed.append((card.id, colour, new, other))
                    elif step == 1 and colour == "vert" and card.id == "LIM-L01":
                        assert "LIM-KIT-6" in {v.rule for v in report.errors}
    assert missed == []


def test_check_fails_on_a_second_x(kit_copy: Path) -> None:
    path = kit_copy / "cards" / "limits" / "limites.yaml"
    replace_once(path, "limits: {rouge: 2, jaune: X, vert: 5, bleu: 1, violet: 3}",
                 "limits: {rouge: X, jaune: X, vert: 5, bleu: 1, violet: 3}")
    result = runner.invoke(app, ["check", "limits", "--format", "json"])
    assert result.exit_code == 1
    assert "LIM-KIT-4" in {e["rule"] for e in json.loads(result.output)["errors"]}


def test_check_fails_on_a_duplicate_limit_card(kit_copy: Path) -> None:
    path = kit_copy / "cards" / "limits" / "limites.yaml"
    replace_once(path, "limits: {rouge: X, jaune: 3, vert: 6, bleu: 0, violet: 3}",
                 "limits: {rouge: X, jaune: 0, vert: 3, bleu: 3, violet: 5}")
    result = runner.invoke(app, ["check", "limits"])
    assert result.exit_code == 1
    assert "LIM-KIT-2" in result.output


def test_limit_value_outside_0_9_x_is_refused(kit_copy: Path) -> None:
    replace_once(kit_copy / "cards" / "limits" / "limites.yaml",
                 "limits: {rouge: X, jaune: 0, vert: 3, bleu: 3, violet: 5}",
                 "limits: {rouge: X, jaune: 0, vert: 3, bleu: 3, violet: 10}")
    result = runner.invoke(app, ["cards", "limits", "--format", "json"])
    assert result.exit_code == 2
    assert "violet" in result.output


# ---- build ---------------------------------------------------------------------------------

def test_build_a4(bundled_kits: KitsBuild) -> None:
    reader = PdfReader(bundled_kits.pdf("limits"))
    per_sheet = 8  # poker cards, 4 × 2 on landscape A4 (spaced apart: colours differ)
    sheets = (math.ceil(60 / per_sheet) + math.ceil(24 / per_sheet)
              + math.ceil((28 + 6) / per_sheet))
    rules_pages = 2
    assert len(reader.pages) == 2 + rules_pages + 2 * sheets == 2 + 34  # the guide first
    assert len(kit_pages("limits")) == len(reader.pages)
    pages = body_pages("limits")
    assert [page.label for page in pages[:rules_pages]] == ["Règles 1", "Règles 2"]
    first = page_text(pages[0])
    assert "Uwe Rosenberg" in first and "Amigo" in first and "fan-made" in first
    text = " ".join(page_text(p) for p in pages[:rules_pages])
    assert "Règle maison" in text and "Reconstitution" in text
    for tag in ("LIM-SETUP-1", "LIM-CHECK-3", "LIM-KIT-4"):  # in the template, for the
        assert tag not in text  # designer (the rules digest); not printed for the players
        assert f"[[{tag}]]" in (ROOT / "templates" / "limits" / "regles.md.j2").read_text(
            encoding="utf-8")


def test_build_letter() -> None:
    # on the planned pages (what `build --paper letter` writes: the A4 kit and Charlie's Letter
    # kit are the end-to-end builds)
    pages = kit_pages("limits", "letter")
    assert len(pages) >= 30
    size = pages[0].size
    assert (round(size.width), round(size.height)) == (612, 792)
