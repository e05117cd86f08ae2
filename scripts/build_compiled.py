"""The development tree's compiled build: Cython's pure-Python mode over the same .py files (untyped, no .pyx).

A regular install (`pip install soan`, `pip install .`) compiles through setup.py; an editable one
(`make venv`) stays pure Python, since an extension beside its .py in src/ would be imported instead of
the .py being edited. This script is the editable tree's compiled build: a copy of the package goes to
build/compiled/soan/ (data files included) and the same modules are compiled there — the list, the
directives and the build step are setup.py's (COMPILE minus SKIP, one declaration) — each `.so` next to
its `.py` (an extension module is found before a source file), so src/ is never shadowed; use it with
`PYTHONPATH=build/compiled`:

    python scripts/build_compiled.py [-j 2]     # make compiled
    PYTHONPATH=build/compiled soan bench asian-delivery --agent normal --against normal

Untyped on purpose: Python objects throughout and no type inference, so every float operation is
Python's, in Python's order (tests/test_identical_records.py passes on both builds; `make
test-compiled`) — except the C types a `.pxd` next to a module declares (Cython's augmenting .pxd):
integers only, and only where they are exact, e.g. the random generator's unsigned 64-bit arithmetic,
which wraps as the .py's `& _M` says, or a small count as a machine integer; such a module reads its
annotations as Python's, as the pure package does. A rebuild recompiles only the modules whose .py or
.pxd changed, and all of them when the set of .pxd files, the directives or Cython's version changed
(`build_sig.txt`). `sources.txt` records each compiled module's source hash at build time, so a build
older than its .py is found (`--stale`; tests/test_compiled_build.py). `--available` only says whether
Cython and a C compiler are there (exit 1 with the reason if not).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "soan"
OUT = ROOT / "build" / "compiled"


def _setup_py():  # type: ignore[no-untyped-def]
    """setup.py as a module (its setup() runs only as a script): the one declaration of the build."""
    spec = importlib.util.spec_from_file_location("soan_setup", ROOT / "setup.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules["soan_setup"] = mod
    spec.loader.exec_module(mod)
    return mod


S = _setup_py()
COMPILE, SKIP, DIRECTIVES = S.COMPILE, S.SKIP, S.DIRECTIVES


def chosen(src: Path = SRC) -> list[str]:
    """The modules to compile, as paths relative to the package (sorted): setup.py's."""
    return list(S.chosen(src))


def unavailable() -> str | None:
    """Why the build cannot run here, or None (setup.py's reasons: SOAN_PURE, Cython, a working C compiler)."""
    why = S.why_pure()
    return None if why is None else why[0]


def stale(out: Path = OUT, src: Path = SRC) -> list[str]:
    """The compiled modules of a build whose .py or .pxd in src/ changed since (sources.txt), or whose
    extension is missing; [] for a build that matches src/."""
    rec = out / "sources.txt"
    if not rec.exists():
        return ["(no sources.txt: not a complete build)"]
    bad = []
    for line in rec.read_text().splitlines():
        m, h = line.split()
        built = list((out / "soan" / m).parent.glob(Path(m).stem + ".*"))
        if S.source_hash(m, src) != h or not any(q.name.endswith(tuple(S._suffixes())) for q in built):
            bad.append(m)
    return bad


def sync() -> None:
    """build/compiled/soan mirrors src/soan (mtimes kept, so unchanged modules are not recompiled)."""
    dst = OUT / "soan"
    dst.mkdir(parents=True, exist_ok=True)
    keep = set()
    for p in SRC.rglob("*"):
        if "__pycache__" in p.parts:
            continue
        rel = p.relative_to(SRC)
        keep.add(rel)
        q = dst / rel
        if p.is_dir():
            q.mkdir(exist_ok=True)
        elif not q.exists() or q.stat().st_mtime_ns != p.stat().st_mtime_ns or q.stat().st_size != p.stat().st_size:
            shutil.copy2(p, q)
    ext = (".so", ".pyd", ".c")
    for q in sorted(dst.rglob("*"), reverse=True):  # files gone from src/ go here too
        rel = q.relative_to(dst)
        if "__pycache__" in rel.parts or q.suffix in ext or rel in keep:
            continue
        shutil.rmtree(q) if q.is_dir() else q.unlink()


def build(jobs: int) -> tuple[list[str], dict[str, str]]:
    """Cythonize and compile the chosen modules in build/compiled with setup.py's build step; (compiled,
    {left out: why}). A module Cython or the C compiler rejects is left out (pure Python) and named, not
    fatal: the package works either way."""
    from setuptools import setup

    mods = chosen()
    sig = S.signature(SRC)
    stamp = OUT / "build_sig.txt"
    force = not stamp.exists() or stamp.read_text() != sig
    dst = OUT / "soan"
    for q in dst.rglob("*"):  # no .so from an earlier build stays unless rebuilt below
        if q.name.endswith(tuple(S._suffixes())) and q.relative_to(dst).as_posix().split(".")[0] + ".py" not in mods:
            q.unlink()
    left: dict[str, str] = {}
    cwd = os.getcwd()
    os.chdir(OUT)
    try:
        exts = S.cythonize_all(mods, "soan", dst, jobs, force, left)

        class Build(S.BuildExt):  # type: ignore[misc, name-defined]
            allow_in_place = True

            def run(self) -> None:
                self.left = left
                super().run()

            def build_extension(self, e):  # type: ignore[no-untyped-def]
                super().build_extension(e)
                if S.module_of(e.name) in left:
                    for q in (dst / S.module_of(e.name)).parent.glob(Path(S.module_of(e.name)).stem + ".*"):
                        if q.name.endswith(tuple(S._suffixes())):
                            q.unlink()

            def copy_extensions_to_source(self) -> None:  # those built
                self.extensions = [e for e in self.extensions if S.module_of(e.name) not in left]
                super().copy_extensions_to_source()

        tmp = ROOT / "build" / "compiled-tmp"
        setup(name="soan-compiled", ext_modules=exts, cmdclass={"build_ext": Build}, script_args=[
            "-q", "build_ext", "--inplace", "-j", str(jobs), "--build-temp", str(tmp), "--build-lib", str(tmp)])
    finally:
        os.chdir(cwd)
    done = [m for m in mods if m not in left]
    stamp.write_text(sig)
    (OUT / "compiled.txt").write_text("".join(S.ext_name(m) + "\n" for m in done))
    (OUT / "sources.txt").write_text("".join(f"{m} {S.source_hash(m, dst)}\n" for m in done))
    (OUT / "left_out.txt").write_text("".join(f"{m}: {why}\n" for m, why in sorted(left.items())))
    return done, left


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--available", action="store_true", help="only say whether the build can run here")
    ap.add_argument("--stale", action="store_true", help="only list the compiled modules older than their .py")
    a = ap.parse_args()
    if a.stale:
        bad = stale()
        for m in bad:
            print(f"stale (its .py changed since the build): {m}")
        return 1 if bad else 0
    why = unavailable()
    if a.available or why:
        if why:
            print(f"compiled build skipped: {why}")
        return 1 if why else 0
    sync()
    mods, left = build(a.jobs)  # a module left out is named in one line by the build step
    print(f"compiled: {len(mods)} modules into {OUT.relative_to(ROOT)}/ (use PYTHONPATH={OUT.relative_to(ROOT)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
