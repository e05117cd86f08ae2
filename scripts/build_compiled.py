"""The optional compiled build: Cython's pure-Python mode over the same .py files (untyped, no .pyx).

A copy of the package goes to build/compiled/soan/ (data files included) and the hot modules are
compiled there, each `.so` next to its `.py` (an extension module is found before a source file), so
the editable install under src/ is never shadowed; use it with `PYTHONPATH=build/compiled`:

    python scripts/build_compiled.py [-j 2]     # make compiled
    PYTHONPATH=build/compiled soan bench asian-delivery --agent normal --against normal

Which modules: the globs of COMPILE (relative to src/soan/) minus SKIP, so the list follows whatever
the modules are named today. Untyped on purpose: Python objects throughout and no type inference, so
every float operation is Python's, in Python's order (tests/test_identical_records.py passes on both
builds; `make test-compiled`) — except the C types a `.pxd` next to a module declares (Cython's
augmenting .pxd): integers only, and only where they are exact, e.g. the random generator's unsigned
64-bit arithmetic, which wraps as the .py's `& _M` says, or a small count as a machine integer; such a module reads its annotations as
Python's, as the pure package does. A rebuild recompiles only the modules whose .py or .pxd changed,
and all of them when the set of .pxd files or the directives changed (`build_sig.txt`).
`--available` only says whether Cython and a C compiler are there (exit 1 with the reason if not).
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import shutil
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "soan"
OUT = ROOT / "build" / "compiled"

# the hot modules (cProfile of all-normal games): each game's rules, options, look-ahead and evaluation,
# the contract's random numbers, checks and state, the bots' searches
COMPILE = [
    "games/*/*.py",
    "core/rng.py", "core/checks.py", "core/state.py",
    "agents/greedy.py", "agents/mcts.py", "agents/rollout.py", "agents/planrules.py",
]
# not hot (words, screens, reports, measures), or a package's __init__ (the games' INFO, read once)
SKIP = [
    "*/__init__.py", "games/*/text.py", "games/*/prompts.py", "games/*/report.py", "games/*/webboard.py",
    "games/*/measures.py", "games/*/view.py", "games/*/views.py", "games/*/analysis*.py",
    # faster in Python: code that is nearly all attribute reads and writes of the state (Asian Delivery's
    # copies and steps, Undecim's turn, frontier, rules...), which Python 3.11's specialising interpreter
    # runs faster than compiled code's generic attribute access. Left out one at a time, each made an
    # all-normal game take fewer instructions (valgrind, AD seeds 1-2, UN 1-10: AD rules 3-5%, the UN
    # modules 0.2-1.2% each); together, in CPU time: AD all-normal games 2-4% faster (a look-ahead copy
    # 2.6 -> 2.0 us), UN 1-2%; every other module is faster compiled
    "games/asian_delivery/rules.py", "games/undecim/actions.py", "games/undecim/frontier.py",
    "games/undecim/model.py", "games/undecim/rules.py", "games/undecim/serialise.py", "games/undecim/turn.py",
]
DIRECTIVES = {
    "language_level": 3,
    "binding": True,  # functions keep Python's introspection (inspect.signature, __defaults__)
    "always_allow_keywords": True,
    "infer_types": False,  # no C types inferred: Python's arithmetic exactly, but where a .pxd declares them
    "embedsignature": False,
}


def directives(module: str) -> dict[str, object]:
    """Cython's directives for a module: a module with a .pxd next to it takes its C types from there
    alone (its annotations stay Python's, as in the pure package); the others are compiled untyped."""
    if (SRC / module).with_suffix(".pxd").exists():
        return {**DIRECTIVES, "annotation_typing": False}
    return DIRECTIVES


def chosen(src: Path = SRC) -> list[str]:
    """The modules to compile, as paths relative to the package (sorted)."""
    out = []
    for p in sorted(src.rglob("*.py")):
        rel = p.relative_to(src).as_posix()
        if any(fnmatch.fnmatch(rel, g) for g in COMPILE) and not any(fnmatch.fnmatch(rel, g) for g in SKIP):
            out.append(rel)
    return out


def unavailable() -> str | None:
    """Why the build cannot run here, or None."""
    try:
        import Cython  # noqa: F401
    except ImportError:
        return "no Cython (pip install -e '.[compiled]')"
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None and shutil.which("cc") is None:
        return f"no C compiler ({cc})"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "no Python.h (the Python development headers)"
    return None


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
    """Cythonize and compile the chosen modules; (compiled, {left out: why}). A module Cython or the C
    compiler rejects is left out (pure Python) and named, not fatal: the package works either way."""
    from Cython.Build import cythonize
    from Cython.Compiler.Errors import CompileError as CythonError
    from setuptools import Extension, setup
    from setuptools.command.build_ext import build_ext

    mods = chosen()
    typed = [m for m in mods if (SRC / m).with_suffix(".pxd").exists()]
    untyped = [m for m in mods if m not in typed]
    # Cython compares a module's .c with its .py and .pxd only: a .pxd removed, or other directives,
    # would leave the old C code in place, so every module is regenerated when either changed
    sig = json.dumps({"directives": DIRECTIVES, "typed": typed}, sort_keys=True, default=str)
    stamp = OUT / "build_sig.txt"
    force = not stamp.exists() or stamp.read_text() != sig
    dst = OUT / "soan"
    for q in dst.rglob("*"):  # no .so from an earlier build stays unless rebuilt below
        if q.suffix in (".so", ".pyd") and q.relative_to(dst).as_posix().split(".")[0] + ".py" not in mods:
            q.unlink()
    left: dict[str, str] = {}
    cwd = os.getcwd()
    os.chdir(OUT)
    try:
        def ext(m: str) -> Extension:
            # a C value cast to an object pointer is a crash, not a warning (Cython 3.1-3.3 emit one for
            # a mixed `and`/`or` of an object and a C test inside a comprehension)
            return Extension("soan." + m[:-3].replace("/", "."), [f"soan/{m}"],
                             extra_compile_args=["-Werror=int-to-pointer-cast", "-Werror=int-conversion"])

        try:
            exts = []
            for group in (untyped, typed):
                if group:
                    exts += cythonize([ext(m) for m in group], compiler_directives=directives(group[0]),
                                      nthreads=jobs, quiet=True, force=force)
        except CythonError:  # find which: one at a time
            exts = []
            for m in mods:
                try:
                    exts += cythonize([ext(m)], compiler_directives=directives(m), quiet=True, force=force)
                except CythonError as e:
                    left[m] = f"Cython: {e}"

        class Build(build_ext):
            def build_extension(self, e: Extension) -> None:
                try:
                    super().build_extension(e)
                except Exception as x:  # CompileError, LinkError
                    m = e.name.removeprefix("soan.").replace(".", "/") + ".py"
                    left[m] = f"the C compiler rejected Cython's code ({type(x).__name__}: {x})"
                    for q in (dst / m).parent.glob(Path(m).stem + ".*"):
                        if q.suffix in (".so", ".pyd"):
                            q.unlink()

            def copy_extensions_to_source(self) -> None:  # those built
                self.extensions = [e for e in self.extensions
                                   if e.name.removeprefix("soan.").replace(".", "/") + ".py" not in left]
                super().copy_extensions_to_source()

        tmp = ROOT / "build" / "compiled-tmp"
        setup(name="soan-compiled", ext_modules=exts, cmdclass={"build_ext": Build}, script_args=[
            "-q", "build_ext", "--inplace", "-j", str(jobs), "--build-temp", str(tmp), "--build-lib", str(tmp)])
    finally:
        os.chdir(cwd)
    done = [m for m in mods if m not in left]
    stamp.write_text(sig)
    (OUT / "compiled.txt").write_text("".join("soan." + m[:-3].replace("/", ".") + "\n" for m in done))
    (OUT / "left_out.txt").write_text("".join(f"{m}: {why}\n" for m, why in sorted(left.items())))
    return done, left


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--available", action="store_true", help="only say whether the build can run here")
    a = ap.parse_args()
    why = unavailable()
    if a.available or why:
        if why:
            print(f"compiled build skipped: {why}")
        return 1 if why else 0
    sync()
    mods, left = build(a.jobs)
    for m, why in sorted(left.items()):
        print(f"left out (pure Python): {m}: {why.splitlines()[0][:200]}")
    print(f"compiled: {len(mods)} modules into {OUT.relative_to(ROOT)}/ (use PYTHONPATH={OUT.relative_to(ROOT)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
