"""The one-pass YAML reader gives what the long way gives, locations included, or steps aside."""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from printandplay.data.limits import MAX_YAML_DEPTH, MAX_YAML_NODES
from printandplay.data.yaml_fast import Unusual, parse_plain
from printandplay.data.yamlio import LocDict, LocList, parse_yaml, parse_yaml_long
from printandplay.errors import DataError

ROOT = Path(__file__).resolve().parents[2]


def _same(fast: Any, long: Any) -> None:
    """Equal values, types, and the same location for every mapping, key, list and item."""
    assert type(fast) is type(long)
    if isinstance(long, LocDict):
        assert fast.location == long.location
        assert fast.key_lines == long.key_lines
        assert list(fast) == list(long)
        for key in long:
            _same(fast[key], long[key])
    elif isinstance(long, LocList):
        assert fast.location == long.location
        assert fast.item_lines == long.item_lines
        assert len(fast) == len(long)
        for a, b in zip(fast, long, strict=True):
            _same(a, b)
    elif isinstance(long, float) and math.isnan(long):
        assert math.isnan(fast)
    else:
        assert fast == long


def _fast(text: str, path: str = "t.yaml") -> Any:
    return parse_plain(text, path, MAX_YAML_DEPTH, MAX_YAML_NODES)


@cache
def _long_of_file(text: str, path: str) -> Any:
    """The long way's parse of a project file, once per module (the tests only read it)."""
    return parse_yaml_long(text, path)


PLAIN = [
    "kind: carte\ncards:\n  - id: a\n    name: Sifflet\n    cout: 3\n  - id: b\n    texte: 'x: y'\n",
    "- 1\n- -2.5\n- 0x1F\n- 0o17\n- 1_000\n- .inf\n- -.Inf\n- .nan\n- 1e3\n",
    "a: yes\nb: No\nc: true\nd: OFF\ne: ~\nf: null\ng:\nh: ''\ni: \"\"\nj: 2026-11-30\n"
    "k: 2026-11-30 13:20:00\nl: '3'\nm: \"true\"\n",
    "1: un\n2.5: deux\ntrue: vrai\nnull: rien\n0x10: seize\n",
    "{a: [1, {b: c}], d: {e: [f, [g, h]]}}\n",
    "texte: |\n  Première ligne\n  seconde: ligne\nautre: >\n  plié\n  ici\n",
    "[]\n", "{}\n", "42\n", "'seul'\n", "- []\n- {}\n- [[]]\n",
    "a:\n  - b:\n      - c: 1\n        d: [2, 3]\n",
    "# commentaire\n---\na: 1\n...\n",
    "cle: valeur # commentaire\n\n\nautre: 'é ü ☃'\n",
    # a scalar's anchor and its aliases (a text repeated), in mappings and lists
    "a: &x 1\nb: *x\n",
    "a: &x hello\nb: *x\nc: [*x, 1]\nd:\n  - *x\n  - &y 3\n  - *y\n",
    "- &a x\n- *a\n- [*a, *a]\n- {k: *a}\n",
    "texte: &t >-\n  plié\n  ici\nautre: *t\n",
]


@pytest.mark.parametrize("text", PLAIN)
def test_plain_documents_match_the_long_way(text: str) -> None:
    _same(_fast(text), parse_yaml_long(text, "t.yaml"))


def test_every_yaml_file_of_the_project_matches_the_long_way() -> None:
    checked = 0
    for path in sorted([*ROOT.glob("cards/**/*.yaml"), *ROOT.glob("templates/**/*.yaml"),
                        *ROOT.glob("fonts/**/*.yaml")]):
        text = path.read_text(encoding="utf-8")
        try:
            fast = _fast(text, str(path))
        except Unusual:
            continue
        _same(fast, _long_of_file(text, str(path)))
        checked += 1
    assert checked >= 20


def test_licum_layouts_take_the_one_pass_way() -> None:
    """Licum's layouts repeat a template with an anchor (``&demandes``): read in one pass."""
    path = ROOT / "templates/licum/layouts.yaml"
    text = path.read_text(encoding="utf-8")
    assert "&demandes" in text
    _same(_fast(text, str(path)), _long_of_file(text, str(path)))


UNUSUAL = [
    "a: &x {y: 1}\nb: *x\n",  # anchors of collections and their aliases
    "a: &x [1]\nb: *x\n",
    "a: *x\n",  # an unknown anchor
    "a: &x 1\nb: &x 2\nc: *x\n",  # an anchor defined twice
    "a: &x 1\n*x : 2\n",  # an alias as a key
    "base: &b {x: 1}\nc:\n  <<: *b\n  y: 2\n",  # merge keys
    "a: !!str 3\n",  # tags
    "a: ! 3\n",
    "a: !perso x\n",
    "a: 1\na: 2\n",  # duplicate keys: the long way words the message
    "x:\n  b: 1\n  b: 2\n",
    "? [a, b]\n: c\n",  # a list as a key
    "? {a: b}\n: c\n",
    "a: 1\n---\nb: 2\n",  # several documents
    "",  # no document
    "a: [1, 2\n",  # syntax errors
    "a: 'ouvert\n",
    "\tx: 1\n",
    "=: valeur\n",  # the 'value' tag
    "a: =\n",
]


@pytest.mark.parametrize("text", UNUSUAL)
def test_anything_unusual_goes_the_long_way_with_the_same_result(text: str) -> None:
    with pytest.raises(Unusual):
        _fast(text)
    try:
        expected: Any = parse_yaml_long(text, "t.yaml")
    except DataError as err:
        with pytest.raises(DataError) as got:
            parse_yaml(text, "t.yaml")
        assert str(got.value) == str(err)
        assert got.value.location == err.location
    else:
        _same(parse_yaml(text, "t.yaml"), expected)


def test_limits_at_the_bound_and_beyond() -> None:
    deep = "[" * MAX_YAML_DEPTH + "]" * MAX_YAML_DEPTH
    _same(_fast(deep), parse_yaml_long(deep, "t.yaml"))
    deeper = "[" * (MAX_YAML_DEPTH + 1) + "]" * (MAX_YAML_DEPTH + 1)
    with pytest.raises(Unusual):
        _fast(deeper)
    with pytest.raises(DataError, match=f"nested deeper than {MAX_YAML_DEPTH} levels"):
        parse_yaml(deeper, "t.yaml")
    many = "- x\n" * 40
    assert parse_plain(many, "t.yaml", MAX_YAML_DEPTH, 41) == ["x"] * 40  # 40 items + the list
    with pytest.raises(Unusual):
        parse_plain(many, "t.yaml", MAX_YAML_DEPTH, 40)


def test_unknown_key_errors_keep_their_line(tmp_path: Path) -> None:
    text = "kind: carte\ncards:\n  - id: a\n\n    atack: 3\n"
    data = parse_yaml(text, "cards/g/c.yaml")
    card = data["cards"][0]
    assert data["cards"].at(0).line == 3
    assert card.at("atack").line == 5
    assert str(card.at("atack")) == "cards/g/c.yaml:5"


def test_resolved_scalars_are_shared_but_equal_to_the_long_way() -> None:
    text = "".join(f"- {v}\n" for v in ["3", "3", "oui", "yes", "yes", "~", "1.5", "1.5",
                                        "2026-11-30", "2026-11-30", "true", "texte"])
    first, second = _fast(text), _fast(text)
    _same(first, parse_yaml_long(text, "t.yaml"))
    _same(second, parse_yaml_long(text, "t.yaml"))


def test_a_value_the_constructor_refuses_goes_the_long_way() -> None:
    with pytest.raises(Unusual):
        _fast("a: 2026-13-45\n")  # looks like a date, is none
