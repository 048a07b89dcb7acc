"""The PDF writer on a small game: images stored once, faces drawn once, transparency kept."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from helpers import pdf_guide_length
from PIL import Image

from printandplay.data.design_loader import load_face_designs
from printandplay.data.images import ImageLibrary, image_size
from printandplay.errors import LayoutError
from printandplay.kit.assets import load_assets
from printandplay.kit.build import build_game
from printandplay.model.ops import GroupOp, ImageOp
from printandplay.planning.options import BuildOptions
from printandplay.planning.planner import KitPlanner
from printandplay.project import Resources
from printandplay.units import MM

ROOT = Path(__file__).resolve().parents[2]

GAME = """name: Mini
players: {min: 1, max: 2}
language: en
kinds:
  carte:
    size: poker
    front: recto
    back: verso
    fields:
      texte: {type: text}
      art: {type: text, required: false}
components: [cartes.yaml]
kit:
  - sheet: [carte]
    title: Cards
"""

LAYOUTS = """layouts:
  recto:
    boxes:
      fond: {fill: "#ffeecc", bleed: true}
      voile: {x: 5mm, y: 5mm, width: 20mm, height: 20mm, fill: "#000000", opacity: 0.5}
      art: {x: 3mm, y: 10mm, width: 57mm, height: 30mm, image: "{{ card.art or '' }}"}
      texte: {x: 5mm, y: 50mm, width: 53mm, height: 20mm, text: "{{ card.texte }}"}
  verso:
    boxes:
      fond: {fill: "#333333", bleed: true}
      logo: {x: 20mm, y: 30mm, width: 23mm, height: 23mm, image: logo.jpg}
"""


def write_game(folder: Path, cards: int = 12, copies: int = 3) -> Path:
    """A game of ``cards`` distinct fronts showing the same art, the first in ``copies``
    copies, all with the same back."""
    (folder / "cards" / "mini").mkdir(parents=True)
    images = folder / "templates" / "mini" / "images"
    images.mkdir(parents=True)
    (folder / "cards" / "mini" / "game.yaml").write_text(GAME, encoding="utf-8")
    lines = ["kind: carte", "cards:"]
    for i in range(cards):
        lines += [f"  - id: C{i}", f"    texte: Card number {i}", "    art: art.png"]
        if i == 0:
            lines.append(f"    count: {copies}")
    lines += ["  - id: SANS-ART", "    texte: No art here"]
    (folder / "cards" / "mini" / "cartes.yaml").write_text("\n".join(lines) + "\n",
                                                           encoding="utf-8")
    (folder / "templates" / "mini" / "layouts.yaml").write_text(LAYOUTS, encoding="utf-8")
    art = Image.new("RGBA", (40, 20), (200, 40, 40, 255))
    art.putpixel((0, 0), (0, 0, 0, 0))  # some transparency: a soft mask
    art.save(images / "art.png")
    Image.new("RGB", (30, 30), (20, 90, 160)).save(images / "logo.jpg", quality=90)
    return folder


def resources(folder: Path) -> Resources:
    return Resources((folder, ROOT))  # the game from ``folder``, the fonts from the repository


def test_image_size_reads_png_and_jpeg_headers(tmp_path: Path) -> None:
    Image.new("RGB", (123, 45)).save(tmp_path / "a.png")
    Image.new("RGB", (67, 89)).save(tmp_path / "b.jpg")
    assert image_size((tmp_path / "a.png").read_bytes()) == (123, 45)
    assert image_size((tmp_path / "b.jpg").read_bytes()) == (67, 89)
    with pytest.raises(ValueError, match="not a PNG or JPEG"):
        image_size(b"GIF89a")


def test_unknown_image_names_close_ones(tmp_path: Path) -> None:
    write_game(tmp_path)
    library = ImageLibrary([tmp_path / "templates" / "mini"])
    assert library.aspect("art.png") == 2.0
    with pytest.raises(LayoutError, match=r"unknown image 'atr.png'.*did you mean 'art.png'"):
        library.path("atr.png")


def test_layout_reads_the_image_key(tmp_path: Path) -> None:
    write_game(tmp_path)
    path = tmp_path / "templates" / "mini" / "layouts.yaml"
    layouts = load_face_designs(path, "layouts.yaml")
    logo = next(b for b in layouts["verso"].boxes if b.name == "logo")
    assert logo.image is not None and logo.image.source == "logo.jpg"


def test_image_is_fitted_and_centred_in_its_box(tmp_path: Path) -> None:
    write_game(tmp_path)
    planner = KitPlanner(load_assets(resources(tmp_path), "mini"), BuildOptions())
    card = planner.assets.game.component("C1")
    face = planner.face(card, card.front, "front")
    images = [(g, op) for g in face.ops if isinstance(g, GroupOp)
              for op in g.ops if isinstance(op, ImageOp)]
    assert len(images) == 1
    group, image = images[0]
    # a 2:1 image in a 57 × 30 mm box: as wide as the box, centred vertically
    assert image.image == "art.png"
    assert image.w == pytest.approx(57 * MM) and image.h == pytest.approx(28.5 * MM)
    assert image.x == pytest.approx(0) and image.y == pytest.approx(0.75 * MM)
    assert group.transform[4:] == pytest.approx((3 * MM, (88 - 10 - 30) * MM))
    # an empty name draws nothing
    plain = planner.assets.game.component("SANS-ART")
    face = planner.face(plain, plain.front, "front")
    assert not any(isinstance(op, ImageOp) for g in face.ops if isinstance(g, GroupOp)
                   for op in g.ops)


def test_unknown_image_in_a_layout_names_card_and_box(tmp_path: Path) -> None:
    write_game(tmp_path)
    cards = tmp_path / "cards" / "mini" / "cartes.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("art: art.png", "art: arts.png"),
                     encoding="utf-8")
    with pytest.raises(LayoutError) as caught:
        build_game(resources(tmp_path), "mini", BuildOptions(out_dir=tmp_path / "out"))
    message = str(caught.value)
    assert "carte 'C0' (front), box 'art'" in message
    assert "unknown image 'arts.png'" in message and "did you mean 'art.png'" in message


@pytest.fixture(scope="module")
def mini_pdf(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    folder = write_game(tmp_path_factory.mktemp("mini"))
    out = tmp_path_factory.mktemp("out")
    return build_game(resources(folder), "mini", BuildOptions(out_dir=out)).read_bytes()


def test_each_image_is_stored_once(mini_pdf: bytes) -> None:
    # art.png on 14 fronts and logo.jpg on 15 backs: two images, plus the soft mask of the PNG
    assert len(re.findall(rb"/Subtype /Image", mini_pdf)) == 3
    assert len(re.findall(rb"/SMask", mini_pdf)) == 1
    assert len(re.findall(rb"/DCTDecode", mini_pdf)) == 1  # the JPEG is embedded as it is


def _placed(reader: Any, pages: Sequence[Any]) -> Counter[tuple[str, str]]:
    """How often each XObject is placed (``Do``) in these pages' streams, by (its subtype,
    its name)."""
    placed: Counter[tuple[str, str]] = Counter()
    for page in pages:
        xobjects = page["/Resources"].get("/XObject", {})
        data = page.get_contents().get_data()
        for name in re.findall(rb"(/X\d+) Do", data):
            key = name.decode()
            placed[(str(xobjects[key].get_object()["/Subtype"]), key)] += 1
    return placed


def test_faces_placed_once_are_drawn_in_the_page_and_copies_once(mini_pdf: bytes) -> None:
    # 13 distinct fronts, one of them in 3 copies, and one back shared by all 15 cards. Form
    # XObjects: the front layout's leading boxes that do not depend on the card (background
    # and veil, one form for every front) and the back, whose boxes never depend on the card
    # (one form, placed by every back). A face placed only a few times (3 copies) is cheaper
    # drawn again in its page than as a form. Images are stored once and placed by each use.
    assert len(re.findall(rb"/Subtype /Form", mini_pdf)) == 2
    # the printing guide and its blank verso, then two sheets of fronts and backs
    assert len(re.findall(rb"/Type /Page\b", mini_pdf)) == 2 + 4


def test_shared_boxes_and_copies_are_placed_from_their_forms(tmp_path: Path) -> None:
    from pypdf import PdfReader

    from printandplay.render.pdf import FORM_MIN_USES

    copies = FORM_MIN_USES + 1
    folder = write_game(tmp_path / "game", copies=copies)
    reader = PdfReader(build_game(resources(folder), "mini", BuildOptions(out_dir=tmp_path)))
    guide = pdf_guide_length(reader.page_labels)  # the printing guide comes first
    sheets = reader.pages[guide:]
    fronts, backs = _placed(reader, sheets[0::2]), _placed(reader, sheets[1::2])
    # the copied front becomes a form placed once per copy, the 12 other fronts each place
    # the shared boxes' form themselves, and the art of the 11 of them that show it; every
    # back places the back's form
    assert sorted((kind, count) for (kind, _), count in fronts.items()) == [
        ("/Form", copies), ("/Form", 12), ("/Image", 11)]
    assert sorted((kind, count) for (kind, _), count in backs.items()) == [
        ("/Form", 12 + copies)]


def _opacity_states(data: bytes) -> list[str]:
    return [name.decode() for name in re.findall(rb"(/G\d+) gs", data)]


def test_transparency_of_faces_drawn_in_the_page_is_declared(tmp_path: Path) -> None:
    from pypdf import PdfReader

    folder = write_game(tmp_path / "game")
    # the veil's colour from a template: it depends on the card, so each face draws it
    layouts = folder / "templates" / "mini" / "layouts.yaml"
    layouts.write_text(layouts.read_text(encoding="utf-8").replace(
        'fill: "#000000", opacity', 'fill: "{{ \'#000000\' }}", opacity'), encoding="utf-8")
    reader = PdfReader(build_game(resources(folder), "mini", BuildOptions(out_dir=tmp_path)))
    pages: list[Any] = list(reader.pages)
    using = [(page, _opacity_states(page.get_contents().get_data())) for page in pages]
    using = [(page, names) for page, names in using if names]
    assert using, "no page draws the half-transparent box itself"
    for page, names in using:
        states = page["/Resources"]["/ExtGState"]  # type: ignore[index]
        assert sorted(float(states[name]["/ca"]) for name in set(names)) == [0.5, 1.0]


def test_transparency_of_shared_boxes_is_declared_in_their_form(tmp_path: Path) -> None:
    from pypdf import PdfReader

    folder = write_game(tmp_path / "game")
    reader = PdfReader(build_game(resources(folder), "mini", BuildOptions(out_dir=tmp_path)))
    first_sheet = reader.pages[pdf_guide_length(reader.page_labels)]  # after the guide
    xobjects = first_sheet["/Resources"]["/XObject"]  # type: ignore[index]
    forms = [x.get_object() for x in xobjects.values()
             if x.get_object()["/Subtype"] == "/Form"]
    assert len(forms) == 1  # the fronts' shared boxes (the rest is drawn in the page)
    shared = forms[0]
    names = _opacity_states(shared.get_data())
    assert names
    states = shared["/Resources"]["/ExtGState"]
    assert sorted({float(states[name]["/ca"]) for name in names}) == [0.5, 1.0]


def test_bytes_do_not_depend_on_where_the_game_is(tmp_path: Path, mini_pdf: bytes) -> None:
    here = write_game(tmp_path / "somewhere" / "else")
    again = build_game(resources(here), "mini", BuildOptions(out_dir=tmp_path / "out"))
    assert again.read_bytes() == mini_pdf


def test_every_card_text_reaches_its_page(tmp_path: Path) -> None:
    """Faces drawn in their page and faces drawn as forms both show their text."""
    from pypdf import PdfReader

    folder = write_game(tmp_path / "game")
    reader = PdfReader(build_game(resources(folder), "mini", BuildOptions(out_dir=tmp_path)))
    fronts = reader.pages[2].extract_text() + reader.pages[4].extract_text()  # after the guide
    for i in range(1, 12):
        assert f"Card number {i}" in fronts
    assert fronts.count("Card number 0") == 3
    assert "No art here" in fronts


def test_the_number_texts_kept_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """``paint.num`` keeps the text of each number it wrote up to ``_NUMBERS_MAX`` of them
    (here 3 instead of 20,000), then starts again; a number's text stays ReportLab's."""
    from reportlab.lib.rl_accel import fp_str

    from printandplay.render import paint

    kept: dict[float, str] = {}
    monkeypatch.setattr(paint, "NUMBERS", kept)
    monkeypatch.setattr(paint, "_NUMBERS_MAX", 3)
    values = [0.5, 1.25, 2.0, 3.125, 1.25]
    assert [paint.num(value) for value in values] == [fp_str(value) for value in values]
    assert kept == {3.125: fp_str(3.125), 1.25: fp_str(1.25)}  # 0.5 and 2.0 went at the fourth
