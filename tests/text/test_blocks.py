"""Tests of the document block markup: headings, paragraphs, bullets, callouts, tables, breaks,
and the 1-based source line of each block."""

from __future__ import annotations

import pytest

from printandplay.text.blocks import Block, ColumnWidth, column_widths, parse_blocks
from printandplay.units import MM


def kinds(source: str) -> list[str]:
    return [block.kind for block in parse_blocks(source)]


# --- headings ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "text", "level"),
    [
        ("# Titre", "Titre", 1),
        ("## Section", "Section", 2),
        ("### Sous-section", "Sous-section", 3),
        ("#### Plus bas", "Plus bas", 3),  # deeper levels are set as level 3
        ("  ##   Espaces  ", "Espaces", 2),
    ],
)
def test_heading_levels(source: str, text: str, level: int) -> None:
    assert parse_blocks(source) == [Block("heading", text, level=level, line=1)]


# --- paragraphs --------------------------------------------------------------------------------


def test_single_newlines_join_a_paragraph_with_spaces() -> None:
    source = "Première ligne\n  deuxième ligne  \ntroisième"
    assert parse_blocks(source) == [
        Block("paragraph", "Première ligne deuxième ligne troisième", line=1)
    ]


def test_blank_lines_separate_paragraphs_and_lines_are_where_each_starts() -> None:
    source = "\nun\ndeux\n\n\n  \ntrois\n"
    assert parse_blocks(source) == [
        Block("paragraph", "un deux", line=2),
        Block("paragraph", "trois", line=7),
    ]


def test_empty_source_has_no_blocks() -> None:
    assert parse_blocks("") == []
    assert parse_blocks("\n  \n\t\n") == []


def test_inline_markup_is_left_for_richtext() -> None:
    source = "**Gras** et :banane: [[R-1]]"
    assert parse_blocks(source) == [Block("paragraph", source, line=1)]


# --- bullets -----------------------------------------------------------------------------------


def test_bullets_are_one_block_per_line() -> None:
    source = "- premier\n-   deuxième  \n- troisième"
    assert parse_blocks(source) == [
        Block("bullet", "premier", line=1),
        Block("bullet", "deuxième", line=2),
        Block("bullet", "troisième", line=3),
    ]


def test_dash_without_space_is_not_a_bullet() -> None:
    assert parse_blocks("-5 points") == [Block("paragraph", "-5 points", line=1)]


def test_bullet_ends_the_paragraph_before_it() -> None:
    assert parse_blocks("Liste :\n- a\n- b") == [
        Block("paragraph", "Liste :", line=1),
        Block("bullet", "a", line=2),
        Block("bullet", "b", line=3),
    ]


# --- callouts ----------------------------------------------------------------------------------


def test_consecutive_quote_lines_form_one_callout_kept_line_by_line() -> None:
    source = "> Attention\n>  deux lignes\n>trois"
    assert parse_blocks(source) == [
        Block("callout", "Attention\ndeux lignes\ntrois", line=1)
    ]


def test_blank_line_splits_callouts() -> None:
    assert parse_blocks("> un\n\n> deux") == [
        Block("callout", "un", line=1),
        Block("callout", "deux", line=3),
    ]


def test_callout_between_paragraphs_without_blank_lines() -> None:
    source = "avant\n> note\n> suite\naprès"
    assert parse_blocks(source) == [
        Block("paragraph", "avant", line=1),
        Block("callout", "note\nsuite", line=2),
        Block("paragraph", "après", line=4),
    ]


# --- tables ------------------------------------------------------------------------------------


def test_table_rows_and_cells() -> None:
    source = "| Joueurs | Tuiles |\n|  3 | 12 |\n| 4 |  | "
    assert parse_blocks(source) == [
        Block("table", rows=(("Joueurs", "Tuiles"), ("3", "12"), ("4", "")), line=1)
    ]


def test_table_without_outer_pipes_on_the_right() -> None:
    (block,) = parse_blocks("|a|b|c")
    assert block.rows == (("a", "b", "c"),)


def test_table_starts_on_its_first_row_line_after_a_paragraph() -> None:
    source = "Texte\n\n| a | b |\n| c | d |\nFin"
    assert parse_blocks(source) == [
        Block("paragraph", "Texte", line=1),
        Block("table", rows=(("a", "b"), ("c", "d")), line=3),
        Block("paragraph", "Fin", line=5),
    ]


def test_table_directly_after_a_callout_is_a_separate_block() -> None:
    assert parse_blocks("> note\n| a |") == [
        Block("callout", "note", line=1),
        Block("table", rows=(("a",),), line=2),
    ]


def test_a_widths_line_sets_the_column_widths_of_the_table_below_it() -> None:
    source = "|: 2 | 1.5 | 25mm :|\n| a | b | c |\n| --- | --- | --- |\n| d | e | f |"
    (block,) = parse_blocks(source)
    assert block.widths == (ColumnWidth(share=2.0), ColumnWidth(share=1.5),
                            ColumnWidth(fixed=25 * MM))
    assert block.rows == (("a", "b", "c"), ("d", "e", "f"))
    assert block.header is True and block.line == 2  # the table's first row


def test_a_widths_line_opens_a_new_table() -> None:
    blocks = parse_blocks("| a |\n|: 1 :|\n| b |")
    assert [(b.rows, b.widths) for b in blocks] == [((("a",),), ()),
                                                   ((("b",),), (ColumnWidth(share=1.0),))]


def test_a_widths_line_alone_is_a_table_without_rows() -> None:
    # (the layout refuses it, with its line)
    assert parse_blocks("|: 1 | 2 :|\n\nTexte") == [
        Block("table", line=1, widths=(ColumnWidth(share=1.0), ColumnWidth(share=2.0))),
        Block("paragraph", "Texte", line=3),
    ]


@pytest.mark.parametrize("line", ["|:banane: | 2 :|", "|: 0 | 1 :|", "|: 2 | deux :|",
                                  "|: 50% | 1 :|", "|: 1 | 1 |", "|: -1 | 1 :|"])
def test_lines_that_are_not_widths_are_table_rows(line: str) -> None:
    (block,) = parse_blocks(line)
    assert block.widths == () and len(block.rows) == 1
    assert column_widths(line) is None


# --- column breaks -----------------------------------------------------------------------------


def test_triple_equals_alone_is_a_column_break() -> None:
    source = "un\n===\ndeux\n  ===  "
    assert parse_blocks(source) == [
        Block("paragraph", "un", line=1),
        Block("break", line=2),
        Block("paragraph", "deux", line=3),
        Block("break", line=4),
    ]


@pytest.mark.parametrize("line", ["====", "== =", "=== fin", "=="])
def test_other_equals_lines_are_text(line: str) -> None:
    assert kinds(line) == ["paragraph"]


# --- a whole document --------------------------------------------------------------------------


def test_whole_document_kinds_levels_and_lines() -> None:
    lines = [
        "# Charlie",            # 1
        "",                     # 2
        "Un jeu de tuiles",     # 3
        "pour 3 à 4 joueurs.",  # 4
        "",                     # 5
        "## Matériel",          # 6
        "- 31 tuiles",          # 7
        "- 6 licornes",         # 8
        "> **Astuce** : lisez", # 9
        "> tout.",              # 10
        "| Joueurs | Tuiles |",  # 11
        "| 3 | 24 |",           # 12
        "===",                  # 13
        "### Fin",              # 14
    ]
    source = "\n".join(lines)
    assert [(b.kind, b.text, b.level, b.line) for b in parse_blocks(source)] == [
        ("heading", "Charlie", 1, 1),
        ("paragraph", "Un jeu de tuiles pour 3 à 4 joueurs.", 0, 3),
        ("heading", "Matériel", 2, 6),
        ("bullet", "31 tuiles", 0, 7),
        ("bullet", "6 licornes", 0, 8),
        ("callout", "**Astuce** : lisez\ntout.", 0, 9),
        ("table", "", 0, 11),
        ("break", "", 0, 13),
        ("heading", "Fin", 3, 14),
    ]
    (table,) = [b for b in parse_blocks(source) if b.kind == "table"]
    assert table.rows == (("Joueurs", "Tuiles"), ("3", "24"))


def test_a_markdown_separator_makes_the_first_row_a_header() -> None:
    blocks = parse_blocks("| Demande | Qui gagne |\n| --- | --- |\n| Chanter | le plus |\n")
    assert [b.kind for b in blocks] == ["table"]
    assert blocks[0].header is True
    assert blocks[0].rows == (("Demande", "Qui gagne"), ("Chanter", "le plus"))
    assert parse_blocks("| a | b |\n| c | d |\n")[0].header is False


# --- code ----------------------------------------------------------------------------------


def test_code_lines_are_kept_as_written() -> None:
    source = "Tapez :\n\n```\nprintandplay build licum --flip long\n  **pas du gras** :x:\n```\nFin."
    assert parse_blocks(source) == [
        Block("paragraph", "Tapez :", line=1),
        Block("code", "printandplay build licum --flip long\n  **pas du gras** :x:", line=4),
        Block("paragraph", "Fin.", line=7),
    ]


def test_an_unclosed_code_block_runs_to_the_end() -> None:
    assert parse_blocks("```\n# pas un titre") == [Block("code", "# pas un titre", line=2)]
