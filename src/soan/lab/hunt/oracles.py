"""The oracles that read games played by the bots: seat edges, ties, degenerate games, components, runaway leaders.

Each oracle looks at the exploring games and proposes *candidates* (`propose`); a candidate names what
it is about (`subject`, `direction`) and how to measure it on other games: `values` gives one value per
game (a 0/1 event, or a share of the game's win) and `bound` the line the measure must clear on the
side `side`, the margin included. The hunt measures every candidate again on fresh seeds and keeps it
only when its interval, adjusted for the number of candidates, clears the line (lab/hunt/confirm.py).
`witness` says whether one game shows the finding (the shrinker's test). A new game gets them all:
they read only traces (lab/hunt/trace.py), never a game's own code.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from .trace import win_share, winners

Trace = dict[str, Any]
Cand = dict[str, Any]


@dataclass(frozen=True)
class Margins:
    """What counts as a hole (each a `soan hunt` option): shares are of games, or of the game's win."""

    seat: float = 0.06  # a turn position's win share beyond 1/P by more than this
    tie: float = 0.03  # games ending in a tie for first that the rules do not break
    long: float = 0.02  # games longer than `long_factor` × the median, or never ending
    long_factor: float = 3.0  # × the median of the same games; × the draft's as shipped: `long_factor_draft`
    long_factor_draft: float = 2.0
    stall: float = 0.05  # games where no score moves for half the game or more
    stall_draft: float = 2.5  # with the draft as shipped played: for 2.5 × its median such run (at least 15%
    stall_draft_share: float = 0.10  # of the game), in more than this share of games
    strong: float = 0.12  # the takers of one move win beyond 1/P by more than this (or fall short by it: weak)
    dead: float = 0.05  # a move offered (beside others) in many games and taken in fewer than this share of
    # those decisions (dead), or in more than 1 − this share (always: a choice that is none)
    offered: float = 0.25  # ... offered to a seat in at least this share of seat-games
    shift: float = 0.2  # a move chosen this much less (or more) often than in the draft as shipped
    runaway: float = 0.65  # the leader a third into the game wins more than this
    kingmaker: float = 0.05  # games where a seat that cannot win decides who does


def finished(traces: Sequence[Trace]) -> list[Trace]:
    return [t for t in traces if t["error"] is None and not t["unfinished"]]


def median_length(traces: Sequence[Trace]) -> float:
    f = finished(traces)
    return float(statistics.median(t["length"] for t in f)) if f else 0.0


def checkpoint(t: Trace, part: int) -> int | None:
    """The checkpoint 1/`part` into the game: the end of round ⌈R/part⌉, or 30% (a third) or 50% (a half)
    of the steps."""
    n = len(t["leaders"])
    if n == 0:
        return None
    if t["marks"] == "rounds":
        return max(0, -(-(n + 1) // part) - 1)
    return min(n - 1, {3: 2, 2: 4}[part])


# --- seat edges (turn positions) ------------------------------------------------------------------------

def _seat_values(c: Cand, traces: Sequence[Trace], m: Margins) -> list[float]:
    p = c["position"]
    return [win_share(t, t["order"][p]) for t in finished(traces)]


def _seat_propose(traces: Sequence[Trace], m: Margins, ref: Sequence[Trace] = ()) -> Iterator[Cand]:
    f = finished(traces)
    if not f:
        return
    P = f[0]["players"]
    for p in range(P):
        c: Cand = {"oracle": "seat", "position": p, "subject": str(p + 1)}
        v = _seat_values(c, f, m)
        mean = sum(v) / len(v)
        if mean > 1 / P + m.seat:
            yield {**c, "direction": "ahead", "side": "above", "bound": 1 / P + m.seat, "chance": 1 / P}
        elif mean < 1 / P - m.seat:
            yield {**c, "direction": "behind", "side": "below", "bound": 1 / P - m.seat, "chance": 1 / P}


def _seat_witness(c: Cand, t: Trace, m: Margins) -> bool:
    won = win_share(t, t["order"][c["position"]]) > 0
    return won if c["direction"] == "ahead" else (t["error"] is None and not t["unfinished"] and not won)


# --- ties, length, refusals, stalls ------------------------------------------------------------------------

def _tie(t: Trace) -> bool:
    return t["error"] is None and not t["unfinished"] and len(winners(t)) > 1


def _long(t: Trace, line: float) -> bool:
    return bool(t["unfinished"]) or (line > 0 and t["error"] is None and t["length"] > line)


def _event_values(c: Cand, traces: Sequence[Trace], m: Margins) -> list[float]:
    test = _EVENTS[c["subject"]]
    return [1.0 if test(c, t, m) else 0.0 for t in traces]


_EVENTS: dict[str, Callable[[Cand, Trace, Margins], bool]] = {
    "tie": lambda c, t, m: _tie(t),
    "long": lambda c, t, m: _long(t, c["line"]),
    "refusal": lambda c, t, m: t["error"] is not None,
    "stall": lambda c, t, m: t["error"] is None and t["still"] >= c["line"],
}


def _lines(traces: Sequence[Trace], ref: Sequence[Trace], m: Margins) -> dict[str, tuple[float, float, str]]:
    """Where a game counts as long or stalled: (line, the median it comes from, against what)."""
    if ref and finished(ref):
        med = median_length(ref)
        still = statistics.median(t["still"] for t in finished(ref))
        return {"long": (m.long_factor_draft * med, med, "draft"),
                "stall": (max(0.15, m.stall_draft * still), still, "draft")}
    med = median_length(traces)
    return {"long": (m.long_factor * med, med, "self"), "stall": (0.5, 0.0, "self")}


def _events_propose(traces: Sequence[Trace], m: Margins, ref: Sequence[Trace] = ()) -> Iterator[Cand]:
    if not traces:
        return
    lines = _lines(traces, ref, m)
    for subject, oracle, bound in (("tie", "tie", m.tie), ("long", "length", m.long), ("refusal", "length", 0.0),
                                   ("stall", "length", m.stall)):
        line, med, against = lines.get(subject, (0.0, 0.0, ""))
        if subject == "stall" and against == "draft":
            bound = m.stall_draft_share
        c: Cand = {"oracle": oracle, "subject": subject, "line": line, "median": med, "against": against,
                   "side": "above", "bound": bound, "direction": "often", "chance": 0.0}
        v = _event_values(c, traces, m)
        share = sum(v) / len(v)
        if (subject == "refusal" and share > 0) or share > bound:
            yield c


def _event_witness(c: Cand, t: Trace, m: Margins) -> bool:
    return _EVENTS[c["subject"]](c, t, m)


# --- components: moves strong play never takes, or whose taking decides the game -------------------------

def _strong_values(c: Cand, traces: Sequence[Trace], m: Margins) -> list[float]:
    """Per game with a taker: the takers' mean share of the win."""
    out = []
    for t in finished(traces):
        takers = [s for s in range(t["players"]) if t["took"][s].get(c["subject"], 0)]
        if takers:
            out.append(sum(win_share(t, s) for s in takers) / len(takers))
    return out


def _offer_values(c: Cand, traces: Sequence[Trace], m: Margins) -> list[float]:
    """Per seat-game where the move was optional: the share of those decisions where the seat took it."""
    a = c["subject"]
    return [t["chose"][s].get(a, 0) / t["could"][s][a] for t in traces for s in range(t["players"])
            if t["could"][s].get(a, 0)]


MOST = 6  # candidates per kind of component finding (the strongest evidence first): a family kept small


def _components_propose(traces: Sequence[Trace], m: Margins, ref: Sequence[Trace] = ()) -> Iterator[Cand]:
    f = finished(traces)
    if not f:
        return
    P = f[0]["players"]
    dead: list[tuple[float, Cand]] = []
    decisive: list[tuple[float, Cand]] = []
    seat_games = len(f) * P
    offered: dict[str, int] = {}  # seat-games where it was optional
    taken: dict[str, int] = {}  # seat-games where it was taken
    rate: dict[str, list[float]] = {}  # per seat-game where optional: the share of those decisions taking it
    for t in f:
        for s in range(P):
            for a, n in t["could"][s].items():
                offered[a] = offered.get(a, 0) + 1
                rate.setdefault(a, []).append(t["chose"][s].get(a, 0) / n)
            for a in t["took"][s]:
                taken[a] = taken.get(a, 0) + 1
    for a in sorted(set(offered) | set(taken)):
        off, tk = offered.get(a, 0), taken.get(a, 0)
        r = sum(rate[a]) / off if off else 0.0
        field = "=" in a  # a move's kind alone (play, end) says how turns go, not what a component is worth
        if field and off >= m.offered * seat_games and r < 2 * m.dead:
            dead.append((-off, {"oracle": "component", "subject": a, "direction": "dead", "side": "below",
                                "bound": m.dead, "chance": 0.0, "offered": off / seat_games}))
        elif field and off >= m.offered * seat_games and r > 1 - 2 * m.dead:
            dead.append((-off, {"oracle": "component", "subject": a, "direction": "always", "side": "above",
                                "bound": 1 - m.dead, "chance": 0.0, "offered": off / seat_games}))
        if 0.05 * seat_games <= tk <= 0.95 * seat_games:
            c: Cand = {"oracle": "component", "subject": a, "chance": 1 / P}
            v = _strong_values(c, f, m)
            if len(v) < 10:
                continue
            mean = sum(v) / len(v)
            sd = max(1e-9, statistics.stdev(v))
            z = abs(mean - 1 / P) / sd * len(v) ** 0.5
            if mean > 1 / P + m.strong / 2:
                decisive.append((-z, {**c, "direction": "strong", "side": "above", "bound": 1 / P + m.strong}))
            elif mean < 1 / P - m.strong / 2:
                decisive.append((-z, {**c, "direction": "weak", "side": "below", "bound": 1 / P - m.strong}))
    for _, c in sorted(dead, key=lambda x: x[0])[:MOST] + sorted(decisive, key=lambda x: x[0])[:MOST]:
        yield c
    yield from _shifts(rate, finished(ref), m)


def _shifts(rate: dict[str, list[float]], ref: Sequence[Trace], m: Margins) -> Iterator[Cand]:
    """Against the draft as shipped: moves chosen far less often (`dropped`) or far more (`rose`) when
    they can be chosen. The draft's share is the line; the fresh games' share must clear it by `shift`."""
    if not ref:
        return
    base: dict[str, list[float]] = {}
    for t in ref:
        for s in range(t["players"]):
            for a, n in t["could"][s].items():
                base.setdefault(a, []).append(t["chose"][s].get(a, 0) / n)
    moved: list[tuple[float, Cand]] = []
    for a, v in rate.items():
        b = base.get(a, [])
        if len(v) < 10 or len(b) < 10:
            continue
        now, was = sum(v) / len(v), sum(b) / len(b)
        if abs(now - was) > 2 * m.shift:
            up = now > was
            moved.append((-abs(now - was), {"oracle": "component", "subject": a, "direction": "rose" if up else "dropped",
                                            "side": "above" if up else "below", "draft": was,
                                            "bound": was + m.shift if up else was - m.shift, "chance": was}))
    for _, c in sorted(moved, key=lambda x: x[0])[:MOST]:
        yield c


def _component_values(c: Cand, traces: Sequence[Trace], m: Margins) -> list[float]:
    return (_offer_values if c["direction"] in ("dead", "always", "dropped", "rose") else _strong_values)(c, traces, m)


def _component_witness(c: Cand, t: Trace, m: Margins) -> bool:
    a = c["subject"]
    seat = c.get("seat")
    seats = range(t["players"]) if seat is None else [seat]
    if c["direction"] == "strong":
        return any(t["took"][s].get(a, 0) and win_share(t, s) > 0 for s in seats)
    if c["direction"] == "weak":
        return any(t["took"][s].get(a, 0) and win_share(t, s) == 0 for s in seats) and t["error"] is None
    if c["direction"] in ("always", "rose"):
        return any(t["could"][s].get(a, 0) and t["chose"][s].get(a, 0) == t["could"][s][a] for s in seats)
    return any(t["could"][s].get(a, 0) and not t["chose"][s].get(a, 0) for s in seats)


# --- runaway leaders ------------------------------------------------------------------------------------

PARTS = {"third": 3, "half": 2}  # how far into the game the leader is read

def _runaway_values(c: Cand, traces: Sequence[Trace], m: Margins) -> list[float]:
    out = []
    for t in finished(traces):
        k = checkpoint(t, PARTS[c.get("subject", "third")])
        lead = t["leaders"][k] if k is not None else None
        if lead is not None:
            out.append(1.0 if win_share(t, lead) > 0 else 0.0)
    return out


def _runaway_propose(traces: Sequence[Trace], m: Margins, ref: Sequence[Trace] = ()) -> Iterator[Cand]:
    for part in PARTS:
        c: Cand = {"oracle": "runaway", "subject": part, "direction": "often", "side": "above", "bound": m.runaway,
                   "chance": 0.0}
        v = _runaway_values(c, traces, m)
        if v and sum(v) / len(v) > m.runaway:
            yield c
            return  # the earliest point the winner is known


def _runaway_witness(c: Cand, t: Trace, m: Margins) -> bool:
    return bool(_runaway_values(c, [t], m) == [1.0])


@dataclass(frozen=True)
class Oracle:
    """One oracle: proposes candidates from games, measures one on other games, tests one game."""

    id: str
    propose: Callable[[Sequence[Trace], Margins, Sequence[Trace]], Iterator[Cand]]
    values: Callable[[Cand, Sequence[Trace], Margins], list[float]]
    witness: Callable[[Cand, Trace, Margins], bool]
    binary: Callable[[Cand], bool]  # its values are 0/1 events (Wilson) rather than shares (Student t)


PLAY_ORACLES = (
    Oracle("seat", _seat_propose, _seat_values, _seat_witness, lambda c: False),
    Oracle("events", _events_propose, _event_values, _event_witness, lambda c: True),
    Oracle("component", _components_propose, _component_values, _component_witness, lambda c: False),
    Oracle("runaway", _runaway_propose, _runaway_values, _runaway_witness, lambda c: True),
)
"""The oracles over games of the bots at one level (kingmaking and strategies play games of their own)."""

BY_ORACLE = {"seat": PLAY_ORACLES[0], "tie": PLAY_ORACLES[1], "length": PLAY_ORACLES[1],
             "component": PLAY_ORACLES[2], "runaway": PLAY_ORACLES[3]}
"""A candidate's `oracle` → the oracle that measures it."""


def propose(traces: Sequence[Trace], m: Margins, ref: Sequence[Trace] = ()) -> list[Cand]:
    """Every oracle's candidates from the exploring games (`ref`: games of the draft as shipped, when the
    hunt plays changed data or parameters: what "long" and "stalled" are measured against)."""
    return [c for o in PLAY_ORACLES for c in o.propose(traces, m, ref)]
