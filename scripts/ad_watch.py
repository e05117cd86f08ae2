"""What a watching bot (`rollout:model=1`) makes of the other seats in Asian Delivery.

    .venv/bin/python scripts/ad_watch.py random,easy,normal,normal [WATCHER] [SEEDS]

Plays 4-player games of the line-up (one bot spec per seat) on seeds 1..SEEDS (default 3), with
a watcher (default `rollout:model=1`) beside seat 4: it is shown every move of seats 1–3, as
`soan sim` shows moves to a watching bot, and does not play. At the end of every round it prints,
per watched seat (counted from 1), the choices judged so far and the estimated share of random
choices (`eps`); at the game's end, the final estimates.
"""

from __future__ import annotations

import sys

import soan
from soan.agents import make_agent
from soan.agents.drive import play_step, show_move


def main(lineup: list[str], spec: str, seeds: int) -> None:
    if len(lineup) != 4:
        raise SystemExit(f"a line-up of 4 bot specs, comma-separated: got {len(lineup)}")
    for seed in range(1, seeds + 1):
        s = soan.make("asian-delivery", players=4, seed=seed)
        bots = [make_agent(x, seed=seed * 10 + i) for i, x in enumerate(lineup)]
        w = make_agent(spec, seed=seed)

        def apply(seat, a, s=s, w=w):
            if seat != 3:
                show_move({3: w}, s, seat, a)
            s.apply(seat, a)

        def estimates(w=w) -> str:
            return "  ".join(f"seat {i + 1} ({lineup[i]}): {w.judged.get(i, 0)} judged, eps {w.eps_of(i):.2f}"
                             for i in range(3))

        while not s.is_over():
            r = s.round
            play_step(s, lambda seat, v, bots=bots: bots[seat].act(v), apply)
            if s.round != r and not s.is_over():
                print(f"seed {seed}, after round {r}: {estimates()}", flush=True)
        print(f"seed {seed}, end: {estimates()}", flush=True)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    main(sys.argv[1].split(","), sys.argv[2] if len(sys.argv) > 2 else "rollout:model=1",
         int(sys.argv[3]) if len(sys.argv) > 3 else 3)
