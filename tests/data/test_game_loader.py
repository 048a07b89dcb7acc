"""Tests of ``cards/<game>/`` loading: good data comes out typed, bad data is refused with one
``file:line: message`` per problem (never a traceback)."""

from __future__ import annotations

import shutil
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from helpers import TINY, approx_float, replace_once, tiny_copy

from printandplay.data.game_loader import load_game
from printandplay.errors import DataError, DataErrors, Location, PrintAndPlayError
from printandplay.model.game import DocumentSection, SheetSection, Size
from printandplay.model.shapes import Circle, Rectangle, RoundedRectangle
from printandplay.project import Resources, bundled_root
from printandplay.units import MM

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "games"
BROKEN = FIXTURES / "broken"


# --- helpers ---------------------------------------------------------------------------------


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A writable copy of the tiny game, made the current folder (messages show relative paths)."""
    return tiny_copy(tmp_path, monkeypatch)


def game_file(root: Path) -> Path:
    return root / "cards" / "tiny" / "game.yaml"


def cards_file(root: Path) -> Path:
    return root / "cards" / "tiny" / "cards.yaml"


def load(root: Path, game: str = "tiny"):
    return load_game(Resources((root,)), game)


def one_error(root: Path) -> str:
    """The message of the single DataError the load raises."""
    with pytest.raises(PrintAndPlayError) as info:
        load(root)
    assert type(info.value) is DataError, info.value.problems()
    return str(info.value)


def several_errors(root: Path) -> list[str]:
    """The problems of the DataErrors the load raises."""
    with pytest.raises(PrintAndPlayError) as info:
        load(root)
    assert type(info.value) is DataErrors, info.value.problems()
    return info.value.problems()


def all_problems(root: Path) -> list[str]:
    """The problems of whatever data error the load raises."""
    with pytest.raises((DataError, DataErrors)) as info:
        load(root)
    return info.value.problems()


# --- the tiny fixture ------------------------------------------------------------------------


def test_tiny_game_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(TINY)
    game = load(TINY)
    assert game.id == "tiny"
    assert game.name == "Tiny"
    assert (game.players.min, game.players.max) == (2, 4)
    assert str(game.players) == "2–4"
    assert game.language == "fr"  # the default
    assert game.colors == {} and game.tables == {}
    assert game.folder == TINY / "cards" / "tiny"
    assert list(game.kinds) == ["carte", "jeton"]


def test_tiny_kinds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(TINY)
    carte, jeton = load(TINY).kinds.values()
    assert carte.label == "Carte"
    assert carte.size == Size(approx_float(63 * MM), approx_float(88 * MM))
    assert carte.shape == Rectangle()
    assert carte.safe_margin == pytest.approx(3 * MM)
    assert (carte.front, carte.back, carte.back is not None) == ("carte-recto", "dos", True)
    assert carte.location == Location("cards/tiny/game.yaml", 5)
    assert jeton.label == "jeton"  # defaults to the id
    assert jeton.size == Size(approx_float(25 * MM), approx_float(25 * MM))
    assert jeton.shape == Circle()
    assert jeton.back is None
    assert jeton.fields == ()


def test_tiny_field_specs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(TINY)
    carte = load(TINY).kinds["carte"]
    assert [f.name for f in carte.fields] == ["attack", "couleur", "limits", "tags"]
    attack = carte.field("attack")
    assert attack is not None and (attack.type, attack.required) == ("int", False)
    couleur = carte.field("couleur")
    assert couleur is not None and couleur.required and couleur.choices == ("rouge", "jaune")
    limits = carte.field("limits")
    assert limits is not None and limits.type == "map" and limits.keys == ("rouge", "jaune")
    assert limits.item is not None and limits.item.type == "choice"
    assert limits.item.choices == (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, "X")
    tags = carte.field("tags")
    assert tags is not None and tags.type == "list"
    assert tags.item is not None and tags.item.type == "text"  # `of: text` is short for {type: text}
    assert carte.field("nope") is None


def test_tiny_components(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(TINY)
    game = load(TINY)
    x1, x2 = game.components
    assert (x1.id, x1.name, x1.kind, x1.count) == ("x1", "Épée", "carte", 1)
    assert dict(x1.values) == {"attack": 3, "couleur": "rouge",
                               "limits": {"rouge": 3, "jaune": "X"}, "tags": ("arme", "fer")}
    assert (x1.front, x1.back) == ("carte-recto", "dos")
    assert x1.location == Location("cards/tiny/cards.yaml", 4)
    assert (x2.name, x2.count) == ("x2", 2)  # the name defaults to the id
    assert dict(x2.values) == {"attack": None, "couleur": "jaune",
                               "limits": {"rouge": 0, "jaune": 9}, "tags": None}
    assert game.count("carte") == 3 and game.count("jeton") == 0
    assert game.component("x2") is x2
    with pytest.raises(KeyError):
        game.component("x3")


def test_tiny_kit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(TINY)
    assert load(TINY).kit == (SheetSection(("carte",), "Cartes", "auto"),
                              SheetSection(("jeton",), "jeton", "auto"))


def test_optional_game_fields_and_tables(root: Path) -> None:
    tables = root / "cards" / "tiny" / "tables"
    tables.mkdir()
    (tables / "forces.yaml").write_text("faible: 1\nfort: 3\n", encoding="utf-8")
    replace_once(game_file(root), "players: {min: 2, max: 4}\n",
                 "players: {min: 3, max: 3}\nlanguage: en\nage: '8+'\nduration: 20 min\n"
                 "description: Short.\ncolors: {accent: '#6b3fa0'}\n"
                 "tables: {forces: tables/forces.yaml}\n")
    game = load(root)
    assert str(game.players) == "3"
    assert (game.language, game.age, game.duration, game.description) == (
        "en", "8+", "20 min", "Short.")
    assert game.colors == {"accent": "#6b3fa0"}
    assert game.tables == {"forces": {"faible": 1, "fort": 3}}


def test_kind_options_and_component_faces(root: Path) -> None:
    replace_once(game_file(root), "    size: token-25\n    shape: round\n",
                 "    size: {width: 30mm, height: 1in}\n    corner_radius: 2mm\n"
                 "    safe_margin: 1.5mm\n")
    replace_once(cards_file(root), "    count: 2\n",
                 "    count: 0\n    front: autre\n    back: autre-dos\n")
    game = load(root)
    jeton = game.kinds["jeton"]
    assert jeton.size == Size(approx_float(30 * MM), approx_float(72.0))
    assert jeton.shape == RoundedRectangle(approx_float(2 * MM))
    assert jeton.safe_margin == pytest.approx(1.5 * MM)
    x2 = game.component("x2")
    assert (x2.count, x2.front, x2.back) == (0, "autre", "autre-dos")


def test_document_section(root: Path) -> None:
    replace_once(game_file(root), "kit:\n",
                 "kit:\n  - document: regles.md.j2\n  - document: aide.md.j2\n"
                 "    title: Aide\n    columns: 1\n")
    kit = load(root).kit
    assert kit[:2] == (DocumentSection("regles.md.j2", "regles.md.j2", 2),
                       DocumentSection("aide.md.j2", "Aide", 1))


def test_document_copies(root: Path) -> None:
    replace_once(game_file(root), "kit:\n", "kit:\n  - document: aide.md.j2\n    copies: 2\n")
    assert load(root).kit[0] == DocumentSection("aide.md.j2", "aide.md.j2", 2, 2)
    replace_once(game_file(root), "copies: 2", "copies: 0")
    assert "copies must be 1 to 10, got 0" in one_error(root)


# --- several problems at once ----------------------------------------------------------------


def test_several_problems_are_reported_together(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(BROKEN)
    with pytest.raises(DataErrors) as info:
        load(BROKEN, "several")
    expected = [
        "cards/several/game.yaml:4: unknown field 'edition' on game 'several'"
        " (did you mean 'duration' or 'description'?)",
        "cards/several/cards.yaml:5: field 'force' on carte 'a1': expected an integer, got text",
        "cards/several/cards.yaml:10: field 'count' on carte 'a2': expected a number ≥ 0, got -3",
        "cards/several/cards.yaml:9: field 'couleur' on carte 'a2': expected one of rouge, jaune,"
        " got 'rose' (did you mean 'rouge'?)",
        "cards/several/cards.yaml:14: unknown field 'colour' on carte 'a1'"
        " (did you mean 'couleur'?)",
        "cards/several/cards.yaml:11: duplicate id 'a1' (first at cards/several/cards.yaml:4)",
        "cards/several/game.yaml:15: unknown kind 'jeton' in kit",
    ]
    assert info.value.problems() == expected
    assert str(info.value) == "\n".join(expected)
    assert all(isinstance(e, DataError) for e in info.value.errors)
    assert info.value.errors[0].location == Location("cards/several/game.yaml", 4)


def test_syntax_error_fixture(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(BROKEN)
    with pytest.raises(DataError) as info:
        load(BROKEN, "syntax")
    # The flow mapping opened on line 4 is found unclosed on line 5.
    assert str(info.value) == "cards/syntax/game.yaml:5: invalid YAML: did not find expected ',' or '}'"


def test_problems_of_a_single_error() -> None:
    err = DataError(Location("a.yaml", 3), "bad")
    assert err.problems() == ["a.yaml:3: bad"]
    assert str(DataError(None, "bad")) == "bad"


# --- one problem, one message ----------------------------------------------------------------

GAME = "cards/tiny/game.yaml"
CARDS = "cards/tiny/cards.yaml"

# (which file, replace this, by that, the one expected message)
ONE_ERROR = {
    # YAML itself
    "syntax-in-components": (
        "cards", "    name: Épée\n", "    name: [Épée\n",
        f"{CARDS}:6: invalid YAML: did not find expected ',' or ']'"),
    "duplicate-key-game": (
        "game", "name: Tiny\n", "name: Tiny\nlanguage: fr\nname: Tinier\n",
        f"{GAME}:4: duplicate key 'name'"),
    "duplicate-key-card": (
        "cards", "    couleur: rouge\n", "    couleur: rouge\n    couleur: jaune\n",
        f"{CARDS}:8: duplicate key 'couleur'"),
    "duplicate-kind": (
        "game", "  jeton:\n", "  carte:\n",
        f"{GAME}:18: duplicate key 'carte'"),
    # unknown keys, with a suggestion
    "unknown-game-key": (
        "game", "name: Tiny\n", "name: Tiny\nlangage: fr\n",
        f"{GAME}:3: unknown field 'langage' on game 'tiny' (did you mean 'language' or 'age'?)"),
    "unknown-kind-key": (
        "game", "    shape: round\n", "    shpae: round\n",
        f"{GAME}:20: unknown field 'shpae' on kind 'jeton' (did you mean 'shape'?)"),
    "unknown-component-key": (
        "cards", "attack: 3", "atack: 3",
        f"{CARDS}:6: unknown field 'atack' on carte 'x1' (did you mean 'attack' or 'back'?)"),
    "unknown-field-spec-key": (
        "game", "{type: choice, choices: [rouge, jaune]}",
        "{type: choice, choices: [rouge, jaune], requird: true}",
        f"{GAME}:12: unknown field 'requird' on field 'couleur' (did you mean 'required'?)"),
    "unknown-item-spec-key": (
        "game", "of: {type: choice,", "of: {type: choice, descripton: x,",
        f"{GAME}:16: unknown field 'descripton' on field 'limits[]' (did you mean 'description'?)"),
    "unknown-kit-key": (
        "game", "    title: Cartes\n", "    titel: Cartes\n",
        f"{GAME}:26: unknown field 'titel' on kit section (did you mean 'title'?)"),
    "unknown-players-key": (
        "game", "{min: 2, max: 4}", "{min: 2, max: 4, mx: 5}",
        f"{GAME}:3: unknown field 'mx' on players (did you mean 'max'?)"),
    "unknown-size-key": (
        "game", "size: token-25", "size: {width: 25mm, height: 25mm, dept: 1mm}",
        f"{GAME}:19: unknown field 'dept' on size of kind 'jeton'"),
    # wrong types
    "int-as-text": (
        "cards", "attack: 3", "attack: '3'",
        f"{CARDS}:6: field 'attack' on carte 'x1': expected an integer, got text"),
    "int-as-decimal": (
        "cards", "attack: 3", "attack: 3.5",
        f"{CARDS}:6: field 'attack' on carte 'x1': expected an integer, got a number"),
    "int-as-bool": (
        "cards", "attack: 3", "attack: yes",
        f"{CARDS}:6: field 'attack' on carte 'x1': expected an integer, got a boolean"),
    "count-bool": (
        "cards", "count: 2", "count: true",
        f"{CARDS}:11: field 'count' on carte 'x2': expected an integer, got a boolean"),
    "count-negative": (
        "cards", "count: 2", "count: -1",
        f"{CARDS}:11: field 'count' on carte 'x2': expected a number ≥ 0, got -1"),
    "count-text": (
        "cards", "count: 2", "count: two",
        f"{CARDS}:11: field 'count' on carte 'x2': expected an integer, got text"),
    "name-list": (
        "cards", "name: Épée", "name: [Épée]",
        f"{CARDS}:5: field 'name' on carte 'x1': expected text, got a list"),
    "text-field-mapping": (
        "game", "tags: {type: list, of: text, required: false}",
        "tags: {type: text, required: false}",
        f"{CARDS}:9: field 'tags' on carte 'x1': expected text, got a list"),
    "bad-id": (
        "cards", "id: x2", "id: x 2",
        f"{CARDS}:10: field 'id' on carte 'x 2': bad id 'x 2' (use letters, digits, '-', '_' or '.')"),
    "null-id": (
        "cards", "id: x2", "id:",
        f"{CARDS}:10: field 'id' on a carte: expected text, got nothing"),
    "players-min-text": (
        "game", "{min: 2, max: 4}", "{min: two, max: 4}",
        f"{GAME}:3: field 'min' on players: expected an integer, got text"),
    "players-order": (
        "game", "{min: 2, max: 4}", "{min: 4, max: 2}",
        f"{GAME}:3: players: need 1 ≤ min ≤ max, got 4–2"),
    "players-zero": (
        "game", "{min: 2, max: 4}", "{min: 0, max: 4}",
        f"{GAME}:3: players: need 1 ≤ min ≤ max, got 0–4"),
    "players-not-mapping": (
        "game", "{min: 2, max: 4}", "4",
        f"{GAME}:3: players must be a mapping, got an integer"),
    "shape-unknown": (
        "game", "shape: round", "shape: circle",
        f"{GAME}:20: field 'shape' on kind 'jeton': expected one of rect, round, hex-flat, "
        "hex-pointy, triangle, octagon, stadium, shield, polygon-N, polygon-N-flat, got 'circle'"),
    "corner-radius-no-unit": (
        "game", "    shape: round\n", "    shape: round\n    corner_radius: 2\n",
        f"{GAME}:21: field 'corner_radius' on kind 'jeton':"
        " length 2 needs a unit (mm, cm, in, pt or %)"),
    "corner-radius-negative": (
        "game", "    shape: round\n", "    shape: round\n    corner_radius: -2mm\n",
        f"{GAME}:21: field 'corner_radius' on kind 'jeton': expected a length ≥ 0, got -2mm"),
    "corner-radius-on-round": (
        "game", "    shape: round\n", "    shape: round\n    corner_radius: 2mm\n",
        f"{GAME}:20: field 'shape' on kind 'jeton': a round kind has no corners: remove its"
        " corner_radius"),
    "shape-misspelt": (
        "game", "shape: round", "shape: rond",
        f"{GAME}:20: field 'shape' on kind 'jeton': expected one of rect, round, hex-flat, "
        "hex-pointy, triangle, octagon, stadium, shield, polygon-N, polygon-N-flat, got 'rond' "
        "(did you mean 'round'?)"),
    "colour-not-hex": (
        "game", "name: Tiny\n", "name: Tiny\ncolors: {accent: red}\n",
        f"{GAME}:3: field 'colors' on game 'tiny': colour 'accent' must be written '#rrggbb' or"
        " '#rgb', got 'red'"),
    "components-not-list": (
        "game", "components:\n  - cards.yaml\n", "components: cards.yaml\n",
        f"{GAME}:22: field 'components' on game 'tiny': expected a list, got text"),
    "bleed-mode": (
        "game", "    title: Cartes\n", "    title: Cartes\n    bleed_mode: gutters\n",
        f"{GAME}:27: field 'bleed_mode' on kit section: expected one of auto, gutter, abut, none,"
        " got 'gutters' (did you mean 'gutter'?)"),
    "sheet-not-list-of-text": (
        "game", "sheet: [jeton]", "sheet: [[jeton]]",
        f"{GAME}:27: field 'sheet' on kit section: item 1 (line 27): expected text, got a list"),
    # missing required fields
    "missing-name": (
        "game", "name: Tiny\n", "",
        f"{GAME}:2: missing field 'name' on game 'tiny'"),
    "missing-players-max": (
        "game", "{min: 2, max: 4}", "{min: 2}",
        f"{GAME}:3: missing field 'max' on players"),
    "missing-required-value": (
        "cards", "    couleur: jaune\n", "",
        f"{CARDS}:10: missing field 'couleur' on carte 'x2'"),
    "null-required-value": (
        "cards", "    couleur: jaune\n", "    couleur:\n",
        f"{CARDS}:10: missing field 'couleur' on carte 'x2'"),
    "missing-id": (
        "cards", "  - id: x2\n    count: 2\n", "  - count: 2\n",
        f"{CARDS}:10: missing field 'id' on a carte"),
    "missing-kind-in-file": (
        "cards", "kind: carte\n", "",
        f"{CARDS}:2: missing field 'kind' on component file"),
    "missing-kit-document-or-sheet": (
        "game", "  - sheet: [jeton]\n", "  - {}\n",
        f"{GAME}:27: a kit section needs 'document' or 'sheet'"),
    # choices
    "choice-not-in-choices": (
        "cards", "couleur: rouge", "couleur: rose",
        f"{CARDS}:7: field 'couleur' on carte 'x1': expected one of rouge, jaune, got 'rose'"
        " (did you mean 'rouge'?)"),
    "choice-no-suggestion": (
        "cards", "couleur: rouge", "couleur: 12",
        f"{CARDS}:7: field 'couleur' on carte 'x1': expected one of rouge, jaune, got 12"),
    # map fields (a Limits-like map of choices)
    "map-missing-key": (
        "cards", "{rouge: 3, jaune: X}", "{rouge: 3}",
        f"{CARDS}:8: field 'limits' on carte 'x1': missing key 'jaune'"),
    "map-unknown-key": (
        "cards", "{rouge: 3, jaune: X}", "{rouge: 3, jaune: X, verte: 1}",
        f"{CARDS}:8: field 'limits' on carte 'x1': unknown key 'verte'"),
    "map-missing-and-unknown": (
        "cards", "{rouge: 3, jaune: X}", "{rouge: 3, jeune: X}",
        f"{CARDS}:8: field 'limits' on carte 'x1': missing key 'jaune'; "
        "unknown key 'jeune' (did you mean 'jaune'?)"),
    "map-bad-value": (
        "cards", "{rouge: 3, jaune: X}", "{rouge: 3, jaune: Y}",
        f"{CARDS}:8: field 'limits' on carte 'x1': key 'jaune': expected one of"
        " 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, X, got 'Y'"),
    "map-value-out-of-range": (
        "cards", "{rouge: 3, jaune: X}", "{rouge: 10, jaune: X}",
        f"{CARDS}:8: field 'limits' on carte 'x1': key 'rouge': expected one of"
        " 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, X, got 10 (did you mean '1' or '0'?)"),
    "map-quoted-number": (
        "cards", "{rouge: 3, jaune: X}", "{rouge: '3', jaune: X}",
        f"{CARDS}:8: field 'limits' on carte 'x1': key 'rouge': expected one of"
        " 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, X, got text '3' (write it without quotes)"),
    "map-not-mapping": (
        "cards", "{rouge: 3, jaune: X}", "[3, X]",
        f"{CARDS}:8: field 'limits' on carte 'x1': expected a mapping with keys rouge, jaune,"
        " got a list"),
    # list fields
    "list-bad-item": (
        "cards", "tags: [arme, fer]", "tags: [arme, [fer]]",
        f"{CARDS}:9: field 'tags' on carte 'x1': item 2 (line 9): expected text, got a list"),
    "list-bad-item-block": (
        "cards", "tags: [arme, fer]", "tags:\n      - arme\n      - ~",
        f"{CARDS}:9: field 'tags' on carte 'x1': item 2 (line 11): expected text, got nothing"),
    "list-not-list": (
        "cards", "tags: [arme, fer]", "tags: arme",
        f"{CARDS}:9: field 'tags' on carte 'x1': expected a list, got text"),
    # kinds
    "unknown-kind-in-file": (
        "cards", "kind: carte", "kind: crate",
        f"{CARDS}:2: unknown kind 'crate' (did you mean 'carte'?)"),
    "unknown-kind-in-kit": (
        "game", "sheet: [jeton]", "sheet: [jetons]",
        f"{GAME}:27: unknown kind 'jetons' in kit (did you mean 'jeton'?)"),
    "sheet-different-sizes": (
        "game", "sheet: [jeton]", "sheet: [carte, jeton]",
        f"{GAME}:27: kinds sharing a sheet must have one size and shape: carte, jeton"),
    "reserved-field-name": (
        "game", "      attack: {type: int, required: false}\n",
        "      name: {type: text}\n      attack: {type: int, required: false}\n",
        f"{GAME}:11: field name 'name' is reserved (id, name, count, front, back)"),
    # sizes
    # ids
    "duplicate-id": (
        "cards", "id: x2", "id: x1",
        f"{CARDS}:10: duplicate id 'x1' (first at {CARDS}:4)"),
    # files
    "missing-component-file": (
        "game", "  - cards.yaml\n", "  - cards.yaml\n  - tokens.yaml\n",
        "cards/tiny/tokens.yaml: file not found"),
    "missing-table-file": (
        "game", "components:\n", "tables: {forces: tables/forces.yaml}\ncomponents:\n",
        "cards/tiny/tables/forces.yaml: file not found"),
}


@pytest.mark.parametrize(("where", "old", "new", "expected"), list(ONE_ERROR.values()),
                         ids=list(ONE_ERROR))
def test_one_problem(root: Path, where: str, old: str, new: str, expected: str) -> None:
    replace_once(game_file(root) if where == "game" else cards_file(root), old, new)
    assert one_error(root) == expected


# A problem in a kind drops the kind: later uses of it add an "unknown kind" (see
# test_bad_size_is_reported_once), so only the first problem is checked here.
KIND_PROBLEMS = {
    "missing-front": (
        "game", "    front: jeton\n", "",
        f"{GAME}:19: missing field 'front' on kind 'jeton'"),
    "missing-size": (
        "game", "    size: token-25\n", "",
        f"{GAME}:19: missing field 'size' on kind 'jeton'"),
    "missing-size-height": (
        "game", "size: token-25", "size: {width: 25mm}",
        f"{GAME}:19: missing field 'height' on size of kind 'jeton'"),
    "size-no-unit": (
        "game", "size: token-25", "size: {width: 25, height: 25mm}",
        f"{GAME}:19: field 'width' on size of kind 'jeton': length 25 needs a unit"
        " (mm, cm, in, pt or %)"),
    "size-percentage": (
        "game", "size: token-25", "size: {width: 50%, height: 25mm}",
        f"{GAME}:19: field 'width' on size of kind 'jeton': a percentage ('50%') is not allowed"
        " here"),
    "size-zero": (
        "game", "size: token-25", "size: {width: 0mm, height: 25mm}",
        f"{GAME}:19: size of kind 'jeton': width and height must be > 0"),
}


@pytest.mark.parametrize(("where", "old", "new", "expected"), list(KIND_PROBLEMS.values()),
                         ids=list(KIND_PROBLEMS))
def test_kind_problem(root: Path, where: str, old: str, new: str, expected: str) -> None:
    replace_once(game_file(root), old, new)
    assert all_problems(root)[0] == expected


def test_unknown_game_key_with_its_missing_twin(root: Path) -> None:
    replace_once(game_file(root), "name: Tiny\n", "nmae: Tiny\n")
    assert several_errors(root) == [
        f"{GAME}:2: missing field 'name' on game 'tiny'",
        f"{GAME}:2: unknown field 'nmae' on game 'tiny' (did you mean 'name'?)",
    ]


def test_missing_players(root: Path) -> None:
    replace_once(game_file(root), "players: {min: 2, max: 4}\n", "")
    # The wording ("on game", without the id) differs from the other top-level fields.
    assert one_error(root).startswith(f"{GAME}:2: missing field 'players' on game")


def test_same_size_and_shape_share_a_sheet(root: Path) -> None:
    replace_once(game_file(root), "    size: token-25\n    shape: round\n", "    size: poker\n")
    replace_once(game_file(root), "sheet: [jeton]", "sheet: [carte, jeton]")
    assert load(root).kit[1] == SheetSection(("carte", "jeton"), "carte, jeton", "auto")


def test_rectangles_with_other_corners_share_a_sheet(root: Path) -> None:
    # both cut along the crop marks; the corners are rounded afterwards
    replace_once(game_file(root), "    size: token-25\n    shape: round\n",
                 "    size: poker\n    corner_radius: 3mm\n")
    replace_once(game_file(root), "sheet: [jeton]", "sheet: [carte, jeton]")
    game = load(root)
    assert game.kinds["jeton"].shape == RoundedRectangle(approx_float(3 * MM))
    assert game.kit[1] == SheetSection(("carte", "jeton"), "carte, jeton", "auto")


def test_same_size_different_shape_cannot_share_a_sheet(root: Path) -> None:
    replace_once(game_file(root), "    size: token-25\n", "    size: poker\n")
    replace_once(game_file(root), "sheet: [jeton]", "sheet: [carte, jeton]")
    assert one_error(root) == (
        f"{GAME}:27: kinds sharing a sheet must have one size and shape: carte, jeton")


def test_unknown_size_preset(root: Path) -> None:
    replace_once(game_file(root), "size: poker", "size: pokr")
    problems = all_problems(root)
    assert problems[0] == (f"{GAME}:7: unknown size 'pokr' on kind 'carte'"
                           " (did you mean 'poker' or 'poker-us'?)")


def test_bad_size_is_reported_once(root: Path) -> None:
    replace_once(game_file(root), "size: poker", "size: pokr")
    assert one_error(root) == (f"{GAME}:7: unknown size 'pokr' on kind 'carte'"
                               " (did you mean 'poker' or 'poker-us'?)")


def test_choice_spec_without_choices(root: Path) -> None:
    replace_once(game_file(root), "{type: choice, choices: [rouge, jaune]}", "{type: choice}")
    assert f"{GAME}:12: field 'couleur': type choice needs 'choices'" in all_problems(root)


def test_map_spec_without_keys(root: Path) -> None:
    replace_once(game_file(root), "        keys: [rouge, jaune]\n", "")
    assert f"{GAME}:13: field 'limits': type map needs 'keys'" in all_problems(root)


def test_list_of_unknown_type(root: Path) -> None:
    replace_once(game_file(root), "of: text,", "of: txt,")
    assert all_problems(root)[0] == (
        f"{GAME}:17: field 'type' on field 'tags[]': expected one of text, rich, int, bool, choice,"
        " list, map, got 'txt' (did you mean 'text'?)")


def test_list_spec_without_of(root: Path) -> None:
    replace_once(game_file(root), "{type: list, of: text, required: false}",
                 "{type: list, required: false}")
    assert f"{GAME}:17: field 'tags': type list needs 'of' (the item type)" in all_problems(root)


def test_list_spec_without_of_and_no_values(root: Path) -> None:
    # With no component using the field, the spec problem alone is reported.
    replace_once(game_file(root), "{type: list, of: text, required: false}",
                 "{type: list, required: false}")
    replace_once(cards_file(root), "    tags: [arme, fer]\n", "")
    assert one_error(root) == f"{GAME}:17: field 'tags': type list needs 'of' (the item type)"


def test_boolean_is_not_a_number_choice(root: Path) -> None:
    replace_once(cards_file(root), "{rouge: 3, jaune: X}", "{rouge: true, jaune: X}")
    assert one_error(root).startswith(f"{CARDS}:8: field 'limits' on carte 'x1': key 'rouge': ")


def test_colour_needs_hex_digits(root: Path) -> None:
    replace_once(game_file(root), "name: Tiny\n", "name: Tiny\ncolors: {accent: '#zzzzzz'}\n")
    assert one_error(root).startswith(f"{GAME}:3: field 'colors' on game 'tiny': ")


def test_duplicate_ids_across_files(root: Path) -> None:
    (root / "cards" / "tiny" / "more.yaml").write_text(
        "kind: carte\ncards:\n  - {id: x2, couleur: rouge, limits: {rouge: 1, jaune: 1}}\n",
        encoding="utf-8")
    replace_once(game_file(root), "  - cards.yaml\n", "  - cards.yaml\n  - more.yaml\n")
    assert one_error(root) == f"cards/tiny/more.yaml:3: duplicate id 'x2' (first at {CARDS}:10)"


def test_component_file_not_a_mapping(root: Path) -> None:
    cards_file(root).write_text("- kind: carte\n", encoding="utf-8")
    message = one_error(root)
    assert message.startswith(f"{CARDS}: ")
    assert message.endswith("must be a mapping, got a list")


def test_empty_component_file(root: Path) -> None:
    cards_file(root).write_text("# nothing yet\n", encoding="utf-8")
    assert one_error(root).endswith("must be a mapping, got nothing")


def test_cards_not_a_list(root: Path) -> None:
    cards_file(root).write_text("# one card\nkind: carte\ncards: x1\n", encoding="utf-8")
    assert one_error(root) == f"{CARDS}:3: 'cards' must be a list, got text"


def test_component_file_without_cards(root: Path) -> None:
    cards_file(root).write_text("kind: carte\n", encoding="utf-8")
    try:
        game = load(root)
    except DataError as err:
        assert "got a list" not in str(err)
    else:
        assert game.components == ()


def test_game_without_kit(root: Path) -> None:
    replace_once(game_file(root),
                 "kit:\n  - sheet: [carte]\n    title: Cartes\n  - sheet: [jeton]\n", "")
    try:
        game = load(root)
    except DataError as err:
        assert "missing field 'kit'" in str(err)
    else:
        assert game.kit == ()


def test_component_entry_naming_a_folder(root: Path) -> None:
    replace_once(game_file(root), "  - cards.yaml\n", "  - cards.yaml\n  - ''\n")
    with pytest.raises((DataError, DataErrors)):
        load(root)


def test_empty_game_file(root: Path) -> None:
    game_file(root).write_text("", encoding="utf-8")
    problems = all_problems(root)
    assert problems[0] == f"{GAME}: game 'tiny' must be a mapping, got nothing"


def test_not_utf8_component_file(root: Path) -> None:
    cards_file(root).write_bytes(b"kind: carte\ncards: [\xff]\n")
    assert one_error(root) == f"{CARDS}: not UTF-8 text (invalid start byte)"


def test_errors_are_never_tracebacks_for_scalar_documents(root: Path) -> None:
    game_file(root).write_text("just text\n", encoding="utf-8")
    assert all_problems(root)[0] == f"{GAME}: game 'tiny' must be a mapping, got text"


def test_absolute_paths_outside_the_first_root(tmp_path: Path) -> None:
    copy = tmp_path / "elsewhere"
    shutil.copytree(TINY, copy)
    replace_once(cards_file(copy), "count: 2", "count: -2")
    with pytest.raises(DataError) as info:
        load_game(Resources((tmp_path / "other", copy)), "tiny")
    assert str(info.value) == (f"{copy / 'cards' / 'tiny' / 'cards.yaml'}:11:"
                               " field 'count' on carte 'x2': expected a number ≥ 0, got -2")


# --- the real game ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def charlie():
    return load_game(Resources((bundled_root(),)), "charlie")


def test_charlie_loads(charlie) -> None:
    assert charlie.name == "Charlie the Unicorn et le Liopleurodon magique"
    assert (charlie.players.min, charlie.players.max) == (3, 4)
    assert list(charlie.kinds) == ["tuile", "licorne", "attribut", "banane", "amulette", "pion",
                                   "aide"]
    assert {k: charlie.count(k) for k in charlie.kinds} == {
        "tuile": 31, "licorne": 6, "attribut": 15, "banane": 26, "amulette": 12, "pion": 40,
        "aide": 5}
    assert len(charlie.components) == 31 + 6 + 3 + 2 + 1 + 5 + 1
    assert set(charlie.tables) == {"effets", "types"}
    assert len(charlie.tables["effets"]) == 11


def test_charlie_tiles_follow_the_rulings(charlie) -> None:
    tiles = charlie.components_of("tuile")
    assert len(tiles) == 31
    assert all(t.count == 1 for t in tiles)
    effects = Counter(t.values["effet"] for t in tiles if t.values["effet"] is not None)
    bananas = sum(n for e, n in effects.items() if e.startswith("bananes-"))
    assert bananas == 9
    assert {e: n for e, n in effects.items() if not e.startswith("bananes-")} == {
        "perte-rein": 3, "perte-tv": 3, "perte-corne": 3, "perte-choix": 2,
        "recup-attribut": 3, "recup-tuile": 2, "inversion": 3, "prochain-charlie": 2}
    assert set(effects) <= set(charlie.tables["effets"])


def test_charlie_tile_types(charlie) -> None:
    tiles = charlie.components_of("tuile")
    starts = [t for t in tiles if t.values["type_tuile"] == "depart"]
    assert len(starts) == 1
    start = starts[0]
    assert start.values["effet"] is None
    assert start.back == "tuile-texte"  # no effect side
    by_type: dict[str, list[str]] = {}
    for tile in tiles:
        if tile is not start:
            by_type.setdefault(tile.values["type_tuile"], []).append(tile.values["effet"])
    assert sorted(by_type) == sorted(["liopleurodon", "pont", "tennis", "porte", "montagne",
                                      "canard"])
    for tile_type, effects in by_type.items():
        assert len(effects) == 5, tile_type
        assert len(set(effects)) == 5, f"{tile_type}: {effects}"
        assert None not in effects


def test_charlie_kit(charlie) -> None:
    assert isinstance(charlie.kit[0], DocumentSection)
    sheets = [s for s in charlie.kit if isinstance(s, SheetSection)]
    assert [s.kinds for s in sheets] == [("aide",), ("tuile",), ("licorne",),
                                         ("attribut", "banane", "amulette"), ("pion",)]
    for kind in ("attribut", "banane", "amulette"):
        assert charlie.kinds[kind].size == Size(approx_float(25 * MM), approx_float(25 * MM))
        assert charlie.kinds[kind].shape == Circle()


def test_charlie_components_have_their_required_values(charlie) -> None:
    for component in charlie.components:
        kind = charlie.kinds[component.kind]
        for spec in kind.fields:
            if spec.required:
                assert component.values[spec.name] is not None, (component.id, spec.name)
        assert component.front == kind.front


def test_empty_sheet_and_bad_columns_are_refused(root: Path) -> None:
    replace_once(game_file(root), "  - sheet: [jeton]\n", "  - sheet: []\n  - document: r.md.j2\n"
                                                  "    columns: 0\n")
    problems = all_problems(root)
    assert any(p.endswith(": a sheet section needs at least one kind") for p in problems)
    assert any(p.endswith(": columns must be 1 to 4, got 0") for p in problems)


# --- document_style ------------------------------------------------------------------------


def test_document_style_defaults_when_absent(root: Path) -> None:
    from printandplay.model.game import DocumentStyle

    style = load(root).document_style
    assert replace(style, location=None) == DocumentStyle()
    assert style.location is not None and str(style.location.path) == "cards/tiny/game.yaml"


def test_document_style_overrides_sizes_lengths_colours_and_fonts(root: Path) -> None:
    with game_file(root).open("a", encoding="utf-8") as handle:
        handle.write("colors: {nuit: '#102030'}\n"
                     "document_style:\n  size: 10\n  margin: 15mm\n  text_color: nuit\n"
                     "  accent: '#ff0000'\n  body_font: heavy\n  leading: 1.4\n")
    style = load(root).document_style
    assert (style.size, style.margin, style.text_color, style.accent, style.body_font,
            style.leading) == (10.0, pytest.approx(15 * MM), "nuit", "#ff0000", "heavy", 1.4)
    assert style.title_size == 20.7  # what is not written keeps its default


@pytest.mark.parametrize(("yaml_text", "expected"), [
    ("document_style:\n  sise: 10\n",
     "cards/tiny/game.yaml:29: unknown field 'sise' on document_style (did you mean 'size'?)"),
    ("document_style:\n  margin: 12\n",
     "cards/tiny/game.yaml:29: field 'margin' on document_style: length 12 needs a unit"),
    ("document_style:\n  accent: violet\n",
     "cards/tiny/game.yaml:29: field 'accent' on document_style: expected '#rrggbb' or a "
     "colour of the game's palette"),
    ("document_style:\n  size: 0\n",
     "cards/tiny/game.yaml:29: field 'size' on document_style: expected a font size"),
    ("document_style: [size]\n",
     "cards/tiny/game.yaml:28: document_style must be a mapping, got a list"),
])
def test_document_style_keys_are_strict(root: Path, yaml_text: str, expected: str) -> None:
    with game_file(root).open("a", encoding="utf-8") as handle:
        handle.write(yaml_text)
    assert one_error(root).startswith(expected)


def test_fields_take_a_label_and_labelled_choices(root: Path) -> None:
    """A field's ``label`` and its choices written as a mapping value → label: what players see
    of it (serve's filters); the values stay the mapping's keys."""
    replace_once(game_file(root), "couleur: {type: choice, choices: [rouge, jaune]}",
                 "couleur: {type: choice, label: Couleur, label@en: Colour,\n"
                 "                choices: {rouge: Rouge vif, jaune: Jaune}}")
    replace_once(game_file(root), "attack: {type: int, required: false}",
                 "attack: {type: int, required: false, label: Attaque}")
    kind = load(root).kinds["carte"]
    couleur, attack = kind.field("couleur"), kind.field("attack")
    assert couleur is not None and attack is not None
    assert couleur.choices == ("rouge", "jaune") and couleur.shown == "Couleur"
    assert couleur.choice_label("rouge") == "Rouge vif" and couleur.choice_label("vert") is None
    assert couleur.translations == {"en": {"label": "Colour"}}
    assert attack.shown == "Attaque" and attack.choice_label(3) is None
    tags = kind.field("tags")
    assert tags is not None and tags.shown == "tags"  # no label: its name


def test_labelled_choices_are_for_choice_fields_and_not_empty(root: Path) -> None:
    replace_once(game_file(root), "attack: {type: int, required: false}",
                 "attack: {type: int, required: false, choices: {1: Un}}")
    assert f"{GAME}:11: field 'attack': labelled choices (a mapping) are for type choice" \
        in all_problems(root)
    replace_once(game_file(root), "choices: {1: Un}", "label@xx-1: Attack, lable: A")
    problems = all_problems(root)
    assert any("unknown field 'lable'" in p and "did you mean 'label'" in p for p in problems)
    replace_once(game_file(root), "couleur: {type: choice, choices: [rouge, jaune]}",
                 "couleur: {type: choice, choices: {}}")
    assert any("expected at least one choice" in p for p in all_problems(root))
