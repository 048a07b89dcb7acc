"""Names private to a module stay in it: no module of the package imports another's private
names, and the tests use only the public API of pytest and of the libraries they drive.

The stages' import rules are import-linter contracts (``[tool.importlinter]`` in
``pyproject.toml``, checked by ``lint-imports`` in CI, indirect imports included);
``docs/development.md`` states them in tables that ``tools/make_docs.py`` generates from those
contracts. That ``validate`` and ``--help`` load neither ReportLab nor Pillow at run time is
checked in a fresh interpreter by ``tests/test_startup.py``.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest
from source_helpers import SOURCE_GROUP, module_tree

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "printandplay"
MODULES = sorted(PACKAGE.rglob("*.py"))
pytestmark = pytest.mark.xdist_group(SOURCE_GROUP)  # with the other readers of every module

@cache
def import_nodes(path: Path) -> tuple[ast.Import | ast.ImportFrom, ...]:
    """The import statements of the module at ``path``, at any depth of its code."""
    return tuple(node for node in ast.walk(module_tree(path))
                 if isinstance(node, (ast.Import, ast.ImportFrom)))


def test_no_module_imports_the_private_names_of_another() -> None:
    """A name with a leading underscore belongs to its module: a module that needs it from
    another asks that module for a public name."""
    found: list[str] = []
    for path in MODULES:
        for node in import_nodes(path):
            if isinstance(node, ast.ImportFrom) and (
                    node.level or (node.module or "").startswith("printandplay")):
                found.extend(f"{path.relative_to(PACKAGE)}:{node.lineno}: {alias.name} from "
                             f"{'.' * node.level}{node.module or ''}" for alias in node.names
                             if alias.name.startswith("_") and not alias.name.startswith("__"))
    assert not found, found


TESTS = sorted(path for path in (ROOT / "tests").rglob("*.py") if "__pycache__" not in path.parts)
# The names the tests give pytest's objects (fixtures, hook arguments, what they hand out): an
# attribute with a leading underscore read through one of them is pytest's own, not its API.
PYTEST_OBJECTS = {"pytest", "config", "pytestconfig", "item", "items", "request", "session",
                  "node", "parser", "pluginmanager", "plugins", "tmp_path_factory", "factory",
                  "metafunc", "report", "terminalreporter", "terminal", "reporter", "capture",
                  "monkeypatch", "capsys", "capfd", "recwarn", "hook", "ihook", "option"}


def names_in_chain(node: ast.expr) -> set[str]:
    """The names an expression such as ``self.config.getgroup("x")`` is read through."""
    names: set[str] = set()
    while True:
        if isinstance(node, ast.Attribute):
            names.add(node.attr)
            node = node.value
        elif isinstance(node, ast.Call):
            node = node.func
        elif isinstance(node, ast.Subscript):
            node = node.value
        else:
            if isinstance(node, ast.Name):
                names.add(node.id)
            return names


def private(name: str) -> bool:
    """Whether ``name`` is private: a leading underscore, not a dunder."""
    return name.startswith("_") and not name.startswith("__")


def private_pytest_uses(path: Path) -> list[str]:
    """Where the test module at ``path`` reaches into pytest: an import of ``_pytest``, a name
    with a leading underscore imported from ``pytest``, or read (``config._store``,
    ``getattr(config, "_tmp_path_factory")``) off an object the tests name as pytest's, or
    passed (``_ispytest=True``)."""
    found: list[str] = []
    for node in ast.walk(module_tree(path)):
        if isinstance(node, ast.Import):
            found.extend(f"{node.lineno}: import {alias.name}" for alias in node.names
                         if alias.name.split(".")[0] == "_pytest")
        elif isinstance(node, ast.ImportFrom) and not node.level:
            module = node.module or ""
            if module.split(".")[0] == "_pytest":
                found.append(f"{node.lineno}: from {module} import ...")
            elif module.split(".")[0] == "pytest":
                found.extend(f"{node.lineno}: {alias.name} from {module}" for alias in node.names
                             if private(alias.name))
        elif isinstance(node, ast.Attribute) and private(node.attr) \
                and names_in_chain(node.value) & PYTEST_OBJECTS:
            found.append(f"{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in {"getattr", "setattr", "hasattr", "delattr"} \
                and len(node.args) >= 2 and names_in_chain(node.args[0]) & PYTEST_OBJECTS \
                and isinstance(node.args[1], ast.Constant) \
                and isinstance(node.args[1].value, str) and private(node.args[1].value):
            found.append(f"{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.keyword) and node.arg == "_ispytest":  # pytest's own calls
            found.append(f"{node.value.lineno}: _ispytest=")
    return found


def test_the_tests_use_only_pytest_s_public_api() -> None:
    """The suite runs on whatever pytest 8 or later is installed: no test or plugin of its own
    imports ``_pytest`` or reads pytest's private names (a home-made runner once did, and pinned
    pytest below its next major version)."""
    found = [f"{path.relative_to(ROOT)}:{where}" for path in TESTS
             for where in private_pytest_uses(path)]
    assert not found, found


def test_the_private_pytest_check_finds_what_it_forbids(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import _pytest.tmpdir\nfrom _pytest.runner import CallInfo\n"
                      "from pytest import _fixture\nx = config._tmp_path_factory\n"
                      "y = getattr(self.request, '_pyfuncitem')\nz = item.nodeid\n"
                      "w = getattr(config, 'option')\nv = other._private\n"
                      "u = parser.getgroup('x')._addoption\n"
                      "t = Factory(trace=None, _ispytest=True)\n", encoding="utf-8")
    assert set(private_pytest_uses(sample)) == {
        "1: import _pytest.tmpdir", "2: from _pytest.runner import ...",
        "3: _fixture from pytest", "4: config._tmp_path_factory",
        "5: getattr(self.request, '_pyfuncitem')", "9: parser.getgroup('x')._addoption",
        "10: _ispytest="}


# The libraries whose private names (a leading underscore) no test reads or replaces.
LIBRARIES = {"typer", "click", "hypothesis", "pypdf", "jinja2", "yaml", "reportlab"}


def private_library_uses(path: Path) -> list[str]:
    """Where the test module at ``path`` reaches into a library of :data:`LIBRARIES`: an import
    of a private module or name (``typer._click``, ``from pypdf.generic._font import Font``), an
    attribute read through the library's own name (``typer.testing._get_command``,
    ``click._compat``), or a string naming one of Hypothesis' private keys (``"_hypothesis_failing_examples"``)."""
    found: list[str] = []
    for node in ast.walk(module_tree(path)):
        if isinstance(node, ast.Import):
            found.extend(f"{node.lineno}: import {alias.name}" for alias in node.names
                         if alias.name.split(".")[0] in LIBRARIES
                         and any(map(private, alias.name.split("."))))
        elif isinstance(node, ast.ImportFrom) and not node.level \
                and (node.module or "").split(".")[0] in LIBRARIES:
            module = node.module or ""
            names = [alias.name for alias in node.names]
            if any(map(private, [*module.split("."), *names])):
                found.append(f"{node.lineno}: from {module} import {', '.join(names)}")
        elif isinstance(node, ast.Attribute) and private(node.attr):
            root = node.value
            while isinstance(root, ast.Attribute):
                root = root.value
            if isinstance(root, ast.Name) and root.id in LIBRARIES:
                found.append(f"{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and re.fullmatch(r"_hypothesis\w+", node.value):
            found.append(f"{node.lineno}: {node.value!r}")
    return found


def test_the_package_and_tests_use_only_the_libraries_public_api() -> None:
    """No module, test or helper imports or names a private name of Typer, click, Hypothesis,
    pypdf, Jinja, PyYAML or ReportLab (the suite once replaced ``typer.testing._get_command``
    and pypdf's font parser, and the package imported ``jinja2.utils._PassArg``)."""
    found = [f"{path.relative_to(ROOT)}:{where}" for path in (*MODULES, *TESTS)
             for where in private_library_uses(path)]
    assert not found, found


def test_the_private_library_check_finds_what_it_forbids(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import typer._click\nfrom pypdf.generic._font import Font\n"
                      "from typer.testing import _get_command, CliRunner\n"
                      "x = typer.testing._get_command\ny = click._compat.isatty\n"
                      "z = '_hypothesis_failing_examples' in report.__dict__\n"
                      "from typer.testing import Result\nw = typer.main.get_command\n"
                      "v = canvas._code\nu = yaml.__version__\n", encoding="utf-8")
    assert set(private_library_uses(sample)) == {
        "1: import typer._click", "2: from pypdf.generic._font import Font",
        "3: from typer.testing import _get_command, CliRunner",
        "4: typer.testing._get_command", "5: click._compat", "6: '_hypothesis_failing_examples'"}




def defined_names(trees: list[ast.Module]) -> set[str]:
    """Every name these modules define: functions, classes, variables, arguments, attributes
    they set on ``self`` or ``cls``, import aliases, ``__slots__`` entries."""
    names: set[str] = set()
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and \
                    isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
                names.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.arg):
                names.add(node.arg)
            elif isinstance(node, ast.alias):
                names.add(node.asname or node.name.split(".")[0])
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                names.add(node.value)  # (a slot, a name set with setattr)
    return names


def foreign_private_attributes(trees: dict[str, ast.Module]) -> list[str]:
    """Attributes read or written with a private name (``x._name``, not dunder) that none of
    these modules defines: another library's private state (``canvas._doc``)."""
    ours = defined_names(list(trees.values()))
    return [f"{where}:{node.lineno}: .{node.attr}" for where, tree in trees.items()
            for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and private(node.attr)
            and not node.attr.startswith("__") and node.attr not in ours]


def test_the_package_touches_no_private_attribute_of_a_library_object() -> None:
    """The private-library check above sees names reached from a library's module; this one
    sees them on the library's objects (a canvas's document, a font's internal state): the
    package reads and writes only private attributes it defines itself."""
    trees = {str(path.relative_to(ROOT)): module_tree(path) for path in MODULES}
    assert foreign_private_attributes(trees) == []


def test_the_private_attribute_check_finds_what_it_forbids() -> None:
    sample = ast.parse("class A:\n    def __init__(self):\n        self._mine = 1\n\n"
                       "def f(canvas, a):\n    canvas._doc.write()\n    a._mine += 1\n"
                       "    canvas._code = []\n    return a.__dict__\n")
    assert sorted(foreign_private_attributes({"sample.py": sample})) == [
        "sample.py:6: ._doc", "sample.py:8: ._code"]
