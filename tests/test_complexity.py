"""No function of src/soan above radon's rank D (cyclomatic complexity 31 or more is rank E or F):
a long function is split into named parts, one per rule section or check (issue 30).

A ratchet: the functions still above D are listed below with the complexity each has today. The test
fails when an unlisted function goes above D, when a listed one gets more complex, and when a listed
one comes down to D or better or is gone (then delete its line, so it cannot grow back). Reproduce the
figures with `radon cc -s -n E src/soan` (methods, functions and closures; classes aside).
"""

from __future__ import annotations

from pathlib import Path

from radon.complexity import add_inner_blocks, cc_rank, cc_visit
from radon.visitors import Function

SRC = Path(__file__).resolve().parents[1] / "src" / "soan"
LIMIT = 30  # the highest complexity of rank D (21-30)

# path under src/soan :: function (Class.method, or outer.inner for a closure) -> complexity allowed
ALLOWED: dict[str, int] = {
    # none left: every function is at rank D or better
}


def complexities(root: Path) -> dict[str, int]:
    """Every function, method and closure under `root`: "path::name" -> cyclomatic complexity."""
    out: dict[str, int] = {}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        for block in add_inner_blocks(cc_visit(path.read_text(encoding="utf-8"))):
            if isinstance(block, Function):
                key = f"{rel}::{block.fullname}"
                out[key] = max(block.complexity, out.get(key, 0))  # a name defined twice: the worse one
    return out


def ratchet_problems(found: dict[str, int], allowed: dict[str, int]) -> list[str]:
    """What breaks the ratchet, one line each, naming the function and what to do."""
    problems = []
    for name, cc in sorted(found.items()):
        if cc <= LIMIT:
            continue
        if name not in allowed:
            problems.append(f"{name}: complexity {cc} (rank {cc_rank(cc)}), above rank D ({LIMIT}): "
                            "split it into named functions")
        elif cc > allowed[name]:
            problems.append(f"{name}: complexity {cc} (rank {cc_rank(cc)}), worse than the {allowed[name]} "
                            "it is allowed: make it simpler, not more complex")
    for name in sorted(allowed):
        now = found.get(name)
        if now is None or now <= LIMIT:
            state = "is gone" if now is None else f"is rank {cc_rank(now)} ({now})"
            problems.append(f"{name} {state}: delete its line from ALLOWED in tests/test_complexity.py")
    return problems


def test_no_function_above_rank_d_but_the_listed_ones_and_those_no_worse():
    problems = ratchet_problems(complexities(SRC), ALLOWED)
    assert not problems, "\n".join(problems)


def _branches(name: str, n: int, indent: str = "") -> str:
    """A function of complexity n + 1 (n `if`s)."""
    body = "".join(f"{indent}    if x == {k}:\n{indent}        return {k}\n" for k in range(n))
    return f"{indent}def {name}(x):\n{body}{indent}    return -1\n"


def test_the_ratchet_fails_on_a_planted_complex_function_and_on_a_listed_one_made_worse(tmp_path):
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "rules.py").write_text(
        _branches("fine", 29) + "\n\nclass Game:\n" + _branches("_step", 40, "    ")
        + "\n\ndef outer(y):\n" + _branches("inner", 31, "    ") + "    return inner(y)\n")
    found = complexities(tmp_path)
    assert found["games/rules.py::fine"] == 30 and found["games/rules.py::Game._step"] == 41
    assert found["games/rules.py::outer.inner"] == 32  # a closure counts on its own
    allowed = {"games/rules.py::Game._step": 41}
    assert ratchet_problems(found, allowed) == [
        "games/rules.py::outer.inner: complexity 32 (rank E), above rank D (30): split it into named functions"]
    worse = ratchet_problems(found, {"games/rules.py::Game._step": 40, "games/rules.py::outer.inner": 32})
    assert worse == ["games/rules.py::Game._step: complexity 41 (rank F), worse than the 40 it is allowed: "
                     "make it simpler, not more complex"]
    stale = ratchet_problems(found, {**allowed, "games/rules.py::outer.inner": 32, "games/rules.py::fine": 35,
                                     "games/old.py::gone": 50})
    assert stale == ["games/old.py::gone is gone: delete its line from ALLOWED in tests/test_complexity.py",
                     "games/rules.py::fine is rank D (30): delete its line from ALLOWED in tests/test_complexity.py"]
