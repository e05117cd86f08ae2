"""Undecim's evaluation of a position for each seat, as a designer would reason (bots use it).

value = VP already earned (land VP, scenarios, starting VP, card VP)
      + the final scoring as it would stand now, each part weighted: majorities (`majority`),
        buildings (`buildings`), gold (`gold`), enemies (`enemy`); tuned, buildings count 1.5 times
      + land VP still to come: land kinds held × own turns left × `lands`
      + `resource` per loose resource (it can still settle or develop)
At the end of a season, the VP themselves. The weights are named (WEIGHTS) so that play styles
(data/styles.yaml) and tuning can change them.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...core.rng import _GAMMA, _M, _MIX1, _MIX2
from .fields import OVER, TAKE
from .model import LANDS, RESOURCES

assert LANDS == (0, 1, 2, 3) and RESOURCES == (4, 5, 6, 7)  # evaluate reads them by position

# Tuned by self-play (`soan tune undecim --agent greedy --trials 30 --games 40 --validate 400 --seed 3`,
# 2026-12-03): 65.8% [61.0, 70.2] of 400 fresh games against the earlier defaults (0.8, 0.8, 0.8, 0.8,
# 1.0, 0.5), fair 50%; against three of the earlier normal bots 45.0% [35.6, 54.8] (N = 100, chance 25%).
WEIGHTS: dict[str, float] = {
    "majority": 0.75, "buildings": 1.52, "gold": 1.01, "enemy": 0.76, "lands": 1.63, "resource": 1.32,
}


def evaluate(s, w: Mapping[str, float] = WEIGHTS) -> list[float]:
    if s.stage == OVER:
        return [float(sum(x)) for x in s.ledger]  # the scores
    n = s.cfg.players
    majority, built, gold, enemy = s.final_columns()
    left = max(0, n * s.T.turns - s.turn_no)  # turns still to play, dealt in turn order from the next one:
    each, extra = divmod(left, n)  # every seat has `each`, the `extra` seats from the one on turn one more
    first = s.seat
    w0, w1, w2, w3 = w["majority"], w["buildings"], w["gold"], w["enemy"]
    wl, wr = w["lands"], w["resource"]
    ledger = s.ledger
    out = []
    for i, c in enumerate(s.cnt):
        kinds = (c[0] != 0) + (c[1] != 0) + (c[2] != 0) + (c[3] != 0)  # LANDS held
        res = c[4] + c[5] + c[6] + c[7]  # RESOURCES
        turns = each + ((i - first) % n < extra)  # this seat's turns left
        out.append(sum(ledger[i]) + w0 * majority[i] + w1 * built[i] + w2 * gold[i] + w3 * enemy[i]
                   + wl * kinds * turns + wr * res)
    return out


def info_key(s, seat: int) -> tuple:
    """A compact key of what `seat` knows (all of the state but other hands and the deck order)."""
    return (
        s.season, s.turn_no, s.stage, tuple(s.hands[seat]), tuple(s.normal), tuple(s.bonus), tuple(s.frontier),
        s.drawn, tuple(map(tuple, s.cnt)), tuple(tuple(len(x[1]) for x in ss) for ss in s.settl),
        tuple(map(tuple, s.ledger)), tuple((st.op, left) for st, left in s.todo), tuple(map(tuple, s.known)),
        len(s.deck),
    )


def lookahead_end(s) -> bool:
    """Look-ahead stops where every seat stands alike: a turn is about to begin (its take step) or
    the game is over."""
    return s.stage in ("take", "over")


def playout(s, steps: int, rng) -> None:
    """agents.greedy.random_playout to `lookahead_end` (the `playout` hook), by Undecim's own steps: the
    seat on turn is `to_act()[0]`, its options the list `_legal_shared` keeps (made as it makes it), the
    pick drawn the same way. The same steps, numbers and state (tests/test_playout_hooks.py compares the
    two), without three generic calls a step."""
    apply, options = s._apply, s._options
    st = rng.state
    for _step in range(steps):
        stage = s.stage
        if stage == TAKE or stage == OVER:  # lookahead_end: a turn about to begin, or the end
            break
        seat = s.seat
        la = s._lc
        if la is None:
            la = s._lc = options(seat)
        st = (st + _GAMMA) & _M  # Rng.below(len(la)), inlined as random_playout does
        z = ((st ^ (st >> 30)) * _MIX1) & _M
        z = ((z ^ (z >> 27)) * _MIX2) & _M
        apply(seat, la[(z ^ (z >> 31)) % len(la)])
    rng.state = st


HORIZON = 40  # a cap on the look-ahead's steps; a turn rarely takes more than a dozen
