"""Document pagination, tested directly with fake, hand-countable font metrics.

A small page (120 × 150 mm, margins 10 mm, no footer band) keeps the documents short. Blocks
are found back by their words: :func:`placed` lists every text run with its page and absolute
position, in drawing order.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from helpers import FakeMetrics

from printandplay.errors import LayoutError
from printandplay.layout.document import DocumentComposer
from printandplay.layout.document_blocks import DocStyle
from printandplay.model.game import DocumentStyle, Size
from printandplay.model.ops import GroupOp, IconOp, LineOp, Op, TextOp
from printandplay.units import MM

PAGE = Size(120 * MM, 150 * MM)
DESIGN = DocumentStyle(margin=10 * MM, footer=0.0, gutter=10 * MM)
STYLE = DocStyle(design=DESIGN, columns=2)
COLUMN_X = (10 * MM, 65 * MM)  # left edges of the two columns
BOTTOM = 10 * MM


def layout(style: DocStyle = STYLE) -> DocumentComposer:
    return DocumentComposer(FakeMetrics(), lambda name: 1.0, "en", style, "rules.md")


def paginate(source: str, style: DocStyle = STYLE) -> list[tuple[Op, ...]]:
    return layout(style).paginate(source, PAGE, "Rules", "Game")


def _walk(ops: tuple[Op, ...], dx: float, dy: float, out: list[tuple[float, float, Op]]) -> None:
    for op in ops:
        if isinstance(op, GroupOp):
            a, b, c, d, e, f = op.transform
            assert (a, b, c, d) == (1.0, 0.0, 0.0, 1.0)
            _walk(op.ops, dx + e, dy + f, out)
        else:
            out.append((dx, dy, op))


def placed(pages: list[tuple[Op, ...]]) -> list[tuple[int, float, float, str]]:
    """(page, x, y, word) of every word but the footers', in drawing order (the x and y of
    the run that holds the word)."""
    runs = []
    for number, ops in enumerate(pages):
        found: list[tuple[float, float, Op]] = []
        _walk(ops[:-1], 0.0, 0.0, found)  # the last op of a page is its footer
        runs += [(number, dx + op.x, dy + op.y, word) for dx, dy, op in found
                 if isinstance(op, TextOp) for word in op.text.split()]
    return runs


def where(pages: list[tuple[Op, ...]], word: str) -> tuple[int, int, float]:
    """(page, column, baseline) of the only run that is ``word``."""
    found = [(p, x, y) for p, x, y, text in placed(pages) if text == word]
    assert len(found) == 1, (word, found)
    page, x, y = found[0]
    column = 0 if x < COLUMN_X[1] - 1 else 1
    return page, column, y


def words(pages: list[tuple[Op, ...]]) -> list[str]:
    return [text for *_, text in placed(pages)]


def filler(word: str, lines: int) -> str:
    """A paragraph of ``lines`` lines of the column (45 mm at 9 pt: 6 words of 4 letters)."""
    return " ".join([word] * (6 * lines))


def columns_of(pages: list[tuple[Op, ...]], word: str) -> set[tuple[int, int]]:
    """(page, column) of every run that is ``word``."""
    return {(p, 0 if x < COLUMN_X[1] - 1 else 1) for p, x, _, text in placed(pages)
            if text == word}


# ---- headings are never lost or reordered ------------------------------------------------

def test_a_heading_at_the_end_of_a_document_is_kept() -> None:
    pages = paginate("# Titre\n\nUn paragraphe.\n\n## Annexe")
    assert words(pages)[-1] == "Annexe"


def test_a_section_heading_before_a_title_stays_before_it() -> None:
    pages = paginate("# Premier\n\nTexte.\n\n## Orphelin\n\n# Second\n\nSuite.")
    order = [w for w in words(pages) if w in ("Premier", "Orphelin", "Second", "Suite.")]
    assert order == ["Premier", "Orphelin", "Second", "Suite."]
    assert where(pages, "Orphelin")[0] == 0
    assert where(pages, "Second")[0] == 1  # a title opens a page


def test_a_heading_before_a_column_break_stays_before_it() -> None:
    pages = paginate("## Avant\n\n===\n\nAprès.")
    assert where(pages, "Avant")[:2] == (0, 0)
    assert where(pages, "Après.")[:2] == (0, 1)


def test_every_word_is_drawn_once_in_source_order() -> None:
    source = "\n\n".join(f"## S{i}\n\n### T{i}\n\n{filler(f'p{i:02}', 3)}\n\n- b{i}"
                         for i in range(12))
    pages = paginate(source)
    drawn = [w for w in words(pages) if w != "•"]
    expected = []
    for i in range(12):
        expected += [f"S{i}", f"T{i}", *[f"p{i:02}"] * 18, f"b{i}"]
    assert drawn == expected
    assert len(pages) > 1


# ---- keep with next, columns and pages -----------------------------------------------------

def test_a_heading_moves_with_the_block_it_introduces() -> None:
    # 28 lines leave room for the heading alone at the bottom of column 1, not for its text
    pages = paginate(f"{filler('aaaa', 28)}\n\n## Suite\n\n{filler('bbbb', 4)}")
    assert columns_of(pages, "aaaa") == {(0, 0)}
    assert columns_of(pages, "Suite") == columns_of(pages, "bbbb") == {(0, 1)}
    # and without the heading's text, the heading stays in column 1
    pages = paginate(f"{filler('aaaa', 28)}\n\n## Suite")
    assert columns_of(pages, "Suite") == {(0, 0)}


def test_blocks_fill_the_first_column_then_the_second_then_a_new_page() -> None:
    pages = paginate("\n\n".join(filler(f"w{i:03}", 10) for i in range(8)))
    firsts = []
    for i in range(8):
        spots = columns_of(pages, f"w{i:03}")
        assert len(spots) == 1, f"paragraph w{i} was split: {spots}"
        firsts.append(spots.pop())
    assert firsts == sorted(firsts)  # page by page, column by column
    assert firsts[0] == (0, 0) and (0, 1) in firsts and firsts[-1][0] >= 1
    assert all(y >= BOTTOM for *_, y, _ in placed(pages))


def test_a_title_starts_a_new_page_and_spans_the_columns() -> None:
    pages = paginate("# Un\n\nTexte.\n\n# Deux\n\nAutre.")
    assert len(pages) == 2
    page, column, _ = where(pages, "Deux")
    assert (page, column) == (1, 0)
    assert where(pages, "Autre.")[0] == 1


def test_each_page_has_its_footer_with_its_number() -> None:
    pages = paginate("# Un\n\nTexte.\n\n# Deux\n\nAutre.")
    footers = [ops[-1] for ops in pages]
    assert [f.text for f in footers if isinstance(f, TextOp)] == ["Game — Rules — 1/2",
                                                                  "Game — Rules — 2/2"]


def test_a_block_taller_than_a_column_names_its_line() -> None:
    with pytest.raises(LayoutError) as caught:
        paginate(f"## Titre\n\n{filler('long', 200)}")
    # 200 lines of 9 pt: 199 × 11.7 pt of leading and the 9 pt of the last line, 824.5 mm;
    # a column is 150 mm less two margins of 10 mm
    assert str(caught.value) == ("rules.md:3: the paragraph is 824.5 mm tall, a column holds "
                                 "130 mm")


# ---- tables --------------------------------------------------------------------------------

def _table(rows: int, header: bool = True) -> str:
    lines = ["| Carte | Effet |"] + (["| --- | --- |"] if header else [])
    lines += [f"| c{i:03} | e{i:03} |" for i in range(rows)]
    return "\n".join(lines)


def test_a_long_table_splits_between_rows_and_repeats_its_header() -> None:
    pages = paginate(f"## Toutes les cartes\n\n{_table(120)}")
    runs = placed(pages)
    cards = [w for *_, w in runs if w.startswith("c") and w[1:].isdigit()]
    assert cards == [f"c{i:03}" for i in range(120)]  # every row once, in order
    columns = sorted({(p, 0 if x < COLUMN_X[1] - 1 else 1) for p, x, _, w in runs
                      if w.startswith("c")})
    assert len(columns) >= 3  # split across columns and pages
    for page, column in columns:
        here = [(y, w) for p, x, y, w in runs
                if p == page and (0 if x < COLUMN_X[1] - 1 else 1) == column]
        top = max(y for y, _ in here)
        assert {w for y, w in here if y == top} & {"Carte", "Toutes"}, \
            "a continuation starts with the header"
        assert [w for _, w in here].count("Carte") == 1
        assert all(y >= BOTTOM for y, _ in here)


def test_a_table_that_fits_in_a_column_is_not_split() -> None:
    pages = paginate(f"{filler('aaaa', 25)}\n\n{_table(12)}")
    spots = {(p, 0 if x < COLUMN_X[1] - 1 else 1) for p, x, _, w in placed(pages)
             if w.startswith(("c0", "Carte"))}
    assert spots == {(0, 1)}


def test_rules_between_rows_of_a_split_table_never_end_a_column() -> None:
    pages = paginate(_table(120, header=False))
    runs = placed(pages)
    assert "Carte" in [w for *_, w in runs][:2]  # without a separator the first row is data
    assert [w for *_, w in runs].count("Carte") == 1  # not a header: not repeated
    lines = []
    for ops in pages:
        found: list[tuple[float, float, Op]] = []
        _walk(ops, 0.0, 0.0, found)
        lines += [dy + op.y1 for _, dy, op in found if isinstance(op, LineOp)]
    assert len(lines) == 120  # 121 rows, a rule below each but the last
    assert all(y >= BOTTOM - 0.01 for y in lines)


# ---- a heading and a table that do not fit a column together ------------------------------
# The table of the issue: a header and 12 rows of 4 columns. In a 45 mm column, its third column
# wraps "aa bb cc" on two lines: a row is 2 × 1.2 mm of padding and 9 pt + 11.7 pt of text,
# 9.7025 mm; the header row (one line) 5.575 mm; the table 5.575 + 12 × 9.7025 = 122.005 mm,
# which fits in a column of 130 mm. The "## Effets" heading above it takes 13.05 pt + 3 mm
# (7.60375 mm) and the table 2 mm below it: 131.6 mm together, more than a column.

def _effects(rows: int = 12) -> str:
    lines = ["| C | Co | Ef | No |", "| --- | --- | --- | --- |"]
    return "\n".join(lines + [f"| c{i:02} | 1 | aa bb cc | x |" for i in range(rows)])


def _baselines(pages: list[tuple[Op, ...]], *wanted: str) -> list[tuple[int, int, float]]:
    """(page, column, baseline in mm, rounded to 0.001) of each run that is one of ``wanted``,
    in drawing order."""
    return [(p, 0 if x < COLUMN_X[1] - 1 else 1, round(y / MM, 3))
            for p, x, y, w in placed(pages) if w in wanted]


def test_a_heading_and_a_table_taller_than_a_column_together_split_the_table() -> None:
    assert len(paginate(_effects())) == 1  # without its heading the table fits a column...
    pages = paginate(f"## Effets\n\n{_effects()}")  # ...with it, it used to stop the build
    # the heading at the top (140 mm less its ascent of 0.8 × 13.05 pt), the header below it
    # (140 - 7.60375 - 2 - 1.2 - 0.8 × 9 pt), the first row 5.575 mm lower, row 11 ten rows
    # (97.025 mm) lower; row 12 in the next column under the repeated header
    assert _baselines(pages, "Effets", "C", "c00", "c10", "c11") == [
        (0, 0, 136.317), (0, 0, 126.656), (0, 0, 121.081), (0, 0, 24.056),
        (0, 1, 136.26), (0, 1, 130.685)]
    cards = [w for *_, w in placed(pages) if w.startswith("c") and w[1:].isdigit()]
    assert cards == [f"c{i:02}" for i in range(12)]


def test_a_heading_keeps_the_first_rows_of_a_split_table_with_it() -> None:
    # 20 lines of text (81.6 mm) leave 48.4 mm: room for the heading (3.5 mm above it), the
    # table's header and first row (28.4 mm); the table goes on in the next column
    pages = paginate(f"{filler('aaaa', 20)}\n\n## Effets\n\n{_effects()}")
    assert columns_of(pages, "Effets") == columns_of(pages, "c00") == {(0, 0)}
    assert columns_of(pages, "C") == {(0, 0), (0, 1)}
    assert columns_of(pages, "c11") == {(0, 1)}
    # 28 lines (114.6 mm) leave 15.4 mm: the heading never stays alone at the column's foot
    pages = paginate(f"{filler('aaaa', 28)}\n\n## Effets\n\n{_effects()}")
    assert columns_of(pages, "aaaa") == {(0, 0)}
    assert columns_of(pages, "Effets") == columns_of(pages, "c00") == {(0, 1)}
    assert columns_of(pages, "C") == {(0, 1), (1, 0)}
    assert _baselines(pages, "Effets")[0][2] == 136.317  # at the top of its column


def test_a_table_row_taller_than_a_column_is_an_error_with_its_size() -> None:
    # row 3 holds 300 words "mot" in a column of 45 - 15.3 mm (the first column takes a third)
    source = f"| C | D |\n| --- | --- |\n| a | b |\n| long | {' '.join(['mot'] * 300)} |"
    with pytest.raises(LayoutError) as caught:
        paginate(source)
    assert str(caught.value) == ("rules.md:4: row 3 of the table is 207.8 mm tall, a column "
                                 "holds 130 mm (124.4 mm below the table's header)")


def test_a_paragraph_that_fits_only_without_its_headings_says_so() -> None:
    # 30 lines: 29 × 11.7 pt + 9 pt = 122.87 mm fit a column alone; "## T" (7.60375 mm) and
    # the 1.6 mm between them make 132.1 mm; "### U" adds 4.56 mm and 2.2 mm above it
    with pytest.raises(LayoutError) as caught:
        paginate(f"## T\n\n{filler('aaaa', 30)}")
    assert str(caught.value) == ("rules.md:3: the paragraph and the heading above it are "
                                 "132.1 mm tall together, a column holds 130 mm")
    with pytest.raises(LayoutError, match=r"^rules\.md:5: the paragraph and the headings above "
                                          r"it are 138.8 mm tall together"):
        paginate(f"## T\n\n### U\n\n{filler('aaaa', 30)}")


# ---- column widths ---------------------------------------------------------------------------

ONE = replace(STYLE, columns=1)  # one column of 100 mm


def _cell_lefts(pages: list[tuple[Op, ...]], *wanted: str) -> list[float]:
    return [round(x / MM, 3) for _, x, _, w in placed(pages) if w in wanted]


def test_a_widths_line_shares_the_column_between_the_table_columns() -> None:
    # 2 + 1 + 1 shares of 100 mm: columns at 0, 50 and 75 mm, their text 1.2 mm in
    pages = paginate("|: 2 | 1 | 1 :|\n| a | b | c |", ONE)
    assert _cell_lefts(pages, "a", "b", "c") == [11.2, 61.2, 86.2]
    # a fixed width first, the rest shared: 30, 35 and 35 mm
    pages = paginate("|: 30mm | 1 | 1 :|\n| a | b | c |\n| --- | --- | --- |\n| d | e | f |", ONE)
    assert _cell_lefts(pages, "a", "b", "c", "d", "e", "f") == [11.2, 41.2, 76.2] * 2
    # without the line the first text column is as wide as its content (1.6 + 2.4 mm)
    pages = paginate("| a | b | c |", ONE)
    assert _cell_lefts(pages, "a", "b", "c")[0] == 11.2
    assert _cell_lefts(pages, "a", "b", "c")[1] < 20


def test_an_icon_column_takes_the_width_it_is_given() -> None:
    # a 20 mm icon column: the icon (11 mm less 2 × 1.2 mm, square) centred in it, the text
    # column after it at 30 mm; a 4 mm column shrinks the icon to 4 - 2.4 mm
    pages = paginate("|: 20mm | 1 :|\n| :x: | texte |", ONE)
    (icon,) = [(dx + op.x, op.w) for dx, _, op in _ops(pages) if isinstance(op, IconOp)]
    assert (round(icon[0] / MM, 3), round(icon[1] / MM, 3)) == (15.7, 8.6)
    assert _cell_lefts(pages, "texte") == [31.2]
    pages = paginate("|: 4mm | 1 :|\n| :x: | texte |", ONE)
    (width,) = [op.w for _, _, op in _ops(pages) if isinstance(op, IconOp)]
    assert round(width / MM, 3) == 1.6


@pytest.mark.parametrize(("source", "message"), [
    ("|: 1 | 1 :|\n| a | b | c |",
     "rules.md:2: the widths line gives 2 widths, the table has 3 columns"),
    ("|: 80mm | 30mm | 1 :|\n| a | b | c |",
     "rules.md:2: the fixed column widths add up to 110.0 mm, the column is 100.0 mm wide"),
    ("|: 1 | 1 :|\n\nUn paragraphe.",
     "rules.md:1: a widths line (|: … :|) with no table row after it"),
    ("|: 2mm | 1 :|\n| :x: | texte |",
     "rules.md:2: column 1 of the table is too narrow for an icon (2.0 mm)"),
])
def test_a_widths_line_that_cannot_be_followed_says_why(source: str, message: str) -> None:
    with pytest.raises(LayoutError) as caught:
        paginate(source, ONE)
    assert str(caught.value) == message


# ---- the design comes from the style -------------------------------------------------------

def test_the_style_sets_sizes_colours_and_margins() -> None:
    design = replace(DESIGN, size=11.0, section_size=16.0, margin=15 * MM)
    style = DocStyle(design=design, ink=(0.0, 0.0, 1.0), accent=(1.0, 0.0, 0.0), columns=1)
    pages = paginate("## Titre\n\nMot.", style)
    found: list[tuple[float, float, Op]] = []
    _walk(pages[0], 0.0, 0.0, found)
    runs = {op.text: (dx + op.x, op) for dx, _, op in found if isinstance(op, TextOp)}
    assert runs["Titre"][1].size == 16.0 and runs["Titre"][1].color == (1.0, 0.0, 0.0)
    assert runs["Mot."][1].size == 11.0 and runs["Mot."][1].color == (0.0, 0.0, 1.0)
    assert runs["Mot."][0] == pytest.approx(15 * MM)
    footer = pages[0][-1]
    assert isinstance(footer, TextOp) and footer.y == pytest.approx(15 * MM)


# --- min_font_size holds for documents too -----------------------------------------------


def test_document_text_under_min_font_size_names_its_line() -> None:
    style = DocStyle(design=replace(DESIGN, size=7.0, footer_size=8.0), columns=2,
                     min_font_size=8.0)
    with pytest.raises(LayoutError) as caught:
        paginate("# Règles\n\nUn paragraphe trop petit.\n", style)
    message = str(caught.value)
    assert message.startswith("rules.md:3: in document text: text at 7 pt")
    assert "smaller than min_font_size 8 pt" in message


def test_callouts_are_held_to_min_font_size() -> None:
    # a callout is set at 95 % of the body size: 8.2 pt passes, its callout (7.79 pt) does not
    style = DocStyle(design=replace(DESIGN, size=8.2, footer_size=8.0), columns=2,
                     min_font_size=8.0)
    assert paginate("Un paragraphe.\n", style)
    with pytest.raises(LayoutError, match=r"rules.md:1: .*7.79 pt"):
        paginate("> Un encadré.\n", style)


def test_the_page_footer_is_held_to_min_font_size() -> None:
    style = DocStyle(design=replace(DESIGN, footer_size=5.0), columns=2, min_font_size=6.0)
    with pytest.raises(LayoutError, match=r"rules.md: the page footer \(document_style"
                                          r".footer_size\): text at 5 pt"):
        paginate("Un paragraphe.\n", style)
    assert paginate("Un paragraphe.\n", replace(style, min_font_size=5.0))


def test_rule_tags_in_documents_grow_to_min_font_size() -> None:
    # tags are set at 72 % of the text: 5.76 pt at 8 pt, grown to the game's 6 pt
    style = DocStyle(design=replace(DESIGN, size=8.0), columns=2, min_font_size=6.0,
                     rule_tags=True)  # (as --debug-boxes prints them)
    pages = paginate("Voir la règle [[R12]].\n", style)
    sizes = {op.size for _, _, op in _ops(pages) if isinstance(op, TextOp)}
    assert min(sizes) == pytest.approx(6.0), sizes


def test_documents_leave_rule_tags_out_for_the_players() -> None:
    # ids are for the designer's reference (the rules digest), not in the players' rules
    source = "Chacun joue. [[R12]] Puis on compte [[R13]].\n"
    texts = [op.text for _, _, op in _ops(paginate(source)) if isinstance(op, TextOp)]
    assert not any("R12" in text or "R13" in text for text in texts), texts
    shown = [op.text for _, _, op in _ops(paginate(source, replace(STYLE, rule_tags=True)))
             if isinstance(op, TextOp)]
    assert any("R12" in text for text in shown), shown
    # one space where the tag was: the line reads as if it had never been written
    plain = [op.text for _, _, op in _ops(paginate("Chacun joue. Puis on compte.\n"))
             if isinstance(op, TextOp) and "joue" in op.text]
    assert [t for t in texts if "joue" in t] == plain


def _ops(pages: list[tuple[Op, ...]]) -> list[tuple[float, float, Op]]:
    found: list[tuple[float, float, Op]] = []
    for ops in pages:
        _walk(ops, 0.0, 0.0, found)
    return found


class _MonoMetrics(FakeMetrics):
    """The fake fonts, with a font ``M`` for the role ``mono``."""

    def select(self, role: str, bold: bool, italic: bool) -> str:
        return "M" if role == "mono" else super().select(role, bold, italic)


def test_code_blocks_are_set_as_written_in_the_code_font() -> None:
    style = replace(STYLE, columns=1, code_font="mono")
    composer = DocumentComposer(_MonoMetrics(), lambda name: 1.0, "fr", style, "rules.md")
    command = "printandplay build licum --paper a4 --flip long --back-offset X,Y"
    pages = composer.paginate(f"Tapez :\n\n```\n{command} **x** ...\n```\n", PAGE, "R", "G")
    code = [op for _, _, op in _ops(pages) if isinstance(op, TextOp) and op.font == "M"]
    # no markup, no typography (no "…", no space before ":"), broken at spaces, indented
    assert " ".join(op.text.strip() for op in code) == f"{command} **x** ..."
    assert len(code) > 1 and all(op.text.startswith("  ") for op in code[1:])
    width = PAGE.width - 2 * 10 * MM
    assert all(FakeMetrics().width(op.text, "R") * op.size <= width for op in code)
    assert all(op.size >= 6 for op in code)
