"""Writes tests/hardening/cases/data.yaml: the hardening cases of the data area (issue 10).

Run from the repository root: ``python3 tests/hardening/make_data_cases.py``. The binary payloads
(a PNG claiming 100000x100000 pixels, truncated PNGs, random bytes as a font or an icon...) are
built here and written into the cases as hex, so the cases need no generator of the runner.
"""
import json
import random
import struct
import zlib
from pathlib import Path
from typing import Any

import yaml

GAMES = ["charlie", "licum", "sorciers", "limits", "oups"]
FIRST = {"charlie": "tuiles.yaml", "licum": "impros.yaml", "sorciers": "ciblage.yaml",
         "limits": "couleurs.yaml", "oups": "aides.yaml"}
TABLE = {"charlie": ("effets", "tables/effets.yaml"), "licum": ("equipes", "tables/equipes.yaml"),
         "sorciers": ("magies", "tables/magies.yaml"), "limits": ("couleurs", "tables/couleurs.yaml"),
         "oups": ("pv", "tables/pv.yaml")}
COUNT = {"charlie": ("amulettes.yaml", "count: 12}"), "licum": ("mises-au-jeu.yaml", "colour: verte, count: 2}"),
         "sorciers": ("attaque.yaml", "couleur: rouge, count: 18}"), "limits": ("couleurs.yaml", "colour: rouge, count: 12}"),
         "oups": ("aides.yaml", "count: 5}")}
KIND = {"charlie": "tuile", "licum": "impro", "sorciers": "ciblage", "limits": "couleur", "oups": "carte"}

def chunk(t, d): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))
SIG = b"\x89PNG\r\n\x1a\n"
def ihdr(w, h): return chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
GOOD = SIG + ihdr(4, 4) + chunk(b"IDAT", zlib.compress(b"".join(b"\0" + b"\x80" * 12 for _ in range(4)))) + chunk(b"IEND", b"")
BOMB = SIG + ihdr(100000, 100000) + chunk(b"IDAT", zlib.compress(b"\0" * 1000)) + chunk(b"IEND", b"")
TRUNC = GOOD[:len(GOOD) - 20]
SHORT = SIG + ihdr(4, 4) + chunk(b"IDAT", zlib.compress(b"\0" * 10)) + chunk(b"IEND", b"")
BADCRC = GOOD[:30] + bytes([GOOD[30] ^ 0xFF]) + GOOD[31:]
NOEND = GOOD[:-12]
ZBOMB = SIG + ihdr(64, 64) + chunk(b"IDAT", zlib.compress(b"\0" * 2_000_000, 9)) + chunk(b"IEND", b"")
random.seed(10)
RAND = bytes(random.getrandbits(8) for _ in range(96))
TTF_GARBAGE = b"\x00\x01\x00\x00" + RAND
OTF = b"OTTO" + RAND[:60]
JPEG_TRUNC = bytes.fromhex("ffd8ffe000104a46494600010100000100010000ffc0001108000400040301220002110103110100")

LOL = "".join(["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"] + [
    f"{c}: &{c} [" + ", ".join([f"*{p}"] * 9) + "]\n" for p, c in zip("abcdefgh", "bcdefghi", strict=True)])
def indent(text, n): return "".join(" " * n + line + "\n" for line in text.splitlines())

cases: list[dict[str, Any]] = []  # the YAML records, loosely typed
def case(id, args, exit, message, game=None, edits=(), timeout=None):
    c = {"id": id}
    if game:
        c["game"] = game
    if edits:
        c["edits"] = list(edits)
    c.update(args=args, exit=exit, message=message)
    if timeout:
        c["timeout"] = timeout
    cases.append(c)

def rep(path, old, new): return {"path": path, "replace": old, "with": new}
def write(path, text): return {"path": path, "write": text}
def hexw(path, data): return {"path": path, "write_hex": data.hex()}
def link(path, target): return {"path": path, "symlink": target}

# --- 1. confinement -------------------------------------------------------------------------
for g in GAMES:
    gy, first = f"cards/{g}/game.yaml", FIRST[g]
    case(f"data-components-absolute-{g}", ["build", g], 2, "absolute paths are not allowed", g,
         [rep(gy, f"  - {first}\n", "  - /etc/passwd\n")])
    case(f"data-components-dotdot-{g}", ["build", g], 2, "'..' leaves the folder", g,
         [rep(gy, f"  - {first}\n", "  - ../../../../../etc/passwd\n")])
    case(f"data-components-symlink-out-{g}", ["build", g], 2, "points outside", g,
         [link(f"cards/{g}/{first}", "/etc/passwd")])
    name, file = TABLE[g]
    case(f"data-tables-absolute-{g}", ["build", g], 2, f"tables.{name} '/etc/hostname': absolute", g,
         [rep(gy, f"{name}: {file}", f"{name}: /etc/hostname")])
    case(f"data-tables-symlink-out-{g}", ["check", g], 2, "points outside", g,
         [link(f"cards/{g}/{file}", "/etc/passwd")])
case("data-tables-dotdot-charlie", ["build", "charlie"], 2, "tables.types 'tables/../../../templates/charlie/layouts.yaml': '..' leaves",
     "charlie", [rep("cards/charlie/game.yaml", "types: tables/types.yaml", "types: tables/../../../templates/charlie/layouts.yaml")])
case("data-components-dotdot-back-in-is-fine-but-missing", ["cards", "oups"], 2, "file not found", "oups",
     [rep("cards/oups/game.yaml", "  - aides.yaml\n", "  - tables/../absent.yaml\n")])
case("data-components-nul-character", ["cards", "charlie"], 2, "NUL character", "charlie",
     [rep("cards/charlie/game.yaml", "  - tuiles.yaml\n", '  - "tuiles\\0.yaml"\n')])
case("data-components-windows-drive", ["cards", "limits"], 2, "absolute paths are not allowed", "limits",
     [rep("cards/limits/game.yaml", "  - couleurs.yaml\n", "  - 'C:\\Windows\\win.ini'\n")])
case("data-components-home-dotdot", ["cards", "sorciers"], 2, "leaves the folder", "sorciers",
     [rep("cards/sorciers/game.yaml", "  - ciblage.yaml\n", "  - ./../sorciers/../../../.ssh/id_rsa\n")])
case("data-game-yaml-symlink-out", ["build", "charlie"], 2, "cards/charlie/game.yaml: a symlink that points outside", "charlie",
     [link("cards/charlie/game.yaml", "/etc/passwd")])
case("data-layouts-symlink-out", ["build", "licum"], 2, "layouts file 'layouts.yaml': a symlink that points outside", "licum",
     [link("templates/licum/layouts.yaml", "/etc/passwd")])
case("data-layouts-dev-zero", ["build", "oups"], 2, "points outside", "oups",
     [link("templates/oups/layouts.yaml", "/dev/zero")])
case("data-icon-symlink-out", ["build", "charlie"], 2, "icon 'icons/passwd.svg': a symlink that points outside", "charlie",
     [link("templates/charlie/icons/passwd.svg", "/etc/passwd")])
case("data-icon-symlink-dev-zero", ["build", "sorciers"], 2, "points outside", "sorciers",
     [link("templates/sorciers/icons/zero.svg", "/dev/zero")])
case("data-image-symlink-out", ["build", "limits"], 2, "image 'images/fond.png': a symlink that points outside", "limits",
     [link("templates/limits/images/fond.png", "/etc/passwd")])
case("data-templates-shared-symlink-to-root", ["build", "charlie"], 2, "templates/shared: a symlink that points outside", "charlie",
     [link("templates/shared", "/")])
case("data-fonts-yaml-symlink-out", ["build", "licum"], 2, "fonts/fonts.yaml: a symlink that points outside", "licum",
     [link("fonts/fonts.yaml", "/etc/passwd")])
case("data-game-yaml-symlink-to-another-game", ["cards", "oups"], 2, "game file 'game.yaml': a symlink that points outside cards/oups/", "oups",
     [write("cards/autre/game.yaml", "name: Autre\n"), link("cards/oups/game.yaml", "../autre/game.yaml")])
FONTS_HEAD = "roles:\n  body:\n    regular: {file: %s}\n    licence: OFL-1.1\n"
case("data-font-file-absolute", ["build", "oups"], 2, "file '/etc/passwd': absolute paths are not allowed", "oups",
     [write("fonts/fonts.yaml", FONTS_HEAD % "/etc/passwd")])
case("data-font-file-dotdot", ["build", "oups"], 2, "'..' leaves the folder fonts/", "oups",
     [write("fonts/fonts.yaml", FONTS_HEAD % "../cards/oups/game.yaml")])
case("data-font-file-symlink-out", ["build", "charlie"], 2, "a symlink that points outside fonts/", "charlie",
     [write("fonts/fonts.yaml", FONTS_HEAD % "mine.ttf"), link("fonts/mine.ttf", "/etc/passwd")])
case("data-font-package-dotdot", ["build", "limits"], 2, "leaves the folder the package 'font_roboto'", "limits",
     [write("fonts/fonts.yaml", "roles:\n  body:\n    regular: {package: font_roboto, file: ../../os.py}\n    licence: OFL-1.1\n")])

case("data-csv-component-symlink-out", ["build", "limits"], 2, "components 'couleurs.csv': a symlink that points outside", "limits",
     [rep("cards/limits/game.yaml", "  - couleurs.yaml\n", "  - {file: couleurs.csv, kind: couleur}\n"),
      link("cards/limits/couleurs.csv", "/etc/passwd")])
case("data-csv-component-absolute", ["cards", "limits"], 2, "absolute paths are not allowed", "limits",
     [rep("cards/limits/game.yaml", "  - couleurs.yaml\n", "  - {file: /etc/passwd.csv, kind: couleur}\n")])
case("data-csv-component-dev-zero", ["check", "oups"], 2, "points outside", "oups",
     [rep("cards/oups/game.yaml", "  - aides.yaml\n", "  - {file: aides.tsv, kind: aide}\n"),
      link("cards/oups/aides.tsv", "/dev/zero")])
case("data-xlsx-component-dotdot", ["cards", "sorciers"], 2, "'..' leaves the folder cards/sorciers/", "sorciers",
     [rep("cards/sorciers/game.yaml", "  - aides.yaml\n", "  - {file: ../../x.xlsx, kind: aide}\n")])
case("data-csv-not-utf8", ["cards", "oups"], 2, "not UTF-8 text", "oups",
     [rep("cards/oups/game.yaml", "  - aides.yaml\n", "  - {file: aides.csv, kind: aide}\n"),
      hexw("cards/oups/aides.csv", RAND)])
case("data-decks-folder-symlink-out", ["check", "licum"], 2, "decks 'paquets': a symlink that points outside cards/licum/", "licum",
     [rep("cards/licum/game.yaml", "decks: decks,", "decks: paquets,"), link("cards/licum/paquets", "/etc")])
case("data-deck-file-symlink-out", ["check", "licum"], 2, "deck 'decks/zz.txt': a symlink that points outside", "licum",
     [link("cards/licum/decks/zz.txt", "/etc/passwd")])
case("data-decks-folder-absolute", ["check", "licum"], 2, "'decks' must be a folder inside the game folder", "licum",
     [rep("cards/licum/game.yaml", "decks: decks,", "decks: /etc,")])

case("data-font-package-dotted-runs-no-code", ["build", "oups"], 2, "font 'body.regular'", "oups",
     [write("piege/__init__.py", "raise RuntimeError('code from a game folder ran')\n"),
      write("piege/sous/__init__.py", ""),
      write("fonts/fonts.yaml", "roles:\n  body:\n    regular: {package: piege.sous, file: a.ttf}\n    licence: OFL-1.1\n")])

# --- 2. symlink loops, devices, folders ----------------------------------------------------------
for g in ("charlie", "licum", "oups"):
    first = FIRST[g]
    case(f"data-component-symlink-loop-{g}", ["build", g], 2, "symlink loop", g,
         [link(f"cards/{g}/{first}", "boucle.yaml"), link(f"cards/{g}/boucle.yaml", first)])
    case(f"data-component-dev-zero-{g}", ["build", g], 2, "points outside", g,
         [link(f"cards/{g}/{first}", "/dev/zero")])
case("data-table-self-symlink-loop", ["build", "oups"], 2, "symlink loop", "oups",
     [link("cards/oups/tables/pv.yaml", "pv.yaml")])
case("data-table-dev-zero", ["build", "sorciers"], 2, "points outside", "sorciers",
     [link("cards/sorciers/tables/magies.yaml", "/dev/zero")])
case("data-component-is-a-folder", ["build", "charlie"], 2, "is a folder", "charlie",
     [rep("cards/charlie/game.yaml", "  - tuiles.yaml\n", "  - tables\n")])
case("data-component-symlink-to-folder-inside", ["cards", "licum"], 2, "is a folder", "licum",
     [link("cards/licum/impros.yaml", "tables")])
case("data-table-is-the-game-folder", ["check", "limits"], 2, "is a folder", "limits",
     [rep("cards/limits/game.yaml", "joueurs: tables/joueurs.yaml", "joueurs: .")])

# --- 3. YAML bounds ---------------------------------------------------------------------------
for g in ("charlie", "licum", "oups"):
    first = FIRST[g]
    case(f"data-alias-bomb-component-{g}", ["build", g], 2, "YAML too large", g,
         [write(f"cards/{g}/bombe.yaml", f"kind: {KIND[g]}\n" + LOL),
          rep(f"cards/{g}/game.yaml", f"  - {first}\n", f"  - {first}\n  - bombe.yaml\n")], timeout=3)
for g in ("charlie", "sorciers", "limits", "oups"):
    case(f"data-alias-bomb-table-{g}", ["build", g], 2, "YAML too large", g,
         [write(f"cards/{g}/{TABLE[g][1]}", LOL)], timeout=3)
for g in ("charlie", "licum", "sorciers"):
    case(f"data-alias-bomb-layouts-{g}", ["build", g], 2, "YAML too large", g,
         [{"path": f"templates/{g}/layouts.yaml", "append": "\nbombe:\n" + indent(LOL, 2)}], timeout=3)
case("data-alias-bomb-game-yaml", ["cards", "limits"], 2, "200,000 values", "limits",
     [{"path": "cards/limits/game.yaml", "append": "\nbombe:\n" + indent(LOL, 2)}], timeout=3)
case("data-alias-bomb-fonts-yaml", ["build", "oups"], 2, "YAML too large", "oups",
     [write("fonts/fonts.yaml", LOL)], timeout=3)
case("data-alias-bomb-in-a-card", ["build", "oups"], 2, "YAML too large", "oups",
     [{"path": "cards/oups/aides.yaml", "append": "  - id: bombe\n    extra:\n" + indent(LOL, 6)}], timeout=3)
case("data-deep-nesting-component", ["build", "charlie"], 2, "nested deeper than 100 levels", "charlie",
     [write("cards/charlie/tuiles.yaml", "kind: tuile\ncards: " + "[" * 20000 + "]" * 20000 + "\n")], timeout=3)
case("data-deep-nesting-block-table", ["build", "licum"], 2, "nested deeper than 100 levels", "licum",
     [write("cards/licum/tables/roles.yaml", "- " * 5000 + "x\n")], timeout=3)
case("data-deep-nesting-layouts", ["build", "limits"], 2, "nested deeper than 100 levels", "limits",
     [{"path": "templates/limits/layouts.yaml", "append": "\nprofond: " + "{a: " * 3000 + "1" + "}" * 3000 + "\n"}], timeout=3)
case("data-recursive-alias-table", ["build", "charlie"], 2, "recursive YAML alias '*a'", "charlie",
     [write("cards/charlie/tables/types.yaml", "boucle: &a [1, *a]\n")])
case("data-recursive-alias-mapping-component", ["cards", "sorciers"], 2, "recursive YAML alias", "sorciers",
     [write("cards/sorciers/aides.yaml", "kind: aide\ncards: &c\n  - {id: x, autre: *c}\n")])

# --- 4. copies --------------------------------------------------------------------------------
for g in GAMES:
    file, old = COUNT[g]
    case(f"data-count-ten-million-{g}", ["build", g], 2, "at most 10,000 copies of one component", g,
         [rep(f"cards/{g}/{file}", old, old.replace(old.split("count: ")[1].rstrip("}"), "10000000"))])
case("data-count-just-over-limit", ["cards", "charlie"], 2, "count 10,001", "charlie",
     [rep("cards/charlie/amulettes.yaml", "count: 12}", "count: 10001}")])
case("data-count-huge-integer", ["check", "limits"], 2, "at most 10,000 copies", "limits",
     [rep("cards/limits/couleurs.yaml", "colour: rouge, count: 12}", "colour: rouge, count: 999999999999999999}")])
case("data-count-total-per-game", ["build", "oups"], 2, "a game is limited to 100,000", "oups",
     [write("cards/oups/masse.yaml", "kind: aide\ncards:\n" + "".join(f"  - {{id: masse-{i}, count: 10000}}\n" for i in range(11))),
      rep("cards/oups/game.yaml", "  - aides.yaml\n", "  - aides.yaml\n  - masse.yaml\n")])

# --- 5. reserved fields, checks -------------------------------------------------------------------
case("data-field-named-type-charlie", ["cards", "charlie"], 2, "field name 'type' is reserved", "charlie",
     [rep("cards/charlie/game.yaml", "      role: {type: text}", "      type: {type: text}")])
case("data-field-named-kind-licum", ["build", "licum"], 2, "field name 'kind' is reserved", "licum",
     [rep("cards/licum/game.yaml", "      impro_kind: {type: choice", "      kind: {type: choice")])
case("data-field-named-type-oups", ["check", "oups"], 2, "it would hide the kind", "oups",
     [rep("cards/oups/game.yaml", "      titre: {type: text}", "      titre: {type: text}\n      type: {type: text, required: false}")])
case("data-field-named-kind-limits", ["cards", "limits"], 2, "field name 'kind' is reserved", "limits",
     [rep("cards/limits/game.yaml", "      value: {type: int}", "      value: {type: int}\n      kind: {type: int, required: false}")])
case("data-checks-min-greater-than-max-licum", ["check", "licum"], 2, "min 8 is more than max 3", "licum",
     [rep("cards/licum/game.yaml", "per: team, min: 8,", "per: team, min: 8, max: 3,")])
for g in ("charlie", "sorciers", "limits", "oups"):
    case(f"data-checks-min-greater-than-max-{g}", ["build", g], 2, "min 5 is more than max 2", g,
         [rep(f"cards/{g}/game.yaml", "\nchecks:\n", f"\nchecks:\n  - {{id: X-1, kind: {KIND[g]}, min: 5, max: 2}}\n")])

# --- 6. assets --------------------------------------------------------------------------------
case("data-png-truncated-charlie", ["build", "charlie"], 2, "truncated PNG file", "charlie",
     [hexw("templates/charlie/images/fond.png", TRUNC)])
case("data-png-truncated-licum", ["build", "licum"], 2, "truncated PNG file", "licum",
     [hexw("templates/licum/images/decor/rideau.png", TRUNC)])
case("data-png-bomb-header-charlie", ["build", "charlie"], 2, "100000×100000 pixels is too large", "charlie",
     [hexw("templates/charlie/images/bombe.png", BOMB)])
case("data-png-bomb-header-sorciers", ["build", "sorciers"], 2, "limited to 50 million pixels", "sorciers",
     [hexw("templates/sorciers/images/bombe.png", BOMB)])
case("data-png-zlib-bomb", ["build", "oups"], 2, "more image data than its size", "oups",
     [hexw("templates/oups/images/bombe.png", ZBOMB)])
case("data-png-short-image-data", ["build", "limits"], 2, "image data incomplete", "limits",
     [hexw("templates/limits/images/court.png", SHORT)])
case("data-png-bad-checksum", ["build", "charlie"], 2, "bad checksum", "charlie",
     [hexw("templates/charlie/images/abime.png", BADCRC)])
case("data-png-no-iend", ["build", "oups"], 2, "no IEND chunk", "oups",
     [hexw("templates/oups/images/sans-fin.png", NOEND)])
case("data-png-random-bytes", ["build", "licum"], 2, "not a PNG or JPEG file", "licum",
     [hexw("templates/licum/images/bruit.png", RAND)])
case("data-png-empty", ["build", "sorciers"], 2, "not a PNG or JPEG file", "sorciers",
     [write("templates/sorciers/images/vide.png", "")])
case("data-png-signature-only", ["build", "charlie"], 2, "no IHDR chunk", "charlie",
     [hexw("templates/charlie/images/signature.png", SIG + b"\x00\x00")])
case("data-jpeg-truncated", ["build", "limits"], 2, "truncated JPEG file", "limits",
     [hexw("templates/limits/images/photo.jpg", JPEG_TRUNC)])
case("data-ttf-random-bytes", ["build", "charlie"], 2, "'bruit.ttf' is not a TrueType font file", "charlie",
     [write("fonts/fonts.yaml", FONTS_HEAD % "bruit.ttf"), hexw("fonts/bruit.ttf", RAND)])
case("data-ttf-header-then-garbage", ["build", "oups"], 2, "is not a usable TrueType font", "oups",
     [write("fonts/fonts.yaml", FONTS_HEAD % "entete-seule.ttf"), hexw("fonts/entete-seule.ttf", TTF_GARBAGE)])
case("data-ttf-empty-file", ["build", "sorciers"], 2, "is not a TrueType font file", "sorciers",
     [write("fonts/fonts.yaml", FONTS_HEAD % "vide.ttf"), write("fonts/vide.ttf", "")])
case("data-font-file-is-yaml", ["build", "limits"], 2, "'fonts.yaml' is not a TrueType font file", "limits",
     [write("fonts/fonts.yaml", FONTS_HEAD % "fonts.yaml")])
case("data-font-file-is-png", ["build", "licum"], 2, "is not a TrueType font file", "licum",
     [write("fonts/fonts.yaml", FONTS_HEAD % "image.ttf"), hexw("fonts/image.ttf", GOOD)])
case("data-font-otf-cff", ["build", "charlie"], 2, "PostScript outlines", "charlie",
     [write("fonts/fonts.yaml", FONTS_HEAD % "cff.otf"), hexw("fonts/cff.otf", OTF)])
case("data-font-bold-broken", ["build", "oups"], 2, "font 'body.bold'", "oups",
     [write("fonts/fonts.yaml", "roles:\n  body:\n    regular: {package: font_roboto, file: files/Roboto-Regular.ttf}\n"
                                "    bold: {file: gras-casse.ttf}\n    licence: OFL-1.1\n"),
      hexw("fonts/gras-casse.ttf", TTF_GARBAGE)])
case("data-svg-not-utf8-charlie", ["build", "charlie"], 2, "not UTF-8 text", "charlie",
     [hexw("templates/charlie/icons/latin.svg", bytes.fromhex("fffe00ff"))])
case("data-svg-not-utf8-oups", ["build", "oups"], 2, "not UTF-8 text", "oups",
     [hexw("templates/oups/icons/latin.svg", "<svg>é</svg>".encode("latin-1"))])
case("data-svg-random-bytes", ["build", "sorciers"], 2, "icons/bruit.svg", "sorciers",
     [hexw("templates/sorciers/icons/bruit.svg", RAND)])
case("data-svg-not-xml", ["build", "limits"], 2, "invalid XML", "limits",
     [write("templates/limits/icons/texte.svg", "ceci n'est pas une icône\n")])
case("data-svg-empty", ["build", "licum"], 2, "invalid XML", "licum",
     [write("templates/licum/icons/vide.svg", "")])
case("data-svg-entity-bomb", ["build", "charlie"], 2, "declares a DOCTYPE", "charlie",
     [write("templates/charlie/icons/rires.svg",
            '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY a "' + "x" * 10 + '">' +
            "".join(f'<!ENTITY {c} "' + f"&{p};" * 10 + '">' for p, c in zip("abcdefghi", "bcdefghij", strict=True)) +
            ']>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><title>&j;</title></svg>\n')])
case("data-svg-folder", ["build", "oups"], 2, "is a folder", "oups",
     [write("templates/oups/icons/dossier.svg/x.txt", "x")])

# --- 7. game ids ------------------------------------------------------------------------------
for n, gid in enumerate(["charlie/", "charlie/.", "../cards/charlie", "", "Charlie", "char lie", "./charlie",
                         "/tmp/charlie", "charlie\n"]):
    slug = ["trailing-slash", "dot", "dotdot", "empty", "capital", "space", "dot-slash", "absolute", "newline"][n]
    cmd = ["build", "cards", "check"][n % 3]
    case(f"data-game-id-{slug}", [cmd, gid], 2, "invalid game id")

def q(v):
    return json.dumps(v, ensure_ascii=False)
SECTIONS = {"data-components-absolute-charlie": "confinement: components, tables, game.yaml, layouts, icons, images, font files",
            "data-component-symlink-loop-charlie": "symlink loops, devices, folders",
            "data-alias-bomb-component-charlie": "YAML bounds: alias bombs, deep nesting, recursive aliases",
            "data-count-ten-million-charlie": "copies per component and per game",
            "data-field-named-type-charlie": "reserved field names, checks with min > max",
            "data-png-truncated-charlie": "assets checked when they load: images, fonts, icons",
            "data-game-id-trailing-slash": "game ids"}
out = ["# Hardening cases of the data area (issue 10): what a game folder may read, input limits,",
       "# assets checked at load. Format: tests/hardening/README.md. Limits: docs/security-data.md.",
       "# Hex payloads are small PNG/TTF/SVG files built for the case (a PNG claiming",
       "# 100000x100000 pixels, a truncated PNG, random bytes...)."]
for c in cases:
    if c["id"] in SECTIONS:
        out.append("")
        out.append(f"# --- {SECTIONS[c['id']]} ---")
    out.append(f"- id: {c['id']}")
    if "game" in c:
        out.append(f"  game: {c['game']}")
    if c.get("edits"):
        out.append("  edits:")
        for e in c["edits"]:
            out.append("    - {" + ", ".join(f"{k}: {q(v)}" for k, v in e.items()) + "}")
    out.append("  args: [" + ", ".join(q(a) for a in c["args"]) + "]")
    out.append(f"  exit: {c['exit']}")
    out.append(f"  message: {q(c['message'])}")
    if "timeout" in c:
        out.append(f"  timeout: {c['timeout']}")
text = "\n".join(out) + "\n"
assert yaml.safe_load(text) == cases
Path("tests/hardening/cases/data.yaml").write_text(text, encoding="utf-8")
print(f"{len(cases)} cases written")
