"""``printandplay new``: write a small, complete, buildable game to start from.

The scaffold is data shipped in the package (``printandplay/scaffold/``): every ``*.tmpl`` file
is a Jinja template written with ``<< >>`` and ``<% %>`` (so that the game's own ``{{ }}``
templates pass through untouched), rendered with the game's id, name, size and cards; the
geometry of the layouts is worked out here from the card size. The words of the game (file
names, identifiers, sample texts and cards) come from ``scaffold/languages/<language>.yaml``
(:data:`NEW_LANGUAGES`); the kit's own words follow its ``language:`` (:mod:`.kit_words`).
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2
import yaml

from printandplay.data.presets import load_presets
from printandplay.errors import OptionError
from printandplay.kit.outputs import check_output_folder
from printandplay.project import Resources, bundled_root
from printandplay.units import MM

SCAFFOLD_DIR = Path(__file__).resolve().parent.parent / "scaffold"
# A stricter form of project.GAME_ID (which every command accepts): a letter first, 40 at most.
GAME_ID = re.compile(r"[a-z][a-z0-9-]{0,39}")
MIN_SIDE_MM = 40.0
# `new --template NAME`: the example game each copies (examples/cards/NAME…)
TEMPLATES = {"tiles": "tuiles", "board": "plateau", "dice": "des"}
MAX_CARDS = 200
NEW_LANGUAGES = ("fr", "en", "de", "es", "it")  # the languages of scaffold/languages/
SCAFFOLD_FILES = {"cartes.yaml.tmpl": "cards", "regles.md.j2.tmpl": "rules"}  # renamed by language


@dataclass(frozen=True)
class NewGame:
    """What ``printandplay new`` wrote."""

    game_id: str
    cards_folder: Path
    templates_folder: Path
    files: tuple[Path, ...]


def card_sizes() -> list[str]:
    """The preset sizes a new game may use (large enough for the sample layout)."""
    sizes = load_presets().sizes
    return [name for name, s in sizes.items()
            if min(s.width, s.height) / MM >= MIN_SIDE_MM - 1e-6]


def new_game(root: Path, game_id: str, cards: int = 12, size: str = "poker",
             language: str = "fr", template: str = "cards") -> NewGame:
    """Write ``cards/<game_id>/`` and ``templates/<game_id>/`` under ``root``: the sample card
    game in ``language`` (one of :data:`NEW_LANGUAGES`; ``template`` ``cards``, with ``cards``
    cards of ``size``), or a copy of an example game of :data:`TEMPLATES` (hexagonal tiles and
    tokens, a board, dice), written in French.

    Raises :class:`OptionError` for a bad id, count, size or template, or when the game exists
    already (nothing is overwritten). The two folders appear whole or not at all.
    """
    if template not in ("cards", *TEMPLATES):
        raise OptionError(f"--template {template}: choose one of cards, {', '.join(TEMPLATES)}")
    if template != "cards" and language != "fr":
        raise OptionError(f"--template {template} --language {language}: the example games are "
                          "written in French; --language applies to --template cards")
    _check(root, game_id, cards, size, language)
    if template != "cards":
        return _write(root, game_id, lambda part: _example_files(part, TEMPLATES[template],
                                                                 game_id))
    context = _context(game_id, cards, size, language)
    return _write(root, game_id, lambda part: _scaffold_files(part, context))


def _scaffold_files(part: str, context: dict[str, Any]) -> list[tuple[Path, bytes]]:
    """The files of the sample card game's ``part`` (cards, templates): relative path, bytes
    (the files named by language renamed as ``context`` says)."""
    out = []
    for source in sorted((SCAFFOLD_DIR / part).rglob("*")):
        if source.is_dir():
            continue
        relative = source.relative_to(SCAFFOLD_DIR / part)
        if source.name in SCAFFOLD_FILES:
            own = context["files"][SCAFFOLD_FILES[source.name]]
            relative = relative.with_name(own + source.name[source.name.index("."):])
        if source.suffix == ".tmpl":
            out.append((relative.with_suffix(""), _render(source, context).encode("utf-8")))
        else:
            out.append((relative, source.read_bytes()))
    return out


def display_name(game_id: str) -> str:
    """A new game's name from its id: ``mon-jeu`` → ``Mon jeu``."""
    return re.sub(r"[-_]+", " ", game_id).strip().capitalize()


def _example_files(part: str, example: str, game_id: str) -> list[tuple[Path, bytes]]:
    """The files of an example game's ``part``, its name and build command made the new
    game's."""
    folder = examples_root() / part / example
    name = display_name(game_id)
    out = []
    for source in sorted(folder.rglob("*")):
        if source.is_dir():
            continue
        data = source.read_bytes()
        if source.suffix in (".yaml", ".j2", ".md"):
            text = data.decode("utf-8").replace(f"printandplay build {example}",
                                                f"printandplay build {game_id}")
            if source.name == "game.yaml":
                text = re.sub(r"(?m)^name: .*$", f"name: {json.dumps(name, ensure_ascii=False)}",
                              text, count=1)
            data = text.encode("utf-8")
        out.append((source.relative_to(folder), data))
    return out


def examples_root() -> Path:
    """The folder of the example games (``examples/`` of the repository, bundled when
    installed)."""
    return bundled_root() / "examples"


def _write(root: Path, game_id: str, files: Callable[[str], list[tuple[Path, bytes]]]
           ) -> NewGame:
    """Write the new game's ``files`` of each part, staged, then moved in place whole."""
    targets = {"cards": root / "cards" / game_id, "templates": root / "templates" / game_id}
    written: list[Path] = []
    staged: dict[str, Path] = {}
    moved: list[Path] = []
    try:
        for part, target in targets.items():
            target.parent.mkdir(parents=True, exist_ok=True)
            stage = Path(tempfile.mkdtemp(prefix=f".{game_id}-", dir=target.parent))
            staged[part] = stage
            for relative, data in files(part):
                out = stage / relative
                out.parent.mkdir(parents=True, exist_ok=True)
                out.write_bytes(data)
                written.append(target / relative)
        for part, target in targets.items():
            staged[part].rename(target)
            del staged[part]
            moved.append(target)
    except OSError as error:
        _remove(staged, moved)
        where = error.filename or root
        raise OptionError(f"cannot write the new game in {where}: {error.strerror}") from None
    except BaseException:
        _remove(staged, moved)
        raise
    return NewGame(game_id, targets["cards"], targets["templates"], tuple(written))


def _remove(staged: dict[str, Path], moved: list[Path]) -> None:
    """Remove what a failed ``new`` wrote (the targets did not exist before)."""
    for folder in [*staged.values(), *moved]:
        shutil.rmtree(folder, ignore_errors=True)


def _check(root: Path, game_id: str, cards: int, size: str, language: str) -> None:
    if language not in NEW_LANGUAGES:
        raise OptionError(f"--language {language}: choose one of {', '.join(NEW_LANGUAGES)} "
                          "(then set any language: in game.yaml)")
    if not GAME_ID.fullmatch(game_id) or game_id in ("all", "shared"):
        raise OptionError(f"bad game id '{game_id}': use lower-case letters, digits and '-', "
                          "starting with a letter, at most 40 (not 'all' nor 'shared')")
    if not 1 <= cards <= MAX_CARDS:
        raise OptionError(f"--cards {cards}: choose 1 to {MAX_CARDS} cards")
    allowed = card_sizes()
    if size not in allowed:
        raise OptionError(f"--size {size}: choose one of {', '.join(allowed)}")
    for folder in (root / "cards" / game_id, root / "templates" / game_id):
        if folder.exists() or folder.is_symlink():
            kind = " (a symlink)" if folder.is_symlink() else ""
            raise OptionError(f"{folder} already exists{kind}: printandplay new never overwrites; "
                              "choose another name or delete it")
        check_output_folder(folder.parent, within=root)
    if game_id in Resources.discover(root).game_ids():
        raise OptionError(f"a game '{game_id}' already exists (printandplay games): choose "
                          "another name")


def _context(game_id: str, cards: int, size: str, language: str) -> dict[str, Any]:
    item = load_presets().sizes[size]
    width, height = item.width / MM, item.height / MM
    samples = yaml.safe_load((SCAFFOLD_DIR / "samples.yaml").read_text(encoding="utf-8"))
    words = load_scaffold_words(language)
    prefix = re.sub(r"[^A-Z0-9]", "", game_id.upper())[:4] or "C"
    records = []
    for index in range(cards):
        sample = {**samples[index % len(samples)], **words["cards"][index % len(samples)]}
        sample["family"] = words["ids"]["families"][sample["family"]]
        round_ = index // len(samples)
        if round_:
            sample["name"] = f"{sample['name']} {round_ + 1}"
        records.append({"id": f"{prefix}-{index + 1:02d}", **sample})
    m = 4.0  # margin: the default safe zone is 3 mm
    th = max(7.0, round(height * 0.13, 1))  # title band
    eh = round(height * 0.26, 1)  # effect text
    iy = m + th + 2.0
    ey = height - m - eh
    ih = ey - 1.5 - iy
    iw = min(round(width * 0.6, 1), ih)
    return {
        "game": game_id,
        "name": display_name(game_id),
        "size": size,
        "cards": cards,
        "width": width,
        "height": height,
        "m": m,
        "th": th,
        "eh": eh,
        "ey": ey,
        "iy": iy,
        "ih": ih,
        "iw": iw,
        "ix": (width - iw) / 2,
        "vd": round(min(10.0, width * 0.18), 1),
        "title_size": round(min(14.0, th * 1.6), 1),
        "value_size": round(min(14.0, width * 0.18 * 1.3), 1),
        "cards_list": records,
        "language": language,
        "files": words["files"],
        "i": words["ids"],
        "t": words["texts"],
    }


def load_scaffold_words(language: str) -> dict[str, Any]:
    """The words of a new game in ``language`` (``scaffold/languages/<language>.yaml``)."""
    path = SCAFFOLD_DIR / "languages" / f"{language}.yaml"
    words: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return words


def _number(value: Any) -> Any:
    if isinstance(value, float):
        return f"{round(value, 2):g}"
    return "" if value is None else value


def _render(path: Path, context: dict[str, Any]) -> str:
    env = jinja2.Environment(
        variable_start_string="<<", variable_end_string=">>",
        block_start_string="<%", block_end_string="%>",
        comment_start_string="<#", comment_end_string="#>",
        undefined=jinja2.StrictUndefined, finalize=_number, keep_trailing_newline=True,
        trim_blocks=True, lstrip_blocks=True, autoescape=False,
    )
    env.filters["quoted"] = lambda text: json.dumps(str(text), ensure_ascii=False)
    return env.from_string(path.read_text(encoding="utf-8")).render(context)
