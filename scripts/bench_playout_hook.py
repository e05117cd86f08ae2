"""What a game's own play-out (`hooks.playout`) saves: all-normal games in one process with the hook on
and off (the generic `agents.greedy.random_playout` then), interleaved rounds, CPU time, medians. The
games are the same either way (tests/test_playout_hooks.py); only the time differs.

    PYTHONPATH=src python scripts/bench_playout_hook.py la-superba [--games 20] [--rounds 5]
    PYTHONPATH=build/compiled python scripts/bench_playout_hook.py undecim      # the compiled build
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import statistics
import time

import soan
import soan.cli.main  # noqa: F401 - the CLI's import heap, as `soan bench` has it
from soan.agents import base
from soan.core.game import game_info
from soan.lab.runner import play_game


def _at_least_1(x: str) -> int:
    n = int(x)
    if n < 1:
        raise argparse.ArgumentTypeError(f"at least 1; got {n}")
    return n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--games", type=_at_least_1, default=20, help="all-normal games a round and side")
    ap.add_argument("--rounds", type=_at_least_1, default=5)
    args = ap.parse_args()
    with_hook = [g["id"] for g in soan.games() if game_info(g["id"]).hooks.playout is not None]
    if args.game not in with_hook:
        raise SystemExit(f"{args.game!r} has no playout hook (or is no game); the games with one: {', '.join(with_hook)}")
    on = base.game_hooks(args.game)
    off = dataclasses.replace(on, playout=None)
    play_game(args.game, 4, 1, ["normal"] * 4)  # warm: the rule tables and caches both sides share
    gc.collect()
    gc.freeze()
    ms: dict[str, list[float]] = {"off": [], "on": []}
    for _ in range(args.rounds):
        for side, hooks in (("off", off), ("on", on)):
            base._HOOKS[args.game] = hooks
            t0 = time.process_time()
            for seed in range(1, args.games + 1):
                play_game(args.game, 4, seed, ["normal"] * 4)
            ms[side].append((time.process_time() - t0) / args.games * 1000)
    base._HOOKS[args.game] = on
    a, b = statistics.median(ms["off"]), statistics.median(ms["on"])
    print(f"{args.game}: ms per all-normal game, generic play-out {a:.2f}, the game's own {b:.2f} "
          f"({1 - b / a:.1%} less CPU; medians of {args.rounds} rounds of {args.games} games)")


if __name__ == "__main__":
    main()
