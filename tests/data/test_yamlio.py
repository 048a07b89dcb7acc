"""Tests of the YAML reader: every mapping and sequence remembers its lines; bad YAML is a
located :class:`DataError`, never a PyYAML traceback."""

from __future__ import annotations

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


def test_aliases_are_resolved() -> None:
    data = parse_yaml("base: &b {a: 1}\ncopy: *b\n", "t.yaml")
    assert data["copy"] == {"a": 1}


def test_merge_keys_work_as_in_safe_load() -> None:
    data = parse_yaml("base: &b {a: 1, b: 2}\nx:\n  <<: *b\n  b: 3\n", "t.yaml")
    assert data["x"] == {"a": 1, "b": 3}


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
