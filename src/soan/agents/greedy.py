"""greedy: one-step look-ahead through chance by sampling, scored by the game's evaluation.

For each legal action: sample `samples` states consistent with the seat's observation, apply the
action, let play run on at random to the game's next comparable point (`hooks.lookahead_end`, e.g.
the start of the next round after a simultaneous reveal, or the start of the next turn), and
score the result with the game's evaluation as own value minus the best other seat's. The best
average wins; ties go to the first action. Every seat's look-ahead thus ends at the same kind of
point, never after a fixed count of steps that would reach a reveal for some seats only.
`horizon` caps the steps (a game without `lookahead_end` runs exactly `horizon` steps). A game may play
this on by its own code (`hooks.playout`: the same steps and state, faster).
With `plan=N` (a game may make it its default), the seat's own further steps up to that point are not
played at random but searched: every completion of the macro-step (a card's source, destination and
cubes) is tried, up to N positions per action, and the best counts.
`style=NAME` scores with a play style's weights (docs/agents.md). `eps=P` plays a uniformly random legal
action with probability P instead (the `easy` level).
A game sets its defaults (`hooks.greedy`); `greedy:samples=S:horizon=H:plan=N` overrides them.
`rules=base` plans with the base game's rules in a variant (agents/planrules.py): the look-ahead runs on
the position restated under them; a move the base rules do not offer there is never chosen while one
they offer is legal; where the position cannot be stated under them, the game's own rules plan
(`planned` counts the decisions either way).
"""

from __future__ import annotations

from ..core.rng import _GAMMA, _M, _MIX1, _MIX2, Rng
from .base import WHY_KEPT, Agent, Decision, SeatView, evaluator, game_hooks
from .planrules import check_rules


def advantage(vals: list[float], seat: int) -> float:
    if len(vals) < 2:
        return vals[seat] - 0.0
    return vals[seat] - max(vals[:seat] + vals[seat + 1:])


def random_playout(s, steps: int, rng: Rng, end=None) -> None:
    """Random legal steps until the game ends, `end(s)` holds (a comparable point) or `steps` are
    played. Each step's pick is `rng.below(len(legal))`, the generator inlined (`Rng.next64`)."""
    apply, legal, to_act = s._apply, s._legal_shared, s.to_act  # read only: no checks
    st = rng.state
    for _step in range(steps):
        if end is not None and end(s):
            break
        seats = to_act()
        if not seats:  # the game is over (no seat to act exactly then: core/invariants.py)
            break
        seat = seats[0]
        la = legal(seat)
        st = (st + _GAMMA) & _M
        z = ((st ^ (st >> 30)) * _MIX1) & _M
        z = ((z ^ (z >> 27)) * _MIX2) & _M
        apply(seat, la[(z ^ (z >> 31)) % len(la)])
    rng.state = st


def best_completion(s, seat: int, end, ev, budget: list[int]) -> float:
    """The best advantage `seat` can reach by its own steps before `end(s)`, another seat's
    decision or the end of the game; `budget[0]` positions at most (then the position's own value).
    `s` is used up: its last step is taken on it, not on a copy."""
    if budget[0] <= 0 or s.is_over() or end(s) or seat not in s.to_act():
        return advantage(ev(s), seat)
    best = float("-inf")
    legal = s._legal_actions(seat)  # the seat is one to act: no checks needed
    last = len(legal) - 1
    for k, a in enumerate(legal):
        budget[0] -= 1
        c = s.fork() if k < last else s
        c._apply(seat, a)
        v = best_completion(c, seat, end, ev, budget)
        if v > best:
            best = v
        if budget[0] <= 0:
            break
    return best


class GreedyAgent(Agent):
    name = "greedy"

    def __init__(self, seed: int = 0, samples: int | None = None, horizon: int | None = None,
                 plan: int | None = None, style: str | None = None, eps: float = 0.0, rules: str = "game") -> None:
        super().__init__(seed)
        self.rules = check_rules(rules)
        self.planned = {"rules": 0, "own": 0}  # with rules=base: decisions planned under them / the game's
        if samples is not None and samples < 1:
            raise ValueError("samples must be >= 1")
        if not 0.0 <= float(eps) <= 1.0:
            raise ValueError("eps must be between 0 and 1")
        self.eps = float(eps)
        if plan is not None and plan < 0:
            raise ValueError("plan must be >= 0")
        self.samples = samples
        self.horizon = horizon
        self.plan = plan
        self.style = None if style is None else str(style)

    def scores(self, view: SeatView, legal: list) -> list[float]:
        """The mean look-ahead value (own minus the best other seat's) of each of `legal`."""
        if self.rules == "base":
            pv = view.under_rules((), {})
            if pv is view:  # the game is played with the base rules
                self.planned["rules"] += 1
            elif pv is not None and pv.seat_to_act():
                known = pv.legal_actions()
                mine = [a for a in legal if a in known]
                if mine:  # the look-ahead under the base rules; moves they do not offer here come last
                    self.planned["rules"] += 1
                    vals = dict(zip(map(id, mine), self._scores(pv, mine), strict=True))
                    return [vals.get(id(a), float("-inf")) for a in legal]
                self.planned["own"] += 1
            else:
                self.planned["own"] += 1
        return self._scores(view, legal)

    def _scores(self, view: SeatView, legal: list) -> list[float]:
        hooks = game_hooks(view.game_id)
        ev = evaluator(view.game_id, self.style)
        g = hooks.greedy
        horizon = self.horizon if self.horizon is not None else g.get("horizon", hooks.horizon)
        samples = self.samples if self.samples is not None else g.get("samples", 6)
        end = hooks.lookahead_end
        own_playout = hooks.playout
        plan = self.plan if self.plan is not None else g.get("plan", 0)
        seat = view.seat
        totals = [0.0] * len(legal)
        last = len(legal) - 1
        # the plan search has no chance in it: actions the game calls twins are valued once
        twin = hooks.lookahead_twin if plan and end is not None else None
        for _ in range(samples):
            base = view.sample(self.rng)
            valued: dict = {}  # twin key -> the value of the first action with it, in this sample
            for k, a in enumerate(legal):
                key = twin(base, seat, a) if twin is not None else None
                if key is not None and key in valued:
                    totals[k] += valued[key]
                    continue
                d = base.fork() if k < last else base  # the sample's last use is the last action's
                d._apply(seat, a)  # one of the seat's legal actions, as in every consistent sample
                if plan and end is not None:
                    v = best_completion(d, seat, end, ev, [plan])
                    if key is not None:
                        valued[key] = v
                    totals[k] += v
                    continue
                if horizon:
                    r = Rng(self.rng.next64(), raw=True)
                    if own_playout is not None:  # the game's own, the same steps and state
                        own_playout(d, horizon, r)
                    else:
                        random_playout(d, horizon, r, end)
                totals[k] += advantage(ev(d), seat)
        return [t / samples for t in totals]

    def decide(self, view: SeatView) -> Decision:
        legal = view.legal_actions()
        if len(legal) == 1:
            return Decision(legal[0])
        if self.eps and self.rng.random() < self.eps:  # a weaker level: now and then any legal action
            return Decision(legal[self.rng.below(len(legal))])
        values = self.scores(view, legal)
        best = max(range(len(legal)), key=lambda k: values[k])
        why = sorted(((str(legal[k]), values[k]) for k in range(len(legal))), key=lambda x: -x[1])
        return Decision(legal[best], why[:WHY_KEPT])
