"""``watch`` and a workbook being saved: a spreadsheet writes an .xlsx in several steps; the
rebuild waits until the file is whole (same size twice, a readable archive) before reading it,
instead of reporting 'File is not a zip file'."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from small_games import add_small_game, read_lands_from

from printandplay.kit.watch import Watcher, wait_for_workbooks, workbook_complete
from printandplay.planning.options import BuildOptions
from printandplay.project import Resources, bundled_root

openpyxl = pytest.importorskip("openpyxl")


def _workbook_bytes(tmp_path: Path) -> bytes:
    book = openpyxl.Workbook()
    book.active.title = "Terres"
    for row in (["id", "name", "ecole"], ["T-VOLCAN", "Volcan", "feu"], ["T-CIME", "Cime", "air"]):
        book.active.append(row)
    book.save(tmp_path / "whole.xlsx")
    return (tmp_path / "whole.xlsx").read_bytes()


def _finish_later(path: Path, data: bytes, delay: float) -> threading.Thread:
    def finish() -> None:
        time.sleep(delay)
        path.write_bytes(data)
    thread = threading.Thread(target=finish)
    thread.start()
    return thread


def test_a_half_saved_workbook_is_not_complete(tmp_path: Path) -> None:
    data = _workbook_bytes(tmp_path)
    path = tmp_path / "book.xlsx"
    path.write_bytes(data[: len(data) // 2])
    assert not workbook_complete(path)
    path.write_bytes(data)
    assert workbook_complete(path)


def test_the_wait_ends_when_the_workbook_is_whole(tmp_path: Path) -> None:
    data = _workbook_bytes(tmp_path)
    path = tmp_path / "book.xlsx"
    path.write_bytes(data[: len(data) // 3])
    thread = _finish_later(path, data, 0.4)
    start = time.monotonic()
    assert wait_for_workbooks([path], timeout=5.0, poll=0.05)
    waited = time.monotonic() - start
    thread.join()
    assert 0.4 <= waited < 3.0
    assert path.read_bytes() == data


def test_the_wait_gives_up_on_a_broken_workbook(tmp_path: Path) -> None:
    data = _workbook_bytes(tmp_path)
    path = tmp_path / "book.xlsx"
    path.write_bytes(data[:100])
    start = time.monotonic()
    assert not wait_for_workbooks([path], timeout=0.3, poll=0.05)
    assert time.monotonic() - start < 1.5


def test_other_files_and_missing_ones_are_not_waited_for(tmp_path: Path) -> None:
    (tmp_path / "cards.yaml").write_text("kind: x\n", encoding="utf-8")
    start = time.monotonic()
    assert wait_for_workbooks([tmp_path / "cards.yaml", tmp_path / "gone.xlsx"], timeout=5.0)
    assert time.monotonic() - start < 0.5


def test_a_rebuild_reads_the_workbook_once_it_is_saved(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    game_file = add_small_game(tmp_path, "petit")
    monkeypatch.chdir(tmp_path)
    data = _workbook_bytes(tmp_path)
    book = game_file.parent / "terres.xlsx"
    book.write_bytes(data)
    read_lands_from(game_file, "{file: terres.xlsx, kind: terre}")
    watcher = Watcher(Resources((tmp_path, bundled_root())), "petit",
                      BuildOptions(out_dir=tmp_path / "out"))
    assert watcher.rebuild_once().ok
    book.write_bytes(data[: len(data) // 2])  # the spreadsheet starts saving
    thread = _finish_later(book, data, 0.3)
    again = watcher.rebuild_once([book])
    thread.join()
    assert again.ok, again.problems
