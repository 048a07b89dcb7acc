"""Reading ``fonts/fonts.yaml``: roles, their files and licences."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from typing import Any

from printandplay.data.files import read_bytes, resolve_inside
from printandplay.data.reader import Fields, Problems, as_str
from printandplay.data.yamlio import LocDict, load_yaml
from printandplay.errors import DataError, Location
from printandplay.model.fonts import STYLES, FontRole
from printandplay.model.memo import BoundedMemo

#: The first four bytes of a TrueType font (or font collection) file.
TRUETYPE_TAGS = (b"\x00\x01\x00\x00", b"true", b"ttcf")


def load_fonts(path: Path, display: str) -> dict[str, FontRole]:
    """Load the font roles declared in ``path`` (a ``fonts.yaml``)."""
    data = load_yaml(path, display=display)
    problems = Problems()
    top = Fields(data, "fonts.yaml", problems, Location(display))
    roles_node = top.require("roles", lambda v: v)
    top.finish()
    roles: dict[str, FontRole] = {}
    if top.ok and "roles" in data and (not isinstance(roles_node, dict) or not roles_node):
        problems.add(top.at("roles"), "'roles' must map role names (body, title…) to fonts")
    if isinstance(roles_node, dict):
        for name, node in roles_node.items():
            where = roles_node.at(name) if isinstance(roles_node, LocDict) else Location(display)
            role = _read_role(name, node, path.parent, problems, where)
            if role:
                roles[name] = role
    if isinstance(roles_node, dict) and roles_node and "body" not in roles_node:
        problems.add(top.at("roles"), "fonts.yaml needs a 'body' role (the default text font)")
    problems.raise_if_any()
    return roles


def _read_role(
    name: str, node: Any, folder: Path, problems: Problems, where: Location
) -> FontRole | None:
    fields = Fields(node, f"font role '{name}'", problems, where)
    files = {}
    for style in STYLES:
        spec = fields.raw(style)
        if spec is None:
            continue
        file = _resolve_file(spec, folder, problems, fields.at(style), f"{name}.{style}")
        if file:
            files[style] = file
    licence = fields.require("licence", as_str)
    fields.finish()
    if "regular" not in files:
        if fields.ok:
            problems.add(fields.location, f"font role '{name}' needs a 'regular' file")
        return None
    return FontRole(name, files, licence or "")


# Where each installed top-level package was found, by its name, ``sys.path`` and (when the
# path has a relative entry) the current folder: ``find_spec`` scans every entry of the path
# each time. Only packages found are kept (one installed since is looked up again); their
# folder is checked on every use.
_PACKAGE_ROOTS: BoundedMemo[tuple[str, tuple[str, ...], str], Path] = BoundedMemo(64)


def _package_root(name: str) -> Path | None:
    """The folder of the installed top-level package ``name`` (not imported), or ``None``."""
    path = tuple(sys.path)
    # the current folder is looked in only through a relative entry (``''``)
    here = os.getcwd() if any(not os.path.isabs(entry) for entry in path) else ""
    key = (name, path, here)
    known = _PACKAGE_ROOTS.get(key)
    if known is not None:
        return known
    try:
        found = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        found = None
    if found is None or not found.submodule_search_locations:
        return None
    return _PACKAGE_ROOTS.keep(key, Path(next(iter(found.submodule_search_locations))))


def _resolve_file(
    spec: Any, folder: Path, problems: Problems, where: Location, what: str
) -> Path | None:
    fields = Fields(spec, f"font '{what}'", problems, where)
    package = fields.optional("package", as_str, "")
    file = fields.require("file", as_str)
    fields.finish()
    if file is None:
        return None
    relative = file
    if package:
        # Only the top-level package is looked up: find_spec("a.b") would import "a", and
        # ``python -m printandplay`` puts the current (untrusted) folder on sys.path.
        top_name, *subpackages = package.split(".")
        if not all(part.isidentifier() for part in (top_name, *subpackages)):
            problems.add(fields.at("package"), f"font '{what}': package '{package}' must be the "
                                               "name of an installed package (a.b.c)")
            return None
        root = _package_root(top_name)
        if root is None or not root.joinpath(*subpackages).is_dir():
            problems.add(where, f"font '{what}': Python package '{package}' is not installed")
            return None
        relative = "/".join([*subpackages, file])
        label = f"the package '{top_name}'"
    else:
        root, label = folder, "fonts/"
    try:
        path = resolve_inside(root, relative, fields.at("file"), f"font '{what}': file", label)
    except DataError as err:
        problems.add(err.location, err.message)
        return None
    if not path.is_file():
        problems.add(where, f"font '{what}': file not found: {path}")
        return None
    try:
        head = read_bytes(path, file)[:4]
    except DataError as err:
        problems.add(fields.at("file"), f"font '{what}': {err}")
        return None
    if head == b"OTTO":
        problems.add(fields.at("file"), f"font '{what}': '{file}' is an OpenType font with "
                                        "PostScript outlines; use a TrueType font (.ttf)")
        return None
    if head not in TRUETYPE_TAGS:
        problems.add(fields.at("file"), f"font '{what}': '{file}' is not a TrueType font "
                                        "file (.ttf)")
        return None
    return path
