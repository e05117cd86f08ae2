"""Is the ask procedure's test the right size for a question's measure? The A/A check (scripts/ask_aa.py)
runs the whole procedure 100 times, which leaves a binomial spread (8 flags in 100 happen 13% of the
time at an exact 5%). This checks the test itself on the measure's own distribution, with far more
repetitions: one large study of the question's base setting at a bot level (`--games`, played once into
`--out` and reused), then `--reps` times two disjoint sets of n of its games drawn at random (two sides
on fresh seeds, as in the A/A check), the paired t-test the procedure uses (scipy's ttest_rel, at 5%,
two-sided), for each n of `--sizes`. Prints the share of repetitions the test calls a difference, with
its 95% Wilson interval: an exact test gives 5%.

    nice -n 5 python scripts/ask_size.py la-superba weather-hook --bots normal --games 1500 -j 2
    nice -n 5 python scripts/ask_size.py undecim hand-fluidity --bots normal --games 1000 --sizes 12,40,100

With `--resize FIRST,LOW,HIGH` it checks the size as `soan ask` decides it after its first stage: each
repetition draws FIRST games a side, computes the question's need from their spread alone (`question_needs`'
rule: the games that find a difference the size of the margin with NEED_POWER, in whole chunks), then
plays on to the need when it is at most HIGH (the plan could meet it) or to LOW (the common level) when it
is not — and tests all the games drawn, the first ones included. An exact procedure still gives 5%.

    nice -n 5 python scripts/ask_size.py la-superba weather-hook --bots normal --games 1500 --resize 32,100,600

`--settle P` adds `soan ask`'s one early look (Haybittle–Peto, ask.SETTLE_P): a repetition whose FIRST games
a side already give p < P is settled there (its verdict from those games, no more drawn); the rest go on as
above. The share flagged then includes the early look's: at P = 0.001 it may exceed 5% by at most 0.1 point.

    nice -n 5 python scripts/ask_size.py la-superba weather-hook --bots normal --games 1500 --resize 32,100,600 --settle 0.001

docs/lab.md ("A/A check of the whole procedure") quotes its figures.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    import numpy as np
    from scipy import stats
    from statsmodels.stats.power import TTestPower
    from statsmodels.stats.proportion import proportion_confint

    from soan.core.game import game_info
    from soan.lab.ask import Asker, load_questions
    from soan.lab.ask.plan import NEED_POWER, _whole
    from soan.lab.ask.questions import players_of, setting_of
    from soan.lab.ask.verdict import _measures

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("question", help="a compare question's id")
    ap.add_argument("--bots", default="normal", help="the bot level whose games are drawn from")
    ap.add_argument("--games", type=int, default=1500, help="games of the base setting to draw from")
    ap.add_argument("--sizes", default="12,30,60,120", help="games a side, comma-separated")
    ap.add_argument("--reps", type=int, default=20000, help="draws of two sides per size (default 20000)")
    ap.add_argument("--seed", type=int, default=1, help="the draws' random seed (default 1)")
    ap.add_argument("--jobs", "-j", type=int, default=2, help="cores for the study's games (default 2)")
    ap.add_argument("--out", default="studies/ask-size", help="where the study is played and kept (reused)")
    ap.add_argument("--resize", default=None, metavar="FIRST,LOW,HIGH",
                    help="games a side first, the common level, the largest need met (ask's sharing by need)")
    ap.add_argument("--settle", type=float, default=None, metavar="P",
                    help="with --resize: a repetition at p < P on its first games is settled there (ask's early look)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    a = ap.parse_args(argv)
    sizes = [int(x) for x in a.sizes.split(",")]
    if min(sizes) < 2 or 2 * max(sizes) > a.games:
        ap.error(f"each size must be at least 2 and at most half of --games ({a.games // 2})")
    resize = None
    if a.resize is not None:
        try:
            first, low, high = (int(x) for x in a.resize.split(","))
        except ValueError:
            ap.error(f"--resize takes three whole numbers FIRST,LOW,HIGH; got {a.resize!r}")
        if not 2 <= first <= low <= high or 2 * high > a.games:
            ap.error(f"--resize needs 2 <= FIRST <= LOW <= HIGH <= half of --games ({a.games // 2}); got {a.resize}")
        resize = (first, low, high)
    if a.settle is not None and (resize is None or not 0 < a.settle < 0.05):
        ap.error(f"--settle needs --resize and a level between 0 and 0.05; got {a.settle}")

    info = game_info(a.game)
    q = next((x for x in load_questions(info.id)["questions"] if x["id"] == a.question), None)
    if q is None or q["kind"] != "compare":
        ap.error(f"{a.question!r} is not a compare question of {info.id}")
    asker = Asker(info.id, Path(a.out), a.jobs, (a.bots,))
    rng = np.random.default_rng(a.seed)
    out = []
    for P in players_of(info.id, q):
        base = setting_of(info.id, q.get("base") or {}, P, a.bots)
        asker.ensure(base, a.games)
        _, ms = _measures(asker, q, base, P)
        x = np.asarray(ms[q["measure"]], dtype=float)
        x = x[~np.isnan(x)]
        power = TTestPower()
        tests = len(players_of(info.id, q)) * len(q["against"])
        for n in ([None] if resize else sizes):
            hits = tried = met = settled = 0
            sized = []
            for _ in range(a.reps):
                pick = rng.permutation(len(x))
                if resize:  # the size from the first games' spread alone, as `soan ask` shares its plan
                    first, low, high = resize
                    d1 = x[pick[high: high + first]] - x[pick[:first]]
                    sd = float(d1.std(ddof=1))
                    if a.settle is not None and sd > 0 and stats.ttest_1samp(d1, 0.0).pvalue < a.settle:
                        settled += 1  # beyond doubt at the early look: the verdict from these games (a flag)
                        tried += 1
                        hits += 1
                        sized.append(first)
                        continue
                    need = (_whole(int(np.ceil(power.solve_power(effect_size=q["margin"] / sd, nobs=None,
                                                                  alpha=0.05 / tests, power=NEED_POWER))))
                            if sd > 0 else high + 1)
                    k = need if need <= high else low
                    k = max(k, low)
                    met += need <= high
                    sized.append(k)
                    d = x[pick[high: high + k]] - x[pick[:k]]
                else:
                    d = x[pick[n: 2 * n]] - x[pick[:n]]
                if d.std() == 0.0:  # no spread: the procedure tests nothing (never a flag)
                    continue
                tried += 1
                hits += bool(stats.ttest_1samp(d, 0.0).pvalue < 0.05)  # = ttest_rel(b, a)
            lo, hi = proportion_confint(hits, max(tried, 1), method="wilson")
            out.append({"players": P, "games_a_side": n if n else f"{min(sized)}–{max(sized)}", "reps": tried,
                        "share": hits / max(tried, 1), "ci": [float(lo), float(hi)], "pool": int(len(x)),
                        **({"need_met": met} if resize else {}),
                        **({"settled": settled} if a.settle is not None else {})})
    if a.json:
        print(json.dumps({"game": info.id, "question": a.question, "measure": q["measure"], "bots": a.bots,
                          "rows": out}))
        return 0
    print(f"{info.id} {a.question} ({q['measure']}, {a.bots} bots): the paired t-test at 5% on two disjoint "
          f"draws of n games from {out[0]['pool']} games of the base setting")
    for r in out:
        met = f" (the need met in {r['need_met']})" if "need_met" in r else ""
        met += f" (settled at the early look in {r['settled']})" if "settled" in r else ""
        print(f"  {r['players']}p n={r['games_a_side']:>4}: {r['share']:.1%} of {r['reps']} "
              f"[{r['ci'][0]:.1%}, {r['ci'][1]:.1%}]{met}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
