"""The sentences of the "Impression et montage" guide, in French and English (markup; the
guide picks them by the game's language)."""

from __future__ import annotations

from typing import Final

TEXTS: Final[dict[str, dict[str, str]]] = {
    "fr": {
        "title": "Impression et montage",
        "settings": "Réglages de l’impression",
        "deck": "Ce fichier imprime le deck « {deck} » ({cards} cartes), pas le kit entier.",
        "paper": "**Papier** : {paper} ({size}), pour toutes les pages.",
        "scale": "**Échelle** : 100\u00a0% (taille réelle) ; désactivez « Ajuster à la page ». "
                 "Le trait gradué en bas de cette page doit mesurer 50 mm à la règle.",
        "duplex": "**Recto verso** : retournement sur le **bord {edge}** (le kit est fait "
                  "pour --flip {flip}). Chaque planche de rectos est suivie de ses versos ; des "
                  "pages blanches gardent les rectos au recto.",
        "long": "long", "short": "court",
        "simplex": "**Recto seul** (le kit est fait pour --simplex) : chaque page de versos "
                   "suit sa page de rectos ; imprimez les rectos, remettez la feuille dans le "
                   "bac, retournée sur le **bord {edge}**, puis imprimez les versos au dos.",
        "fronts_mode": "**Rectos seuls** (le kit est fait pour --fronts-only) : imprimez "
                       "toutes les pages d’un seul côté ; glissez chaque carte découpée dans "
                       "une pochette, devant une carte du commerce.",
        "fold_mode": "**Pli et collage** (le kit est fait pour --fold) : imprimez toutes les "
                     "pages d’un seul côté. Chaque recto est à côté de son verso : pliez la "
                     "feuille sur le long pointillé central, faces imprimées dehors, collez-la "
                     "dos à dos, puis découpez sur les traits.",
        "offset_none": "**Décalage du verso** : aucun (--back-offset 0,0).",
        "offset": "**Décalage du verso** : {offset} mm (--back-offset {offset}).",
        "bleed": "**Fond perdu** : {bleed} mm autour des pièces ; coupez sur les traits, pas "
                 "au bord de l’image.",
        "file_duplex": "Ce fichier compte {pages} pages, soit {sheets} feuilles imprimées en "
                       "recto verso. Chaque feuille porte son étiquette dans sa marge : jeu · "
                       "planche · feuille · recto ou verso.",
        "file_simplex": "Ce fichier compte {pages} pages, imprimées d’un seul côté sur "
                        "{sheets} feuilles (les versos au dos de leurs rectos). Chaque feuille "
                        "porte son étiquette dans sa marge : jeu · planche · feuille · recto ou "
                        "verso.",
        "file_fronts": "Ce fichier compte {pages} pages, soit {sheets} feuilles imprimées "
                       "d’un seul côté. Chaque feuille porte son étiquette dans sa marge : jeu "
                       "· planche · feuille · recto.",
        "file_fold": "Ce fichier compte {pages} pages, soit {sheets} feuilles imprimées d’un "
                     "seul côté. Chaque feuille porte son étiquette dans sa marge : jeu · "
                     "planche · feuille · à plier ou recto.",
        "sheets": "Les planches",
        "head": "| Contenu | Pages | Feuilles | Faces | Papier conseillé |",
        "both": "recto verso", "both_passes": "recto, puis verso",
        "front": "recto seul", "folded": "recto et verso côte à côte",
        "pages_range": "{first} à {last}",
        "doc_paper": "ordinaire, 80 g/m²",
        "card_paper": "épais, 160 à 220 g/m²",
        "single_paper": "épais ou carton fin, 200 à 250 g/m²",
        "tiled_paper": "ordinaire, puis collé sur carton",
        "fold_paper": "ordinaire, 80 à 120 g/m², plié et collé",
        "assembly": "Montage",
        "calibration": "Si les versos sont décalés",
        "calib_1": "Imprimez la feuille de calibrage, puis lisez-y les nombres X et Y :",
        "calib_2": "Reconstruisez ensuite ce fichier avec ces deux nombres, tels qu’ils sont "
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
        "deck": "This file prints the deck “{deck}” ({cards} cards), not the whole kit.",
        "paper": "**Paper**: {paper} ({size}), for every page.",
        "scale": "**Scale**: 100\u00a0% (actual size); turn off “Fit to page”. The ruler at the "
                 "bottom of this page must measure 50 mm.",
        "duplex": "**Duplex**: flip on the **{edge} edge** (the kit is built for --flip "
                  "{flip}). Each sheet of fronts is followed by its backs; blank pages keep "
                  "fronts on fronts.",
        "long": "long", "short": "short",
        "simplex": "**Single-sided** (the kit is built for --simplex): each page of backs "
                   "follows its page of fronts; print the fronts, put the sheet back in the "
                   "tray, turned on its **{edge} edge**, then print the backs on it.",
        "fronts_mode": "**Fronts only** (the kit is built for --fronts-only): print every "
                       "page on one side; slip each cut card into a sleeve, in front of a "
                       "bought card.",
        "fold_mode": "**Fold and glue** (the kit is built for --fold): print every page on one "
                     "side. Each front lies beside its back: fold the sheet on the long dashed "
                     "centre line, printed sides out, glue it back to back, then cut on the "
                     "marks.",
        "offset_none": "**Back offset**: none (--back-offset 0,0).",
        "offset": "**Back offset**: {offset} mm (--back-offset {offset}).",
        "bleed": "**Bleed**: {bleed} mm around the pieces; cut on the lines, not at the edge "
                 "of the picture.",
        "file_duplex": "This file has {pages} pages: {sheets} sheets printed duplex. Each "
                       "sheet carries its label in its margin: game · section · sheet · front "
                       "or back.",
        "file_simplex": "This file has {pages} pages, printed on one side of {sheets} sheets "
                        "(the backs on the back of their fronts). Each sheet carries its label "
                        "in its margin: game · section · sheet · front or back.",
        "file_fronts": "This file has {pages} pages: {sheets} sheets printed on one side. "
                       "Each sheet carries its label in its margin: game · section · sheet · "
                       "front.",
        "file_fold": "This file has {pages} pages: {sheets} sheets printed on one side. Each "
                     "sheet carries its label in its margin: game · section · sheet · to fold "
                     "or front.",
        "sheets": "The sheets",
        "head": "| Contents | Pages | Sheets | Sides | Suggested paper |",
        "both": "both sides", "both_passes": "front, then back",
        "front": "front only", "folded": "front and back side by side",
        "pages_range": "{first} to {last}",
        "doc_paper": "plain, 80 gsm",
        "card_paper": "heavy, 160 to 220 gsm",
        "single_paper": "heavy or thin card, 200 to 250 gsm",
        "tiled_paper": "plain, then glued on card",
        "fold_paper": "plain, 80 to 120 gsm, folded and glued",
        "assembly": "Assembly",
        "calibration": "If the backs are shifted",
        "calib_1": "Print the calibration sheet and read the numbers X and Y off it:",
        "calib_2": "Then rebuild this file with both numbers, as printed:",
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
    return TEXTS["en"] if language.startswith("en") else TEXTS["fr"]
