"""Templates from a game folder are untrusted: sandboxed, bounded in time and size, and every
error they raise is a one-line :class:`LayoutError` naming where it happened."""

from __future__ import annotations

import resource
import time
from pathlib import Path

import pytest
from helpers import SMALL_STEPS, small_template_budget

from printandplay.errors import LayoutError
from printandplay.templating import budget as template_budget
from printandplay.templating.budget import MAX_VALUE, approx_len
from printandplay.templating.environment import BOX_OUTPUT, Rich, TemplateEnv

ROOT = Path(__file__).resolve().parents[2]


def render(source: str, **context: object) -> str:
    return TemplateEnv().render_string(source, context, "cards/x.yaml:3: carte 'x', box 'texte'")


def box_error(source: str, **context: object) -> str:
    # The limit counts processor time, so that a busy machine (a CI runner, parallel tests)
    # does not trip it; the 2 s bound is checked on the same clock. Wall time gets a looser
    # bound: nothing a template can do waits (no I/O, no sleep).
    start, start_wall = time.process_time(), time.monotonic()
    with pytest.raises(LayoutError) as info:
        render(source, **context)
    assert time.process_time() - start < 2.0, source
    assert time.monotonic() - start_wall < 20.0, source
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith("cards/x.yaml:3: carte 'x', box 'texte'")
    return message


# --- what still works --------------------------------------------------------------------------


def test_ordinary_templates_still_render() -> None:
    assert render("{{ 'a' ~ 'b' }} {{ 3 * 4 }} {{ 2 ** 10 }} {{ '%.1f' % 2.25 }}") == "ab 12 1024 2.2"
    assert render("{% for i in range(3) %}{{ i }}{% endfor %}") == "012"
    assert render("{% macro m(x) %}[{{ x }}]{% endmacro %}{{ m(1) }}{{ m(2) }}") == "[1][2]"
    assert render("{{ '{}-{:>3}'.format('a', 7) }}") == "a-  7"
    assert render("{{ [1, 2] + [3] }}") == "[1, 2, 3]"
    assert render("{{ 'x' * 3 }}{{ names | join(', ') }}", names=["a", "b"]) == "xxxa, b"


def test_literal_markup_stays_and_data_values_are_escaped() -> None:
    assert render("**gras** {{ v }} {{ r }}", v="*x* :epee:", r=Rich("*y*")) == (
        "**gras** \\*x\\* \\:epee: *y*")
    # as before the sandbox: a block ``set`` makes a plain string, escaped when printed
    assert render("{% set t %}*{{ v }}*{% endset %}{{ t }}", v="a") == "\\*a\\*"


def test_groupby_and_text_filters_work_on_ordinary_input() -> None:
    rows = [{"a": 1}, {"a": 2}, {"a": 1}]
    assert render("{% for k, g in rows | groupby('a') %}{{ k }}:{{ g | length }} {% endfor %}",
                  rows=rows) == "1:2 2:1 "
    assert render("{{ range(3) | map('string') | groupby('0') | list | length }}") == "3"
    assert render("{{ '<b>gras</b> texte' | striptags | wordwrap(5) }}") == "gras\ntexte"


def test_loops_with_a_test_and_the_loop_variable_still_work() -> None:
    source = "{% for c in cards if c.n > 1 %}{{ loop.index }}:{{ c.n }} {% endfor %}"
    assert render(source, cards=[{"n": 1}, {"n": 2}, {"n": 3}]) == "1:2 2:3 "


# --- nothing runs --------------------------------------------------------------------------------


@pytest.mark.parametrize("source", [
    "{{ cycler.__init__.__globals__.os.popen('id').read() }}",
    "{{ ''.__class__.__mro__ }}",
    "{{ ''.__class__.__mro__[1].__subclasses__() }}",
    "{{ joiner.__init__.__globals__ }}",
    "{{ namespace.__init__.__globals__['os'] }}",
    "{{ card.__class__ }}",
    "{{ (1).__class__.__base__ }}",
])
def test_python_internals_are_not_reachable(source: str) -> None:
    message = box_error(source, card={"name": "x"})
    assert "not allowed in a template" in message
    assert "unsafe" in message


def test_nothing_runs(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    for source in (f"{{{{ cycler.__init__.__globals__.os.system('touch {marker}') }}}}",
                   f"{{{{ ''.__class__.__mro__[1].__subclasses__()[0]('touch {marker}') }}}}",
                   "{{ '{0.__init__.__globals__}'.format(cycler) }}"):
        box_error(source)
    assert not marker.exists()


def test_data_cannot_be_modified() -> None:
    message = box_error("{{ names.append('z') }}", names=["a"])
    assert "not allowed in a template" in message or "unsafe" in message


def test_nondeterministic_helpers_are_removed() -> None:
    assert "'lipsum' is undefined" in box_error("{{ lipsum(3) }}")
    assert "No filter named 'random'" in box_error("{{ [1, 2] | random }}")


# --- bounded ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("source", "fragment"), [
    ("{{ 'x' * 10**9 }}", "too large (limit 1,000,000)"),
    ("{{ 'x' * 10**6 * 10**6 }}", "too large"),
    ("{{ [1, 2] * 10**8 }}", "too large"),
    ("{{ range(10**10) | list }}", "Range too big"),
    ("{{ 10 ** 100000 }}", "number too large"),
    ("{{ (10 ** 1000) ** 1000 }}", "number too large"),
    ("{{ 2.0 ** 100000 }}", "number too large"),
    ("{{ '%0999999999d' % 1 }}", "format width 999999999 is too large"),
    ("{{ '%*d' % (10**9, 1) }}", "'*' widths are not allowed"),
    ("{{ '{:>999999999}'.format(1) }}", "format width 999999999 is too large"),
    ("{{ '{:>{}}'.format(1, 10**9) }}", "nested fields are not allowed"),
    ("{{ '%0999999999d' | format(1) }}", "format width"),
    ("{{ 'x' | center(1000000000) }}", "too large"),
    ("{{ 'a\nb' | indent(10**9) }}", "too large"),
    ("{{ [1] | batch(10**9, 'x') | list }}", "too large"),
    ("{{ [1] | slice(10**9) | list }}", "too large"),
    ("{% set s = 'x' * 1000000 %}{{ s.replace('x', s) }}", "too large"),
    ("{% set s = 'x' * 1000000 %}{{ s | replace('x', s) }}", "too large"),
    ("{% set s = 'x' * 1000000 %}{{ s.join(s) }}", "too large"),
    ("{% set s = 'x' * 1000000 %}{{ s.center(10**9) }}", "too large"),
    ("{% set s = 'x' * 1000000 %}{{ [s] * 1000000 }}", "too large"),
    ("{% set s = 'x' * 100000 %}{{ ([s] * 10) | join(s) }}", "too large"),
    ("{% set ns = namespace(s='x') %}{% for i in range(60) %}{% set ns.s = ns.s ~ ns.s %}"
     "{% endfor %}{{ ns.s }}", "too large"),
    ("{% set ns = namespace(s='x') %}{% for i in range(60) %}{% set ns.s = ns.s + ns.s %}"
     "{% endfor %}{{ ns.s }}", "too large"),
    ("{% macro f(s, n) %}{{ f(s ~ s, n + 1) }}{% endmacro %}{{ f('x', 0) }}", "too large"),
    ("{% set s = 'x' * 999999 %}{{ namespace(a=s, b=s, c=s) }}", "too large"),
    ("{{ ('x ' * 499999) | wordwrap(1) }}", "filter 'wordwrap' takes at most 20,000"),
    ("{{ ('<a>' * 300000) | striptags }}", "filter 'striptags' takes at most"),
    ("{{ ('www.a.fr ' * 100000) | urlize }}", "filter 'urlize' takes at most"),
    ("{{ range(100000) | groupby('real') | list }}", "filter 'groupby' takes at most"),
])
def test_big_values_are_refused_before_they_are_built(source: str, fragment: str) -> None:
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    assert fragment in box_error(source)
    grown_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    assert grown_mb < 200


@pytest.mark.parametrize(("source", "fragment"), [
    ("{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}", "recursion too deep"),
    ("{% macro f(n) %}{{ f(n - 1) }}{{ f(n - 1) }}{% endmacro %}{{ f(40) }}", "recursion"),
    ("{% for i in range(10**5) %}{% for j in range(10**5) %}{% endfor %}{% endfor %}", "limit"),
    ("{% for i in range(10**5) %}{% for j in range(10**5) %}x{% endfor %}{% endfor %}", "limit"),
    ("{% set x %}{% for i in range(10**5) %}{% for j in range(10**5) %}abcdefghij{% endfor %}"
     "{% endfor %}{% endset %}{{ x | length }}", "limit"),
    ("{% for i in range(10**5) %}{% for c in 'x' * 10**5 %}{% endfor %}{% endfor %}", "limit"),
    ("{% macro f(n) %}{% for i in range(100) %}{{ f(n - 1) if n else '' }}{% endfor %}"
     "{% endmacro %}{{ f(6) }}", "limit"),
])
def test_endless_work_stops_with_a_clear_error(source: str, fragment: str,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    # the mechanism, not the default's second: a loop stopped by the step limit needs no more
    # than a few thousand steps to show it (2,000: ~0.01 s instead of ~0.1 s at 20,000)
    small_template_budget(monkeypatch, steps=2_000 if fragment == "limit" else SMALL_STEPS)
    assert fragment in box_error(source)


class _FastClocks:
    """Both clocks of ``template_budget``, each read moving them on by ``tick`` seconds."""

    def __init__(self, tick: float) -> None:
        self.tick = tick
        self.now = 0.0
        self.reads = 0

    def _read(self) -> float:
        self.reads += 1
        self.now += self.tick
        return self.now

    process_time = perf_counter = _read


def test_endless_loops_stop_at_the_default_time_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    # the default second, on clocks that run fast (each read is 2 ms later): the budget is
    # the real one, not a smaller one (test_the_time_limit_counts_processor_time shows the
    # real clocks on a 0.01 s budget). The loop is too short for the step limit.
    from printandplay.templating import budget as template_budget

    clocks = _FastClocks(tick=0.002)
    monkeypatch.setattr(template_budget, "time", clocks)
    source = "{% for i in range(10**5) %}{% set x = i %}{% endfor %}"
    assert "the template ran for more than 1 s (limit)" in box_error(source)
    # one second of the fast clocks is ~500 reads: the first of each check is the wall
    # clock's, the processor clock is read only once a second of wall time has passed
    assert 400 < clocks.reads < 1_500


def test_the_step_limit_counts_loop_iterations_and_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    # the mechanism on a budget of 2,000 steps (as test_endless_work_stops_with_a_clear_error):
    # the step count trips, not the clock
    steps = 2_000
    small_template_budget(monkeypatch, steps=steps, seconds=60.0)
    loops = "{% for i in range(10**5) %}{% for j in range(10**5) %}{% endfor %}{% endfor %}"
    assert f"more than {steps:,} loop iterations and calls" in box_error(loops)
    calls = "{% macro f(n) %}{% for i in range(100) %}{{ f(n - 1) if n else '' }}{% endfor %}" \
        "{% endmacro %}{{ f(6) }}"
    assert f"more than {steps:,} loop iterations and calls" in box_error(calls)
    just_under = f"{{% for i in range({steps - 100}) %}}{{% endfor %}}ok"
    assert render(just_under) == "ok"


def test_the_time_limit_counts_processor_time(monkeypatch: pytest.MonkeyPatch) -> None:
    small_template_budget(monkeypatch, steps=10**9, seconds=0.01)
    loops = "{% for i in range(10**5) %}{% for j in range(10**5) %}{% endfor %}{% endfor %}"
    assert "the template ran for more than 0.01 s (limit)" in box_error(loops)


def test_budget_defaults_are_the_documented_ones() -> None:
    assert template_budget.MAX_STEPS == 1_000_000
    assert template_budget.MAX_SECONDS == 1.0
    assert template_budget.MAX_WORK == 20_000_000
    assert MAX_VALUE == BOX_OUTPUT == 1_000_000
    docs = (ROOT / "docs" / "security-templates.md").read_text(encoding="utf-8")
    assert (f"| loop iterations and calls (macros, methods) | "
            f"{template_budget.MAX_STEPS:,} steps, and {template_budget.MAX_SECONDS:g} s |") in docs
    assert f"| all values built together | {template_budget.MAX_WORK:,} characters |" in docs
    assert f"| output | {BOX_OUTPUT:,} characters per box" in docs


def test_box_output_is_bounded() -> None:
    source = "{% for i in range(3000) %}{{ s }}{% endfor %}"
    message = box_error(source, s="y" * 1000)
    assert f"more than {BOX_OUTPUT:,} characters (limit per box)" in message


@pytest.mark.parametrize(("source", "fragment"), [
    ("{{ 1 / 0 }}", "ZeroDivisionError"),
    ("{{ '%d' % 'x' }}", "TypeError"),
    ("{{ names[5] }}", "list object has no element 5"),
    ("{{ {} | dictsort(by='x') }}", "template error: FilterArgumentError"),
    ("{{ names | sum }}", "TypeError"),
    ("{{ '{0[1]}'.format('') }}", "str object has no element 1"),
    ("{{ x.y }}", "'x' is undefined"),
    ("{% for %}", "template syntax error"),
])
def test_runtime_errors_are_layout_errors(source: str, fragment: str) -> None:
    assert fragment in box_error(source, names=["a", "b"])


def test_error_line_inside_a_multiline_box_template() -> None:
    assert "(line 3 of the template)" in box_error("a\nb\n{{ 1 / 0 }}")


def test_approx_len_stops_counting_past_its_limit() -> None:
    big = ["x" * 1000] * 10_000
    assert approx_len(big, 5000) <= 5000 + 1010
    assert approx_len({"a": "bc"}) >= 3
    assert approx_len(10**100) > 100
    assert MAX_VALUE == 1_000_000


def test_each_render_has_its_own_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    steps = 2_000  # the mechanism: one render's budget, whatever its size
    small_template_budget(monkeypatch, steps=steps)
    env = TemplateEnv()
    source = f"{{% for i in range({steps * 9 // 10}) %}}{{% endfor %}}ok"
    for _ in range(12):  # 12 × 90 % of the steps: more than one render's budget, all fine
        assert env.render_string(source, {}, "box") == "ok"


# --- template files ---------------------------------------------------------------------------


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    monkeypatch.chdir(tmp_path)
    game = tmp_path / "templates" / "jeu"
    shared = tmp_path / "templates" / "shared"
    game.mkdir(parents=True)
    shared.mkdir(parents=True)
    (game / "regles.md.j2").write_text("# Règles\n{% include 'partie.md.j2' %}\n", "utf-8")
    (game / "partie.md.j2").write_text("Une partie.\n", "utf-8")
    (shared / "commun.md.j2").write_text("{% macro titre(t) %}## {{ t }}{% endmacro %}", "utf-8")
    (tmp_path / "secret.txt").write_text("SECRET", "utf-8")
    return game, shared


def file_env(folders: tuple[Path, Path]) -> TemplateEnv:
    def display(path: Path) -> str:
        return str(path.resolve().relative_to(Path.cwd().resolve()))

    return TemplateEnv(list(folders), display)


def file_error(folders: tuple[Path, Path], name: str = "regles.md.j2") -> str:
    with pytest.raises(LayoutError) as info:
        file_env(folders).render_file(name, {}, "cards/jeu/game.yaml:12")
    message = str(info.value)
    assert "\n" not in message
    assert str(Path.cwd()) not in message
    assert "SECRET" not in message
    return message


def test_documents_include_and_import_from_both_folders(folders: tuple[Path, Path]) -> None:
    game, _ = folders
    (game / "regles.md.j2").write_text(
        "{% import 'commun.md.j2' as c %}{{ c.titre('Mise en place') }}\n"
        "{% include 'partie.md.j2' %}", "utf-8")
    assert file_env(folders).render_file("regles.md.j2", {}) == (
        "## Mise en place\nUne partie.\n")


def test_extends_with_blocks_works(folders: tuple[Path, Path]) -> None:
    game, shared = folders
    (shared / "base.md.j2").write_text("# {% block titre %}{% endblock %}\n\nfin\n", "utf-8")
    (game / "regles.md.j2").write_text(
        "{% extends 'base.md.j2' %}{% block titre %}Règles{% endblock %}", "utf-8")
    assert file_env(folders).render_file("regles.md.j2", {}) == "# Règles\nfin\n"


def test_a_symlink_inside_the_folder_is_fine(folders: tuple[Path, Path]) -> None:
    game, _ = folders
    (game / "alias.md.j2").symlink_to(game / "partie.md.j2")
    (game / "regles.md.j2").write_text("{% include 'alias.md.j2' %}", "utf-8")
    assert file_env(folders).render_file("regles.md.j2", {}) == "Une partie.\n"


@pytest.mark.parametrize(("include", "fragment"), [
    ("/etc/passwd", "template '/etc/passwd': absolute paths are not allowed"),
    ("../../secret.txt", "template '../../secret.txt': '..' is not allowed"),
    ("sub/../../../secret.txt", "'..' is not allowed"),
    ("..\\\\secret.txt", "use '/' between folders"),
    ("", "empty or invalid"),
])
def test_include_names_that_leave_the_folder_are_refused(
        folders: tuple[Path, Path], include: str, fragment: str) -> None:
    game, _ = folders
    (game / "regles.md.j2").write_text(f"# R\n\n{{% include '{include}' %}}\n", "utf-8")
    message = file_error(folders)
    assert message.startswith("templates/jeu/regles.md.j2:3: "), message
    assert fragment in message


@pytest.mark.parametrize("statement", [
    "{% import 'lien.md.j2' as x %}", "{% extends 'lien.md.j2' %}",
    "{% from 'lien.md.j2' import y %}", "{% include 'lien.md.j2' %}",
])
def test_symlinks_leading_outside_are_refused(folders: tuple[Path, Path], statement: str) -> None:
    game, _ = folders
    (game / "lien.md.j2").symlink_to(game.parent.parent / "secret.txt")
    (game / "regles.md.j2").write_text(statement, "utf-8")
    message = file_error(folders)
    assert message.startswith("templates/jeu/regles.md.j2:1: "), message
    assert "template 'lien.md.j2' leads outside templates/jeu/" in message


def test_a_linked_folder_leading_outside_is_refused(folders: tuple[Path, Path],
                                                   tmp_path: Path) -> None:
    game, _ = folders
    outside = tmp_path / "ailleurs"
    outside.mkdir()
    (outside / "x.md.j2").write_text("dehors", "utf-8")
    (game / "lien").symlink_to(outside)
    (game / "regles.md.j2").write_text("{% include 'lien/x.md.j2' %}", "utf-8")
    assert "leads outside" in file_error(folders)


def test_special_files_and_binary_templates_are_refused(folders: tuple[Path, Path]) -> None:
    game, _ = folders
    (game / "zero.md.j2").symlink_to("/dev/zero")
    (game / "regles.md.j2").write_text("{% include 'zero.md.j2' %}", "utf-8")
    assert "leads outside" in file_error(folders)
    (game / "binaire.md.j2").write_bytes(b"\xff\xfe\x00abc")
    (game / "regles.md.j2").write_text("{% include 'binaire.md.j2' %}", "utf-8")
    assert "is not UTF-8 text" in file_error(folders)
    (game / "enorme.md.j2").write_bytes(b"x" * 1_000_001)
    (game / "regles.md.j2").write_text("{% include 'enorme.md.j2' %}", "utf-8")
    assert "larger than 1,000,000 bytes" in file_error(folders)


def test_the_document_itself_is_confined_and_named_by_its_game_yaml_line(
        folders: tuple[Path, Path]) -> None:
    message = file_error(folders, "../../secret.txt")
    assert message.startswith("cards/jeu/game.yaml:12: template '../../secret.txt'")


def test_missing_template_names_folders_searched_and_a_close_name(
        folders: tuple[Path, Path]) -> None:
    message = file_error(folders, "regle.md.j2")
    assert message == ("cards/jeu/game.yaml:12: template 'regle.md.j2' not found (searched "
                       "templates/jeu/, templates/shared/); did you mean 'regles.md.j2'?")


def test_missing_include_names_the_including_line(folders: tuple[Path, Path]) -> None:
    game, _ = folders
    (game / "partie.md.j2").unlink()
    message = file_error(folders)
    assert message.startswith("templates/jeu/regles.md.j2:2: template 'partie.md.j2' not found")
    assert "(searched templates/jeu/, templates/shared/)" in message


def test_refused_names_are_refused_even_with_ignore_missing_or_in_a_list(
        folders: tuple[Path, Path]) -> None:
    game, _ = folders
    for statement in ("{% include '/etc/passwd' ignore missing %}",
                      "{% include ['nope.md.j2', '../../secret.txt'] %}"):
        (game / "regles.md.j2").write_text(statement, "utf-8")
        assert "not allowed" in file_error(folders)
    (game / "regles.md.j2").write_text("{% include ['a.md.j2', 'b.md.j2'] %}", "utf-8")
    assert file_error(folders) == (
        "templates/jeu/regles.md.j2:1: none of the templates 'a.md.j2', 'b.md.j2' found "
        "(searched templates/jeu/, templates/shared/)")


def test_errors_in_documents_name_the_template_line(folders: tuple[Path, Path]) -> None:
    game, _ = folders
    (game / "regles.md.j2").write_text("# R\n\n{{ ''.__class__ }}\n", "utf-8")
    message = file_error(folders)
    assert message.startswith("templates/jeu/regles.md.j2:3: not allowed in a template")
    (game / "regles.md.j2").write_text("# R\n{% include 'partie.md.j2' %}\n", "utf-8")
    (game / "partie.md.j2").write_text("a\nb\n{{ 1 / 0 }}\n", "utf-8")
    assert file_error(folders).startswith("templates/jeu/partie.md.j2:3: template error: "
                                          "ZeroDivisionError")
    (game / "partie.md.j2").write_text("{% if %}\n", "utf-8")
    assert file_error(folders).startswith("templates/jeu/partie.md.j2:1: template syntax error")


def test_document_output_is_bounded(folders: tuple[Path, Path]) -> None:
    game, _ = folders
    (game / "regles.md.j2").write_text(
        "{% for i in range(6000) %}{{ s }}{% endfor %}", "utf-8")
    with pytest.raises(LayoutError) as info:
        file_env(folders).render_file("regles.md.j2", {"s": "z" * 1000})
    assert "more than 5,000,000 characters (limit per document)" in str(info.value)


def test_a_template_s_own_globals_overlay_the_environment_s_without_changing_them() -> None:
    env = TemplateEnv().env
    template = env.from_string("{{ x }} {{ range(2) | list }} (globals test)", globals={"x": 1})
    assert template.render() == "1 [0, 1] (globals test)"
    assert "x" not in env.globals and "lipsum" not in template.globals
