"""How many games each study gets: the pilot's price, the plan from the budget, each question's need, re-planning."""

from __future__ import annotations

import math
import time
from dataclasses import replace
from typing import Any

import numpy as np

from ..stats import (
    ALPHA,
    adjust,
    adjust_equiv,
    game_measures,
    paired_diff,
)
from .asker import (
    CHUNK_LEAD,
    CONTEXT_SHARE,
    MAX_N,
    MIN_N,
    OVERHEAD_S,
    PILOT,
    PILOT_S,
    PILOT_SLOW_S,
    SAFETY,
    SETTLE_P,
    SKILL_SHARE,
    STAGES,
    START_N,
    Asker,
    games_in,
    is_reference,
)
from .questions import Setting, planner_settings, planner_spec, players_of, setting_of, settings_for_question
from .verdict import LEVEL_PCT, sides_of


def _price(a: Asker, bot: str, todo: list[Setting], state: dict[str, Any]) -> float:
    """Wall seconds a game of this bot level takes on `a.jobs` cores: from an earlier ask of the folder,
    else from a pilot of PILOT games of its first study with the most players, played in this process
    (no worker start-up in its price). Never 0: a pilot an interrupted ask already played is played on (PILOT more games)."""
    known = state.setdefault("cost", {}).get(bot)
    if known:
        return float(known)
    s = max(todo, key=lambda x: x.players)  # the first with the most players: its games cost the most (a
    # 3-player pilot priced Asian Delivery's 4-player games a quarter too cheap, and the clock cut the plan)
    jobs, a.jobs = a.jobs, 1
    k = PILOT
    first = True
    try:
        # the first run pays for what a process loads once (not a game's price); a cheap bot plays on
        # until a run takes a second, so that a study's fixed costs spread over its games
        while True:
            have = a.n.get(s, 0) or games_in(a.folder(s))
            t0 = time.perf_counter()
            a.ensure(s, have + k)
            took = time.perf_counter() - t0
            if took >= PILOT_SLOW_S or (not first and (took >= PILOT_S or k >= 128)):
                break  # a slow level (a search bot) is priced by its first run: what loads once is a small part
            first = False
            k *= 4
    finally:
        a.jobs = jobs
    per_game = max(1e-4, a.cost.get(s, 0.0)) / max(1, jobs)
    state["cost"][bot] = per_game
    return per_game


def plan_sizes(a: Asker, bots: tuple[str, ...], need: dict[str, list[Setting]], state: dict[str, Any],
               budget_s: float, start: dict[str, int]) -> dict[str, int]:
    """Games per study, decided before any game is looked at: the lead (first) bot level takes what
    is left of the budget after the context levels, shared equally by its studies, from a pilot's
    price; a context level takes at most CONTEXT_SHARE of the budget and at most its start size when it is
    random players (a reference line), and a skill level (e.g. the hard bots, the skill check) takes
    SKILL_SHARE and as many games as that buys (issue 47: the level that can say "depends on skill"). A study an earlier ask of the folder planned keeps its size (asking again
    completes that plan, it never looks again with more games), and a study new to the folder is planned no
    larger than the level's planned ones (the games it is compared with, pair by pair). `budget_s <= 0`:
    the start sizes."""
    plan: dict[str, int] = state.setdefault("plan", {})
    left = budget_s * SAFETY
    for k in reversed(range(len(bots))):  # context levels first, the lead level takes the rest
        b = bots[k]
        todo = [s for s in need[b] if s.name not in plan]
        if not todo:
            continue
        n0 = start.get(b) or START_N.get(b, 20)
        if budget_s <= 0:
            n = n0
        else:
            per_game = _price(a, b, todo, state)
            runs = len(todo) * (len(STAGES) if k == 0 else 1)
            skill = k > 0 and not is_reference(b)
            share = (left if k == 0 else min(left, budget_s * (SKILL_SHARE if skill else CONTEXT_SHARE))) - runs * OVERHEAD_S
            fit = int(share / per_game / len(todo))
            n = min(MAX_N, fit) if k == 0 or skill else min(n0, fit)
            if fit < MIN_N:
                a.over.append({"bot": b, "studies": len(todo), "games": MIN_N,
                               "needs_s": MIN_N * len(todo) * per_game + runs * OVERHEAD_S, "share_s": share})
            n = max(MIN_N, n)
            kept = [plan[s.name] for s in need[b] if s.name in plan]
            if kept:  # a folder an ask with other questions planned: its studies' plans stay, and a new study
                n = min(n, max(kept))  # beside them is compared with them pair by pair, so more games serve nothing
            left -= n * len(todo) * per_game + runs * OVERHEAD_S
        for s in todo:
            plan[s.name] = n
    return plan


NEED_POWER = 0.9  # a question's need: the games that find a difference the size of its margin 9 times in 10
NEED_PAD = 1.2  # a level's need: games for its interval's width, with this room for the spread's own error


def games_for(effect: float, alpha: float, power: float) -> int:
    """Games (pairs) that find a standardized difference `effect` with `power` at two-sided `alpha`: the t-test's
    (statsmodels), or the normal approximation where the solver gives no number (a large effect)."""
    import warnings

    from scipy.stats import norm
    from statsmodels.stats.power import TTestPower

    try:
        with warnings.catch_warnings():  # no convergence for a large effect: the approximation below
            warnings.simplefilter("ignore")
            k = float(TTestPower().solve_power(effect_size=effect, nobs=None, alpha=alpha, power=power))
    except (ValueError, RuntimeError, ArithmeticError):
        k = math.nan
    if not math.isfinite(k) or k <= 0:
        k = ((norm.ppf(1 - alpha / 2) + norm.ppf(power)) / effect) ** 2 + 2
    return max(2, math.ceil(k))


def settled_rows(a: Asker, q: dict[str, Any], bot: str) -> set[str]:
    """The settings of a compare question's comparisons already settled by its studies' games so far:
    a difference, or a difference within the margin (TOST), at p < SETTLE_P after Holm's correction across
    the question's comparisons (the Haybittle–Peto rule: one early look at a level this strict, the final
    test at the usual 5%, so the chance of a false verdict grows by at most SETTLE_P; docs/lab.md). A
    settled comparison needs no more games; its answer is computed at the end like every other."""
    if q.get("kind") != "compare":
        return set()
    m = q["measure"]
    rows = [{"setting": x.st.name, **paired_diff(x.ma[m][:x.n], x.mv[m][:x.n], q.get("margin"))}
            for x in sides_of(a, q, bot)]
    adjust(rows, alpha=SETTLE_P)  # the answer's own tests (`_compare`), at the early look's level
    adjust_equiv(rows, alpha=SETTLE_P)
    return {r["setting"] for r in rows if r["spread"] == "ok" and (r["significant"] or r["equivalent"])}


def _released(a: Asker, qs: list[dict[str, Any]], bot: str, settled: dict[str, set[str]]) -> set[str]:
    """The lead level's studies that only settled comparisons use: a settled comparison's setting, and the
    base of a compare question whose comparisons are all settled, unless another question still needs
    games in it (any study of a question other than a comparison — seats, cards, levels… —, an unsettled
    comparison's setting and its base, a planning study of --check-bots)."""
    done: set[str] = set()
    held: set[str] = set()
    for q in qs:
        if q.get("kind") != "compare":
            held.update(s.name for s in settings_for_question(a.game, q, bot))
            continue
        ok = settled.get(q["id"], set())
        for P in players_of(a.game, q):
            sts = [setting_of(a.game, x, P, bot).name for x in q["against"]]
            base = setting_of(a.game, q.get("base") or {}, P, bot).name
            open_ = [s for s in sts if s not in ok]
            held.update(open_)
            (held if open_ else done).add(base)
            done.update(s for s in sts if s in ok)
        held.update(s.name for s in planner_settings(a.game, q, bot))
    return done - held


def question_needs(a: Asker, q: dict[str, Any], bot: str, partners: bool = True,
                   settled: frozenset[str] | set[str] = frozenset()) -> dict[str, Any] | None:
    """The games a study each of the question's studies needs for a clear answer, from the games they
    hold: a compare question, the paired differences' spread and its margin (the games that find a
    difference the size of the margin with NEED_POWER at the corrected level; the difference itself is
    never read); a level question, the games that bring each figure's interval within its width. None
    for a kind no size answers (seats, cards, dealt, words: every study grows for them alike); `need`
    None when no size would do (no margin, no spread: e.g. bots that play the variant like the base).
    `partners`: a question measured above a context level's games (`chance_bot`) needs no more than those
    hold (while sharing the plan: they are played already); off, the need as such (the answer's line).
    `settled`: comparisons (their settings' names) that need no more games (`settled_rows`); a question
    whose comparisons are all settled needs 0 games, in no study."""
    if q["kind"] == "compare":
        return _compare_need(a, q, bot, partners, settled)
    if q["kind"] != "level":
        return None
    P = players_of(a.game, q)[0]
    base = setting_of(a.game, q.get("base") or {}, P, bot)
    g, t = a.tables(base)
    _, ms = game_measures(g, t, P)
    need = 0
    for m in q["measures"]:
        x = ms[m["measure"]] * float(m.get("scale", 1))
        x = x[~np.isnan(x)]
        if len(x) < 2:
            return {"id": q["id"], "need": None, "studies": {}}
        width = max(0.05 * abs(float(x.mean())), LEVEL_PCT if m.get("format") == "pct" else 0.01)
        need = max(need, math.ceil(NEED_PAD * (1.96 * float(x.std(ddof=1)) / width) ** 2))
    need = _whole(need)
    return {"id": q["id"], "need": need, "studies": {base.name: need}}


def _whole(n: int) -> int:
    """`n` games rounded up to whole saved chunks of the lead level."""
    return max(CHUNK_LEAD, -(-n // CHUNK_LEAD) * CHUNK_LEAD)


def _compare_need(a: Asker, q: dict[str, Any], bot: str, partners: bool = True,
                  settled: frozenset[str] | set[str] = frozenset()) -> dict[str, Any]:
    margin = q.get("margin")
    out: dict[str, Any] = {"id": q["id"], "need": None, "studies": {}}
    if not margin or margin <= 0:
        return out
    tests = len(players_of(a.game, q)) * len(q["against"])
    cb = q.get("chance_bot")
    need = 0
    m = q["measure"]
    sides = [x for x in sides_of(a, q, bot) if x.st.name not in settled]
    if not sides:  # every comparison settled: no study needs more games for it
        out["need"] = 0
        return out
    for side in sides:
        d = side.mv[m][:side.n] - side.ma[m][:side.n]
        d = d[~np.isnan(d)]
        sd = float(d.std(ddof=1)) if len(d) >= 2 else 0.0
        if sd == 0.0:  # no spread: no size answers it
            return out
        need = max(need, games_for(float(margin) / sd, ALPHA / tests, NEED_POWER))
        out["studies"][side.base.name] = out["studies"][side.st.name] = 0
        twin = replace(side.st, planner=planner_spec(a.game, bot) or "")  # --check-bots: its planning study
        if twin.planner and twin in a.n:
            out["studies"][twin.name] = 0
    need = _whole(need)
    if partners and cb and cb != bot and cb in a.bots:  # measured above the chance level's games: no more than they hold
        partner = min(a.n.get(replace(setting_of(a.game, q.get("base") or {}, P, bot), bot=cb), 0)
                      for P in players_of(a.game, q))
        if need > partner:
            return out
    out["need"] = need
    out["studies"] = {k: need for k in out["studies"]}
    return out


def resize(a: Asker, qs: list[dict[str, Any]], studies: list[Setting], plan: dict[str, int],
           state: dict[str, Any]) -> None:
    """After the lead level's first stage: the plan's games shared anew by what each question needs
    (`question_needs`, lab/allot.py: the cheapest needs met first, the rest alike), the plan's total kept;
    a comparison already beyond doubt (`settled_rows`) needs no more games, and a study only such ones use
    keeps the games it has. What was decided is kept in `state["resized"]` for the report; `plan` is
    changed only once all is computed (a Ctrl-C before leaves it as it was, and the resize due)."""
    from ..allot import allot

    bot = a.bots[0]
    # a study may hold more than its plan (the pilot's games): counted at its plan, so the total is kept
    have = {s.name: min(a.n.get(s, 0), plan[s.name]) for s in studies}
    total = sum(plan[s.name] for s in studies)
    settled = {q["id"]: settled_rows(a, q, bot) for q in qs}
    # a study that only settled comparisons use keeps the games it has; its plan's rest goes to the others
    released = sorted(_released(a, qs, bot, settled) & set(have))
    freed = sum(plan[s] - have[s] for s in released)
    found = [x for x in (question_needs(a, q, bot, settled=settled[q["id"]]) for q in qs) if x is not None]
    sized = [x for x in found if x["need"] is not None]
    open_ = {s: n for s, n in have.items() if s not in released}
    new, met = allot(total - sum(have[s] for s in released), open_, [x["studies"] for x in sized], MAX_N)
    plan.update(new)
    plan.update({s: have[s] for s in released})
    a.released = set(released)
    a.settled = {k: sorted(v) for k, v in settled.items() if v}
    state["resized"] = {"bot": bot, "after": min(have.values(), default=0), "total": total,
                        "needs": {x["id"]: x["need"] for x in found}, "met": [sized[k]["id"] for k in met],
                        "settled": {k: sorted(v) for k, v in settled.items() if v}, "released": released,
                        "freed": freed}
