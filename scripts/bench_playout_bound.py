"""How fast random play-outs could get without touching the engine: the public play-outs that
`soan bench` and scripts/bench_against.sh time (`make`, `is_over`, `to_act`, the checked
`legal_actions` and `apply`, `Rng.below`) against the same games stepped through the engine's own
unchecked half only (`_legal_shared`, `_apply`, the seat from `to_act`). The second figure is a floor
for the first as long as the engine's own steps stay as they are. CPU time, µs per action, medians of
rounds, the import heap frozen out of the collector as in bench_against.sh.

    PYTHONPATH=src python scripts/bench_playout_bound.py [--rounds 5]
    PYTHONPATH=build/compiled python scripts/bench_playout_bound.py   # the compiled build
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time

import soan.cli.main  # noqa: F401 - the CLI's import heap, as `soan bench` has it
from soan import make
from soan.core.rng import Rng
from soan.lab.bench import _playouts

GAMES = {"asian-delivery": 100, "la-superba": 300, "undecim": 300}  # games a round, as bench_against.sh


def engine_only(game: str, games: int, seed0: int) -> int:
    """The bench's play-outs (the same games and picks), stepped without the contract's checks."""
    acts = 0
    for g in range(games):
        s = make(game, players=4, seed=seed0 + g)
        r = Rng(seed0 + g)
        apply, legal, to_act = s._apply, s._legal_shared, s.to_act
        while True:
            seats = to_act()
            if not seats:
                break
            la = legal(seats[0])
            apply(seats[0], la[r.below(len(la))])
            acts += 1
    return acts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    if args.rounds < 1:
        ap.error(f"--rounds: at least 1; got {args.rounds}")
    gc.collect()
    gc.freeze()
    print("µs per action of random play-outs (CPU time, medians): public methods | engine's own steps only")
    for game, n in GAMES.items():
        pub, eng = [], []
        for k in range(args.rounds):
            t0 = time.process_time()
            _, acts, _ = _playouts(game, 4, n, 1_000_000 * k)
            pub.append((time.process_time() - t0) / acts * 1e6)
            t0 = time.process_time()
            same = engine_only(game, n, 1_000_000 * k)
            eng.append((time.process_time() - t0) / same * 1e6)
            assert same == acts, (game, same, acts)  # the same games, action for action
        p, e = statistics.median(pub), statistics.median(eng)
        print(f"  {game:15} {p:6.2f} | {e:6.2f}  (the checks and the loop: {1 - e / p:.0%})")


if __name__ == "__main__":
    main()
