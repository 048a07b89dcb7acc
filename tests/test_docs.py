"""Meta-tests that keep docs/designing-a-game.md (and the README's command list) honest.

The guide marks the code blocks that the tests use with an HTML comment on the line before the
fence:

- ``<!-- file: PATH -->``: a file of the tutorial game, written to PATH and built;
- ``<!-- append: PATH -->``: text appended to a tutorial file for one example;
- ``<!-- output: COMMAND -->``: what COMMAND prints for the tutorial game;
- ``<!-- quote: PATH -->``: a snippet of a real file of the repository (each line must still be
  in that file; a line ``# …`` marks lines left out).
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import get_args

import pytest
import typer.main
from cli_runner import CliRunner
from pypdf import PdfReader

from printandplay.cli import app
from printandplay.data.box_fields import BOX_KEYS
from printandplay.data.presets import load_presets
from printandplay.layout.imposition import choose_mode, plan_sheet
from printandplay.model.game import FieldType
from printandplay.planning.options import DEFAULT_BLEED
from printandplay.units import MM

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "designing-a-game.md"
README = ROOT / "README.md"

_MARKED = re.compile(r"^<!-- (file|append|output|quote): (.+?) -->\n```[^\n]*\n(.*?)^```",
                     re.M | re.S)

runner = CliRunner()


def guide() -> str:
    return GUIDE.read_text(encoding="utf-8")


def marked(kind: str) -> list[tuple[str, str]]:
    """``(argument, block text)`` of every block marked ``<!-- kind: argument -->``."""
    return [(arg, body) for k, arg, body in _MARKED.findall(guide()) if k == kind]


def section(title: str) -> str:
    """The text under the heading ``title`` (any level) up to the next heading of that level."""
    text = guide()
    match = re.search(rf"^(#+) {re.escape(title)}\n", text, re.M)
    assert match, f"no heading '{title}' in {GUIDE.name}"
    level = len(match.group(1))
    rest = text[match.end():]
    end = re.search(rf"^#{{1,{level}}} ", _blank_fences(rest), re.M)
    return rest[:end.start()] if end else rest


def _blank_fences(text: str) -> str:
    """``text`` with the content of fenced blocks blanked (same length), so '#' lines inside
    code are not taken for headings."""
    return re.sub(r"^```.*?^```", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text,
                  flags=re.M | re.S)


def table_rows(text: str) -> list[list[str]]:
    """The cells of the Markdown table rows in ``text`` (header and separator rows included)."""
    rows = []
    for line in text.splitlines():
        if line.startswith("|"):
            cells = re.split(r"(?<!\\)\|", line.strip().strip("|"))
            rows.append([cell.strip() for cell in cells])
    return rows


def write_tutorial(root: Path) -> None:
    files = marked("file")
    assert files, "the tutorial marks no files"
    for path, text in files:
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")


def write_extended_tutorial(root: Path) -> None:
    """The tutorial's files with its later additions (the blocks marked ``append``)."""
    write_tutorial(root)
    for path, text in marked("append"):
        with (root / path).open("a", encoding="utf-8") as handle:
            handle.write("\n" + text)


# ---- reference tables ----------------------------------------------------------------------

def test_every_box_key_is_in_the_box_table() -> None:
    rows = table_rows(section("Box keys"))
    documented = {m.group(1) for row in rows if (m := re.fullmatch(r"`([a-z_]+)`", row[0]))}
    assert set(BOX_KEYS) - documented == set(), "box keys missing from the table"
    assert documented - set(BOX_KEYS) == set(), "the table documents keys the code refuses"


def test_every_field_type_is_documented() -> None:
    rows = table_rows(section("Field types"))
    documented = {m.group(1) for row in rows if (m := re.fullmatch(r"`([a-z]+)`", row[0]))}
    assert set(get_args(FieldType)) <= documented


def test_every_size_is_documented_with_its_dimensions_and_counts() -> None:
    presets = load_presets()
    rows = {row[0].strip("`"): row for row in table_rows(section("Sizes"))
            if row[0].startswith("`")}
    assert set(presets.sizes) - set(rows) == set(), "sizes missing from the table"
    for name, size in presets.sizes.items():
        _, dims, a4, letter = rows[name]
        assert dims == f"{round(size.width / MM, 2):g} × {round(size.height / MM, 2):g}", name
        for paper, documented in (("a4", a4), ("letter", letter)):
            sheet = presets.papers[paper]
            mode = choose_mode(sheet, size, DEFAULT_BLEED)
            plan = plan_sheet(sheet, size, bleed=DEFAULT_BLEED, mode=mode)
            assert documented == str(plan.per_page), f"{name} on {paper}"


def test_every_paper_is_documented() -> None:
    text = section("Paper, bleed, duplex, crop marks")
    for name in load_presets().papers:
        assert f"`{name}`" in text, name


def test_internal_links_point_to_headings() -> None:
    headings = re.findall(r"^#+ (.+)$", _blank_fences(guide()), re.M)
    slugs = {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in headings}
    links = set(re.findall(r"\]\(#([^)]+)\)", guide()))
    assert links - slugs == set()


def test_quoted_snippets_are_still_in_their_files() -> None:
    quotes = marked("quote")
    assert quotes
    for path, text in quotes:
        source = (ROOT / path).read_text(encoding="utf-8")
        for line in text.splitlines():
            if line.strip() in ("…", "# …"):  # an elision
                continue
            assert line.strip() in source, f"{path} no longer contains: {line.strip()}"


# ---- commands --------------------------------------------------------------------------------

def test_every_command_has_help_and_is_in_the_readme_and_the_guide() -> None:
    commands = typer.main.get_command(app).commands  # type: ignore[attr-defined]
    assert commands
    readme = README.read_text(encoding="utf-8")
    for name, command in commands.items():
        assert (command.help or "").strip(), f"command {name} has no help text"
        assert f"printandplay {name}" in readme, f"README.md does not mention printandplay {name}"
        assert f"printandplay {name}" in guide(), f"the guide does not mention printandplay {name}"


def test_readme_validate_sample_is_what_validate_prints() -> None:
    readme = README.read_text(encoding="utf-8")
    command = "$ printandplay validate licum cards/licum/decks/rouges.txt\n"
    assert command in readme
    shown = readme.split(command, 1)[1].splitlines()[0]
    result = runner.invoke(app, ["validate", "licum", str(ROOT / "cards/licum/decks/rouges.txt")])
    assert result.exit_code == 0, result.output
    printed = result.output.strip()
    assert shown == "cards/licum/decks/rouges.txt" + printed.split("rouges.txt", 1)[1]


# ---- claims of the guide, checked against the code -------------------------------------------

def test_guide_states_the_default_stroke_width() -> None:
    from printandplay.layout.face_geometry import DEFAULT_STROKE

    table = section("Box keys")
    assert "0.5 pt thick unless `stroke_width`" in table
    assert DEFAULT_STROKE == 0.5
    assert "drawn only with a `stroke_width`" not in guide()


def test_guide_typography_examples_are_what_the_code_does() -> None:
    from printandplay.layout.typography import apply_typography

    text = section("Typography")
    assert "(`Oui!` becomes `Oui !`)" in text
    assert apply_typography("Oui!", "fr") == "Oui\u202f!"
    assert "(`Note:`\n  stays as it is" in text
    assert apply_typography("Note:", "fr") == "Note:"
    assert apply_typography("Note : x", "fr") == "Note\u00a0: x"


def test_guide_counts_the_bundled_games() -> None:
    games = sorted(p.parent.name for p in (ROOT / "cards").glob("*/game.yaml"))
    assert len(games) == 5
    intro = guide().split("\n## ", 1)[0]
    assert "one of the five games that ship" in intro
    for game in games:
        assert f"`{game}`" in intro or f"cards/{game}/" in intro, game


# ---- the tutorial game -----------------------------------------------------------------------

def test_tutorial_files_belong_to_the_tutorial_game() -> None:
    paths = [path for path, _ in marked("file")]
    assert "cards/mygame/game.yaml" in paths
    assert "templates/mygame/layouts.yaml" in paths
    for path in paths:
        assert path.startswith(("cards/mygame/", "templates/mygame/")), path


def test_tutorial_game_builds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_tutorial(tmp_path)
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", "mygame", "--out", str(out)])
    assert result.exit_code == 0, result.output
    pages = re.search(r"The PDF has (\d+) pages", guide())
    assert pages, "the tutorial no longer says how many pages the PDF has"
    assert len(PdfReader(out / "mygame-a4.pdf").pages) == int(pages.group(1)) == 6


def test_tutorial_outputs_are_what_the_commands_print(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    write_extended_tutorial(tmp_path)
    monkeypatch.chdir(tmp_path)
    outputs = marked("output")
    assert outputs
    for command, expected in outputs:
        args = shlex.split(command)
        assert args[0] == "printandplay"
        result = runner.invoke(app, args[1:])
        assert result.exit_code in (0, 1), result.output
        if "json" in args:
            assert json.loads(result.output) == json.loads(expected), command
        else:
            assert result.output.strip() == expected.strip(), command


def test_tutorial_check_example_fails_the_build(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    write_extended_tutorial(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["check", "mygame"]).exit_code == 1
    result = runner.invoke(app, ["build", "mygame", "--out", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert "SR-1" in result.output
