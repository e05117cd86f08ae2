"""Is Asian Delivery's evaluation calibrated? The chance it gives a request against what happened.

    .venv/bin/python scripts/ad_calibration.py normal 12 [JOBS]

All-`SPEC` 4-player games on seeds 1000…1000+N−1. For every request drafted by choice (the business
display was not empty), the chance the evaluation (`evaluate._request_shares`, default weights) gives
it right after the draft is set against whether the seat completed it by the end. Printed by bins
of the chance, by round drafted and by grade (L, N, H).
"""

from __future__ import annotations

import sys
from collections import defaultdict
from multiprocessing import Pool

from soan.agents import make_agent
from soan.agents.drive import play_step
from soan.core.game import make
from soan.games.asian_delivery import evaluate as E

GRADES = "LNH"


def one(args: tuple[str, int]) -> list[tuple[int, float, bool, int]]:
    """(round drafted, chance right after the draft, completed, grade) per request drafted by choice."""
    spec, seed = args
    s = make("asian-delivery", players=4, seed=seed)
    bots = [make_agent(spec, seed=seed * 10 + i) for i in range(4)]
    pending: list[tuple[int, int, int]] = []
    est: dict[int, tuple[int, float, int]] = {}

    def act(seat, view):
        a = bots[seat].act(view)
        if s.stack and s.stack[-1][0] == "draft" and getattr(a, "pile", None) == "request" and s.biz_disp:
            pending.append((seat, a.card, s.round))
        return a

    while not s.is_over():
        play_step(s, act)
        while pending:
            seat, r, rnd = pending.pop()
            shares = E._request_shares(s, seat, E.WEIGHTS, E.action_steps_left(s, seat))
            chance = next((x for q, x, _ in shares if q == r), None)
            if chance is not None:
                est[r] = (rnd, chance, seat)
    return [(rnd, chance, r in s.done[seat], s.T.req_grade[r]) for r, (rnd, chance, seat) in est.items()]


def table(title: str, rows: list[tuple[str, float, bool]]) -> None:
    groups: dict[str, list[tuple[float, bool]]] = defaultdict(list)
    for key, chance, done in rows:
        groups[key].append((chance, done))
    print(title)
    for key in sorted(groups):
        g = groups[key]
        print(f"  {key}: {len(g)} requests, mean chance {sum(c for c, _ in g) / len(g):.2f}, "
              f"completed {sum(d for _, d in g) / len(g):.0%}")


def main() -> None:
    spec, n = sys.argv[1], int(sys.argv[2])
    jobs = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    with Pool(jobs) as pool:
        res = [x for game in pool.map(one, [(spec, 1000 + g) for g in range(n)]) for x in game]
    table("by chance", [(f"{min(int(c * 5), 4) / 5:.1f}–{min(int(c * 5), 4) / 5 + 0.2:.1f}", c, d)
                        for _, c, d, _ in res])
    table("by round drafted", [(f"round {r}", c, d) for r, c, d, _ in res])
    table("by grade", [(GRADES[g], c, d) for _, c, d, g in res])


if __name__ == "__main__":
    main()
