"""A font's text prepared with one set test per text (issue 15): the same text, or the same
error, as testing each character's code in the font's character map."""

from __future__ import annotations

import random
from pathlib import Path
from typing import cast

import pytest
from helpers import ROOT, bundled_assets
from reportlab.pdfbase import pdfmetrics

from printandplay.errors import LayoutError
from printandplay.kit.assets import load_assets
from printandplay.project import Resources
from printandplay.render.fonts import FontTable


def test_prepared_text_is_the_character_by_character_rule_s() -> None:
    # read only: prepare's cache is filled, not changed
    fonts = cast(FontTable, bundled_assets("licum").fonts)
    font = fonts.select("body", False, False)
    # the font's character map as ReportLab read it (its codes), the oracle
    charset = frozenset(pdfmetrics.getFont(font).face.charToGlyph)
    chars = frozenset(map(chr, charset))
    rng = random.Random(11)
    alphabet = "aZé’…«»\u202f\u00a0 1-œŒ\u2192\u2605\u2014\u2011\U0001F600\u0301"
    missing = [c for c in alphabet if ord(c) not in charset]
    assert missing  # some characters are not in the font (a fallback, or an error)
    # the rule, character by character: each character of the alphabet judged once (itself,
    # its fallback, or None when it has neither)
    rule: dict[str, str | None] = {}
    for c in alphabet:
        try:
            rule[c] = c if ord(c) in charset else fonts._fallback(c, font, chars)
        except LayoutError:
            rule[c] = None
    assert None in rule.values()  # characters with neither: the text is refused
    refused = 0
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 8)))
        shown = [rule[c] for c in text]
        expected = None if None in shown else "".join(shown)  # type: ignore[arg-type]
        try:
            got: str | None = fonts.prepare(text, font)
        except LayoutError:
            got = None
            refused += 1
        assert got == expected, text
    assert refused > 100  # the error was met often


def test_a_font_s_characters_are_made_once_per_registered_font() -> None:
    """Each build's font table takes the characters of a registered font from the font itself
    (made when first needed), not by going over its character map again."""
    from printandplay.render.fonts import FontTable

    roles = load_assets(Resources((ROOT,)), "licum").fonts.roles  # (a second load: as a build's)
    tables = [FontTable(roles), FontTable(roles)]
    for table in tables:
        table.load_all("fonts/fonts.yaml")
    for role in roles.values():
        for style in role.files:
            name = tables[0].select(role.name, "bold" in style, "italic" in style)
            assert tables[1].select(role.name, "bold" in style, "italic" in style) == name
            font = pdfmetrics.getFont(name)
            assert tables[0]._chars[name] is tables[1]._chars[name]
            assert tables[0]._chars[name] == frozenset(map(chr, font.face.charToGlyph))


def test_a_missing_glyph_names_the_font_file_from_the_current_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The error's file is relative to the current folder when inside it, else shown from its
    ``fonts/`` folder on; it follows the current folder as it changes (the message is kept
    per font and folder), and a removed current folder is no second error."""
    fonts = load_assets(Resources((ROOT,)), "licum").fonts  # a table of its own: fresh caches
    font = fonts.select("body", False, False)
    file = Path(pdfmetrics.getFont(font).face.filename).resolve()
    home = file.parent.parent  # the font's package (font_roboto) or fonts/ folder
    inside = str(file.relative_to(home))
    parts = file.parts
    outside = "/".join(parts[parts.index("fonts"):] if "fonts" in parts else parts[-3:])
    assert inside != outside

    def shown() -> str:
        with pytest.raises(LayoutError, match=r"has no glyph for .* \(U\+1F600\)") as error:
            fonts.prepare("a\U0001F600", font)
        return str(error.value).split("(")[1].split(")")[0]

    for folder, expected in ((home, inside), (tmp_path, outside), (home, inside),
                             (file.parent, file.name)):
        monkeypatch.chdir(folder)
        assert shown() == expected, folder
        assert shown() == expected  # again, from what was kept
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    assert shown() == outside
