"""What a template can print, read from its parse tree (the stock-icon scan skips a design
only when no card can make it print a stock icon): never a "no" that a render contradicts."""

from __future__ import annotations

from typing import Any

import pytest

from printandplay.templating.environment import Rich, TemplateEnv
from printandplay.templating.reach import may_print

CARDS: list[dict[str, Any]] = [
    {"id": "a", "name": "Renard", "icone": "fox-head", "debut": "g", "fin": "i-owl",
     "tags": ["gi", "-x"], "n": 3, "texte": Rich("**Gagnez** 1 :piece:"), "vide": None},
    {"id": "b", "name": "Hibou", "icone": "owl", "debut": "", "fin": "", "tags": [], "n": 12,
     "texte": Rich("Rien"), "vide": None},
]
TABLES = {"icones": {"a": "gi-owl", "b": "cloche"}, "noms": {"a": "Un", "b": "Deux"},
          "liste": ["gi-", "bear"]}
VARIABLES: dict[str, Any] = {"card": CARDS, "tables": (TABLES,), "game": ({"name": "Kit"},)}

# (template, whether some card makes it print "gi-")
TEMPLATES = [
    ("{{ card.name }}", False),
    ("{{ card.icone }}", False),
    ("gi-{{ card.icone }}", True),  # the prefix in the template's own text
    ("{{ 'g' ~ 'i-' ~ card.icone }}", True),  # built from pieces
    ("{{ card.debut }}{{ card.fin }}", True),  # pieces from two fields
    ("g{{ card.fin }}", True),
    ("{% set a = 'g' %}{{ a }}{{ 'i-' }}{{ card.icone }}", True),
    ("{% for t in card.tags %}{{ t }}{% endfor %}", True),  # across loop iterations
    ("{{ card.tags | join('') }}", True),  # a filter it does not follow: unknown
    ("{{ tables.icones[card.id] }}", True),  # a table entry
    ("{{ tables.noms[card.id] }}", False),
    ("{{ tables.liste[0] }}{{ card.icone }}", True),
    ("{{ card.name | upper }}", False),
    ("{{ card.icone | replace('fox', 'gi-') }}", True),
    ("{{ card.icone | replace('fox', 'fax') }}", False),
    ("{{ 'x' if card.n > 3 else 'gi-' ~ card.icone }}", True),
    ("{% if card.n %}{{ card.name }}{% else %}gi-{% endif %}", True),  # every branch counts
    ("{{ card.n + 1 }}{{ card.name | length }}", False),
    ("{{ card.name[0] }}", True),  # a character of a string: not followed
    ("{{ card.debut[0] }}{{ card.fin }}", True),  # a character of a string: unknown
    ("{{ '%s' % card.debut }}{{ card.fin }}", True),  # formatting: unknown
    ("{{ card.debut.join(['', 'i-']) }}", True),  # a method call: unknown
    ("{% macro m() %}gi-{% endmacro %}{{ m() }}", True),
    ("{{ card.vide or 'gi-owl' }}", True),
    ("{{ card.texte }}", False),
    ("{{ game.name }}", False),
    ("{{ card }}", False),  # a whole dict, as Python shows it
    ("{{ card.items() }}", True),
    ("{{ card.debut }}{{ card.vide | rich }}{{ card.fin }}", True),  # none | rich shows None
    ("{{ card.debut }}{{ card.vide }}{{ card.fin }}", True),
    ("{{ loop }}", True),
]


@pytest.fixture(scope="module")
def templates() -> TemplateEnv:
    return TemplateEnv()


def _renders(templates: TemplateEnv, source: str) -> list[str]:
    out = []
    for card in CARDS:
        try:
            out.append(templates.render_string(source, {"card": card, "tables": TABLES,
                                                         "game": {"name": "Kit"}}, "test"))
        except Exception:  # noqa: BLE001 - an error prints nothing
            pass
    return out


@pytest.mark.parametrize(("source", "expected"), TEMPLATES)
def test_may_print_is_never_contradicted_by_a_render(templates: TemplateEnv, source: str,
                                                     expected: bool) -> None:
    printed = any("gi-" in text for text in _renders(templates, source))
    answer = may_print(templates.parse, source, VARIABLES, "gi-")
    assert answer or not printed, f"{source!r} prints the prefix, yet was said not to"
    assert answer == expected


def test_inline_icon_pattern_and_a_colon_from_another_piece(templates: TemplateEnv) -> None:
    assert may_print(templates.parse, ":{{ card.icone }}:", VARIABLES, ":gi-") is False
    assert may_print(templates.parse, ":{{ tables.icones[card.id] }}:", VARIABLES, ":gi-")
    assert may_print(templates.parse, "{{ ':' }}{{ card.debut }}{{ card.fin }}", VARIABLES, ":gi-")
    assert may_print(templates.parse, "{% for x in", VARIABLES, "gi-")  # a syntax error: render


def test_a_prefix_across_many_pieces_is_found() -> None:
    from printandplay.templating.values import contains

    assert contains(["a", "b", "c"], "abcabc")
    assert contains(["xab", "ab", "c"], "abababc")
    assert not contains(["ab", "ba"], "aa b")
    assert not contains(["g", "i"], "gi-")
    assert contains(["gg", "i-"], "gi-")


def test_the_automaton_agrees_with_every_short_concatenation() -> None:
    """A match of a 3-character text spans at most 3 non-empty pieces: trying every sequence
    of up to 3 pieces is exact."""
    import itertools
    import random

    from printandplay.templating.values import contains

    rng = random.Random(15)
    for _ in range(400):
        pieces = ["".join(rng.choice("gi-x") for _ in range(rng.randint(1, 4)))
                  for _ in range(rng.randint(1, 4))]
        brute = any("gi-" in "".join(seq) for n in (1, 2, 3)
                    for seq in itertools.product(pieces, repeat=n))
        assert contains(pieces, "gi-") == brute, pieces
