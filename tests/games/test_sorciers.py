"""L'école des sorciers: the kit's exact composition, its checks, and a real build."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

import pytest
from helpers import (
    KITS_GROUP,
    KitsBuild,
    body_pages,
    component_records,
    copy_kit,
    kit_pages,
    page_text,
    replace_once,
)
from pypdf import PdfReader
from typer.testing import CliRunner

from printandplay.cli import app
from printandplay.planning.pages import PageSpec

pytestmark = pytest.mark.xdist_group(KITS_GROUP)  # reads the shared `bundled_kits` build
runner = CliRunner()

CIBLAGE = {"Gauche": 11, "Droite": 11, "Gauche x2": 8, "Droite x2": 8, "Sélectif": 5, "Double": 3}
ATTAQUE = {"Magie rouge": 18, "Magie bleue": 18, "Magie blanche": 14, "Magie noire": 12,
           "Magie violette": 12}
MAGE = {"Mage de feu": 3, "Mage d'eau": 3, "Mage de lumière": 2, "Mage de l'équilibre": 1,
        "Mage de la mort": 1}
# poker cards of different colours spaced apart, 4 × 2 on landscape A4; 8 × 11 tokens of
# 24.5 mm (all alike: they abut)
PER_SHEET = {"poker": 8, "jeton": 88}


def records() -> list[dict]:
    return component_records("sorciers")


def by_type(kind: str) -> dict[str, int]:
    found: dict[str, int] = {}
    for record in records():
        if record["type"] == kind:
            assert record["name"] not in found, f"two records named {record['name']!r}"
            found[record["name"]] = record["count"]
    return found


@pytest.mark.parametrize(("kind", "expected", "total"), [
    ("ciblage", CIBLAGE, 46),
    ("attaque", ATTAQUE, 74),
    ("mage", MAGE, 10),
    ("jeton", {"Jeton d'énergie": 80}, 80),
    ("aide", {"Aide de jeu": 8}, 8),
])
def test_cards_json_lists_exact_names_and_counts(kind: str, expected: dict[str, int],
                                                 total: int) -> None:
    found = by_type(kind)
    assert found == expected
    assert sum(found.values()) == total


def test_only_the_expected_kinds() -> None:
    assert {r["type"] for r in records()} == {"ciblage", "attaque", "mage", "jeton", "aide"}


def test_fields_are_consistent_with_names() -> None:
    recs = {r["name"]: r for r in records()}
    assert recs["Gauche x2"]["cible"] == "gauche-2"
    assert recs["Sélectif"]["cible"] == "selectif"
    assert recs["Magie violette"]["couleur"] == "violette"
    assert recs["Mage de la mort"]["couleur"] == "noire"
    assert all(r["regle"].startswith("SOR-MAGE-") for r in recs.values() if r["type"] == "mage")


def test_check_passes() -> None:
    result = runner.invoke(app, ["check", "sorciers"])
    assert result.exit_code == 0, result.output
    assert "218 components" in result.output




@pytest.mark.parametrize(("file", "old", "new", "rule", "detail"), [
    ("ciblage.yaml", "name: Gauche, cible: gauche, count: 11",
     "name: Gauche, cible: gauche, count: 10", "SOR-KIT-1", "name=Gauche"),
    ("ciblage.yaml", "name: Double, cible: double, count: 3",
     "name: Double, cible: double, count: 4", "SOR-KIT-1", "expected 3, found 4"),
    ("attaque.yaml", "name: Magie blanche, couleur: blanche, count: 14",
     "name: Magie blanche, couleur: blanche, count: 15", "SOR-KIT-2", "expected 74, found 75"),
    ("mage.yaml", "    couleur: bleue\n    count: 3", "    couleur: bleue\n    count: 2",
     "SOR-KIT-3", "name=Mage d'eau"),
    ("jetons.yaml", "count: 80", "count: 79", "SOR-KIT-4", "expected 80, found 79"),
])
def test_a_broken_count_fails_the_check_naming_the_rule(
    repo_root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    file: str, old: str, new: str, rule: str, detail: str,
) -> None:
    folder = copy_kit("sorciers", tmp_path, monkeypatch) / "cards" / "sorciers"
    replace_once(folder / file, old, new)
    result = runner.invoke(app, ["check", "sorciers"])
    assert result.exit_code == 1, result.output
    assert rule in result.output
    assert detail in result.output
    # and the build refuses the kit
    built = runner.invoke(app, ["build", "sorciers", "--out", str(tmp_path / "out")])
    assert built.exit_code != 0
    assert not (tmp_path / "out" / "sorciers-a4.pdf").exists()


def _rules_pages(pages: Sequence[PageSpec]) -> int:
    return sum(1 for page in pages if page.label.startswith("Règles "))


def test_build_has_the_expected_pages(bundled_kits: KitsBuild) -> None:
    pdf = bundled_kits.pdf("sorciers")  # the path `build sorciers` printed
    assert pdf.name == "sorciers-a4.pdf"
    pages = body_pages("sorciers")  # after the printing guide and its blank verso
    rules = _rules_pages(pages)
    # an even number of rules pages keeps every card sheet's back on the reverse of its front
    assert rules == 4
    cards_sheets = (math.ceil((46 + 8) / PER_SHEET["poker"])       # targeting + aids
                    + math.ceil((74 + 10) / PER_SHEET["poker"]))   # attacks + mages
    token_sheets = math.ceil(80 / PER_SHEET["jeton"])
    assert (cards_sheets, token_sheets) == (18, 1)
    assert len(pages) == rules + 2 * (cards_sheets + token_sheets) == 42
    assert len(PdfReader(pdf).pages) == len(kit_pages("sorciers")) == 2 + 42
    assert "Règles — 4/4" in page_text(pages[3])


def test_sheets_come_in_print_order_with_their_backs() -> None:
    texts = [page_text(page) for page in body_pages("sorciers")]
    assert "Mise en place" in texts[0] and "Règle maison" in texts[0]
    assert "Gauche" in texts[4] and "Ciblage" in texts[5]       # first targeting sheet, backs
    assert "Les cinq magies" in texts[16] and "Un tour" in texts[17]  # aids share sheet 7
    assert "Magie rouge" in texts[18] and "Attaque" in texts[19]
    assert "Mage de feu" in texts[36] and "Mage spécialiste" in texts[37]
    assert "Mage de la mort" in texts[38]


def test_letter_build_keeps_an_even_rules_section() -> None:
    pages = body_pages("sorciers", "letter")
    assert _rules_pages(pages) % 2 == 0
    assert len(pages) == _rules_pages(pages) + 38
    # cards 4 × 2 on landscape sheets (spaced apart for their colours), tokens on portrait
    assert {(round(p.size.width), round(p.size.height)) for p in pages} == {(612, 792),
                                                                            (792, 612)}


def test_every_rule_id_used_is_in_the_digest(repo_root: Path) -> None:
    import re

    digest = (repo_root / "seeds" / "sorciers.md").read_text(encoding="utf-8")
    defined = set(re.findall(r"^- \*\*(SOR-[A-Z0-9-]+)\*\*", digest, flags=re.MULTILINE))
    used: set[str] = set()
    for path in [*(repo_root / "cards" / "sorciers").rglob("*.yaml"),
                 *(repo_root / "templates" / "sorciers").glob("*.*")]:
        text = path.read_text(encoding="utf-8")
        used |= set(re.findall(r"\[\[(SOR-[A-Z0-9-]+)\]\]", text))
        # rule ids of tables, mage cards (whose card id is their rule id) and checks
        used |= set(re.findall(r"(?:regle|id): (SOR-(?:KIT|ATK|TARGET|MAGE)[A-Z0-9-]*)", text))
    assert used, "no rule id found"
    assert used <= defined, sorted(used - defined)
    assert {"SOR-TURN-1", "SOR-ATK-ROUGE", "SOR-KIT-1"} <= defined
