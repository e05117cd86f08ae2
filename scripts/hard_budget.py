"""The hard bot's budget (issue 48, item 4): a rollout spec whose all-hard game stays within a CPU budget and
that still beats the normal bot on a paired ladder on fresh seeds.

    PYTHONPATH=src nice -n 10 python scripts/hard_budget.py time SPEC [SPEC ...] --games 5
    PYTHONPATH=src nice -n 10 python scripts/hard_budget.py ladder SPEC [SPEC ...] --seeds 30 --seed 41001
    PYTHONPATH=src nice -n 10 python scripts/hard_budget.py search      # the whole search, as recorded

`time`: all-hard games (SPEC in every seat) on seeds 1..GAMES, each game's CPU time in its own worker
process (the collector set as a study sets it, `runner.games_heap`); the median a game.

`ladder`: the paired ladder. Each seed is played once per seat with SPEC in that seat and the normal bot
in the others (the seat rotated over the same deal), and once all-normal: the SPEC seat's win share
(a shared win counts 1/k) with its Wilson 95% interval over all its games (an equal seat: 1/players),
the share of its pairings in which it placed above a normal seat (ties a half), and its score minus the
same seat's score in the all-normal game of the same seed (paired; a seed's seats averaged first, the
interval Student's t over seeds).

`search`: time each candidate of GRID; ladder those within ROOM of the budget (room for the machine's
swing), and TRADE (the cheapest spec whose rollouts play on past the round's end), on the same fresh seeds
(LADDER), cheapest first; the cheapest that beats normal (its interval above an equal seat's share) is
chosen: within the budget if one there does, else the best trade-off over it. With --current, the spec before
the search is timed and laddered too (about 20 s an all-hard game: the longest part by far).

Every game goes to a cache (`--cache`, JSON lines), so a run stopped half-way resumes where it stopped and
the printed tables are remade from it.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from pathlib import Path

GAME = "asian-delivery"
PLAYERS = 4
BUDGET_S = 4.0  # the issue's target: an all-hard game within this many CPU seconds (median)
ROOM = 0.9  # a candidate counts as within it at this share of it: CPU times swing by 10-20% on a loaded machine
CURRENT = "rollout:rounds=3:model=1:policy_plan=20"  # hard before this search
GRID = [  # cheaper than CURRENT along each of the bot's costs: rounds, candidates, close calls, the policy's plan
    "rollout:rounds=2:model=1:policy_plan=20",
    "rollout:rounds=2:model=1:policy_plan=20:top=2",
    "rollout:rounds=2:model=1:policy_plan=20:top=2:margin=2",
    "rollout:rounds=2:model=1:policy_plan=8:top=2",
    "rollout:rounds=1:model=1:policy_plan=20",
    "rollout:rounds=1:model=1:policy_plan=20:margin=2",
    "rollout:rounds=1:model=1:policy_plan=20:top=2",
]
TRADE = ["rollout:rounds=2:model=1:policy_plan=20:top=2"]  # the cheapest that plays on past the round's end
LADDER = (41001, 30)  # first seed, seeds: fresh (no tuning or earlier choice used them), each played once per seat
TIME_GAMES = 5


def _one(task: tuple) -> dict:
    """One game: ("all", spec, seed) with `spec` in every seat, ("seat", spec, seed, seat) with `spec` in one
    seat and normal in the others, ("normal", seed) all-normal."""
    from soan.lab.runner import games_heap, play_game

    kind = task[0]
    if kind == "all":
        agents = [task[1]] * PLAYERS
    elif kind == "seat":
        agents = ["normal" if i != task[3] else task[1] for i in range(PLAYERS)]
    else:
        agents = ["normal"] * PLAYERS
    seed = task[2] if kind != "normal" else task[1]
    with games_heap():
        t0 = time.process_time()
        r = play_game(GAME, PLAYERS, seed, agents)
        cpu = time.process_time() - t0
    return {"task": list(task), "cpu_s": cpu, "scores": list(r.scores), "ranks": list(r.ranks),
            "winners": sorted(r.winners)}


class Cache:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.rows: dict[str, dict] = {}
        if path.exists():
            for line in path.read_text().splitlines():
                if line.strip():
                    row = json.loads(line)
                    self.rows[json.dumps(row["task"])] = row

    def get(self, tasks: list[tuple], jobs: int) -> list[dict]:
        todo = [t for t in tasks if json.dumps(list(t)) not in self.rows]
        if todo:
            from soan.lab.runner import process_pool

            self.path.parent.mkdir(parents=True, exist_ok=True)
            with process_pool(jobs, GAME) as pool, self.path.open("a") as f:
                for row in pool.imap_unordered(_one, todo):
                    self.rows[json.dumps(row["task"])] = row
                    f.write(json.dumps(row) + "\n")
                    f.flush()
        return [self.rows[json.dumps(list(t))] for t in tasks]


def wilson(k: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def timing(cache: Cache, spec: str, games: int, jobs: int) -> dict:
    rows = cache.get([("all", spec, seed) for seed in range(1, games + 1)], jobs)
    cpu = [r["cpu_s"] for r in rows]
    return {"spec": spec, "games": len(cpu), "median_s": statistics.median(cpu), "min_s": min(cpu), "max_s": max(cpu)}


def ladder(cache: Cache, spec: str, seed0: int, seeds: int, jobs: int) -> dict:
    seeds_ = range(seed0, seed0 + seeds)
    tasks: list[tuple] = [("seat", spec, s, p) for s in seeds_ for p in range(PLAYERS)]
    tasks += [("normal", s) for s in seeds_]
    rows = cache.get(tasks, jobs)
    base = {r["task"][1]: r for r in rows if r["task"][0] == "normal"}
    wins = above = 0.0
    n = 0
    diff: dict[int, list[float]] = {}
    cpu = []
    for r in rows:
        if r["task"][0] != "seat":
            continue
        s, p = r["task"][2], r["task"][3]
        n += 1
        wins += 1 / len(r["winners"]) if p in r["winners"] else 0.0
        ranks = r["ranks"]
        above += sum(1.0 if ranks[p] < ranks[j] else 0.5 if ranks[p] == ranks[j] else 0.0
                     for j in range(PLAYERS) if j != p) / (PLAYERS - 1)
        diff.setdefault(s, []).append(r["scores"][p] - base[s]["scores"][p])
        cpu.append(r["cpu_s"])
    per_seed = [statistics.mean(v) for v in diff.values()]
    m = statistics.mean(per_seed)
    t = _t975(len(per_seed) - 1)
    h = t * statistics.stdev(per_seed) / math.sqrt(len(per_seed))
    lo, hi = wilson(wins, n)
    alo, ahi = wilson(above, n)
    return {"spec": spec, "seeds": f"{seed0}..{seed0 + seeds - 1}", "games": n, "win_share": wins / n,
            "win_ci": [lo, hi], "equal_seat": 1 / PLAYERS, "beats_normal": lo > 1 / PLAYERS,
            "above_normal": above / n, "above_ci": [alo, ahi], "score_diff": m, "score_ci": [m - h, m + h],
            "game_cpu_s": statistics.median(cpu)}


def _t975(df: int) -> float:
    from scipy.stats import t

    return float(t.ppf(0.975, df))


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def show_time(r: dict) -> None:
    print(f"  {r['spec']}: {r['median_s']:.2f} s a game (median of {r['games']}; {r['min_s']:.2f}–{r['max_s']:.2f})",
          flush=True)


def show_ladder(r: dict) -> None:
    lo, hi = r["win_ci"]
    print(f"  {r['spec']} against three normal, seeds {r['seeds']}, {r['games']} games: wins {_pct(r['win_share'])} "
          f"[{_pct(lo)}, {_pct(hi)}] (equal seat {_pct(r['equal_seat'])}; "
          f"{'above it' if r['beats_normal'] else 'NOT above it'}); placed above a normal seat "
          f"{_pct(r['above_normal'])} [{_pct(r['above_ci'][0])}, {_pct(r['above_ci'][1])}]; score against the "
          f"same seat all-normal {r['score_diff']:+.2f} [{r['score_ci'][0]:+.2f}, {r['score_ci'][1]:+.2f}]; "
          f"{r['game_cpu_s']:.2f} s a game (median)", flush=True)


def search(cache: Cache, jobs: int, out: Path | None, current: bool) -> None:
    import os

    print(f"load {os.getloadavg()[0]:.2f} at start; all-hard games, CPU time (seeds 1..{TIME_GAMES}):", flush=True)
    times = {}
    for spec in ([CURRENT] if current else []) + GRID:
        times[spec] = timing(cache, spec, TIME_GAMES, jobs)
        show_time(times[spec])
    fit = [s for s in GRID if times[s]["median_s"] <= ROOM * BUDGET_S]
    print(f"within {ROOM:.0%} of {BUDGET_S:.0f} s: {len(fit)} of {len(GRID)}; ladder on fresh seeds "
          f"{LADDER[0]}..{LADDER[0] + LADDER[1] - 1}, with the trade-off {', '.join(TRADE)}:", flush=True)
    tried = sorted(dict.fromkeys(fit + [s for s in TRADE if s not in fit] + ([CURRENT] if current else [])),
                   key=lambda s: times[s]["median_s"] if s in times else timing(cache, s, TIME_GAMES, jobs)["median_s"])
    valid = {}
    for spec in tried:
        valid[spec] = ladder(cache, spec, *LADDER, jobs)
        show_ladder(valid[spec])
    beats = [s for s in tried if valid[s]["beats_normal"]]  # cheapest first
    best = beats[0] if beats else None
    within = best is not None and best in fit
    print(f"chosen: {best} ({'within the budget' if within else 'over the budget: the best trade-off' if best else 'none beats normal'})",
          flush=True)
    print(f"load {os.getloadavg()[0]:.2f} at the end", flush=True)
    if out is not None:
        out.write_text(json.dumps({"times": times, "fit": fit, "ladder": valid, "chosen": best, "within": within},
                                  indent=1))


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    ap.add_argument("what", choices=("time", "ladder", "search"))
    ap.add_argument("specs", nargs="*")
    ap.add_argument("--games", type=int, default=TIME_GAMES, help="time: all-hard games (seeds 1..GAMES)")
    ap.add_argument("--seed", type=int, default=LADDER[0], help="ladder: the first seed")
    ap.add_argument("--seeds", type=int, default=LADDER[1], help="ladder: seeds, each played once per seat")
    ap.add_argument("--jobs", "-j", type=int, default=2)
    ap.add_argument("--cache", default="out/hard_budget/games.jsonl")
    ap.add_argument("--out", help="search: the figures as JSON")
    ap.add_argument("--current", action="store_true",
                    help=f"search: also time and validate the spec before the search ({CURRENT}; ~20 s a game)")
    a = ap.parse_args()
    cache = Cache(Path(a.cache))
    if a.what == "search":
        search(cache, a.jobs, Path(a.out) if a.out else None, a.current)
        return
    for spec in a.specs or [CURRENT]:
        if a.what == "time":
            show_time(timing(cache, spec, a.games, a.jobs))
        else:
            show_ladder(ladder(cache, spec, a.seed, a.seeds, a.jobs))


if __name__ == "__main__":
    main()
