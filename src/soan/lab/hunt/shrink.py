"""The shortest record that shows a finding, shrunk over seeds and decisions in the manner of Hypothesis.

A record shows a finding when the oracle's `witness` holds for its game. Its size is the number of
*imposed* decisions: moves of the seats involved that the bots would not have made themselves (every
other move is the normal bots' own). Seeds are shrunk by choosing, among the fresh games that show it,
the one whose involved seats had the fewest choices; decisions by delta debugging (ddmin): a strategy's
winning game starts with every move of its seat imposed, and chunks of them are handed back to the
normal bot while the seat still wins, until no single imposed move can go.
A component gets a counterfactual pair: the same seed where normal play left the move and lost, and
one imposed decision — taking it — after which the seat wins (or, for a move never worth taking,
won without it and loses with it).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from .oracles import BY_ORACLE, Margins
from .trace import Forcing, traced_game, win_share

Trace = dict[str, Any]


def involved(c: dict[str, Any], t: Trace) -> list[int]:
    """The seats a finding is about in one game."""
    P = t["players"]
    if c["oracle"] == "seat":
        return [t["order"][c["position"]]]
    if c["oracle"] == "strategy":
        return [t["agents"].index(c["spec"])] if c["spec"] in t["agents"] else []
    if c["oracle"] == "component":
        return [s for s in range(P) if t["took"][s].get(c["subject"], 0) or t["could"][s].get(c["subject"], 0)]
    return list(range(P))


def witness(c: dict[str, Any], t: Trace, m: Margins) -> bool:
    if c["oracle"] == "strategy":
        return c["spec"] in t["agents"] and win_share(t, t["agents"].index(c["spec"])) > 0
    if c["oracle"] == "kingmaker":
        return bool(t.get("event"))
    return BY_ORACLE[c["oracle"]].witness(c, t, m)


def smallest(c: dict[str, Any], traces: list[Trace], m: Margins) -> Trace | None:
    """Seed shrinking: the game that shows the finding whose involved seats had the fewest choices
    (then the shortest)."""
    shows = [t for t in traces if t.get("record") and witness(c, t, m)]
    if not shows:
        return None
    return min(shows, key=lambda t: (sum(t["choices"][s] for s in involved(c, t)) if "choices" in t else 0,
                                     t.get("length", 0), t["index"]))


def ddmin(items: list[int], keeps: Callable[[list[int]], bool], deadline: float) -> list[int]:
    """Zeller's delta debugging: a smaller list for which `keeps` still holds (1-minimal when time allows)."""
    n = 2
    while len(items) >= 2 and time.monotonic() < deadline:
        size = max(1, len(items) // n)
        parts = [items[i:i + size] for i in range(0, len(items), size)]
        for k in range(len(parts)):
            rest = [x for j, p in enumerate(parts) if j != k for x in p]
            if time.monotonic() >= deadline:
                return items
            if keeps(rest):
                items, n = rest, max(n - 1, 2)
                break
        else:
            if n >= len(items):
                break
            n = min(len(items), n * 2)
    return items


def _forced_game(c: dict[str, Any], t: Trace, f: Forcing, setting: dict[str, Any], cap: int) -> Trace:
    agents = ["greedy" if (i == f.seat and c["oracle"] == "strategy") else a for i, a in enumerate(t["agents"])]
    return traced_game(setting["game"], t["players"], t["seed"], agents, setting["variants"], setting["params"],
                       setting["components"], t["index"], keep=True, cap=cap, forcing=f)


def strategy_record(c: dict[str, Any], t: Trace, setting: dict[str, Any], m: Margins, deadline: float,
                    cap: int) -> Trace:
    """Decisions shrunk: the strategy seat's moves imposed on a normal bot, as few as still win."""
    seat = t["agents"].index(c["spec"])
    moves_of = [r for r in t["record"][1:] if r["seat"] == seat]
    full = {k: r["action"] for k, r in enumerate(moves_of)}
    best = t

    def keeps(ks: list[int]) -> bool:
        nonlocal best
        g = _forced_game(c, t, Forcing(seat, {k: full[k] for k in ks}), setting, cap)
        won = win_share(g, seat) > 0
        if won and len(g["forced"]) <= len(best.get("forced", full)):
            best = {**g, "forced_seat": seat}
        return won

    first = list(full)
    if keeps(first):
        ddmin(first, keeps, deadline)
    return best


def component_record(c: dict[str, Any], traces: list[Trace], setting: dict[str, Any], deadline: float,
                     cap: int) -> Trace | None:
    """A counterfactual pair: one imposed decision (taking the move) turns the seat's result round."""
    a, strong = c["subject"], c["direction"] == "strong"
    for t in sorted(traces, key=lambda x: x["index"]):
        if time.monotonic() >= deadline:
            return None
        for s in range(t["players"]):
            offered, took, won = t["could"][s].get(a, 0), t["took"][s].get(a, 0), win_share(t, s) > 0
            if not offered or took or won == strong:
                continue
            g = _forced_game(c, t, Forcing(s, atom=a), setting, cap)
            if g["took"][s].get(a, 0) and (win_share(g, s) > 0) == strong:
                return {**g, "forced_seat": s, "pair": {"index": t["index"], "won": won}}
    return None


def shrink(c: dict[str, Any], fresh: list[Trace], setting: dict[str, Any], m: Margins, seconds: float,
           cap: int = 0) -> dict[str, Any] | None:
    """The finding's shortest record: {'record': lines, 'imposed': n, 'choices': n, 'seat': …, 'how': …}."""
    deadline = time.monotonic() + seconds
    t = smallest(c, fresh, m)
    how = "seed"
    if c["oracle"] == "strategy" and t is not None:
        t = strategy_record(c, t, setting, m, deadline, cap)
        how = "decisions"
    elif c["oracle"] == "component":
        pair = component_record(c, fresh, setting, deadline, cap)
        if pair is not None:
            t, how = pair, "counterfactual"
    if t is None or not t.get("record"):
        return None
    seats = [t["forced_seat"]] if "forced_seat" in t else involved(c, t)
    return {"record": t["record"], "imposed": len(t.get("forced", [])), "seats": seats, "how": how,
            "choices": sum(t["choices"][s] for s in seats) if "choices" in t else None,
            "length": t.get("length", len(t["record"]) - 1), "pair": t.get("pair")}
