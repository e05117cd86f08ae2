"""Do the normal bots respond to each variant? For every variant of a game, N games with the same seeds
in the base game and with the variant, normal bots at every seat: how many games the bots played move
for move as in the base game (same length, same decisions per seat, same options; then the variant
never came into play or the bots ignore it), and the mean score either way. A variant whose games are
all identical makes any `soan ask` answer about it an answer about the bots (docs/lab.md).

    nice -n 5 python scripts/bots_respond.py undecim -n 20
    nice -n 5 python scripts/bots_respond.py asian-delivery -n 4 --only worker-decay,stored-vp
"""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    from soan.agents import level_spec
    from soan.core.game import game_info
    from soan.lab.runner import run_games

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("-n", type=int, default=10, help="games a side")
    ap.add_argument("--only", default="", help="comma-separated variants (default: all)")
    ap.add_argument("--jobs", "-j", type=int, default=2)
    a = ap.parse_args(argv)
    info = game_info(a.game)
    bot = level_spec("normal", info.id)
    P = max(info.players)
    only = [v for v in a.only.split(",") if v]
    variants = only or sorted(info.variants)

    def play(vs: list[str]):
        return run_games(info.id, a.n, P, [bot] * P, seed=7, variants=vs, jobs=a.jobs, collect=True)

    base = play([])
    print(f"{info.id}, {P} players, {bot} at every seat, {a.n} games a side (same seeds):")
    for v in variants:
        try:
            got = play([v])
        except Exception as e:  # a variant that needs another (e.g. a parameter's companion)
            print(f"  {v}: not played alone ({type(e).__name__}: {e})")
            continue
        same = sum(1 for x, y in zip(base, got, strict=True)
                   if x.length == y.length and x.decisions == y.decisions
                   and x.stats.get("mean_options") == y.stats.get("mean_options"))
        sb = sum(sum(r.scores) for r in base) / (a.n * P)
        sv = sum(sum(r.scores) for r in got) / (a.n * P)
        word = "IDENTICAL PLAY" if same == a.n else ("play changed" if same == 0 else "play changed in some")
        print(f"  {info.variants[v].rule} {v}: {same}/{a.n} games move for move as in the base game ({word}); "
              f"mean score {sb:.2f} -> {sv:.2f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
