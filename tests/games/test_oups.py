"""The « Oups Magie ! » kit: its 52 cards and other components, its composition checks, its PDF,
and the agreement between the kit's data, the rules digest and the spell calculator."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
import yaml
from helpers import (
    KITS_GROUP,
    body_pages,
    component_records,
    copy_kit,
    kit_pages,
    page_text,
    planned_pages,
    replace_once,
)
from typer.testing import CliRunner

from printandplay.cli import app
from printandplay.model.ops import GroupOp, Op, TextOp
from printandplay.planning.pages import PageSpec
from printandplay.rules.oups import PACKETS
from printandplay.rules.oups_cards import RANKS, SUITS, VALUES
from printandplay.rules.oups_scores import targets_for

pytestmark = pytest.mark.xdist_group(KITS_GROUP)  # the kit plans of test_print_geometry

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "cards" / "oups"
TEMPLATES = ROOT / "templates" / "oups"


def _check_errors() -> list[dict]:
    result = runner.invoke(app, ["check", "oups", "--format", "json"])
    assert result.exit_code == 1, result.output
    report = json.loads(result.output)
    assert report["valid"] is False
    return report["errors"]


# ---- Components -----------------------------------------------------------------------------

def test_cards_json_lists_the_52_cards_with_rank_and_suit() -> None:
    cards = [r for r in component_records("oups") if r["type"] == "carte"]
    assert len(cards) == 52
    assert all(r["count"] == 1 for r in cards)
    pairs = {(r["rank"], r["suit"]) for r in cards}
    assert pairs == {(rank, suit) for rank in RANKS for suit in SUITS}
    assert Counter(r["suit"] for r in cards) == dict.fromkeys(SUITS, 13)
    assert Counter(r["rank"] for r in cards) == dict.fromkeys(RANKS, 4)
    assert len({r["id"] for r in cards}) == 52
    valet = next(r for r in cards if r["id"] == "OUPS-V-COEUR")
    assert valet == {"id": "OUPS-V-COEUR", "name": "Valet de cœur", "type": "carte", "count": 1,
                     "rank": "V", "suit": "coeur"}


def test_cards_json_lists_the_other_components() -> None:
    records = component_records("oups")
    copies: Counter[str] = Counter()
    for record in records:
        copies[record["type"]] += record["count"]
    assert copies == {"carte": 52, "aide": 5, "reglette": 5, "marqueur": 2}
    roles = {r["role"] for r in records if r["type"] == "marqueur"}
    assert roles == {"donneur", "premier-attaquant"}


def test_check_passes() -> None:
    result = runner.invoke(app, ["check", "oups"])
    assert result.exit_code == 0, result.output
    assert "composition checked (64 components)" in result.output


def test_check_fails_on_a_missing_card(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    work = copy_kit("oups", tmp_path, monkeypatch)
    replace_once(work / "cards/oups/cartes.yaml",
             '  - {id: OUPS-7-PIQUE, name: "7 de pique", rank: "7", suit: pique}\n', "")
    errors = _check_errors()
    assert {e["rule"] for e in errors} == {"OUPS-KIT-1"}
    messages = [e["message"] for e in errors]
    assert "copies of carte: expected 52, found 51 — a 52-card deck without jokers" in messages
    assert any("(suit=pique): expected 13, found 12" in m for m in messages)
    assert any("(rank=7): expected 4, found 3" in m for m in messages)


def test_check_fails_on_a_card_printed_twice(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    work = copy_kit("oups", tmp_path, monkeypatch)
    # The 7 of spades becomes a second 8 of spades: 52 cards, 13 spades, but two 8♠.
    replace_once(work / "cards/oups/cartes.yaml", 'rank: "7", suit: pique', 'rank: "8", suit: pique')
    errors = _check_errors()
    assert {e["rule"] for e in errors} == {"OUPS-KIT-1"}
    assert any("distinct values of 'rank' of carte (suit=pique): expected 13, found 12"
               in e["message"] for e in errors)


def test_check_fails_on_a_missing_aid_and_build_refuses(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    work = copy_kit("oups", tmp_path, monkeypatch)
    replace_once(work / "cards/oups/aides.yaml", "count: 5", "count: 4")
    errors = _check_errors()
    assert [e["rule"] for e in errors] == ["OUPS-KIT-2"]
    result = runner.invoke(app, ["build", "oups", "--out", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert "OUPS-KIT-2" in result.output
    assert not (tmp_path / "out" / "oups-a4.pdf").exists()


# ---- The PDF --------------------------------------------------------------------------------

def test_a4_kit_pages_in_print_order() -> None:
    pages = body_pages("oups")  # after the printing guide and its blank verso
    # rules (2) + aids: 2 sheets × (front, back) + life trackers: 1 sheet, no back, then a
    # blank page for duplex + 52 cards and 2 markers: 7 sheets of 8 × (front, back) (cards of
    # different colours are spaced apart: 4 × 2 on a landscape sheet)
    assert len(pages) == 2 + 4 + 1 + 1 + 14
    texts = [page_text(page) for page in pages]
    assert "Phase 1" in texts[0] and "Reconstitution" in texts[0]
    assert "inférieure ou égale" in texts[1] and "Exemple" in texts[1]
    assert "Lancer un sort" in texts[2] and "Attaquer" in texts[3]
    assert texts[2].count("Lancer un sort") == 4 and texts[4].count("Lancer un sort") == 1
    assert "PV" in texts[6] and "30" in texts[6]
    assert pages[7].label == "blank" and "Page laissée blanche" in texts[7]
    assert texts[9].count("Oups Magie") == 16 + 1  # 8 backs, title twice each; the sheet label
    assert "Valet" in texts[10] and "Dame" in texts[10] and "Roi" in texts[10]
    assert "Donneur" in texts[20] and "Premier attaquant" in texts[20]


def test_letter_kit_builds() -> None:
    # on the planned pages (what `build --paper letter` writes: the A4 kit and Charlie's Letter
    # kit are the end-to-end builds)
    pages = kit_pages("oups", "letter")
    # the guide and its blank verso, then the rules still fit on two Letter pages; a blank page
    # follows the single-sided trackers; cards spaced apart for their colours, 8 to a sheet
    assert len(pages) == 2 + 22
    assert {round(p.size.width) for p in pages} <= {612, 792}


# ---- Data, digest and calculator agree ------------------------------------------------------

def _table(name: str) -> Any:
    return yaml.safe_load((GAME / "tables" / f"{name}.yaml").read_text(encoding="utf-8"))


def test_rank_table_matches_the_calculator() -> None:
    ranks = _table("rangs")
    assert list(ranks) == list(RANKS)
    assert {rank: row["valeur"] for rank, row in ranks.items()} == VALUES
    assert [r for r, row in ranks.items() if row["figure"]] == ["V", "D", "R"]
    for rank, row in ranks.items():
        number = rank.isdigit()
        assert len(row["pips"]) == (int(rank) if number else 0), rank


def test_suit_table_colours() -> None:
    suits = _table("enseignes")
    assert list(suits) == list(SUITS)
    assert {s: row["couleur"] for s, row in suits.items()} == {
        "coeur": "rouge", "carreau": "rouge", "trefle": "noire", "pique": "noire"}
    for suit in SUITS:
        assert (TEMPLATES / "icons" / f"{suit}.svg").is_file()


def test_packet_table_matches_the_calculator_limits() -> None:
    packets = _table("paquets")
    assert [(k, v["min"], v["max"]) for k, v in packets.items()] == [
        (rule.key, rule.low, rule.high) for rule in PACKETS]
    assert [v["numero"] for v in packets.values()] == [1, 2, 3, 4]


def test_threshold_table_matches_the_calculator() -> None:
    for row in _table("seuils"):
        for value in (row["min"], row["max"]):
            if value is not None:
                assert targets_for(value) == row["attaques"]


def test_every_rule_id_printed_or_checked_is_in_the_digest() -> None:
    digest = (ROOT / "seeds" / "oups.md").read_text(encoding="utf-8")
    defined = set(re.findall(r"\*\*(OUPS-[A-Z]+-\d+)\*\*", digest))
    used: set[str] = set()
    for path in (TEMPLATES / "regles.md.j2", TEMPLATES / "layouts.yaml"):
        used |= set(re.findall(r"\[\[(OUPS-[A-Z]+-\d+)\]\]", path.read_text(encoding="utf-8")))
    game = yaml.safe_load((GAME / "game.yaml").read_text(encoding="utf-8"))
    used |= {check["id"] for check in game["checks"]}
    assert used, "no rule id found"
    assert used <= defined, sorted(used - defined)
    assert {"OUPS-SETUP-1", "OUPS-SPELL-1", "OUPS-HIT-1"} <= used


def _face_texts(pages: Sequence[PageSpec]) -> str:
    """Every text the faces placed on ``pages`` print (groups opened)."""
    def texts(ops: Sequence[Op]) -> Iterator[str]:
        for op in ops:
            if isinstance(op, TextOp):
                yield op.text
            elif isinstance(op, GroupOp):
                yield from texts(op.ops)

    return " ".join(text for page in pages for placement in page.placements
                    for text in texts(placement.face.ops))


def test_player_aids_print_no_rule_ids_unless_debugging() -> None:
    """The aid cards' texts carry rule tags (``[[OUPS-SPELL-3]]``) for the rules digest; a
    player reads the card without them, ``--debug-boxes`` shows them."""
    assert not re.search(r"OUPS-[A-Z]+-\d", _face_texts(planned_pages("oups")))
    assert "OUPS-SPELL-3" in _face_texts(planned_pages("oups", debug_boxes=True))
