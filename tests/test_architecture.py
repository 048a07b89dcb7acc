"""The package's import rules, read from the source: one direction of imports, ReportLab only
in render/, Typer and Rich only in cli.py."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "printandplay"
MODULES = sorted(p for p in PACKAGE.rglob("*.py"))

# What each layer may import from the package (besides itself and the small shared modules).
SHARED = {"errors", "units"}
ALLOWED = {
    "model": {"model"},
    "data": {"data", "model", "project"},
    "layout": {"layout", "model"},
    "render": {"render", "layout", "model", "data"},
    "rules": {"rules", "model", "data"},
    # imported lazily by cli commands only; nothing imports them back
    "export": {"export", "assets", "planning", "project", "render", "layout", "model", "data"},
    "watch": {"watch", "assets", "build", "planning", "project", "model", "data"},
}


def imports_of(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def layer_of(path: Path) -> str:
    relative = path.relative_to(PACKAGE)
    return relative.parts[0] if len(relative.parts) > 1 else relative.stem


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_only_the_cli_imports_export_and_watch(path: Path) -> None:
    layer = layer_of(path)
    for name in imports_of(path):
        parts = name.split(".")
        if parts[0] == "printandplay" and len(parts) > 1 and parts[1] in ("export", "watch"):
            assert layer in ("cli", parts[1]), f"{path.name} imports printandplay.{parts[1]}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_third_party_imports_stay_in_their_layer(path: Path) -> None:
    layer = layer_of(path)
    for name in imports_of(path):
        top = name.split(".")[0]
        if top == "reportlab":
            assert layer == "render", f"{path.name} imports ReportLab outside render/"
        if top in ("typer", "rich"):
            assert layer == "cli", f"{path.name} imports {top} outside cli.py"


@pytest.mark.parametrize("path", [p for p in MODULES if layer_of(p) in ALLOWED],
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_layers_import_downwards_only(path: Path) -> None:
    layer = layer_of(path)
    for name in imports_of(path):
        parts = name.split(".")
        if parts[0] != "printandplay" or len(parts) < 2:
            continue
        target = parts[1]
        assert target in ALLOWED[layer] | SHARED, (
            f"{path.relative_to(PACKAGE)} ({layer}) imports printandplay.{target}")
