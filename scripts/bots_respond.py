"""Do the normal bots respond to each variant? Two checks for every variant of a game, and for every
setting the game's `soan ask` questions compare (variants with parameters), normal bots throughout:

1. **Play**: N games with the same seeds in the base game and in the setting (normal bots at every
   seat): how many the bots played move for move as in the base game (same length, same decisions per
   seat, same options; then the rule never came into play or the bots ignore it).
2. **Planning** (paired): in the setting, the same N games twice — every seat a normal bot that plans
   with the setting's rules, and then one seat (rotated with the game: seat i mod players) a normal bot
   that plans its look-ahead with the base rules (`greedy:rules=base`, agents/planrules.py) against the
   same normal bots. Per game, that seat's win (a shared win split) and score planning with the rules
   minus planning with the base rules; the mean difference with its 95% paired t interval. A bot that
   reads the rule does at least as well with it. Positions some variants make (other cards, another
   board, another hand size) cannot be stated under the base rules: the share of the seat's decisions
   planned under them is given (from game 0, played in this process); at 0% the check does not apply.

Verdict per setting: "bots do not respond to this rule" when the play check finds every game identical
and planning with the rule brings no advantage (or changes no move); else what planning with the rule
does (pays / no advantage shown / costs: the bots misread it) and how much play changed.

    nice -n 5 python scripts/bots_respond.py undecim -n 100
    nice -n 5 python scripts/bots_respond.py asian-delivery -n 60 --only worker-decay,stored-vp --json out.json
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any


def settings_of(game: str, only: list[str]) -> list[dict[str, Any]]:
    """Every variant alone, then every setting the questions compare that is not a single variant."""
    from soan.core.game import game_info
    from soan.lab.ask import load_questions
    from soan.lab.ask.questions import _params

    info = game_info(game)
    out = [{"variants": [v], "params": {}} for v in sorted(info.variants)]
    seen = {json.dumps(s, sort_keys=True) for s in out}
    for q in load_questions(info.id)["questions"]:
        for s in q.get("against", []) if q["kind"] == "compare" else []:
            st = {"variants": list(s.get("variants", [])), "params": _params(s)}
            k = json.dumps(st, sort_keys=True)
            if k not in seen and (st["params"] or len(st["variants"]) > 1):
                seen.add(k)
                out.append(st)
    if only:
        out = [s for s in out if any(o in s["variants"] or o in s["params"].values() or o in s["params"]
                                     for o in only)]
    return out


def label(info, s: dict[str, Any]) -> str:
    parts = [f"{info.variants[v].rule} {v}" for v in s["variants"]]
    parts += [f"{k}={v}" for k, v in s["params"].items()]
    return " + ".join(parts) or "base"


def same_game(x, y) -> bool:
    return (x.length == y.length and x.decisions == y.decisions and x.scores == y.scores
            and x.stats.get("mean_options") == y.stats.get("mean_options"))


def coverage(game: str, P: int, bot: str, s: dict[str, Any], seed: int) -> float:
    """The share of seat 0's decisions (game 0, in this process) that planned under the base rules."""
    from soan.agents import SeatView, make_agent
    from soan.core.game import make
    from soan.core.rng import derive
    from soan.lab.runner import study_seeds

    _, gseed = next(study_seeds(seed, 1))
    st = make(game, players=P, seed=gseed, variants=s["variants"], params=s["params"])
    bots = [make_agent(f"{bot}:rules=base" if i == 0 else bot, seed=derive(gseed, 1000 + i)) for i in range(P)]
    while not st.is_over():
        seat = st.to_act()[0]
        st.apply(seat, bots[seat].act(SeatView(st, seat)))
    got = bots[0].planned
    total = got["rules"] + got["own"]
    return got["rules"] / total if total else 0.0


def planning(base_planner: list, aware: list, P: int) -> dict[str, Any]:
    """Per game i, seat i mod P: planning with the rules minus planning with the base rules."""
    import numpy as np

    from soan.lab.stats import paired_diff

    win_a, win_b, sc_a, sc_b, same = [], [], [], [], 0
    for x, y in zip(aware, base_planner, strict=True):
        seat = x.index % P
        for r, w, sc in ((x, win_a, sc_a), (y, win_b, sc_b)):
            k = len(r.winners)
            w.append(1 / k if seat in r.winners else 0.0)
            sc.append(r.scores[seat])
        same += same_game(x, y)
    return {"win": paired_diff(np.array(win_b), np.array(win_a), bounds=(0.0, 1.0)),
            "score": paired_diff(np.array(sc_b), np.array(sc_a)), "identical": same, "n": len(aware)}


def verdict(play_same: int, plan: dict[str, Any], cover: float, n: int) -> str:
    if cover == 0.0:
        return "cannot plan with the base rules here (positions not stated under them)"
    sc = plan["score"]
    lo, hi = sc["ci"]
    if plan["identical"] == n or sc["spread"] != "ok":
        pays = "none"
    elif lo is not None and lo > 0:
        pays = "pays"
    elif hi is not None and hi < 0:
        pays = "costs"
    else:
        pays = "unclear"
    if play_same == n and pays in ("none", "unclear"):
        return "bots do not respond to this rule"
    words = {"none": "planning with the rule changes no move", "pays": "planning with the rule pays",
             "costs": "planning with the rule costs (the bots misread it)",
             "unclear": "no advantage shown from planning with the rule"}[pays]
    return f"{words}; play changed in {n - play_same}/{n} games"


def fmt(r: dict[str, Any], pct: bool) -> str:
    if r["diff"] is None:
        return "—"
    f = (lambda v: f"{100 * v:+.1f} pts") if pct else (lambda v: f"{v:+.2f}")
    if r["spread"] != "ok":
        return f"{f(r['diff'])} (no spread)"
    return f"{f(r['diff'])} [{f(r['ci'][0])}, {f(r['ci'][1])}]"


def main(argv: list[str] | None = None) -> int:
    from soan.agents import level_spec
    from soan.core.game import game_info
    from soan.lab.runner import run_games

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("-n", type=int, default=10, help="games a side")
    ap.add_argument("--only", default="", help="comma-separated variants or parameter values (default: all)")
    ap.add_argument("--jobs", "-j", type=int, default=2)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--json", default="", help="also write the figures to this file")
    a = ap.parse_args(argv)
    info = game_info(a.game)
    bot = level_spec("normal", info.id)
    if bot.split(":")[0] != "greedy":
        print(f"{info.id}'s normal bot is {bot!r}: the planning check needs greedy (rules=base)", file=sys.stderr)
        return 2
    P = max(info.players)
    only = [v for v in a.only.split(",") if v]
    t_all = time.perf_counter()

    def play(s: dict[str, Any], agents: list[str]):
        return run_games(info.id, a.n, P, agents, seed=a.seed, variants=s["variants"], params=s["params"],
                         jobs=a.jobs, collect=True)

    base = play({"variants": [], "params": {}}, [bot] * P)
    print(f"{info.id}, {P} players, {bot} (normal) at every seat, {a.n} games a side (same seeds, study seed "
          f"{a.seed}); planning check: seat i mod {P} plans with the base rules ({bot}:rules=base)", flush=True)
    rows = []
    for s in settings_of(info.id, only):
        t0 = time.perf_counter()
        name = label(info, s)
        try:
            aware = play(s, [bot] * P)
        except Exception as e:  # a variant that needs another (e.g. a parameter's companion)
            print(f"  {name}: not played alone ({type(e).__name__}: {e})", flush=True)
            continue
        same = sum(1 for x, y in zip(base, aware, strict=True) if same_game(x, y))
        sb = sum(sum(r.scores) for r in base) / (a.n * P)
        sv = sum(sum(r.scores) for r in aware) / (a.n * P)
        cover = coverage(info.id, P, bot, s, a.seed)
        plan = planning(play(s, [f"{bot}:rules=base"] + [bot] * (P - 1)), aware, P) if cover > 0 else None
        v = verdict(same, plan, cover, a.n) if plan else verdict(same, {"score": {"ci": [None, None]}}, 0.0, a.n)
        row = {"setting": s, "label": name, "play_identical": same, "n": a.n, "mean_score": [sb, sv],
               "coverage": cover, "planning": plan, "verdict": v, "seconds": time.perf_counter() - t0}
        rows.append(row)
        line = (f"  {name}: play {same}/{a.n} games as in the base game; mean score {sb:.2f} -> {sv:.2f}; "
                f"base rules plan {100 * cover:.0f}% of the seat's decisions")
        if plan:
            line += (f"; planning with the rule minus with the base rules: win {fmt(plan['win'], True)}, "
                     f"score {fmt(plan['score'], False)} ({plan['identical']}/{a.n} games identical)")
        print(line + f"\n    -> {v}  ({row['seconds']:.0f} s)", flush=True)
    print(f"{time.perf_counter() - t_all:.0f} s in all", flush=True)
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"game": info.id, "players": P, "bot": bot, "n": a.n, "seed": a.seed, "rows": rows}, f,
                      indent=1, default=str)
    return 0


if __name__ == "__main__":
    sys.exit(main())
