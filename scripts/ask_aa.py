"""A/A benchmark of the whole `soan ask` procedure (docs/lab.md, "Questions"): a compare question's
settings all replaced by the base setting on fresh seeds, asked `--reps` times with the procedure's own
pilot, plan from the budget, staged runs, clock stop, paired tests, Holm correction and equivalence
test; prints how many repetitions flag any difference (at most 5% expected).

    nice -n 5 python scripts/ask_aa.py undecim hand-fluidity --reps 100 --budget 10 --bots random
"""

from __future__ import annotations

import argparse
import json
import sys


def main(argv: list[str] | None = None) -> int:
    from soan.lab.ask import aa

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("question", help="a compare question's id, e.g. hand-fluidity; several asked together: a,b")
    ap.add_argument("--reps", type=int, default=100)
    ap.add_argument("--budget", type=float, default=10.0, help="seconds per repetition's ask (its plan)")
    ap.add_argument("--bots", default="random", help="bot levels, the first leads (cheap ones for 100 repetitions)")
    ap.add_argument("--jobs", "-j", type=int, default=2)
    ap.add_argument("--out", default="studies/ask-aa")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)

    def tick(r: int, x: dict) -> None:
        if not a.json:
            print(f"rep {r + 1}/{a.reps}: {'FLAGGED' if x['flagged'] else 'nothing flagged'} ({x['games']} games a side)",
                  flush=True)

    res = aa(a.game, a.question.split(","), a.reps, a.budget, a.out, a.jobs, tuple(a.bots.split(",")), progress=tick)
    if a.json:
        print(json.dumps(res))
    else:
        from soan.lab.stats import wilson

        def share(k: int) -> str:
            lo, hi = wilson(k, res["reps"])
            return f"{k}/{res['reps']} ({k / res['reps']:.0%} [{lo:.1%}, {hi:.1%}])"

        per = "; ".join(f"{k} {share(v)}" for k, v in res["by_question"].items())
        print(f"A/A of soan ask, {res['game']} {res['question']} ({res['comparisons']} comparisons, {res['bots'][0]} "
              f"bots, budget {res['budget_s']:.0f} s a repetition, {res['games_min']} to {res['games_max']} games a "
              f"side): repetitions flagging a difference, per question (at most 5% expected; Wilson 95% intervals): {per}; "
              f"any: {share(res['flagged'])}; the plan shared anew with a need met in {res['reshared']}; a comparison settled at the early "
              f"look (p < 0.001) in {res['settled']}; all "
              f"comparisons 'no difference that matters' {res['all_negligible']} times; {res['seconds']:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
