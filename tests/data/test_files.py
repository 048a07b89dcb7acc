"""Tests of safe file access: paths confined to their folder, only regular files of bounded
size, YAML whose nesting and alias expansion are bounded (issue 10)."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from printandplay.data import yamlio
from printandplay.data.files import printable, read_bytes, read_text, resolve_inside
from printandplay.data.limits import MAX_INPUT_BYTES, MAX_YAML_DEPTH, MAX_YAML_NODES, megabytes
from printandplay.data.yamlio import load_yaml, parse_yaml
from printandplay.errors import DataError, Location

WHERE = Location("cards/g/game.yaml", 7)


def refused(root: Path, relative: str) -> str:
    with pytest.raises(DataError) as info:
        resolve_inside(root, relative, WHERE, "components", "cards/g/")
    return str(info.value)


@pytest.fixture
def game(tmp_path: Path) -> Path:
    folder = tmp_path / "cards" / "g"
    (folder / "tables").mkdir(parents=True)
    (folder / "cards.yaml").write_text("kind: x\n", encoding="utf-8")
    (folder / "tables" / "t.yaml").write_text("a: 1\n", encoding="utf-8")
    (tmp_path / "secret.yaml").write_text("password: hunter2\n", encoding="utf-8")
    return folder


# --- resolve_inside --------------------------------------------------------------------------


def test_paths_inside_are_kept_as_written(game: Path) -> None:
    assert resolve_inside(game, "cards.yaml", WHERE, "components") == game / "cards.yaml"
    assert resolve_inside(game, "tables/t.yaml", WHERE, "tables.t") == game / "tables" / "t.yaml"
    assert resolve_inside(game, "tables/../cards.yaml", WHERE, "components") == (
        game / "tables/../cards.yaml")
    assert resolve_inside(game, "./missing.yaml", WHERE, "components") == game / "missing.yaml"


def test_symlink_that_stays_inside_is_allowed(game: Path) -> None:
    (game / "alias.yaml").symlink_to("tables/t.yaml")
    assert resolve_inside(game, "alias.yaml", WHERE, "components") == game / "alias.yaml"


@pytest.mark.parametrize("path", ["/etc/passwd", "//server/share", "C:\\Windows\\win.ini",
                                  "c:relative.yaml"])
def test_absolute_paths_are_refused(game: Path, path: str) -> None:
    assert refused(game, path) == (
        f"cards/g/game.yaml:7: components '{path}': absolute paths are not allowed "
        "(write a path inside cards/g/)")


@pytest.mark.parametrize("path", ["..", "../secret.yaml", "tables/../../secret.yaml",
                                  "./../g/../../x", "tables/../.."])
def test_dotdot_leaving_the_folder_is_refused(game: Path, path: str) -> None:
    assert refused(game, path) == (
        f"cards/g/game.yaml:7: components '{path}': '..' leaves the folder cards/g/")


def test_symlink_pointing_outside_is_refused_without_naming_its_target(game: Path) -> None:
    (game / "link.yaml").symlink_to(game.parent.parent / "secret.yaml")
    message = refused(game, "link.yaml")
    assert message == ("cards/g/game.yaml:7: components 'link.yaml': a symlink that points "
                       "outside cards/g/ (a game reads only its own folders)")
    assert "secret" not in message and str(game.parent) not in message


def test_symlinked_folder_pointing_outside_is_refused(game: Path, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "x.yaml").write_text("a: 1\n", encoding="utf-8")
    (game / "more").symlink_to(outside)
    assert "points outside cards/g/" in refused(game, "more/x.yaml")


def test_symlink_to_a_device_is_refused(game: Path) -> None:
    (game / "zero.yaml").symlink_to("/dev/zero")
    assert "points outside" in refused(game, "zero.yaml")


def test_symlink_loop_is_refused(game: Path) -> None:
    (game / "a.yaml").symlink_to("b.yaml")
    (game / "b.yaml").symlink_to("a.yaml")
    assert refused(game, "a.yaml") == "cards/g/game.yaml:7: components 'a.yaml': symlink loop"


def _resolved_verdict(root: Path, relative: str) -> str:
    """What confinement by resolving both paths says (the reference the cheaper walk of
    ``resolve_inside`` must agree with): ``inside``, ``outside`` or ``loop``."""
    try:
        real, real_root = (root / relative).resolve(), root.resolve()
    except (RuntimeError, OSError):
        return "loop"
    return "inside" if real.is_relative_to(real_root) else "outside"


def _verdict(root: Path, relative: str) -> str:
    try:
        resolve_inside(root, relative, WHERE, "components")
    except DataError as err:
        return "loop" if "symlink loop" in str(err) else "outside"
    return "inside"


def test_confinement_agrees_with_resolving_every_path(game: Path, tmp_path: Path) -> None:
    """Files, folders, symlinks inside and outside (to files, folders, devices, loops, chains
    of links, a link in the middle of a path), missing parts and ``..`` after each of them:
    the walk that looks only at the parts below the folder says what resolving says."""
    outside = tmp_path / "elsewhere"
    (outside / "deep").mkdir(parents=True)
    (outside / "deep" / "x.yaml").write_text("a: 1\n", encoding="utf-8")
    (game / "sub").mkdir()
    (game / "sub" / "in.yaml").write_text("a: 1\n", encoding="utf-8")
    links = {"in-file": "cards.yaml", "in-dir": "tables", "out-file": "../../secret.yaml",
             "out-dir": str(outside), "dev": "/dev/null", "loop-a": "loop-b",
             "loop-b": "loop-a", "chain": "in-dir", "chain-out": "out-dir",
             "sub/up": "..", "sub/up-up": "../..", "dangling": "nowhere/x"}
    for name, target in links.items():
        (game / name).symlink_to(target)
    heads = ["", "sub/", "tables/", "missing/", "cards.yaml/", "sub/up/", "in-dir/",
             "out-dir/", "chain/", "chain-out/", "sub/up-up/", "sub/../"]
    tails = ["t.yaml", "in.yaml", "x.yaml", "deep/x.yaml", "../cards.yaml", "..", ".",
             "secret.yaml", *links, "sub", "missing.yaml"]
    checked = 0
    for head in heads:
        for tail in tails:
            relative = head + tail
            depth = 0
            for part in Path(relative).parts:
                depth += -1 if part == ".." else 1
                if depth < 0:
                    break
            if depth < 0:
                continue  # refused before any file is looked at (the '..' tests above)
            assert _verdict(game, relative) == _resolved_verdict(game, relative), relative
            checked += 1
    assert checked > 150


def test_a_path_without_symlink_is_confined_without_resolving(
        game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The common case costs one ``lstat`` per part below the folder: neither the folder nor
    the path is resolved (each resolve looks at every part of the absolute path)."""
    import printandplay.data.files as files

    calls: list[str] = []
    monkeypatch.setattr(files.Path, "resolve", lambda self, strict=False: calls.append(str(self)))
    assert resolve_inside(game, "tables/t.yaml", WHERE, "t") == game / "tables" / "t.yaml"
    assert resolve_inside(game, "tables/../missing/x.yaml", WHERE, "t") == (
        game / "tables/../missing/x.yaml")
    assert calls == []
    (game / "alias.yaml").symlink_to("cards.yaml")
    monkeypatch.undo()
    assert resolve_inside(game, "alias.yaml", WHERE, "t") == game / "alias.yaml"


def test_nul_character_is_refused_and_shown_escaped(game: Path) -> None:
    assert refused(game, "a\0.yaml") == (
        "cards/g/game.yaml:7: components 'a\\x00.yaml': a path cannot contain a NUL character")
    assert printable("a\nb\té") == "a\\nb\\té"


# --- read_bytes / read_text -------------------------------------------------------------------


def test_reads_a_regular_file(game: Path) -> None:
    assert read_bytes(game / "cards.yaml", "c.yaml") == b"kind: x\n"
    assert read_text(game / "cards.yaml", "c.yaml") == "kind: x\n"


def test_file_over_the_limit_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    with big.open("wb") as out:
        out.truncate(11 * 1024 * 1024)  # sparse: cheap to make
    with pytest.raises(DataError) as info:
        read_bytes(big, "cards/g/big.yaml")
    assert str(info.value) == ("cards/g/big.yaml: file too large (11 MB; input files are "
                               "limited to 10 MB)")
    with pytest.raises(DataError, match="limited to 10 MB"):
        load_yaml(big, display="cards/g/big.yaml")


def test_file_at_the_limit_is_read(tmp_path: Path) -> None:
    path = tmp_path / "edge.bin"
    with path.open("wb") as out:
        out.truncate(MAX_INPUT_BYTES)
    assert len(read_bytes(path, "edge.bin")) == MAX_INPUT_BYTES


def test_megabytes() -> None:
    assert megabytes(MAX_INPUT_BYTES) == "10 MB"
    assert megabytes(1536 * 1024) == "1.5 MB"


def test_device_is_refused() -> None:
    with pytest.raises(DataError) as info:
        read_bytes(Path("/dev/zero"), "deck.yaml")
    assert str(info.value) == ("deck.yaml: not a regular file (a device, pipe or socket); "
                               "only plain files are read")


def test_fifo_is_refused_without_hanging(tmp_path: Path) -> None:
    fifo = tmp_path / "cards.yaml"
    os.mkfifo(fifo)
    outcome: list[str] = []

    def read() -> None:
        try:
            load_yaml(fifo, display="cards/g/cards.yaml")
        except DataError as err:
            outcome.append(str(err))

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    thread.join(5)
    assert outcome == ["cards/g/cards.yaml: not a regular file (a device, pipe or socket); "
                       "only plain files are read"]


def test_folder_and_loop_and_missing(tmp_path: Path) -> None:
    (tmp_path / "loop").symlink_to("loop")
    cases = {tmp_path: "is a folder, not a file", tmp_path / "loop": "symlink loop",
             tmp_path / "nope": "file not found"}
    for path, message in cases.items():
        with pytest.raises(DataError) as info:
            read_bytes(path, "x")
        assert str(info.value) == f"x: {message}"


# --- YAML bounds ------------------------------------------------------------------------------


def billion_laughs(levels: int = 9) -> str:
    lines = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for previous, name in zip("abcdefghij", "bcdefghijk"[:levels - 1], strict=False):
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{previous}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def test_alias_bomb_is_refused_quickly() -> None:
    start = time.perf_counter()
    with pytest.raises(DataError) as info:
        parse_yaml(billion_laughs(), "cards/g/tables/t.yaml")
    assert time.perf_counter() - start < 1
    assert str(info.value) == (
        f"cards/g/tables/t.yaml:6: YAML too large: more than {MAX_YAML_NODES:,} values once "
        "aliases (*name) are expanded (the limit)")


def test_merge_key_bomb_is_refused() -> None:
    text = "a: &a {x0: 1, x1: 1, x2: 1, x3: 1, x4: 1, x5: 1, x6: 1, x7: 1, x8: 1, x9: 1}\n"
    for previous, name in zip("abcdefgh", "bcdefghi", strict=True):
        text += f"{name}: &{name} [" + ", ".join([f"{{<<: *{previous}}}"] * 10) + "]\n"
    with pytest.raises(DataError, match="YAML too large"):
        parse_yaml(text, "t.yaml")


def test_aliases_are_counted_at_their_expanded_size(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(yamlio, "MAX_YAML_NODES", 40)
    small = "a: &a [1, 2, 3]\nb: [*a, *a, *a]\n"  # 1 + (1 + 4) + (1 + 1 + 3 × 4) = 20 nodes
    assert parse_yaml(small, "t.yaml") == {"a": [1, 2, 3], "b": [[1, 2, 3]] * 3}
    with pytest.raises(DataError, match="more than 40 values"):
        parse_yaml(small + "c: [*a, *a, *a, *a, *a]\n", "t.yaml")  # + 1 + 1 + 5 × 4 = 42
    with pytest.raises(DataError, match="more than 40 values"):
        parse_yaml("- x\n" * 41, "t.yaml")  # many values without aliases count too


@pytest.mark.parametrize("text", [
    "[" * 200_000,
    "- " * (MAX_YAML_DEPTH + 1) + "x\n",
    "{a: " * (MAX_YAML_DEPTH + 1) + "1" + "}" * (MAX_YAML_DEPTH + 1),
], ids=["flow-unclosed", "block", "flow-mapping"])
def test_deep_nesting_is_refused(text: str) -> None:
    # Without the bound, the C composer overflows the stack (a segmentation fault).
    with pytest.raises(DataError, match=f"nested deeper than {MAX_YAML_DEPTH} levels"):
        parse_yaml(text, "t.yaml")


def test_nesting_at_the_limit_is_read() -> None:
    depth = MAX_YAML_DEPTH
    value = parse_yaml("[" * depth + "]" * depth, "t.yaml")
    for _ in range(depth - 1):
        value = value[0]
    assert value == []


@pytest.mark.parametrize("text", ["a: &a [1, *a]\n", "a: &a {b: *a}\n"])
def test_recursive_alias_is_refused(text: str) -> None:
    with pytest.raises(DataError, match=r"t.yaml:1: recursive YAML alias '\*a'"):
        parse_yaml(text, "t.yaml")


def test_syntax_errors_still_name_their_line() -> None:
    with pytest.raises(DataError, match=r"t.yaml:3: invalid YAML"):
        parse_yaml("a: 1\nb: [\n", "t.yaml")
