"""mcts: information-set Monte Carlo tree search.

Each iteration samples a complete state from the seat's observation (`determinize`), walks the tree
with UCB over the actions legal in that sample (counting availability, as ISMCTS does), expands one
node, plays on at random to the game's next comparable point (`hooks.lookahead_end`, e.g. the start
of the next round; `rollout` caps the steps), scores every seat with the game's
evaluation and backs the values up, each node for the seat that decides there. Nodes are keyed by
the deciding seat's information set, so another seat's node never depends on a choice it cannot see:
simultaneous secret choices stay secret inside the search too.
`style=NAME` scores with a play style's weights. Budget: `iters` iterations or `time` seconds; deterministic for a seed and an iteration budget.
"""

from __future__ import annotations

import math
import time as _time
from typing import Any

from ..core.rng import Rng
from .base import WHY_KEPT, Agent, Decision, SeatView, evaluator, game_hooks
from .greedy import random_playout


def win_values(vals: list[float], temp: float) -> list[float]:
    """Per-seat values in [0, 1] that sum to 1: a soft estimate of each seat's chance to win."""
    m = max(vals)
    ex = [math.exp((v - m) / temp) for v in vals]
    t = sum(ex)
    return [e / t for e in ex]


def final_values(s) -> list[float]:
    r = s.ranks()
    w = [i for i, x in enumerate(r) if x == 1]
    return [1.0 / len(w) if i in w else 0.0 for i in range(len(r))]


class MCTSAgent(Agent):
    name = "mcts"

    def __init__(self, seed: int = 0, iters: int = 400, time: float = 0.0, c: float = 0.7,
                 rollout: int | None = None, temp: float = 2.0, style: str | None = None) -> None:
        super().__init__(seed)
        if iters < 1 and time <= 0:
            raise ValueError("give iters >= 1 or time > 0")
        self.iters = int(iters)
        self.time = float(time)
        self.c = float(c)
        self.rollout = rollout
        self.temp = float(temp)
        self.style = None if style is None else str(style)
        self.last_iterations = 0

    def decide(self, view: SeatView) -> Decision:
        legal = view.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return Decision(legal[0])
        hooks = game_hooks(view.game_id)
        ev = evaluator(view.game_id, self.style)
        key_of = hooks.info_key
        end = hooks.lookahead_end
        rollout = self.rollout if self.rollout is not None else hooks.horizon
        me = view.seat
        root_key = (me, view.info_key())
        table: dict = {root_key: {}}
        c = self.c
        deadline = _time.perf_counter() + self.time if self.time > 0 else None
        it = 0
        while True:
            if deadline is not None:
                if _time.perf_counter() >= deadline and it > 0:
                    break
            elif it >= self.iters:
                break
            it += 1
            d = view.sample(self.rng)
            path: list[Any] = []
            expanded = False
            while not d.is_over():
                acting = d.to_act()
                # the root is this seat's decision, also when seats before it act at once with it
                s = me if not path and me in acting else acting[0]
                la = d._legal_actions(s)  # s is one to act: the state's own list, no checks needed
                if len(la) == 1:
                    d._apply(s, la[0])
                    continue
                key = root_key if not path else (s, key_of(d, s))
                node = table.get(key)
                if node is None:
                    if expanded:
                        break
                    node = table[key] = {}
                    expanded = True
                best = None
                best_v = -1.0
                untried = []
                for a in la:
                    st = node.get(a)
                    if st is None:
                        st = node[a] = [0, 0.0, 0]
                    st[2] += 1
                    if st[0] == 0:
                        untried.append(a)
                if untried:
                    best = untried[self.rng.below(len(untried))]
                else:
                    for a in la:
                        n, w, avail = node[a]
                        v = w / n + c * math.sqrt(math.log(avail) / n)
                        if v > best_v:
                            best_v, best = v, a
                path.append((node, best, s))
                d._apply(s, best)
            if d.is_over():
                vals = final_values(d)
            else:
                r = Rng(self.rng.next64(), raw=True)
                if hooks.playout is not None:  # the game's own, the same steps and state
                    hooks.playout(d, rollout, r)
                else:
                    random_playout(d, rollout, r, end)
                vals = final_values(d) if d.is_over() else win_values(ev(d), self.temp)
            for node, a, s in path:
                st = node[a]
                st[0] += 1
                st[1] += vals[s]
        self.last_iterations = it
        root = table[root_key]
        stats = [(a, root.get(a, [0, 0.0, 0])) for a in legal]
        best = max(stats, key=lambda x: (x[1][0], x[1][1]))[0]
        why = sorted(((str(a), st[1] / st[0]) for a, st in stats if st[0]), key=lambda x: -x[1])
        return Decision(best, why[:WHY_KEPT])
