"""Tests of the YAML reader: every mapping and sequence remembers its lines; bad YAML is a
located :class:`DataError`, never a PyYAML traceback."""

from __future__ import annotations

import math
from datetime import date, datetime
from pathlib import Path

import pytest

from printandplay.data import yamlio
from printandplay.data.yamlio import LocDict, LocList, load_yaml, parse_cache, parse_yaml
from printandplay.errors import DataError, Location

# --- locations of good YAML --------------------------------------------------------------------

NESTED = """\
# a comment, then a blank line

team:
  name: A
  tags:
    - x
    -   y
  inline: {k: [1, 2]}
"""


def test_mappings_and_sequences_keep_their_lines() -> None:
    data = parse_yaml(NESTED, "t.yaml")
    assert isinstance(data, LocDict)
    assert data == {"team": {"name": "A", "tags": ["x", "y"], "inline": {"k": [1, 2]}}}
    assert data.location == Location("t.yaml", 3)  # comments and blank lines are skipped
    assert data.key_lines == {"team": 3}
    team = data["team"]
    assert isinstance(team, LocDict)
    assert team.location == Location("t.yaml", 4)
    assert team.key_lines == {"name": 4, "tags": 5, "inline": 8}
    tags = team["tags"]
    assert isinstance(tags, LocList)
    assert tags.location == Location("t.yaml", 6)
    assert tags.item_lines == [6, 7]
    assert team["inline"]["k"].item_lines == [8, 8]


def test_at_gives_the_key_line_or_falls_back_to_the_mapping() -> None:
    team = parse_yaml(NESTED, "t.yaml")["team"]
    assert team.at("tags") == Location("t.yaml", 5)
    assert str(team.at("tags")) == "t.yaml:5"
    assert team.at("absent") == Location("t.yaml", 4)


def test_list_at_gives_the_item_line() -> None:
    data = parse_yaml("- 1\n- {a: 2}\n-\n  - 3\n", "t.yaml")
    assert isinstance(data, LocList)
    assert [data.at(i).line for i in range(3)] == [1, 2, 4]
    assert data[1].location == Location("t.yaml", 2)


def test_scalars_keep_their_yaml_types() -> None:
    data = parse_yaml("a: 1\nb: 1.5\nc: true\nd: ~\ne: '1'\nf: X\n", "t.yaml")
    assert data == {"a": 1, "b": 1.5, "c": True, "d": None, "e": "1", "f": "X"}
    assert isinstance(data["c"], bool)


def test_non_text_keys_become_text() -> None:
    data = parse_yaml("1: a\ntrue: b\n", "t.yaml")
    assert data == {"1": "a", "True": "b"}
    assert data.key_lines == {"1": 1, "True": 2}


def test_empty_text_is_none() -> None:
    assert parse_yaml("", "t.yaml") is None
    assert parse_yaml("# only a comment\n", "t.yaml") is None


def test_location_without_line_shows_the_path_only() -> None:
    assert str(Location("a/b.yaml")) == "a/b.yaml"
    assert str(Location("a/b.yaml", 7)) == "a/b.yaml:7"


def test_plain_scalars_resolve_as_in_safe_load() -> None:
    data = parse_yaml("- 0x1F\n- 017\n- 1_000\n- -2.5\n- .inf\n- -.Inf\n- .nan\n- 1.5e+3\n"
                      "- yes\n- No\n- OFF\n- ~\n- null\n-\n- ''\n- '3'\n- \"true\"\n"
                      "- 2026-11-30\n- 2026-11-30 13:20:00\n- 1:30\n- Y\n- texte\n", "t.yaml")
    assert data[:6] == [31, 15, 1000, -2.5, math.inf, -math.inf]
    assert math.isnan(data[6])
    assert data[7:] == [1500.0, True, False, False, None, None, None, "", "3", "true",
                        date(2026, 11, 30), datetime(2026, 11, 30, 13, 20), 90, "Y", "texte"]
    assert [type(v) for v in data[8:11]] == [bool, bool, bool]


def test_a_scalar_read_twice_gives_equal_values() -> None:
    """Resolved plain scalars are remembered across documents: a second parse gives the same."""
    text = "".join(f"- {v}\n" for v in ["3", "oui", "yes", "~", "1.5", "2026-11-30", "texte"])
    first, second = parse_yaml(text, "t.yaml"), parse_yaml(text, "t.yaml")
    assert first == second == [3, "oui", True, None, 1.5, date(2026, 11, 30), "texte"]


def test_block_text_and_unicode_are_kept() -> None:
    data = parse_yaml("texte: |\n  Première ligne\n  seconde: ligne\nautre: >\n  plié\n  ici\n"
                      "cle: 'é ü ☃' # commentaire\n", "t.yaml")
    assert data == {"texte": "Première ligne\nseconde: ligne\n", "autre": "plié ici\n",
                    "cle": "é ü ☃"}
    assert data.key_lines == {"texte": 1, "autre": 4, "cle": 7}


def test_a_document_may_be_one_scalar_or_have_markers() -> None:
    assert parse_yaml("42\n", "t.yaml") == 42
    assert parse_yaml("'seul'\n", "t.yaml") == "seul"
    data = parse_yaml("# commentaire\n---\na: 1\n...\n", "t.yaml")
    assert data == {"a": 1} and data.location == Location("t.yaml", 3)


def test_explicit_tags_are_read_by_the_safe_constructors() -> None:
    data = parse_yaml("a: !!str 3\nb: ! 3\nc: !!float 1\nd: !!binary aGVsbG8=\ne: !!null x\n"
                      "f: !!map {g: 1}\nh: !!seq [1]\n", "t.yaml")
    assert data == {"a": "3", "b": 3, "c": 1.0, "d": b"hello", "e": None, "f": {"g": 1},
                    "h": [1]}
    assert isinstance(data["f"], LocDict) and isinstance(data["h"], LocList)


def test_aliases_are_resolved() -> None:
    data = parse_yaml("base: &b {a: 1}\ncopy: *b\n", "t.yaml")
    assert data["copy"] == {"a": 1}


def test_an_alias_shares_its_anchor_value_and_line() -> None:
    text = "a: &x hello\nb: *x\nc: [*x, 1]\nd:\n  - *x\n  - &y 3\n  - *y\nl: &l [1]\nm: [*l]\n"
    data = parse_yaml(text, "t.yaml")
    assert data == {"a": "hello", "b": "hello", "c": ["hello", 1], "d": ["hello", 3, 3],
                    "l": [1], "m": [[1]]}
    assert data["c"].item_lines == [1, 3]  # an alias stands where its anchor does
    assert data["d"].item_lines == [1, 6, 6]
    assert data["m"][0] is data["l"] and data["m"].item_lines == [8]


def test_an_alias_of_a_text_may_be_a_key() -> None:
    data = parse_yaml("a: &k b\n*k : 3\n", "t.yaml")
    assert data == {"a": "b", "b": 3}
    assert data.key_lines == {"a": 1, "b": 1}


def test_merge_keys_work_as_in_safe_load() -> None:
    data = parse_yaml("base: &b {a: 1, b: 2}\nx:\n  <<: *b\n  b: 3\n", "t.yaml")
    assert data["x"] == {"a": 1, "b": 3}


def test_merged_keys_come_first_and_own_keys_win() -> None:
    text = ("b: &b {a: 1, b: 2}\nc: &c {a: 9, d: 3}\n"
            "x:\n  b: 5\n  <<: [*b, *c]\n  e: 4\n  <<: {z: 0}\n")
    x = parse_yaml(text, "t.yaml")["x"]
    # of a list of mappings, the first wins: *c's keys are merged, then *b's over them
    assert list(x.items()) == [("a", 1), ("d", 3), ("b", 5), ("z", 0), ("e", 4)]
    assert x.key_lines == {"a": 1, "d": 2, "b": 4, "z": 7, "e": 6}


def test_a_merge_of_a_merged_mapping() -> None:
    data = parse_yaml("b: &b {a: 1}\nc: &c {<<: *b, z: 2}\nx: {<<: *c, q: 1}\n", "t.yaml")
    assert data["x"] == {"a": 1, "z": 2, "q": 1}


@pytest.mark.parametrize(("text", "expected"), [
    ("x: {<<: 3}\n",
     "t.yaml:1: invalid YAML: expected a mapping or list of mappings for merging, but found "
     "scalar"),
    ("x:\n  <<:\n    - {a: 1}\n    - 3\n",
     "t.yaml:4: invalid YAML: expected a mapping for merging, but found scalar"),
    ("x: {<<: [[1]]}\n", "t.yaml:1: invalid YAML: expected a mapping for merging, but found "
     "sequence"),
    ("a: <<\n", "t.yaml:1: invalid YAML: could not determine a constructor for the tag "
     "'tag:yaml.org,2002:merge'"),
], ids=["scalar", "scalar-in-list", "list-in-list", "merge-as-value"])
def test_a_merge_of_something_else_than_mappings_is_refused(text: str, expected: str) -> None:
    with pytest.raises(DataError) as info:
        parse_yaml(text, "t.yaml")
    assert str(info.value) == expected


def test_the_value_key_is_text() -> None:
    assert parse_yaml("=: valeur\n", "t.yaml") == {"=": "valeur"}
    with pytest.raises(DataError, match="could not determine a constructor for the tag "
                                        "'tag:yaml.org,2002:value'"):
        parse_yaml("a: =\n", "t.yaml")


@pytest.mark.parametrize(("text", "expected"), [
    ("a: &x 1\nb: &x 2\nc: *x\n", "t.yaml:2: invalid YAML: anchor '&x' defined twice"),
    ("? [a, b]\n: c\n", "t.yaml:1: invalid YAML: a key must be a plain value, not a list"),
    ("a: 1\n? {a: b}\n: c\n",
     "t.yaml:2: invalid YAML: a key must be a plain value, not a mapping"),
    ("a: &k {x: 1}\n? *k\n: 3\n",
     "t.yaml:1: invalid YAML: a key must be a plain value, not a mapping"),
    ("a: !!set {x, y}\n",
     "t.yaml:1: invalid YAML: a mapping tagged 'tag:yaml.org,2002:set' is not supported "
     "(write a plain mapping)"),
    ("a: !!map [1]\n",
     "t.yaml:1: invalid YAML: a list tagged 'tag:yaml.org,2002:map' is not supported "
     "(write a plain list)"),
    ("a: !perso [1]\n",
     "t.yaml:1: invalid YAML: could not determine a constructor for the tag '!perso'"),
    ("a: !perso x\n",
     "t.yaml:1: invalid YAML: could not determine a constructor for the tag '!perso'"),
    ("a: !!int abc\n",
     "t.yaml:1: invalid YAML: 'abc' cannot be read as 'tag:yaml.org,2002:int'"),
    ("a:\n  b: !!bool peut-être\n",
     "t.yaml:2: invalid YAML: 'peut-être' cannot be read as 'tag:yaml.org,2002:bool'"),
    ("a: 2026-13-45\n",
     "t.yaml:1: invalid date '2026-13-45': month must be in 1..12 (quote it to keep it as "
     "text)"),
], ids=["anchor-twice", "list-key", "mapping-key", "alias-key", "set", "map-on-list",
        "unknown-tag-on-list", "unknown-tag", "bad-int", "bad-bool", "bad-date"])
def test_what_the_reader_refuses_is_a_located_error(text: str, expected: str) -> None:
    with pytest.raises(DataError) as info:
        parse_yaml(text, "t.yaml")
    assert str(info.value) == expected
    error = info.value  # no PyYAML traceback behind it
    assert error.__cause__ is None and (error.__context__ is None or error.__suppress_context__)


# --- duplicate keys ----------------------------------------------------------------------------


def test_duplicate_key_names_the_second_occurrence() -> None:
    with pytest.raises(DataError) as info:
        parse_yaml("a: 1\nb: 2\na: 3\n", "t.yaml")
    assert str(info.value) == "t.yaml:3: duplicate key 'a'"
    assert info.value.location == Location("t.yaml", 3)
    assert info.value.message == "duplicate key 'a'"


def test_duplicate_key_in_a_nested_mapping() -> None:
    with pytest.raises(DataError) as info:
        parse_yaml("top:\n  list:\n    - {x: 1, y: 2}\n    - id: 2\n      x: 1\n      id: 3\n",
                   "t.yaml")
    assert str(info.value) == "t.yaml:6: duplicate key 'id'"


def test_duplicate_key_in_a_flow_mapping() -> None:
    with pytest.raises(DataError) as info:
        parse_yaml("a: {k: 1, k: 2}\n", "t.yaml")
    assert str(info.value) == "t.yaml:1: duplicate key 'k'"


def test_keys_equal_as_text_are_duplicates() -> None:
    with pytest.raises(DataError) as info:
        parse_yaml("1: a\n'1': b\n", "t.yaml")
    assert str(info.value) == "t.yaml:2: duplicate key '1'"


# --- syntax errors -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a: 1\nb: [1, 2\nc: 3\n", "t.yaml:3: invalid YAML: did not find expected ',' or ']'"),
        ("a: 1\n\tb: 2\n", "t.yaml:2: invalid YAML: found a tab character that violates indentation"),
        ("a: b: c\n", "t.yaml:1: invalid YAML: mapping values are not allowed in this context"),
        ("a:\n  b: 1\n   c: 2\n",
         "t.yaml:3: invalid YAML: mapping values are not allowed in this context"),
        ("- a\n- b: [1,\n", "t.yaml:3: invalid YAML: did not find expected node content"),
        ("x: *nope\n", "t.yaml:1: invalid YAML: found undefined alias"),
        ("a: !!python/object:os.system x\n",
         "t.yaml:1: invalid YAML: could not determine a constructor for the tag "
         "'tag:yaml.org,2002:python/object:os.system'"),
    ],
    ids=["unclosed-list", "tab", "colon", "indent", "eof-in-list", "alias", "unsafe-tag"],
)
def test_syntax_errors_are_located(text: str, expected: str) -> None:
    with pytest.raises(DataError) as info:
        parse_yaml(text, "t.yaml")
    assert str(info.value) == expected
    assert info.value.__cause__ is None and info.value.__suppress_context__


def test_unclosed_quote_is_reported_at_the_end_of_the_file() -> None:
    # The line is where the scanner gave up (end of stream), not where the quote opened.
    with pytest.raises(DataError) as info:
        parse_yaml('a: "x\nb: 2\n', "t.yaml")
    assert str(info.value) == "t.yaml:3: invalid YAML: found unexpected end of stream"


def test_two_documents_are_an_error() -> None:
    with pytest.raises(DataError) as info:
        parse_yaml("a: 1\n---\nb: 2\n", "t.yaml")
    assert info.value.location == Location("t.yaml", 2)


def test_two_documents_message_says_what_was_expected() -> None:
    with pytest.raises(DataError) as info:
        parse_yaml("a: 1\n---\nb: 2\n", "t.yaml")
    assert "single document" in str(info.value)


# --- files -------------------------------------------------------------------------------------


def test_load_yaml_uses_the_display_path(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    path.write_text("a: 1\na: 2\n", encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_yaml(path, display="cards/g.yaml")
    assert str(info.value) == "cards/g.yaml:2: duplicate key 'a'"


def test_load_yaml_without_display_shows_the_path(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    path.write_text("a: [\n", encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_yaml(path)
    assert str(info.value).startswith(f"{path}:2: invalid YAML: ")


def test_load_yaml_reads_utf8(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    path.write_text("nom: Épée « ok »\n", encoding="utf-8")
    data = load_yaml(path, display="g.yaml")
    assert data == {"nom": "Épée « ok »"}
    assert data.location == Location("g.yaml", 1)


def test_load_yaml_parses_each_time_without_a_cache_and_once_within_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(yamlio, "_PARSED", None)  # no cache (the suite shares one: conftest.py)
    path = tmp_path / "g.yaml"
    path.write_text("a: [1, 2]\n", encoding="utf-8")
    first, second = load_yaml(path, display="g.yaml"), load_yaml(path, display="g.yaml")
    assert first == second == {"a": [1, 2]} and first is not second
    store: dict[tuple[str, str], object] = {}
    with parse_cache(store):
        cached = load_yaml(path, display="g.yaml")
        assert load_yaml(path, display="g.yaml") is cached
        path.write_text("a: [3]\n", encoding="utf-8")
        assert load_yaml(path, display="g.yaml") == {"a": [3]}  # a changed text is parsed again
    assert set(store) == {("g.yaml", "a: [1, 2]\n"), ("g.yaml", "a: [3]\n")}
    assert yamlio._PARSED is None  # the previous cache (none here) is back


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(DataError) as info:
        load_yaml(tmp_path / "nope.yaml", display="cards/nope.yaml")
    assert str(info.value) == "cards/nope.yaml: file not found"


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes("nom: Épée\n".encode("latin-1"))
    with pytest.raises(DataError) as info:
        load_yaml(path, display="latin1.yaml")
    assert str(info.value) == "latin1.yaml: not UTF-8 text (invalid continuation byte)"


def test_a_folder_is_a_located_error(tmp_path: Path) -> None:
    with pytest.raises(DataError):
        load_yaml(tmp_path, display="cards/tiny")
