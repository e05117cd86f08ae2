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

A game without `round_of` ends each rollout at the `rounds`-th comparable point (`lookahead_end`) where
the seat is to act again after the others have moved: its turn `rounds` turns on, or the round
`rounds` rounds on in a game whose seats choose at once. Cost: about `top` × `samples` rollouts of up to
`rounds` rounds at each close top-level call; docs/agents.md has the figures per game.
"""

from __future__ import annotations

from ..core.rng import Rng
from .base import Agent, Decision, SeatView, evaluator, game_hooks
from .drive import play_step
from .greedy import GreedyAgent, advantage


class RolloutAgent(Agent):
    name = "rollout"

    def __init__(self, seed: int = 0, top: int = 3, samples: int = 1, rounds: int = 2, margin: float = 4.0,
                 policy_plan: int = 8, style: str | None = None, at: str = "game") -> None:
        super().__init__(seed)
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

    def decide(self, view: SeatView) -> Decision:
        legal = view.legal_actions()
        if len(legal) == 1:
            return Decision(legal[0])
        values = self.base.scores(view, legal)
        order = sorted(range(len(legal)), key=lambda k: -values[k])
        close = [k for k in order[: self.top] if values[order[0]] - values[k] <= self.margin]
        hooks = game_hooks(view.game_id)
        end = hooks["lookahead_end"]
        at = hooks["rollout_at"] if self.at == "game" else end
        if len(close) < 2 or end is None or at is None or not at(view.sample(self.rng)):
            why = [(str(legal[k]), values[k]) for k in order[:3]]
            return Decision(legal[order[0]], why)
        ev = evaluator(view.game_id, self.style)
        round_of = hooks.get("round_of")
        seat = view.seat
        seeds = [(self.rng.next64(), self.rng.next64()) for _ in range(self.samples)]
        totals = dict.fromkeys(close, 0.0)
        for sample_seed, policy_seed in seeds:
            base = view.sample(Rng(sample_seed, raw=True))
            # counted from before the action, so an action that ends the round plays no longer
            stop_round = round_of(base) + self.rounds if round_of is not None else None
            for k in close:
                d = base.clone()
                d.apply(seat, legal[k])
                totals[k] += self._play_on(d, seat, policy_seed, end, stop_round, ev)
        best = max(close, key=lambda k: (totals[k], -order.index(k)))
        why = sorted(((str(legal[k]), totals[k] / self.samples) for k in close), key=lambda x: -x[1])
        return Decision(legal[best], why)

    def _play_on(self, d, seat: int, policy_seed: int, end, stop_round: int | None, ev) -> float:
        """Every seat plays the policy from `d` to the comparable point (round `stop_round`'s start, or
        the seat's turn coming round `rounds` times); `seat`'s advantage there."""
        self.rollouts += 1
        round_of = game_hooks(d.game_id)["round_of"]
        policy = GreedyAgent(seed=policy_seed, samples=1, plan=self.policy_plan, style=None)
        moved = False  # another seat has moved since the seat last came round (games without round_of)
        turns = 0
        while not d.is_over():
            if end(d):
                if stop_round is not None:
                    if round_of(d) >= stop_round:
                        break
                elif moved and seat in d.to_act():
                    turns += 1
                    if turns >= self.rounds:
                        break
                    moved = False
            moved_now = play_step(d, lambda s, v: policy.act(v))
            moved = moved or any(s != seat for s, _ in moved_now)
        return advantage(ev(d), seat)
