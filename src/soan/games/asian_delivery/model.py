"""Asian Delivery component schema, map building (AD-S1, AD-V2) and compiled tables."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from ...core import components as comp
from ...core.errors import ConfigError

DATA = Path(__file__).parent / "data" / "components.yaml"
GRADES = ("L", "N", "H")
FACILITIES = ("office", "tower", "market", "gate")
OFFICE, TOWER, MARKET, GATE = range(4)
COLOURS = ("red", "blue", "yellow", "green")
TRAIN, SHIP = 0, 1
VEHICLES = ("train", "ship")
TERMINAL = ("station", "port")
FACE_DOWN, FACE_UP, RESIDENT = 0, 1, 2  # a card's mode in a play area (AD-T2, AD-T3)
UNLOADED = 3  # turn `moved[vehicle]`: loaded L N H at 0..2, unloaded L N H at UNLOADED + grade
HUB = 1  # area ①: the seats' own supply, where the vehicles start (AD-S4)
AREAS_ALL = range(1, 11)  # ① and the warehouse areas
WAREHOUSE_AREAS = range(2, 11)  # areas with warehouses and facilities
N_AREAS = 11  # area numbers index the flat lists below (0 unused)
N_GRADES = 3  # L, N, H
N_FACILITIES = 4  # office, tower, market, gate
WH_SIZE = N_GRADES * N_AREAS  # a seat's warehouses, flat: `wh[p][wh_slot(area, grade)]`
FAC_SIZE = N_FACILITIES * N_AREAS  # the facilities, flat: `fac[fac_slot(area, facility)]`


def wh_slot(area: int, grade: int = 0) -> int:
    """Where a seat's cubes of `grade` in its warehouse at `area` are counted (hot paths write
    `N_GRADES * area + grade` inline)."""
    return N_GRADES * area + grade


def fac_slot(area: int, facility: int) -> int:
    """Where the owner (seat, or -1) of `facility` at `area` is kept."""
    return N_FACILITIES * area + facility


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Area(_M):
    id: int = Field(ge=1, le=10)
    name: str
    name_ja: str
    terminals: list[Literal["station", "port"]] = []


class MapSpec(_M):
    positions: dict[str, list[float]]
    hub: str | None
    inland: dict[str, list[str]] = {}
    clockwise: list[str]
    outer: list[str] = []
    adjacent: list[list[str]]


class Effect(_M):
    op: Literal["deliver", "transport", "build", "upgrade", "restock", "take_request", "choice"]
    n: int = Field(1, ge=1, le=99)
    range: int = Field(1, ge=1, le=99)
    options: list[list[Effect]] = []


Effect.model_rebuild()


class Card(_M):
    id: int | None = None
    colour: Literal["red", "blue", "yellow", "green"]
    name: str
    name_ja: str
    effects: list[Effect] = Field(min_length=1)
    resident: Literal["transport_plus", "range_plus", "deliver_plus"] | None = None
    text: str = ""  # a hand text overriding the one made from `effects` (checked to agree with them)
    text_ja: str = ""


class Request(_M):
    id: int
    colour: Literal["red", "blue", "yellow", "green"]
    area: int = Field(ge=2, le=10)
    cubes: int = Field(ge=1, le=99)
    grade: Literal["L", "N", "H"]
    vp: int = Field(ge=-999, le=999)


class Name(_M):
    name: str
    name_ja: str
    attribute: str = ""
    attribute_ja: str = ""


class Facility(_M):
    id: Literal["office", "tower", "market", "gate"]
    name: str
    name_ja: str


class Components(_M):
    rounds: int = Field(8, ge=1, le=99)
    warehouse_cap: int = Field(3, ge=1, le=99)
    workers: int = Field(4, ge=0, le=99)
    facility_tokens: int = Field(10, ge=0, le=36)  # 9 areas x 4 facilities
    start_cubes: int = Field(10, ge=0, le=999)
    cubes: dict[Literal["L", "N", "H"], Annotated[int, Field(ge=0, le=9999)]]
    start_requests: int = Field(2, ge=0, le=99)
    display: int = Field(4, ge=0, le=99)
    midterm_display: int = Field(5, ge=0, le=99)
    draft: int = Field(2, ge=1, le=99)
    mp_table: list[Annotated[int, Field(ge=0, le=99)]] = Field(min_length=1)
    pair_vp: dict[Literal["midterm", "final"], Annotated[int, Field(ge=-999, le=999)]]
    unfinished_penalty: int = Field(2, ge=-999, le=999)
    colours: dict[Literal["red", "blue", "yellow", "green"], Name]
    facilities: list[Facility]
    area_sets: dict[str, list[Area]]
    maps: dict[str, MapSpec]
    requests: list[Request]
    business_cards: list[Card]
    base_cards: list[Card]


def check(m: Components) -> list[str]:
    """Every problem of the components, in the order a reader meets them."""
    from .cardtext import problems as text_problems

    return [*_area_set_problems(m), *_map_shape_problems(m), *_card_problems(m), *text_problems(m),
            *_count_problems(m), *_named_problems(m), *_map_position_problems(m)]


def _area_set_problems(m: Components) -> list[str]:
    out: list[str] = []
    for name, areas in m.area_sets.items():
        if sorted(a.id for a in areas) != list(range(1, 11)):
            out.append(f"area_sets.{name}: needs areas 1..10 exactly once")
        elif sorted(next(a for a in areas if a.id == 1).terminals) != ["port", "station"]:
            out.append(f"area_sets.{name}: area 1 (the hub) has both a station and a port")
    return out


def _map_shape_problems(m: Components) -> list[str]:
    out: list[str] = []
    for name, mp in m.maps.items():
        pos = set(mp.positions)
        for pair in mp.adjacent:
            if len(pair) != 2 or not set(pair) <= pos:
                out.append(f"maps.{name}.adjacent: {pair} names unknown positions")
        if set(mp.clockwise) != pos:
            out.append(f"maps.{name}.clockwise: must list every position once")
        expect = 10 if mp.hub else 9
        if len(pos) != expect:
            out.append(f"maps.{name}: {len(pos)} positions, expected {expect}")
    return out


def _card_problems(m: Components) -> list[str]:
    out: list[str] = []
    if [f.id for f in m.facilities] != list(FACILITIES):
        out.append(f"facilities: expected {list(FACILITIES)} in that order")
    ids = [r.id for r in m.requests]
    if len(set(ids)) != len(ids):
        out.append("requests: ids must be unique")
    for i, c in enumerate(m.business_cards):
        for e in c.effects:
            if e.op == "choice" and not e.options:
                out.append(f"business_cards[{i}] (id {c.id}): a choice needs options")
    if len(m.base_cards) != 4:
        out.append("base_cards: 4 per player")
    return out


def _count_problems(m: Components) -> list[str]:
    out: list[str] = []
    for key in GRADES:
        if key not in m.cubes:
            out.append(f"cubes: needs a count for each grade L, N, H; {key} is missing")
    for key in ("midterm", "final"):
        if key not in m.pair_vp:
            out.append(f"pair_vp: needs {key}")
    if "L" in m.cubes and m.cubes["L"] < 4 * m.start_cubes:  # AD-S2: 4 players take start_cubes L each
        out.append(f"cubes.L: {m.cubes['L']} L cubes cannot give 4 players start_cubes={m.start_cubes} each")
    if len(m.requests) < 4 * m.start_requests + max(m.display, m.midterm_display):  # AD-S3
        out.append(f"requests: {len(m.requests)} cards cannot deal start_requests={m.start_requests} to 4 "
                   f"players and fill a display of {max(m.display, m.midterm_display)}")
    if len(m.business_cards) < m.display:
        out.append(f"business_cards: {len(m.business_cards)} cards cannot fill a display of {m.display}")
    return out


def _named_problems(m: Components) -> list[str]:
    out = [f"maps: needs a map named {name!r}" for name in ("standard", "big") if name not in m.maps]
    if "standard" not in m.area_sets:
        out.append("area_sets: needs an area set named 'standard'")
    return out


def _map_position_problems(m: Components) -> list[str]:
    out: list[str] = []
    for name, mp in m.maps.items():
        pos = set(mp.positions)
        if mp.hub is not None and mp.hub not in pos:
            out.append(f"maps.{name}.hub: {mp.hub!r} is not a position")
        if mp.hub is None and not mp.outer:
            out.append(f"maps.{name}.outer: a map without a hub needs outer positions to attach it (AD-V2)")
        out += [f"maps.{name}.outer: {q!r} is not a position" for q in mp.outer if q not in pos]
        for q, order in mp.inland.items():
            if q not in pos or not set(order) <= pos:
                out.append(f"maps.{name}.inland.{q}: names unknown positions")
        if len(set(mp.clockwise)) != len(mp.clockwise):
            out.append(f"maps.{name}.clockwise: a position is listed twice")
    return out


# parameters: (smallest, largest) accepted value; the rules need these to be playable
PARAM_RANGES = {
    "warehouse_cap": (1, 99),  # AD-C1
    "midterm_display": (0, 99),  # AD-K1
    "vehicle_capacity": (1, 999),  # AD-V4
    "request_limit": (1, 99),  # AD-V5
    "pair_vp_midterm": (-999, 999),  # AD-V7
    "pair_vp_final": (-999, 999),
    "distance_bonus": (-99, 99),  # AD-V9
    "stored_vp_min": (0, 99),  # AD-V13
}


def check_params(m: Components, params: dict) -> None:
    """Ranges the rules need, and cross-checks with the components; a ConfigError names the parameter."""
    for name, (lo, hi) in PARAM_RANGES.items():
        x = params.get(name)
        if x is not None and not lo <= x <= hi:
            raise ConfigError(f"parameter {name!r} takes {lo}..{hi}, got {x!r}")
    area_set = params.get("area_set", "standard")
    if area_set not in m.area_sets:
        raise ConfigError(f"parameter 'area_set': the components have no area set {area_set!r}; "
                          f"expected one of {sorted(m.area_sets)}")


load_components = comp.loader(DATA, Components, check)


@dataclass(frozen=True)
class Op:
    op: str
    n: int
    range: int
    options: tuple[tuple[Op, ...], ...]


def _ops(effects) -> tuple[Op, ...]:
    return tuple(Op(e.op, e.n, e.range, tuple(_ops(o) for o in e.options)) for e in effects)


@dataclass(frozen=True)
class Tables:
    """Card attributes by card id: business cards 0..B-1, then base cards B + 4 * seat + k."""

    n_business: int
    colour: tuple[int, ...]
    ops: tuple[tuple[Op, ...], ...]
    resident: tuple[str | None, ...]
    name: tuple[str, ...]
    req_colour: tuple[int, ...]
    req_area: tuple[int, ...]
    req_cubes: tuple[int, ...]
    req_grade: tuple[int, ...]
    req_vp: tuple[int, ...]
    terminals: tuple[tuple[bool, bool], ...]  # by area id (index 0 unused): (station, port)
    map: MapSpec
    big: bool
    rounds: int
    cap: int
    workers: int
    tokens: int
    start_cubes: int
    stock: tuple[int, int, int]
    start_requests: int
    display: int
    midterm_display: int
    draft: int
    mp_table: tuple[int, ...]
    pair_mid: int
    pair_final: int
    penalty: int
    flags: frozenset
    gate_optional: bool
    draft_up_to: bool
    capacity: int
    request_limit: int
    distance_bonus: int
    stored_vp_min: int


def compile_tables(m: Components, variants: tuple[str, ...], params: dict, players: int) -> Tables:
    check_params(m, params)
    biz = m.business_cards
    base = m.base_cards if params.get("base_card_colours", True) else [
        c.model_copy(update={"colour": "red"}) for c in m.base_cards]
    cards = list(biz) + [c for _ in range(players) for c in base]
    areas = {a.id: a for a in m.area_sets[params.get("area_set", "standard")]}
    terms = [(False, False)] + [("station" in areas[i].terminals, "port" in areas[i].terminals)
                                for i in range(1, 11)]
    big = "big-map" in variants
    set_weight = "set-weight" in variants
    return Tables(
        n_business=len(biz),
        colour=tuple(COLOURS.index(c.colour) for c in cards),
        ops=tuple(_ops(c.effects) for c in cards),
        resident=tuple(c.resident for c in cards),
        name=tuple(c.name for c in cards),
        req_colour=tuple(COLOURS.index(r.colour) for r in m.requests),
        req_area=tuple(r.area for r in m.requests),
        req_cubes=tuple(r.cubes for r in m.requests),
        req_grade=tuple(GRADES.index(r.grade) for r in m.requests),
        req_vp=tuple(r.vp for r in m.requests),
        terminals=tuple(terms),
        map=m.maps["big" if big else "standard"],
        big=big,
        rounds=m.rounds,
        cap=params.get("warehouse_cap", m.warehouse_cap),
        workers=m.workers,
        tokens=m.facility_tokens,
        start_cubes=m.start_cubes,
        stock=(m.cubes["L"], m.cubes["N"], m.cubes["H"]),
        start_requests=m.start_requests,
        display=m.display,
        midterm_display=params.get("midterm_display", m.midterm_display),
        draft=m.draft,
        mp_table=tuple(m.mp_table),
        # AD-V7: the variant doubles the defaults; a value given explicitly is used as given
        pair_mid=_pair_vp(params.get("pair_vp_midterm"), m.pair_vp["midterm"], set_weight),
        pair_final=_pair_vp(params.get("pair_vp_final"), m.pair_vp["final"], set_weight),
        penalty=m.unfinished_penalty,
        flags=frozenset(variants),
        gate_optional=bool(params.get("gate_optional", False)),
        draft_up_to=bool(params.get("draft_up_to", False)),
        capacity=int(params.get("vehicle_capacity", 6)),
        request_limit=int(params.get("request_limit", 5)),
        distance_bonus=int(params.get("distance_bonus", 1)),
        stored_vp_min=int(params.get("stored_vp_min", 3)),
    )


def build_map(T: Tables, rng) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """AD-S1 / AD-V2: the areas' places. Returns (area at each position name order, adjacency by area,
    clockwise order of areas)."""
    mp = T.map
    names = list(mp.positions)
    areas = list(range(2, 11))
    rng.shuffle(areas)
    place: dict[str, int] = {}
    free = [p for p in names if p != mp.hub]
    for p, a in zip(free, areas, strict=True):
        place[p] = a
    if mp.hub:
        place[mp.hub] = 1
    is_port = T.terminals
    for inland, order in mp.inland.items():  # a port on an inland position swaps outward
        if is_port[place[inland]][1]:
            for q in order:
                if not is_port[place[q]][1]:
                    place[inland], place[q] = place[q], place[inland]
                    break
    layout = tuple(place.get(p, 0) for p in names)
    adj, cw = derive_map(T, layout)
    return layout, adj, cw


def layout_problem(T: Tables, layout) -> str | None:
    """Why `layout` (the area at each map position) is not a placement of the areas, or None."""
    mp = T.map
    names = list(mp.positions)
    if len(layout) != len(names):
        return f"the map has {len(names)} positions, got {len(layout)} areas"
    want = set(range(1, 11)) if mp.hub else set(range(2, 11))
    if sorted(layout) != sorted(want):
        return f"each of areas {min(want)}..10 once"
    if mp.hub and layout[names.index(mp.hub)] != 1:
        return f"the hub position {mp.hub} holds area 1"
    return None


def derive_map(T: Tables, layout) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Adjacency by area and the clockwise order of areas, from the layout (AD-S1, AD-V2, AD-R1)."""
    mp = T.map
    place = dict(zip(mp.positions, layout, strict=True))
    is_port = T.terminals
    adj: dict[int, set[int]] = {a: set() for a in range(1, 11)}
    for a, b in mp.adjacent:
        adj[place[a]].add(place[b])
        adj[place[b]].add(place[a])
    if mp.hub:
        cw = [place[p] for p in mp.clockwise]
    else:  # AD-V2: attach the hub outside the diamond, at the first outer area with no terminal
        attach = next((p for p in mp.outer if not any(is_port[place[p]])), mp.outer[0])
        adj[1].add(place[attach])
        adj[place[attach]].add(1)
        k = mp.outer.index(attach)
        outer = mp.outer[k:] + mp.outer[:k]
        cw = [1] + [place[p] for p in outer] + [place[p] for p in mp.clockwise if p not in mp.outer]
    return tuple(tuple(sorted(adj[a])) if a else () for a in range(11)), tuple(cw)


def distances(adj) -> tuple[tuple[int, ...], ...]:
    out = []
    for a in range(11):
        d = [99] * 11
        if a:
            d[a] = 0
            frontier = [a]
            while frontier:
                nxt = []
                for x in frontier:
                    for y in adj[x]:
                        if d[y] == 99:
                            d[y] = d[x] + 1
                            nxt.append(y)
                frontier = nxt
        out.append(tuple(d))
    return tuple(out)


def _pair_vp(given: int | None, default: int, set_weight: bool) -> int:
    """AD-V7: an explicit value stands as given; otherwise the components' value, doubled by set-weight."""
    if given is not None:
        return given
    return default * (2 if set_weight else 1)
