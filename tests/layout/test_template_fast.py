"""Templates of literal text and lookups print without Jinja exactly what Jinja prints, and
anything else (errors included) is left to the sandboxed render."""

from __future__ import annotations

from typing import Any

import pytest
from template_helpers import (
    assert_shortcut_prints_what_jinja_prints,
)

from printandplay.layout.template_budget import MAX_VALUE
from printandplay.layout.template_fast import plain_plan
from printandplay.layout.templating import Rich, TemplateEnv


class Attrs(dict):  # type: ignore[type-arg]
    """A dict with an attribute of its own, as the located values of YAML files have."""

    location = "cards/x.yaml:3"


CONTEXTS: list[dict[str, Any]] = [
    {"card": {"id": "A-1", "name": "Renard *rusé* :owl: [[x]]", "n": 3, "f": 2.5, "b": True,
              "none": None, "rich": Rich("**gras** :owl:"), "items": "champ", "liste": [1, "deux"],
              "map": {"rouge": "R", "items": "I", 3: "trois"}, "type": "eau",
              "attrs": Attrs(location="L", autre="A"), "big": 10 ** 5000,
              "long": "x" * (MAX_VALUE + 1), "obj": object()},
     "tables": {"types": {"eau": {"nom": "Eau", "icone": "goutte"}, "feu": {"nom": "Feu"}},
                "liste": ["a", "b"]},
     "game": {"name": "Jeu"}},
    {"card": {"id": "B", "type": "feu", "n": 0, "liste": []}, "tables": {"types": {}}},
    {"card": "pas un dict", "tables": {}},
    {},
]
TEMPLATES = [
    "{{ card.id }}", "{{ card.name }}", "+{{ card.n }}", "{{ card.f }} / {{ card.b }}",
    "«{{ card.none }}»", "{{ card.rich }}", "{{ card.items }}", "{{ card['items'] }}",
    "{{ card.liste[0] }}-{{ card.liste[1] }}-{{ card.liste[-1] }}", "{{ card.liste[5] }}",
    "{{ card.liste }}", "{{ card.map.rouge }}", "{{ card.map['items'] }}", "{{ card.map.items }}",
    "{{ card.map[3] }}", "{{ tables.types[card.type].nom }}", "{{ tables.types[card.type].icone }}",
    "{{ tables.liste[card.n] }}", "{{ card.attrs.autre }}", "{{ card.attrs.location }}",
    "{{ card.big }}", "{{ card.long }}", "{{ card.obj }}", "{{ card.missing }}", "{{ nothing }}",
    "{{ range }}", "{{ game.name }} · {{ card.id }}\n**{{ card.n }}**", "{{card.id}}",
    "{{ card.id | upper }}", "{% if card.n %}{{ card.id }}{% endif %}", "{{ 'texte' }}",
    "{{ card.id }", "{{ card.id }}\n",
]


@pytest.mark.parametrize("source", TEMPLATES)
def test_the_shortcut_prints_what_jinja_prints(source: str) -> None:
    assert_shortcut_prints_what_jinja_prints(source, CONTEXTS)


def test_which_templates_are_plain() -> None:
    parse = TemplateEnv().parse
    assert plain_plan(parse, "+{{ card.n }} pts") == ("+", ("card", (0, "n")), " pts")
    assert plain_plan(parse, "{{ t[card.k][0] }}") == (("t", (2, ("card", (0, "k"))), (1, 0)),)
    for other in ("{{ card.n + 1 }}", "{{ x | upper }}", "{% if x %}y{% endif %}", "texte",
                  "{{ f() }}", "{{ x[1:2] }}", "{{ 'a' }}", "{{ x }"):
        assert plain_plan(parse, other) is None, other
