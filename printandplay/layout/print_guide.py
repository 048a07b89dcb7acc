"""The kit's first page, "Impression et montage": how to print, check, cut and assemble it.

Everything on it comes from the build itself: the paper, the duplex edge (``--flip``), the
offset, the sheets actually planned (with their pages), the paper each section suggests and its
``assembly:`` text from ``game.yaml``, and the commands to calibrate and rebuild. The text is
document markup, set by the same pipeline as the rules (:mod:`.document`); a band at the bottom
of the first page holds the drawings: a 50 mm scale bar and the legend of the lines.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from printandplay.data.kit_words import table_language
from printandplay.model.color import RGB
from printandplay.model.fonts import FontMetrics
from printandplay.model.game import Size
from printandplay.model.geometry import Rect
from printandplay.model.ops import GroupOp, LineOp, Op, TextOp
from printandplay.model.shapes import Shape
from printandplay.text.fitting import TextStyle
from printandplay.text.markup import escape_markup
from printandplay.text.setter import TextSetter
from printandplay.units import MM

BAND: Final = 40 * MM  # kept free at the bottom of the first page for the drawings
SCALE: Final = 50 * MM  # the scale bar's length
INK: Final[RGB] = (0.1, 0.1, 0.1)
GREY: Final[RGB] = (0.55, 0.55, 0.55)
FOLD: Final[RGB] = (0.54, 0.52, 0.56)  # a piece's fold line (standees, dice) …
FOLD_DASH: Final = (2 * MM, 1.5 * MM)  # … and its dashes, as the legend shows them
TEXT_SIZE: Final = 7.5


@dataclass(frozen=True)
class GuideCommand:
    """What the file holds and the command that rebuilds it: the kit (``build GAME``), or a
    deck (``print-deck GAME DECK-FILE``, the deck's name and number of cards)."""

    command: str = "build"  # or "print-deck"
    target: str = ""  # what the command builds: the game id, or "licum decks/rouges.txt"
    deck: str = ""  # the deck's name (its file's stem), for print-deck
    cards: int = 0  # the deck's cards (copies counted)


KIT_BUILD: Final = GuideCommand()  # the whole kit, rebuilt by ``build GAME``


@dataclass(frozen=True)
class GuideSettings:
    """The build's own options, as the guide prints them."""

    game_id: str
    paper_name: str  # as typed: "a4", "letter", "330x480"
    paper: Size
    flip: str  # "long" or "short"
    back_offset: str  # as --back-offset reads it: "0,0", "1.5,-0.5"
    bleed_mm: float
    extra_options: str = ""  # other options to repeat in the build command ("--bleed 2")
    rebuild: GuideCommand = KIT_BUILD
    mode: str = "duplex"  # or "simplex" (--simplex), "fold" (--fold), "fronts" (--fronts-only)
    language: str = "fr"  # the game's: the calibration sheet is asked in it
    proof: bool = False  # --proof: items larger than the paper scaled down, not for play


@dataclass(frozen=True)
class GuideSection:
    """One section of the kit as the guide lists it."""

    title: str
    document: bool
    pages: tuple[int, int]  # first and last page in the file (1-based)
    sheets: int  # sheets of paper
    two_sided: bool
    tiled: bool = False
    shape: Shape | None = None  # the shape of a sheet section's items (its cut guide)
    paper: str = ""  # the section's own suggestion (game.yaml), else a default
    assembly: str = ""
    folded: bool = False  # fold-and-glue sheets (--fold): fronts and backs side by side
    fold_lines: bool = False  # its pieces draw dashed lines to fold on (standees, stands)


def _mm(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def section_paper(section: GuideSection, words: Mapping[str, str]) -> str:
    """The paper suggested for a section: its own, else one by what it prints."""
    if section.paper:
        return section.paper
    if section.document:
        return words["doc_paper"]
    if section.tiled:
        return words["tiled_paper"]
    if section.folded:
        return words["fold_paper"]
    return words["card_paper"] if section.two_sided else words["single_paper"]


def guide_source(settings: GuideSettings, sections: Sequence[GuideSection], total_pages: int,
                 w: Mapping[str, str]) -> str:
    """The guide's text, as document markup, in the words ``w`` (the ``guide`` group of the
    kit's words, :mod:`printandplay.data.kit_words`)."""
    edge = w[settings.flip]
    size = f"{_mm(settings.paper.width / MM)} × {_mm(settings.paper.height / MM)} mm"
    lines = [f"# {w['title']}", ""]
    deck = settings.rebuild
    if deck.deck:
        lines += [w["deck"].format(deck=escape_markup(deck.deck), cards=deck.cards), ""]
    lines += [f"## {w['settings']}", "",
             "- " + w["paper"].format(paper=settings.paper_name.upper(), size=size),
             "- " + w["scale"],
             "- " + w[{"simplex": "simplex", "fold": "fold_mode",
                       "fronts": "fronts_mode"}.get(settings.mode, "duplex")]
             .format(edge=edge, flip=settings.flip)]
    if settings.proof:
        lines.append("- " + w["proof_mode"])
    # a back printed behind its front (not folded to it): its offset matters
    behind = settings.mode not in ("fold", "fronts") and any(
        s.two_sided and not s.document for s in sections)
    if not behind:  # (pages of a document need no alignment)
        pass
    elif settings.back_offset in ("0,0", ""):
        lines.append("- " + w["offset_none"])
    else:
        lines.append("- " + w["offset"].format(offset=settings.back_offset))
    if settings.bleed_mm > 0:
        lines.append("- " + w["bleed"].format(bleed=_mm(settings.bleed_mm)))
    listed = sum(s.pages[1] - s.pages[0] + 1 for s in sections)
    if settings.mode == "duplex":
        sheets = (total_pages + 1) // 2
    else:  # one page a sheet (the guide's too), but a page of backs is printed on its fronts
        sheets = total_pages - listed + sum(s.sheets for s in sections)
    lines += ["", w[f"file_{settings.mode}"].format(pages=total_pages, sheets=sheets),
              "",
              f"## {w['sheets']}", "", w["head"], "| --- | --- | --- | --- | --- |"]
    for section in sections:
        first, last = section.pages
        pages = str(first) if first == last else w["pages_range"].format(first=first, last=last)
        sides = (w["folded"] if section.folded else w["front"] if not section.two_sided
                 else w["both_passes"] if settings.mode == "simplex" else w["both"])
        lines.append(f"| {section.title} | {pages} | {section.sheets} | {sides} | "
                     f"{section_paper(section, w)} |")
    lines.append("")
    assembled = [s for s in sections if s.assembly.strip()]
    if assembled:
        lines += [f"## {w['assembly']}", ""]
        for section in assembled:
            lines.append("- " + w["assembly_item"].format(
                title=section.title, text=" ".join(section.assembly.split())))
        lines.append("")
    calibrate = (f"printandplay calibrate --paper {settings.paper_name} "
                 f"--flip {settings.flip}")
    if table_language(settings.language) != "fr":  # (the sheet's default language)
        calibrate += f" --language {table_language(settings.language)}"
    target = settings.rebuild.target or settings.game_id
    extra = f" {settings.extra_options}" if settings.extra_options else ""
    rebuild = (f"printandplay {settings.rebuild.command} {target} --paper {settings.paper_name} "
               f"--flip {settings.flip}{extra} --back-offset X,Y")
    if behind:  # not: backs folded with their fronts, or none
        lines += [f"## {w['calibration']}", "", w["calib_1"], "", "```", calibrate, "```", "",
                  w["calib_2"], "", "```", rebuild, "```", ""]
    return "\n".join(lines)


def guide_drawings(page: Size, left: float, bottom: float, metrics: FontMetrics,
                   body_font: str, language: str, sections: Sequence[GuideSection],
                   w: Mapping[str, str]) -> tuple[Op, ...]:
    """The scale bar and the legend of the lines, in the band of height :data:`BAND` whose
    bottom-left corner is ``(left, bottom)`` on the first page. The legend shows the cut
    line, and each other line only when a section of ``sections`` prints it; in the words
    ``w`` (the ``guide`` group of the kit's words), set for ``language``."""
    font = metrics.select(body_font, False, False)
    ops: list[Op] = []
    top = bottom + BAND
    # The scale bar: 50 mm with a tick every 10 mm.
    y = top - 9 * MM
    ops.append(LineOp(left, y, left + SCALE, y, INK, 0.8))
    for index in range(6):
        x = left + index * 10 * MM
        height = 3 * MM if index in (0, 5) else 1.8 * MM
        ops.append(LineOp(x, y, x, y + height, INK, 0.5))
    label = metrics.prepare(w["scale_label"], font)
    width = metrics.width(label, font) * TEXT_SIZE
    ops.append(TextOp(left + (SCALE - width) / 2, y + 3.6 * MM, label, font, TEXT_SIZE, INK))
    ops.append(_text(w["scale_text"], left, y - 2.5 * MM, SCALE + 5 * MM, metrics, body_font,
                     language))
    # The legend: a sample of each line and what to do with it.
    x0 = left + SCALE + 14 * MM
    text_x = x0 + 16 * MM
    width = page.width - left - text_x
    entries: list[tuple[list[Op], str]] = []
    entries.append(([LineOp(x0, 0, x0 + 5 * MM, 0, INK, 0.25),
                     LineOp(x0 + 9 * MM, 0, x0 + 14 * MM, 0, INK, 0.25)], w["cut"]))
    piece = Rect(x0 + 4 * MM, -3 * MM, 6 * MM, 6 * MM)  # a small piece, its cut guide drawn
    for legend, shape in _legend_shapes(sections).items():  # (the circle of round pieces)
        entries.append((list(shape.cut_ops(piece, GREY)), w[legend]))
    if any(section.fold_lines for section in sections):
        entries.append(([LineOp(x0, 0, x0 + 14 * MM, 0, FOLD, 0.5, FOLD_DASH)],
                        w["fold"]))
    if any(section.tiled for section in sections):
        entries.append(([LineOp(x0, 0, x0 + 14 * MM, 0, GREY, 0.5, (3.0, 2.0))], w["glue"]))
    if any(section.folded for section in sections):  # as fold sheets draw it (FOLD_DASH)
        entries.append(([LineOp(x0, 0, x0 + 14 * MM, 0, INK, 0.5, (4.0, 2.5))], w["fold_line"]))
    step = min(9 * MM, (BAND - 2 * MM) / len(entries))
    for index, (sample, text) in enumerate(entries):
        base = top - 3 * MM - index * step
        ops.append(GroupOp((1.0, 0.0, 0.0, 1.0, 0.0, base), tuple(sample)))
        ops.append(_text(text, text_x, base + 1.6 * MM, width, metrics, body_font, language))
    return tuple(ops)


def _legend_shapes(sections: Sequence[GuideSection]) -> dict[str, Shape]:
    """The sections' shapes whose cut guide has a legend, by the key of its words (the first
    shape of each legend, in the sections' order)."""
    shapes: dict[str, Shape] = {}
    for section in sections:
        if section.shape is not None and section.shape.legend is not None:
            shapes.setdefault(section.shape.legend, section.shape)
    return shapes


def _text(source: str, x: float, top: float, width: float, metrics: FontMetrics,
          role: str, language: str) -> Op:
    """A small paragraph whose top-left corner is ``(x, top)``."""
    style = TextStyle(role=role, size=TEXT_SIZE, min_size=TEXT_SIZE, leading=1.25, color=INK)
    setter = TextSetter(metrics, lambda _: 1.0, language, hyphenate=False)
    fitted = setter.fit(source, width, 20 * MM, style, "printing guide")
    if fitted is None:
        raise ValueError(f"guide text too long for its box: {source!r}")
    return GroupOp((1.0, 0.0, 0.0, 1.0, x, top - 20 * MM), fitted.ops)
