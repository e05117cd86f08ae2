"""Does settling one comparison early move another comparison's chance of a false alarm? (`soan ask`'s
early look: ask.settled_rows, docs/lab.md "A/A check of the whole procedure".)

When a comparison is settled after the first stage, the studies only it uses stop and their games go to
the open studies, so an open comparison's size depends on whether another one was settled — and that
depends on a difference, which shares the base study's games (and seeds) with the open comparison. The
A/A run cannot show it (nothing settles there). This simulates the worst case we could construct, on
normal data paired by seed: a base B, a variant A with effect `delta` (in units of a game's spread, chosen
near the settling edge), a variant O with no effect; after `first` games a side, A is tested at p < 0.001
and, when settled, O plays `big` games a side, else `small`; O's paired t-test at 5% is counted. With the
same random numbers (common seeds) O's test is also counted at `small` always, the procedure without the
early look: the difference is the early look's effect on O.

    python scripts/ask_settle_sim.py                       # delta 0, 0.55, 0.65; 8 × 50,000 runs each
"""

from __future__ import annotations

import argparse
import sys


def simulate(delta: float, seed: int, first: int, small: int, big: int, rho: float, reps: int,
             level: float = 0.001) -> tuple[float, float, float]:
    """(share of runs where A was settled, O's false-alarm share with the early look, without it)."""
    import numpy as np
    from scipy import stats

    rng = np.random.default_rng(seed)
    shared = rng.standard_normal((reps, big)) * np.sqrt(rho)  # what a seed gives every setting alike
    b = shared + rng.standard_normal((reps, big)) * np.sqrt(1 - rho)
    a = shared + rng.standard_normal((reps, big)) * np.sqrt(1 - rho) + delta
    o = shared + rng.standard_normal((reps, big)) * np.sqrt(1 - rho)

    def p(d):
        n = d.shape[1]
        return 2 * stats.t.sf(np.abs(d.mean(1) / (d.std(1, ddof=1) / np.sqrt(n))), n - 1)

    settled = p((a - b)[:, :first]) < level
    at_small = p((o - b)[:, :small]) < 0.05
    at_big = p((o - b)[:, :big]) < 0.05
    return float(settled.mean()), float(np.where(settled, at_big, at_small).mean()), float(at_small.mean())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deltas", default="0,0.55,0.65", help="A's effects, in units of a game's spread")
    ap.add_argument("--first", type=int, default=40, help="games a side at the early look (default 40)")
    ap.add_argument("--small", type=int, default=100, help="O's games a side when A is open (default 100)")
    ap.add_argument("--big", type=int, default=200, help="O's games a side when A is settled (default 200)")
    ap.add_argument("--rho", type=float, default=0.5, help="the share of a game's spread its seed gives (0.5)")
    ap.add_argument("--reps", type=int, default=50000, help="runs per batch (default 50000)")
    ap.add_argument("--batches", type=int, default=8, help="batches, each with its own seed (default 8)")
    a = ap.parse_args(argv)
    if not 2 <= a.first <= a.small <= a.big or not 0 <= a.rho < 1 or a.reps < 1 or a.batches < 1:
        ap.error("needs 2 <= --first <= --small <= --big, 0 <= --rho < 1, --reps and --batches >= 1")
    for delta in (float(x) for x in a.deltas.split(",")):
        runs = [simulate(delta, k, a.first, a.small, a.big, a.rho, a.reps) for k in range(a.batches)]
        s, f, f0 = (sum(r[i] for r in runs) / len(runs) for i in range(3))
        print(f"delta {delta}: A settled in {s:.1%} of {a.reps * a.batches} runs; O's false alarms "
              f"{f:.2%} with the early look, {f0:.2%} without it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
