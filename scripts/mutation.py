"""Mutation testing of one game's rule modules (`make mutation GAME=undecim SAMPLE=200`).

In a scratch copy (out/mutation/<game>/), mutmut mutates the game's rule modules; a seeded random
sample of the mutants (a rerun takes the same ones; SAMPLE=0: all) is run against the game's rule
tests, its mutation-gap tests and (La Superba, Undecim) the view tests. The score is
killed / (killed + survived); survivors are listed for `mutmut show NAME` (in the scratch folder).
A rerun reuses the scratch copy's mutants and test map (the slow first step) unless given --fresh
(do that after changing the code or the tests). Not part of `make test`: it takes long.
(mutmut cannot hand parametrized test ids with quotes or spaces back to pytest, so the reproduction
tests stay out of the selection; hypothesis state machines stay out for speed.)
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

G = "src/soan/games"
GAMES = {
    "asian_delivery": ([f"{G}/asian_delivery/{m}.py" for m in ("rules", "steps", "options", "effects", "rounds")],
                       ["tests/test_asian_delivery_rules.py", "tests/test_asian_delivery_mutation_gaps.py"]),
    "la_superba": ([f"{G}/la_superba/rules.py"],
                   ["tests/test_la_superba_rules.py", "tests/test_la_superba_mutation_gaps.py", "tests/test_bad_views.py"]),
    "undecim": ([f"{G}/undecim/rules.py"], ["tests/test_undecim_rules.py", "tests/test_bad_views.py"]),
}
KILLED = {"killed", "timeout", "suspicious", "segfault"}


def mutmut(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    exe = str(Path(sys.executable).with_name("mutmut"))
    return subprocess.run([exe, *args], cwd=cwd, env={"PATH": "/usr/bin:/bin", "HOME": str(Path.home())},
                          capture_output=True, text=True)


def mutant_names(work: Path) -> list[str]:
    names: list[str] = []
    for meta in sorted((work / "mutants").rglob("*.meta")):
        names += json.loads(meta.read_text())["exit_code_by_key"]
    return sorted(names)


def main(game: str, sample: int, seed: int = 9, fresh: bool = False) -> None:
    modules, tests = GAMES[game]
    work = Path("out/mutation") / game
    if fresh or not (work / "mutants" / "mutmut-stats.json").exists():
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir(parents=True)
        for d in ("src", "tests", "docs"):  # docs: the published view schemas the view tests compare
            shutil.copytree(d, work / d, ignore=shutil.ignore_patterns("__pycache__"))
        cfg = Path("pyproject.toml").read_text() + (
            f"\n[tool.mutmut]\npaths_to_mutate = {json.dumps(modules)}\ntests_dir = {json.dumps(tests)}\n"
            'also_copy = ["tests", "src", "docs"]\npytest_add_cli_args = ["-x", "-q", "-p", "no:cacheprovider"]\n')
        (work / "pyproject.toml").write_text(cfg)
        mutmut(work, "run", "--max-children", "1", "no-such-mutant")  # generates the mutants
    names = mutant_names(work)
    chosen = sorted(random.Random(seed).sample(names, sample)) if 0 < sample < len(names) else names
    print(f"{game}: {len(names)} mutants in {', '.join(modules)}; running {len(chosen)} (seed {seed})", flush=True)
    mutmut(work, "run", "--max-children", "1", *chosen)
    status: dict[str, str] = {}
    for line in mutmut(work, "results", "--all", "true").stdout.splitlines():
        name, _, st = line.strip().partition(": ")
        if name in chosen:
            status[name] = st.strip()
    tally = Counter(status.values())
    killed = sum(v for k, v in tally.items() if k in KILLED)
    survived = tally.get("survived", 0)
    print(f"{game}: {dict(tally)}; score {killed}/{killed + survived} = {killed / max(1, killed + survived):.1%}")
    for name, st in sorted(status.items()):
        if st == "survived":
            print("  survived:", name)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 200, fresh="--fresh" in sys.argv)
