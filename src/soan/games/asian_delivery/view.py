"""Asian Delivery views: the typed schema of `view()` / `observation()` and the checks of `from_view`.

The pydantic models below are the published format (docs/views/asian-delivery.schema.json,
described field by field in docs/asian-delivery.md). `from_view` validates types through them, then
checks consistency: every cube, card, worker and facility token in exactly one place, and the
derived fields (`clockwise` from `layout`, vehicles at their terminals, workers + hub workers,
set-aside cubes against N/H held, facility tokens) agree. Every refusal names the field.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, ValidationError

from ...core.errors import IllegalAction
from ...core.rng import Rng
from .frames import FRAME_CLASS, FRAMES
from .model import (
    FACE_DOWN,
    FACE_UP,
    FACILITIES,
    GRADES,
    RESIDENT,
    VEHICLES,
    Tables,
    derive_map,
    distances,
    layout_problem,
)

N_MAX = 9999  # the largest count a view may hold (cubes, VP, played cards ...)
Count = Annotated[StrictInt, Field(ge=0, le=N_MAX)]
Seat = Annotated[StrictInt, Field(ge=0, le=3)]
Area = Annotated[StrictInt, Field(ge=1, le=10)]
CardId = Annotated[StrictInt, Field(ge=0, le=N_MAX)]
Grades = Annotated[list[Count], Field(min_length=3, max_length=3, description="cubes by grade: [L, N, H]")]
Small = Annotated[StrictInt, Field(ge=-1, le=N_MAX)]
Score = Annotated[StrictInt, Field(ge=-10**6, le=10**6)]


class _V(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Vehicle(_V):
    at: Area = Field(description="the area the vehicle stands in (1 = the hub ①)")
    cargo: list[Grades] = Field(description="per seat: the seat's cubes aboard, [L, N, H]")


class Vehicles(_V):
    train: Vehicle
    ship: Vehicle


class ChoiceOps(_V):
    ops: list[list[Annotated[list[Annotated[StrictStr, Field(max_length=40)] | Small],
                             Field(min_length=3, max_length=3)]]] = Field(
        description="a choice card's options: each a list of effects [op, n, range]")


FrameItem = Annotated[StrictStr, Field(max_length=40)] | Small | Annotated[list[Small], Field(max_length=4)] | ChoiceOps


class Turn(_V):
    free_used: StrictBool = Field(description="AD-T2: the turn's free face-up play is used")
    played: Count = Field(description="cards played this turn")
    porter_used: StrictBool = Field(description="AD-V1: a face-down play (人力輸送) was made this turn")
    moved: Annotated[list[Annotated[list[Count], Field(min_length=6, max_length=6)]],
                     Field(min_length=2, max_length=2)] = Field(
        description="per vehicle [train, ship]: cubes loaded L N H, then unloaded L N H, this turn")
    retrieved: StrictBool = Field(description="AD-T5: the seat retrieved this turn")
    kept: list[CardId] = Field(description="AD-T5: resident cards chosen to stay in play at this retrieval")


class Public(_V):
    game: Literal["asian-delivery"]
    players: Literal[3, 4]
    round: Annotated[StrictInt, Field(ge=1, le=99)] = Field(description="the round, 1..rounds")
    start: Seat = Field(description="the round's start player (AD-R2)")
    turn_k: Annotated[StrictInt, Field(ge=0, le=4)] = Field(
        description="turns taken this round (the seat on turn is start + turn_k); players at round end")
    seat_on_turn: Seat
    phase: Literal["turn", "over"]
    to_act: Annotated[list[Seat], Field(max_length=1)] = Field(
        description="derived: the seat deciding now (empty when over); recomputed, not read")
    layout: Annotated[list[Annotated[StrictInt, Field(ge=0, le=10)]], Field(min_length=9, max_length=10)] = Field(
        description="AD-S1: the area at each map position, in the order of the map's positions")
    clockwise: Annotated[list[Area], Field(min_length=10, max_length=10)] = Field(
        description="derived from layout: the areas in clockwise order from the hub (AD-R1); checked")
    supply: list[Grades] = Field(description="per seat: cubes in the seat's own supply (手元, at ①)")
    aside: list[Count] = Field(description="per seat: L cubes set aside by upgrades (AD-E5), freed when "
                               "an N or H cube is spent (AD-E1)")
    warehouses: list[Annotated[list[Grades], Field(min_length=11, max_length=11)]] = Field(
        description="per seat, per area 0..10 (0 and 1 always empty): cubes in the warehouse")
    vehicles: Vehicles
    stock: Grades = Field(description="cubes in the general stock")
    workers: list[Count] = Field(description="per seat: workers (MP) in supply")
    hub_workers: list[Count] = Field(description="per seat: spent workers standing on ①")
    facilities: Annotated[list[Annotated[list[Annotated[StrictInt, Field(ge=-1, le=3)]],
                                         Field(min_length=4, max_length=4)]],
                          Field(min_length=11, max_length=11)] = Field(
        description="per area 0..10, per facility [office, tower, market, gate]: the owning seat or -1")
    tokens: list[Count] = Field(description="per seat: facility tokens not yet built")
    hands: list[list[CardId]] = Field(description="per seat: card ids in hand (business 0..B-1, base "
                                      "B + 4*seat + k)")
    play: list[list[tuple[CardId, Annotated[StrictInt, Field(ge=0, le=2)]]]] = Field(
        description="per seat: [card, mode] in the play area; mode 0 face down, 1 face up, 2 face up "
                    "and resident")
    orders: list[list[CardId]] = Field(description="per seat: open request ids (order area)")
    completed: list[list[CardId]] = Field(description="per seat: completed request ids")
    vp: list[Score] = Field(description="per seat: victory points")
    request_display: list[CardId]
    business_display: list[CardId]
    request_discard: list[CardId]
    business_discard: list[CardId]
    request_deck_cards: list[CardId] = Field(description="derived: the request deck's cards, sorted")
    business_deck_cards: list[CardId] = Field(description="derived: the business deck's cards, sorted")
    stack: list[Annotated[list[FrameItem], Field(min_length=2, max_length=5)]] = Field(
        description="the turn's pending decisions, top last: [kind, seat, ...] (see the frame table)")
    turn: Turn


class Observation(Public):
    seat: Seat = Field(description="the seat this observation is for")


class View(Public):
    seed: StrictInt
    variants: list[StrictStr]
    params: dict[str, StrictBool | Annotated[StrictInt, Field(ge=-10**6, le=10**6)]
                  | Annotated[StrictStr, Field(max_length=100)]
                  | Annotated[list[Annotated[StrictInt, Field(ge=-10**6, le=10**6)]], Field(max_length=8)]
                  | None] = Field(
        description="the rule parameters (see `soan games`); unset ones take their defaults")
    components: StrictStr | None = Field(description="the component file, or null for the shipped data")
    components_hash: StrictStr
    rng: Annotated[StrictInt, Field(ge=0, lt=2**64)] = Field(description="the generator's state (splitmix64)")
    request_deck: list[CardId] = Field(description="the request deck, top last")
    business_deck: list[CardId] = Field(description="the business deck, top last")


def _fail(field: str, problem: str) -> IllegalAction:
    return IllegalAction(f"view field {field}: {problem}")


def validate(v: Any) -> View:
    """Types and ranges through the schema; the first error names the field."""
    if not isinstance(v, dict):
        raise IllegalAction(f"a view is a JSON object, got {type(v).__name__}")
    try:
        return View.model_validate(v)
    except ValidationError as e:
        errs = e.errors()
        lines = [f"{'.'.join(str(x) for x in err['loc']) or '(top level)'}: {err['msg']}" for err in errs[:5]]
        more = f" (and {len(errs) - 5} more)" if len(errs) > 5 else ""
        raise IllegalAction("the view does not match the Asian Delivery view schema: "
                            + "; ".join(lines) + more) from None


def check_frame(i: int, f: list, T: Tables, n: int) -> None:
    where = f"stack[{i}]"
    kind = f[0]
    if not isinstance(kind, str) or kind not in FRAMES:
        raise _fail(where, f"unknown frame kind {kind!r}; expected one of {sorted(FRAMES)}")
    spec = FRAMES[kind]
    if len(f) != 2 + len(spec):
        raise _fail(where, f"a {kind!r} frame is [kind, seat{''.join(', ' + s for s in spec)}]")
    if f[1].__class__ is not int or not 0 <= f[1] < n:
        raise _fail(f"{where}[1]", f"the deciding seat must be 0..{n - 1}, got {f[1]!r}")
    for k, (what, x) in enumerate(zip(spec, f[2:], strict=True), start=2):
        at = f"{where}[{k}]"
        if what == "ops":
            if not isinstance(x, ChoiceOps):
                raise _fail(at, "a choice frame holds {'ops': ...}")
            continue
        if what == "seats":
            if not isinstance(x, list) or any(not 0 <= q < n for q in x) or len(set(x)) != len(x):
                raise _fail(at, f"a list of distinct seats 0..{n - 1}, got {x!r}")
            continue
        if x.__class__ is not int:
            raise _fail(at, f"{what} takes an integer, got {x!r}")
        lo, hi = {"count": (1, 99), "left": (0, 99), "range": (1, 99), "area": (1, 10), "grade": (0, 2),
                  "vehicle": (0, 1)}[what]
        if not lo <= x <= hi:
            raise _fail(at, f"{what} takes {lo}..{hi}, got {x!r}")


def check_consistency(m: View, T: Tables, n: int, adj_cw: tuple) -> None:
    """Everything in exactly one place; derived fields agree. Raises IllegalAction naming the field."""
    _check_sizes(m, n)
    _check_turn(m, T, n)
    _check_map(m, T, adj_cw)
    held = _check_warehouses(m, T, n)
    _check_stock(m, T, held)
    _check_capacity(m, T)
    _check_workers_and_tokens(m, T, n)
    _check_cards(m, T, n)
    _check_play_modes(m, T, n)
    kept = m.turn.kept
    if len(set(kept)) != len(kept) or not set(kept) <= {c for c, mode in m.play[m.seat_on_turn] if mode == RESIDENT}:
        raise _fail("turn.kept", "resident cards in play of the seat on turn, each once")
    for i, frame in enumerate(m.stack):
        check_frame(i, frame, T, n)


PER_SEAT = ("supply", "aside", "warehouses", "workers", "hub_workers", "tokens", "hands", "play", "orders",
            "completed", "vp")


def _check_sizes(m: View, n: int) -> None:
    """One entry per seat in every per-seat field."""
    for name in PER_SEAT:
        if len(getattr(m, name)) != n:
            raise _fail(name, f"one entry per seat: {n}, got {len(getattr(m, name))}")
    for name in VEHICLES:
        if len(getattr(m.vehicles, name).cargo) != n:
            raise _fail(f"vehicles.{name}.cargo", f"one entry per seat: {n}")


def _check_turn(m: View, T: Tables, n: int) -> None:
    """The phase against the stack; round, start player and the seat on turn."""
    if m.phase == "over" and m.stack:
        raise _fail("stack", "a game that is over has no pending decision")
    if m.phase == "turn" and not m.stack:
        raise _fail("stack", "a game in play has a pending decision")
    if m.round > T.rounds:
        raise _fail("round", f"the game has {T.rounds} rounds, got {m.round}")
    if not m.turn_k <= n or m.start >= n or m.seat_on_turn >= n:
        raise _fail("start/turn_k/seat_on_turn", f"seats are 0..{n - 1} and turn_k 0..{n}")
    if m.phase == "turn" and m.turn_k < n and m.seat_on_turn != (m.start + m.turn_k) % n:
        raise _fail("seat_on_turn", f"is start + turn_k = {(m.start + m.turn_k) % n}, got {m.seat_on_turn}")


def _check_map(m: View, T: Tables, adj_cw: tuple) -> None:
    """The map: layout a placement of the areas, clockwise derived from it; vehicles at terminals."""
    _, cw = adj_cw
    if list(cw) != m.clockwise:
        raise _fail("clockwise", f"does not follow from layout: expected {list(cw)}")
    for v, name in enumerate(VEHICLES):  # AD-R1: vehicles stand at a terminal of their kind (① has both)
        at = getattr(m.vehicles, name).at
        if not T.terminals[at][v]:
            raise _fail(f"vehicles.{name}.at", f"area {at} has no {('station', 'port')[v]}")


def _check_warehouses(m: View, T: Tables, n: int) -> list[list[int]]:
    """Warehouses within the cap, set-aside L against N/H held; the cubes each seat holds by grade."""
    held = [[0, 0, 0] for _ in range(n)]
    for p in range(n):
        for g in range(3):
            held[p][g] += m.supply[p][g] + m.vehicles.train.cargo[p][g] + m.vehicles.ship.cargo[p][g]
        for a in range(11):
            w = m.warehouses[p][a]
            if a <= 1 and any(w):
                raise _fail(f"warehouses[{p}][{a}]", "area 0 does not exist and ① has no warehouse (the supply)")
            if sum(w) > T.cap:
                raise _fail(f"warehouses[{p}][{a}]", f"holds {sum(w)} cubes; the cap is {T.cap}")
            for g in range(3):
                held[p][g] += w[g]
        if m.aside[p] > held[p][1] + held[p][2]:
            raise _fail(f"aside[{p}]", f"{m.aside[p]} L set aside, but the seat holds only "
                        f"{held[p][1] + held[p][2]} N/H cubes (AD-E5)")
    return held


def _check_stock(m: View, T: Tables, held: list[list[int]]) -> None:
    """Cubes are conserved: stock + held (+ set-aside L) is the game's count of each grade."""
    for g in range(3):
        total = m.stock[g] + sum(h[g] for h in held) + (sum(m.aside) if g == 0 else 0)
        if total != T.stock[g]:
            raise _fail("stock", f"{total} {GRADES[g]} cubes in all; the game has {T.stock[g]}")


def _check_capacity(m: View, T: Tables) -> None:
    if "capacity" not in T.flags:
        return
    for name in VEHICLES:
        load = sum(sum(x) for x in getattr(m.vehicles, name).cargo)
        if load > T.capacity:
            raise _fail(f"vehicles.{name}.cargo", f"{load} cubes aboard; the capacity is {T.capacity}")


def _check_workers_and_tokens(m: View, T: Tables, n: int) -> None:
    """Workers and facility tokens: each seat's in supply and on the board add up."""
    for p in range(n):
        if m.workers[p] + m.hub_workers[p] != T.workers:
            raise _fail(f"workers[{p}]", f"workers + hub_workers must be {T.workers}")
    owned = [0] * n
    for a in range(11):
        for f, who in enumerate(m.facilities[a]):
            if who >= n:
                raise _fail(f"facilities[{a}][{f}]", f"no seat {who}")
            if who >= 0:
                if a <= 1:
                    raise _fail(f"facilities[{a}]", "facilities stand in areas 2..10")
                owned[who] += 1
    for p in range(n):
        if m.tokens[p] + owned[p] != T.tokens:
            raise _fail(f"tokens[{p}]", f"tokens + facilities built must be {T.tokens}")


def _check_cards(m: View, T: Tables, n: int) -> None:
    """Cards: each in exactly one place; base cards with their seat."""
    nb = T.n_business
    places = {"request_deck": m.request_deck, "request_display": m.request_display,
              "request_discard": m.request_discard}
    places.update({f"orders[{p}]": m.orders[p] for p in range(n)})
    places.update({f"completed[{p}]": m.completed[p] for p in range(n)})
    _exactly_once(places, len(T.req_vp), "request")
    places = {"business_deck": m.business_deck, "business_display": m.business_display,
              "business_discard": m.business_discard}
    places.update({f"hands[{p}]": m.hands[p] for p in range(n)})
    places.update({f"play[{p}]": [c for c, _ in m.play[p]] for p in range(n)})
    _exactly_once(places, nb + 4 * n, "business and base")
    for name in ("business_deck", "business_display", "business_discard"):
        if any(c >= nb for c in getattr(m, name)):
            raise _fail(name, "base cards stay with their seat")


def _check_play_modes(m: View, T: Tables, n: int) -> None:
    """Base cards in their own seat's hand or play area; play modes as the card allows."""
    nb = T.n_business
    for p in range(n):
        for c in m.hands[p] + [c for c, _ in m.play[p]]:
            if c >= nb and (c - nb) // 4 != p:
                raise _fail(f"hands[{p}]/play[{p}]", f"base card {c} belongs to seat {(c - nb) // 4}")
        for c, mode in m.play[p]:
            allowed = (FACE_DOWN, RESIDENT) if T.resident[c] else (FACE_DOWN, FACE_UP)
            if mode not in allowed:
                raise _fail(f"play[{p}]", f"card {c} is played with mode {mode}; it takes {allowed}")


def _exactly_once(places: dict[str, list[int]], total: int, what: str) -> None:
    seen: dict[int, str] = {}
    for name, cards in places.items():
        for c in cards:
            if not 0 <= c < total:
                raise _fail(name, f"no {what} card {c}; ids are 0..{total - 1}")
            if c in seen:
                raise _fail(name, f"{what} card {c} is also in {seen[c]}")
            seen[c] = name
    if len(seen) != total:
        missing = sorted(set(range(total)) - set(seen))
        raise _fail(what.split()[0] + " cards", f"cards {missing[:10]} are nowhere")


def frame_json(f) -> list:
    out: list = []
    for x in f:
        if isinstance(x, tuple) and x and not isinstance(x[0], int | str):
            out.append({"ops": [[[o.op, o.n, o.range] for o in opt] for opt in x]})
        elif isinstance(x, tuple):
            out.append(list(x))
        else:
            out.append(x)
    return out


def frame_from(js: list, T: Tables) -> tuple:
    out: list = []
    for x in js:
        if isinstance(x, ChoiceOps):
            want = x.ops
            found = None
            for ops in T.ops:
                for o in ops:
                    if o.op == "choice" and [[[q.op, q.n, q.range] for q in opt] for opt in o.options] == want:
                        found = o.options
            if found is None:
                raise IllegalAction(f"view field stack: choice frame {want} matches no card's choice")
            out.append(found)
        elif isinstance(x, list):
            out.append(tuple(x))
        else:
            out.append(x)
    return FRAME_CLASS[out[0]](*out)


def schema() -> dict[str, Any]:
    """The JSON schema of a view (an observation is the same without the deck orders, plus `seat`)."""
    s = View.model_json_schema()
    s["title"] = "Asian Delivery view"
    s["$comment"] = ("Generated from soan.games.asian_delivery.view.View; fields described in "
                     "docs/asian-delivery.md. Frame kinds and their items: "
                     + "; ".join(f"{k}: [kind, seat{''.join(', ' + x for x in v)}]" for k, v in FRAMES.items()))
    return s


def state_from_view(v: dict[str, Any], cls: type, tables_for: Callable[[Any], Any]) -> Any:
    """The state of `cls` a (possibly edited) view describes: types through the schema, then consistency.
    rules.py passes the state's class and its tables (it imports this module: this one does not import it)."""
    from ...core.game import config_from_view

    m = validate(v)
    _, cfg = config_from_view(v)
    s: Any = object.__new__(cls)
    s.cfg = cfg
    s._fresh()  # the fields no view holds: listener, caches, copy-on-write bits (fields.py)
    s._req_pend = s._biz_pend = None
    T = s.T = tables_for(cfg)
    n = cfg.players
    problem = layout_problem(T, m.layout)
    if problem:
        raise IllegalAction(f"view field layout: {problem}")
    adj_cw = derive_map(T, m.layout)
    check_consistency(m, T, n, adj_cw)
    s.rng = Rng(m.rng, raw=True)
    s.layout = tuple(m.layout)
    s.adj, s.cw = adj_cw
    s.dist = distances(s.adj)
    s.round, s.start, s.turn_k, s.seat, s.phase = m.round, m.start, m.turn_k, m.seat_on_turn, m.phase
    s.supply = [list(x) for x in m.supply]
    s.aside = list(m.aside)
    s.wh = [[c for a in x for c in a] for x in m.warehouses]
    s.veh_at = [m.vehicles.train.at, m.vehicles.ship.at]
    s.cargo = [[list(x) for x in m.vehicles.train.cargo], [list(x) for x in m.vehicles.ship.cargo]]
    s.stock = list(m.stock)
    s.workers, s.hub = list(m.workers), list(m.hub_workers)
    s.fac = [x for a in m.facilities for x in a]
    s.tokens = list(m.tokens)
    s.hands = [list(x) for x in m.hands]
    s.play = [[(c, mode) for c, mode in x] for x in m.play]
    s.orders = [list(x) for x in m.orders]
    s.done = [list(x) for x in m.completed]
    s.vp = list(m.vp)
    s.req_deck, s.biz_deck = list(m.request_deck), list(m.business_deck)
    s.req_disc, s.biz_disc = list(m.request_discard), list(m.business_discard)
    s.req_disp, s.biz_disp = list(m.request_display), list(m.business_display)
    s.stack = [frame_from(f, T) for f in m.stack]
    t = m.turn
    s.free_used, s.played, s.porter_used = t.free_used, t.played, t.porter_used
    s.moved = [list(x) for x in t.moved]
    s.retrieved, s.kept = t.retrieved, tuple(t.kept)
    s._advance()  # an edited view may leave automatic steps (a turn's end) to resolve
    return s


__all__ = ["View", "Observation", "FRAMES", "validate", "check_consistency", "schema", "FACILITIES"]
