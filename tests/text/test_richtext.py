"""Tests of the inline markup: spans out of ``**bold**``, ``*italic*``, ``:icon:``, ``[[TAG]]``,
line and paragraph breaks, escapes; and the escape round trip."""

from __future__ import annotations

import pytest

from printandplay.text.markup import (
    MarkupError,
    Span,
    drop_rule_tags,
    escape_markup,
    parse_markup,
    plain_text,
)


def text(value: str, bold: bool = False, italic: bool = False) -> Span:
    return Span("text", value, bold, italic)


def icon(name: str, bold: bool = False, italic: bool = False) -> Span:
    return Span("icon", name, bold, italic)


def tag(rule_id: str) -> Span:
    return Span("tag", rule_id)


BR = Span("br")
PAR = Span("par")


# --- styles ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "spans"),
    [
        ("plain", [text("plain")]),
        ("**gras**", [text("gras", bold=True)]),
        ("*italique*", [text("italique", italic=True)]),
        ("***both***", [text("both", bold=True, italic=True)]),
        (
            "a **b** *c* d",
            [text("a "), text("b", bold=True), text(" "), text("c", italic=True), text(" d")],
        ),
        (
            "**gras *et italique* seul**",
            [
                text("gras ", bold=True),
                text("et italique", bold=True, italic=True),
                text(" seul", bold=True),
            ],
        ),
        ("", []),
        ("****", []),  # an empty bold run produces no span
    ],
)
def test_parse_markup_styles(source: str, spans: list[Span]) -> None:
    assert parse_markup(source) == spans


@pytest.mark.parametrize("source", ["**gras", "*italique", "**a*", "a **b** *c", "***x**"])
def test_unclosed_markers_raise(source: str) -> None:
    with pytest.raises(MarkupError):
        parse_markup(source)


def test_unclosed_bold_error_names_the_marker_and_the_source() -> None:
    with pytest.raises(MarkupError, match=r"unclosed \*\* in '\*\*oops'"):
        parse_markup("**oops")


def test_markup_error_is_a_value_error() -> None:
    assert issubclass(MarkupError, ValueError)


# --- icons and tags ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "spans"),
    [
        (":banane:", [icon("banane")]),
        ("Gagne 2 :banane: !", [text("Gagne 2 "), icon("banane"), text(" !")]),
        (":icon-name_2:", [icon("icon-name_2")]),
        ("a:b:", [text("a"), icon("b")]),
        ("**:etoile:**", [icon("etoile", bold=True)]),
        # names must start with a letter: times and ratios stay text
        ("12:30", [text("12:30")]),
        ("à 12:30:00", [text("à 12:30:00")]),
        (":12:", [text(":12:")]),
        (":-x:", [text(":-x:")]),
        ("Note : voir", [text("Note : voir")]),
        (": a :", [text(": a :")]),  # spaces are not part of a name
        ("::", [text("::")]),
    ],
)
def test_parse_markup_icons(source: str, spans: list[Span]) -> None:
    assert parse_markup(source) == spans


@pytest.mark.parametrize(
    ("source", "spans"),
    [
        ("[[CHA-END-1]]", [tag("CHA-END-1")]),
        ("voir [[R.2_b]].", [text("voir "), tag("R.2_b"), text(".")]),
        ("**[[X-1]]**", [tag("X-1")]),  # a tag carries no style
        ("[[a b]]", [text("[[a b]]")]),  # spaces: not a tag
        ("[[]]", [text("[[]]")]),
        ("[x]", [text("[x]")]),
        ("[[X-1]", [text("[[X-1]")]),
    ],
)
def test_parse_markup_tags(source: str, spans: list[Span]) -> None:
    assert parse_markup(source) == spans


# --- breaks ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "spans"),
    [
        ("a\nb", [text("a"), BR, text("b")]),
        ("a\r\nb", [text("a"), BR, text("b")]),
        ("a\n\nb", [text("a"), PAR, text("b")]),
        ("a\n\n\n\nb", [text("a"), PAR, text("b")]),  # several blank lines: one paragraph
        ("a\n  \t\nb", [text("a"), PAR, text("b")]),  # a line of spaces is blank
        ("a\n   b", [text("a"), BR, text("b")]),  # indentation after a break is dropped
        ("\n\na\n\n", [text("a")]),  # leading and trailing newlines are ignored
        (
            "**a\nb**",
            [text("a", bold=True), BR, text("b", bold=True)],
        ),
    ],
)
def test_parse_markup_breaks(source: str, spans: list[Span]) -> None:
    assert parse_markup(source) == spans


# --- escapes -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "spans"),
    [
        (r"\*pas italique\*", [text("*pas italique*")]),
        (r"\*\*", [text("**")]),
        (r"\:banane:", [text(":banane:")]),
        (r"\[[X-1]]", [text("[[X-1]]")]),
        (r"a\\b", [text("a\\b")]),
        (r"\a", [text("a")]),  # any character can be escaped
        ("fin\\", [text("fin\\")]),  # a lone trailing backslash is kept
        (r"**\*x**", [text("*x", bold=True)]),
    ],
)
def test_parse_markup_escapes(source: str, spans: list[Span]) -> None:
    assert parse_markup(source) == spans


@pytest.mark.parametrize(
    ("raw", "escaped"),
    [
        ("a*b", r"a\*b"),
        ("x:y:z", r"x\:y:z"),
        ("[[no]]", r"\[[no]]"),
        ("Note : voir", "Note : voir"),
        ("12:30", "12:30"),
        ("\\", "\\\\"),
        ("plain text", "plain text"),
    ],
)
def test_escape_markup_backslashes_each_markup_character(raw: str, escaped: str) -> None:
    assert escape_markup(raw) == escaped


ROUND_TRIP = [
    "a*b",
    "**not bold**",
    "*",
    "x:y:z",
    ":banane:",
    "12:30",
    "[[no]]",
    "[[CHA-END-1]]",
    "[",
    "]]",
    "\\",
    "\\\\",
    "fin\\",
    r"C:\chemin\*",
    "  espaces  ",
    "l’été… « oui » ; 50 % !",
    "",
]


@pytest.mark.parametrize("raw", ROUND_TRIP)
def test_escaped_text_parses_back_to_itself_as_one_plain_span(raw: str) -> None:
    spans = parse_markup(escape_markup(raw))
    assert spans == ([text(raw)] if raw else [])
    assert plain_text(spans) == raw


def test_escaped_single_newline_is_a_line_break() -> None:
    assert parse_markup(escape_markup("a*\nb")) == [text("a*"), BR, text("b")]


def test_unescaped_x_colon_y_colon_z_is_an_icon() -> None:
    # which is why data values must be escaped
    assert parse_markup("x:y:z") == [text("x"), icon("y"), text("z")]


# --- plain_text --------------------------------------------------------------------------------


def test_plain_text_renders_icons_tags_and_breaks() -> None:
    spans = parse_markup("**Gagne** :banane:\nvoir [[R-1]]\n\nfin")
    assert plain_text(spans) == "Gagne :banane:\nvoir [R-1]\nfin"


@pytest.mark.parametrize(
    ("source", "left"),
    [
        ("gagne. [[OUPS-GOAL-1]]", "gagne."),
        ("paquets. [[A-1]] [[B-2]] Les copies", "paquets. Les copies"),
        ("différentes [[X]], 1 Avant-Match", "différentes, 1 Avant-Match"),
        ("pas un tag : \\[[X]]", "pas un tag : \\[[X]]"),  # escaped: printed as written
        ("[[seul]]", ""),
        ("sans tag", "sans tag"),
    ],
)
def test_rule_tags_are_dropped_with_the_spaces_before_them(source: str, left: str) -> None:
    assert drop_rule_tags(source) == left
