"""One bot against the same seat played by another, on the same seeds (paired): each seed is played once per
seat with BOT in that seat and OTHERS in the rest; the scores and ranks go to a JSON file. Two such files,
from two versions of the code (a bot change) or two bots, compared pair by pair:

    PYTHONPATH=src nice -n 5 python scripts/paired_seat.py asian-delivery --bot hard --games 30 --out new.json
    git worktree add /tmp/base BASE && PYTHONPATH=/tmp/base/src python scripts/paired_seat.py asian-delivery \
        --bot hard --games 30 --out base.json
    python scripts/paired_seat.py --compare base.json new.json

With `--variant V` (repeatable) every game is played under those variants: a bot's play of a variant, e.g.
a style against the normal bot under AD-V6 (`--bot greedy:style=FILE.yaml --others normal --variant
office-request` against `--bot normal`). The comparison refuses two files of different variants.

The comparison: the seat's score (new minus base) with its paired 95% interval over seeds (a seed's seats
averaged first, as they share its deals), and its wins; the seeds start at 7001 (fresh: no tuning or golden
case uses them; --seed for another set).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

SEED0 = 7001


def one(game: str, seed: int, seat: int, bot: str, others: str, players: int, variants: tuple[str, ...] = ()) -> dict:
    from soan.lab.runner import play_game

    agents = [bot if i == seat else others for i in range(players)]
    t0 = time.process_time()
    r = play_game(game, players, seed, agents, variants=variants)
    return {"seed": seed, "seat": seat, "score": r.scores[seat], "rank": r.ranks[seat],
            "cpu_s": time.process_time() - t0}


def compare(a_path: str, b_path: str) -> None:
    a, b = (json.load(open(p)) for p in (a_path, b_path))
    ka = {(r["seed"], r["seat"]): r for r in a["rows"]}
    kb = {(r["seed"], r["seat"]): r for r in b["rows"]}
    keys = sorted(set(ka) & set(kb))
    if not keys:
        sys.exit("the two files share no (seed, seat): play the same --games and --seed")
    if a.get("variants", []) != b.get("variants", []):
        sys.exit(f"the two files were played under different variants: {a.get('variants', [])} and "
                 f"{b.get('variants', [])}")
    d = [kb[k]["score"] - ka[k]["score"] for k in keys]
    by_seed: dict[int, list[float]] = {}
    for k, x in zip(keys, d, strict=True):
        by_seed.setdefault(k[0], []).append(x)
    per_seed = [statistics.mean(v) for v in by_seed.values()]  # a seed's seats share its deals: one value a seed
    m = statistics.mean(per_seed)
    h = 1.96 * statistics.stdev(per_seed) / math.sqrt(len(per_seed)) if len(per_seed) > 1 else float("nan")
    wa = sum(ka[k]["rank"] == 1 for k in keys) / len(keys)
    wb = sum(kb[k]["rank"] == 1 for k in keys) / len(keys)
    same = sum(x == 0 for x in d)
    ta = statistics.median(ka[k]["cpu_s"] for k in keys)
    tb = statistics.median(kb[k]["cpu_s"] for k in keys)
    under = f" under {', '.join(a['variants'])}" if a.get("variants") else ""
    print(f"{a['game']}{under}, {a['bot']} ({a_path}) → {b['bot']} ({b_path}) in one seat, {a['others']} in the "
          f"others, {len(keys)} pairs (seeds × seats):")
    print(f"  score {m:+.2f} [{m - h:+.2f}, {m + h:+.2f}] (95%, paired, over {len(per_seed)} seeds: a seed's "
          f"seats averaged first); equal scores in {same} pairs")
    print(f"  wins {wa:.1%} → {wb:.1%}; CPU seconds a game (median) {ta:.2f} → {tb:.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=" ".join((__doc__ or "").split("\n\n")[0].split()),
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    ap.add_argument("game", nargs="?")
    ap.add_argument("--bot", default="hard", help="the bot in the seat compared (default hard), e.g. normal, greedy:style=FILE.yaml")
    ap.add_argument("--others", default="normal", help="the bot in every other seat (default normal)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=30, help="seeds; each is played once per seat")
    ap.add_argument("--seed", type=int, default=SEED0, help=f"the first seed (default {SEED0}): another seed set checks a finding")
    ap.add_argument("--variant", action="append", default=[], help="a variant every game is played under (repeatable)")
    ap.add_argument("--jobs", "-j", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--out", help="the JSON file the rows go to")
    ap.add_argument("--compare", nargs=2, metavar=("BASE_JSON", "NEW_JSON"),
                    help="compare two such files pair by pair (the same --games and --seed)")
    a = ap.parse_args()
    if a.compare:
        compare(*a.compare)
        return
    if not a.game or not a.out:
        ap.error("give GAME and --out (or --compare A B)")
    from soan.core.game import game_info

    unknown = [v for v in a.variant if v not in game_info(a.game).variants]
    if unknown:
        ap.error(f"{a.game} has no variant {', '.join(unknown)}; its variants: {', '.join(sorted(game_info(a.game).variants))}")
    variants = tuple(a.variant)
    jobs = [(seed, p) for seed in range(a.seed, a.seed + a.games) for p in range(a.players)]
    with ProcessPoolExecutor(a.jobs) as ex:
        rows = list(ex.map(one, [a.game] * len(jobs), [j[0] for j in jobs], [j[1] for j in jobs],
                           [a.bot] * len(jobs), [a.others] * len(jobs), [a.players] * len(jobs),
                           [variants] * len(jobs)))
    with open(a.out, "w") as f:
        json.dump({"game": a.game, "bot": a.bot, "others": a.others, "players": a.players,
                   "variants": list(variants), "rows": rows}, f)
    print(f"{len(rows)} games to {a.out}")


if __name__ == "__main__":
    main()
