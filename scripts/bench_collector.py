"""What the collector setting of a run of games (`lab.runner.games_heap`) saves: the same all-normal games
played in one process with Python's default collector and with the run's, in fresh processes, rounds
interleaved; CPU time, medians over rounds.

    PYTHONPATH=src python scripts/bench_collector.py asian-delivery --games 12 --rounds 3
    PYTHONPATH=build/compiled python scripts/bench_collector.py asian-delivery --bot hard --games 3 --rounds 1
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time


def one(game: str, bot: str, players: int, games: int, seed: int, heap: bool) -> float:
    from soan.lab import runner

    runner.play_game(game, players, 999_999, [bot] * players)  # loading and the first caches, not timed
    items = [(i, seed + i) for i in range(games)]
    task = (game, players, [bot] * players, (), {}, None, items, False, False)
    t = time.process_time()
    if heap:
        runner._work(task)
    else:
        for i, s in items:
            runner.play_game(game, players, s, [bot] * players, index=i)
    return time.process_time() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0], epilog=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("--bot", default="normal")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=12, help="games a process plays (seeds 1..GAMES)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--one", choices=["default", "run"], help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.one:
        print(json.dumps(one(a.game, a.bot, a.players, a.games, 1, a.one == "run")))
        return
    got: dict[str, list[float]] = {"default": [], "run": []}
    for _ in range(a.rounds):
        for mode in got:
            out = subprocess.run([sys.executable, __file__, a.game, "--bot", a.bot, "--players", str(a.players),
                                  "--games", str(a.games), "--one", mode], capture_output=True, text=True, check=True)
            got[mode].append(json.loads(out.stdout))
    d, r = statistics.median(got["default"]), statistics.median(got["run"])
    print(f"{a.game}, {a.games} {a.bot} games a process, {a.rounds} rounds: default collector {d:.2f} s, "
          f"the run's {r:.2f} s of CPU ({1 - r / d:.1%} less; rounds {got})")


if __name__ == "__main__":
    main()
