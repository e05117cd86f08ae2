"""The hunt's stages in order (lab/hunt/main.py has the clock and the folder)."""

from __future__ import annotations

import json
import re
import time
from typing import TYPE_CHECKING, Any

from ...core.rng import derive
from ..runner import study_seeds
from . import strategy as strat
from .confirm import MIN_GAMES, impact, judge
from .oracles import BY_ORACLE, propose
from .play import Player, Task, append_line, read_lines
from .shrink import shrink

if TYPE_CHECKING:
    from .folder import Hunt

EXPLORE, PROBES, SEARCH, FRESH, FRESH_PROBES, FRESH_STRATEGY, CHECK, REFERENCE = 1, 2, 3, 4, 5, 6, 7, 8  # seed streams
PROBE_COST = 6.0  # a probe costs about this many games (the game, then up to three positions' play-ons)


def _explore(h: Hunt, player: Player) -> list[dict[str, Any]]:
    player.setting = h.setting
    return h.timed_batches("explore", "trace", "explore.jsonl", EXPLORE, player)


def _reference(h: Hunt, player: Player) -> list[dict[str, Any]]:
    """Games of the draft as shipped (the same variants), when the hunt plays changed data or parameters."""
    if not h.settings["components"] and not h.settings["params"]:
        return []
    player.setting = h.setting
    return h.timed_batches("reference", "ref", "reference.jsonl", REFERENCE, player)


def _probes(h: Hunt, player: Player) -> list[dict[str, Any]]:
    player.setting = h.setting
    return h.timed_batches("probe", "probe", "probes.jsonl", PROBES, player)


def _kingmaker_candidate(probes: list[dict[str, Any]], h: Hunt) -> list[dict[str, Any]]:
    fin = [p for p in probes if p["finished"]]
    if len(fin) < 5 or sum(p["event"] for p in fin) / len(fin) <= h.m.kingmaker:
        return []
    return [{"oracle": "kingmaker", "subject": "decides", "direction": "often", "side": "above",
             "bound": h.m.kingmaker, "chance": 0.0}]


def _search(h: Hunt, player: Player) -> list[dict[str, Any]]:
    path = h.folder / "strategies.json"
    if "strategy" in h.state["done"] and path.exists():
        return list(json.loads(path.read_text(encoding="utf-8")))
    allowed = h.begin("strategy")
    P = h.settings["players"]
    rate = h.state["rate"] or 1.0
    trials = 12 if not h.sizes else h.sizes["trials"]
    games = max(2 * P, min(200, int(allowed * rate / trials) // P * P)) if not h.sizes else h.sizes["trial_games"]
    seeds = [s for _, s in study_seeds(derive(h.seed, SEARCH), games)]
    player.setting = h.setting
    tick = h.tick("strategy", trials * games)

    def play(batch: list[tuple[list[str], int, int]]) -> list[dict[str, Any]]:
        return list(player.play([("trace", a, s, i, False) for a, s, i in batch], tick))

    def more() -> bool:
        h.charge("strategy")
        return bool(h.sizes) or h.remaining("strategy") > games / rate

    cands = strat.search(h.settings["game"], P, h.folder, seeds, trials, h.settings, play, seed=h.seed, tick=more)
    path.write_text(json.dumps(cands, ensure_ascii=False, indent=1), encoding="utf-8")
    h.finish("strategy")
    return cands


def _plan(h: Hunt, cands: list[dict[str, Any]]) -> dict[str, int]:
    """The fresh games each kind of evidence gets, fixed before any is played (saved: a continued hunt
    plays the same plan)."""
    if "plan" in h.state:
        return dict(h.state["plan"])
    if h.sizes:
        n_strat = sum(c["oracle"] == "strategy" for c in cands)
        king = any(c["oracle"] == "kingmaker" for c in cands)
        h.state["plan"] = {"play": h.sizes["confirm"], "strategy": h.sizes["confirm"] if n_strat else 0,
                           "probe": h.sizes["confirm_probes"] if king else 0}
        h.save()
        return dict(h.state["plan"])
    seconds = h.allowed("confirm")
    games = max(MIN_GAMES, int(seconds * (h.state["rate"] or 1.0)))
    n_strat = sum(c["oracle"] == "strategy" for c in cands)
    king = any(c["oracle"] == "kingmaker" for c in cands)
    share_strat = 0.3 if n_strat else 0.0
    share_king = 0.2 if king else 0.0
    plan = {"play": max(MIN_GAMES * 2, int(games * (1 - share_strat - share_king))),
            "strategy": max(MIN_GAMES * 2, int(games * share_strat / max(1, n_strat))) if n_strat else 0,
            "probe": max(MIN_GAMES * 2, int(games * share_king / PROBE_COST)) if king else 0}
    h.state["plan"] = plan
    h.save()
    return plan


def _planned(h: Hunt, player: Player, file: str, tasks: list[Task], stage: str) -> list[dict[str, Any]]:
    """Play the planned tasks not yet in `file` (the plan's games, whatever the clock says)."""
    path = h.folder / file
    got = read_lines(path)
    rest = tasks[len(got):]
    if rest:
        player.setting = h.setting
        tick = h.tick(stage, len(tasks))
        tick(len(got))
        for r in player.play(rest, tick):
            append_line(path, r)
            got.append(r)
            h.charge(stage)
    return got


def _confirm(h: Hunt, player: Player, cands: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    h.begin("confirm")
    plan = _plan(h, cands)
    P = h.settings["players"]
    fresh = _planned(h, player, "fresh.jsonl", [("trace", ["greedy"] * P, s, i, True)
                                                for i, s in study_seeds(derive(h.seed, FRESH), plan["play"])], "confirm")
    out = {"play": fresh, "probe": [], "strategy": []}
    if plan["probe"]:
        out["probe"] = _planned(h, player, "fresh-probes.jsonl",
                                [("probe", [], s, i, False) for i, s in study_seeds(derive(h.seed, FRESH_PROBES),
                                                                                     plan["probe"])], "confirm")
    tasks: list[Task] = []
    for k, c in enumerate(x for x in cands if x["oracle"] == "strategy"):
        tasks += [("trace", strat.lineup(c["spec"], P, i), s, i, True)
                  for i, s in study_seeds(derive(h.seed, FRESH_STRATEGY + 10 * k), plan["strategy"])]
    if tasks:
        out["strategy"] = _planned(h, player, "fresh-strategy.jsonl", tasks, "confirm")
    h.finish("confirm")
    return out


FALLBACK = "easy"  # the check level when the one asked for cannot play MIN_GAMES games in its share


def _check(h: Hunt, player: Player) -> list[dict[str, Any]]:
    """Games at the check level (`--check-level`), as many as its share of the budget allows. A level too
    slow for MIN_GAMES games in that time (timed on its first batch) gives way to `FALLBACK`, and the
    result says so (`check_used`)."""
    level = h.state.get("check_used", {}).get("level") or h.settings["check"]
    if not level or level == "normal":
        return []
    path = h.folder / "check.jsonl"
    got = [t for t in read_lines(path) if t["agents"][0] == level]
    if "check" in h.state["done"]:
        return got
    h.begin("check")
    P = h.settings["players"]
    player.setting = h.setting
    k = len(read_lines(path))
    if not h.sizes and level != FALLBACK and "check_used" not in h.state:
        secs = price(h, level)  # one game's seconds, from a tenth of one: too slow is known before playing
        if len(got) + h.remaining("check") / max(1e-9, secs) * h.jobs < MIN_GAMES:
            h.state["check_used"] = {"level": FALLBACK, "asked": level, "seconds_a_game": round(secs, 1)}
            level, got = FALLBACK, []
    step = 0.0  # seconds the last batch took
    while (len(got) < h.sizes["check"]) if h.sizes else (h.remaining("check") > step):
        batch: list[Task] = [("trace", [level] * P, s, i, False)
                             for i, s in study_seeds(derive(h.seed, CHECK), k + h.jobs, k)]
        t0 = time.monotonic()
        for r in player.play(batch, h.tick("check", 0)):
            r.pop("record", None)
            append_line(path, r)
            got.append(r)
        k += len(batch)
        h.charge("check")
        step = time.monotonic() - t0
    h.finish("check")
    return got


def price(h: Hunt, level: str) -> float:
    """A level's seconds for one game, from a tenth of one: a game played by normal bots to a third of its
    length, then a tenth of the exploring games' median length played by the level in every seat (CPU
    time), times ten."""
    from ...agents import make_agent
    from ...agents.drive import play_step
    from ...core.game import make

    st = h.settings
    explored = read_lines(h.folder / "explore.jsonl")
    if not explored:
        return 0.0
    steps = sorted(t["length"] for t in explored)[len(explored) // 2]
    s = make(st["game"], players=st["players"], seed=derive(h.seed, CHECK), variants=list(st["variants"]),
             params=dict(st["params"]), components=st["components"])
    normal = [make_agent("greedy", seed=i) for i in range(st["players"])]
    bots = [make_agent(level, seed=i) for i in range(st["players"])]

    def run(who: list[Any], n: int) -> None:
        done = 0
        while done < n and not s.is_over():
            done += len(play_step(s, lambda seat, v: who[seat].act(v)))

    run(normal, steps // 3)
    t0 = time.process_time()
    run(bots, max(1, steps // 10))
    return (time.process_time() - t0) * 10


def _evidence(c: dict[str, Any], fresh: dict[str, list[dict[str, Any]]], family: int, h: Hunt) -> dict[str, Any]:
    if c["oracle"] == "strategy":
        games = [t for t in fresh["strategy"] if c["spec"] in t["agents"]]
        return judge(c, strat.strategy_values(c, games), False, family)
    if c["oracle"] == "kingmaker":
        fin = [p for p in fresh["probe"] if p["finished"]]
        return judge(c, [1.0 if p["event"] else 0.0 for p in fin], True, family)
    o = BY_ORACLE[c["oracle"]]
    return judge(c, o.values(c, fresh["play"], h.m), o.binary(c), family)


def _at_level(c: dict[str, Any], games: list[dict[str, Any]], h: Hunt) -> dict[str, Any] | None:
    """The candidate measured at the check level (plain 95%): does it hold there too?"""
    if c["oracle"] in ("strategy", "kingmaker") or len(games) < MIN_GAMES:
        return None
    o = BY_ORACLE[c["oracle"]]
    ev = judge(c, o.values(c, games, h.m), o.binary(c), 1)
    return {"level": games[0]["agents"][0], "games": len(games), "share": ev["share"], "ci": ev["ci"], "holds": ev["holds"]}


def run_stages(h: Hunt, player: Player) -> dict[str, Any]:
    ref = _reference(h, player)
    explore = _explore(h, player)
    probes = _probes(h, player)
    cands = propose(explore, h.m, ref) + _kingmaker_candidate(probes, h) + _search(h, player)
    for c in cands:
        c["players"] = h.settings["players"]
    fresh = _confirm(h, player, cands)
    check = _check(h, player)
    findings = []
    for c in cands:
        ev = _evidence(c, fresh, len(cands), h)
        findings.append({**c, "evidence": ev, "impact": impact(c, ev), "check": _at_level(c, check, h)})
    for f in findings:
        _detail(f, fresh)
    held = sorted((f for f in findings if f["evidence"]["holds"]), key=lambda f: -f["impact"])
    _records(h, held, fresh)
    examples: dict[str, Any] = {}
    for t in explore:
        for a, j in t.get("examples", {}).items():
            examples.setdefault(a, j)
    return {"format": "soan-hunt/1", "settings": h.settings, "seed": h.seed, "budget": h.budget,
            "spent": h.state["spent"], "games": {"reference": len(ref), "explore": len(explore), "probes": len(probes),
                                                 "fresh": {k: len(v) for k, v in fresh.items()},
                                                 "check": len(check)},
            "check_used": h.state.get("check_used"),
            "median_length": explore and sorted(t["length"] for t in explore)[len(explore) // 2],
            "findings": held, "refuted": [f for f in findings if not f["evidence"]["holds"]],
            "examples": {a: examples[a] for f in findings if f["oracle"] == "component"
                         for a in [f["subject"]] if a in examples},
            "folder": str(h.folder)}


def takes_more(spec: str, games: list[dict[str, Any]], most: int = 2) -> list[tuple[str, float]]:
    """The moves a strategy's seat takes more often than the normal bots in the same games (by the share
    of games it takes them at all), as (atom, factor), largest first."""
    mine: dict[str, int] = {}
    theirs: dict[str, int] = {}
    n_mine = n_theirs = 0
    for t in games:
        for s, a in enumerate(t["agents"]):
            d = mine if a == spec else theirs
            for atom in t["took"][s]:
                d[atom] = d.get(atom, 0) + 1
            if a == spec:
                n_mine += 1
            else:
                n_theirs += 1
    if not n_mine or not n_theirs:
        return []
    factor = {a: (k / n_mine + 0.02) / (theirs.get(a, 0) / n_theirs + 0.02) for a, k in mine.items()}
    return [(a, round(x, 2)) for a, x in sorted(factor.items(), key=lambda x: (-x[1], x[0])) if x >= 1.5][:most]


def _detail(f: dict[str, Any], fresh: dict[str, list[dict[str, Any]]]) -> None:
    """What a finding's words need from its games: the refusal's message, the moves a strategy favours."""
    if f["oracle"] == "length" and f["subject"] == "refusal":
        f["error"] = next((t["error"] for t in fresh["play"] if t["error"]), None)
    if f["oracle"] == "strategy":
        f["takes_more"] = takes_more(f["spec"], [t for t in fresh["strategy"] if f["spec"] in t["agents"]])


def _records(h: Hunt, held: list[dict[str, Any]], fresh: dict[str, list[dict[str, Any]]]) -> None:
    """Each finding's shortest record, written to records/ (kept when a continued hunt finds it again)."""
    rec_dir = h.folder / "records"
    rec_dir.mkdir(exist_ok=True)
    h.begin("shrink")
    per = h.allowed("shrink") / max(1, len(held)) if not h.sizes else float(h.sizes["shrink"])
    for f in held:
        name = "-".join(re.sub(r"[^A-Za-z0-9_.=-]+", "_", str(f[x]))[:40] for x in ("oracle", "subject", "direction")) + ".jsonl"
        saved = rec_dir / (name + ".json")
        if saved.exists():
            f["record"] = json.loads(saved.read_text(encoding="utf-8"))
            continue
        if f["oracle"] == "kingmaker":
            p = next((x for x in fresh["probe"] if x["event"] and x.get("record")), None)
            sh = None if p is None else {"record": p["record"], "imposed": 1, "seats": [p["seat"]], "how": "probe",
                                         "choices": None, "length": len(p["record"]) - 1, "pair": None}
        else:
            pool = fresh["strategy"] if f["oracle"] == "strategy" else fresh["play"]
            sh = shrink(f, pool, {**h.settings}, h.m, per, cap=h.state["cap"])
        if sh is None:
            f["record"] = None
            continue
        path = rec_dir / name
        path.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in sh.pop("record")), encoding="utf-8")
        sh["path"] = str(path)
        f["record"] = sh
        saved.write_text(json.dumps(sh, ensure_ascii=False), encoding="utf-8")
        h.charge("shrink")
    h.finish("shrink")
