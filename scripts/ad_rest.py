"""Is resting every turn (AD-T5 retrieval) good play in Asian Delivery, or only the bots' habit? A seat that
skips the retrieval while its play area holds fewer than K face-up cards (upright or sideways, residents it
could keep included) and its hand is not empty (so as to bring back more workers at a later one: 0–2
face-up cards bring none back, AD-T5), its other choices the bot's, against the same seat played by the
bot itself on the same seeds (paired: every seat in turn, three bots around it). The interval is over
seeds (a seed's four seats averaged first: they share its deals).

    PYTHONPATH=src nice -n 5 python scripts/ad_rest.py --games 30 --hold 2,3 [--variant worker-decay] [--bot normal]

Prints per K: the seat's score against the bot's own in that seat (mean and 95% interval over seeds × seats),
its wins, and the share of retrieval decisions it skipped. docs/lab.md (the draft's 問題点, AD-V10) quotes it.
"""

from __future__ import annotations

import argparse
import math
import statistics
from concurrent.futures import ProcessPoolExecutor

import soan
from soan.agents import make_agent
from soan.agents.base import SeatView
from soan.agents.drive import show_move
from soan.core.rng import derive
from soan.games.asian_delivery.model import FACE_DOWN

SEED0 = 5001


def one_game(seed: int, holder: int, hold: int, variants: tuple[str, ...],
             bot: str) -> tuple[list[int], list[int], int, int, int, int]:
    """Scores, ranks, retrievals skipped and made by `holder` (-1: none holds back, the bot's own game),
    then those skipped and made by the bots' own choice."""
    s = soan.make("asian-delivery", players=4, seed=seed, variants=list(variants))
    bots = [make_agent(bot, seed=derive(seed, 1000 + i)) for i in range(4)]
    skipped = made = own_skipped = own_made = 0
    while not s.is_over():
        seat = s.to_act()[0]
        view = SeatView(s, seat)
        if seat == holder and s.stack[-1].kind == "retrieve":
            up = sum(1 for _, mode in s.play[seat] if mode != FACE_DOWN)
            skip = up < hold and bool(s.hands[seat])
            a = next(x for x in view.legal_actions() if bool(x.yes) != skip)
            skipped += skip
            made += not skip
        else:
            a = bots[seat].act(view)
            if s.stack[-1].kind == "retrieve":
                own_skipped += not a.yes
                own_made += bool(a.yes)
        show_move(dict(enumerate(bots)), s, seat, a)  # bots that watch the others (hard: model=1) see the move
        s.apply(seat, a)
    return s.scores(), s.ranks(), skipped, made, own_skipped, own_made


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=30, help="seeds (each played once as is and once per seat holding)")
    ap.add_argument("--hold", default="2,3", help="K values: skip the retrieval below K face-up cards ('': only "
                    "count the bots' own retrievals)")
    ap.add_argument("--variant", action="append", default=[], help="a variant of every game, e.g. worker-decay")
    ap.add_argument("--bot", default="normal")
    ap.add_argument("--jobs", "-j", type=int, default=2)
    a = ap.parse_args()
    seeds = range(SEED0, SEED0 + a.games)
    variants = tuple(a.variant)
    with ProcessPoolExecutor(a.jobs) as ex:
        own = dict(zip(seeds, ex.map(one_game, seeds, [-1] * a.games, [0] * a.games, [variants] * a.games,
                                     [a.bot] * a.games), strict=True))
        own_skipped = sum(r[4] for r in own.values())
        print(f"asian-delivery, 4 players, {a.bot} bots, variants {list(variants) or 'none'}, seeds {SEED0}.."
              f"{SEED0 + a.games - 1}: the bots themselves skipped {own_skipped} of "
              f"{own_skipped + sum(r[5] for r in own.values())} retrieval decisions")
        if a.hold:
            print("a seat that rests only with K or more face-up cards, against the bot in that seat:")
        for k in (int(x) for x in a.hold.split(",") if x):
            jobs = [(seed, p) for seed in seeds for p in range(4)]
            out = list(ex.map(one_game, [j[0] for j in jobs], [j[1] for j in jobs], [k] * len(jobs),
                              [variants] * len(jobs), [a.bot] * len(jobs)))
            by_seed: dict[int, list[int]] = {}
            for (seed, p), res in zip(jobs, out, strict=True):
                by_seed.setdefault(seed, []).append(res[0][p] - own[seed][0][p])
            diff = [statistics.mean(v) for v in by_seed.values()]  # one value a seed: its seats share the deals
            wins = sum(res[1][p] == 1 for (_, p), res in zip(jobs, out, strict=True)) / len(jobs)
            wins0 = sum(own[seed][1][p] == 1 for seed, p in jobs) / len(jobs)
            skipped = sum(r[2] for r in out) / max(1, sum(r[2] + r[3] for r in out))
            m = statistics.mean(diff)
            h = 1.96 * statistics.stdev(diff) / math.sqrt(len(diff))
            print(f"  K={k}: score {m:+.2f} [{m - h:+.2f}, {m + h:+.2f}] a game against the bot's own; wins {wins:.1%} "
                  f"(the bot in that seat {wins0:.1%}); retrievals skipped {skipped:.0%}; {len(jobs)} pairs, {len(diff)} seeds")


if __name__ == "__main__":
    main()
