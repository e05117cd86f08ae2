"""`soan ask GAME [QUESTION...]`: the draft's 問題点 as questions (games/<game>/data/questions.yaml),
answered by studies that share their seeds, grown until each answer is clear or the budget is spent.

A question's kind says how it is answered (docs/lab.md, "Questions"):
  compare  the base game against variants/parameters: the measure's paired difference, Holm-adjusted
           across the question's comparisons; "clear" when significant (or its interval is within
           the question's `margin`).
  level    figures of the base game with their intervals; clear when an interval is narrow.
  seats    win share by turn position (seat index for a game without turn order), 3 and 4 players.
  cards    per card: use rate, win share when played, held to the end; flagged cards after Holm.
  dealt    per dealt card: its holder's win share and whether it was kept; flagged after Holm.
Each is answered with two bot levels (BOTS); the verdict says whether it holds with both.
"""

from __future__ import annotations

import json
import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ..core.errors import ConfigError
from ..core.game import check_config, game_info
from .stats import (
    ALPHA,
    adjust,
    card_rows,
    diff_test,
    game_measures,
    mean_ci,
    position_shares,
    seat_shares,
)
from .study import load, run_study, settings_for

BOTS = ("random", "greedy")  # two bot levels: easy and normal (the `easy`/`normal` level specs)
START_N = {"random": 100, "greedy": 8}
MIN_N = 4  # the first round's floor per study when the budget is short (answers then stay "unclear")
PILOT = 2  # games that price a bot level before its first round
FIRST_SHARE = 0.6  # the first round may take this share of the budget; the rest grows unclear studies
MAX_N = 6400  # a study stops growing here: intervals are then about ±1 point
KINDS = ("compare", "level", "seats", "cards", "dealt")


# --- questions as data ----------------------------------------------------------------------------
def questions_path(game: str) -> Path:
    info = game_info(game)
    mod = info.new_state.__module__.rsplit(".", 1)[0]
    import importlib

    return Path(str(importlib.import_module(mod).__file__)).parent / "data" / "questions.yaml"


def load_questions(game: str) -> dict[str, Any]:
    """The game's questions file, checked: every question has an id, ja/en text, a known kind, and
    every variant and parameter it names exists."""
    import yaml

    info = game_info(game)
    p = questions_path(info.id)
    if not p.exists():
        raise ConfigError(f"{info.id} has no questions file ({p})")
    doc = yaml.safe_load(p.read_text(encoding="utf-8")) or {}
    qs = doc.get("questions") or []
    seen = set()
    for q in qs:
        where = f"{p.name}: question {q.get('id', '?')!r}"
        for k in ("id", "ja", "en", "kind", "draft"):
            if not q.get(k):
                raise ConfigError(f"{where}: missing {k!r}")
        if q["kind"] not in KINDS:
            raise ConfigError(f"{where}: kind {q['kind']!r}; expected one of {KINDS}")
        if q["id"] in seen:
            raise ConfigError(f"{where}: the id appears twice")
        seen.add(q["id"])
        known = q.get("known")
        if known is not None and not (isinstance(known, dict) and all(isinstance(known.get(k), str) and known[k]
                                                                     for k in ("ja", "en"))):
            raise ConfigError(f"{where}: 'known' needs a text in 'ja' and in 'en'; got {known!r}")
        if q["kind"] == "compare":
            for k in ("measure", "name", "better", "against"):
                if k not in q:
                    raise ConfigError(f"{where}: a compare question needs {k!r}")
            for s in [q.get("base") or {}, *q["against"]]:
                check_config(info.id, None, s.get("variants", []), _params(s))
            ex = q.get("exact")
            if ex is not None and (not isinstance(ex, dict) or not ex.get("analysis") or not ex.get("values")):
                raise ConfigError(f"{where}: 'exact' needs an 'analysis' name and a list of 'values' "
                                  "({key, name: {ja, en}})")
    bots = doc.get("bots") or []
    if bots:
        if not isinstance(bots, list) or not all(isinstance(b, str) and b for b in bots):
            raise ConfigError(f"{p.name}: 'bots' is a list of bot specs, e.g. [random, greedy]; got {bots!r}")
        from ..agents import parse_agents

        parse_agents(",".join(bots), len(bots))  # a clear error for an unknown bot
    start_n = doc.get("start_n") or {}
    if not isinstance(start_n, dict) or not all(isinstance(v, int) and v >= 1 for v in start_n.values()):
        raise ConfigError(f"{p.name}: 'start_n' maps a bot spec to its first games per study (>= 1); got {start_n!r}")
    return {"names": doc.get("names") or {}, "questions": qs, "bots": list(bots), "start_n": dict(start_n)}


def _params(s: dict) -> dict[str, Any]:
    return {k: (",".join(map(str, v)) if isinstance(v, list) else v) for k, v in (s.get("params") or {}).items()}


@dataclass(frozen=True)
class Setting:
    players: int
    bot: str
    variants: tuple[str, ...] = ()
    params: tuple[tuple[str, Any], ...] = ()

    @property
    def name(self) -> str:
        v = "+".join(self.variants) or "base"
        p = "".join(f"_{k}-{str(x).replace(',', '.')}" for k, x in self.params)
        bot = re.sub(r"[^A-Za-z0-9_.+-]", ".", self.bot)  # a folder name on every system: greedy:plan=0 → greedy.plan.0
        return f"{bot}-{self.players}p-{v}{p}"


def _setting(game: str, s: dict, players: int, bot: str) -> Setting:
    return Setting(players, bot, tuple(s.get("variants", [])), tuple(sorted(_params(s).items())))


def _players(game: str, q: dict) -> list[int]:
    info = game_info(game)
    if q["kind"] == "seats":
        return list(range(info.players[0], info.players[1] + 1))
    return [int(x) for x in q.get("players", [])] or [max(info.players)]


def settings_for_question(game: str, q: dict, bot: str) -> list[Setting]:
    out = []
    for P in _players(game, q):
        out.append(_setting(game, q.get("base") or {}, P, bot))
        for s in q.get("against", []) if q["kind"] == "compare" else []:
            out.append(_setting(game, s, P, bot))
    return out


# --- running --------------------------------------------------------------------------------------
@dataclass
class Asker:
    game: str
    out: Path
    jobs: int = 2
    bots: tuple[str, ...] = BOTS
    progress: Callable[[str, int, int], None] | None = None
    n: dict[Setting, int] = field(default_factory=dict)
    cost: dict[Setting, float] = field(default_factory=dict)  # seconds per game
    over: list[dict[str, Any]] = field(default_factory=list)  # bot levels whose first round overran the budget

    def folder(self, s: Setting) -> Path:
        return self.out / self.game / s.name

    def ensure(self, s: Setting, n: int) -> None:
        st = settings_for(self.game, n, s.players, [s.bot] * s.players, 0, list(s.variants), dict(s.params))
        d = self.folder(s)
        t0 = time.perf_counter()
        report = self.progress
        tick = (lambda k: report(s.name, k, n)) if report is not None else None
        r = run_study(st, d, self.jobs, progress=tick)
        if r["played"]:
            self.cost[s] = (time.perf_counter() - t0) / r["played"]
        self.n[s] = max(n, self.n.get(s, 0))

    def tables(self, s: Setting):
        _, g, t = load(self.folder(s))
        return g, t


def _first_size(a: Asker, bot: str, todo: list[Setting], state: dict[str, Any], share_s: float,
                start: dict[str, int] | None = None) -> int:
    """The first round's games per study for one bot level, so that every question gets its
    studies within its share of the budget: START_N, or fewer (never below MIN_N) when a pilot of a
    few games shows this bot level too slow for it (a slow searching bot)."""
    n0 = (start or {}).get(bot) or START_N.get(bot, 20)
    fresh = [s for s in todo if state["n"].get(s.name, 0) == 0]
    if not fresh or share_s <= 0:  # a zero budget: the start sizes, nothing grown
        return n0
    jobs, a.jobs = a.jobs, 1  # the pilot plays in this process: no worker start-up in its price
    try:
        a.ensure(fresh[0], min(n0, PILOT))
    finally:
        a.jobs = jobs
    per_game = a.cost.get(fresh[0], 0.0) / max(1, jobs)  # wall seconds a game on `jobs` cores
    games_fit = share_s / per_game if per_game > 0 else float("inf")
    if games_fit / len(todo) < MIN_N:  # even the floor does not fit: say so (the answers will be unclear)
        a.over.append({"bot": bot, "studies": len(todo), "games": MIN_N,
                       "needs_s": MIN_N * len(todo) * per_game, "share_s": share_s})
    return max(MIN_N, min(n0, int(games_fit / len(todo))))


def ask(game: str, ids: list[str] | None = None, budget_s: float = 300.0, out: str | Path = "studies/ask",
        jobs: int = 2, bots: tuple[str, ...] | None = None, progress=None) -> dict[str, Any]:
    """Answer the game's questions (all, or those named): run and grow the studies, then the answers.
    The studies and answers.json stay in `out/<game>/`; asking again resumes from them. `bots`: the
    two bot levels (default: the questions file's `bots`, else random and greedy)."""
    info = game_info(game)
    doc = load_questions(info.id)
    qs = doc["questions"]
    bots = tuple(bots or doc["bots"] or BOTS)
    start = doc["start_n"]
    if ids:
        known = {q["id"] for q in qs}
        bad = [i for i in ids if i not in known]
        if bad:
            raise ConfigError(f"unknown question {bad[0]!r} for {info.id}; expected any of {sorted(known)}",
                              ja=f"{info.name_ja}に問い {bad[0]!r} はありません。使えるのは {sorted(known)} です")
        qs = [q for q in qs if q["id"] in ids]
    out = Path(out)
    (out / info.id).mkdir(parents=True, exist_ok=True)
    state_file = out / info.id / "ask-state.json"
    state: dict[str, Any] = (json.loads(state_file.read_text()) if state_file.exists()
                             else {"spent_s": 0.0, "n": {}})
    before_s = float(state["spent_s"])  # what earlier asks of this folder spent: the budget counts them too
    a = Asker(info.id, out, jobs, bots, progress)
    t0 = time.perf_counter()
    need = {b: sorted({s for q in qs for s in settings_for_question(info.id, q, b)}, key=lambda s: s.name)
            for b in bots}
    for k, b in enumerate(bots):  # first round: every study at its start size (or what an earlier ask reached)
        # random (cheap, the reference) keeps its start sizes; another level may take its part of what
        # is left of the first round's share of the budget, priced by a pilot
        left1 = budget_s * FIRST_SHARE - (time.perf_counter() - t0)
        share = 0.0 if budget_s <= 0 or (k == 0 and b == "random") else max(1e-9, left1 / (len(bots) - k))
        n0 = _first_size(a, b, need[b], state, share, start)
        for s in need[b]:  # a study an earlier ask ran keeps the size that ask's budget gave it
            a.ensure(s, state["n"].get(s.name) or n0)
    answers = [answer(a, q, doc["names"]) for q in qs]
    left = budget_s - state["spent_s"] - (time.perf_counter() - t0)
    while left > 0:
        grow = sorted({s for q, ans in zip(qs, answers, strict=True) for b in bots
                       if not ans["by_bot"][b]["clear"] for s in settings_for_question(info.id, q, b)},
                      key=lambda s: s.name)
        if not grow:
            break
        grow = [s for s in grow if a.n[s] < MAX_N]
        # double the unclear studies, the cheapest bot level first, as far as the budget goes
        chosen: list[Setting] = []
        est = 0.0

        def cost_of(group: list[Setting]) -> float:
            return sum(a.cost.get(s, 0.05) * a.n[s] for s in group)

        for b in sorted(bots, key=lambda b: cost_of([s for s in grow if s.bot == b])):
            group = [s for s in grow if s.bot == b]
            cost = cost_of(group)
            if group and est + cost <= left:
                chosen += group
                est += cost
        grow = chosen
        if not grow:
            break
        for s in grow:
            a.ensure(s, a.n[s] * 2)
        answers = [answer(a, q, doc["names"]) for q in qs]
        left = budget_s - state["spent_s"] - (time.perf_counter() - t0)
    state["spent_s"] += time.perf_counter() - t0
    for s, n in a.n.items():
        state["n"][s.name] = max(n, state["n"].get(s.name, 0))
    state_file.write_text(json.dumps(state, indent=1))
    res = {"game": info.id, "budget_s": budget_s, "spent_s": state["spent_s"], "before_s": before_s,
           "folder": str(out / info.id), "bots": list(bots), "over": a.over,
           "answers": answers, "studies": {s.name: n for s, n in sorted(a.n.items(), key=lambda x: x[0].name)},
           "settings": {s.name: {"bot": s.bot, "players": s.players, "variants": list(s.variants),
                                 "params": dict(s.params)} for s in a.n}}
    (out / info.id / "answers.json").write_text(json.dumps(res, indent=1, ensure_ascii=False, default=_js))
    return res


def _js(x):
    if isinstance(x, np.generic):
        return x.item()
    raise TypeError(type(x))


# --- answering ------------------------------------------------------------------------------------
def answer(a: Asker, q: dict, names: dict) -> dict[str, Any]:
    fn = {"compare": _compare, "level": _level, "seats": _seats, "cards": _cards, "dealt": _dealt}[q["kind"]]
    by_bot = {b: fn(a, q, b, names) for b in a.bots}
    return {"id": q["id"], "kind": q["kind"], "q": q, "by_bot": by_bot,
            "names": {k: names[k] for k in q.get("also", []) if k in names}, "exact": exact(a.game, q)}


def exact(game: str, q: dict) -> list[dict[str, Any]]:
    """A compare question's `exact` part: figures a game's analysis computes exactly (no games played,
    e.g. maxima over the real deck) for the base and each compared setting."""
    ex = q.get("exact")
    if not ex:
        return []
    an = (game_info(game).hooks.analyses or {}).get(ex["analysis"])
    if an is None:
        raise ConfigError(f"question {q['id']!r}: {game} has no analysis {ex['analysis']!r}")
    settings = [q.get("base") or {}, *q["against"]]
    results = [an.run(list(s.get("variants", [])), _params(s), None) for s in settings]
    out = []
    for v in ex["values"]:
        if v["key"] not in results[0]:
            raise ConfigError(f"question {q['id']!r}: analysis {ex['analysis']!r} gives no {v['key']!r}")
        out.append({"key": v["key"], "name": v["name"], "values": [r[v["key"]] for r in results]})
    return out


def _compare(a: Asker, q: dict, bot: str, names: dict) -> dict[str, Any]:
    rows = []
    for P in _players(a.game, q):
        base = _setting(a.game, q.get("base") or {}, P, bot)
        gb, tb = a.tables(base)
        sa, ma = game_measures(gb, tb, P)
        for s in q["against"]:
            st = _setting(a.game, s, P, bot)
            gv, tv = a.tables(st)
            sv, mv = game_measures(gv, tv, P)
            paired = len(sa) == len(sv) and bool(np.all(sa == sv))
            m = q["measure"]
            if m not in ma or m not in mv:
                raise ConfigError(f"question {q['id']!r}: no measure {m!r} in the study tables")
            r = diff_test(ma[m], mv[m], paired)
            also = {k: diff_test(ma[k], mv[k], paired) for k in q.get("also", []) if k in ma and k in mv}
            rows.append({"players": P, "against": s, "setting": st.name, "games": int(len(sv)), **r, "also": also})
    adjust(rows)
    margin = q.get("margin")
    for r in rows:
        lo, hi = r["ci"]
        r["negligible"] = bool(margin is not None and lo is not None and -margin <= lo and hi <= margin)
        r["clear"] = bool(r["significant"] or r["negligible"])
        r["effect"] = _effect(q, r, a.game, P=r["players"])
    return {"rows": rows, "clear": all(r["clear"] for r in rows)}


def _effect(q: dict, r: dict, game: str, P: int) -> str:
    """better / worse / none / negligible, for the question's direction."""
    if r["negligible"]:
        return "negligible"
    if not r["significant"] or r["diff"] is None:
        return "none"
    if q["better"] == "closer":
        c = 1 / P
        return "better" if abs(r["b"] - c) < abs(r["a"] - c) else "worse"
    up = r["diff"] > 0
    return "better" if up == (q["better"] == "higher") else "worse"


def _level(a: Asker, q: dict, bot: str, names: dict) -> dict[str, Any]:
    P = _players(a.game, q)[0]
    g, t = a.tables(_setting(a.game, q.get("base") or {}, P, bot))
    _, ms = game_measures(g, t, P)
    rows = []
    for m in q["measures"]:
        x = ms[m["measure"]] * float(m.get("scale", 1))
        mean, lo, hi = mean_ci(x)
        h = (hi - lo) / 2 if not math.isnan(lo) else math.inf
        if m.get("format") == "pct" and not math.isnan(lo):  # a share lies in [0, 1]
            lo, hi = max(0.0, lo), min(1.0, hi)
        rows.append({**m, "value": mean, "ci": [lo, hi], "games": int(np.sum(~np.isnan(x))),
                     "clear": bool(h <= max(0.05 * abs(mean), 0.01))})
    return {"rows": rows, "clear": all(r["clear"] for r in rows)}


def _seats(a: Asker, q: dict, bot: str, names: dict) -> dict[str, Any]:
    rows = []
    for P in _players(a.game, q):
        g, t = a.tables(_setting(a.game, {}, P, bot))
        pos = position_shares(t, P)
        by = "turn_pos" if pos else "seat"
        for r in pos or seat_shares(t, P):
            lo, hi = r["ci"]
            c = 1 / P
            rows.append({"players": P, "by": by, "k": r[by], "win_share": r["win_share"], "ci": [lo, hi],
                         "p": r["p"], "chance": c, "games": r["games"]})
    adjust(rows)
    for r in rows:
        r["clear"] = bool(r["significant"] or (r["ci"][1] - r["ci"][0]) / 2 <= 0.02)
    return {"rows": rows, "clear": all(r["clear"] for r in rows)}


def _cards(a: Asker, q: dict, bot: str, names: dict) -> dict[str, Any]:
    P = _players(a.game, q)[0]
    g, t = a.tables(_setting(a.game, {}, P, bot))
    rows = card_rows(t, P, q.get("prefix", "played_"), q.get("kept_prefix", "held_"))
    return {"rows": rows, "clear": True, "players": P}


def _dealt(a: Asker, q: dict, bot: str, names: dict) -> dict[str, Any]:
    P = _players(a.game, q)[0]
    g, t = a.tables(_setting(a.game, {}, P, bot))
    rows = card_rows(t, P, "dealt_", "dealt_kept_")
    return {"rows": rows, "clear": True, "players": P}


__all__ = ["ALPHA", "BOTS", "ask", "load_questions"]
