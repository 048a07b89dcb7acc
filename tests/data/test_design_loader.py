"""Tests of ``layouts.yaml`` loading: ``extends`` of layouts and styles, defaults, lengths and
percentages, and located errors for cycles, unknown parents and bad values."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import approx_float

from printandplay.data.box_fields import as_dim
from printandplay.data.design_loader import load_face_designs
from printandplay.errors import DataError, DataErrors, Location, PrintAndPlayError
from printandplay.model.design import Box, Dim, FaceDesign, Template
from printandplay.project import bundled_root
from printandplay.units import MM

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
LAYOUTS = FIXTURES / "layouts"
TINY = FIXTURES / "games" / "tiny" / "templates" / "tiny" / "layouts.yaml"


# --- helpers ---------------------------------------------------------------------------------


def load_text(tmp_path: Path, text: str) -> dict[str, FaceDesign]:
    path = tmp_path / "layouts.yaml"
    path.write_text(text, encoding="utf-8")
    return load_face_designs(path, "L.yaml")


def problems_of(tmp_path: Path, text: str) -> list[str]:
    with pytest.raises(PrintAndPlayError) as info:
        load_text(tmp_path, text)
    assert isinstance(info.value, (DataError, DataErrors))
    return info.value.problems()


def one_error(tmp_path: Path, text: str) -> str:
    with pytest.raises(PrintAndPlayError) as info:
        load_text(tmp_path, text)
    assert type(info.value) is DataError, info.value.problems()
    return str(info.value)


def fixture_problems(name: str) -> tuple[type, list[str]]:
    with pytest.raises(PrintAndPlayError) as info:
        load_face_designs(LAYOUTS / name, f"layouts/{name}")
    return type(info.value), info.value.problems()


def box(layout: FaceDesign, name: str) -> Box:
    return next(b for b in layout.boxes if b.name == name)


def one_box(tmp_path: Path, fields: str) -> Box:
    """The only box of a one-layout file whose box is ``{fields}`` (on line 4)."""
    layouts = load_text(tmp_path, f"layouts:\n  a:\n    boxes:\n      b: {{{fields}}}\n")
    (only,) = layouts["a"].boxes
    return only


# --- the tiny fixture ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def tiny() -> dict[str, FaceDesign]:
    return load_face_designs(TINY, "templates/tiny/layouts.yaml")


def test_every_layout_is_loaded_in_order(tiny: dict[str, FaceDesign]) -> None:
    assert list(tiny) == ["base", "carte-recto", "dos", "jeton"]
    assert tiny["base"].location == Location("templates/tiny/layouts.yaml", 7)


def test_defaults(tiny: dict[str, FaceDesign]) -> None:
    fond = box(tiny["base"], "fond")
    assert (fond.x, fond.y) == (Dim(0.0), Dim(0.0))
    assert (fond.width, fond.height) == (Dim(1.0, True), Dim(1.0, True))
    assert fond.width.resolve(200.0) == 200.0
    assert (fond.shape, fond.rotate, fond.font, fond.size, fond.opacity) == ("rect", 0, "body",
                                                                              10.0, 1.0)
    assert (fond.text, fond.stroke, fond.min_size) == (None, None, None)
    assert fond.fill == Template("#ffffff") and fond.fill.is_static
    assert fond.bleed is True
    assert fond.location == Location("templates/tiny/layouts.yaml", 8)


def test_lengths_are_points(tiny: dict[str, FaceDesign]) -> None:
    cadre = box(tiny["base"], "cadre")
    assert cadre.x == Dim(approx_float(2 * MM))
    assert not cadre.x.relative
    assert cadre.width == Dim(approx_float(59 * MM))
    assert cadre.width.resolve(1000.0) == pytest.approx(59 * MM)  # absolute: ignores the face
    assert cadre.stroke_width == 1.0


def test_layout_extends_layout(tiny: dict[str, FaceDesign]) -> None:
    recto = tiny["carte-recto"]
    # Inherited boxes first, in the parent's order, then the new ones.
    assert [b.name for b in recto.boxes] == ["fond", "cadre", "titre"]
    assert box(recto, "fond") == box(tiny["base"], "fond")
    cadre = box(recto, "cadre")
    # The overriding keys win, the others are kept.
    assert cadre.stroke == Template("{{ card.couleur }}") and not cadre.stroke.is_static
    assert cadre.x == box(tiny["base"], "cadre").x
    assert cadre.stroke_width == 1.0
    assert cadre.location == Location("templates/tiny/layouts.yaml", 9)  # where it was declared
    # The parent is unchanged.
    assert box(tiny["base"], "cadre").stroke == Template("#000000")


def test_box_extends_a_style_chain(tiny: dict[str, FaceDesign]) -> None:
    titre = box(tiny["carte-recto"], "titre")
    # titre-petit extends titre; the box's own keys win over both.
    assert (titre.font, titre.align, titre.bold) == ("title", "center", True)
    assert titre.size == 11.0  # box 11 > style titre-petit 9 > style titre 14
    assert titre.text == Template("{{ card.name }}")


def test_percentages_are_relative(tiny: dict[str, FaceDesign]) -> None:
    titre = box(tiny["carte-recto"], "titre")
    assert titre.x == Dim(approx_float(0.05), True)
    assert titre.width == Dim(approx_float(0.9), True)
    assert titre.x.resolve(200.0) == pytest.approx(10.0)
    assert titre.y == Dim(approx_float(3 * MM), False)


def test_rotate_and_shape(tiny: dict[str, FaceDesign]) -> None:
    rond = box(tiny["jeton"], "rond")
    assert (rond.shape, rond.rotate) == ("ellipse", 90)


# --- values ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("50%", Dim(0.5, True)),
        ("12.5 %", Dim(0.125, True)),
        ("-10%", Dim(-0.1, True)),
        ("100%", Dim(1.0, True)),
        (0, Dim(0.0)),
        ("2cm", Dim(20 * MM)),
        ("1in", Dim(72.0)),
        ("12pt", Dim(12.0)),
        (" 3mm ", Dim(3 * MM)),
    ],
)
def test_as_dim(value: object, expected: Dim) -> None:
    dim = as_dim(value)
    assert dim.relative == expected.relative
    assert dim.value == pytest.approx(expected.value)


def test_all_box_fields(tmp_path: Path) -> None:
    b = one_box(tmp_path, "shape: line, rotate: 270, fill: a, stroke: b, stroke_width: 0.5pt, "
                          "radius: 1mm, dash: [2mm, 1pt], opacity: 0.5, bleed: false, text: t, "
                          "font: title, size: 8, min_size: 5.5, leading: 1.3, align: right, "
                          "valign: bottom, bold: true, italic: true, color: c, icon: i, "
                          "icon_scale: 1.5, padding: 1mm, when: '{{ card.x }}'")
    assert (b.shape, b.rotate, b.stroke_width, b.opacity, b.bleed) == ("line", 270, 0.5, 0.5,
                                                                      False)
    assert b.radius == pytest.approx(MM) and b.padding == pytest.approx(MM)
    assert b.dash == (pytest.approx(2 * MM), 1.0)
    assert (b.font, b.size, b.min_size, b.leading) == ("title", 8.0, 5.5, 1.3)
    assert (b.align, b.valign, b.bold, b.italic, b.icon_scale) == ("right", "bottom", True, True,
                                                                  1.5)
    assert (b.fill, b.stroke, b.text, b.color, b.icon) == tuple(
        Template(s) for s in ("a", "b", "t", "c", "i"))
    assert b.when == Template("{{ card.x }}")


@pytest.mark.parametrize("angle", [0, 90, 180, 270])
def test_rotate_quarter_turns(tmp_path: Path, angle: int) -> None:
    assert one_box(tmp_path, f"rotate: {angle}").rotate == angle


@pytest.mark.parametrize("angle", [45, -90, 360, 450])
def test_rotate_other_angles(tmp_path: Path, angle: int) -> None:
    assert one_error(tmp_path, f"layouts:\n  a:\n    boxes:\n      b: {{rotate: {angle}}}\n") == (
        "L.yaml:4: field 'rotate' on box 'b' of layout 'a': use 0, 90, 180 or 270 "
        f"(degrees clockwise), got {angle}")


def test_rotate_fraction_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DataError):
        one_box(tmp_path, "rotate: 90.5")


def test_rotate_text(tmp_path: Path) -> None:
    assert one_error(tmp_path, "layouts:\n  a:\n    boxes:\n      b: {rotate: '90'}\n") == (
        "L.yaml:4: field 'rotate' on box 'b' of layout 'a': expected a number, got text")


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ("x: 5", "field 'x' on box 'b' of layout 'a': length 5 needs a unit (mm, cm, in, pt or %)"),
        ("y: 3 furlongs", "field 'y' on box 'b' of layout 'a': bad length '3 furlongs'"
                          " (expected e.g. '63mm', '2.5in', '12pt', '50%')"),
        ("width: abc%", "field 'width' on box 'b' of layout 'a': bad length 'abc%'"
                        " (expected e.g. '63mm', '2.5in', '12pt', '50%')"),
        ("height: true", "field 'height' on box 'b' of layout 'a': expected a length such as"
                         " '63mm', got True"),
        ("stroke_width: 10%", "field 'stroke_width' on box 'b' of layout 'a': a percentage"
                              " ('10%') is not allowed here"),
        ("size: 0", "field 'size' on box 'b' of layout 'a': expected a number > 0, got 0.0"),
        ("size: 10pt", "field 'size' on box 'b' of layout 'a': expected a number, got text"),
        ("leading: -1", "field 'leading' on box 'b' of layout 'a': expected a number > 0,"
                        " got -1.0"),
        ("shape: circle", "field 'shape' on box 'b' of layout 'a': expected one of rect, ellipse,"
                          " line, outline, got 'circle'"),
        ("align: centre", "field 'align' on box 'b' of layout 'a': expected one of left, center,"
                          " right, got 'centre' (did you mean 'center'?)"),
        ("valign: center", "field 'valign' on box 'b' of layout 'a': expected one of top, middle,"
                           " bottom, got 'center'"),
        ("bold: yes please", "field 'bold' on box 'b' of layout 'a': expected true or false,"
                             " got text"),
        ("dash: 2mm", "field 'dash' on box 'b' of layout 'a': expected a list, got text"),
        ("dash: [2mm, 2]", "field 'dash' on box 'b' of layout 'a': item 2 (line 4): length 2"
                           " needs a unit (mm, cm, in, pt or %)"),
        ("text: [a]", "field 'text' on box 'b' of layout 'a': expected text, got a list"),
        ("colour: red", "unknown field 'colour' on box 'b' of layout 'a' (did you mean 'color'?)"),
        ("widht: 3mm", "unknown field 'widht' on box 'b' of layout 'a' (did you mean 'width'?)"),
    ],
)
def test_bad_box_values(tmp_path: Path, fields: str, message: str) -> None:
    text = f"layouts:\n  a:\n    boxes:\n      b: {{{fields}}}\n"
    assert one_error(tmp_path, text) == f"L.yaml:4: {message}"


def test_every_bad_value_of_a_box_is_reported(tmp_path: Path) -> None:
    text = "layouts:\n  a:\n    boxes:\n      b:\n        x: 1\n        size: -2\n        rotate: 45\n"
    assert problems_of(tmp_path, text) == [
        "L.yaml:5: field 'x' on box 'b' of layout 'a': length 1 needs a unit (mm, cm, in, pt or %)",
        "L.yaml:6: field 'size' on box 'b' of layout 'a': expected a number > 0, got -2.0",
        "L.yaml:7: field 'rotate' on box 'b' of layout 'a': use 0, 90, 180 or 270 "
        "(degrees clockwise), got 45",
    ]


# --- fixtures: broken layout files -----------------------------------------------------------


def test_self_extends() -> None:
    kind, problems = fixture_problems("self_extends.yaml")
    assert kind is DataError
    assert problems == ["layouts/self_extends.yaml:4: circular extends: recto → recto"]


def test_indirect_cycle_names_the_chain() -> None:
    kind, problems = fixture_problems("indirect_cycle.yaml")
    assert kind is DataErrors
    # Reported from each layout of the cycle, at the 'extends' that closes it.
    assert problems == [
        "layouts/indirect_cycle.yaml:8: circular extends: a → b → c → a",
        "layouts/indirect_cycle.yaml:4: circular extends: b → c → a → b",
        "layouts/indirect_cycle.yaml:6: circular extends: c → a → b → c",
    ]


def test_extends_a_missing_layout() -> None:
    kind, problems = fixture_problems("missing_parent.yaml")
    assert kind is DataError
    assert problems == ["layouts/missing_parent.yaml:7: unknown layout 'bsae' in extends"
                        " (did you mean 'base'?)"]


def test_unknown_box_field() -> None:
    kind, problems = fixture_problems("unknown_box_field.yaml")
    assert kind is DataError
    assert problems == ["layouts/unknown_box_field.yaml:7: unknown field 'colour' on box 'titre'"
                        " of layout 'recto' (did you mean 'color'?)"]


def test_bad_lengths() -> None:
    kind, problems = fixture_problems("bad_length.yaml")
    assert kind is DataErrors
    assert problems == [
        "layouts/bad_length.yaml:6: field 'x' on box 'cadre' of layout 'recto': length 5 needs"
        " a unit (mm, cm, in, pt or %)",
        "layouts/bad_length.yaml:8: field 'width' on box 'cadre' of layout 'recto': bad length"
        " '10px' (expected e.g. '63mm', '2.5in', '12pt', '50%')",
        "layouts/bad_length.yaml:10: field 'stroke_width' on box 'cadre' of layout 'recto': a"
        " percentage ('10%') is not allowed here",
    ]


def test_style_cycle() -> None:
    kind, problems = fixture_problems("style_cycle.yaml")
    assert kind is DataError
    assert problems == ["layouts/style_cycle.yaml:3: circular extends: titre → gros → titre"]


# --- extends, more cases ---------------------------------------------------------------------


def test_extends_chain_of_three(tmp_path: Path) -> None:
    layouts = load_text(tmp_path, """\
layouts:
  c:
    extends: b
    boxes:
      z: {x: 3mm}
      x: {size: 7}
  b:
    extends: a
    boxes:
      y: {x: 2mm}
      x: {bold: true}
  a:
    boxes:
      x: {size: 5, italic: true}
""")
    c = layouts["c"]
    assert [b.name for b in c.boxes] == ["x", "y", "z"]
    x = box(c, "x")
    assert (x.size, x.bold, x.italic) == (7.0, True, True)
    assert [b.name for b in layouts["b"].boxes] == ["x", "y"]
    assert box(layouts["b"], "x").size == 5.0


def test_style_of_an_overriding_box_applies_over_inherited_keys(tmp_path: Path) -> None:
    layouts = load_text(tmp_path, """\
styles:
  gros: {size: 20, bold: true}
layouts:
  a:
    boxes:
      t: {size: 8, italic: true}
  b:
    extends: a
    boxes:
      t: {extends: gros}
""")
    t = box(layouts["b"], "t")
    assert (t.size, t.bold, t.italic) == (20.0, True, True)


def test_style_extends_style(tmp_path: Path) -> None:
    layouts = load_text(tmp_path, """\
styles:
  base: {font: title, size: 10, color: encre}
  titre: {extends: base, size: 14}
  gros-titre: {extends: titre, size: 20, bold: true}
layouts:
  a:
    boxes:
      t: {extends: gros-titre, text: T}
      u: {extends: titre, size: 12}
""")
    t, u = layouts["a"].boxes
    assert (t.font, t.size, t.bold, t.color) == ("title", 20.0, True, Template("encre"))
    assert (u.font, u.size, u.bold) == ("title", 12.0, False)


def test_unknown_style(tmp_path: Path) -> None:
    text = "styles:\n  titre: {size: 3}\nlayouts:\n  a:\n    boxes:\n      b: {extends: titer}\n"
    assert one_error(tmp_path, text) == (
        "L.yaml:6: unknown style 'titer' in extends (did you mean 'titre'?)")


def test_unknown_parent_style(tmp_path: Path) -> None:
    text = ("styles:\n  titre: {extends: gras, size: 3}\nlayouts:\n  a:\n    boxes:\n"
            "      b: {extends: titre}\n")
    assert one_error(tmp_path, text) == "L.yaml:2: unknown style 'gras' in extends"


def test_style_extends_itself(tmp_path: Path) -> None:
    text = "styles:\n  s: {extends: s}\nlayouts:\n  a:\n    boxes:\n      b: {extends: s}\n"
    assert one_error(tmp_path, text) == "L.yaml:2: circular extends: s → s"


def test_bad_field_in_a_style_is_located_in_the_style(tmp_path: Path) -> None:
    text = "styles:\n  s: {colr: red}\nlayouts:\n  a:\n    boxes:\n      b: {extends: s}\n"
    assert one_error(tmp_path, text) == (
        "L.yaml:2: unknown field 'colr' on box 'b' of layout 'a' (did you mean 'color'?)")


def test_extends_must_be_text(tmp_path: Path) -> None:
    text = "layouts:\n  a: {extends: [b]}\n  b: {}\n"
    assert one_error(tmp_path, text) == (
        "L.yaml:2: field 'extends' on layout 'a': expected text, got a list")


def test_unknown_layout_key(tmp_path: Path) -> None:
    text = "layouts:\n  a:\n    boxs: {}\n"
    assert one_error(tmp_path, text) == (
        "L.yaml:3: unknown field 'boxs' on layout 'a' (did you mean 'boxes'?)")


def test_unknown_top_key(tmp_path: Path) -> None:
    assert one_error(tmp_path, "style: {}\nlayouts: {}\n") == (
        "L.yaml:1: unknown field 'style' on layouts.yaml (did you mean 'styles'?)")


def test_layout_not_a_mapping(tmp_path: Path) -> None:
    assert one_error(tmp_path, "layouts:\n  a: red\n") == (
        "L.yaml:2: layout 'a' must be a mapping, got text")


def test_box_not_a_mapping(tmp_path: Path) -> None:
    assert one_error(tmp_path, "layouts:\n  a:\n    boxes: {b: red}\n") == (
        "L.yaml:3: box 'b' must be a mapping, got text")


def test_boxes_not_a_mapping(tmp_path: Path) -> None:
    assert one_error(tmp_path, "layouts:\n  a:\n    boxes: [b, c]\n") == (
        "L.yaml:3: 'boxes' must be a mapping of names to boxes")


def test_empty_file(tmp_path: Path) -> None:
    assert one_error(tmp_path, "") == "L.yaml: layouts.yaml must be a mapping, got nothing"


def test_empty_layouts_are_allowed(tmp_path: Path) -> None:
    assert load_text(tmp_path, "layouts: {}\n") == {}
    assert load_text(tmp_path, "layouts:\n  a: {}\n")["a"].boxes == ()


def test_duplicate_box_is_a_yaml_error(tmp_path: Path) -> None:
    text = "layouts:\n  a:\n    boxes:\n      b: {}\n      b: {}\n"
    assert one_error(tmp_path, text) == "L.yaml:5: duplicate key 'b'"


def test_a_problem_is_reported_once(tmp_path: Path) -> None:
    text = ("layouts:\n  base: {boxes: {}}\n  a:\n    extends: bsae\n  c:\n    extends: a\n")
    assert one_error(tmp_path, text) == (
        "L.yaml:4: unknown layout 'bsae' in extends (did you mean 'base'?)")


# --- the real templates ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def charlie() -> dict[str, FaceDesign]:
    path = bundled_root() / "templates" / "charlie" / "layouts.yaml"
    return load_face_designs(path, "templates/charlie/layouts.yaml")


def test_charlie_layouts_load(charlie: dict[str, FaceDesign]) -> None:
    assert set(charlie) == {
        "tuile-base", "tuile-texte", "tuile-effet", "licorne", "jeton", "attribut",
        "attribut-perdu", "banane", "amulette", "pion", "aide-base", "aide-effets", "aide-tour"}


def test_charlie_tile_effect_side(charlie: dict[str, FaceDesign]) -> None:
    effet = charlie["tuile-effet"]
    assert [b.name for b in effet.boxes] == ["fond", "panneau", "coin", "effet", "titre",
                                             "legende", "reference"]
    panneau = box(effet, "panneau")
    base = box(charlie["tuile-base"], "panneau")
    assert panneau.y == Dim(approx_float(3 * MM)) and panneau.height == Dim(approx_float(42 * MM))
    assert (panneau.x, panneau.width, panneau.fill, panneau.radius) == (
        base.x, base.width, base.fill, base.radius)
    titre = box(effet, "titre")
    assert (titre.font, titre.size, titre.min_size, titre.align, titre.valign) == (
        "title", 12.0, 9.0, "center", "middle")
    assert titre.color == Template("{{ tables.types[card.type_tuile].couleur }}")


def test_charlie_nested_extends(charlie: dict[str, FaceDesign]) -> None:
    perdu = charlie["attribut-perdu"]  # extends attribut, which extends jeton
    assert [b.name for b in perdu.boxes] == ["fond", "anneau", "icone", "croix"]
    fond, _, icone, _ = perdu.boxes
    assert (fond.shape, fond.fill, fond.bleed) == ("ellipse", Template("fond-perdu"), True)
    assert icone.opacity == 0.5
    assert icone.icon == Template("{{ card.attribut }}")


def test_charlie_unicorn(charlie: dict[str, FaceDesign]) -> None:
    licorne = charlie["licorne"]
    rabat = box(licorne, "rabat-haut")
    assert rabat.width == Dim(1.0, True) and rabat.x == Dim(0.0)
    assert box(licorne, "figure-dos").rotate == 180
    assert box(licorne, "nom-dos").rotate == 180 and box(licorne, "nom").rotate == 0
    pli = box(licorne, "pli-2")
    assert (pli.shape, pli.height, pli.stroke_width) == ("line", Dim(0.0), 0.5)
    assert pli.y == Dim(approx_float(62 * MM))
    assert pli.dash == (pytest.approx(2 * MM), pytest.approx(1.5 * MM))


def test_charlie_faces_have_layouts(charlie: dict[str, FaceDesign]) -> None:
    from printandplay.data.game_loader import load_game
    from printandplay.project import Resources

    game = load_game(Resources((bundled_root(),)), "charlie")
    faces = {c.front for c in game.components} | {c.back for c in game.components if c.back}
    assert faces <= set(charlie)


@pytest.mark.parametrize(("line", "message"), [
    ("opacity: 5", "field 'opacity' on box 'b' of layout 'a': expected a number from 0 to 1, got 5"),
    ("stroke_width: -1pt", "field 'stroke_width' on box 'b' of layout 'a': expected a length ≥ 0"),
    ("padding: -2mm", "field 'padding' on box 'b' of layout 'a': expected a length ≥ 0"),
])
def test_out_of_range_values_are_refused(tmp_path: Path, line: str, message: str) -> None:
    assert message in one_error(tmp_path, f"layouts:\n  a:\n    boxes:\n      b: {{{line}}}\n")


def test_face_designs_are_read_once_per_process_and_again_when_the_file_changes(
        tmp_path: Path) -> None:
    """Builds of the same game in one process (the test suite) share the face designs read
    from the same text of layouts.yaml; an edited file is read again."""
    import shutil

    from printandplay.kit.assets import load_assets
    from printandplay.project import Resources

    root = Path(__file__).resolve().parents[2]
    for part in ("cards", "templates"):
        shutil.copytree(root / part / "limits", tmp_path / part / "limits")
    first = load_assets(Resources.discover(tmp_path), "limits").designs
    again = load_assets(Resources.discover(tmp_path), "limits").designs
    assert again == first and all(again[name] is first[name] for name in first)
    layouts = tmp_path / "templates/limits/layouts.yaml"
    text = layouts.read_text(encoding="utf-8")
    assert "width: 56.6mm" in text
    layouts.write_text(text.replace("width: 56.6mm", "width: 57mm", 1), encoding="utf-8")
    edited = load_assets(Resources.discover(tmp_path), "limits").designs
    assert edited != first
