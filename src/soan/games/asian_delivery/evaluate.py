"""Asian Delivery's evaluation of a position per seat, as a designer would reason (bots use it).

value = VP
      + open requests whose cubes already stand at their destination: 80% of their VP
      + other open requests: 25% of their VP (minus the end penalty's share late in the game)
      + facilities: 2 each (future VP via towers, path, cards)
      + cubes: 0.3 per cube in supply or in transit, 0.5 per cube in a warehouse, N/H count double
      + 0.5 per worker in supply
      + colour pairs already made: their pending settlement VP
"""

from __future__ import annotations


def evaluate(s) -> list[float]:
    T = s.T
    n = s.cfg.players
    if s.is_over():
        return [float(v) for v in s.vp]
    late = s.round / T.rounds
    pair_vp = T.pair_mid if s.round <= 4 else T.pair_final
    out = []
    for p in range(n):
        v = float(s.vp[p])
        for r in s.orders[p]:
            if s._can_complete(p, r):
                v += 0.8 * T.req_vp[r]
            else:
                v += 0.25 * T.req_vp[r] * (1 - late) - T.penalty * late * 0.5
        v += 2.0 * (T.tokens - s.tokens[p])
        w = s.wh[p]
        v += sum(0.5 * w[3 * a] + w[3 * a + 1] + 1.5 * w[3 * a + 2] for a in range(2, 11))
        sup = s.supply[p]
        v += 0.3 * sup[0] + 0.6 * sup[1] + 0.9 * sup[2]
        for veh in s.cargo:
            c = veh[p]
            v += 0.4 * (c[0] + 2 * c[1] + 3 * c[2])
        v += 0.5 * s.workers[p]
        v += pair_vp * s.pairs(p)
        out.append(v)
    return out


def info_key(s, seat: int) -> tuple:
    """Everything is open but the decks' order: the public state as a tuple."""
    return (s.round, s.turn_k, tuple(map(tuple, s.supply)), tuple(map(tuple, s.wh)), tuple(s.veh_at),
            tuple(tuple(map(tuple, v)) for v in s.cargo), tuple(s.stock), tuple(s.workers), tuple(s.fac),
            tuple(map(tuple, s.hands)), tuple(map(tuple, s.play)), tuple(map(tuple, s.orders)), tuple(s.vp),
            tuple(s.req_disp), tuple(s.biz_disp), tuple(s.stack), s.free_used, s.played, s.porter_used,
            tuple(map(tuple, s.moved)), s.kept)


HORIZON = 14
