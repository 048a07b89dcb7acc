"""Copies of a face drawn in their page (placed 2 to 5 times) reuse the operators written for
its first placement (issue 15, round 4): the PDF is byte for byte the one written when every
copy writes its ops again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import ROOT, bundled_assets, kit_pages

from printandplay.kit.build import build_game, write_pages
from printandplay.planning.options import BuildOptions
from printandplay.project import Resources
from printandplay.render import content, pdf


def _write(game: str, out: Path, replays: bool, monkeypatch: pytest.MonkeyPatch
           ) -> tuple[bytes, int]:
    """The kit's PDF written from its planned pages (planned once per process, as a build
    plans them), and how many copies were written from kept operators."""
    replayed = 0
    original = pdf.PdfWriter._write_kept

    def counted(self: Any, thing: Any, *args: Any) -> None:
        nonlocal replayed
        replayed += self._has_kept(thing)
        original(self, thing, *args)

    assets = bundled_assets(game)
    with monkeypatch.context() as patch:
        patch.setattr(pdf.PdfWriter, "_write_kept", counted)
        if not replays:
            patch.setattr(content, "_KEPT_MAX", 0)
        path = write_pages(assets, kit_pages(game), out / f"{game}.pdf",
                           f"{assets.game.name} — kit")
    return path.read_bytes(), replayed


@pytest.mark.parametrize("game", ["oups", "charlie", "licum"])
def test_copies_from_kept_operators_give_the_same_pdf(game: str, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    kept, replayed = _write(game, tmp_path, True, monkeypatch)
    again, none = _write(game, tmp_path, False, monkeypatch)
    assert none == 0
    assert kept == again
    if game == "oups":
        assert replayed > 0
        # the pages written as they are planned are what `build` writes
        assert build_game(Resources((ROOT,)), game,
                          BuildOptions(out_dir=tmp_path / "built")).read_bytes() == kept


def test_copies_with_icons_translucent_icons_and_text_give_the_same_bytes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Faces placed 2 to 4 times over three pages: opaque icons (kept with their forms), a
    translucent icon (its transparency state a resource of the stream, kept with it), text in
    two fonts, a new character in a copy's neighbour; kept or not, the same bytes."""
    import io

    from printandplay.model.game import Size
    from printandplay.model.ops import Face, GroupOp, IconOp, Placement, RectOp, TextOp
    from printandplay.model.shapes import Rectangle

    assets = bundled_assets("charlie")  # read only
    regular = assets.fonts.select("body", False, False)
    bold = assets.fonts.select("body", True, False)

    def face(index: int, translucent: bool) -> Face:
        ops = (RectOp(0, 0, 180, 252, (0.9, 0.9, 0.8)),
               GroupOp((1.0, 0.0, 0.0, 1.0, 10.0, 20.0),
                       (TextOp(0, 0, f"Carte n° {index} ‰", regular, 9.0, (0, 0, 0)),
                        TextOp(40, 0, "Gras", bold, 9.0, (0.2, 0.1, 0)),
                        IconOp("amulette", 60, 0, 9, 9, (0, 0, 0)),
                        IconOp("baguette", 80, 0, 9, 9, (0, 0, 0),
                               0.5 if translucent else 1.0))))
        return Face(180, 252, 9.0, Rectangle(), ops, 1)

    faces = [face(index, index % 3 == 0) for index in range(6)]
    uses = {0: 2, 1: 3, 2: 4, 3: 2, 4: 1, 5: 2}
    order = [0, 1, 2, 1, 3, 2, 4, 0, 5, 2, 3, 1, 5, 2]
    pages = [order[:5], order[5:9], order[9:]]

    def write(replays: bool) -> bytes:
        with monkeypatch.context() as patch:
            if not replays:
                patch.setattr(content, "_KEPT_MAX", 0)
            writer = pdf.PdfWriter(io.BytesIO(), assets.icons, title="t")
            for page in pages:
                writer.page(Size(595, 842), (), [
                    Placement(faces[index], 20.0 + 100 * (slot % 5), 30.0 + 260 * (slot // 5),
                              None, uses[index]) for slot, index in enumerate(page)])
            return writer.save_bytes()

    assert write(True) == write(False)


class _OneImage:
    """An image provider whose every image is one file."""

    def __init__(self, path: Path) -> None:
        self.file = path

    def path(self, name: str) -> Path:
        return self.file


def test_copies_with_images_replay_them_and_give_the_same_bytes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Faces with an image placed 2 or 3 times: the copies replay the image's placement from
    the kept drawing (the face's operators around it kept too, the image named in the page's
    resources); kept or not, the same bytes, the image stored once."""
    import io

    from PIL import Image

    from printandplay.model.game import Size
    from printandplay.model.ops import Face, ImageOp, Placement, RectOp, TextOp
    from printandplay.model.shapes import Rectangle

    art = tmp_path / "art.png"
    Image.new("RGB", (30, 20), (200, 40, 40)).save(art)
    assets = bundled_assets("charlie")  # read only
    regular = assets.fonts.select("body", False, False)
    faces = [Face(180, 252, 9.0, Rectangle(), (
        RectOp(0, 0, 180, 252, (0.9, 0.9, 0.8)),
        ImageOp("art.png", 10.0 + index, 20.0, 56.7, 39.1),
        TextOp(10, 70, f"Carte {index}", regular, 9.0, (0, 0, 0))), 1) for index in range(3)]
    uses = {0: 2, 1: 3, 2: 2}
    order = [0, 1, 2, 1, 0, 2, 1]

    def write(replays: bool) -> tuple[bytes, int]:
        replayed = 0
        original = pdf.PdfWriter._write_kept

        def counted(self: Any, thing: Any, *args: Any) -> None:
            nonlocal replayed
            replayed += self._has_kept(thing)
            original(self, thing, *args)

        with monkeypatch.context() as patch:
            patch.setattr(pdf.PdfWriter, "_write_kept", counted)
            if not replays:
                patch.setattr(content, "_KEPT_MAX", 0)
            writer = pdf.PdfWriter(io.BytesIO(), assets.icons, title="t",
                                   images=_OneImage(art))  # type: ignore[arg-type]
            writer.page(Size(595, 842), (), [
                Placement(faces[index], 20.0 + 100 * (slot % 5), 30.0 + 260 * (slot // 5),
                          None, uses[index]) for slot, index in enumerate(order)])
            return writer.save_bytes(), replayed

    kept, replayed = write(True)
    again, none = write(False)
    assert replayed == 4 and none == 0
    assert kept == again
    assert kept.count(b"/Subtype /Image") == 1
