"""Asian Delivery's evaluation of a position per seat, as a designer would reason (bots use it).

value = VP
      + each open request: (its VP + `tower` × the ad towers owned, AD-E1) × the chance to finish it,
        judged by how far its cubes stand
        (cubes are assigned to requests, richest request first, nearest cubes first, each cube once;
        L or N cubes in the supply count for an N or H request after upgrades, AD-E5):
          all at the destination warehouse            → `ready` of its VP
          the needed cubes on average d steps away    → `near` × `step_decay`^d of its VP
          ... needing u upgrades first                → × `upgrade`^u
          ... not yet at the destination, t action steps left → × (1 − `haste`^t)
          not enough cubes of the grade anywhere      → `short` × the share found
          the chance so found, raised to the power `calibrate` + (`calibrate_late` − `calibrate`) ×
          round / 8 (0.625 in round 1 to 1.5 in round 8 with 0.5 and 1.5): measured against the
          requests the bots went on to complete, the raw
          chances were too low early (0.33 → 80% done, 0.49 → 94%) and too high in rounds 6–7
          out of reach (no action step left, AD-T2; or its cubes, plus `upgrade_steps` per upgrade,
          more cube-steps away than the `pace` per action step left allows, shared with the richer
          requests; or an upgrade still needed in the last action step) → 0, and its penalty is certain
        minus the end penalty (AD-K2, −2 each) × `penalty` times the chance to fail, counted from
        `penalty_floor` of it on and in full by the last round
      + facilities: `facility` each, plus the longest path as it stands (AD-K2) × `path`
      + cubes not needed by any request: `cube` per grade step (L 1, N 2, H 3)
      + `worker` per worker in supply, `card` per business card owned (hand and play area). A card's
        use is what it does, which the search sees; the weight is its cost to the draft: negative
        (−0.6) because the business deck is shared and never refills from hands, so every card drafted
        early is one fewer for the last drafts, which AD-T4's exactly-two then fill with requests no
        one can finish (at 0 the bots emptied the deck by round 7 and drafted 1.7 such requests a game)
      + colour pairs already made: their pending settlement VP
      + a play area left standing at the end of the seat's turn (AD-T5's retrieval skipped): `rest` (0.3)
        per worker its next retrieval brings back (its face-up cards plus one more from the hand, by
        the MP table, at most the seat's workers on ①), minus `locked` (0.05) per card it keeps out of
        the next turn (upright residents not counted: their effect holds, AD-T3); counted for a seat
        not in the middle of its turn (from its first card to its retrieval), and only while an
        action step follows its next retrieval. Retrieving at once brings back the MP of the face-up
        cards there now; without this term the bots retrieved every turn, which 2 face-up cards (no
        MP yet) make a loss: one seat playing with it scored +3.05 [+1.73, +4.38] points a game against
        the same seat without it on 100 fresh seeds (scripts/paired_seat.py, docs/agents.md; the
        weights chosen on 60 others); and the bots now respond to AD-V10
      + with AD-V13 only (stored-vp): the round ends to come × (the areas holding the seat's ad tower
        and enough of its cubes + half the way there for its other ad-tower areas), weight `stored` (1)
The weights are named (WEIGHTS) so that play styles (data/styles.yaml) and tuning can change them.
"""

from __future__ import annotations

from collections.abc import Mapping

from .actions import PlayCard
from .model import FACE_DOWN, HUB, N_GRADES, RESIDENT, TOWER, WAREHOUSE_AREAS, fac_slot

WEIGHTS: dict[str, float] = {
    "vp": 1.0,
    "ready": 0.95,
    "near": 0.8,
    "step_decay": 0.72,
    "short": 0.15,
    "penalty": 1.0,
    "penalty_floor": 0.5,
    "facility": 1.5,
    "tower": 1.0,
    "path": 0.8,
    "cube": 0.25,
    "worker": 0.4,
    "card": -0.6,
    "pair": 1.0,
    "pace": 4.5,
    "upgrade": 0.3,
    "upgrade_steps": 2.0,
    "haste": 0.4,
    "calibrate": 0.5,
    "calibrate_late": 1.5,
    "rest": 0.3,
    "locked": 0.05,
}


def _request_shares(s, p: int, w: Mapping[str, float], turns: int) -> list[tuple[int, float, bool]]:
    """(request, chance to finish it, out of reach) for p's open requests, each cube counted for one
    request; `turns` is p's action steps left (out of reach: none left, or its cubes too far)."""
    T = s.T
    dist = s.dist
    # where p's cubes are: (area, [L, N, H]) — supply stands at the hub, cargo where its vehicle is
    pools: list[tuple[int, list[int]]] = [(HUB, list(s.supply[p]))]
    wh = s.wh[p]
    for a in WAREHOUSE_AREAS:
        i = N_GRADES * a  # this area's L, N, H
        if wh[i] or wh[i + 1] or wh[i + 2]:
            pools.append((a, wh[i: i + N_GRADES]))
    for v in (0, 1):
        c = s.cargo[v][p]
        if c[0] or c[1] or c[2]:
            pools.append((s.veh_at[v], list(c)))
    late = s.round / T.rounds
    decay = w["step_decay"] ** (1 + late)  # far cubes matter less as the rounds run out
    # cube-steps p can still move before its last delivery (the last action step also delivers)
    budget = (turns - 0.5) * w["pace"]
    calibrate = w["calibrate"] + (w["calibrate_late"] - w["calibrate"]) * late
    out = []
    for r in sorted(s.orders[p], key=lambda r: -T.req_vp[r]):
        a, g0, need = T.req_area[r], T.req_grade[r], T.req_cubes[r]
        near = sorted(pools, key=lambda x: dist[x[0]][a])
        steps = 0.0
        left = need
        for area, c in near:
            for g in range(g0, 3):  # lowest adequate grade first
                k = min(left, c[g])
                if k:
                    c[g] -= k
                    left -= k
                    steps += k * dist[area][a]
            if not left:
                break
        ups = 0  # AD-E5: cubes of a lower grade in the supply can be upgraded there first
        sup = pools[0][1]
        for g in range(g0 - 1, -1, -1):
            k = min(left, sup[g], s.stock[g0])
            if k:
                sup[g] -= k
                left -= k
                ups += k * (g0 - g)
                steps += k * dist[1][a]
        # out of reach: no action step left to deliver it, its cubes too far to bring in time, or an
        # upgrade still needed in the last action step
        if not turns or steps + ups * w["upgrade_steps"] > budget or (ups and turns < 2):
            out.append((r, 0.0, True))
            continue
        if left:
            share = w["short"] * (need - left) / need if turns > 1 else 0.0
        else:
            share = w["ready"] if steps == 0 and not ups else (
                w["near"] * decay ** (steps / need) * w["upgrade"] ** ups * (1 - w["haste"] ** turns))
        steps += ups * w["upgrade_steps"]
        budget -= steps
        out.append((r, share ** calibrate if share > 0 else 0.0, False))
    return out


def action_steps_left(s, p: int) -> int:
    """p's action steps (AD-T2) still to come: one per later round, plus this round's unless p's turn
    has already passed its action step. A request can only be delivered in an action step."""
    return _steps_left(s)[p]


def _steps_left(s) -> list[int]:
    """`action_steps_left` for every seat at once."""
    n = s.cfg.players
    if s.phase == "over":
        return [0] * n
    acting = False
    for fr in s.stack:
        if fr[0] == "action":
            acting = True
            break
    key = (n, s.T.rounds, s.round, s.start, s.turn_k, acting)
    out = _STEPS.get(key)
    if out is None:
        later = s.T.rounds - s.round
        k = s.turn_k
        out = []
        for p in range(n):
            pos = (p - s.start) % n
            out.append(later + 1 if pos > k or (pos == k and acting) else later)
        if len(_STEPS) > 10_000:
            _STEPS.clear()
        _STEPS[key] = out
    return out[:]


MEMO_MAX = 200_000  # the values evaluate remembers (all parts together) before it starts afresh
_STEPS: dict[tuple, list[int]] = {}  # (players, rounds, round, start, turn_k, acting) -> steps left by seat


def evaluate(s, w: Mapping[str, float] = WEIGHTS) -> list[float]:
    if not s.stack:  # the game is over
        return [float(v) for v in s.vp]
    # The values are cached per rule tables and weights (kept alive by the cache, so their ids stay
    # theirs), then per everything the seats share (the map, the round, facilities, vehicles, stock),
    # then per what seat_value reads of the seat; a search changes one seat at a time, the others hit.
    # (the seat in the middle of its turn: a play area's worth depends on whether its turn is over, AD-T5)
    shared = (s.layout, s.round, tuple(s.fac), tuple(s.veh_at), tuple(s.stock), _acting_seat(s))
    steps_left = _steps_left(s)
    n = len(steps_left)
    # a look-ahead's copies (`fork`) share the values of the seats that have not moved since the copies
    # began (their fields are as they were, rules.py `apply`), while the shared part stays the same:
    # held = [shared part, values by seat, weights, the positions' dict of the shared part, context]
    held = s._ev
    vals: list | None = None
    moved = 0
    if held is not None and held[2] is w and held[0] == shared:
        vals, seats, ctx = held[1], held[3], held[4]
        moved = s._moved
    else:
        T = s.T
        ctx = _CTX.get((id(T), id(w)))
        if ctx is None:
            if len(_CTX) > 64:
                _CTX.clear()
            ctx = _CTX[(id(T), id(w))] = (T, w, {}, {}, [0])
        memo = ctx[2]
        seats = memo.get(shared)
        if seats is None:
            if ctx[4][0] > MEMO_MAX:  # values remembered, all parts together: start afresh
                memo.clear()
                ctx[3].clear()
                ctx[4][0] = 0
            seats = memo[shared] = {}
        if held is not None:
            vals = [None] * n
            held[:] = [shared, vals, w, seats, ctx]
            moved = s._moved
    supply, wh, cargo0, cargo1, orders, hands, play, done = (s.supply, s.wh, s.cargo[0], s.cargo[1], s.orders,
                                                             s.hands, s.play, s.done)
    out = []
    for p in range(n):
        keep = vals is not None and not moved >> p & 1
        if keep:
            v = vals[p]  # type: ignore[index]
            if v is not None:
                out.append(v)
                continue
        turns = steps_left[p]
        # (a seat's workers on ① are T.workers − workers in supply: every move keeps the sum)
        key = (p, turns, s.vp[p], s.tokens[p], s.workers[p], tuple(supply[p]), tuple(wh[p]), tuple(cargo0[p]),
               tuple(cargo1[p]), tuple(orders[p]), tuple(hands[p]), tuple(play[p]), tuple(done[p]))
        v = seats.get(key)
        if v is None:
            v = seats[key] = seat_value(s, p, w, turns, (ctx[3], shared, seats, key))
            ctx[4][0] += 1
        if keep:
            vals[p] = v  # type: ignore[index]
        out.append(v)
    return out


# (id(rule tables), id(weights)) -> (tables, weights, {shared part: {seat part: value, seat: facility part}},
#                                    {(shared part, seat's cubes and requests): request shares}, [values])
_CTX: dict[tuple[int, int], tuple[object, Mapping[str, float], dict, dict, list[int]]] = {}


def seat_value(s, p: int, w: Mapping[str, float] = WEIGHTS, turns: int | None = None,
               cache: tuple[dict, tuple, dict, tuple] | None = None) -> float:
    """The value of one seat (see the module's docstring); `turns`: p's action steps left; `cache`:
    (a dict for the parts several positions share, the shared part of evaluate's key, the dict of the
    positions with that shared part, the seat's part of the key)."""
    T = s.T
    late = s.round / T.rounds
    pair_vp = T.pair_mid if s.round <= 4 else T.pair_final
    v = w["vp"] * s.vp[p]
    if turns is None:
        turns = action_steps_left(s, p)
    if cache is None:
        shares = _request_shares(s, p, w, turns)
        bonus = w["tower"] * s._owned(p, TOWER)  # AD-E1: +1 VP per ad tower on each request completed
        path = s.longest_path(p)
        acting = _acting_seat(s)
    else:
        memo, shared, same, key = cache
        # the shares read the map, round, vehicles, stock and the seat's cubes and requests (supply,
        # warehouses, cargo, requests: key[5:10]), no facility
        k = (shared[0], shared[1], shared[3], shared[4], p, turns, key[5], key[6], key[7], key[8], key[9])
        known = memo.get(k)
        if known is None:
            known = memo[k] = _request_shares(s, p, w, turns)
        shares = known
        fp = same.get(p)  # once per facilities (the shared part holds them)
        if fp is None:
            fp = same[p] = (w["tower"] * s._owned(p, TOWER), s.longest_path(p))
        bonus, path = fp
        acting = shared[5]
    for r, share, doomed in shares:
        fail = 1.0 if doomed else max(late, w["penalty_floor"])  # the end penalty, certain when out of reach
        v += share * (T.req_vp[r] + bonus) - w["penalty"] * T.penalty * (1 - share) * fail
    built = T.tokens - s.tokens[p]
    v += w["facility"] * built
    if built:
        v += w["path"] * path
    sup = s.supply[p]
    cubes = sup[0] + 2 * sup[1] + 3 * sup[2]
    wh = s.wh[p]
    cubes += sum(wh[0::N_GRADES]) + 2 * sum(wh[1::N_GRADES]) + 3 * sum(wh[2::N_GRADES])  # every area's L, N, H
    for veh in s.cargo:
        c = veh[p]
        cubes += c[0] + 2 * c[1] + 3 * c[2]
    v += w["cube"] * cubes
    hand, play = s.hands[p], s.play[p]
    owned = len(hand) + len(play)  # business cards in hand and play area (AD-T5 brings them back)
    v += w["worker"] * s.workers[p] + w["card"] * owned
    v += w["pair"] * pair_vp * _pairs(T, s.done[p], hand, play)
    if play and p != acting and turns > 1:  # AD-T5: a play area its turn left standing (its next
        v += _rest_value(s, p, w, hand, play)  # retrieval's workers serve only with an action step after it)
    if "stored-vp" in T.flags:  # AD-V13, only with the variant: each round end to come pays 1 VP per area
        v += _stored(s, p, w)    # holding p's ad tower and enough of p's cubes
    return v


def _acting_seat(s) -> int:
    """The seat in the middle of its turn — it has played a card (AD-T2), so its play area holds this
    turn's cards and its retrieval is still to come — or -1. Before its first card a seat's play area
    is the one its last turn left standing. A turn's frames sit on its `end_turn` (steps.py `_begin_turn`)."""
    st = s.stack
    return st[0][1] if s.played and st and st[0][0] == "end_turn" else -1


def _rest_value(s, p: int, w: Mapping[str, float], hand: list[int], play: list) -> float:
    """AD-T5 for a play area its turn left standing (the retrieval skipped, or the residents an office
    kept): the workers its next retrieval would bring back, the face-up cards there plus one more
    played from the hand (`rest` each; residents counted as returned then, though an office may keep
    them again; at most the workers on ① now), less the cards it keeps out of the next turn (`locked`
    each; upright residents are not counted, their effect holds, AD-T3)."""
    up = out = 0
    for _, mode in play:
        if mode != FACE_DOWN:
            up += 1
        if mode != RESIDENT:
            out += 1
    table = s.T.mp_table
    mp = min(table[min(up + (1 if hand else 0), len(table) - 1)], s.hub[p])
    return w["rest"] * mp - w["locked"] * out


def _stored(s, p: int, w: Mapping[str, float]) -> float:
    """AD-V13's worth to p: the round ends still to come × (the areas that pay + half the way to paying
    of p's other ad-tower areas, by their cubes)."""
    T = s.T
    k = max(1, T.stored_vp_min)
    worth = 0.0
    for a in WAREHOUSE_AREAS:
        if s.fac[fac_slot(a, TOWER)] == p:
            c = sum(s._cubes_at(p, a))
            worth += 1.0 if c >= k else 0.5 * c / k
    return w.get("stored", 1.0) * (T.rounds - s.round + 1) * worth


def _pairs(T, done: list[int], hand: list[int], play: list) -> int:
    """AD-K1/K2: colour pairs (`RoundsMixin.pairs`), from the seat's lists."""
    if not done:
        return 0
    req = [0, 0, 0, 0]
    for r in done:
        req[T.req_colour[r]] += 1
    biz = [0, 0, 0, 0]
    colour = T.colour
    for c in hand:
        biz[colour[c]] += 1
    for c, _ in play:
        biz[colour[c]] += 1
    return min(req[0], biz[0]) + min(req[1], biz[1]) + min(req[2], biz[2]) + min(req[3], biz[3])


def lookahead_end(s) -> bool:
    """Look-ahead stops at a top-level decision (AD-T2 action step, AD-T4 draft, AD-T5 retrieval,
    AD-T1 start of a turn) or at the end: there a seat's macro-step (a card played and resolved,
    its cubes moved) is complete, the same kind of point for every seat."""
    st = s.stack
    return not st or st[-1][0] in _TOP


def lookahead_twin(s, seat: int, a) -> tuple | None:
    """Cards the look-ahead cannot tell apart (hooks.lookahead_twin). AD-T2: a card played face down
    (人力輸送) does the same whatever the card; played face up, a card does what its entry says, so
    two cards with the same colour, effects, resident effect and name do the same. The search from an
    action step stops at the next one, before the retrieval (AD-T5), and the evaluation reads a seat's
    cards only through their count and colours (hand and play area together), so the values are alike."""
    if a.__class__ is not PlayCard:
        return None
    if a.face == "down":
        return ("down",)
    T = s.T
    c = a.card
    return ("up", T.colour[c], T.ops[c], T.resident[c], T.name[c])


def round_of(s) -> int:
    """The round (1..8) for rollouts that play on to a later round's start (agents/rollout.py)."""
    return s.round


def rollout_at(s) -> bool:
    """The decisions the `rollout` bot plays on from: the draft (AD-T4: which requests to take on) and
    the retrieval (AD-T5: when to take the cards back). The many small steps of an action step are
    left to the evaluation."""
    st = s.stack
    return bool(st) and st[-1][0] in ("draft", "retrieve")


_TOP = frozenset({"action", "draft", "retrieve", "market", "lmarket", "gate", "wish", "v3_unload"})


def info_key(s, seat: int) -> tuple:
    """Everything is open but the decks' order: the public state as a tuple."""
    return (s.round, s.turn_k, tuple(map(tuple, s.supply)), tuple(map(tuple, s.wh)), tuple(s.veh_at),
            tuple(tuple(map(tuple, v)) for v in s.cargo), tuple(s.stock), tuple(s.workers), tuple(s.fac),
            tuple(map(tuple, s.hands)), tuple(map(tuple, s.play)), tuple(map(tuple, s.orders)), tuple(s.vp),
            tuple(s.req_disp), tuple(s.biz_disp), tuple(s.stack), s.free_used, s.played, s.porter_used,
            tuple(map(tuple, s.moved)), s.kept)


HORIZON = 14
