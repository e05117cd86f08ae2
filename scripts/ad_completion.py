"""All-`SPEC` Asian Delivery games: mean score and the requests completed out of those held.

    .venv/bin/python scripts/ad_completion.py normal 32 [JOBS]

Seeds 1000…1000+N−1, 4 players, driven as `soan sim` drives them (agents/drive.play_step). A request
is counted once per seat that held it: dealt at setup, drafted by choice, taken by a card's effect,
or drafted when the business display was empty (forced by AD-T4's exactly-two draft). Also: the
drafts per round by pile, completion by round drafted, ms per decision (all decisions).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter
from multiprocessing import Pool

from soan.agents import make_agent
from soan.agents.drive import play_step
from soan.core.game import make

KINDS = ("dealt", "chosen", "effect", "forced")


def one(args: tuple[str, int]) -> tuple[list[int], Counter, Counter, float, int]:
    spec, seed = args
    s = make("asian-delivery", players=4, seed=seed)
    bots = [make_agent(spec, seed=seed * 10 + i) for i in range(4)]
    how: dict[int, tuple[str, int]] = {r: ("dealt", 0) for p in range(4) for r in s.orders[p]}
    picks: Counter = Counter()
    clock = [0.0, 0]

    def act(seat, view):
        t0 = time.perf_counter()
        a = bots[seat].act(view)
        clock[0] += time.perf_counter() - t0
        clock[1] += 1
        frame = s.stack[-1][0] if s.stack else None
        pile = getattr(a, "pile", None)  # a draft may also end early (draft_up_to)
        if frame == "draft" and pile is not None:
            picks[(s.round, pile)] += 1
            if pile == "request":
                how[a.card] = ("chosen" if s.biz_disp else "forced", s.round)
        elif frame in ("take_request", "office_pick") and getattr(a, "kind", "") == "request":
            how[a.request] = ("effect", s.round)
        return a

    while not s.is_over():
        play_step(s, act)
    tally: Counter = Counter()
    for p in range(4):
        for r in s.done[p]:
            kind, rnd = how.get(r, ("dealt", 0))
            tally[(kind, "done")] += 1
            tally[(rnd, "done")] += 1
        for r in s.orders[p]:
            kind, rnd = how.get(r, ("dealt", 0))
            tally[(kind, "open")] += 1
            tally[(rnd, "open")] += 1
    return s.vp[:], tally, picks, clock[0], clock[1]


def main() -> None:
    spec, n = sys.argv[1], int(sys.argv[2])
    jobs = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    t0 = time.time()
    with Pool(jobs) as pool:
        res = pool.map(one, [(spec, 1000 + g) for g in range(n)])
    tally: Counter = Counter()
    picks: Counter = Counter()
    for _, t, pk, _, _ in res:
        tally.update(t)
        picks.update(pk)
    vps = [v for r in res for v in r[0]]
    half = 1.96 * statistics.stdev(vps) / len(vps) ** 0.5
    print(f"{spec}, {n} games: mean VP {statistics.mean(vps):.1f} ± {half:.1f}, min {min(vps)}")
    for k in KINDS:
        d, o = tally[(k, "done")], tally[(k, "open")]
        print(f"  {k}: {d}/{d + o} completed")
    print("  drafts by round (business, request):",
          [(r, picks[(r, "business")], picks[(r, "request")]) for r in range(1, 9)])
    print("  completed/held by round drafted (0 = dealt):",
          [(r, tally[(r, "done")], tally[(r, "done")] + tally[(r, "open")]) for r in range(9)])
    done = sum(tally[(k, "done")] for k in KINDS)
    held = sum(tally[(k, "done")] + tally[(k, "open")] for k in KINDS)
    forced = tally[("forced", "done")] + tally[("forced", "open")]
    chosen_done = done - tally[("forced", "done")]
    ms = 1000 * sum(r[3] for r in res) / sum(r[4] for r in res)
    print(f"  all: {done}/{held} = {done / held:.1%}; without forced: {chosen_done}/{held - forced} = "
          f"{chosen_done / max(1, held - forced):.1%}; ms/decision {ms:.1f} (all decisions); "
          f"wall {time.time() - t0:.0f} s")


if __name__ == "__main__":
    main()
