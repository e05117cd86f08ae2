"""The A/A harness: the same setting on both sides of a comparison; how often a verdict says 'different'."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from ...core.errors import ConfigError
from ...core.game import game_info
from .answers import CompareAnswer
from .main import ask
from .questions import load_questions


# --- the A/A check of the whole procedure ---------------------------------------------------------
def aa_question(game: str, q: dict[str, Any], rep: int) -> dict[str, Any]:
    """A compare question as an A/A check: the base setting against itself, each side on its own fresh
    seeds (rep `rep`), so that any difference the procedure reports is a false one."""
    if q["kind"] != "compare":
        raise ConfigError(f"question {q['id']!r} is a {q['kind']} question; an A/A check takes a compare question")
    base = dict(q.get("base") or {})
    sides = [{**base, "seed": 1 + 1000 * rep + j, "label": {"ja": f"同じ設定（別のシード {j}）",
                                                            "en": f"the same setting (other seeds {j})"}}
             for j in range(1, len(q["against"]) + 1)]
    kept = {k: v for k, v in q.items() if k != "exact"}  # no exact analysis: both sides are the base game
    return {**kept, "id": f"{q['id']}-aa{rep}", "base": {**base, "seed": 1 + 1000 * rep}, "against": sides, "also": []}


def aa(game: str, qid: str | list[str], reps: int = 100, budget_s: float = 10.0, out: str | Path = "studies/ask-aa",
       jobs: int = 2, bots: tuple[str, ...] = ("random",), start_n: dict[str, int] | None = None,
       keep: bool = False, progress: Callable[[int, dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """The whole `ask` procedure (pilot, plan from the budget, staged runs and the clock's stop, the plan
    shared anew by need after its first stage, an early look that settles a comparison beyond doubt,
    paired tests, Holm, TOST) on A/A versions of one or more compare questions asked together, `reps` times with fresh seeds: per question, the share of
    repetitions whose verdict calls any of its comparisons better or worse (at most 5% expected), and how
    often the plan was shared anew with a need met. Each repetition asks in its own folder under `out`
    (removed unless `keep`)."""
    import shutil

    if reps < 1:
        raise ConfigError(f"reps must be at least 1; got {reps}")
    info = game_info(game)
    doc = load_questions(info.id)
    ids = [qid] if isinstance(qid, str) else list(qid)
    qs = []
    for i in ids:
        q = next((x for x in doc["questions"] if x["id"] == i), None)
        if q is None:
            raise ConfigError(f"unknown question {i!r} for {info.id}")
        qs.append(q)
    by_q = dict.fromkeys(ids, 0)
    flagged = negligible = reshared = settled = 0
    games: list[int] = []
    t0 = time.perf_counter()
    for r in range(reps):
        d = Path(out) / f"rep-{r:03d}"
        if d.exists():
            shutil.rmtree(d)
        res = ask(info.id, None, budget_s, d, jobs, bots, questions=[aa_question(info.id, q, r) for q in qs],
                  start_n=start_n)
        hits = []
        for i, ans in zip(ids, res["answers"], strict=True):
            rows = cast(CompareAnswer, ans["by_bot"][bots[0]])["rows"]  # an A/A question is a comparison
            hit = any(x["effect"] in ("better", "worse") for x in rows)
            by_q[i] += hit
            hits.append(hit)
            negligible += all(x["effect"] == "negligible" for x in rows)
            games += [x["n"] for x in rows]
        flagged += any(hits)
        reshared += bool((res.get("resized") or {}).get("met"))
        settled += bool((res.get("resized") or {}).get("settled"))  # an early look settled a comparison
        if progress is not None:
            progress(r, {"flagged": any(hits), "games": min(x["n"] for a_ in res["answers"]
                                                            for x in cast(CompareAnswer, a_["by_bot"][bots[0]])["rows"])})
        if not keep:
            shutil.rmtree(d, ignore_errors=True)
    return {"game": info.id, "question": ",".join(ids), "reps": reps, "budget_s": budget_s, "bots": list(bots),
            "comparisons": sum(len(q["against"]) for q in qs), "flagged": flagged, "flagged_share": flagged / reps,
            "by_question": by_q, "reshared": reshared, "settled": settled, "all_negligible": negligible,
            "games_max": max(games), "games_min": min(games), "seconds": time.perf_counter() - t0}
