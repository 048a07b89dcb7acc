"""Licum (game id ``licum``): the base set's data, its composition checks, the starter decks and
the kit's build.

The expected values come from the shared design rulings §1 (kit §1.4, rulings L1–L22) and from
the rules digest ``seeds/licum.md``.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml
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
)
from pypdf import PdfReader
from typer.testing import CliRunner

from printandplay.cli import app

pytestmark = pytest.mark.xdist_group(KITS_GROUP)  # reads the shared `bundled_kits` build
runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
KINDS = {"impro", "avant-match", "entre-periode", "difficulte", "improvisateur", "condition",
         "scuze-mais", "shote", "mise-au-jeu"}
TEAMS = {"bleus", "jaunes", "rouges", "verts", "etoile"}
ROLES = {"capitaine", "assistant", "joueur", "substitut", "entraineur"}
SKILLS = {"Chanter", "Mimer", "Rookie", "Exotique", "Culture", "Humoristique", "Rimée",
          "Dramatique", "Cocky"}
STATS = {"RESPECT": "respect", "HAMSTER": "hamster", "PERSONNALITÉ": "personnalite"}
JEU_KINDS = {"improvisateur", "condition", "scuze-mais", "shote"}
DECKS = ROOT / "cards" / "licum" / "decks"
# Names of real league members quoted by the seed or the public articles: never on a card.
REAL_PEOPLE = {"Samuel Chiasson", "Louis-Paul Savoie", "Mathieu Chouinard", "Michel Albert",
               "Réjean Claveau", "Mireille Blanchard", "Christian Essiambre", "Dominic Dalpé"}


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    return component_records("licum")


def digest_ids() -> set[str]:
    text = (ROOT / "seeds" / "licum.md").read_text(encoding="utf-8")
    return set(re.findall(r"^- \*\*(LIC-[A-Z0-9-]+)\*\* — ", text, flags=re.MULTILINE))


# ---- identity and fields --------------------------------------------------------------------

def test_every_card_has_an_identity(records: list[dict[str, Any]]) -> None:
    ids = [r["id"] for r in records]
    assert len(ids) == len(set(ids))
    for record in records:
        assert re.fullmatch(r"LIC-[A-Z0-9-]+", record["id"]), record["id"]
        assert record["name"].strip()
        assert isinstance(record["count"], int) and record["count"] >= 1
    cards = [r for r in records if r["type"] != "tapis"]
    assert {r["type"] for r in cards} == KINDS
    assert [r["id"] for r in of_type(records, "tapis")] == ["LIC-TAPIS-DE-JEU"]


def test_improvisateur_fields(records: list[dict[str, Any]]) -> None:
    for card in of_type(records, "improvisateur"):
        assert card["team"] in TEAMS and card["role"] in ROLES, card["id"]
        assert card["id"].startswith(f"LIC-IMP-{card['team'].upper()}-")
        for stat in STATS.values():
            assert isinstance(card[stat], int) and 0 <= card[stat] <= 20, (card["id"], stat)
        assert isinstance(card["punition_point"], bool)
        for skill in card["skills"]:
            word, _, half = skill.partition(" ")
            assert word in SKILLS and half in ("", "×½"), (card["id"], skill)
        if card["role"] != "entraineur":
            assert card["skills"], f"{card['id']} has no skill"


def test_other_fields(records: list[dict[str, Any]]) -> None:
    for card in of_type(records, "difficulte"):
        assert card["punition"] in (0, 1, 2), card["id"]
        assert card["text"].strip()
    for card in of_type(records, "impro"):
        assert card["impro_kind"] in ("mixte", "comparee")
        assert card["theme"].strip() and card["comptage"].strip() and card["demands"]
    for card in of_type(records, "condition"):
        assert card["target"] in ("Impro", "Match")
    assert {r["colour"] for r in of_type(records, "mise-au-jeu")} == {"verte", "rouge"}


# ---- minimum counts (issue, rulings §1.4) ----------------------------------------------------

def test_teams_and_roles(records: list[dict[str, Any]]) -> None:
    improvisateurs = of_type(records, "improvisateur")
    per_team = Counter(r["team"] for r in improvisateurs for _ in range(r["count"]))
    assert set(per_team) == TEAMS
    assert all(n >= 8 for n in per_team.values()), per_team
    for team in TEAMS:
        roles = Counter(r["role"] for r in improvisateurs if r["team"] == team)
        assert roles["capitaine"] == 1 and roles["assistant"] == 1, (team, roles)
        assert roles["joueur"] >= 3 and roles["substitut"] >= 1 and roles["entraineur"] >= 1
    assert sum(r["punition_point"] for r in improvisateurs) >= 3
    assert sum(1 for r in improvisateurs if r["springs"]) >= 5


def test_card_counts(records: list[dict[str, Any]]) -> None:
    impros = of_type(records, "impro")
    assert len({r["name"] for r in impros}) == len(impros) >= 12
    assert {r["impro_kind"] for r in impros} == {"mixte", "comparee"}
    # one Avant-Match and one Entre-Période per player (ruling L1, kit §1.4)
    assert copies(of_type(records, "avant-match")) == 2
    assert copies(of_type(records, "entre-periode")) == 2
    difficultes = of_type(records, "difficulte")
    assert copies(difficultes) >= 20
    assert sum(r["count"] for r in difficultes if r["punition"]) >= 8
    assert {r["punition"] for r in difficultes} == {0, 1, 2}
    assert 1 <= sum(1 for r in difficultes if r["allowed_in_jeu"]) <= 2
    assert copies(of_type(records, "condition")) >= 8
    assert len(of_type(records, "scuze-mais")) == 6  # six different cards (LIC-KIT-8)
    assert len(of_type(records, "shote")) == 6
    maj = Counter({r["colour"]: r["count"] for r in of_type(records, "mise-au-jeu")})
    assert maj == {"verte": 2, "rouge": 2}


def test_every_team_can_build_a_legal_preparation_deck(records: list[dict[str, Any]]) -> None:
    difficultes = of_type(records, "difficulte")
    punitions = sum(r["count"] for r in difficultes if r["punition"])
    others = copies(difficultes) - punitions
    # A full deck has 24 Difficultés with at most 12 Punitions: the base set must allow it.
    assert punitions + others >= 24 and others >= 12
    assert len(of_type(records, "impro")) >= 5


# ---- names -----------------------------------------------------------------------------------

def test_one_person_plays_for_two_teams(records: list[dict[str, Any]]) -> None:
    names = Counter(r["name"] for r in records if r["type"] != "mise-au-jeu")
    shared = [n for n, k in names.items() if k > 1]
    assert len(shared) == 1, shared
    cards = [r for r in of_type(records, "improvisateur") if r["name"] == shared[0]]
    assert len({c["team"] for c in cards}) == 2
    assert not REAL_PEOPLE & set(names)


def test_springs_name_cards_of_the_jeu_deck(records: list[dict[str, Any]]) -> None:
    by_name: dict[str, list[dict[str, Any]]] = {}
    for record in records:
        by_name.setdefault(record["name"], []).append(record)
    for card in of_type(records, "improvisateur"):
        for target in card["springs"]:
            assert target in by_name, f"{card['id']} springs unknown card {target!r}"
            assert target != card["name"]
            for found in by_name[target]:
                playable = found["type"] in JEU_KINDS or found.get("allowed_in_jeu")
                assert playable, f"{card['id']} springs {target!r}, not a Jeu card"
                if found["type"] == "improvisateur":
                    assert found["team"] == card["team"]


def test_impro_demands_are_reachable(records: list[dict[str, Any]]) -> None:
    """Skill demands name a known skill; a stat demand is reachable by the best three
    Improvisateurs of at least one team (stats are compared as team sums, ruling L14)."""
    players = [r for r in of_type(records, "improvisateur") if r["role"] != "entraineur"]
    for impro in of_type(records, "impro"):
        for demand in impro["demands"]:
            stat = re.fullmatch(r"(RESPECT|HAMSTER|PERSONNALITÉ) > (\d+)", demand)
            if stat:
                field, threshold = STATS[stat.group(1)], int(stat.group(2))
                best = max(sum(sorted((p[field] for p in players if p["team"] == team),
                                      reverse=True)[:3]) for team in TEAMS)
                assert best > threshold, (impro["id"], demand)
            elif re.fullmatch(r"\d joueurs", demand):
                assert 1 <= int(demand[0]) <= 6
            else:
                skill = re.fullmatch(r"(\w+)(?: ×(\d))?", demand)
                assert skill and skill.group(1) in SKILLS, (impro["id"], demand)


# ---- composition check -----------------------------------------------------------------------

def test_check_passes() -> None:
    result = runner.invoke(app, ["check", "licum"])
    assert result.exit_code == 0, result.output


def test_checks_and_reference_cite_digest_ids() -> None:
    known = digest_ids()
    game = yaml.safe_load((ROOT / "cards" / "licum" / "game.yaml").read_text(encoding="utf-8"))
    assert {c["id"] for c in game["checks"]} <= known
    reference = (ROOT / "templates" / "licum" / "reference.md.j2").read_text(encoding="utf-8")
    tags = set(re.findall(r"\[\[(LIC-[A-Z0-9-]+)\]\]", reference))
    assert tags and tags <= known, tags - known
    rules = (ROOT / "cards" / "licum" / "game.yaml").read_text(encoding="utf-8")
    deck_ids = set(re.findall(r"\b(LIC-DECK-[A-Z-]*[A-Z])\b", rules))
    assert deck_ids and deck_ids <= known, deck_ids - known


@pytest.fixture
def kit_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the licum kit in a scratch folder that wins over the bundled one."""
    return copy_kit("licum", tmp_path, monkeypatch)


def test_check_fails_without_a_capitaine(kit_copy: Path) -> None:
    path = kit_copy / "cards" / "licum" / "verts.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count("role: capitaine") == 1
    path.write_text(text.replace("role: capitaine", "role: joueur"), encoding="utf-8")
    result = runner.invoke(app, ["check", "licum"])
    assert result.exit_code == 1
    assert "LIC-KIT-2" in result.output and "team=verts" in result.output


def test_any_two_starter_decks_fit_in_one_base_set(kit_copy: Path) -> None:
    """LIC-KIT-13: a card two starter decks share is printed twice; once is not enough."""
    path = kit_copy / "cards" / "licum" / "difficultes.yaml"
    text = path.read_text(encoding="utf-8")
    old = "  - id: LIC-DIF-CLICHE\n    count: 2\n"
    assert old in text
    path.write_text(text.replace(old, "  - id: LIC-DIF-CLICHE\n"), encoding="utf-8")
    result = runner.invoke(app, ["check", "licum", "--format", "json"])
    assert result.exit_code == 1, result.output
    errors = json.loads(result.output)["errors"]
    assert {e["rule"] for e in errors} == {"LIC-KIT-13"}
    assert all(e["cards"] == ["LIC-DIF-CLICHE"] for e in errors)
    assert "decks bleus + etoile played together need 2 Cliché (printed 1)" in errors[0]["message"]


def test_a_card_printed_with_each_back_serves_once_in_each_deck(kit_copy: Path) -> None:
    """LIC-KIT-13 counts copies per back, as printed (issue 27): Blessure is printed once with
    the Préparation back and once with the Jeu back, so the Bleus may take it in Préparation
    while the Rouges have it in Jeu; a second Blessure in Jeu is one Jeu copy too many."""
    path = kit_copy / "cards" / "licum" / "decks" / "bleus.txt"
    text = path.read_text(encoding="utf-8")
    old = "1 Caucus trop long\n"
    assert text.count(old) == 1 and "Blessure" not in text
    path.write_text(text.replace(old, old + "1 Blessure\n"), encoding="utf-8")
    result = runner.invoke(app, ["check", "licum", "--format", "json"])
    assert result.exit_code == 0, result.output
    path.write_text(text.replace("1 Sifflet\n", "1 Sifflet\n1 Blessure\n"), encoding="utf-8")
    result = runner.invoke(app, ["check", "licum", "--format", "json"])
    assert result.exit_code == 1, result.output
    errors = json.loads(result.output)["errors"]
    assert {e["rule"] for e in errors} == {"LIC-KIT-13"}
    assert "decks bleus + rouges played together need 2 Blessure with the dos-jeu back " \
           "(printed 1)" in errors[0]["message"]
    assert (errors[0]["expected"], errors[0]["actual"]) == (1, 2)


def test_check_fails_with_too_few_punitions(kit_copy: Path) -> None:
    path = kit_copy / "cards" / "licum" / "difficultes.yaml"
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"punition: [12]\n", "punition: 0\n", text, count=6)
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["check", "licum"])
    assert result.exit_code == 1 and "LIC-KIT-6" in result.output


# ---- starter decks ---------------------------------------------------------------------------

@pytest.mark.parametrize("team", sorted(TEAMS))
def test_starter_deck_is_valid(team: str, records: list[dict[str, Any]],
                               tmp_path: Path) -> None:
    deck = DECKS / f"{team}.txt"
    result = runner.invoke(app, ["validate", "licum", str(deck), "--format", "json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["valid"] and report["errors"] == [] and report["warnings"] == []
    counts = report["counts"]
    assert counts["impros"] == 5 and counts["improvisateurs"] >= 7
    assert counts["preparation"] <= 30 and counts["jeu"] <= 30
    assert counts["punitions"] <= counts["difficultes"] // 2
    # Each starter deck fits in one printed base set.
    owned = tmp_path / "base.yaml"
    owned.write_text(yaml.safe_dump({r["id"]: r["count"] for r in records}), encoding="utf-8")
    result = runner.invoke(app, ["validate", "licum", str(deck), "--collection", str(owned)])
    assert result.exit_code == 0, result.output


def test_starter_decks_cover_every_team() -> None:
    teams = set()
    for deck in DECKS.glob("*.txt"):
        header = re.search(r"^Équipe: (.+)$", deck.read_text(encoding="utf-8"), re.MULTILINE)
        assert header, deck
        teams.add(deck.stem)
    assert teams == TEAMS


def test_a_broken_deck_is_refused(tmp_path: Path) -> None:
    text = (DECKS / "rouges.txt").read_text(encoding="utf-8")
    broken = tmp_path / "rouges.txt"
    broken.write_text(text.replace("1 Aurèle Pitre", "1 Luc Aucoin"), encoding="utf-8")
    result = runner.invoke(app, ["validate", "licum", str(broken), "--format", "json"])
    assert result.exit_code == 1
    assert "LIC-DECK-TEAM" in {e["rule"] for e in json.loads(result.output)["errors"]}


# ---- build ---------------------------------------------------------------------------------

def test_build_a4(bundled_kits: KitsBuild) -> None:
    assert len(PdfReader(bundled_kits.pdf("licum")).pages) == len(kit_pages("licum"))
    texts = [page_text(page) for page in body_pages("licum")]
    assert "aide-mémoire" in texts[0] and "Un tour de jeu" in texts[0]
    mat = [i for i, t in enumerate(texts) if "Tapis de jeu —" in t]
    prep = [i for i, t in enumerate(texts) if "Impros · Avant-Match" in t]
    assert mat, "the table mat is missing"
    reference_pages = [i for i, t in enumerate(texts) if "Aide-mémoire —" in t]
    assert max(reference_pages) < min(mat) < min(prep)
    # one aide-mémoire per player (kit §1.4): the sheet is printed twice
    assert sum("Un tour de jeu" in t for t in texts) == 2
    assert any("Rosalie Gaudet" in t for t in texts)
    assert any("COMPTAGE" in t for t in texts)
