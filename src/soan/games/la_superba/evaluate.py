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

from ...core.rng import _GAMMA, _M, _MIX1, _MIX2
from .fields import DELIVERY, N_GOODS, OVER, VOYAGE
from .model import CREW, GLASS, PEPPER, SHIP, SILK

WEIGHTS: dict[str, float] = {"chit": 1.3, "per_round": 2.0, "deliver": 1.0, "hand": 0.08}


_HAND: dict[int, tuple] = {}  # id(rules) -> (rules, {hand: its power}, crew, plain power, ship multiplier per card)
_HANDS_KEPT = 200_000  # hands' powers kept per rules, then forgotten all at once (exact values: only time changes)


def _hand_tables(R) -> tuple[dict[tuple[int, ...], float], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The hand powers known so far; per card: 1 for a crew, its power unless a ship, its multiplier if a
    ship (the hand term's parts)."""
    t = _HAND.get(id(R))
    if t is None or t[0] is not R:  # the rules object is kept in the entry, so its id stays its own
        suit = R.suit
        t = _HAND[id(R)] = (R, {}, tuple(int(x == CREW) for x in suit),
                            tuple(p if x != SHIP else 0 for x, p in zip(suit, R.power, strict=True)),
                            tuple(m if x == SHIP else 0 for x, m in zip(suit, R.mult, strict=True)))
    if len(t[1]) >= _HANDS_KEPT:
        t[1].clear()
    return t[1], t[2], t[3], t[4]


def _hand_power(hand: tuple[int, ...], crew: tuple[int, ...], plain: tuple[int, ...], ship: tuple[int, ...]) -> float:
    """The power in hand: a ship counts multiplier x crews in hand (at least 1) x 0.5. Powers and
    multipliers are small ints, so the sum is exact in any order (halves included)."""
    hp: float = sum(map(plain.__getitem__, hand))
    ships = sum(map(ship.__getitem__, hand))
    if ships:
        crews = sum(map(crew.__getitem__, hand))
        hp += ships * (crews if crews > 1 else 1) * 0.5
    return hp


def evaluate(s, w: Mapping[str, float] = WEIGHTS) -> list[float]:
    sc = s.points  # s.scores(), the tuple itself
    phase = s.phase
    if phase == OVER:
        return [float(x) for x in sc]
    R = s.R
    known, crew, plain, ship = _hand_tables(R)
    left = R.rounds - s.round + (1 if phase == VOYAGE else 0)
    cap = w["per_round"] * left
    chit, wh = w["chit"], w["hand"]
    deliver = phase == DELIVERY
    sup = s.supply
    out = []
    for i, hand in enumerate(s.hands):
        at = N_GOODS * i  # chits_at(i): carried chits are still counted in the supply until the reveal
        future = min(sup[at + PEPPER] + sup[at + GLASS] + sup[at + SILK], cap) * chit
        if deliver:
            c = s.carried[i]
            d = s.choice[i] or c
            future += min(sum(d), s.quota[i]) * w["deliver"]
        key = tuple(hand)
        hp = known.get(key)
        if hp is None:
            hp = known[key] = _hand_power(key, crew, plain, ship)
        out.append(sc[i] + future + wh * hp)
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
    p = s.played  # no card played: a round's start, or the end (every play is back); never in the deliver phase
    return p.count(None) == len(p) and s.phase != DELIVERY


def playout(s, steps: int, rng) -> None:
    """agents.greedy.random_playout to `lookahead_end` (the `playout` hook), by La Superba's own steps:
    the seat on turn read as `to_act()[0]` reads it, its options as `_legal_shared` gives them (a fork's
    kept list is only ever `_options`'s), the pick drawn the same way. The same steps, numbers and state
    (tests/test_playout_hooks.py compares the two), without three generic calls a step."""
    apply, options = s._apply, s._options
    st = rng.state
    for _step in range(steps):
        if s.phase == VOYAGE:
            carried = s.carried
            if s.played.count(None) == len(carried):  # lookahead_end: a round's start
                break
            seat = carried.index(None)  # the first seat still to play or carry (to_act)
        else:
            rv = s.rv
            if rv is None:  # the game is over
                break
            choice = s.choice
            seat = -1
            for i in rv.awaiting:  # the deliver phase: the first seat still to choose (to_act)
                if choice[i] is None:
                    seat = i
                    break
            if seat < 0:  # no one (the rules finish the round at once then): as to_act() being empty
                break
        la = options(seat)
        st = (st + _GAMMA) & _M  # Rng.below(len(la)), inlined as random_playout does
        z = ((st ^ (st >> 30)) * _MIX1) & _M
        z = ((z ^ (z >> 27)) * _MIX2) & _M
        apply(seat, la[(z ^ (z >> 31)) % len(la)])
    rng.state = st


HORIZON = 40  # a cap on the look-ahead's steps; a round takes at most 3 steps a seat
