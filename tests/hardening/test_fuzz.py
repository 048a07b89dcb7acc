"""Property-based fuzzing (Hypothesis) of the readers that take untrusted text: the deck-list
parser, the strict YAML reader, the card-text markup parser, the SVG reader, the component
tables (CSV, TSV, XLSX) and the deck-rules reader. Only results
or one-line input errors are allowed (see fuzz_targets.py). ``HYPOTHESIS_PROFILE=deep`` runs
thousands of inputs per target; a crash found goes into ``fuzz_corpus/`` (see README.md)."""

from __future__ import annotations

import sys
from pathlib import Path

import hypothesis_profiles  # noqa: F401 - the profiles (ci by default)
from hypothesis import given
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fuzz_targets as targets  # noqa: E402

from printandplay.errors import DataError, DataErrors, PrintAndPlayError  # noqa: E402
from printandplay.model.deck import Deck  # noqa: E402
from printandplay.text.markup import (  # noqa: E402
    MarkupError,
    Span,
    escape_markup,
    plain_text,
)


def lines(pieces: st.SearchStrategy[str], max_size: int = 12) -> st.SearchStrategy[str]:
    return st.lists(pieces, max_size=max_size).map("\n".join)


NAMES = st.sampled_from(["Sifflet", "Avant-Match", "Rosalie Gaudet (Rouges)", "rosalie gaudet",
                         "Zacharie Mazerolle (Martiens)", "LIC-001", "Navet", "(Rouges)", ""])
COUNTS = st.one_of(st.integers(-3, 1200).map(str), st.sampled_from(
    ["1000000000000", "9" * 60, "0", "00", "1x", "2×", "٣", "¹", "1.5"]))
DECK_LINE = st.one_of(
    st.sampled_from(["Jeu", "jeu:", "Préparation", "PRÉPARATION :", "Équipe: Rouges",
                     "Équipe: Martiens", "Équipe:", ": x", "# commentaire", "// note", ""]),
    st.builds(lambda c, sep, n: f"{c}{sep}{n}", COUNTS, st.sampled_from([" ", "x ", " × ", "\t"]),
              st.one_of(NAMES, st.text(max_size=20))),
    st.text(max_size=30),
)


@given(lines(DECK_LINE, 20))
def test_decklist_parser(text: str) -> None:
    result = targets.decklist(text)
    assert isinstance(result, (Deck, PrintAndPlayError))
    if isinstance(result, Deck):
        assert all(0 < e.count <= 1000 for e in result.entries)
        assert sum(e.count for e in result.entries) <= 1000


YAML_TOKENS = st.sampled_from([
    "- ", ": ", "a", "b", "Jeu", "Sifflet", "1", "-3", "1e999", "&x ", "*x", "&y ", "*y", "[", "]",
    "{", "}", ", ", "\n", "  ", "<<: ", "!!python/object:os.system ", "!!binary ", "!!set ",
    "? ", "|\n", ">\n", "'", '"', "# c", "---\n", "...\n", "%YAML 1.1\n", "~", "null", "true",
    "\t", "\\", "é", "\x00", "\ufeff",
])
YAML_TEXT = st.one_of(st.lists(YAML_TOKENS, max_size=40).map("".join), st.text(max_size=60))


@given(YAML_TEXT)
def test_yaml_reader(text: str) -> None:
    result = targets.yaml_reader(text)
    if isinstance(result, PrintAndPlayError):
        assert isinstance(result, DataError)
        assert str(result).startswith("fuzz.yaml")


@given(YAML_TEXT)
def test_yaml_deck(text: str) -> None:
    result = targets.yaml_deck(text)
    assert isinstance(result, (Deck, PrintAndPlayError))


MARKUP = st.lists(st.sampled_from(list("ab *\\:[]_-\n\r\t") + ["**", "[[", "]]", ":x:", "é",
                                                                 "\u200b"]),
                  max_size=40).map("".join)


@given(st.one_of(MARKUP, st.text(max_size=40)))
def test_markup_parser(text: str) -> None:
    result = targets.markup(text)
    assert isinstance(result, (list, MarkupError))
    if isinstance(result, list):
        assert all(isinstance(span, Span) for span in result)


@given(st.text(alphabet=st.characters(blacklist_characters="\r\n"), max_size=40))
def test_escaped_text_reads_back_literally(text: str) -> None:
    spans = targets.markup(escape_markup(text))
    assert isinstance(spans, list)
    assert plain_text(spans) == text.strip("\n")
    assert all(span.kind == "text" for span in spans)


TAGS = st.sampled_from(["svg", "g", "path", "rect", "circle", "ellipse", "line", "polyline",
                        "polygon", "defs", "title", "text", "use", "image", "script", "style"])
ATTRS = st.sampled_from(["viewBox", "d", "x", "y", "width", "height", "r", "rx", "ry", "cx",
                         "cy", "points", "fill", "stroke", "stroke-width", "transform", "style",
                         "opacity", "fill-rule", "href", "xlink:href", "display"])
VALUES = st.one_of(
    st.sampled_from(["0 0 24 24", "0 0 0 0", "0 0 -1 1", "1e308 1e308 1e308 1e308", "nan",
                     "inf", "-1", "M0 0L10 10Z", "M 1e308 0 A 1 1 0 1 1 -1e308 0",
                     "m0 0" + " l1 1" * 50, "rotate(90) scale(1e308)", "matrix(0 0 0 0 0 0)",
                     "fill:red;stroke:url(#x)", "#fff", "none", "currentColor",
                     "translate(nan)", "1 2 3", ""]),
    st.text(max_size=15),
)


def _attribute(value: str) -> str:
    return value.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")


@st.composite
def svg_documents(draw: st.DrawFn) -> str:
    def element(depth: int) -> str:
        tag = "svg" if depth == 0 else draw(TAGS)
        attrs = draw(st.dictionaries(ATTRS, VALUES, max_size=4))
        if depth == 0 and draw(st.booleans()):
            attrs.setdefault("viewBox", "0 0 24 24")
        attributes = "".join(f' {k}="{_attribute(v)}"' for k, v in attrs.items())
        children = "".join(element(depth + 1) for _ in range(draw(st.integers(0, 3 - depth)))) \
            if depth < 3 else ""
        return f"<{tag}{attributes}>{children}</{tag}>"

    namespace = draw(st.sampled_from(['xmlns="http://www.w3.org/2000/svg"', "", 'xmlns="x"']))
    body = element(0).replace("<svg", f"<svg {namespace}", 1)
    prefix = draw(st.sampled_from(["", '<?xml version="1.0"?>\n', "<!DOCTYPE svg>\n",
                                   '<!DOCTYPE svg [<!ENTITY a "aaaa">]>\n']))
    return prefix + body


@given(st.one_of(svg_documents(), st.text(max_size=60)))
def test_svg_reader(text: str) -> None:
    result = targets.svg(text)
    assert not isinstance(result, PrintAndPlayError) or isinstance(result, DataError)
    if isinstance(result, DataError):
        assert str(result).startswith("fuzz.svg")


CELLS = st.one_of(
    st.sampled_from(["", "L1", "LIM-P1", "x", "X", "0", "3", "-2", "9" * 40, "0x1f", "1e9",
                     "reelle", "rouge", "true", "a|b", "a\\|b", " ", '"', '""', "\ufeff", "é",
                     "=1+1", "id", "name", "count", "value", "limits.rouge", "origine"]),
    st.text(max_size=8),
)
LIMIT_COLUMNS = ["id", "name", "count", "limits.rouge", "limits.jaune", "limits.vert",
                 "limits.bleu", "limits.violet", "origine"]


@st.composite
def tables(draw: st.DrawFn, separator: str) -> str:
    header = draw(st.one_of(st.just(LIMIT_COLUMNS), st.lists(CELLS, max_size=10)))
    rows = draw(st.lists(st.lists(CELLS, max_size=len(header) + 2), max_size=6))
    quote = draw(st.booleans())

    def line(cells: list[str]) -> str:
        return separator.join(f'"{c}"' if quote and '"' not in c else c for c in cells)

    return "\n".join(line(row) for row in [header, *rows])


@given(st.one_of(tables(","), tables(";"), st.text(max_size=80)))
def test_csv_reader(text: str) -> None:
    result = targets.csv_table(text)
    assert isinstance(result, (list, DataError, DataErrors)), result
    if not isinstance(result, list):
        assert all(line.startswith("fuzz.csv") for line in str(result).split("\n"))


@given(st.one_of(tables("\t"), st.text(max_size=80)))
def test_tsv_reader(text: str) -> None:
    result = targets.tsv_table(text)
    assert isinstance(result, (list, PrintAndPlayError)), result


@st.composite
def workbooks(draw: st.DrawFn) -> bytes:
    from reader_generators import _xlsx

    header = draw(st.one_of(st.just(["id", "name", "value", "count"]),
                            st.lists(CELLS, max_size=5)))
    rows = draw(st.lists(st.lists(CELLS.map(lambda c: c.replace("<", "").replace("&", "")),
                                  max_size=5), max_size=4))
    sheets = {"Feuille": [[c.replace("<", "").replace("&", "") for c in header], *rows]}
    if draw(st.booleans()):
        sheets = {"Vide": [], **sheets} if draw(st.booleans()) else {**sheets, "Autre": rows}
    prefix = draw(st.sampled_from([b"", b'<?xml version="1.0"?>', b"<!DOCTYPE w>",
                                   b'<!doctype w [<!ENTITY e "x">]>']))
    data = _xlsx(sheets, prefix)
    cut = draw(st.one_of(st.none(), st.integers(0, len(data))))
    return data if cut is None else data[:cut]


@given(st.one_of(workbooks(), st.binary(max_size=200)))
def test_xlsx_reader(data: bytes) -> None:
    result = targets.xlsx_table(data)
    assert isinstance(result, (list, DataError, DataErrors)), result
    if not isinstance(result, list):
        assert all(line.startswith("fuzz.xlsx") for line in str(result).split("\n"))


WHERE_VALUES = st.recursive(
    st.one_of(st.sampled_from([0, 1, 2, 9, "1", "bleus", "martiens", True, None, ".nan", 1.5]),
              st.text(max_size=5)),
    lambda inner: st.lists(inner, max_size=3), max_leaves=6)
RULE_NUMBERS = st.one_of(st.integers(-2, 10**30), st.sampled_from(
    [".nan", ".inf", "-.inf", "0.5", "'1/3'", "'1e999999999'", "'-1/3'", "'1/0'", "1e400", "~"]))


@st.composite
def deck_rule_texts(draw: st.DrawFn) -> str:
    field = draw(st.sampled_from(["punition", "team", "springs", "name", "kind", "id", "zzz",
                                  "limits.rouge"]))
    where = draw(WHERE_VALUES)
    bound = draw(st.sampled_from(["exactly", "min", "max"]))
    number = draw(RULE_NUMBERS)
    value = draw(st.sampled_from([f"{{of: jeu, ratio: {number}}}", str(number)]))
    return ("default: base\nformats:\n  base:\n    label: x\n    counts:\n"
            "      jeu: {section: Jeu}\n"
            f"      p: {{section: Préparation, where: {{{field}: {where!r}}}}}\n"
            f"    rules:\n      - {{id: R, section: Jeu, {bound}: {value}}}\n"
            "      - {id: S, count: p, min: 1}\n")


@given(st.one_of(deck_rule_texts(), YAML_TEXT))
def test_deck_rules_reader(text: str) -> None:
    from printandplay.rules.report import Report

    result = targets.deck_rules(text)
    assert result is None or isinstance(result, (Report, PrintAndPlayError)), result


@given(st.one_of(st.text(max_size=30), st.builds(
    lambda a, b: f"{a},{b}", st.floats(allow_nan=True, allow_infinity=True).map(str),
    st.one_of(st.floats().map(str), st.text(max_size=8)))))
def test_back_offset_option(text: str) -> None:
    from printandplay.cli.options import parse_offset
    from printandplay.errors import OptionError

    try:
        x, y = parse_offset(text)
    except OptionError:
        return
    assert abs(x) <= 20 * 72 / 25.4 + 1e-9 and abs(y) <= 20 * 72 / 25.4 + 1e-9


@given(st.one_of(st.text(max_size=30), st.builds(
    lambda w, h: f"{w}x{h}", st.one_of(st.integers(0, 10**12), st.floats(0, 1e12)),
    st.one_of(st.integers(0, 10**12), st.floats(0, 1e12), st.text(max_size=5)))))
def test_paper_option(text: str) -> None:
    from printandplay.data.presets import resolve_paper
    from printandplay.errors import OptionError

    try:
        size = resolve_paper(text, targets.presets())
    except OptionError:
        return
    assert 50 * 72 / 25.4 - 1e-6 <= min(size.width, size.height)
    assert max(size.width, size.height) <= 200 * 72 + 1e-6


def test_a_shared_card_index_parses_like_a_fresh_one() -> None:
    """The fuzz target shares one Licum index between parses: it must change nothing."""
    import types

    import pytest

    from printandplay.data.decklist import parse_decklist

    text = "Équipe: Rouges\nJeu\n2 Sifflet\n1 rosalie gaudet\n3 Navet\n1 Zacharie Mazerolle (Martiens)"
    fresh = parse_decklist(text, targets.licum(), "d.txt")
    shared = parse_decklist(text, targets.licum(), "d.txt", index=targets.licum_index())
    assert shared == fresh
    assert fresh.entries and fresh.unknown
    other = types.SimpleNamespace(game=object())
    with pytest.raises(ValueError, match="another game"):
        parse_decklist(text, targets.licum(), "d.txt", index=other)  # type: ignore[arg-type]


@given(st.one_of(st.text(max_size=30), st.sampled_from(
    ["=cmd|' /C calc'!A0", "+SUM(1+1)", "@A1", "-2+3", "\t=1", "\r=1", "'=1"]).flatmap(
        lambda bad: st.text(max_size=10).map(lambda tail: bad + tail))))
def test_manifest_cells_never_start_a_formula(name: str) -> None:
    """A name written into the print shop's manifest.csv reads back, in a spreadsheet, as the
    same text and never as a formula (CSV injection), and the rows stay whole."""
    import csv
    import io

    from printandplay.export.print_shop import (
        FORMULA_STARTS,
        MANIFEST_COLUMNS,
        format_manifest_csv,
    )

    record: dict[str, object] = dict.fromkeys(MANIFEST_COLUMNS, 3)
    record["name"] = name
    rows = list(csv.DictReader(io.StringIO(format_manifest_csv([record]), newline="")))
    assert len(rows) == 1
    cell = rows[0]["name"]
    assert not cell.startswith(FORMULA_STARTS)
    assert cell == ("'" + name if name.startswith(FORMULA_STARTS) else name)
    assert all(rows[0][column] == "3" for column in MANIFEST_COLUMNS if column != "name")


@given(st.lists(st.text(max_size=20), min_size=1, max_size=8))
def test_export_file_names_stay_in_their_folder_and_apart(ids: list[str]) -> None:
    """Face files named from any component ids: plain names inside the export folder (no
    path separator, no leading dot, nothing empty), one file per face."""
    from types import SimpleNamespace
    from typing import Any, cast

    from printandplay.export.png import face_file_names

    faces = [SimpleNamespace(side="front", layout="recto", components=[SimpleNamespace(id=i)])
             for i in ids]
    names = face_file_names(cast(Any, faces))
    assert len(set(names)) == len(names) == len(ids)
    for name in names:
        assert "/" not in name and "\\" not in name and not name.startswith(".")
        assert name.endswith(".png") and len(name) > len(".png")
