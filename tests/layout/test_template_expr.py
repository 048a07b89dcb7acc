"""Templates of small expressions (comparisons, membership, ``not``, ``and``/``or``, ``… if …
else …``) print without Jinja exactly what Jinja prints, and anything else (errors included)
is left to the sandboxed render."""

from __future__ import annotations

import itertools
import random
from functools import partial
from typing import Any

import pytest
from template_helpers import (
    assert_shortcut_prints_what_jinja_prints,
    jinja_render,
    outcome,
)

from printandplay.layout.template_expr import expression_plan
from printandplay.layout.templating import Rich, TemplateEnv


class Loud(str):
    """A string with an equality of its own: never compared without Jinja."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = str.__hash__


class Sized(list):  # type: ignore[type-arg]
    """A list whose truth is its own."""

    def __bool__(self) -> bool:
        return False


CONTEXTS: list[dict[str, Any]] = [
    {"card": {"rank": "A", "role": "entraineur", "n": 3, "f": 2.5, "b": True, "none": None,
              "text": Rich("**gras**"), "empty": "", "punition": 1, "pips": ["c0", "g1"],
              "map": {"rouge": "X", "vert": 0}, "loud": Loud("z"), "sized": Sized([1]),
              "nested": [["a"]], "big": 10 ** 5000, "obj": object(), "t": ("c0",)},
     "tables": {"rangs": {"A": {"pips": ["c0", "cm"]}, "2": {"pips": []}}}},
    {"card": {"rank": "2", "role": "joueur", "n": 0, "f": -1.0, "b": False, "none": None,
              "text": "", "empty": "x", "punition": 7, "pips": [], "map": {}, "loud": "y",
              "sized": [], "nested": [], "big": 1, "obj": None, "t": ()},
     "tables": {"rangs": {"A": {"pips": ["c0"]}, "2": {"pips": ["g1"]}}}},
    {"card": {"rank": 2, "punition": True, "n": "3", "text": None}, "tables": {"rangs": {}}},
    {"card": "pas un dict", "tables": {}},
    {},
]
TEMPLATES = [
    "{{ card.rank == 'A' }}", "{{ card.rank != 'A' }}", "{{ 'c0' in tables.rangs[card.rank].pips }}",
    "{{ 'c0' not in card.pips }}", "{{ card.n > 1 }}", "{{ card.n <= card.f }}", "{{ card.n < 'a' }}",
    "{{ 1 < card.n < 5 }}", "{{ card.rank == card.n == 3 }}", "{{ 'or' if card.role == 'entraineur' "
    "else 'blanc' }}", "{{ 'x' if card.b }}", "{{ not card.text }}", "{{ card.text or '' }}",
    "{{ card.text and card.rank }}", "{{ card.none or card.n }}", "{{ card.map.rouge == 'X' }}",
    "{{ ['a', 'b', 'c'][card.punition] }}", "{{ card.role in ['capitaine', 'entraineur'] }}",
    "{{ card.role in ('capitaine', 'x') }}", "IMPRO {{ 'MIXTE' if card.rank == 'A' else '*C*' }} !",
    "{{ 'ou' in card.role }}", "{{ card.n in card.role }}", "{{ 'rouge' in card.map }}",
    "{{ card.loud == 'a' }}", "{{ 'a' in [card.loud] }}", "{{ not card.sized }}",
    "{{ card.nested == [] }}", "{{ 'a' in card.nested }}", "{{ card.big > 3 }}", "{{ card.big }}",
    "{{ card.obj == None }}", "{{ not card.obj }}", "{{ card.missing == 1 }}", "{{ nothing or 1 }}",
    "{{ card.pips }}", "{{ card.t == () }}", "{{ 'c0' in card.t }}", "{{ [card.n][0] }}",
    "{{ card.rank is string }}", "{{ card.n + 1 > 2 }}", "{{ -card.n }}", "{{ 'a' }}{{ none }}",
    "{{ true and 'x' }}", "{{ card.f >= 2.5 }}", "{{ (card.rank == 'A') == true }}",
]


@pytest.mark.parametrize("source", TEMPLATES)
def test_the_shortcut_prints_what_jinja_prints(source: str) -> None:
    assert_shortcut_prints_what_jinja_prints(source, CONTEXTS)


def test_random_expressions_print_what_jinja_prints() -> None:
    """Random nests of the expressions over values of every kind, with and without Jinja."""
    rng = random.Random(15)
    atoms = ["card.rank", "card.n", "card.f", "card.b", "card.none", "card.text", "card.empty",
             "card.pips", "card.map", "card.loud", "card.sized", "card.obj", "card.missing",
             "'A'", "'c0'", "0", "3", "2.5", "true", "none", "['c0', 'A']", "('x', 3)"]
    ops = ["==", "!=", "<", ">=", "in", "not in"]

    def expression(depth: int) -> str:
        if depth == 0 or rng.random() < 0.3:
            return rng.choice(atoms)
        shape = rng.randrange(4)
        a, b = expression(depth - 1), expression(depth - 1)
        if shape == 0:
            return f"({a} {rng.choice(ops)} {b})"
        if shape == 1:
            return f"(not {a})"
        if shape == 2:
            return f"({a} {rng.choice(['and', 'or'])} {b})"
        return f"({a} if {expression(depth - 1)} else {b})"

    fast, slow = TemplateEnv(), TemplateEnv()
    # 200 draws, 166 distinct sources, each compiled once by Jinja (most of the test's time):
    # they meet the same outcome kinds (planned and printed without Jinja; planned, left to
    # Jinja, printed; planned, left to Jinja, refused) and cover the same lines and branches of
    # the package as the 400 draws (291 sources) did, as do 150 draws
    sources = {f"{{{{ {expression(3)} }}}}" for _ in range(200)}
    for source, context in itertools.product(sorted(sources), CONTEXTS):
        expected = outcome(partial(jinja_render, slow, source, context))
        assert outcome(partial(fast.render_string, source, context, "box")) == expected, source
    planned = sum(fast._plain.get(source) is not None for source in sources)
    assert planned > len(sources) // 2  # most of them were read for the shortcut


def test_which_templates_are_expressions() -> None:
    parse = TemplateEnv().parse
    for source in ("{{ card.rank == 'A' }}", "x {{ 'a' if card.b else 'b' }} y",
                   "{{ not card.t }}", "{{ ['a', 'b'][card.n] }}", "{{ 'a' in card.l }}"):
        assert expression_plan(parse, source) is not None, source
    for other in ("{{ card.n + 1 }}", "{{ x | upper }}", "{% if x %}y{% endif %}", "texte",
                  "{{ 'a' if x }}", "{{ f() == 1 }}", "{{ x is defined }}", "{{ [x] }}",
                  "{{ 'a' ~ b }}", "{{ x }"):
        assert expression_plan(parse, other) is None, other


def test_a_box_of_expressions_is_never_compiled() -> None:
    from printandplay.layout.template_cache import COMPILED

    templates = TemplateEnv()
    before = COMPILED.compiled
    for rank in ("A", "2", "R"):
        context = {"card": {"rank": rank}, "tables": {"rangs": {rank: {"pips": ["c0"]}}}}
        assert templates.render_string("{{ card.rank == 'A' }}", context, "box") == \
            str(rank == "A")
        assert templates.render_string("{{ 'c0' in tables.rangs[card.rank].pips }}", context,
                                       "box") == "True"
    assert COMPILED.compiled == before
