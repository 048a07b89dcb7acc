"""Tests of ``fonts/fonts.yaml`` loading: roles resolve to existing font files, from installed
packages or the fonts folder; a missing package or file is a located error."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from printandplay.data.fonts_loader import load_fonts
from printandplay.errors import DataError, DataErrors, PrintAndPlayError
from printandplay.model.fonts import FontRole, style_of
from printandplay.project import Resources, bundled_root

# --- helpers ---------------------------------------------------------------------------------


def write(tmp_path: Path, text: str, *files: str) -> Path:
    """A fonts.yaml with ``text`` and (empty) font ``files`` beside it."""
    for name in files:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"\0\1\0\0")
    fonts = tmp_path / "fonts.yaml"
    fonts.write_text(text, encoding="utf-8")
    return fonts


def problems_of(path: Path) -> tuple[type, list[str]]:
    with pytest.raises(PrintAndPlayError) as info:
        load_fonts(path, "fonts/fonts.yaml")
    assert isinstance(info.value, (DataError, DataErrors))
    return type(info.value), info.value.problems()


def role_with(regular: str) -> str:
    return f"roles:\n  body:\n    regular: {regular}\n    licence: OFL-1.1\n"


# --- the bundled fonts -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def bundled() -> dict[str, FontRole]:
    path = Resources((bundled_root(),)).fonts_file()
    return load_fonts(path, "fonts/fonts.yaml")


def test_bundled_roles(bundled: dict[str, FontRole]) -> None:
    assert list(bundled) == ["body", "title", "heavy", "mono"]
    assert set(bundled["body"].files) == {"regular", "bold", "italic", "bolditalic"}
    assert set(bundled["title"].files) == {"regular"}
    assert set(bundled["heavy"].files) == {"regular", "italic"}
    assert set(bundled["mono"].files) == {"regular"}
    assert bundled["body"].licence == "Apache-2.0"
    assert bundled["title"].licence == "OFL-1.1"
    assert bundled["mono"].licence == "OFL-1.1"


def test_bundled_files_exist(bundled: dict[str, FontRole]) -> None:
    for role in bundled.values():
        for style, path in role.files.items():
            assert path.is_absolute(), (role.name, style)
            assert path.is_file(), (role.name, style, path)
            assert path.suffix == ".ttf"
            assert path.read_bytes()[:4] in (b"\0\1\0\0", b"true", b"OTTO"), path


def test_bundled_files_come_from_their_packages(bundled: dict[str, FontRole]) -> None:
    assert bundled["body"].files["regular"].name == "Roboto-Regular.ttf"
    assert bundled["body"].files["regular"].parent.parent.name == "font_roboto"
    assert bundled["title"].files["regular"].name == "FredokaOne-Regular.ttf"
    assert bundled["title"].files["regular"].parent.parent.name == "font_fredoka_one"
    assert bundled["mono"].files["regular"].name == "RobotoMono[wght].ttf"
    assert bundled["mono"].files["regular"].parent.parent.name == "fontpkg_roboto_mono"


def test_style_fallbacks(bundled: dict[str, FontRole]) -> None:
    title, heavy = bundled["title"], bundled["heavy"]
    for style in ("regular", "bold", "italic", "bolditalic"):
        assert title.file_for(style) == title.files["regular"]  # type: ignore[arg-type]
    assert heavy.file_for("bold") == heavy.files["regular"]
    assert heavy.file_for("bolditalic") == heavy.files["italic"]  # italic alone is closer
    assert style_of(True, True) == "bolditalic" and style_of(False, False) == "regular"
    assert (style_of(True, False), style_of(False, True)) == ("bold", "italic")


# --- a designer's own files ------------------------------------------------------------------


def test_local_file_is_relative_to_the_fonts_folder(tmp_path: Path) -> None:
    path = write(tmp_path, "roles:\n  body:\n    regular: {file: mine/A.ttf}\n"
                           "    bold: {file: mine/A-Bold.ttf}\n    licence: OFL-1.1\n",
                 "mine/A.ttf", "mine/A-Bold.ttf")
    roles = load_fonts(path, "fonts/fonts.yaml")
    assert roles["body"].files == {"regular": tmp_path / "mine" / "A.ttf",
                                   "bold": tmp_path / "mine" / "A-Bold.ttf"}
    assert roles["body"].licence == "OFL-1.1"


def test_package_and_local_files_mix(tmp_path: Path) -> None:
    path = write(tmp_path, "roles:\n  body:\n"
                           "    regular: {package: font_roboto, file: files/Roboto-Regular.ttf}\n"
                           "    italic: {file: It.ttf}\n    licence: mixed\n", "It.ttf")
    files = load_fonts(path, "f.yaml")["body"].files
    assert files["regular"].is_file() and files["italic"] == tmp_path / "It.ttf"


# --- errors ----------------------------------------------------------------------------------


def test_missing_package(tmp_path: Path) -> None:
    kind, problems = problems_of(write(tmp_path, role_with("{package: font_nope, file: A.ttf}")))
    assert problems[0] == (
        "fonts/fonts.yaml:3: font 'body.regular': Python package 'font_nope' is not installed")
    # The role then lacks its regular file, reported too.
    assert problems[1:] == ["fonts/fonts.yaml:3: font role 'body' needs a 'regular' file"]
    assert kind is DataErrors


def test_missing_file_in_a_package(tmp_path: Path) -> None:
    _, problems = problems_of(write(tmp_path,
                                    role_with("{package: font_roboto, file: files/Nope.ttf}")))
    assert problems[0].startswith(
        "fonts/fonts.yaml:3: font 'body.regular': file not found: ")
    assert problems[0].endswith("font_roboto/files/Nope.ttf")


def test_missing_local_file(tmp_path: Path) -> None:
    _, problems = problems_of(write(tmp_path, role_with("{file: mine/B.ttf}")))
    assert problems[0] == (
        f"fonts/fonts.yaml:3: font 'body.regular': file not found: {tmp_path / 'mine' / 'B.ttf'}")


def test_a_folder_is_not_a_font_file(tmp_path: Path) -> None:
    (tmp_path / "mine").mkdir()
    _, problems = problems_of(write(tmp_path, role_with("{file: mine}")))
    assert problems[0] == (
        f"fonts/fonts.yaml:3: font 'body.regular': file not found: {tmp_path / 'mine'}")


def test_missing_file_of_a_non_regular_style(tmp_path: Path) -> None:
    path = write(tmp_path, "roles:\n  body:\n    regular: {file: A.ttf}\n"
                           "    bold: {file: A-Bold.ttf}\n    licence: OFL-1.1\n", "A.ttf")
    kind, problems = problems_of(path)
    assert kind is DataError
    assert problems == [
        f"fonts/fonts.yaml:4: font 'body.bold': file not found: {tmp_path / 'A-Bold.ttf'}"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("roles:\n  body:\n    bold: {file: A.ttf}\n    licence: OFL\n",
         "fonts/fonts.yaml:3: font role 'body' needs a 'regular' file"),
        ("roles:\n  body:\n    regular: {file: A.ttf}\n",
         "fonts/fonts.yaml:3: missing field 'licence' on font role 'body'"),
        ("roles:\n  body:\n    regular: {file: A.ttf}\n    bold_italic: {file: A.ttf}\n"
         "    licence: OFL\n",
         "fonts/fonts.yaml:4: unknown field 'bold_italic' on font role 'body'"
         " (did you mean 'bolditalic' or 'italic'?)"),
        ("roles:\n  body:\n    regular: {file: A.ttf, pakage: x}\n    licence: OFL\n",
         "fonts/fonts.yaml:3: unknown field 'pakage' on font 'body.regular'"
         " (did you mean 'package'?)"),
        ("roles:\n  body:\n    regular: {file: A.ttf}\n    licence: [OFL]\n",
         "fonts/fonts.yaml:4: field 'licence' on font role 'body': expected text, got a list"),
        ("roles:\n  body: Roboto\n",
         "fonts/fonts.yaml:2: font role 'body' must be a mapping, got text"),
        ("roles:\n  body:\n    regular: {file: A.ttf}\n    licence: OFL\n  body: {}\n",
         "fonts/fonts.yaml:5: duplicate key 'body'"),
    ],
    ids=["no-regular", "no-licence", "unknown-style", "unknown-spec-key", "licence-list",
         "role-not-mapping", "duplicate-role"],
)
def test_one_problem(tmp_path: Path, text: str, expected: str) -> None:
    kind, problems = problems_of(write(tmp_path, text, "A.ttf"))
    assert (kind, problems) == (DataError, [expected])


def test_misspelt_roles(tmp_path: Path) -> None:
    kind, problems = problems_of(write(tmp_path, "rols: {}\n"))
    assert kind is DataErrors
    assert problems == [
        "fonts/fonts.yaml:1: missing field 'roles' on fonts.yaml",
        "fonts/fonts.yaml:1: unknown field 'rols' on fonts.yaml (did you mean 'roles'?)",
    ]


def test_file_without_file_key(tmp_path: Path) -> None:
    _, problems = problems_of(write(tmp_path, role_with("{package: font_roboto}")))
    assert problems[0] == "fonts/fonts.yaml:3: missing field 'file' on font 'body.regular'"


def test_spec_as_plain_text(tmp_path: Path) -> None:
    _, problems = problems_of(write(tmp_path, role_with("A.ttf"), "A.ttf"))
    assert problems[0] == "fonts/fonts.yaml:3: font 'body.regular' must be a mapping, got text"


def test_missing_fonts_file(tmp_path: Path) -> None:
    with pytest.raises(DataError) as info:
        load_fonts(tmp_path / "fonts.yaml", "fonts/fonts.yaml")
    assert str(info.value) == "fonts/fonts.yaml: file not found"


def test_missing_parent_package(tmp_path: Path) -> None:
    _, problems = problems_of(write(tmp_path, role_with("{package: nope.fonts, file: A.ttf}")))
    assert problems[0] == (
        "fonts/fonts.yaml:3: font 'body.regular': Python package 'nope.fonts' is not installed")


def test_relative_package_name(tmp_path: Path) -> None:
    problems_of(write(tmp_path, role_with("{package: .fonts, file: A.ttf}")))


def test_roles_must_be_a_mapping(tmp_path: Path) -> None:
    problems_of(write(tmp_path, "roles: [body]\n"))


def test_roles_must_not_be_empty(tmp_path: Path) -> None:
    problems_of(write(tmp_path, "roles:\n"))


# --- where packages are found, kept --------------------------------------------------------


def test_a_package_found_is_looked_up_once_a_missing_one_each_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    import printandplay.data.fonts_loader as fonts_loader
    from printandplay.model.memo import BoundedMemo

    monkeypatch.setattr(fonts_loader, "_PACKAGE_ROOTS", BoundedMemo(64))
    looked_up: list[str] = []
    real = importlib.util.find_spec

    def counting(name: str, *args: object) -> object:
        looked_up.append(name)
        return real(name, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(importlib.util, "find_spec", counting)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    found = write(tmp_path / "a", role_with("{package: font_roboto, file: files/Roboto-Regular.ttf}"))
    first = load_fonts(found, "fonts/fonts.yaml")
    assert load_fonts(found, "fonts/fonts.yaml") == first
    assert looked_up == ["font_roboto"]  # found once, kept
    missing = write(tmp_path / "b", role_with("{package: font_nope, file: A.ttf}"))
    for _ in range(2):
        problems_of(missing)
    assert looked_up == ["font_roboto", "font_nope", "font_nope"]  # not found: looked up again
    other = tmp_path / "elsewhere"
    other.mkdir()
    monkeypatch.chdir(other)
    monkeypatch.setattr(sys, "path", ["", *sys.path])  # the current folder searched first
    assert load_fonts(found, "fonts/fonts.yaml") == first
    assert looked_up[-1] == "font_roboto" and len(looked_up) == 4  # another path: again
    monkeypatch.chdir(tmp_path)
    assert load_fonts(found, "fonts/fonts.yaml") == first
    assert len(looked_up) == 5  # another current folder, searched through '': again
