"""A budget per module, not per function: no module of src/soan over 600 lines, none below radon's
maintainability rank B (`radon mi -n C src/soan` prints nothing).

A per-function ratchet on cyclomatic complexity had functions split exactly until each crossed the
limit while the modules around them grew past what a person holds in their head (lab/ask.py at 1,253
lines, maintainability 0). A module is the unit one reads in a sitting: it is what the budget bounds.
Reproduce the figures with `radon mi -s src/soan` and `wc -l`.
"""

from __future__ import annotations

from pathlib import Path

from radon.metrics import mi_rank, mi_visit

SRC = Path(__file__).resolve().parents[1] / "src" / "soan"
MAX_LINES = 600
RANKS_OK = ("A", "B")  # radon: A 100-20, B 19-10, C 9-0


def module_budget(root: Path) -> list[str]:
    """Every module of `root` over the budget, one line each naming it and what to do."""
    problems = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        text = path.read_text(encoding="utf-8")
        lines = text.count("\n") + (not text.endswith("\n") and bool(text))
        if lines > MAX_LINES:
            problems.append(f"{rel}: {lines} lines, over {MAX_LINES}: split it by responsibility")
        mi = mi_visit(text, multi=True)
        if mi_rank(mi) not in RANKS_OK:
            problems.append(f"{rel}: maintainability {mi:.1f} (rank {mi_rank(mi)}), below B: split it or simplify it")
    return problems


def test_every_module_is_within_its_budget_of_lines_and_maintainability():
    problems = module_budget(SRC)
    assert not problems, "\n".join(problems)


def test_the_budget_names_a_planted_long_module_and_a_planted_unmaintainable_one(tmp_path):
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "short.py").write_text('"""A small module."""\n\n\ndef f(x):\n    return x + 1\n')
    long = "".join(f"X{k} = {k}\n" for k in range(MAX_LINES + 1))
    (tmp_path / "games" / "long.py").write_text(long)
    body = "".join(f"    if x == {k}:\n        y = x * {k} + (x - {k}) ** 2 / (x + {k} + 1)\n" for k in range(250))
    (tmp_path / "tangled.py").write_text(f"def g(x):\n    y = 0\n{body}    return y\n")
    got = module_budget(tmp_path)
    assert got[0] == f"games/long.py: {MAX_LINES + 1} lines, over {MAX_LINES}: split it by responsibility"
    assert len(got) == 2 and got[1].startswith("tangled.py: maintainability ") and "below B" in got[1]
    assert not any("short.py" in p for p in got)
