"""What Asian Delivery's bots do differently under AD-V6 (office-request: building an office may take a
request instead of a business card): facilities built, what they take at an office, and how many requests
they hold unfinished at the end (AD-K2: −2 VP each). Same seeds in the base game and with AD-V6.

    PYTHONPATH=src nice -n 5 python scripts/ad_office_requests.py --games 40 [--bot normal] [--seed 1]

Figures per game (4 seats together); docs/lab.md ("Bots that play the rule") quotes them.
"""

from __future__ import annotations

import argparse
from collections import Counter

import soan
from soan.agents import make_agent
from soan.agents.base import SeatView
from soan.core.rng import derive


def one_setting(seeds: range, variants: list[str], bot: str) -> Counter:
    c: Counter = Counter()
    for seed in seeds:
        s = soan.make("asian-delivery", players=4, seed=seed, variants=variants)
        bots = [make_agent(bot, seed=derive(seed, 1000 + i)) for i in range(4)]
        at_office: list[set[int]] = [set() for _ in range(4)]
        while not s.is_over():
            seat = s.to_act()[0]
            kind = s.stack[-1].kind
            a = bots[seat].act(SeatView(s, seat))
            if kind == "office_pick" and type(a).__name__ == "RequestPick":  # AD-V6
                at_office[seat].add(a.request)
                c["requests taken at an office"] += 1
            elif kind == "office_pick":
                c["business cards taken at an office"] += 1
            elif kind == "build" and type(a).__name__ == "BuildAt":
                c[f"{a.facility}s built"] += 1
            s.apply(seat, a)
        for p in range(4):
            c["requests unfinished at the end"] += len(s.orders[p])
            c["  of them taken at an office"] += len(at_office[p] & set(s.orders[p]))
            c["requests completed"] += len(s.done[p])
        c["score (4 seats)"] += sum(s.scores())
    return c


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1, help="the first seed (seeds seed..seed+games-1)")
    ap.add_argument("--bot", default="normal")
    a = ap.parse_args()
    seeds = range(a.seed, a.seed + a.games)
    base, v6 = one_setting(seeds, [], a.bot), one_setting(seeds, ["office-request"], a.bot)
    print(f"asian-delivery, 4 {a.bot} bots, {a.games} games (seeds {a.seed}..{a.seed + a.games - 1}); per game")
    print(f"{'':38} {'base':>8} {'AD-V6':>8}")
    for k in sorted(set(base) | set(v6), key=lambda k: (k.startswith("score"), k)):
        print(f"{k:38} {base[k] / a.games:8.2f} {v6[k] / a.games:8.2f}")


if __name__ == "__main__":
    main()
