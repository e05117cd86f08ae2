"""greedy: one-step look-ahead through chance by sampling, scored by the game's evaluation.

For each legal action: sample `samples` states consistent with the seat's observation, apply the
action, let play run on at random for the game's horizon (the rest of a round, so that simultaneous
choices are revealed), and score the result with the game's evaluation as own value minus the best
other seat's. The best average wins; ties go to the first action.
A game sets its defaults (`GameInfo.hooks.greedy`): a game with hidden hands samples and rolls out;
a game open but for deck order and with many small steps may sample less (e.g. 1 sample, horizon 10:
a tenth of the cost of the defaults, about as strong). `greedy:samples=S:horizon=H` overrides them.
"""

from __future__ import annotations

from ..core.rng import Rng
from .base import Agent, Decision, SeatView, game_hooks


def advantage(vals: list[float], seat: int) -> float:
    others = [v for i, v in enumerate(vals) if i != seat]
    return vals[seat] - (max(others) if others else 0.0)


def random_playout(s, steps: int, rng: Rng) -> None:
    for _ in range(steps):
        if s.is_over():
            return
        seat = s.to_act()[0]
        la = s.legal_actions(seat)
        s.apply(seat, la[rng.below(len(la))])


class GreedyAgent(Agent):
    name = "greedy"

    def __init__(self, seed: int = 0, samples: int | None = None, horizon: int | None = None) -> None:
        super().__init__(seed)
        if samples is not None and samples < 1:
            raise ValueError("samples must be >= 1")
        self.samples = samples
        self.horizon = horizon

    def decide(self, view: SeatView) -> Decision:
        legal = view.legal_actions()
        if len(legal) == 1:
            return Decision(legal[0])
        hooks = game_hooks(view.game_id)
        ev = hooks["evaluate"]
        g = hooks["greedy"]
        horizon = self.horizon if self.horizon is not None else g.get("horizon", hooks["horizon"])
        samples = self.samples if self.samples is not None else g.get("samples", 6)
        seat = view.seat
        totals = [0.0] * len(legal)
        for _ in range(samples):
            base = view.sample(self.rng)
            for k, a in enumerate(legal):
                d = base.clone()
                d.apply(seat, a)
                if horizon:
                    random_playout(d, horizon, Rng(self.rng.next64(), raw=True))
                totals[k] += advantage(ev(d), seat)
        best = max(range(len(legal)), key=lambda k: totals[k])
        why = sorted(((str(legal[k]), totals[k] / samples) for k in range(len(legal))), key=lambda x: -x[1])
        return Decision(legal[best], why[:3])
