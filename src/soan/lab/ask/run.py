"""Playing the plan in stages (the lead level's studies grow together), interleaved, within the clock."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from ..study import CHUNK
from .asker import (
    CHUNK_LEAD,
    LAST_STAGE,
    MAX_N,
    MIN_N,
    SAFETY,
    STAGES,
    Asker,
    Interrupted,
    games_in,
    hold_interrupts,
)
from .plan import plan_sizes, resize
from .questions import Setting, settings_for_question


def _stage_size(planned: int, frac: float, chunk: int) -> int:
    """A study's games after a stage of `frac` of its plan: at least MIN_N (the plan permitting), rounded
    down to whole saved chunks when that leaves one or more (a chunk saved part-full is played again
    whole when the study grows; rounding up would make a small plan's first stage most of it)."""
    n = max(min(MIN_N, planned), math.ceil(planned * frac))
    if n >= planned:
        return planned
    whole = n // chunk * chunk
    return whole if whole >= chunk else n


def _to_play(have: int, want: int, chunk: int) -> int:
    """Games played to grow a study from `have` to `want`: from its last whole chunk (a chunk saved
    part-full is played again whole)."""
    return want - have // chunk * chunk if want > have else 0


def _grown(a: Asker, plan: dict[str, int], studies: list[Setting], chunk: int, seconds: float,
           pace: float) -> list[tuple[Setting, int]]:
    """Every study grown by the same share of its plan, in whole chunks from its last whole chunk, so that
    the games played (`_to_play`) take at most `seconds` at `pace`; [] when that is below LAST_STAGE of
    the plan or adds no game."""
    studies = [s for s in studies if s.name not in a.released]  # settled: no more games
    if not studies:
        return []
    fit = seconds / pace / sum(plan[s.name] for s in studies)  # a share of the plan
    if fit < LAST_STAGE:
        return []
    out = []
    for s in studies:
        have = a.n.get(s, 0)
        want = min(MAX_N, have // chunk * chunk + math.floor(plan[s.name] * fit) // chunk * chunk)
        if want > have:
            out.append((s, want))
    return out


def run_plan(a: Asker, bots: tuple[str, ...], need: dict[str, list[Setting]], plan: dict[str, int],
             budget_s: float, t0: float, save: Callable[[], None], clock: Callable[[], float] = time.perf_counter,
             grow: bool = True, resize: Callable[[], None] | None = None) -> None:
    """Play the plan: the context levels first (a small share), then the lead level in stages over all
    its studies (a quarter, half, all of each plan, in whole saved chunks: `_stage_size`), each stage's
    games of every study in one queue (`Asker.ensure_all`). A stage that would end past the budget, at
    the last stage's pace per game, is not started; instead a last stage grows every study by the same
    share of its plan, what SAFETY of the time left allows at that pace (`_grown`: none below LAST_STAGE
    of the plan); a plan played to its end before the budget's end grows the same way by the time left,
    so the budget is neither overrun nor left idle. Every study of the level keeps the same share of its
    plan, and the stop and the growth look at the clock, never at a result. `grow`: the plan was made by
    this ask (an ask of a folder planned before plays what is left of that plan, never more). `resize`:
    called once after the lead level's first stage, it may share the plan's games anew (`resize` above:
    by the spread of the games, never by a difference); the stages that follow play the new plan."""
    for b in (*bots[1:], bots[0]):
        stages = STAGES if b == bots[0] and budget_s > 0 else (1.0,)
        chunk = CHUNK_LEAD if b == bots[0] else CHUNK
        pace = 0.0  # seconds a game, by the last stage played in this ask (0: none yet)
        for frac in stages:
            if resize is not None and b == bots[0] and frac != stages[0]:  # after the first stage, once
                resize()
                save()
                resize = None
            todo = [(s, _stage_size(plan[s.name], frac, chunk)) for s in need[b]]
            games = sum(_to_play(a.n.get(s, 0), n, chunk) for s, n in todo)
            if not games:  # already there (an earlier ask of the folder, or a stage rounded to the last one)
                continue
            if pace:
                left = budget_s - (clock() - t0)
                if left < pace * games:  # the budget is kept: what is left goes to a last stage
                    last = _grown(a, plan, need[b], chunk, SAFETY * left, pace)
                    if last:
                        a.ensure_all(last)
                        save()
                    a.stopped.append(_reached(a, b, need, plan))
                    break
            t_stage = clock()
            played = a.ensure_all(todo)
            save()
            if a.cut:  # the deadline stopped the stage: the budget is spent, no level plays more
                a.stopped.append(_reached(a, b, need, plan))
                _first_parts(a, bots, need, plan)
                return
            if played:  # games this ask played (a folder's earlier games cost nothing and price nothing)
                pace = (clock() - t_stage) / played
        else:  # the plan played to its end in this ask before the budget's: the time left grows it alike
            if grow and b == bots[0] and budget_s > 0 and pace:
                more = _grown(a, plan, need[b], chunk, SAFETY * (budget_s - (clock() - t0)), pace)
                if more:
                    a.ensure_all(more)
                    save()
                    a.extended.append({"bot": b, "reached": {s.name: a.n[s] for s in need[b]},
                                       "planned": {s.name: plan[s.name] for s in need[b]}})


def _first_parts(a: Asker, bots: tuple[str, ...], need: dict[str, list[Setting]], plan: dict[str, int]) -> None:
    """The clock stopped a level before the levels after it (the lead plays last): each of their studies
    that holds no game yet plays its first part, past the deadline as a stage's first parts do
    (study.run_studies), so that every question has games to answer from at every level (a study never
    started had no tables: the answers failed after the budget was spent). Such a level is reported
    stopped."""
    for b in bots:
        chunk = CHUNK_LEAD if b == bots[0] else CHUNK
        todo = [(s, min(plan[s.name], chunk)) for s in need[b] if not a.n.get(s) and not games_in(a.folder(s))]
        if todo:
            a.ensure_all(todo)
            if not any(r["bot"] == b for r in a.stopped):
                a.stopped.append(_reached(a, b, need, plan))


def _reached(a: Asker, b: str, need: dict[str, list[Setting]], plan: dict[str, int]) -> dict[str, Any]:
    """A level the clock stopped: the games each of its studies holds, and its plan."""
    return {"bot": b, "reached": {s.name: a.n.get(s, 0) for s in need[b]},
            "planned": {s.name: plan[s.name] for s in need[b]}}


def plan_and_play(a: Asker, qs: list[dict[str, Any]], need: dict[str, list[Setting]], state: dict[str, Any],
                   budget_s: float, start: dict[str, int], t0: float, save: Callable[[], None]) -> None:
    """The pilot and plan (plan_sizes; a chance_bot level's studies as large as the lead's they are
    measured against), then the stages (run_plan). Ctrl-C saves the state and raises Interrupted."""
    bots = a.bots
    fresh = not any(s.name in state.get("plan", {}) for s in need[bots[0]])  # the lead's plan is made here
    try:
        plan = plan_sizes(a, bots, need, state, budget_s, start)
        for q in qs:  # a question measured above random players' (chance_bot) needs their games as many
            cb = q.get("chance_bot")
            if cb in bots and cb != bots[0]:
                for s, c in zip(settings_for_question(a.game, q, bots[0]), settings_for_question(a.game, q, cb),
                                strict=True):
                    plan[c.name] = max(plan[c.name], plan[s.name])
        state["budget_s"] = state.get("budget_s") or budget_s  # the budget the plan was made with
        save()
        if fresh and budget_s > 0:
            state["resize_due"] = True
        a.released = set((state.get("resized") or {}).get("released", []))  # a continued ask: still settled
        a.settled = dict((state.get("resized") or {}).get("settled", {}))
        due = state.get("resize_due") and len(STAGES) > 1

        def resized() -> None:
            resize(a, qs, need[bots[0]], plan, state)
            state["resize_due"] = False

        run_plan(a, bots, need, plan, budget_s, t0, save, grow=fresh, resize=resized if due else None)
    except KeyboardInterrupt:
        a.held_interrupts = hold_interrupts()  # released by `ask` once the workers are stopped
        save()
        all_s = [s for b in bots for s in need[b]]
        raise Interrupted(a.out / a.game, sum(games_in(a.folder(s)) for s in all_s),
                          sum(state.get("plan", {}).get(s.name, 0) for s in all_s)) from None
