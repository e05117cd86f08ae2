"""rollout: the normal bot's close calls settled by playing the game on with the normal bot.

At a decision the base bot (`greedy` with the game's defaults, or `style=NAME`) scores every legal
action. When the best `top` of them lie within `margin` of the best score, and the decision is one the game
names as worth it (`hooks.rollout_at`, by default every top-level one, `hooks.lookahead_end`; with
`at=top` every top-level one whatever the game names), each of them is tried on `samples`
states consistent with the seat's observation: the action is applied and every seat then plays the
rollout policy (greedy with `plan=policy_plan`, one sample) up to a point every seat reaches alike —
the start of the round `rounds` rounds on (`hooks.round_of`) or the end of the game — and the
position is scored with the game's evaluation (with `style=NAME`, that style's weights; the policy
plays the default weights), own value minus the best other seat's. All candidates start from the same
samples with the same policy seeds (common random numbers), so luck differs between them only where
their paths part. The best mean wins; other decisions are the base bot's.

With `model=1`, in a game whose moves are all public, the rollouts follow how each other seat has
played so far instead of assuming it plays like normal: the bot watches every other seat's choices
(`observe`), judges each with greedy (was it within `judge` of the best?), and estimates the share of
that seat's choices made at random, `eps` (posterior mean over 0, 0.1, …, 1, with half the prior on 0).
While its moves leave even odds or better that it plays on purpose (eps = 0), a seat plays in the
rollouts as normal; once they do not, it plays greedy with the estimate (the posterior mean) as
`eps`. At most `watch` choices per seat are judged (one greedy decision each).

A game without `round_of` ends each rollout at the `rounds`-th comparable point (`lookahead_end`) where
the seat is to act again after the others have moved: its turn `rounds` turns on, or the round
`rounds` rounds on in a game whose seats choose at once. Cost: about `top` × `samples` rollouts of up to
`rounds` rounds at each close top-level call; docs/agents.md has the figures per game.
"""

from __future__ import annotations

import math
from typing import Any

from ..core.rng import Rng
from .base import Agent, Decision, SeatView, evaluator, game_hooks
from .drive import play_step
from .greedy import GreedyAgent, advantage

EPS_GRID = tuple(k / 10 for k in range(11))  # the shares of random choices a seat is judged between
EPS_PRIOR = tuple(math.log(0.5 if e == 0 else 0.05) for e in EPS_GRID)  # half on "plays on purpose"
MISJUDGED = 0.05  # a purposeful choice judged off the best by one sample's noise


class RolloutAgent(Agent):
    name = "rollout"

    def __init__(self, seed: int = 0, top: int = 3, samples: int = 1, rounds: int = 2, margin: float = 4.0,
                 policy_plan: int = 8, style: str | None = None, at: str = "game", model: int = 0,
                 watch: int = 60, judge: float = 1.5) -> None:
        super().__init__(seed)
        if model not in (0, 1):
            raise ValueError("model must be 0 (others play as normal) or 1 (as they have played)")
        if watch < 1:
            raise ValueError("watch must be >= 1")
        if judge < 0:
            raise ValueError("judge must be >= 0")
        self.model, self.watch, self.judge_margin = int(model), int(watch), float(judge)
        self.watches = bool(model)
        self.judge = GreedyAgent(seed=seed ^ 0x5EED, samples=1)  # judges the others' choices
        self.judge_seed = seed ^ 0x5EED
        self.loglik: dict[int, list[float]] = {}  # seat -> log-likelihood per EPS_GRID value
        self.judged: dict[int, int] = {}  # seat -> choices judged
        if top < 2:
            raise ValueError("top must be >= 2 (the number of candidates compared)")
        if samples < 1:
            raise ValueError("samples must be >= 1")
        if rounds < 1:
            raise ValueError("rounds must be >= 1")
        if margin < 0:
            raise ValueError("margin must be >= 0")
        if policy_plan < 0:
            raise ValueError("policy_plan must be >= 0")
        if at not in ("game", "top"):
            raise ValueError("at must be 'game' (the decisions the game names) or 'top' (every top-level one)")
        self.at = at
        self.top, self.samples, self.rounds = int(top), int(samples), int(rounds)
        self.margin = float(margin)
        self.style = None if style is None else str(style)
        self.base = GreedyAgent(seed=seed, style=self.style)  # decides as normal with this seed
        self.policy_plan = int(policy_plan)
        self.rollouts = 0  # rollouts played so far (for benchmarks)

    def reseed(self, seed: int) -> None:
        super().reseed(seed)
        self.base.reseed(seed)
        self.judge_seed = seed ^ 0x5EED
        self.forget()

    def forget(self) -> None:
        """Back to before the first watched move, judging stream included: shown the same moves again,
        it judges them exactly as it did."""
        self.judge.reseed(self.judge_seed)
        self.loglik.clear()
        self.judged.clear()

    def observe(self, view: SeatView, seat: int, action: Any) -> None:
        """Judge another seat's choice: one of greedy's near-best (within `judge` of its best) or not.
        A choice among actions all alike close tells nothing and is skipped."""
        if not self.model or seat == view.seat or self.judged.get(seat, 0) >= self.watch:
            return
        mover = SeatView(view.sample(self.judge.rng), seat)  # the judge's own stream: decide's stays as is
        legal = mover.legal_actions()
        if len(legal) < 2 or action not in legal:
            return
        vals = self.judge.scores(mover, legal)
        best = max(vals)
        close = sum(v >= best - self.judge_margin for v in vals)
        if close == len(legal):
            return
        hit = vals[legal.index(action)] >= best - self.judge_margin
        by_chance = close / len(legal) if hit else 1 - close / len(legal)
        on_purpose = 1 - MISJUDGED if hit else MISJUDGED
        ll = self.loglik.setdefault(seat, list(EPS_PRIOR))
        for g, e in enumerate(EPS_GRID):
            ll[g] += math.log((1 - e) * on_purpose + e * by_chance)
        self.judged[seat] = self.judged.get(seat, 0) + 1

    def eps_of(self, seat: int) -> float:
        """The share of `seat`'s choices the rollouts play at random: 0 while its judged moves leave
        even odds or better that it plays on purpose (and before any is judged), else the posterior mean."""
        ll = self.loglik.get(seat)
        if ll is None:
            return 0.0
        top = max(ll)
        w = [math.exp(x - top) for x in ll]
        if w[0] >= 0.5 * sum(w):  # EPS_GRID[0] == 0: purposeful as likely as not
            return 0.0
        return sum(e * x for e, x in zip(EPS_GRID, w, strict=True)) / sum(w)

    def decide(self, view: SeatView) -> Decision:
        legal = view.legal_actions()
        if len(legal) == 1:
            return Decision(legal[0])
        values = self.base.scores(view, legal)
        order = sorted(range(len(legal)), key=lambda k: -values[k])
        close = [k for k in order[: self.top] if values[order[0]] - values[k] <= self.margin]
        hooks = game_hooks(view.game_id)
        end = hooks.lookahead_end
        at = hooks.rollout_at if self.at == "game" else end
        if len(close) < 2 or end is None or at is None or not at(view.sample(self.rng)):
            why = [(str(legal[k]), values[k]) for k in order[:3]]
            return Decision(legal[order[0]], why)
        ev = evaluator(view.game_id, self.style)
        round_of = hooks.round_of
        seat = view.seat
        seeds = [(self.rng.next64(), self.rng.next64()) for _ in range(self.samples)]
        totals = dict.fromkeys(close, 0.0)
        for sample_seed, policy_seed in seeds:
            base = view.sample(Rng(sample_seed, raw=True))
            # counted from before the action, so an action that ends the round plays no longer
            stop_round = round_of(base) + self.rounds if round_of is not None else None
            for k in close:
                d = base.clone()
                d._apply(seat, legal[k])  # legal in every sample consistent with the view
                totals[k] += self._play_on(d, seat, policy_seed, end, stop_round, ev)
        best = max(close, key=lambda k: (totals[k], -order.index(k)))
        why = sorted(((str(legal[k]), totals[k] / self.samples) for k in close), key=lambda x: -x[1])
        return Decision(legal[best], why)

    def _play_on(self, d, seat: int, policy_seed: int, end, stop_round: int | None, ev) -> float:
        """Every seat plays the policy from `d` to the comparable point (round `stop_round`'s start, or
        the seat's turn coming round `rounds` times); `seat`'s advantage there."""
        self.rollouts += 1
        round_of = game_hooks(d.game_id).round_of
        policy = GreedyAgent(seed=policy_seed, samples=1, plan=self.policy_plan, style=None)
        policies = [policy] * d.cfg.players
        if self.model:  # each other seat as it has played: its estimated share of random choices
            for i in range(d.cfg.players):
                e = self.eps_of(i) if i != seat else 0.0
                if e > 0:
                    policies[i] = GreedyAgent(seed=policy_seed ^ (i + 1), samples=1, plan=self.policy_plan,
                                              eps=min(1.0, e))
        moved = False  # another seat has moved since the seat last came round (games without round_of)
        turns = 0
        while not d.is_over():
            if end(d):
                if stop_round is not None and round_of is not None:  # stop_round is set only with round_of
                    if round_of(d) >= stop_round:
                        break
                elif moved and seat in d.to_act():
                    turns += 1
                    if turns >= self.rounds:
                        break
                    moved = False
            moved_now = play_step(d, lambda s, v: policies[s].act(v), d._apply)  # the policies' own legal actions
            moved = moved or any(s != seat for s, _ in moved_now)
        return advantage(ev(d), seat)
