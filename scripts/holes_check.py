"""Are the planted holes (tests/data/holes/) real? Each against the unmodified draft, under normal bots.

    .venv/bin/python scripts/holes_check.py [--game GAME] [--hole ID] [--games N] [--seed S] [--jobs J] [--markdown]

For every hole descriptor `tests/data/holes/<game>/<id>.yaml`: N all-normal (`greedy`) games on the draft
(the shipped components, default parameters, the hole's variants) and N on the planted copy (its
components and parameters), on fresh seeds (derived from --seed; the draft and the hole share them), and
the statistic the hole's oracle is about, for both, with a Wilson 95% interval:

- component: the atom's take rate (seat-games that took it at least once), the takers' win share and the
  win share of the seat that took it most often (games with one such seat);
- seat: the win share of the seat (by turn position where the game has a turn order: the start player is 1);
- tie: games ending with two or more seats ranked first;
- length: long — median and max decisions, and games longer than 1.5 × the draft's median;
  refusal — games the engine stopped with an error; stall — the longest stretch of moves with no score
  change (a share of the game): its median, and the games where it exceeds the draft's 95th percentile;
- kingmaker: games where a seat that could no longer win decided while two or more could (`kingmaker`);
- runaway: games won by the sole leader after the first quarter (and half) of the moves;
- strategy: one bot playing the style with the most weight on the subject (data/styles.yaml) against three
  normal bots, its win share (the hunt's search is what finds such a way of playing; this shows it exists).

Game runs are niced (os.nice 10). A game that raises counts as an error and is left out of the figures.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import yaml

from soan.core.actions import parse_action
from soan.core.game import game_info, make
from soan.core.rng import derive
from soan.lab.hunt.atoms import atoms
from soan.lab.runner import lineup, play_game, wilson

ROOT = Path(__file__).resolve().parent.parent
HOLES = ROOT / "tests" / "data" / "holes"
ORACLES = ("component", "seat", "tie", "length", "kingmaker", "runaway", "strategy")


def load_holes(game: str | None = None, hole: str | None = None) -> list[dict[str, Any]]:
    out = []
    for p in sorted(HOLES.glob("*/*.yaml")):
        if p.name.endswith(".components.yaml"):
            continue
        d = yaml.safe_load(p.read_text(encoding="utf-8"))
        d["_path"] = p
        if game and d["game"] != game:
            continue
        if hole and d["id"] != hole:
            continue
        out.append(d)
    return out


def style_for(game: str, weight: str | None) -> str:
    """The style of data/styles.yaml that puts the most weight on `weight` (else the first non-default)."""
    info = game_info(game)
    path = info.hooks.styles.path if info.hooks.styles is not None else None
    styles = yaml.safe_load(Path(path).read_text(encoding="utf-8")) if path else {}
    best, top = None, -math.inf
    for name, st in styles.items():
        w = (st or {}).get("weights") or {}
        if not w:
            continue
        v = w.get(weight, -math.inf) if weight else 0
        if v > top:
            best, top = name, v
    return best or "balanced"


def trace_of(record: list[dict[str, Any]], game: str, components: str | None) -> list[list[int]]:
    """Scores after every move of a kept record (replayed)."""
    h = record[0]
    s = make(game, players=h["players"], seed=h["seed"], variants=h.get("variants") or [],
             params=h.get("params") or {}, components=components)
    out = [list(s.scores())]
    for line in record[1:]:
        s.apply(line["seat"], parse_action(game, line["action"]))
        out.append(list(s.scores()))
    return out


def one(args: tuple[Any, ...]) -> dict[str, Any]:
    """One game: what every oracle's statistic needs from it (or the error)."""
    game, players, seed, index, agents, variants, params, components, need_trace = args
    try:
        r = play_game(game, players, seed, agents, variants, params, components, index=index,
                      collect=True, keep=True)
    except Exception as e:  # noqa: BLE001 — an engine refusal is what a refusal hole is about
        return {"error": f"{type(e).__name__}: {str(e)[:160]}"}
    taken: list[set[str]] = [set() for _ in range(players)]
    counts: dict[str, list[int]] = {}
    for line in (r.record or [])[1:]:
        for x in atoms(line["action"]):
            taken[line["seat"]].add(x)
            counts.setdefault(x, [0] * players)[line["seat"]] += 1
    out: dict[str, Any] = {"ranks": r.ranks, "scores": r.scores, "length": r.length, "agents": r.agents,
                           "order": r.turn_order, "taken": [sorted(t) for t in taken], "counts": counts,
                           "kingmaker": r.stats.get("kingmaker")}
    if need_trace:
        tr = trace_of(r.record or [], game, components)
        out["stall"] = longest_stall(tr)
        out["early_leader"] = sole_leader(tr[max(1, len(tr) // 4)])
        out["half_leader"] = sole_leader(tr[max(1, len(tr) // 2)])
    return out


def longest_stall(trace: Sequence[Sequence[int]]) -> float:
    """The longest stretch of moves with no score change, as a share of the game's moves."""
    n = len(trace) - 1
    if n <= 0:
        return 0.0
    best = run = 0
    for a, b in zip(trace, trace[1:], strict=False):
        run = run + 1 if list(a) == list(b) else 0
        best = max(best, run)
    return best / n


def sole_leader(scores: Sequence[int]) -> int | None:
    top = max(scores)
    lead = [i for i, x in enumerate(scores) if x == top]
    return lead[0] if len(lead) == 1 else None


def run_games(game: str, players: int, variants: list[str], params: dict[str, Any], components: str | None,
              n: int, seed: int, jobs: int, agents: list[str], need_trace: bool) -> list[dict[str, Any]]:
    items = [(game, players, derive(seed, i) & ((1 << 53) - 1), i, lineup(agents, i), variants, params,
              components, need_trace) for i in range(n)]
    if jobs > 1:
        with Pool(jobs, initializer=os.nice, initargs=(10,)) as pool:
            return pool.map(one, items, chunksize=1)
    return [one(x) for x in items]


def share(k: float, n: int) -> str:
    if n == 0:
        return "—"
    lo, hi = wilson(k, n)
    return f"{k / n:.0%} [{lo:.0%}, {hi:.0%}]"


def figure(d: dict[str, Any], games: list[dict[str, Any]], base: list[dict[str, Any]] | None) -> str:
    """The oracle's statistic over some games, in words (base: the draft's games, for relative figures)."""
    ok = [g for g in games if "error" not in g]
    err = len(games) - len(ok)
    exp = d["expect"]
    oracle, subject = exp["oracle"], str(exp.get("subject", ""))
    tail = f"; errors {err}/{len(games)}" if err else ""
    if oracle == "length" and subject == "refusal":
        ex = next((g["error"] for g in games if "error" in g), "")
        return f"errors {share(err, len(games))}" + (f" (e.g. {ex})" if ex else "")
    if not ok:
        return f"errors {err}/{len(games)} (e.g. {games[0]['error']})"
    if oracle == "component":
        seatgames = [(g, i) for g in ok for i in range(len(g["ranks"]))]
        takers = [(g, i) for g, i in seatgames if subject in g["taken"][i]]
        wins = sum(1 for g, i in takers if g["ranks"][i] == 1)
        most = [(g, g["counts"][subject].index(max(g["counts"][subject]))) for g in ok
                if subject in g["counts"] and g["counts"][subject].count(max(g["counts"][subject])) == 1]
        mw = sum(1 for g, i in most if g["ranks"][i] == 1)
        return (f"take {share(len(takers), len(seatgames))}, takers win {share(wins, len(takers))}, "
                f"most-taker wins {share(mw, len(most))}" + tail)
    if oracle == "seat":
        k = int(subject) - 1
        w = 0
        for g in ok:
            seat = g["order"][k] if g["order"] else k
            w += g["ranks"][seat] == 1
        return f"seat {subject} wins {share(w, len(ok))}" + tail
    if oracle == "tie":
        t = sum(1 for g in ok if sum(1 for r in g["ranks"] if r == 1) >= 2)
        return f"tied first {share(t, len(ok))}" + tail
    if oracle == "length":
        lens = [g["length"] for g in ok]
        if subject == "stall":
            st = [g["stall"] for g in ok]
            ref_st = sorted(g["stall"] for g in (base or ok) if "error" not in g) or st
            p95 = ref_st[min(len(ref_st) - 1, int(0.95 * len(ref_st)))]
            k = sum(1 for x in st if x > p95)
            return (f"median longest stall {statistics.median(st):.0%} of the game, longer than the draft's 95th "
                    f"percentile ({p95:.0%}) {share(k, len(ok))}" + tail)
        ref = statistics.median([g["length"] for g in (base or ok) if "error" not in g] or lens)
        k = sum(1 for x in lens if x > 1.5 * ref)
        return (f"median {statistics.median(lens):g}, max {max(lens)}, > 1.5×draft median "
                f"{share(k, len(ok))}" + tail)
    if oracle == "kingmaker":
        ks = [g["kingmaker"] for g in ok if g["kingmaker"] is not None and not math.isnan(g["kingmaker"])]
        return f"kingmaker {share(sum(ks), len(ks))}" + tail
    if oracle == "runaway":
        parts = []
        for key, at in (("early_leader", "1/4"), ("half_leader", "1/2")):
            led = [g for g in ok if g[key] is not None]
            w = sum(1 for g in led if g["ranks"][g[key]] == 1)
            parts.append(f"leader at {at} wins {share(w, len(led))}")
        return ", ".join(parts) + tail
    if oracle == "strategy":
        sg = [(g, i) for g in ok for i, a in enumerate(g["agents"]) if a != "greedy"]
        w = sum(1 for g, i in sg if g["ranks"][i] == 1)
        return f"style wins {share(w, len(sg))}" + tail
    return "?"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game")
    ap.add_argument("--hole")
    ap.add_argument("--games", type=int, default=0, help="games per side (default: 200, Asian Delivery 60)")
    ap.add_argument("--seed", type=int, default=20261207)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown rows")
    a = ap.parse_args(argv)
    os.nice(10)
    holes = load_holes(a.game, a.hole)
    if not holes:
        print("no hole matches", file=sys.stderr)
        return 1
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True).stdout.strip()
    load = Path("/proc/loadavg").read_text().split()[:3] if Path("/proc/loadavg").exists() else []
    print(f"# {' '.join(['scripts/holes_check.py', *(argv if argv is not None else sys.argv[1:])])}")
    print(f"# commit {commit}; load {' '.join(load)}; {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    drafts: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    if a.markdown:
        print("| id | oracle | what | draft | planted |")
        print("|---|---|---|---|---|")
    for d in holes:
        game, players = d["game"], int(d.get("players", 4))
        n = a.games or (60 if game == "asian-delivery" else 200)
        variants = list(d.get("variants") or [])
        exp = d["expect"]
        need_trace = exp["oracle"] == "runaway" or (exp["oracle"] == "length" and exp.get("subject") == "stall")
        agents = ["greedy"] * players
        if exp["oracle"] == "strategy":
            agents = [f"greedy:style={style_for(game, exp.get('subject'))}"] + ["greedy"] * (players - 1)
        comps = str((d["_path"].parent / d["components"]).resolve()) if d.get("components") else None
        t0 = time.time()
        key = (game, players, tuple(variants), n, tuple(agents), need_trace)
        if key not in drafts:
            drafts[key] = run_games(game, players, variants, {}, None, n, a.seed, a.jobs, agents, need_trace)
        base = drafts[key]
        planted = run_games(game, players, variants, dict(d.get("params") or {}), comps, n, a.seed, a.jobs,
                            agents, need_trace)
        fd, fp = figure(d, base, None), figure(d, planted, base)
        subj = f" {exp.get('subject')}" if exp.get("subject") else ""
        what = d["what"]["en"]
        if a.markdown:
            print(f"| {d['id']} | {exp['oracle']}{subj} | {what} | {fd} | {fp} |", flush=True)
        else:
            print(f"{d['id']:28s} {exp['oracle']}{subj} ({exp.get('direction', '')}) n={n} "
                  f"[{time.time() - t0:.0f}s]\n    what:    {what}\n    draft:   {fd}\n    planted: {fp}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
