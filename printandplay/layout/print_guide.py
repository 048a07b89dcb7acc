"""The kit's first page, "Impression et montage": how to print, check, cut and assemble it.

Everything on it comes from the build itself: the paper, the duplex edge (``--flip``), the
offset, the sheets actually planned (with their pages), the paper each section suggests and its
``assembly:`` text from ``game.yaml``, and the commands to calibrate and rebuild. The text is
document markup, set by the same pipeline as the rules (:mod:`.document`); a band at the bottom
of the first page holds the drawings: a 50 mm scale bar and the legend of the lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from printandplay.layout.text import TextSetter
from printandplay.layout.textfit import TextStyle
from printandplay.model.color import RGB
from printandplay.model.fonts import FontMetrics
from printandplay.model.game import Size
from printandplay.model.ops import EllipseOp, GroupOp, LineOp, Op, TextOp
from printandplay.units import MM

BAND: Final = 40 * MM  # kept free at the bottom of the first page for the drawings
SCALE: Final = 50 * MM  # the scale bar's length
INK: Final[RGB] = (0.1, 0.1, 0.1)
GREY: Final[RGB] = (0.55, 0.55, 0.55)
FOLD: Final[RGB] = (0.54, 0.52, 0.56)
TEXT_SIZE: Final = 7.5


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
    command: str = "build"  # or "print-deck"
    target: str = ""  # what the command builds: the game id, or "licum DECK"
    mode: str = "duplex"  # or "simplex" (--simplex), "fold" (--fold)


@dataclass(frozen=True)
class GuideSection:
    """One section of the kit as the guide lists it."""

    title: str
    document: bool
    pages: tuple[int, int]  # first and last page in the file (1-based)
    sheets: int  # sheets of paper
    two_sided: bool
    tiled: bool = False
    round_items: bool = False
    paper: str = ""  # the section's own suggestion (game.yaml), else a default
    assembly: str = ""
    folded: bool = False  # fold-and-glue sheets (--fold): fronts and backs side by side
    fold_lines: bool = False  # its pieces draw dashed lines to fold on (standees, stands)


_TEXTS: Final[dict[str, dict[str, str]]] = {
    "fr": {
        "title": "Impression et montage",
        "settings": "Réglages de l’impression",
        "paper": "**Papier** : {paper} ({size}), pour toutes les pages.",
        "scale": "**Échelle** : 100\u00a0% (taille réelle) ; désactivez « Ajuster à la page ». "
                 "Le trait gradué en bas de cette page doit mesurer 50 mm à la règle.",
        "duplex": "**Recto verso** : retournement sur le **bord {edge}** (le kit est fait "
                  "pour --flip {flip}). Chaque planche de rectos est suivie de ses versos ; des "
                  "pages blanches gardent les rectos au recto.",
        "long": "long", "short": "court",
        "simplex": "**Recto seul** (le kit est fait pour --simplex) : imprimez toutes les "
                   "pages d’un seul côté, sans pages blanches ; chaque planche de versos suit "
                   "sa planche de rectos. Pour les imprimer au dos, remettez la feuille de rectos "
                   "dans le bac, retournée sur le **bord {edge}**.",
        "fold_mode": "**Pli et collage** (le kit est fait pour --fold) : imprimez toutes les "
                     "pages d’un seul côté. Chaque recto est à côté de son verso : pliez la "
                     "feuille sur le long pointillé central, faces imprimées dehors, collez-la "
                     "dos à dos, puis découpez sur les traits.",
        "offset_none": "**Décalage du verso** : aucun (--back-offset 0,0).",
        "offset": "**Décalage du verso** : {offset} mm (--back-offset {offset}).",
        "bleed": "**Fond perdu** : {bleed} mm autour des pièces ; coupez sur les traits, pas "
                 "au bord de l’image.",
        "file": "Ce fichier compte {pages} pages, soit {sheets} feuilles imprimées en recto "
                "verso. Chaque feuille porte son étiquette dans sa marge : jeu · planche · "
                "feuille · recto ou verso.",
        "file_single": "Ce fichier compte {pages} pages, soit {sheets} feuilles imprimées d’un "
                       "seul côté. Chaque feuille porte son étiquette dans sa marge : jeu · "
                       "planche · feuille · recto, verso ou à plier.",
        "sheets": "Les planches",
        "head": "| Contenu | Pages | Feuilles | Faces | Papier conseillé |",
        "both": "recto verso", "front": "recto seul", "folded": "recto et verso côte à côte",
        "pages_range": "{first} à {last}", "doc_paper": "ordinaire, 80 g/m²",
        "card_paper": "épais, 160 à 220 g/m²",
        "single_paper": "épais ou carton fin, 200 à 250 g/m²",
        "tiled_paper": "ordinaire, puis collé sur carton",
        "fold_paper": "ordinaire, 80 à 120 g/m², plié et collé",
        "assembly": "Montage", "calibration": "Si les versos sont décalés",
        "calib_1": "Imprimez la feuille de calibrage, puis lisez-y les nombres X et Y :",
        "calib_2": "Reconstruisez ensuite le kit avec ces deux nombres, tels qu’ils sont "
                   "écrits :",
        "scale_label": "50 mm",
        "scale_text": "Ce trait mesure 50 mm une fois imprimé à 100\u00a0%. Sinon, corrigez l’échelle "
                      "avant de tout imprimer.",
        "cut": "**Trait de coupe**, dans la marge : coupez à la règle d’un trait à celui "
               "d’en face.",
        "round": "**Cercle gris** : découpez les pièces rondes en suivant le cercle.",
        "fold": "**Pointillés sur une pièce** : pliez (figurines, socles).",
        "glue": "**Tirets au bord d’une feuille** : posez-y le bord de la feuille voisine et "
                "collez.",
        "fold_line": "**Long pointillé au milieu d’une feuille** (--fold) : pliez la feuille "
                     "en deux, collez, découpez.",
    },
    "en": {
        "title": "Printing and assembly",
        "settings": "Printer settings",
        "paper": "**Paper**: {paper} ({size}), for every page.",
        "scale": "**Scale**: 100\u00a0% (actual size); turn off “Fit to page”. The ruler at the "
                 "bottom of this page must measure 50 mm.",
        "duplex": "**Duplex**: flip on the **{edge} edge** (the kit is built for --flip "
                  "{flip}). Each sheet of fronts is followed by its backs; blank pages keep "
                  "fronts on fronts.",
        "long": "long", "short": "short",
        "simplex": "**Single-sided** (the kit is built for --simplex): print every page on one "
                   "side, with no blank pages; each sheet of backs follows its sheet of fronts. "
                   "To print them on the back, put the sheet of fronts back in the tray, turned "
                   "on its **{edge} edge**.",
        "fold_mode": "**Fold and glue** (the kit is built for --fold): print every page on one "
                     "side. Each front lies beside its back: fold the sheet on the long dashed "
                     "centre line, printed sides out, glue it back to back, then cut on the "
                     "marks.",
        "offset_none": "**Back offset**: none (--back-offset 0,0).",
        "offset": "**Back offset**: {offset} mm (--back-offset {offset}).",
        "bleed": "**Bleed**: {bleed} mm around the pieces; cut on the lines, not at the edge "
                 "of the picture.",
        "file": "This file has {pages} pages: {sheets} sheets printed duplex. Each sheet "
                "carries its label in its margin: game · section · sheet · front or back.",
        "file_single": "This file has {pages} pages: {sheets} sheets printed on one side. Each "
                       "sheet carries its label in its margin: game · section · sheet · front, "
                       "back or to fold.",
        "sheets": "The sheets",
        "head": "| Contents | Pages | Sheets | Sides | Suggested paper |",
        "both": "both sides", "front": "front only", "folded": "front and back side by side",
        "pages_range": "{first} to {last}", "doc_paper": "plain, 80 gsm",
        "card_paper": "heavy, 160 to 220 gsm",
        "single_paper": "heavy or thin card, 200 to 250 gsm",
        "tiled_paper": "plain, then glued on card",
        "fold_paper": "plain, 80 to 120 gsm, folded and glued",
        "assembly": "Assembly",
        "calibration": "If the backs are shifted",
        "calib_1": "Print the calibration sheet and read the numbers X and Y off it:",
        "calib_2": "Then rebuild the kit with both numbers, as printed:",
        "scale_label": "50 mm",
        "scale_text": "This line measures 50 mm when printed at 100\u00a0%. If not, fix the scale "
                      "before printing everything.",
        "cut": "**Cut mark**, in the margin: cut with a ruler from one mark to the one "
               "opposite.",
        "round": "**Grey circle**: cut round pieces along the circle.",
        "fold": "**Dotted line on a piece**: fold (standees, stands).",
        "glue": "**Dashes at a sheet's edge**: lay the next sheet's edge on them and glue.",
        "fold_line": "**Long dashes across the middle of a sheet** (--fold): fold the sheet in "
                     "two, glue, cut.",
    },
}


def texts(language: str) -> dict[str, str]:
    """The guide's sentences in ``language`` (French unless it is English)."""
    return _TEXTS["en"] if language.startswith("en") else _TEXTS["fr"]


def _mm(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def section_paper(section: GuideSection, words: dict[str, str]) -> str:
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
                 language: str) -> str:
    """The guide's text, as document markup."""
    w = texts(language)
    edge = w[settings.flip]
    size = f"{_mm(settings.paper.width / MM)} × {_mm(settings.paper.height / MM)} mm"
    lines = [f"# {w['title']}", "", f"## {w['settings']}", "",
             "- " + w["paper"].format(paper=settings.paper_name.upper(), size=size),
             "- " + w["scale"],
             "- " + w[{"simplex": "simplex", "fold": "fold_mode"}.get(settings.mode, "duplex")]
             .format(edge=edge, flip=settings.flip)]
    if settings.mode == "fold":  # each back is printed beside its front: no offset
        pass
    elif settings.back_offset in ("0,0", ""):
        lines.append("- " + w["offset_none"])
    else:
        lines.append("- " + w["offset"].format(offset=settings.back_offset))
    if settings.bleed_mm > 0:
        lines.append("- " + w["bleed"].format(bleed=_mm(settings.bleed_mm)))
    duplex = settings.mode == "duplex"
    lines += ["", w["file" if duplex else "file_single"].format(
                  pages=total_pages, sheets=(total_pages + 1) // 2 if duplex else total_pages),
              "",
              f"## {w['sheets']}", "", w["head"], "| --- | --- | --- | --- | --- |"]
    for section in sections:
        first, last = section.pages
        pages = str(first) if first == last else w["pages_range"].format(first=first, last=last)
        sides = (w["folded"] if section.folded else w["both"] if section.two_sided
                 else w["front"])
        lines.append(f"| {section.title} | {pages} | {section.sheets} | {sides} | "
                     f"{section_paper(section, w)} |")
    lines.append("")
    assembled = [s for s in sections if s.assembly.strip()]
    if assembled:
        lines += [f"## {w['assembly']}", ""]
        for section in assembled:
            lines += [f"- **{section.title}** : " if language.startswith("fr")
                      else f"- **{section.title}**: "]
            lines[-1] += " ".join(section.assembly.split())
        lines.append("")
    calibrate = (f"printandplay calibrate --paper {settings.paper_name} "
                 f"--flip {settings.flip}")
    target = settings.target or settings.game_id
    extra = f" {settings.extra_options}" if settings.extra_options else ""
    rebuild = (f"printandplay {settings.command} {target} --paper {settings.paper_name} "
               f"--flip {settings.flip}{extra} --back-offset X,Y")
    if settings.mode != "fold":  # folded backs are printed with their fronts: no offset
        lines += [f"## {w['calibration']}", "", w["calib_1"], "", f"> {calibrate}", "",
                  w["calib_2"], "", f"> {rebuild}", ""]
    return "\n".join(lines)


def guide_drawings(page: Size, left: float, bottom: float, metrics: FontMetrics,
                   body_font: str, language: str,
                   sections: Sequence[GuideSection]) -> tuple[Op, ...]:
    """The scale bar and the legend of the lines, in the band of height :data:`BAND` whose
    bottom-left corner is ``(left, bottom)`` on the first page. The legend shows the cut
    line, and each other line only when a section of ``sections`` prints it."""
    w = texts(language)
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
    if any(section.round_items for section in sections):
        entries.append(([EllipseOp(x0 + 4 * MM, -3 * MM, 6 * MM, 6 * MM, None, GREY, 0.3)],
                        w["round"]))
    if any(section.fold_lines for section in sections):
        entries.append(([LineOp(x0, 0, x0 + 14 * MM, 0, FOLD, 0.5, (2 * MM, 1.5 * MM))],
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


def _text(source: str, x: float, top: float, width: float, metrics: FontMetrics,
          role: str, language: str) -> Op:
    """A small paragraph whose top-left corner is ``(x, top)``."""
    style = TextStyle(role=role, size=TEXT_SIZE, min_size=TEXT_SIZE, leading=1.25, color=INK)
    setter = TextSetter(metrics, lambda _: 1.0, language, hyphenate=False)
    fitted = setter.fit(source, width, 20 * MM, style, "printing guide")
    if fitted is None:
        raise ValueError(f"guide text too long for its box: {source!r}")
    return GroupOp((1.0, 0.0, 0.0, 1.0, x, top - 20 * MM), fitted.ops)
