"""``export --tts``: Tabletop Simulator deck sheets and a saved object that loads them.

Cards that share a back form one custom deck: the kinds of one size whose cards all show the
same back (a player's deck of two kinds is one deck); a kind whose cards have backs of their
own is a deck of its own. A deck's distinct fronts go on JPEG sheets of up to 10 × 7 cards, its
back as its own image (or, when the backs differ, back sheets laid out like the fronts), and
``KIT.json`` is a saved object (``ObjectStates``) holding one ``DeckCustom`` per deck with every
copy (``DeckIDs``, ``ContainedObjects``). Round pieces are tokens, not cards
(:mod:`.tts_tokens`). Copy the JSON into TTS's ``Saves/Saved Objects`` folder; the images are
referenced by ``file:///`` URLs.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from PIL import Image

from printandplay.export.faces import distinct_faces, face_images
from printandplay.export.files import save_atomic, write_text_atomic
from printandplay.export.png import safe_name
from printandplay.export.tts_tokens import is_token, token_objects, tts_guid
from printandplay.kit.assets import load_assets
from printandplay.kit.outputs import check_output_folder
from printandplay.model.game import Component, Game, Kind, SheetSection
from printandplay.model.ops import Face
from printandplay.planning.assets import GameAssets
from printandplay.planning.options import BuildOptions
from printandplay.planning.planner import KitPlanner
from printandplay.project import Resources

MAX_COLUMNS = 10
MAX_ROWS = 7
MAX_SHEET_PIXELS = 4096  # per side: TTS loads larger sheets badly on modest machines
JPEG_QUALITY = 90
BLANK_BACK = (120, 120, 120)


@dataclass(frozen=True)
class TtsDeck:
    """One deck of the saved object: its kinds (``"terre+creature"``), its sheets (the PNG
    files of a kind of tokens) and how many cards or tokens it holds."""

    kind: str
    sheets: tuple[Path, ...]
    backs: tuple[Path, ...]
    columns: tuple[int, ...]
    rows: tuple[int, ...]
    cards: int
    tokens: bool = False  # round pieces, one TTS token each (``sheets``: their PNG files)


@dataclass(frozen=True)
class TtsExport:
    """What ``export --tts`` wrote."""

    json_path: Path
    decks: tuple[TtsDeck, ...]


def grid(count: int) -> tuple[int, int]:
    """Columns and rows of a sheet of ``count`` cards (at most 10 × 7)."""
    columns = min(MAX_COLUMNS, count)
    return columns, math.ceil(count / columns)


def cell_size(kind: Kind, dpi: float) -> tuple[int, int]:
    """Pixels per card: ``dpi``, lowered so that a full 10 × 7 sheet stays within the limit."""
    w_in, h_in = kind.size.width / 72, kind.size.height / 72
    dpi = min(dpi, MAX_SHEET_PIXELS / (MAX_COLUMNS * w_in), MAX_SHEET_PIXELS / (MAX_ROWS * h_in))
    return max(1, round(w_in * dpi)), max(1, round(h_in * dpi))


def _sheet(images: Sequence[Image.Image | None], cell: tuple[int, int]) -> Image.Image:
    columns, rows = grid(len(images))
    sheet = Image.new("RGB", (columns * cell[0], rows * cell[1]), BLANK_BACK)
    for index, image in enumerate(images):
        if image is None:
            continue
        row, col = divmod(index, columns)
        if image.size != cell:
            image = image.resize(cell, Image.Resampling.BICUBIC, reducing_gap=2.0)
        sheet.paste(image, (col * cell[0], row * cell[1]))
    return sheet


def _transform(index: int) -> dict[str, float]:
    return {"posX": 3.0 * index, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def _card_object(component: Component, card_id: int, custom: dict[str, Any], guid: str,
                 index: int) -> dict[str, Any]:
    return {"Name": "Card", "Transform": _transform(index), "Nickname": component.name,
            "Description": component.id, "CardID": card_id, "CustomDeck": custom,
            "Hands": True, "SidewaysCard": False, "GUID": guid}


def export_tts(resources: Resources, game_id: str, folder: Path, dpi: float = 300,
               entries: Sequence[tuple[str, int]] | None = None, name: str | None = None,
               assets: GameAssets | None = None,
               progress: Callable[[int, int], None] | None = None) -> TtsExport:
    """Write the deck sheets of ``game_id`` (every component with its kit count, or the
    ``(card id, copies)`` of ``entries``) and ``folder/NAME.json``; ``progress`` is told the
    decks written and their number after each one."""
    name = name or game_id
    check_output_folder(folder, (f"{safe_name(name)}.json",))
    assets = assets or load_assets(resources, game_id)
    game = assets.game
    if entries is None:
        entries = [(c.id, c.count) for c in game.components if c.count > 0]
    counts: dict[str, int] = {}
    for card_id, count in entries:
        counts[card_id] = counts.get(card_id, 0) + count
    chosen = [game.component(card_id) for card_id in counts]
    planner = KitPlanner(assets, BuildOptions())
    states: list[dict[str, Any]] = []
    decks: list[TtsDeck] = []
    groups = deck_groups(game.kinds, chosen, planner)
    for deck_number, (kind_ids, members) in enumerate(groups, start=1):
        kind = game.kinds[kind_ids[0]]
        stem = f"{safe_name(name)}-{'-'.join(safe_name(k) for k in kind_ids)}"
        if is_token(kind):
            tokens, files = token_objects(assets, planner, kind, members, counts, folder, stem,
                                          dpi, deck_number - 1)
            states.extend(tokens)
            decks.append(TtsDeck(kind.id, tuple(files), (), (), (), len(tokens), tokens=True))
        else:
            label = deck_label(game, kind_ids)
            state, deck = _kind_deck(assets, planner, kind, members, counts, folder, stem, dpi,
                                     deck_number, deck_number - 1, label)
            states.append(state)
            decks.append(replace(deck, kind="+".join(kind_ids)))
        if progress:
            progress(deck_number, len(groups))
    saved = {"SaveName": f"{game.name} — {name}", "GameMode": "", "Date": "", "VersionNumber": "",
             "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "", "Rules": "",
             "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "ObjectStates": states,
             "TabStates": {}}
    json_path = folder / f"{safe_name(name)}.json"
    write_text_atomic(json_path, json.dumps(saved, ensure_ascii=False, indent=2) + "\n")
    return TtsExport(json_path, tuple(decks))


def deck_label(game: Game, kind_ids: Sequence[str]) -> str:
    """A deck's name in TTS: its kind's label, else the title of the kit section printing
    exactly its kinds, else their labels joined."""
    if len(kind_ids) > 1:
        for section in game.kit:
            if isinstance(section, SheetSection) and set(section.kinds) == set(kind_ids):
                return section.title
    return " + ".join(game.kinds[k].label for k in kind_ids)


def deck_groups(kinds: Mapping[str, Kind], chosen: Sequence[Component], planner: KitPlanner
                ) -> list[tuple[tuple[str, ...], list[Component]]]:
    """The components in TTS decks, in order: the kinds of one size whose cards all share one
    back together, each other kind (its cards with backs of their own, or a kind of tokens)
    alone."""
    by_kind: dict[str, list[Component]] = {}
    for component in chosen:
        by_kind.setdefault(component.kind, []).append(component)
    groups: dict[Hashable, tuple[list[str], list[Component]]] = {}
    for kind_id, members in by_kind.items():
        kind = kinds[kind_id]
        backs = {planner.face(c, c.back, "back") if c.back else None for c in members}
        shared = next(iter(backs)) if len(backs) == 1 else None
        key: Hashable = ((kind.size, shared) if shared is not None and not is_token(kind)
                         else ("kind", kind_id))
        group = groups.setdefault(key, ([], []))
        group[0].append(kind_id)
        group[1].extend(members)
    return [(tuple(ids), members) for ids, members in groups.values()]


def _kind_deck(assets: GameAssets, planner: KitPlanner, kind: Kind, members: list[Component],
               counts: dict[str, int], folder: Path, stem: str, dpi: float,
               deck_number: int, index: int, label: str) -> tuple[dict[str, Any], TtsDeck]:
    """The saved-object entry of one deck (of cards the size of ``kind``'s) and the sheets
    it uses."""
    faces, by_component = distinct_faces(planner, members)
    fronts = [f for f in faces if f.side == "front"]
    backs = [f for f in faces if f.side == "back"]
    cell = cell_size(kind, dpi)
    scale_dpi = cell[0] / (kind.size.width / 72)
    rasters: dict[Face, Image.Image] = {}
    for face, image in zip(faces, face_images(assets, [f.face for f in faces], scale_dpi, False),
                           strict=True):
        rasters[face.face] = image.resize(cell, Image.Resampling.BICUBIC, reducing_gap=2.0)
    unique_back = len(backs) > 1 or (len(backs) == 1 and any(
        "back" not in by_component[c.id] for c in members))
    # one slot per distinct front; a component's slot is its front's
    slot_of = {id(face): number for number, face in enumerate(fronts)}
    custom_decks: dict[str, dict[str, Any]] = {}
    sheets: list[Path] = []
    back_files: list[Path] = []
    columns: list[int] = []
    rows: list[int] = []
    single_back: Path | None = None
    if not unique_back:
        single_back = folder / f"{stem}-back.jpg"
        back_image = (rasters[backs[0].face] if backs
                      else Image.new("RGB", cell, BLANK_BACK))
        save_atomic(back_image, single_back, format="JPEG", quality=JPEG_QUALITY)
        back_files.append(single_back)
    per_sheet = MAX_COLUMNS * MAX_ROWS
    chunks = [fronts[i:i + per_sheet] for i in range(0, len(fronts), per_sheet)]
    for number, chunk in enumerate(chunks):
        deck_id = deck_number * 100 + number if len(chunks) > 1 else deck_number
        sheet_path = folder / (f"{stem}.jpg" if len(chunks) == 1 else f"{stem}-{number + 1}.jpg")
        save_atomic(_sheet([rasters[f.face] for f in chunk], cell), sheet_path, format="JPEG",
                    quality=JPEG_QUALITY)
        sheets.append(sheet_path)
        if unique_back:
            back_path = sheet_path.with_name(sheet_path.stem + "-back.jpg")
            chunk_backs = []
            for face in chunk:
                back = by_component[face.components[0].id].get("back")
                chunk_backs.append(rasters[back.face] if back is not None else None)
            save_atomic(_sheet(chunk_backs, cell), back_path, format="JPEG",
                        quality=JPEG_QUALITY)
            back_files.append(back_path)
        else:
            back_path = single_back  # type: ignore[assignment]
        cols, nrows = grid(len(chunk))
        columns.append(cols)
        rows.append(nrows)
        custom_decks[str(deck_id)] = {
            "FaceURL": sheet_path.resolve().as_uri(), "BackURL": back_path.resolve().as_uri(),
            "NumWidth": cols, "NumHeight": nrows, "BackIsHidden": True,
            "UniqueBack": unique_back, "Type": 0}
    deck_ids: list[int] = []
    contained: list[dict[str, Any]] = []
    for component in members:
        slot = slot_of[id(by_component[component.id]["front"])]
        sheet_number, position = divmod(slot, per_sheet)
        deck_id = deck_number * 100 + sheet_number if len(chunks) > 1 else deck_number
        card_id = deck_id * 100 + position
        custom = {str(deck_id): custom_decks[str(deck_id)]}
        for copy in range(counts[component.id]):
            deck_ids.append(card_id)
            contained.append(_card_object(component, card_id, custom,
                                          tts_guid(stem, component.id, str(copy)), index))
    kind_label = label
    if len(contained) == 1:
        state = dict(contained[0])  # TTS wants a lone card, not a deck of one
    else:
        state = {"Name": "DeckCustom", "Transform": _transform(index), "Nickname": kind_label,
                 "Description": "", "Hands": False, "SidewaysCard": False,
                 "DeckIDs": deck_ids, "CustomDeck": custom_decks, "ContainedObjects": contained,
                 "GUID": tts_guid(stem)}
    deck = TtsDeck(kind.id, tuple(sheets), tuple(back_files), tuple(columns), tuple(rows),
                   len(contained))
    return state, deck
