"""Print-shop export: one PDF per distinct face, with bleed and boxes, and a manifest.

Print-on-demand shops take each card face as its own file, trim plus bleed, and a list of
how many of each to print. :func:`export_print_shop` writes, in one folder:

- ``<id>-recto.pdf`` for each component's front, and ``<id>-verso.pdf`` for a back that only
  that component has; a back that several components share is written once, as
  ``verso-<layout>.pdf`` (identical faces are one file: a back drawn exactly as a front, such
  as a token alike on both sides, is that front's file); ``recto`` and ``verso`` are the
  words of the game's language (group ``files`` of :mod:`printandplay.data.kit_words`:
  ``front`` and ``back`` in English);
- each page the size of the trim plus the bleed on every side, its ``TrimBox`` the trim and
  its ``BleedBox`` the page;
- ``manifest.json`` or ``manifest.csv``: one row per component and kit section with its
  copies, files, trim and page sizes in millimetres;
- with ``alternating``, also ``<game>-fronts-backs.pdf``: every copy's front followed by its
  back (a blank page for an item without one), as shops that take one file ask.

A print shop preset (``presets.yaml``'s ``print_shops``, :class:`PrintShop`) sets the bleed, the
file names (``CHA-DEPART-front.pdf``) and the single file, and names the kinds whose trim the
shop does not print.

Every file is written atomically; the export is deterministic.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal

from printandplay.data.kit_words import game_words
from printandplay.data.presets import PrintShop
from printandplay.errors import OptionError
from printandplay.export.files import write_text_atomic
from printandplay.kit.assets import load_assets
from printandplay.kit.outputs import check_output_folder
from printandplay.model.game import Game, SheetSection, Size
from printandplay.model.geometry import Rect
from printandplay.model.ops import Face, Placement
from printandplay.planning.assets import GameAssets
from printandplay.planning.options import BuildOptions
from printandplay.planning.planner import KitPlanner
from printandplay.planning.sections import select_sections
from printandplay.project import Resources
from printandplay.render.pdf import PdfWriter
from printandplay.units import MM

ManifestFormat = Literal["json", "csv"]
MANIFEST_COLUMNS = ("id", "name", "kind", "section", "count", "front", "back", "trim_width_mm",
                    "trim_height_mm", "bleed_mm", "page_width_mm", "page_height_mm")


@dataclass(frozen=True)
class ExportRow:
    """One component as printed in one kit section."""

    id: str
    name: str
    kind: str
    section: str
    count: int
    front: str
    back: str
    trim: Size
    bleed: float

    def as_dict(self) -> dict[str, object]:
        """The manifest row (lengths in mm, rounded to 0.01)."""
        def mm(value: float) -> float:
            return round(value / MM, 2)

        return {"id": self.id, "name": self.name, "kind": self.kind, "section": self.section,
                "count": self.count, "front": self.front, "back": self.back,
                "trim_width_mm": mm(self.trim.width), "trim_height_mm": mm(self.trim.height),
                "bleed_mm": mm(self.bleed),
                "page_width_mm": mm(self.trim.width + 2 * self.bleed),
                "page_height_mm": mm(self.trim.height + 2 * self.bleed)}


def export_print_shop(resources: Resources, game_id: str, folder: Path, options: BuildOptions,
                      manifest_format: ManifestFormat = "json",
                      progress: Callable[[int, int], None] | None = None,
                      assets: GameAssets | None = None, shop: PrintShop | None = None,
                      alternating: bool = False, warnings: list[str] | None = None) -> Path:
    """Write the print-shop files of ``game_id`` (its sheet sections, or those of
    ``options.sections``) into ``folder``, named as ``shop`` names them, with the single PDF of
    alternating fronts and backs when asked (or when the shop takes one); returns the
    manifest's path. The kinds whose trim ``shop`` does not print go to ``warnings``."""
    alternating = alternating or (shop is not None and shop.alternating)
    single = f"{game_id}-fronts-backs.pdf"
    check_output_folder(folder, (f"manifest.{manifest_format}",
                                 *((single,) if alternating else ())))
    assets = assets or load_assets(resources, game_id, None, options.language)
    game = assets.game
    sections = [s for s in select_sections(game_id, game.kit, options.sections)
                if isinstance(s, SheetSection)]
    if not sections:
        raise OptionError(f"{game_id}: no sheet section to export (documents are not exported)")
    fits: dict[str, Size] = {}  # kind → the shop's card it is printed on
    if shop is not None:
        fits = _shop_fits(game, sections, shop, warnings)
        # faces bleed as far as the shop's page reaches past their own trim
        reach = max((max(f.width - game.kinds[k].size.width,
                         f.height - game.kinds[k].size.height) / 2 for k, f in fits.items()),
                    default=0.0)
        options = replace(options, bleed=shop.bleed + max(reach, 0.0))
    planner = KitPlanner(assets, options)
    page_bleed = shop.bleed if shop is not None else planner.bleed
    fit_of: dict[Face, Size | None] = {}  # each face → the shop's card it is printed on
    side = game_words(game)["files"]  # "recto", "verso" in the game's language
    files: dict[Face, str] = {}  # each distinct face → its file name

    def file_name(ident: str, which: str) -> str:  # which: front or back
        return shop.file_name(ident, which) if shop else f"{ident}-{side[which]}.pdf"

    backs: dict[Face, tuple[str, set[str]]] = {}  # back face → (layout, component ids)
    pending: list[tuple[str, str, SheetSection, Face, Face | None]] = []
    for section in sections:
        for component in (c for c in game.components if section.holds(c)):
            front = planner.face(component, component.front, "front")
            fit_of.setdefault(front, fits.get(component.kind))
            files.setdefault(front, file_name(component.id, "front"))
            back = planner.back_face(component, section) if component.back else None
            if back is not None:
                fit_of.setdefault(back, fits.get(component.kind))
                layout = section.back or component.back or ""
                backs.setdefault(back, (layout, set()))[1].add(component.id)
            pending.append((component.id, component.name, section, front, back))
    used: set[str] = set(files.values())
    for face, (layout, owners) in backs.items():
        if face in files:  # the same as a front (a piece alike on both sides): filed as that
            continue
        if len(owners) == 1:
            name = file_name(next(iter(owners)), "back")
        else:
            name, n = (shop.file_name(layout, "back") if shop
                       else f"{side['back']}-{layout}.pdf"), 2
            while name in used:
                name, n = (shop.file_name(f"{layout}-{n}", "back") if shop
                           else f"{side['back']}-{layout}-{n}.pdf"), n + 1
        files[face] = name
        used.add(name)
    check_output_folder(folder, files.values())  # (the faces' files: none a folder)
    framed = {face: _frame(face, fit_of[face], page_bleed) for face in files}
    for done, (face, name) in enumerate(files.items(), start=1):
        _write_pages(assets, [(framed[face], True)], folder / name,
                     f"{game.name} — {name.removesuffix('.pdf')}")
        if progress:
            progress(done, len(files))
    if alternating:  # every copy's front, then its back (a blank page for an item without)
        _write_pages(assets, [page for component_id, _, _, front, back in pending
                              for _ in range(game.component(component_id).count)
                              for page in ((framed[front], True),
                                           (framed[back], True) if back is not None
                                           else (framed[front], False))],
                     folder / single, f"{game.name} — {single.removesuffix('.pdf')}")
    rows = []
    for component_id, name, section, front, back in pending:
        component = game.component(component_id)
        rows.append(ExportRow(component_id, name, component.kind, section.title, component.count,
                              files[front], files[back] if back is not None else "",
                              fit_of[front] or Size(front.width, front.height), page_bleed))
    return _write_manifest(folder, game_id, rows, manifest_format)


@dataclass(frozen=True)
class FacePage:
    """A face on its own page: the page, where the face's trim goes, and the trim box (the
    shop's cut)."""

    face: Face
    page: Size
    x: float
    y: float
    trim: Rect


def _frame(face: Face, fit: Size | None, bleed: float) -> FacePage:
    """The page of ``face``: its trim plus ``bleed`` on every side, or the shop's card ``fit``
    plus ``bleed``, the face centred on it at 100 % (its own bleed reaching the page's edge)."""
    trim = fit or Size(face.width, face.height)
    return FacePage(face, Size(trim.width + 2 * bleed, trim.height + 2 * bleed),
                    bleed + (trim.width - face.width) / 2,
                    bleed + (trim.height - face.height) / 2,
                    Rect(bleed, bleed, trim.width, trim.height))


def _shop_fits(game: Game, sections: list[SheetSection], shop: PrintShop,
               warnings: list[str] | None) -> dict[str, Size]:
    """Per kind that ``sections`` print, the shop's card it is printed on
    (:meth:`PrintShop.fit`); a kind that none takes goes to ``warnings``."""
    fits: dict[str, Size] = {}
    for kind_id in sorted({c.kind for s in sections for c in game.components if s.holds(c)}):
        trim = game.kinds[kind_id].size
        fit = shop.fit(trim)
        if fit is not None:
            fits[kind_id] = fit
        elif warnings is not None:
            warnings.append(f"kind '{kind_id}' ({trim.width / MM:.1f} × "
                            f"{trim.height / MM:.1f} mm): {shop.name} prints no card of "
                            f"this size ({', '.join(shop.sizes)})")
    return fits


def _write_pages(assets: GameAssets, pages: list[tuple[FacePage, bool]], target: Path,
                 title: str) -> None:
    """One PDF of ``pages``: each a face on its page (:func:`_frame`) with its boxes, drawn or
    (False) left blank (``target``'s folder was checked first)."""
    writer = PdfWriter(target, assets.icons, title=title, subject=assets.game.name,
                       language=assets.game.language, images=assets.images)
    try:
        for framed, drawn in pages:
            placements = (Placement(framed.face, framed.x, framed.y, None),) if drawn else ()
            writer.page(framed.page, (), placements, trim=framed.trim)
        writer.save()
    except BaseException:
        writer.discard()
        raise


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value: object) -> object:
    """A CSV cell that a spreadsheet will not run as a formula (CSV injection): text that
    starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return gets a leading ``'``,
    as OWASP recommends; numbers and other text are kept."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def format_manifest_csv(records: list[dict[str, object]]) -> str:
    """The manifest as CSV: a header of :data:`MANIFEST_COLUMNS`, a row per record, every text
    cell :func:`spreadsheet_safe`, RFC 4180's line ends (so a cell holding a line break is
    quoted)."""
    buffer = io.StringIO(newline="")
    writer = csv.DictWriter(buffer, fieldnames=MANIFEST_COLUMNS, lineterminator="\r\n")
    writer.writeheader()
    writer.writerows({key: spreadsheet_safe(value) for key, value in record.items()}
                     for record in records)
    return buffer.getvalue()


def _write_manifest(folder: Path, game_id: str, rows: list[ExportRow],
                    manifest_format: ManifestFormat) -> Path:
    records = [row.as_dict() for row in rows]
    if manifest_format == "json":
        text = json.dumps({"game": game_id, "faces": len({r["front"] for r in records}
                                                        | {r["back"] for r in records} - {""}),
                           "copies": sum(row.count for row in rows), "items": records},
                          ensure_ascii=False, indent=2) + "\n"
    else:
        text = format_manifest_csv(records)
    target = folder / f"manifest.{manifest_format}"
    write_text_atomic(target, text)
    return target
