"""Compiled templates are kept per process: each source compiled once per environment
settings, bounded, and a changed template is compiled again."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from printandplay.errors import LayoutError
from printandplay.templating.cache import COMPILED, CompiledTemplates
from printandplay.templating.environment import TemplateEnv


def test_two_environments_share_the_compiled_code_not_the_template() -> None:
    source = "{% for i in range(3) %}{{ i }}{% endfor %} {{ card.x | upper }} (cache test 1)"
    before = COMPILED.compiled
    one, two = TemplateEnv(), TemplateEnv()
    assert one.render_string(source, {"card": {"x": "a"}}, "t") == "012 A (cache test 1)"
    assert two.render_string(source, {"card": {"x": "b"}}, "t") == "012 B (cache test 1)"
    assert COMPILED.compiled == before + 1
    # each template runs in its own environment: its own budget, its own filters
    assert one.render_string(source, {"card": {"x": "c"}}, "t").startswith("012 C")
    assert one._compiled[source].environment is one.env
    assert two._compiled[source].environment is two.env


def test_the_environment_settings_are_part_of_the_key() -> None:
    source = "  {% if card.x %}\n{{ card.x }}\n  {% endif %}\n(cache test 2)"
    plain = TemplateEnv()
    trimmed = TemplateEnv()
    trimmed.env.trim_blocks = trimmed.env.lstrip_blocks = False
    first = plain.render_string(source, {"card": {"x": "a"}}, "t")
    second = trimmed.render_string(source, {"card": {"x": "a"}}, "t")
    assert first == "a\n(cache test 2)"
    assert second == "  \na\n  \n(cache test 2)"


def test_a_changed_template_file_is_compiled_again(tmp_path: Path) -> None:
    page = tmp_path / "page.md.j2"
    page.write_text("Bonjour {{ name }} (cache test 3)", encoding="utf-8")
    assert TemplateEnv([tmp_path]).render_file("page.md.j2", {"name": "A"}).startswith(
        "Bonjour A")
    page.write_text("Salut {{ name }} (cache test 3)", encoding="utf-8")
    assert TemplateEnv([tmp_path]).render_file("page.md.j2", {"name": "A"}).startswith(
        "Salut A")
    before = COMPILED.compiled
    assert TemplateEnv([tmp_path]).render_file("page.md.j2", {"name": "B"}).startswith(
        "Salut B")
    assert COMPILED.compiled == before  # the same file again: not compiled again


def test_the_cache_is_bounded_and_forgets_the_least_recently_used() -> None:
    cache = CompiledTemplates(size=2)
    made: list[str] = []

    def make(key: str) -> Callable[[], str]:
        def compile_it() -> str:
            made.append(key)
            return key

        return compile_it

    assert cache.get("a", make("a")) == "a"
    assert cache.get("b", make("b")) == "b"
    assert cache.get("a", make("a")) == "a"  # kept: now the most recent
    assert cache.get("c", make("c")) == "c"  # "b" goes
    assert len(cache) == 2
    assert cache.get("a", make("a")) == "a"
    assert cache.get("b", make("b")) == "b"
    assert made == ["a", "b", "c", "b"]


def test_no_source_is_compiled_twice_in_a_build(tmp_path: Path) -> None:
    from printandplay.kit.build import BuildOptions, build_kit
    from printandplay.project import Resources

    # the section of the limit cards only: 26 of the kit's 36 sources, in half the time (the
    # documents' template files are test_a_changed_template_file_is_compiled_again's)
    options = BuildOptions(out_dir=tmp_path, sections=("Cartes limite",))
    COMPILED.clear()
    before = COMPILED.compiled
    build_kit(Resources.discover(), "limits", options)
    compiled = COMPILED.compiled - before
    assert compiled == len(COMPILED) > 10  # every compilation made a new entry
    build_kit(Resources.discover(), "limits", options)
    assert COMPILED.compiled - before == compiled  # the second build compiled nothing


def test_a_different_filter_is_a_different_key() -> None:
    """The optimizer runs filters on constants while compiling: an environment whose filter
    differs must not reuse code compiled with the other one."""
    source = "{{ 'abc' | upper }} (cache test 5)"
    usual, odd = TemplateEnv(), TemplateEnv()
    odd.env.filters["upper"] = odd.env.bounded_filter("upper", lambda s: s[::-1])
    assert usual.render_string(source, {}, "t") == "ABC (cache test 5)"
    assert odd.render_string(source, {}, "t") == "cba (cache test 5)"
    odd.env.filters["upper"] = odd.env.bounded_filter("upper", str.title)
    assert TemplateEnv().render_string(source, {}, "t") == "ABC (cache test 5)"
    assert odd.render_string(source + " ", {}, "t") == "Abc (cache test 5) "


def test_a_copy_of_a_template_in_another_folder_reuses_the_code_and_names_its_file(
        tmp_path: Path) -> None:
    text = "Titre (cache test 6)\n\n{{ regles.absente }}\n"
    folders = [tmp_path / "a", tmp_path / "b"]
    for folder in folders:
        folder.mkdir()
        (folder / "regles.md.j2").write_text(text, encoding="utf-8")
    before = COMPILED.compiled
    for folder in folders:
        with pytest.raises(LayoutError) as error:
            TemplateEnv([folder]).render_file("regles.md.j2", {"regles": {}})
        assert str(error.value).startswith(f"{folder / 'regles.md.j2'}:3:"), error.value
    assert COMPILED.compiled == before + 1
