"""The print buttons: a deck's PDF by ``print-deck``'s code and options, and its Tabletop
Simulator export by ``export --tts``'s, both written under the output folder."""

from __future__ import annotations

import io
import json
import re
import threading
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from printandplay.data.presets import load_presets, resolve_paper
from printandplay.export.tts import export_tts
from printandplay.imposition.grid import DEFAULT_MARGIN
from printandplay.kit.build import build_deck
from printandplay.kit.deck_cards import deck_cards
from printandplay.model.deck import Deck
from printandplay.planning.options import BuildOptions
from printandplay.project import Resources
from printandplay.serve.catalog import GameView
from printandplay.serve.decks import BadRequest, check_keys
from printandplay.units import MAX_MARGIN, MM, parse_back_offset, parse_margin

PRINT_KEYS = frozenset({"deck", "paper", "flip", "back_offset", "margin", "force"})
PAPER = re.compile(r"^[a-z0-9.]{1,24}$")
TTS_DPI = 150  # the sheets Tabletop Simulator loads (export --tts's default is 300)
MAX_WARNINGS_SENT = 20  # warnings a print answer carries in its header (their count: all)
MAX_WARNING_CHARS = 400


class BuildCancelled(Exception):
    """A build whose request was given up (504): stopped at its next page, nothing written."""


def stop_when(cancel: threading.Event) -> Callable[[int, int], None]:
    """A build's progress callback that stops the build (:class:`BuildCancelled`) once
    ``cancel`` is set: a timed-out request's build does not run on to the end, and its file
    is never written (outputs are written atomically)."""
    def progress(done: int, total: int) -> None:
        if cancel.is_set():
            raise BuildCancelled()
    return progress


def warning_headers(warnings: list[str]) -> dict[str, str]:
    """The headers of a print answer that carry its build's warnings (text that had to
    shrink, a contrast too low…): ``x-warnings``, their number, and ``x-warning-messages``,
    the first :data:`MAX_WARNINGS_SENT` as a JSON list (ASCII, as headers must be)."""
    shown = [w if len(w) <= MAX_WARNING_CHARS else w[:MAX_WARNING_CHARS - 1] + "…"
             for w in warnings[:MAX_WARNINGS_SENT]]
    return {"x-warnings": str(len(warnings)),
            "x-warning-messages": json.dumps(shown, ensure_ascii=True)}


def paper_names() -> list[str]:
    """The preset papers, for the page's choice."""
    return sorted(load_presets().papers)


def read_print_options(data: dict[str, Any], folder: Path) -> BuildOptions:
    """``print-deck``'s options from a print request (paper, flip, back offset in mm as
    ``X,Y``, margin in mm), checked as the command line checks them; the PDF goes to
    ``folder``."""
    paper = data.get("paper", "a4")
    if not isinstance(paper, str) or not PAPER.match(paper.lower()):
        raise BadRequest(f"paper {paper!r}: a preset name such as a4, or WIDTHxHEIGHT in mm")
    resolve_paper(paper.lower(), load_presets())
    flip = data.get("flip", "long")
    if flip not in ("long", "short"):
        raise BadRequest("flip: long or short")
    offset = data.get("back_offset", "0,0")
    if not isinstance(offset, str) or len(offset) > 40:
        raise BadRequest("back_offset: X,Y in mm, such as 1.5,-0.5")
    margin = data.get("margin", DEFAULT_MARGIN / MM)
    if isinstance(margin, bool) or not isinstance(margin, (int, float)):
        raise BadRequest(f"margin: a number of mm from 0 to {MAX_MARGIN:g}")  # (range: below)
    return BuildOptions(paper=paper.lower(), out_dir=folder, flip=flip,
                        back_offset=parse_back_offset(offset), margin=parse_margin(margin))


def read_print_request(data: Any) -> tuple[Any, dict[str, Any], bool]:
    """The deck, the options and ``force`` of a print request."""
    data = check_keys(data, PRINT_KEYS, "print")
    force = data.get("force", False)
    if not isinstance(force, bool):
        raise BadRequest("force: true or false")
    return data.get("deck"), data, force


def print_deck_pdf(resources: Resources, view: GameView, deck: Deck, rules: str | None,
                   options: BuildOptions, name: str, warnings: list[str],
                   cancel: threading.Event | None = None) -> tuple[bytes, str]:
    """The deck's PDF as ``print-deck GAME NAME.txt`` writes it (into ``options.out_dir``):
    its bytes, read back by this build (a later build may write the same file), and its file
    name. Setting ``cancel`` stops the build at its next page."""
    cards = deck_cards(deck, view.game, rules)
    if not cards:
        raise BadRequest("no card to print: add cards to the deck first")
    path = build_deck(resources, view.game.id, cards, name, options,
                      stop_when(cancel) if cancel is not None else None, warnings=warnings)
    return path.read_bytes(), path.name


def export_deck_tts(resources: Resources, view: GameView, deck: Deck, folder: Path,
                    name: str, cancel: threading.Event | None = None) -> bytes:
    """The deck exported for Tabletop Simulator as ``export --tts DIR --deck NAME.txt`` does
    (into ``folder``), and a ZIP of the files written. Setting ``cancel`` stops the export
    at its next step."""
    entries = list(deck.counts().items())
    if not entries:
        raise BadRequest("no card to export: add cards to the deck first")
    result = export_tts(resources, view.game.id, folder, TTS_DPI, entries, f"deck-{name}",
                        assets=view.assets,
                        progress=stop_when(cancel) if cancel is not None else None)
    files = [result.json_path, *(p for d in result.decks for p in (*d.sheets, *d.backs))]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in dict.fromkeys(files):
            archive.write(path, path.name)
    return buffer.getvalue()
