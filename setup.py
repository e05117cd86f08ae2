"""soan's build step: a regular install compiles the hot modules from the same .py files.

`pip install soan` (from the sdist) and `pip install .` build a wheel through this file: the modules
COMPILE names (minus SKIP) are compiled with Cython's pure-Python mode (Cython pinned to CYTHON, a
build requirement in pyproject.toml) and each extension lands beside its .py in the wheel, which
Python imports first. Where that cannot run — SOAN_PURE=1, no Cython, another Cython version, no
working C compiler or no Python headers — the wheel is pure Python and one line says why; a module
Cython or the compiler rejects stays pure Python, named in one line (the compiler's own output is
kept out of the log: no `error:` lines in an install that works). `soan --version` and `soan bench`
say which build runs.

An editable install (`pip install -e .`, `make venv`) compiles nothing: an extension built beside
its .py in src/ would be imported instead of the .py, so an edit would silently have no effect. The
development tree's compiled build is `make compiled` (scripts/build_compiled.py), a copy of the package
in build/compiled/ used with PYTHONPATH=build/compiled (`make test-compiled`); it reads the module list
and the directives from here, so both builds compile the same modules alike.
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
import os
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
SRC = HERE / "src" / "soan"
CYTHON = "3.3.2"  # the version the compiled build is tested with (a newer one generated C that gcc rejects)

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
DIRECTIVES: dict[str, object] = {
    "language_level": 3,
    "binding": True,  # functions keep Python's introspection (inspect.signature, __defaults__)
    "always_allow_keywords": True,
    "infer_types": False,  # no C types inferred: Python's arithmetic exactly, but where a .pxd declares them
    "embedsignature": False,
}
# a C value cast to an object pointer is a crash, not a warning (Cython 3.1-3.3 emit one for a mixed
# `and`/`or` of an object and a C test inside a comprehension): such a module is left out
CFLAGS = ["-Werror=int-to-pointer-cast", "-Werror=int-conversion",
          "-g0"]  # no debug information: a wheel a fifth of the size, built in about 3/4 of the CPU time


def chosen(src: Path = SRC) -> list[str]:
    """The modules to compile, as paths relative to the package (sorted): the globs of COMPILE minus SKIP,
    so the list follows whatever the modules are named today."""
    out = []
    for p in sorted(src.rglob("*.py")):
        rel = p.relative_to(src).as_posix()
        if any(fnmatch.fnmatch(rel, g) for g in COMPILE) and not any(fnmatch.fnmatch(rel, g) for g in SKIP):
            out.append(rel)
    return out


def typed(module: str, src: Path = SRC) -> bool:
    """Whether a .pxd beside the module declares C types for it (Cython's augmenting .pxd)."""
    return (src / module).with_suffix(".pxd").exists()


def directives(module: str, src: Path = SRC) -> dict[str, object]:
    """Cython's directives for a module: one with a .pxd beside it takes its C types from there alone (its
    annotations stay Python's, as in the pure package); the others are compiled untyped."""
    return {**DIRECTIVES, "annotation_typing": False} if typed(module, src) else DIRECTIVES


def signature(src: Path = SRC) -> str:
    """What, when changed, makes every module's build stale although its .py is not: Cython's version, the
    directives, the C flags and which modules are typed (Cython compares a .c with its .py and .pxd only)."""
    try:
        import Cython
        version = Cython.__version__
    except ImportError:
        version = None
    return json.dumps({"cython": version, "directives": DIRECTIVES, "cflags": CFLAGS,
                       "typed": [m for m in chosen(src) if typed(m, src)]}, sort_keys=True, default=str)


def source_hash(module: str, src: Path = SRC) -> str:
    """sha256 of a module's .py and its .pxd, if any: what its extension was built from."""
    h = hashlib.sha256()
    for p in (src / module, (src / module).with_suffix(".pxd")):
        if p.exists():
            h.update(p.name.encode() + b"\0" + p.read_bytes())
    return h.hexdigest()


def ext_name(module: str) -> str:
    return "soan." + module[:-3].replace("/", ".")


def module_of(name: str) -> str:
    return name.removeprefix("soan.").replace(".", "/") + ".py"


def is_ja() -> bool:
    return (os.environ.get("SOAN_LANG") or "").lower().startswith("ja")


def say(en: str, ja: str) -> None:
    """One line of the build's log, in Japanese under SOAN_LANG=ja (as soan's commands)."""
    print(f"soan: {ja if is_ja() else en}", file=sys.stderr, flush=True)


def quiet(compiler: object) -> None:
    """Run this compiler's commands (compiler and linker) with their output kept, not printed: a failure
    carries it (see `complaint`), a success says nothing (no warnings in the install's log)."""
    import tempfile as tf
    from distutils.errors import DistutilsExecError

    call = getattr(compiler, "call", None)  # setuptools >= 80; older ones run `spawn`

    def run(cmd: list[str], env: object = None, **kw: object) -> None:
        with tf.TemporaryFile("w+", errors="replace") as log:
            try:
                if call is not None:
                    call(cmd, env=env, stdout=log, stderr=subprocess.STDOUT)
                else:
                    subprocess.check_call(cmd, stdout=log, stderr=subprocess.STDOUT)
            except subprocess.CalledProcessError as x:
                log.seek(0)
                x.output = log.read()
                raise

    def spawn(cmd: list[str], **kw: object) -> None:
        try:
            run(cmd)
        except subprocess.CalledProcessError as x:
            raise DistutilsExecError(f"{cmd[0]} exited with {x.returncode}\n{x.output}") from x
        except OSError as x:
            raise DistutilsExecError(f"{cmd[0]}: {x}") from x

    if call is not None:
        compiler.call = run  # type: ignore[attr-defined]
    compiler.spawn = spawn  # type: ignore[attr-defined]


def complaint(x: BaseException) -> str:
    """A compiler's failure in one line: its first complaint (without gcc's `error:` label), or its exit."""
    inner = x.args[0] if x.args and isinstance(x.args[0], BaseException) else x
    text = getattr(inner, "output", None) or str(inner)
    for line in text.splitlines():
        if "error:" in line:
            return line.split("error:", 1)[1].strip()[:160]
    if isinstance(inner, subprocess.CalledProcessError):
        return f"{Path(str(inner.cmd[0])).name} exited with {inner.returncode}"
    return (text.strip().splitlines() or ["?"])[0][:160]


def why_pure() -> tuple[str, str] | None:
    """Why this build cannot compile (English, Japanese), or None."""
    if (os.environ.get("SOAN_PURE") or "0") not in ("", "0"):
        return "SOAN_PURE is set", "SOAN_PURE が指定されています"
    try:
        import Cython
    except ImportError:
        return f"no Cython (cython=={CYTHON})", f"Cython（{CYTHON}）が入っていません"
    if Cython.__version__ != CYTHON:
        return (f"Cython {Cython.__version__}, not the tested {CYTHON}",
                f"Cython が {Cython.__version__} で、試験済みの {CYTHON} ではありません")
    inc = sysconfig.get_paths()["include"]
    if not (Path(inc) / "Python.h").exists():
        return "no Python.h (the Python development headers)", "Python の開発用ヘッダー（Python.h）がありません"
    from distutils.ccompiler import new_compiler
    from distutils.errors import CCompilerError
    from distutils.sysconfig import customize_compiler

    cc = new_compiler()
    customize_compiler(cc)
    quiet(cc)
    with tempfile.TemporaryDirectory() as tmp:
        probe = Path(tmp) / "probe.c"
        probe.write_text("#include <Python.h>\nint soan_probe(void) { return Py_IsInitialized(); }\n")
        try:
            cc.compile([str(probe)], output_dir=tmp, include_dirs=[inc])
        except (CCompilerError, OSError) as x:
            name = (getattr(cc, "compiler_so", None) or ["cc"])[0]
            return f"no working C compiler ({name}: {complaint(x)})", f"C コンパイラ（{name}）が動きません"
    return None


def cythonize_all(mods: list[str], prefix: str, src: Path, jobs: int, force: bool, left: dict[str, str],
                  build_dir: str | None = None) -> list[Extension]:
    """The chosen modules as Cython-generated extensions (sources `prefix/module`, relative to the current
    directory); a module Cython rejects goes to `left` (it stays pure Python)."""
    from Cython.Build import cythonize
    from Cython.Compiler.Errors import CompileError as CythonError

    def ext(m: str) -> Extension:
        return Extension(ext_name(m), [f"{prefix}/{m}"])

    def run(group: list[str], m: str, threads: int) -> list[Extension]:
        return list(cythonize([ext(x) for x in group], compiler_directives=directives(m, src), nthreads=threads,
                              quiet=True, force=force, build_dir=build_dir))

    out: list[Extension] = []
    try:
        for group in ([m for m in mods if not typed(m, src)], [m for m in mods if typed(m, src)]):
            if group:
                out += run(group, group[0], jobs)
    except CythonError:  # find which: one at a time
        out = []
        for m in mods:
            try:
                out += run([m], m, 0)
            except CythonError as e:
                left[m] = f"Cython: {complaint(e)}"
    return out


class BuildExt(build_ext):
    """Cythonize at build time (a wheel, not an editable install), compile each module quietly, leave out
    by name any module the compiler rejects, and leave no extension from an earlier build behind."""

    allow_in_place = False  # scripts/build_compiled.py builds in place, into its own copy of the package

    def initialize_options(self) -> None:
        super().initialize_options()
        self.left: dict[str, str] = {}  # module: why it stays pure Python

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1

    def run(self) -> None:
        if (self.editable_mode or self.inplace) and not self.allow_in_place:
            return  # never beside the .py in src/ (ext_modules() says so for an editable install)
        if not self.allow_in_place:
            mods = [module_of(e.name) for e in self.extensions]
            tmp = Path(self.build_temp) / "cython"
            tmp.mkdir(parents=True, exist_ok=True)
            stamp = tmp / "build_sig.txt"
            force = not stamp.exists() or stamp.read_text() != signature()
            made = {e.name: e for e in cythonize_all(mods, "src/soan", SRC, self.parallel or 1, force, self.left,
                                                     str(tmp))}
            for e in self.extensions:  # setuptools' own (finalized) extensions, now from Cython's C
                if e.name in made:
                    e.sources = made[e.name].sources
            self.extensions = [e for e in self.extensions if e.name in made]
            stamp.write_text(signature())
            self.prune()
        super().run()
        self.report()

    def prune(self) -> None:
        """No extension of an earlier build that is not rebuilt now stays in the tree the wheel is made from
        (a module since left out, or one the compiler now rejects, would be imported, stale)."""
        keep = {Path(self.get_ext_fullpath(e.name)) for e in self.extensions}
        pkg = Path(self.build_lib) / "soan"
        for q in pkg.rglob("*") if pkg.exists() else ():
            if q.name.endswith(tuple(_suffixes())) and q not in keep:
                q.unlink()

    def build_extensions(self) -> None:
        if self.compiler.compiler_type == "unix":
            for e in self.extensions:
                e.extra_compile_args = [*e.extra_compile_args, *CFLAGS]
        quiet(self.compiler)
        super().build_extensions()

    def build_extension(self, ext: Extension) -> None:
        from distutils.errors import CCompilerError

        try:
            super().build_extension(ext)
        except CCompilerError as x:  # CompileError, LinkError: this module stays pure Python
            self.left[module_of(ext.name)] = f"the C compiler rejected Cython's code: {complaint(x)}"
            out = Path(self.get_ext_fullpath(ext.name))
            if out.exists():
                out.unlink()

    def report(self) -> None:
        done = [e for e in self.extensions if module_of(e.name) not in self.left]
        for m, why in sorted(self.left.items()):
            say(f"left out (pure Python): {m}: {why}", f"コンパイルせず Python のまま: {m}（{why}）")
        if not self.allow_in_place:
            say(f"compiled {len(done)} modules with Cython {CYTHON} (soan --version says which build runs)",
                f"{len(done)} モジュールを Cython {CYTHON} でコンパイルしました（どちらで動くかは soan --version が示します）")


def _suffixes() -> list[str]:
    from importlib.machinery import EXTENSION_SUFFIXES

    return list(EXTENSION_SUFFIXES)


def ext_modules() -> list[Extension]:
    """The extensions this setup.py run builds: none for metadata, an sdist or an editable install, nor
    where compiling cannot run (one line says why); else one per chosen module (cythonized by BuildExt)."""
    argv = sys.argv[1:]
    if "editable_wheel" in argv:
        say("an editable install stays pure Python (an extension beside its .py would be imported instead of "
            "the .py you edit); the compiled build of this tree: make compiled",
            "編集可能なインストールは Python のみです（.py の隣にコンパイルすると、編集した .py ではなくそちらが"
            "読み込まれるため）。この作業ツリーのコンパイル版は make compiled で作ります")
        return []
    if not {"bdist_wheel", "build", "build_ext", "install"} & set(argv):
        return []
    why = why_pure()
    if why:
        say(f"installing pure Python, not the compiled build: {why[0]}",
            f"コンパイル版ではなく Python のみで入れます: {why[1]}")
        return []
    return [Extension(ext_name(m), [f"src/soan/{m}"]) for m in chosen()]


if __name__ == "__main__":
    setup(ext_modules=ext_modules(), cmdclass={"build_ext": BuildExt})
