"""`ask()`: questions -> plan -> games -> verdicts, resumable, and the result a report is made from."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import numpy as np

from ...core.errors import ConfigError
from ...core.game import GameInfo, game_info
from ...core.words import listed
from .answers import Answer, AskResult, ExactAnswer
from .asker import BOTS, MAX_N, SAFETY, Asker, lead_share, play_deadline, release_interrupts
from .plan import question_needs
from .questions import Setting, exact, load_questions, planner_settings, planner_spec, settings_for_question
from .run import plan_and_play
from .schema import Question
from .verdict import BY_KIND, agree


def ask(game: str, ids: list[str] | None = None, budget_s: float = 600.0, out: str | Path = "studies/ask",
        jobs: int = 2, bots: tuple[str, ...] | None = None,
        progress: Callable[[str, int, int], None] | None = None,
        questions: list[dict[str, Any]] | None = None, start_n: dict[str, int] | None = None,
        check_bots: bool = False, seed: int = 0) -> AskResult:
    """Answer the game's questions (all, or those named): plan each study's size from the budget and a
    pilot's price, play the studies, then answer. The studies, the plan and answers.json stay in
    `out/<game>/`; asking again completes the plan (after Ctrl-C) and answers from the same games.
    `bots`: the bot levels, the first leads the verdicts (default: the questions file's `bots`, else
    normal then random). `questions`: question dicts to ask instead of the file's (the A/A check).
    `check_bots`: for every setting a question compares, the lead level also plays the same games with one
    seat planning under the base rules (`greedy:rules=base`), in the same plan: the answer then says
    whether planning with the rule pays, costs or changes nothing (`planning_check`). `seed`: every study
    plays other games (its seed plus this), in `out/seed-<seed>/` — an answer checked on fresh games."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ConfigError(f"seed must be a whole number >= 0; got {seed!r}",
                          ja=f"seed は0以上の整数です（指定：{seed!r}）")
    info = game_info(game)
    doc = load_questions(info.id)
    qs = _chosen(info, questions if questions is not None else doc["questions"], ids)
    bots = tuple(bots or doc["bots"] or BOTS)
    start = {**doc["start_n"], **(start_n or {})}
    given = Path(out)  # as the user named it (a command the report suggests names it so)
    out = given / f"seed-{seed}" if seed else given
    (out / info.id).mkdir(parents=True, exist_ok=True)
    state_file = out / info.id / "ask-state.json"
    state = _read_state(state_file)
    before_s = float(state["spent_s"])  # what earlier asks of this folder spent
    had_plan = dict(state.get("plan", {}))
    a = Asker(info.id, out, jobs, bots, progress, check_bots=check_bots and planner_spec(info.id, bots[0]) is not None,
              seed=seed)
    state["check_bots"] = ("done" if a.check_bots else "not_possible") if check_bots else None
    t0 = time.perf_counter()
    if budget_s > 0:  # no game starts after this: the budget is kept however loaded the machine is
        a.deadline = play_deadline(t0, budget_s)
    need = {b: sorted({s for q in qs for s in settings_for_question(info.id, q, b)}, key=lambda s: s.name)
            for b in bots}
    if a.check_bots:
        need[bots[0]] = sorted({*need[bots[0]], *(p for q in qs for p in planner_settings(info.id, q, bots[0]))},
                               key=lambda s: s.name)

    def save() -> None:
        state["spent_s"] = before_s + (time.perf_counter() - t0)
        for s, n in a.n.items():
            state["n"][s.name] = max(n, state["n"].get(s.name, 0))
        part = state_file.with_name(state_file.name + ".part")  # whole or not at all: a later ask reads it
        part.write_text(json.dumps(state, indent=1))
        os.replace(part, state_file)

    try:
        if jobs > 1:  # one set of workers for the whole ask: none started per study, warm caches throughout
            from ..runner import process_pool

            with process_pool(jobs, info.id) as a.pool:
                plan_and_play(a, qs, need, state, budget_s, start, t0, save)
            a.pool = None
        else:
            plan_and_play(a, qs, need, state, budget_s, start, t0, save)
    finally:
        release_interrupts(a.held_interrupts)
    a.extended = _growth(a.extended, state, need)
    answers = [answer(a, q, doc["names"]) for q in qs]
    price = state.get("cost", {}).get(bots[0])
    for x in answers:  # an open answer: the budget that would give it its need, asked alone (from this price)
        if x["need"] and price and x["need"] <= MAX_N:
            x["alone_s"] = x["need"] * x["need_studies"] * float(price) / SAFETY / max(0.1, lead_share(bots))
            x["alone"] = {"jobs": jobs, "out": f"{given}-{x['id']}", "seed": seed,
                          "bots": None if bots == tuple(doc["bots"] or BOTS) else ",".join(bots)}
    save()
    continued = before_s > 0 or bool(had_plan)  # an earlier ask of this folder (perhaps interrupted) ran here
    res = _result(a, state, answers, budget_s, before_s, continued)
    (out / info.id / "answers.json").write_text(json.dumps(res, indent=1, ensure_ascii=False, default=_js))
    return res


def _growth(mine: list[dict[str, Any]], state: dict[str, Any], need: dict[str, list[Setting]]) -> list[dict[str, Any]]:
    """The plan's growth by the time left (`Asker.extended`) this ask reports, and kept in the folder's
    state so that a later ask of it says it again: this ask's own records, else an earlier ask's record of
    a level whose studies here all grew then (narrowed to them); never a growth of other studies."""
    grown = {k for r in mine for k in r["reached"]}
    state["extended"] = mine + [r for r in state.get("extended", []) if not grown & set(r["reached"])]
    if mine:
        return mine
    out = []
    for r in state["extended"]:
        here = {s.name for s in need.get(r["bot"], [])}
        if here and here <= set(r["reached"]):
            out.append({"bot": r["bot"], "reached": {k: n for k, n in r["reached"].items() if k in here},
                        "planned": {k: n for k, n in r["planned"].items() if k in here}})
    return out


def _read_state(state_file: Path) -> dict[str, Any]:
    """The folder's ask state (the plan and the games so far), or a fresh one; a file that is not an ask's
    state is an error naming it (nothing is changed: the user decides what to do with it)."""
    if not state_file.exists():
        return {"spent_s": 0.0, "n": {}}
    try:
        state = json.loads(state_file.read_text(encoding="utf-8"))
    except OSError as e:
        state = e
        why, why_ja = f"the file could not be read: {type(e).__name__}", "ファイルを読み込めない"
    except (UnicodeDecodeError, ValueError) as e:
        state = e
        why, why_ja = f"not JSON: {type(e).__name__}", "JSON として読めない"
    else:
        why, why_ja = "JSON, but not the state an ask writes", "JSON だが、soan ask が書く状態ではない"
    spent = state.get("spent_s") if isinstance(state, dict) else None
    if (not isinstance(state, dict) or not isinstance(state.get("n"), dict) or isinstance(spent, bool)
            or not isinstance(spent, int | float) or not isinstance(state.get("plan", {}), dict)):
        raise ConfigError(f"{state_file} cannot be read as the state of an earlier ask ({why}); nothing was changed. "
                          "Move the folder away to ask afresh, or give another --out",
                          ja=f"{state_file} を前回の soan ask の状態として読めません（{why_ja}）。何も変更していません。"
                             "最初から答えるには、このフォルダを移動するか、別の --out を指定してください")
    return state


def _chosen(info: GameInfo[Any, Any], qs: list[dict[str, Any]],
            ids: list[str] | None) -> list[dict[str, Any]]:
    """The questions named by `ids` (all when none), in the file's order; an unknown id is an error."""
    if not ids:
        return qs
    known = {q["id"] for q in qs}
    bad = [i for i in ids if i not in known]
    if bad:
        raise ConfigError(f"unknown question {bad[0]!r} for {info.id}; expected any of {listed(sorted(known), 'en')}",
                          ja=f"{info.name_ja}に問い {bad[0]!r} はありません。使えるのは{listed(sorted(known), 'ja')}です")
    return [q for q in qs if q["id"] in ids]


def _result(a: Asker, state: dict[str, Any], answers: list[Answer], budget_s: float, before_s: float,
            continued: bool) -> AskResult:
    """What `ask` reports (answers.json): the budget and time spent, the plan's shortfalls, each
    level's price, the answers, and every study's games and setting."""
    bots = a.bots
    return {"game": a.game, "seed": a.seed, "budget_s": budget_s, "plan_budget_s": state["budget_s"],
            "spent_s": state["spent_s"],
            "before_s": before_s, "continued": continued,
            "folder": str(a.out / a.game), "bots": list(bots), "over": a.over, "stopped": a.stopped,
            "extended": a.extended, "resized": _resized_for(state.get("resized"), answers),
            "check_bots": state.get("check_bots"),
            "cost": {b: state.get("cost", {}).get(b) for b in bots},
            "answers": answers, "studies": {s.name: max(n, state["n"].get(s.name, 0))
                                            for s, n in sorted(a.n.items(), key=lambda x: x[0].name)},
            "plan": {s.name: state.get("plan", {}).get(s.name) for s, _ in sorted(a.n.items(), key=lambda x: x[0].name)},
            "settings": {s.name: {"bot": s.bot, "players": s.players, "variants": list(s.variants),
                                  "params": dict(s.params), **({"planner": s.planner} if s.planner else {})}
                         for s in a.n}}


def _resized_for(rs: dict[str, Any] | None, answers: list[Answer]) -> dict[str, Any] | None:
    """How the folder's plan was shared anew, told for this ask's questions: a later ask of the same folder
    with fewer questions answers from the same plan, but its report counts only its own questions' needs."""
    if not rs:
        return rs
    ids = {x["id"] for x in answers}
    met = [k for k in rs.get("met", []) if k in ids]
    # others_met: needs met of questions asked of the folder before (a question all settled needed none)
    return {**rs, "needs": {k: v for k, v in rs.get("needs", {}).items() if k in ids}, "met": met,
            "settled": {k: v for k, v in (rs.get("settled") or {}).items() if k in ids},
            "others_met": sum(1 for k in rs.get("met", []) if k not in ids and rs.get("needs", {}).get(k))}


def _js(x: object) -> Any:
    if isinstance(x, np.generic):
        return x.item()
    raise TypeError(type(x))


# --- answering ------------------------------------------------------------------------------------
def answer(a: Asker, q: dict[str, Any], names: dict[str, Any]) -> Answer:
    fn = BY_KIND[q["kind"]]
    by_bot = {b: fn(a, q, b, names) for b in a.bots}
    lead = a.bots[0]
    clear = bool(by_bot[lead]["clear"])
    need = None if clear else question_needs(a, q, lead, partners=False)  # what a clear answer would take
    if need and need["need"] and need["need"] <= min((a.n.get(s, 0) for s in a.n if s.name in need["studies"]),
                                                     default=0):
        need = None  # no more games than it holds: a difference near the margin, no size answers it surely
    return {"id": q["id"], "kind": q["kind"], "q": cast(Question, q), "by_bot": by_bot, "lead": lead,
            "clear": clear, "agree": agree(q, by_bot, a.bots),
            "agree_with": {b: agree(q, by_bot, (lead, b)) for b in a.bots[1:]}, "need": need["need"] if need else None,
            "need_studies": len(need["studies"]) if need and need["need"] else 0,
            "names": {k: names[k] for k in q.get("also", []) if k in names},
            "exact": cast(list[ExactAnswer], exact(a.game, q))}
