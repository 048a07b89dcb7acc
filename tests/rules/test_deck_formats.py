"""Six test games with the deck-building structure of real card games' formats (fictional
cards, structure only), each written only as data: their deck rules checked by their own rule
cases (``tests/rules/cases/formats/<game>/``), a few through the real ``validate`` command."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
import yaml
from doc_helpers import ROOT, assert_prints, console_steps, marked_blocks, run
from helpers import check_deck_case
from typer.testing import CliRunner

from printandplay.cli import app
from printandplay.data.deck_rule_keys import (
    BAN_LIST_KEYS,
    COPIES_KEYS,
    COUNT_RULE_KEYS,
    FORMAT_KEYS,
    LEADER_KEYS,
    SELECTION_KEYS,
    TARGET_RULE_KEYS,
    VOCABULARIES,
)
from printandplay.data.game_loader import load_game
from printandplay.errors import PrintAndPlayError
from printandplay.model.game import Game
from printandplay.project import Resources

HERE = Path(__file__).resolve().parent
FIXTURES = HERE.parent / "fixtures" / "games" / "formats"
CASES_ROOT = HERE / "cases" / "formats"
GAMES = ("sommet", "reseau", "maisons", "classes", "energie", "duel")
CASES = sorted(CASES_ROOT.glob("*/*.yaml"))
runner = CliRunner()
_LOADED: dict[str, Game] = {}


def game_of(name: str) -> Game:
    """The test game ``name``, loaded once."""
    if name not in _LOADED:
        _LOADED[name] = load_game(Resources((FIXTURES / name,)), name)
    return _LOADED[name]


def test_every_game_has_cases() -> None:
    assert sorted(p.name for p in CASES_ROOT.iterdir()) == sorted(GAMES)
    for name in GAMES:
        cases = [yaml.safe_load(p.read_text(encoding="utf-8"))
                 for p in (CASES_ROOT / name).glob("*.yaml")]
        assert any(c["valid"] for c in cases) and any(not c["valid"] for c in cases), name


@pytest.mark.parametrize("case_file", CASES, ids=[f"{c.parent.name}/{c.stem}" for c in CASES])
def test_rule_case(case_file: Path) -> None:
    check_deck_case(case_file, game_of(case_file.parent.name))


@pytest.mark.parametrize("name", GAMES)
def test_cases_cover_every_rule_id(name: str) -> None:
    folder = FIXTURES / name / "cards" / name
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    declared = set(re.findall(r"\b([A-Z]{3}-[A-Z-]*[A-Z])\b", text))
    used: set[str] = set()
    for case_file in (CASES_ROOT / name).glob("*.yaml"):
        case = yaml.safe_load(case_file.read_text(encoding="utf-8"))
        used |= set(case["errors"]) | set(case["warnings"])
    assert declared - {f"{name[:3].upper()}-CARTE"} <= used, declared - used


def _deck_file(tmp_path: Path, game: str, case: str) -> Path:
    data = yaml.safe_load((CASES_ROOT / game / f"{case}.yaml").read_text(encoding="utf-8"))
    deck = tmp_path / f"{case}.txt"
    deck.write_text(data["deck"], encoding="utf-8")
    return deck


def test_validate_commander_from_the_cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                         ) -> None:
    monkeypatch.chdir(FIXTURES / "sommet")
    result = runner.invoke(app, ["validate", "sommet", str(_deck_file(tmp_path, "sommet",
                                                                       "valid-aube"))])
    assert result.exit_code == 0, result.output
    assert "valid (total 100)" in result.output
    deck = _deck_file(tmp_path, "sommet", "off-colour")
    result = runner.invoke(app, ["validate", "sommet", str(deck), "--format", "json"])
    assert result.exit_code == 1, result.output
    report = json.loads(result.output)
    [error] = report["errors"]
    assert error["rule"] == "SOM-COULEURS" and error["expected"] == 0 and error["actual"] == 1
    lines = deck.read_text(encoding="utf-8").splitlines()
    assert error["line"] == len(lines)  # the off-colour card, added last
    assert error["cards"] == [lines[-1].removeprefix("1 ").replace("Rune ", "SO-")] or \
        len(error["cards"]) == 1


def test_validate_influence_from_the_cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                         ) -> None:
    monkeypatch.chdir(FIXTURES / "reseau")
    deck = _deck_file(tmp_path, "reseau", "influence-over")
    result = runner.invoke(app, ["validate", "reseau", str(deck), "--format", "json"])
    assert result.exit_code == 1, result.output
    report = json.loads(result.output)
    [error] = report["errors"]
    assert (error["rule"], error["expected"]) == ("RES-INFLUENCE", 15)
    assert error["actual"] > 15
    assert report["sums"] == [{"rule": "RES-INFLUENCE", "field": "influence",
                               "sum": error["actual"]},
                              {"rule": "RES-POINTS", "field": "points", "sum": 18}]
    result = runner.invoke(app, ["validate", "reseau", str(deck)])
    assert f"; influence {error['actual']} (RES-INFLUENCE), points 18 (RES-POINTS))" in \
        result.output.splitlines()[0], result.output


def test_sums_left_out_without_their_leader(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                            ) -> None:
    """A sum bounded by a missing identity is not shown (no budget to compare it with); a
    format without sum rules has no "sums" in its JSON report."""
    monkeypatch.chdir(FIXTURES / "reseau")
    deck = _deck_file(tmp_path, "reseau", "no-identity")
    report = json.loads(runner.invoke(app, ["validate", "reseau", str(deck), "--format",
                                            "json"]).output)
    assert report["sums"] == [{"rule": "RES-POINTS", "field": "points", "sum": 18}]
    monkeypatch.chdir(FIXTURES / "maisons")
    deck = _deck_file(tmp_path, "maisons", "valid-three-houses")
    report = json.loads(runner.invoke(app, ["validate", "maisons", str(deck), "--format",
                                            "json"]).output)
    assert "sums" not in report and report["valid"]


def test_ban_list_swapped_from_the_cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(FIXTURES / "duel")
    deck = str(_deck_file(tmp_path, "duel", "valid-no-side"))
    result = runner.invoke(app, ["validate", "duel", deck])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["validate", "duel", deck, "--ban-list", "listes/2026-09.yaml"])
    assert result.exit_code == 1, result.output
    assert "DUE-INTERDITE" in result.output and "liste de septembre 2026" in result.output
    for outside in ("../duel/cards/duel/listes/2026-09.yaml", "/etc/passwd"):
        result = runner.invoke(app, ["validate", "duel", deck, "--ban-list", outside])
        assert result.exit_code == 2, result.output
        assert "Traceback" not in result.output
    side = str(_deck_file(tmp_path, "duel", "side-ten"))
    result = runner.invoke(app, ["validate", "duel", side, "--format", "json"])
    [error] = json.loads(result.output)["errors"]
    assert (error["rule"], error["expected"], error["actual"]) == ("DUE-RESERVE", [0, 15], 10)
    result = runner.invoke(app, ["validate", "duel", deck, "--ban-list", "listes/nope.yaml"])
    assert result.exit_code == 2 and "nope.yaml" in result.output, result.output


@pytest.mark.parametrize("command", [["print-deck"], ["export", "--tts", "TTS"]],
                         ids=["print-deck", "export"])
def test_ban_list_swapped_when_printing(command: list[str], tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """print-deck and export --deck read --ban-list as validate does: a deck legal under the
    default list is refused under September's (exit 1, its rule id), printed with --force."""
    monkeypatch.chdir(FIXTURES / "duel")
    deck = str(_deck_file(tmp_path, "duel", "valid-no-side"))
    verb, *rest = command
    args = [verb, "duel", *(["--deck", deck] if verb == "export" else [deck]),
            *[str(tmp_path / a) if a == "TTS" else a for a in rest],
            *(["--out", str(tmp_path / "out")] if verb == "print-deck" else [])]
    result = runner.invoke(app, [*args, "--ban-list", "listes/2026-09.yaml"])
    assert result.exit_code == 1, result.output
    assert "DUE-INTERDITE" in result.output and "liste de septembre 2026" in result.output
    result = runner.invoke(app, [*args, "--ban-list", "listes/nope.yaml"])
    assert result.exit_code == 2 and "nope.yaml" in result.output, result.output
    result = runner.invoke(app, [*args, "--ban-list", "listes/2026-09.yaml", "--force"])
    assert result.exit_code == 0, result.output


def test_ban_list_goes_with_deck(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(FIXTURES / "duel")
    result = runner.invoke(app, ["export", "duel", "--tts", str(tmp_path), "--ban-list",
                                 "listes/2026-09.yaml"])
    assert result.exit_code == 2 and "go with --deck" in result.output, result.output


def test_ban_list_option_needs_tiers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(FIXTURES / "maisons")
    deck = str(_deck_file(tmp_path, "maisons", "valid-three-houses"))
    result = runner.invoke(app, ["validate", "maisons", deck, "--ban-list", "x.yaml"])
    assert result.exit_code == 2 and "has no ban_list" in result.output, result.output


def _game_with(tmp_path: Path, name: str, old: str, new: str, file: str = "game.yaml") -> Game:
    copy = tmp_path / name
    shutil.copytree(FIXTURES / name, copy)
    path = copy / "cards" / name / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return load_game(Resources((copy,)), name)


def test_empty_leader_field_is_a_warning(tmp_path: Path) -> None:
    """An identity without its optional taille_min: RES-TAILLE is not checked, and says so as
    a warning under its id naming the identity and the field; the other rules still run."""
    from printandplay.data.decklist import parse_decklist
    from printandplay.rules.deck import validate_deck

    copy = tmp_path / "reseau"
    shutil.copytree(FIXTURES / "reseau", copy)
    for file, was, now in (("game.yaml", "taille_min: {type: int}",
                            "taille_min: {type: int, required: false}"),
                           ("identites.yaml", "taille_min: 40, ", "")):
        path = copy / "cards" / "reseau" / file
        text = path.read_text(encoding="utf-8")
        assert was in text
        path.write_text(text.replace(was, now, 1), encoding="utf-8")
    game = load_game(Resources((copy,)), "reseau")
    case = yaml.safe_load((CASES_ROOT / "reseau" / "valid-nocta.yaml").read_text("utf-8"))
    report = validate_deck(parse_decklist(case["deck"], game, "deck.txt"), game)
    assert report.is_valid
    [warning] = report.warnings
    assert warning.rule == "RES-TAILLE" and warning.cards == ("ID-NOCTA",)
    assert warning.message == ("not checked: its min is Nocta Passe-Muraille's taille_min, "
                               "which is empty")
    over = case["deck"].replace("1 Code Korak", "4 Code Korak")
    report = validate_deck(parse_decklist(over, game, "deck.txt"), game)
    assert {v.rule for v in report.errors} >= {"RES-COPIES"}
    assert [v.rule for v in report.warnings] == ["RES-TAILLE"]


@pytest.mark.parametrize(("name", "old", "new", "file", "message"), [
    ("sommet", "outside: {couleurs: [{card: commandant}]}",
     "outside: {couleurs: [{card: commandent}]}", "game.yaml:46",
     "unknown leader 'commandent' (leaders: commandant) (did you mean 'commandant'?)"),
    ("sommet", "outside: {couleurs: [{card: commandant}]}",
     "outside: {couleurs: [{card: commandant}, violet]}", "game.yaml:48",
     "outside: 'violet' is not a choice of 'couleurs' (blanc, bleu, noir, rouge, vert)"),
    ("sommet", "outside: {couleurs: [{card: commandant}]}",
     "outside: {couleur: [{card: commandant}]}", "game.yaml:48",
     "unknown field 'couleur'"),
    ("sommet", "unless: {basique: true}", "unles: {basique: true}", "game.yaml:52",
     "unknown field 'unles' on copies item 1 of format 'commandant' (did you mean 'unless'"),
    ("sommet", "unless: {basique: true}", "unless: {basique: oui}", "game.yaml:52",
     "'basique' is a yes/no field"),
    ("sommet", "section: Commandant, kind: chef,", "section: Commandant, kind: chief,",
     "game.yaml:39", "unknown kind 'chief'"),
    ("sommet", "{name: commandant, section: Commandant,", "{nom: commandant, section: "
     "Commandant,", "game.yaml:39", "unknown field 'nom' on leaders item 1"),
    ("sommet", "{name: commandant, section: Commandant,", "{name: total, section: "
     "Commandant,", "game.yaml:38", "leader 'total' of format 'commandant': a named count "
                                    "has this name"),
    ("reseau", "sum: influence", "sum: faction", "game.yaml:61",
     "sum: 'faction' holds no number"),
    ("reseau", "sum: influence", "somme: influence", "game.yaml:61",
     "unknown field 'somme' on rules item 2 of format 'standard'"),
    ("reseau", "min: {card: identite, field: taille_min}",
     "min: {card: identite, field: taile_min}", "game.yaml:55",
     "leader 'identite': unknown field 'taile_min' (did you mean 'taille_min'?)"),
    ("reseau", "min: {of: deck, steps: {40: 18,", "min: {of: deck, steps: {quarante: 18,",
     "game.yaml:73", "'steps' of 'min' of rules item 4"),
    ("reseau", "min: {of: deck, steps:", "min: {of: dek, steps:", "game.yaml:70",
     "unknown count 'dek'"),
    ("maisons", "per: maison", "per: maisons", "game.yaml:32",
     "per: unknown field 'maisons' (did you mean 'maison'?)"),
    ("maisons", "distinct: maison", "distinct: 3", "game.yaml:30",
     "field 'distinct' on rules item 2 of format 'archonte': true, false or a field"),
    ("duel", "exactly: [0, 15]", "exactly: [0, quinze]", "game.yaml:46",
     "field 'exactly' on rules item 3"),
    ("duel", "file: listes/2026-06.yaml", "file: ../../../../etc/passwd", "game.yaml:51",
     "'..' leaves the folder"),
    ("duel", "semi_limitees: [Lame Fenak]", "semi_limites: [Lame Fenak]",
     "listes/2026-06.yaml:5",
     "unknown field 'semi_limites' on ban list 'listes/2026-06.yaml' (did you mean "
     "'semi_limitees'"),
    ("duel", "interdites: [Lame Celak]", "interdites: [Lame Celac]", "listes/2026-06.yaml:3",
     "unknown card 'Lame Celac' in ban list"),
])
def test_new_rules_are_read_strictly(tmp_path: Path, name: str, old: str, new: str, file: str,
                                     message: str) -> None:
    source = "listes/2026-06.yaml" if file.startswith("listes") else "game.yaml"
    with pytest.raises(PrintAndPlayError) as info:
        _game_with(tmp_path, name, old, new, source)
    problems = info.value.problems()
    assert any(message in p for p in problems), problems
    assert all(f"cards/{name}/{file.split(':')[0]}:" in p for p in problems), problems
    assert any(f"cards/{name}/{file}:" in p for p in problems), problems


LEADER = "- {name: identite, section: Identité, kind: identite, rule: RES-IDENTITE}"


@pytest.mark.parametrize(("was", "now", "message"), [
    ("rule: RES-IDENTITE", "rules: RES-IDENTITE", "unknown field 'rules' on leaders item 1 of "
     "format 'standard' (did you mean 'rule'?)"),
    ("name: identite", "nme: identite", "unknown field 'nme' on leaders item 1 of format "
     "'standard' (did you mean 'name'?)"),
    ("section: Identité", "sectoin: Identité", "unknown field 'sectoin' on leaders item 1 of "
     "format 'standard' (did you mean 'section'?)"),
    ("kind: identite", "kind: identit", "unknown kind 'identit' in leaders item 1 of format "
     "'standard' (did you mean 'identite'?)"),
])
def test_a_bad_leader_item_is_one_error(tmp_path: Path, was: str, now: str,
                                        message: str) -> None:
    """A misspelled key of a leaders item is reported once: not also as a missing required
    key, nor the leader as unknown in the rules and messages that read it."""
    with pytest.raises(PrintAndPlayError) as info:
        _game_with(tmp_path, "reseau", LEADER, LEADER.replace(was, now))
    assert info.value.problems() == [f"cards/reseau/game.yaml:50: {message}"]


def test_the_vocabulary_tables_are_what_the_readers_accept() -> None:
    """Every documented key is used by a game that loads (the six test games, Licum, Arcanes),
    so each is accepted; every key read is documented (``deck_rule_keys.documented``)."""
    files = [FIXTURES / n / "cards" / n / "game.yaml" for n in GAMES]
    files += [ROOT / "cards" / "licum" / "game.yaml",
              ROOT / "tests" / "fixtures" / "games" / "arcanes" / "cards" / "arcanes" /
              "game.yaml"]
    texts = "\n".join(path.read_text(encoding="utf-8") for path in files)
    for vocabulary in (FORMAT_KEYS, SELECTION_KEYS, COUNT_RULE_KEYS, TARGET_RULE_KEYS,
                       LEADER_KEYS, COPIES_KEYS, BAN_LIST_KEYS):
        missing = [k for k in vocabulary if not re.search(rf"[{{ -]{k}:", texts)]
        assert not missing, missing
    assert set(VOCABULARIES["deck_rules.formats.NAME"]) >= {"leaders", "ban_list"}


def test_the_worked_examples_print_what_they_show(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/deck-formats.md: each ``validate GAME CASE.txt`` of its ``run: formats`` blocks,
    run on a copy of the test game holding the deck of that case, prints what it shows."""
    blocks = marked_blocks(ROOT / "docs" / "deck-formats.md", "run")
    assert {argument for argument, _ in blocks} == {"formats"}
    shown = set()
    steps = [step for _, block in blocks for step in console_steps(block)]
    for index, (args, lines) in enumerate(steps):
        assert args[0] == "validate", args
        game, deck = args[1], args[2]
        folder = tmp_path / f"{game}-{index}"
        shutil.copytree(FIXTURES / game, folder)
        case = yaml.safe_load((CASES_ROOT / game / deck.replace(".txt", ".yaml"))
                              .read_text(encoding="utf-8"))
        (folder / deck).write_text(case["deck"], encoding="utf-8")
        monkeypatch.chdir(folder)
        result = run(args)
        assert result.exit_code == (0 if ": valid (" in lines[0] else 1), result.output
        assert_prints(args, lines, result)
        shown.add(game)
    assert shown == set(GAMES)


def test_a_leader_s_misspelled_field_in_outside_is_one_error(tmp_path: Path) -> None:
    """``outside: {couleurs: [{card: commandant, field: couleurz}]}``: the field is checked
    once, against the leader's own kinds (it was also reported against every kind's fields)."""
    with pytest.raises(PrintAndPlayError) as info:
        _game_with(tmp_path, "sommet", "outside: {couleurs: [{card: commandant}]}",
                   "outside: {couleurs: [{card: commandant, field: couleurz}]}")
    problems = info.value.problems()
    assert len(problems) == 1, problems
    assert "leader 'commandant': unknown field 'couleurz'" in problems[0]
