"""``build all`` in forked workers (fonts and modules loaded once in the parent), and icons
checked at load but parsed only when used."""

from __future__ import annotations

import multiprocessing
import sys
from pathlib import Path

import pytest
from helpers import copy_kit, replace_once
from small_games import add_small_game, install_small_games
from typer.testing import CliRunner

from printandplay.cli import app
from printandplay.cli.build_all import kit_weight
from printandplay.data.icons import IconLibrary
from printandplay.errors import DataError
from printandplay.project import Resources

runner = CliRunner()


def test_a_broken_kit_is_reported_and_the_others_are_built_identically(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """On small games (the mechanism is the same for every kit; ``test_cli`` builds the
    bundled kits with ``build all``): the installed data holds three, the current folder a
    broken copy of one of them, which wins."""
    install_small_games(tmp_path / "installed", monkeypatch, ["alpha", "beta", "gamma"])
    work = tmp_path / "work"
    broken = add_small_game(work, "beta")
    replace_once(broken, "\nname:", "\nnom: x\nname:")
    monkeypatch.chdir(work)
    result = runner.invoke(app, ["build", "all", "--out", str(tmp_path / "all")])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert errors and all(line.startswith("error: beta: ") for line in errors), errors
    assert "game.yaml" in errors[0] and "'nom'" in errors[0]
    built = sorted(p.name for p in (tmp_path / "all").glob("*.pdf"))
    games = [g for g in Resources.discover().game_ids() if g != "beta"]
    assert games == ["alpha", "gamma"]
    assert built == [f"{g}-a4.pdf" for g in games]
    # a kit built by a forked worker is byte for byte the kit built alone
    alone = runner.invoke(app, ["build", "gamma", "--out", str(tmp_path / "alone")])
    assert alone.exit_code == 0, alone.output
    assert ((tmp_path / "all" / "gamma-a4.pdf").read_bytes()
            == (tmp_path / "alone" / "gamma-a4.pdf").read_bytes())


def test_kit_weight_counts_the_kits_text_files(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    work = copy_kit("limits", tmp_path, monkeypatch)
    resources = Resources.discover(cwd=work)
    before = kit_weight(resources, "limits")
    assert before > 0
    with (work / "cards/limits/game.yaml").open("a", encoding="utf-8") as handle:
        handle.write("# " + "x" * 1000 + "\n")
    assert kit_weight(resources, "limits") == before + 1003
    assert kit_weight(resources, "no-such-game") == 0


SQUARE = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
          '<rect width="10" height="10"/></svg>')
OUTSIDE_SUBSET = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n'
                  '<text>A</text></svg>')


def icons(tmp_path: Path, **files: str) -> IconLibrary:
    folder = tmp_path / "templates" / "g"
    (folder / "icons").mkdir(parents=True)
    for name, text in files.items():
        (folder / "icons" / f"{name}.svg").write_text(text, encoding="utf-8")
    return IconLibrary([folder], lambda p: p.relative_to(tmp_path).as_posix())


def test_icons_are_checked_at_load_and_parsed_when_used(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    import printandplay.data.svg as svg

    parsed: list[str] = []
    real = svg.parse_svg

    def counting(text: str, *, source: str, icon_id: str) -> object:
        parsed.append(icon_id)
        return real(text, source=source, icon_id=icon_id)

    monkeypatch.setattr(svg, "parse_svg", counting)
    library = icons(tmp_path, carre=SQUARE, autre=SQUARE)
    library.load_all()
    assert parsed == []
    assert library.get("carre").view_box == (0.0, 0.0, 10.0, 10.0)
    assert library.get("carre") is library.get("carre")
    assert parsed == ["carre"]


def test_an_icon_outside_the_subset_fails_when_used_naming_its_line(tmp_path: Path) -> None:
    library = icons(tmp_path, texte=OUTSIDE_SUBSET)
    library.load_all()  # well-formed XML: the subset is checked when the icon is parsed
    with pytest.raises(DataError) as info:
        library.get("texte")
    assert str(info.value).startswith("templates/g/icons/texte.svg:2: ")


def test_a_used_icon_outside_the_subset_stops_the_build_before_the_pdf(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    work = copy_kit("charlie", tmp_path, monkeypatch)
    (work / "templates/charlie/icons/tv.svg").write_text(OUTSIDE_SUBSET, encoding="utf-8")
    previous = tmp_path / "out" / "charlie-a4.pdf"
    previous.parent.mkdir()
    previous.write_bytes(b"%PDF-previous")
    result = runner.invoke(app, ["build", "charlie", "--out", str(tmp_path / "out")])
    assert result.exit_code == 2, result.output
    assert "templates/charlie/icons/tv.svg:2:" in result.output
    assert previous.read_bytes() == b"%PDF-previous"


def test_without_fork_the_workers_load_everything_themselves(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Where there is no ``fork`` (macOS, Windows) the workers are spawned: same kit, byte for
    byte (a small game in the current folder, which a spawned worker finds as well)."""
    import printandplay.cli.build_all as build_all
    from printandplay.planning.options import BuildOptions

    add_small_game(tmp_path, "petit")
    monkeypatch.chdir(tmp_path)
    for method, folder in (("spawn", tmp_path / "spawned"), ("fork", tmp_path / "forked")):
        monkeypatch.setattr(build_all, "_context",
                            lambda method=method: multiprocessing.get_context(method))
        build_all.build_all(["petit"], BuildOptions(out_dir=folder))
        assert capsys.readouterr().out.split() == [str(folder / "petit-a4.pdf")]
    assert ((tmp_path / "spawned" / "petit-a4.pdf").read_bytes()
            == (tmp_path / "forked" / "petit-a4.pdf").read_bytes())




_BUILT_LOG: list[Path] = []  # where the fake build below writes (inherited by forked workers)


def _fake_build(game_id: str, options: object, icons_dir: Path | None = None
                ) -> tuple[str, str | None, str, list[str], list[str], int]:
    """A stand-in for ``build_one`` (module level: the worker pool pickles it by name)."""
    import os

    with _BUILT_LOG[-1].open("a", encoding="utf-8") as handle:
        handle.write(f"{os.getpid()} {game_id}\n")
    return game_id, f"/out/{game_id}.pdf", f"{game_id}: built", [], [], 0


def test_each_kit_is_built_once_the_smallest_by_the_parent_and_reported_in_game_order(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The largest kits go to forked workers first; the parent builds the smallest itself
    instead of waiting, then, smallest first, the kits no worker has started; results come
    in the order of the ids given."""
    import os

    import printandplay.cli.build_all as build_all
    from printandplay.planning.options import BuildOptions

    log = tmp_path / "built.txt"
    monkeypatch.setattr(build_all, "build_one", _fake_build)
    monkeypatch.setattr(build_all, "_context", lambda: multiprocessing.get_context("fork"))
    monkeypatch.setattr(sys.modules[__name__], "_BUILT_LOG", [log])
    ids = ["charlie", "licum", "limits", "sorciers", "oups"]
    resources = Resources.discover()
    by_weight = sorted(ids, key=lambda game_id: -build_all.kit_weight(resources, game_id))
    build_all.build_all(ids, BuildOptions(out_dir=tmp_path))
    assert capsys.readouterr().out.split() == [f"/out/{g}.pdf" for g in ids]
    built = [line.split() for line in log.read_text(encoding="utf-8").splitlines()]
    assert sorted(game for _, game in built) == sorted(ids)  # each kit once
    by_parent = [game for pid, game in built if int(pid) == os.getpid()]
    by_workers = [game for pid, game in built if int(pid) != os.getpid()]
    # the parent: the smallest, then the next smallest ones; the workers: the largest first
    assert by_parent == by_weight[::-1][:len(by_parent)]
    assert by_workers == by_weight[:len(by_workers)]
    assert by_workers  # (the pool takes the largest at once)


@pytest.mark.parametrize("cores", [1, 2, 4])
def test_no_more_processes_than_cores(cores: int, tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    """One worker fewer than cores is forked (the parent builds too), at least one."""
    import concurrent.futures

    import printandplay.cli.build_all as build_all
    from printandplay.planning.options import BuildOptions

    asked: list[int] = []
    real = concurrent.futures.ProcessPoolExecutor

    def pool(max_workers: int, **kwargs: object) -> object:
        asked.append(max_workers)
        return real(max_workers=max_workers, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", pool)
    monkeypatch.setattr(build_all, "build_one", _fake_build)
    monkeypatch.setattr(build_all, "_cores", lambda: cores)
    monkeypatch.setattr(build_all, "_context", lambda: multiprocessing.get_context("fork"))
    monkeypatch.setattr(sys.modules[__name__], "_BUILT_LOG", [tmp_path / "built.txt"])
    ids = ["charlie", "licum", "limits", "sorciers", "oups"]
    build_all.build_all(ids, BuildOptions(out_dir=tmp_path))
    assert capsys.readouterr().out.split() == [f"/out/{g}.pdf" for g in ids]
    assert asked == [max(1, cores - 1)]
