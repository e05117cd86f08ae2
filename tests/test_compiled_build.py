"""The optional compiled build (scripts/build_compiled.py, `make test-compiled`): when the tests run on
it (SOAN_COMPILED names its directory, first on the path), every module it compiled is imported from
its extension, not from the .py beside it; otherwise (the pure-Python package) nothing is compiled."""

from __future__ import annotations

import importlib
import os
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import soan
from soan.lab.bench import compiled_modules

BUILD = os.environ.get("SOAN_COMPILED")


@pytest.mark.skipif(not BUILD, reason="the pure-Python package (SOAN_COMPILED unset)")
def test_the_compiled_modules_are_the_ones_imported():
    listed = (Path(BUILD) / "compiled.txt").read_text().split()
    assert listed, "the build compiled nothing"
    assert Path(soan.__file__).resolve().parent == (Path(BUILD) / "soan").resolve()
    pure = [m for m in listed if not str(importlib.import_module(m).__file__).endswith(tuple(EXTENSION_SUFFIXES))]
    assert pure == [], f"imported from .py, not compiled: {pure}"
    assert set(listed) <= set(compiled_modules())


@pytest.mark.skipif(bool(BUILD), reason="the compiled build")
def test_the_pure_package_compiles_nothing():
    import soan.games.la_superba.rules  # noqa: F401

    assert compiled_modules() == []


def test_soan_version_says_which_build_runs():
    """`soan --version` (and in Japanese) names the build: the compiled one under SOAN_COMPILED, else pure Python;
    and every compiled build compiles the modules it looks at."""
    from typer.testing import CliRunner

    from soan.cli.main import app

    en = CliRunner().invoke(app, ["--version"])
    ja = CliRunner().invoke(app, ["--version", "--lang", "ja"])
    assert en.exit_code == ja.exit_code == 0, en.output + ja.output
    if BUILD:
        assert en.output.strip().endswith(", the compiled build") and ja.output.strip().endswith("、コンパイル版")
        listed = (Path(BUILD) / "compiled.txt").read_text().split()
        assert {"soan.core.rng", "soan.core.state", "soan.core.checks"} <= set(listed)
    else:
        assert en.output.strip().endswith(", pure Python (not the compiled build)")
        assert ja.output.strip().endswith("、Python のみ（コンパイル版ではありません）")
