"""La Superba's evaluation of a position for each seat, as a designer would reason (bots use it).

value = points already on the trade cards
      + chits still to deliver, capped by what the remaining rounds can carry (`per_round`, about 2
        a round), each worth `chit` (a bit more than face up: pepper turns some face down)
      + chits carried and being delivered now: `deliver` each
      + `hand` × the power of the cards kept in hand for the next round.
The weights are named (WEIGHTS) so that play styles (data/styles.yaml) and tuning can change them.
"""

from __future__ import annotations

from collections.abc import Mapping

from .fields import chits_at
from .model import CREW, GLASS, PEPPER, SHIP, SILK

WEIGHTS: dict[str, float] = {"chit": 1.3, "per_round": 2.0, "deliver": 1.0, "hand": 0.08}


def evaluate(s, w: Mapping[str, float] = WEIGHTS) -> list[float]:
    sc = s.scores()
    if s.is_over():
        return [float(x) for x in sc]
    R = s.R
    left = R.rounds - s.round + (1 if s.phase == "voyage" else 0)
    out = []
    for i in range(s.cfg.players):
        at = chits_at(i)
        sup = s.supply[at + PEPPER] + s.supply[at + GLASS] + s.supply[at + SILK]
        if s.phase == "voyage" and s.carried[i] is not None:
            sup_left = sup  # carried chits are still counted in the supply until the reveal
        else:
            sup_left = sup
        future = min(sup_left, w["per_round"] * left) * w["chit"]
        if s.phase == "deliver":
            c = s.carried[i]
            d = s.choice[i] or c
            q = s.quota[i]
            future += min(sum(d), q) * w["deliver"]
        hand = s.hands[i]
        crews = sum(1 for c in hand if R.suit[c] == CREW)
        hp = sum(R.power[c] if R.suit[c] != SHIP else R.mult[c] * max(crews, 1) * 0.5 for c in hand)
        out.append(sc[i] + future + w["hand"] * hp)
    return out


def info_key(s, seat: int) -> tuple:
    """A compact key of what `seat` knows now (equal for states with equal observations), for search."""
    rv = s.rv
    last = s.hist[-1] if s.hist else None
    return (
        s.round, s.phase, tuple(s.hands[seat]), s.played[seat], s.carried[seat],
        s.choice[seat] if s.phase == "deliver" else None,
        tuple(c is not None for c in s.carried), tuple(s.supply), tuple(s.scores()),
        (rv.played, rv.carried) if rv else None,
        tuple(x is not None for x in s.choice) if s.phase == "deliver" else None,
        (last.round, last.played, last.delivered) if last else None,
    )


def lookahead_end(s) -> bool:
    """Look-ahead stops where every seat stands alike: a round has just begun (LS-R1: all voyages
    still secret, the previous reveal and deliveries done) or the game is over."""
    return s.phase == "over" or (s.phase == "voyage" and s.played.count(None) == len(s.played))


HORIZON = 40  # a cap on the look-ahead's steps; a round takes at most 3 steps a seat
