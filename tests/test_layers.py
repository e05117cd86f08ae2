"""The package's layers read top-down — cli, web, lab, agents, games, core — with no import circle: the
import graph of src/soan (grimp; every import, including those inside functions) has no upward import
and no cycle, and nothing below the package root imports the root. A game is found through its entry
point, so core never imports the games."""

from __future__ import annotations

import ast
from pathlib import Path

import grimp
import pytest

import soan

LAYERS = ("soan.cli", "soan.web", "soan.lab", "soan.agents", "soan.games", "soan.core")  # top first
SRC = Path(soan.__file__).parent


@pytest.fixture(scope="module")
def graph():
    """Every import, those for type checking only included."""
    return grimp.build_graph("soan", cache_dir=None)


def _layer(module: str) -> int | None:
    for i, name in enumerate(LAYERS):
        if module == name or module.startswith(name + "."):
            return i
    return None


def _where(graph, importer: str, imported: str) -> str:
    d = graph.get_import_details(importer=importer, imported=imported)
    return f"{importer} -> {imported}" + (f" (line {d[0]['line_number']}: {d[0]['line_contents']})" if d else "")


def test_every_module_is_in_a_layer(graph):
    assert {m for m in graph.modules if _layer(m) is None} == {"soan", "soan.__main__"}
    # `python -m soan`: above every layer, it runs the command line and nothing else
    assert graph.find_modules_directly_imported_by("soan.__main__") == {"soan.cli.main"}


def test_no_layer_imports_a_layer_above_it_or_the_package_root(graph):
    up = []
    for m in sorted(graph.modules):
        for dep in sorted(graph.find_modules_directly_imported_by(m)):
            lm, ld = _layer(m), _layer(dep)
            if lm is not None and (ld is None or ld < lm):
                up.append(_where(graph, m, dep))
    assert up == [], "upward imports:\n" + "\n".join(up)


def test_no_import_circle(graph):
    """No module reaches itself through its imports (each layer's own modules included), those made for type
    checking only counted too: a part of a game's state types the class it helps build by the fields it
    declares (a TypeVar bound to StateFields), never by importing that class."""
    circles = []
    for m in sorted(graph.modules):
        for dep in graph.find_modules_directly_imported_by(m):
            if graph.chain_exists(importer=dep, imported=m):
                chain = graph.find_shortest_chain(importer=dep, imported=m) or ()
                circles.append(" -> ".join((m, *chain)))
    assert circles == [], "import circles:\n" + "\n".join(sorted(circles)[:20])


def test_core_loads_games_by_entry_point_only():
    """No string names a game module for importlib in core (a hidden import the graph cannot see)."""
    hidden = []
    for p in sorted((SRC / "core").rglob("*.py")):
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("soan.games."):
                hidden.append(f"{p.name}:{node.lineno}: {node.value}")
    assert hidden == []


def test_layer_test_sees_an_upward_import(tmp_path):
    """The check itself: a planted core module importing the lab is reported (a package built in tmp)."""
    pkg = tmp_path / "pkg"
    for d in ("core", "lab"):
        (pkg / d).mkdir(parents=True)
        (pkg / d / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "core" / "x.py").write_text("def f():\n    from ..lab import y\n")
    (pkg / "lab" / "y.py").write_text("from ..core import x\n")
    import sys

    sys.path.insert(0, str(tmp_path))
    try:
        g = grimp.build_graph("pkg", cache_dir=None)
    finally:
        sys.path.remove(str(tmp_path))
    assert "pkg.lab.y" in g.find_modules_directly_imported_by("pkg.core.x")
    assert g.chain_exists(importer="pkg.lab.y", imported="pkg.core.x")


def test_mypy_checks_every_module_with_no_per_module_ignores():
    """The whole package is type-checked alike (core strictest): no override turns checks off."""
    import tomllib

    cfg = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text())["tool"]["mypy"]
    assert cfg.get("check_untyped_defs") is True and cfg["files"] == ["src/soan"]
    for o in cfg.get("overrides", []):
        assert not o.get("ignore_errors") and o.get("check_untyped_defs", True), o["module"]
