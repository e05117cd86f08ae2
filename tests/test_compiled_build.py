"""The compiled build. A regular install compiles through setup.py (its module list, declared once); an
editable one stays pure Python; the development tree's compiled copy (scripts/build_compiled.py, `make
test-compiled`) compiles the same list. Which build runs here: the one SOAN_COMPILED names (its
directory first on the path), else the installed package — compiled if extension modules are in it (an
installed wheel; every module it compiled is imported from its extension), else pure Python, with no
extension beside any .py (one there would be imported instead of the .py being edited)."""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import soan
from soan.lab.bench import compiled_modules

BUILD = os.environ.get("SOAN_COMPILED")
ROOT = Path(__file__).resolve().parents[1]
PKG = Path(soan.__file__).resolve().parent
EXTENSIONS = sorted(p.relative_to(PKG).as_posix() for p in PKG.rglob("*") if p.name.endswith(tuple(EXTENSION_SUFFIXES)))
EDITABLE = PKG == (ROOT / "src" / "soan").resolve()  # the development tree's package, under src/
TREE = (ROOT / "setup.py").exists() and (ROOT / "scripts" / "build_compiled.py").exists()
needs_tree = pytest.mark.skipif(not TREE, reason="setup.py and scripts/ are in the source tree only")


def load(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def setup_py():
    return load(ROOT / "setup.py", "soan_setup")


@pytest.fixture(scope="module")
def script():
    return load(ROOT / "scripts" / "build_compiled.py", "soan_build_compiled")


@pytest.mark.skipif(not BUILD, reason="the installed package (SOAN_COMPILED unset)")
def test_the_compiled_modules_are_the_ones_imported():
    listed = (Path(BUILD) / "compiled.txt").read_text().split()
    assert listed, "the build compiled nothing"
    assert PKG == (Path(BUILD) / "soan").resolve()
    pure = [m for m in listed if not str(importlib.import_module(m).__file__).endswith(tuple(EXTENSION_SUFFIXES))]
    assert pure == [], f"imported from .py, not compiled: {pure}"
    assert set(listed) <= set(compiled_modules())


@needs_tree
@pytest.mark.skipif(not BUILD, reason="the installed package (SOAN_COMPILED unset)")
def test_the_compiled_build_is_not_older_than_its_sources(script):
    assert script.stale(Path(BUILD), ROOT / "src" / "soan") == [], "rebuild: make compiled"


@pytest.mark.skipif(bool(BUILD) or EDITABLE or not EXTENSIONS, reason="not an installed compiled build")
def test_an_installed_compiled_build_imports_its_extensions():
    """A wheel built by setup.py: each extension in the package is the module imported, and it sits beside
    the .py it was compiled from; the contract's hot modules are among them."""
    names = ["soan." + e.split(".")[0].replace("/", ".") for e in EXTENSIONS]
    assert all((PKG / e.split(".")[0]).with_suffix(".py").exists() for e in EXTENSIONS)
    pure = [m for m in names if not str(importlib.import_module(m).__file__).endswith(tuple(EXTENSION_SUFFIXES))]
    assert pure == []
    assert {"soan.core.rng", "soan.core.state", "soan.core.checks"} <= set(names)


@pytest.mark.skipif(bool(BUILD) or bool(EXTENSIONS) and not EDITABLE, reason="a compiled build")
def test_the_pure_package_compiles_nothing():
    """The editable tree has no extension beside any .py (an in-place build's would be imported instead of
    the .py, and an edit would silently have no effect)."""
    assert EXTENSIONS == [], f"extension modules in {PKG} shadow their .py: {EXTENSIONS} (delete them)"
    import soan.games.la_superba.rules  # noqa: F401

    assert compiled_modules() == []


@needs_tree
def test_one_module_list_for_the_wheel_and_the_compiled_copy(setup_py, script):
    """setup.py declares the list; scripts/build_compiled.py has none of its own and compiles the same
    modules, the contract's hot ones among them, none of a package's __init__."""
    mods = setup_py.chosen()
    assert script.chosen() == mods
    assert script.COMPILE is setup_py.COMPILE or script.COMPILE == setup_py.COMPILE
    text = (ROOT / "scripts" / "build_compiled.py").read_text()
    assert "COMPILE = [" not in text and "SKIP = [" not in text
    assert {"core/rng.py", "core/state.py", "core/checks.py"} <= set(mods)
    assert not [m for m in mods if m.endswith("__init__.py")]
    assert all((ROOT / "src" / "soan" / m).exists() for m in mods)
    manifest = (ROOT / "MANIFEST.in").read_text()
    assert "*.pxd" in manifest  # the sdist carries the C types its modules are compiled with
    assert 'cython==' + setup_py.CYTHON in (ROOT / "pyproject.toml").read_text()


@needs_tree
def test_a_stale_compiled_module_is_found(script, setup_py, tmp_path):
    """A build records each module's source hash; an edit of its .py or .pxd since makes it stale, and so
    does a missing extension."""
    src, out = tmp_path / "src" / "soan", tmp_path / "out"
    (src / "games" / "x").mkdir(parents=True)
    (src / "games" / "x" / "rules.py").write_text("A = 1\n")
    (out / "soan" / "games" / "x").mkdir(parents=True)
    so = out / "soan" / "games" / "x" / ("rules" + EXTENSION_SUFFIXES[0])
    so.write_bytes(b"")
    (out / "sources.txt").write_text(f"games/x/rules.py {setup_py.source_hash('games/x/rules.py', src)}\n")
    assert script.stale(out, src) == []
    (src / "games" / "x" / "rules.pxd").write_text("cdef long A\n")
    assert script.stale(out, src) == ["games/x/rules.py"]
    (src / "games" / "x" / "rules.pxd").unlink()
    assert script.stale(out, src) == []
    (src / "games" / "x" / "rules.py").write_text("A = 2\n")
    assert script.stale(out, src) == ["games/x/rules.py"]
    (src / "games" / "x" / "rules.py").write_text("A = 1\n")
    so.unlink()
    assert script.stale(out, src) == ["games/x/rules.py"]


@needs_tree
def test_the_build_step_falls_back_to_pure_python_in_one_line(setup_py, monkeypatch, capsys):
    """An editable install and a build that cannot compile (SOAN_PURE=1, no working C compiler) declare no
    extension (a pure wheel), each saying so in one line, in Japanese under SOAN_LANG=ja."""
    monkeypatch.setattr(sys, "argv", ["setup.py", "editable_wheel", "--dist-dir", "x"])
    assert setup_py.ext_modules() == []
    monkeypatch.setattr(sys, "argv", ["setup.py", "egg_info"])
    assert setup_py.ext_modules() == []
    monkeypatch.setattr(sys, "argv", ["setup.py", "bdist_wheel", "--dist-dir", "x"])
    monkeypatch.setenv("SOAN_PURE", "1")
    assert setup_py.ext_modules() == []
    monkeypatch.setenv("SOAN_LANG", "ja")
    assert setup_py.ext_modules() == []
    monkeypatch.delenv("SOAN_PURE")
    monkeypatch.delenv("SOAN_LANG")
    monkeypatch.setenv("CC", "/bin/false")
    assert setup_py.ext_modules() == []
    lines = capsys.readouterr().err.splitlines()
    assert lines[0].startswith("soan: an editable install stays pure Python")
    assert lines[1] == "soan: installing pure Python, not the compiled build: SOAN_PURE is set"
    assert lines[2] == "soan: コンパイル版ではなく Python のみで入れます: SOAN_PURE が指定されています"
    assert lines[3].startswith("soan: installing pure Python, not the compiled build: no ")  # compiler, or Cython
    assert len(lines) == 4 and not [x for x in lines if "error:" in x]


@needs_tree
def test_the_build_step_compiles_where_it_can(setup_py, monkeypatch):
    if setup_py.why_pure():
        pytest.skip(f"this machine cannot compile: {setup_py.why_pure()[0]}")
    monkeypatch.setattr(sys, "argv", ["setup.py", "bdist_wheel"])
    assert [e.name for e in setup_py.ext_modules()] == [setup_py.ext_name(m) for m in setup_py.chosen()]


def test_soan_version_says_which_build_runs():
    """`soan --version` (and in Japanese) names the build: the compiled one under SOAN_COMPILED or from an
    installed wheel, else pure Python; and every compiled build compiles the modules it looks at."""
    from typer.testing import CliRunner

    from soan.cli.main import app

    en = CliRunner().invoke(app, ["--version"])
    ja = CliRunner().invoke(app, ["--version", "--lang", "ja"])
    assert en.exit_code == ja.exit_code == 0, en.output + ja.output
    if BUILD or EXTENSIONS and not EDITABLE:
        assert en.output.strip().endswith(", the compiled build") and ja.output.strip().endswith("、コンパイル版")
    else:
        assert en.output.strip().endswith(", pure Python (not the compiled build)")
        assert ja.output.strip().endswith("、Python のみ（コンパイル版ではありません）")
    if BUILD:
        listed = (Path(BUILD) / "compiled.txt").read_text().split()
        assert {"soan.core.rng", "soan.core.state", "soan.core.checks"} <= set(listed)


@needs_tree
def test_a_module_the_compiler_rejects_stays_pure_in_one_line(setup_py, tmp_path, monkeypatch, capfd):
    """The build step keeps the compiler's output out of the log: a module it rejects is named in one line
    (its first complaint, without gcc's `error:` label) and the others are built."""
    if setup_py.why_pure():
        pytest.skip(f"this machine cannot compile: {setup_py.why_pure()[0]}")
    from setuptools import Distribution, Extension

    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.c").write_text('#error "no such thing"\n')
    (tmp_path / "good.c").write_text("#include <Python.h>\nstatic struct PyModuleDef d = {PyModuleDef_HEAD_INIT, "
                                     '"good", 0, -1, 0};\nPyMODINIT_FUNC PyInit_good(void) { return PyModule_Create(&d); }\n')

    class Build(setup_py.BuildExt):
        allow_in_place = True  # no Cython: these are C already

    dist = Distribution({"name": "t", "ext_modules": [Extension("soan.bad", ["bad.c"]), Extension("good", ["good.c"])],
                         "script_args": ["build_ext", "--build-temp", "tmp", "--build-lib", "lib"],
                         "cmdclass": {"build_ext": Build}})
    dist.parse_command_line()
    dist.run_commands()
    out, err = capfd.readouterr()
    assert "error:" not in out + err
    assert [x for x in err.splitlines() if x.startswith("soan:")] == [
        "soan: left out (pure Python): bad.py: the C compiler rejected Cython's code: #error \"no such thing\""]
    assert list((tmp_path / "lib").glob("good.*")) and not list((tmp_path / "lib").rglob("bad.*"))


@needs_tree
def test_a_wheel_keeps_no_extension_of_an_earlier_build(setup_py, tmp_path, monkeypatch):
    """An extension an earlier build left in the build directory, of a module not compiled now (since put in
    SKIP, or rejected now), is deleted before the wheel is made from that directory."""
    from setuptools import Distribution, Extension

    monkeypatch.chdir(tmp_path)
    dist = Distribution({"name": "t", "ext_modules": [Extension("soan.games.x.rules", ["rules.c"])],
                         "cmdclass": {"build_ext": setup_py.BuildExt}})
    cmd = dist.get_command_obj("build_ext")
    cmd.build_lib = str(tmp_path / "lib")
    cmd.ensure_finalized()
    now = tmp_path / "lib" / "soan" / "games" / "x" / ("rules" + EXTENSION_SUFFIXES[0])
    old = tmp_path / "lib" / "soan" / "games" / "x" / ("turn" + EXTENSION_SUFFIXES[0])
    for p in (now, old, now.with_name("turn.py")):
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(b"")
    cmd.prune()
    assert now.exists() and now.with_name("turn.py").exists() and not old.exists()
