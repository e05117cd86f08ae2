"""Mutation score of one game's rule modules (`make mutation GAME=undecim SAMPLE=200`).

In a scratch copy (out/mutation/<game>/), mutmut mutates every rule module of the game: all of
`src/soan/games/<game>/*.py` except the modules that only present or advise (NOT_RULES below: text,
prompts, the web board, the lab's report columns, the bots' evaluation). A seeded random sample of the
mutants (a rerun takes the same ones; SAMPLE=0: all) is run against the game's own tests, discovered by
name (`tests/test_<game>_*.py`, property tests and state machines included), and the view tests.

The score is honest: killed / every mutant in the sample. A mutant that no selected test reaches
("no tests") counts as a survivor, and so does one mutmut could not check; the output lists each
status, and the survivors for `mutmut show NAME` (in the scratch folder). A rerun reuses the scratch
copy's mutants and test map (the slow first step) while the package and the tests are unchanged (a digest
of them is kept with the copy; any change, or --fresh, makes the copy afresh). Not part of `make test`: it takes long. The score per game, with its date and commit,
goes in docs/testing.md.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

G = Path("src/soan/games")
NOT_RULES = {"__init__.py", "text.py", "prompts.py", "analysis_text.py", "webboard.py", "report.py", "evaluate.py"}
SHARED_TESTS = ["tests/test_bad_views.py", "tests/test_lab_stats.py"]  # views; the measures (AD-A1, LS-A1, UN-A1)
KILLED = {"killed", "timeout", "suspicious", "segfault"}


def game_modules(game: str) -> list[str]:
    return [str(p) for p in sorted((G / game).glob("*.py")) if p.name not in NOT_RULES]


def game_tests(game: str) -> list[str]:
    return [str(p) for p in sorted(Path("tests").glob(f"test_{game}_*.py"))] + SHARED_TESTS


def mutmut(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    exe = str(Path(sys.executable).with_name("mutmut"))
    return subprocess.run([exe, *args], cwd=cwd, env={"PATH": "/usr/bin:/bin", "HOME": str(Path.home())},
                          capture_output=True, text=True)


def mutant_names(work: Path) -> list[str]:
    names: list[str] = []
    for meta in sorted((work / "mutants").rglob("*.meta")):
        names += json.loads(meta.read_text())["exit_code_by_key"]
    return sorted(names)


def source_digest() -> str:
    """A digest of the package and the tests as they are now: a scratch copy made from other code or tests
    is stale and made afresh (a rerun after a change would otherwise score the old copy)."""
    import hashlib

    h = hashlib.sha256()
    for root in ("src", "tests"):
        for f in sorted(Path(root).rglob("*.py")):
            h.update(str(f).encode() + b"\0" + f.read_bytes())
    return h.hexdigest()


def score(status: dict[str, str]) -> tuple[int, int]:
    """(killed, all): every mutant of the sample counts, unreached and unchecked ones as survivors."""
    return sum(1 for st in status.values() if st in KILLED), len(status)


def main(game: str, sample: int, seed: int = 9, fresh: bool = False) -> None:
    games = sorted(p.name for p in G.iterdir() if (p / "__init__.py").exists())
    if game not in games:
        sys.exit(f"unknown game {game!r}; the games are {', '.join(games)}")
    modules, tests = game_modules(game), game_tests(game)
    work = Path("out/mutation") / game
    digest = source_digest()
    stamp = work / "source.sha256"
    if (fresh or not (work / "mutants" / "mutmut-stats.json").exists()
            or not stamp.exists() or stamp.read_text() != digest):
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir(parents=True)
        for d in ("src", "tests", "docs"):  # docs: the published view schemas the view tests compare
            shutil.copytree(d, work / d, ignore=shutil.ignore_patterns("__pycache__"))
        cfg = Path("pyproject.toml").read_text() + (
            f"\n[tool.mutmut]\npaths_to_mutate = {json.dumps(modules)}\ntests_dir = {json.dumps(tests)}\n"
            'also_copy = ["tests", "src", "docs"]\npytest_add_cli_args = ["-x", "-q", "-p", "no:cacheprovider"]\n')
        (work / "pyproject.toml").write_text(cfg)
        mutmut(work, "run", "--max-children", "1", "no-such-mutant")  # generates the mutants
        stamp.write_text(digest)
    names = mutant_names(work)
    chosen = sorted(random.Random(seed).sample(names, sample)) if 0 < sample < len(names) else names
    print(f"{game}: {len(names)} mutants in {len(modules)} modules ({', '.join(Path(m).name for m in modules)});"
          f" tests {', '.join(tests)}; running {len(chosen)} (seed {seed})", flush=True)
    mutmut(work, "run", "--max-children", "1", *chosen)
    status = {name: "not checked" for name in chosen}
    for line in mutmut(work, "results", "--all", "true").stdout.splitlines():
        name, _, st = line.strip().partition(": ")
        if name in status:
            status[name] = st.strip()
    killed, total = score(status)
    print(f"{game}: {dict(Counter(status.values()))}")
    print(f"{game}: mutation score {killed}/{total} = {killed / max(1, total):.1%} (killed / all sampled mutants)")
    for name, st in sorted(status.items()):
        if st not in KILLED:
            print(f"  {st}: {name}")


if __name__ == "__main__":
    # python scripts/mutation.py GAME [SAMPLE] [--seed=N] [--fresh]: another seed draws another sample (a
    # score on the sample whose survivors were just given tests flatters; a fresh sample does not)
    pos = [x for x in sys.argv[1:] if not x.startswith("--")]
    seeds = [int(x.split("=", 1)[1]) for x in sys.argv[1:] if x.startswith("--seed=")]
    main(pos[0], int(pos[1]) if len(pos) > 1 else 200, seed=seeds[0] if seeds else 9, fresh="--fresh" in sys.argv)
