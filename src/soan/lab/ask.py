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
import os
import re
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from ..core.errors import ConfigError
from ..core.game import GameInfo, check_config, game_info
from ..core.words import listed
from .stats import (
    ALPHA,
    adjust,
    adjust_equiv,
    card_rows,
    game_measures,
    mean_ci,
    paired_diff,
    position_shares,
    seat_shares,
)
from .study import CHUNK, StudyRun, load, run_studies, settings_for

BOTS = ("greedy", "random")  # the lead level (normal: its verdicts are the answers), then random as context
START_N = {"random": 200, "greedy": 8}  # a context level's games per study (at most); the lead's with --budget 0
MIN_N = 4  # a study's floor when the budget is short (its answers then say they are not clear)
PILOT = 2  # games that price a bot level before its plan (more, up to 256, until they take PILOT_S)
PILOT_S = 1.0
CONTEXT_SHARE = 0.15  # the context levels may take this share of the budget; the lead level the rest
SAFETY = 0.85  # the plan fills this share of the budget (a pilot's price is a rough one)
PLAY_END = 0.94  # no chunk of games starts after this share of the budget (those out finish; then the answers)
CHUNK_LEAD = 8  # the lead level's games per saved part: its few slow games spread over every job
OVERHEAD_S = 0.4  # seconds a study's run costs besides its games (workers, tables), in the plan
STAGES = (0.25, 0.5, 1.0)  # the lead level's studies grow together in these steps of their plan
LAST_STAGE = 0.05  # a last stage the clock cuts short plays at least this share of the plan, else none
MAX_N = 6400  # no study is planned larger: intervals are then about ±1 point
SETTLE_P = 0.001  # Haybittle–Peto: a comparison this clear after the first stage (Holm) needs no more games
KINDS = ("compare", "level", "seats", "cards", "dealt", "words")


# --- questions as data ----------------------------------------------------------------------------
def questions_path(game: str) -> Path:
    info = game_info(game)
    mod = info.new_state.__module__.rsplit(".", 1)[0]
    import importlib

    return Path(str(importlib.import_module(mod).__file__)).parent / "data" / "questions.yaml"


def load_questions(game: str) -> dict[str, Any]:
    """The game's questions file, checked: every question has an id, ja/en text, a known kind, and
    every variant and parameter it names exists."""
    from ..core.components import read_yaml

    info = game_info(game)
    p = questions_path(info.id)
    if not p.exists():
        raise ConfigError(f"{info.id} has no questions file ({p})", ja=f"{info.name_ja}の問いのファイルがありません（{p}）")
    doc = read_yaml(p) or {}  # a file the designer broke: its line and column named, in both languages
    if not isinstance(doc, dict):
        raise ConfigError(f"{p}: expected a mapping with 'questions'; got {type(doc).__name__}",
                          ja=f"{p}：「questions:」で始まる項目の並びのはずが、別の形になっています")
    qs = doc.get("questions") or []
    if not isinstance(qs, list) or not all(isinstance(q, dict) for q in qs):
        raise ConfigError(f"{p}: 'questions' is a list of questions, each a mapping with id, ja, en, kind, draft",
                          ja=f"{p}：questions は問いの並びで、問いはそれぞれ id・ja・en・kind・draft を持つ項目です")
    seen: set[str] = set()
    for q in qs:
        _check_question(info.id, q, f"{p.name}: question {q.get('id', '?')!r}", seen)
    bots = _check_bots(doc.get("bots") or [], p.name)
    start_n = _check_start_n(doc.get("start_n") or {}, p.name)
    return {"names": doc.get("names") or {}, "questions": qs, "bots": list(bots), "start_n": dict(start_n)}


def _texts(x: Any) -> bool:
    """Whether `x` holds a text in 'ja' and in 'en'."""
    return isinstance(x, dict) and all(isinstance(x.get(k), str) and x[k] for k in ("ja", "en"))


def _check_question(game: str, q: dict, where: str, seen: set[str]) -> None:
    """One question of the file: its fields and kind, an id not seen before (added to `seen`), its
    `known` line, and what its kind needs."""
    ja = where.replace(": question ", "：問い ")
    for k in ("id", "ja", "en", "kind", "draft"):
        if not q.get(k):
            raise ConfigError(f"{where}: missing {k!r}", ja=f"{ja}：{k} がありません")
    if q["kind"] not in KINDS:
        raise ConfigError(f"{where}: kind {q['kind']!r}; expected one of {listed(KINDS, 'en')}",
                          ja=f"{ja}：kind {q['kind']!r} は使えません。使えるのは{listed(KINDS, 'ja')}です")
    if q["id"] in seen:
        raise ConfigError(f"{where}: the id appears twice", ja=f"{ja}：同じ id が２回あります")
    seen.add(q["id"])
    known = q.get("known")
    if known is not None and not _texts(known):
        raise ConfigError(f"{where}: 'known' needs a text in 'ja' and in 'en'; got {known!r}",
                          ja=f"{ja}：known には ja と en の両方の文が要ります")
    if q["kind"] == "words" and not _texts(q.get("words")):
        raise ConfigError(f"{where}: a words question needs 'words': its answer in 'ja' and in 'en' "
                          f"(e.g. the draft's own reason to reject the idea); got {q.get('words')!r}",
                          ja=f"{ja}：言葉で答える問い（words）には、ja と en の両方の答えの文が要ります"
                             "（たとえば草案自身がその案を退けた理由）")
    if q["kind"] == "compare":
        _check_compare(game, q, where)


def _check_compare(game: str, q: dict, where: str) -> None:
    """A compare question: its measure, name, direction and settings (every variant and parameter
    exists), and its `exact` part's shape."""
    for k in ("measure", "name", "better", "against"):
        if k not in q:
            raise ConfigError(f"{where}: a compare question needs {k!r}",
                              ja=f"{where.replace(': question ', '：問い ')}：比べる問い（compare）には {k} が要ります")
    for s in [q.get("base") or {}, *q["against"]]:
        check_config(game, None, s.get("variants", []), _params(s))
    verbs = q.get("verbs")
    if verbs is not None and not (isinstance(verbs, dict) and all(
            isinstance(verbs.get(lang), list) and len(verbs[lang]) == 2
            and all(isinstance(x, str) and x.strip() for x in verbs[lang]) for lang in ("ja", "en"))):
        raise ConfigError(f"{where}: 'verbs' needs two words in 'ja' and in 'en', for the measure going up and down "
                          f"(e.g. {{ja: [広げる, 狭める], en: [widens, narrows]}}); got {verbs!r}",
                          ja=f"{where.replace(': question ', '：問い ')}：verbs には ja と en のそれぞれに、指標が上がるとき"
                             "と下がるときの２語が要ります（例：{ja: [広げる, 狭める], en: [widens, narrows]}）")
    ex = q.get("exact")
    if ex is not None and (not isinstance(ex, dict) or not ex.get("analysis") or not ex.get("values")):
        raise ConfigError(f"{where}: 'exact' needs an 'analysis' name and a list of 'values' "
                          "({key, name: {ja, en}})")


def _check_bots(bots: Any, file: str) -> Any:
    """The file's `bots`: a list of bot specs the agents know (or empty)."""
    if bots:
        if not isinstance(bots, list) or not all(isinstance(b, str) and b for b in bots):
            raise ConfigError(f"{file}: 'bots' is a list of bot specs, e.g. [random, greedy]; got {bots!r}")
        from ..agents import parse_agents

        parse_agents(",".join(bots), len(bots))  # a clear error for an unknown bot
    return bots


def _check_start_n(start_n: Any, file: str) -> Any:
    """The file's `start_n`: a bot spec -> its first games per study (>= 1)."""
    if not isinstance(start_n, dict) or not all(isinstance(v, int) and v >= 1 for v in start_n.values()):
        raise ConfigError(f"{file}: 'start_n' maps a bot spec to its first games per study (>= 1); got {start_n!r}")
    return start_n


def _params(s: dict) -> dict[str, Any]:
    return {k: (",".join(map(str, v)) if isinstance(v, list) else v) for k, v in (s.get("params") or {}).items()}


@dataclass(frozen=True)
class Setting:
    players: int
    bot: str
    variants: tuple[str, ...] = ()
    params: tuple[tuple[str, Any], ...] = ()
    seed: int = 0  # the study seed: 0 everywhere, so both sides of a comparison play the same games;
    #                an A/A check (scripts/ask_aa.py) gives one side other seeds
    planner: str = ""  # a bot spec planning with the base rules, in one seat rotating with the game (--check-bots)

    def lineup(self) -> list[str]:
        """The study's bots, seat by seat (the study rotates them with the game's index)."""
        if self.planner:
            return [self.planner] + [self.bot] * (self.players - 1)
        return [self.bot] * self.players

    @property
    def name(self) -> str:
        v = "+".join(self.variants) or "base"
        p = "".join(f"_{k}-{str(x).replace(',', '.')}" for k, x in self.params)
        bot = re.sub(r"[^A-Za-z0-9_.+-]", ".", self.bot)  # a folder name on every system: greedy:plan=0 → greedy.plan.0
        return (f"{bot}-{self.players}p-{v}{p}" + (f"_seed-{self.seed}" if self.seed else "")
                + ("_plan-base" if self.planner else ""))


def _setting(game: str, s: dict, players: int, bot: str) -> Setting:
    return Setting(players, bot, tuple(s.get("variants", [])), tuple(sorted(_params(s).items())),
                   int(s.get("seed", 0)))


def _players(game: str, q: dict) -> list[int]:
    info = game_info(game)
    if q["kind"] == "seats":
        return list(range(info.players[0], info.players[1] + 1))
    return [int(x) for x in q.get("players", [])] or [max(info.players)]


def settings_for_question(game: str, q: dict, bot: str) -> list[Setting]:
    if q["kind"] == "words":
        return []
    out = []
    for P in _players(game, q):
        out.append(_setting(game, q.get("base") or {}, P, bot))
        for s in q.get("against", []) if q["kind"] == "compare" else []:
            out.append(_setting(game, s, P, bot))
    return out


def planner_spec(game: str, bot: str) -> str | None:
    """The lead bot planning with the base rules (greedy's `rules=base`, agents/planrules.py), or None when
    the bot cannot plan under other rules (the planning check then does not apply)."""
    from ..agents import level_spec

    try:
        spec = level_spec(bot, game)
    except KeyError:  # a spec, not a level name
        spec = bot
    return f"{spec}:rules=base" if spec.split(":")[0] == "greedy" and "rules=" not in spec else None


def planner_settings(game: str, q: dict, bot: str) -> list[Setting]:
    """For each setting a compare question sets against its base: the same games with one seat planning
    under the base rules (agents/planrules.py)."""
    spec = planner_spec(game, bot)
    if q["kind"] != "compare" or spec is None:
        return []
    base: dict[str, Any] = {"variants": [], "params": {}}
    out = []
    for P in _players(game, q):
        for s in q.get("against", []):
            st = _setting(game, s, P, bot)
            if st != _setting(game, base, P, bot) and _restates(game, st):
                out.append(replace(st, planner=spec))
    return out


def _restates(game: str, s: Setting) -> bool:
    """Whether the setting's positions can be stated under the base rules (not when the variant changes
    what a seat holds, the cards or the board: agents/planrules.py), judged at its setup."""
    from ..agents.planrules import base_rules_of
    from ..core.game import make

    return base_rules_of(make(game, players=s.players, seed=1, variants=list(s.variants),
                              params=dict(s.params))) is not None


def planning_check(a: Asker, aware: Setting, n: int) -> dict[str, Any] | None:
    """Per game i of the first n, seat i mod P: its score when every seat plans with the setting's rules
    minus its score when that seat plans with the base rules (paired: the same seeds). "pays" (interval
    above 0), "costs" (below: the bots misread the rule), "unclear", or "same" (no move changed)."""
    spec = planner_spec(a.game, aware.bot)
    planned = replace(aware, planner=spec or "")
    if not a.check_bots or spec is None or planned not in a.n:
        return None
    from .stats import column

    P = aware.players
    _, ta = a.tables(aware)
    _, tp = a.tables(planned)

    def seat_scores(t: Any) -> np.ndarray:
        idx, seat, score = column(t, "index"), column(t, "seat"), column(t, "score")
        out = np.full(n, np.nan)
        sel = (seat == idx % P) & (idx < n)
        out[idx[sel].astype(int)] = score[sel]
        return out

    r = paired_diff(seat_scores(tp), seat_scores(ta))
    lo, hi = r["ci"]
    word = ("same" if r["spread"] != "ok" and (r["diff"] in (None, 0.0)) else "unclear" if r["spread"] != "ok"
            else "pays" if lo is not None and lo > 0 else "costs" if hi is not None and hi < 0 else "unclear")
    return {"setting": planned.name, "n": r["n"], "diff": r["diff"], "ci": r["ci"], "verdict": word}


# --- running --------------------------------------------------------------------------------------
@dataclass
class Asker:
    game: str
    out: Path
    jobs: int = 2
    bots: tuple[str, ...] = BOTS
    progress: Callable[[str, int, int], None] | None = None  # (study, games it holds now, games it will hold)
    n: dict[Setting, int] = field(default_factory=dict)
    cost: dict[Setting, float] = field(default_factory=dict)  # seconds per game
    over: list[dict[str, Any]] = field(default_factory=list)  # bot levels whose plan does not fit the budget
    stopped: list[dict[str, Any]] = field(default_factory=list)  # a level whose plan the clock cut short
    extended: list[dict[str, Any]] = field(default_factory=list)  # a level whose plan the time left grew
    held_interrupts: Any = None  # after Ctrl-C: the SIGINT handler to give back once the workers are stopped
    check_bots: bool = False  # the planning check of every compared setting at the lead level
    seed: int = 0  # added to every study's seed: the whole ask on other games (`ask(seed=…)`)
    released: set[str] = field(default_factory=set)  # studies only settled comparisons use (`resize`): not grown
    settled: dict[str, list[str]] = field(default_factory=dict)  # question id -> its settled comparisons' settings
    deadline: float | None = None  # a time.perf_counter() after which no chunk of games starts (the budget)
    cut: bool = False  # the deadline stopped a run of games before its plan

    def folder(self, s: Setting) -> Path:
        return self.out / self.game / s.name

    pool: Any = None  # the ask's own worker processes (runner.process_pool) when jobs > 1, open while it plays

    def ensure(self, s: Setting, n: int) -> None:
        """Study `s` holds at least `n` games."""
        self.ensure_all([(s, n)])

    def ensure_all(self, todo: list[tuple[Setting, int]]) -> int:
        """Each study (setting, n) holds at least n games: the chunks of all of them in one queue of the
        ask's pool (study.run_studies), so no core waits at a study's end; a study's price per game is
        the batch's seconds over the games it played. The games played (not those a folder held)."""
        runs = []
        report = self.progress
        for s, n in todo:
            chunk = CHUNK_LEAD if s.bot == self.bots[0] else CHUNK
            st = settings_for(self.game, n, s.players, s.lineup(), s.seed + self.seed, list(s.variants),
                              dict(s.params), chunk=chunk)
            tick = _held_counter(report, s.name, n) if report is not None else None
            runs.append(StudyRun(st, self.folder(s), tick))
        t0 = time.perf_counter()
        run_studies(runs, self.pool if self.jobs > 1 else None, deadline=self.deadline)
        played = sum(r.played for r in runs)
        for (s, n), r in zip(todo, runs, strict=True):
            if r.played:
                self.cost[s] = (time.perf_counter() - t0) / played
            if r.played < r.planned:  # the deadline stopped it: the games it holds, a whole first part
                self.n[s] = max(self.n.get(s, 0), _games_in(self.folder(s)))
                self.cut = True
            else:
                self.n[s] = max(n, self.n.get(s, 0))
        return played

    def tables(self, s: Setting):
        _, g, t = load(self.folder(s))
        return g, t


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
            have = a.n.get(s, 0) or _games_in(a.folder(s))
            t0 = time.perf_counter()
            a.ensure(s, have + k)
            if not first and (time.perf_counter() - t0 >= PILOT_S or k >= 128):
                break
            first = False
            k *= 4
    finally:
        a.jobs = jobs
    per_game = max(1e-4, a.cost.get(s, 0.0)) / max(1, jobs)
    state["cost"][bot] = per_game
    return per_game


def _games_in(d: Path) -> int:
    """Games a study folder holds in finished chunks (what an interrupted ask kept)."""
    import pyarrow.parquet as pq

    return sum(pq.ParquetFile(p).metadata.num_rows for p in (d / "parts").glob("games-*.parquet")) \
        if (d / "parts").is_dir() else 0


def plan_sizes(a: Asker, bots: tuple[str, ...], need: dict[str, list[Setting]], state: dict[str, Any],
               budget_s: float, start: dict[str, int]) -> dict[str, int]:
    """Games per study, decided before any game is looked at: the lead (first) bot level takes what
    is left of the budget after the context levels, shared equally by its studies, from a pilot's
    price; a context level (e.g. random players) takes at most CONTEXT_SHARE of the budget and at
    most its start size. A study an earlier ask of the folder planned keeps its size (asking again
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
            share = (left if k == 0 else min(left, budget_s * CONTEXT_SHARE)) - runs * OVERHEAD_S
            fit = int(share / per_game / len(todo))
            n = min(MAX_N, fit) if k == 0 else min(n0, fit)
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


def settled_rows(a: Asker, q: dict, bot: str) -> set[str]:
    """The settings of a compare question's comparisons already settled by its studies' games so far:
    a difference, or a difference within the margin (TOST), at p < SETTLE_P after Holm's correction across
    the question's comparisons (the Haybittle–Peto rule: one early look at a level this strict, the final
    test at the usual 5%, so the chance of a false verdict grows by at most SETTLE_P; docs/lab.md). A
    settled comparison needs no more games; its answer is computed at the end like every other."""
    if q.get("kind") != "compare":
        return set()
    m = q["measure"]
    rows = [{"setting": x.st.name, **paired_diff(x.ma[m][:x.n], x.mv[m][:x.n], q.get("margin"))}
            for x in _sides(a, q, bot)]
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
        for P in _players(a.game, q):
            sts = [_setting(a.game, x, P, bot).name for x in q["against"]]
            base = _setting(a.game, q.get("base") or {}, P, bot).name
            open_ = [s for s in sts if s not in ok]
            held.update(open_)
            (held if open_ else done).add(base)
            done.update(s for s in sts if s in ok)
        held.update(s.name for s in planner_settings(a.game, q, bot))
    return done - held


def question_needs(a: Asker, q: dict, bot: str, partners: bool = True,
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
    P = _players(a.game, q)[0]
    base = _setting(a.game, q.get("base") or {}, P, bot)
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


def _compare_need(a: Asker, q: dict, bot: str, partners: bool = True,
                  settled: frozenset[str] | set[str] = frozenset()) -> dict[str, Any]:
    margin = q.get("margin")
    out: dict[str, Any] = {"id": q["id"], "need": None, "studies": {}}
    if not margin or margin <= 0:
        return out
    tests = len(_players(a.game, q)) * len(q["against"])
    cb = q.get("chance_bot")
    need = 0
    m = q["measure"]
    sides = [x for x in _sides(a, q, bot) if x.st.name not in settled]
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
        partner = min(a.n.get(replace(_setting(a.game, q.get("base") or {}, P, bot), bot=cb), 0)
                      for P in _players(a.game, q))
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
    from .allot import allot

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


def _reached(a: Asker, b: str, need: dict[str, list[Setting]], plan: dict[str, int]) -> dict[str, Any]:
    """A level the clock stopped: the games each of its studies holds, and its plan."""
    return {"bot": b, "reached": {s.name: a.n.get(s, 0) for s in need[b]},
            "planned": {s.name: plan[s.name] for s in need[b]}}


def _held_counter(report: Callable[[str, int, int], None], name: str, n: int) -> Callable[[int], None]:
    """A study run's progress (first the games its folder holds, then each chunk's) as the games the study
    holds now, out of the `n` it will hold: a later stage's bar starts where the last one ended."""
    held = 0

    def tick(k: int) -> None:
        nonlocal held
        held += k
        report(name, held, n)

    return tick


def hold_interrupts() -> Any:
    """After a first Ctrl-C, further ones wait until the state is saved and the workers are stopped (a
    second one there lost the message that says how to go on). The handler before, or None where the
    handlers cannot be set (not the main thread)."""
    try:
        return signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:
        return None


def release_interrupts(before: Any) -> None:
    if before is not None:
        signal.signal(signal.SIGINT, before)


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during `ask`: the plan and every finished chunk of games are kept in `folder`."""

    def __init__(self, folder: Path, games: int, planned: int) -> None:
        super().__init__()
        self.folder, self.games, self.planned = folder, games, planned


def ask(game: str, ids: list[str] | None = None, budget_s: float = 600.0, out: str | Path = "studies/ask",
        jobs: int = 2, bots: tuple[str, ...] | None = None, progress=None,
        questions: list[dict[str, Any]] | None = None, start_n: dict[str, int] | None = None,
        check_bots: bool = False, seed: int = 0) -> dict[str, Any]:
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
        a.deadline = t0 + budget_s * PLAY_END
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
            from .runner import process_pool

            with process_pool(jobs, info.id) as a.pool:
                _plan_and_play(a, qs, need, state, budget_s, start, t0, save)
            a.pool = None
        else:
            _plan_and_play(a, qs, need, state, budget_s, start, t0, save)
    finally:
        release_interrupts(a.held_interrupts)
    a.extended = _growth(a.extended, state, need)
    answers = [answer(a, q, doc["names"]) for q in qs]
    price = state.get("cost", {}).get(bots[0])
    for x in answers:  # an open answer: the budget that would give it its need, asked alone (from this price)
        if x["need"] and price and x["need"] <= MAX_N:
            x["alone_s"] = x["need"] * x["need_studies"] * float(price) / SAFETY / (1 - CONTEXT_SHARE)
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


def _chosen(info: GameInfo, qs: list[dict[str, Any]], ids: list[str] | None) -> list[dict[str, Any]]:
    """The questions named by `ids` (all when none), in the file's order; an unknown id is an error."""
    if not ids:
        return qs
    known = {q["id"] for q in qs}
    bad = [i for i in ids if i not in known]
    if bad:
        raise ConfigError(f"unknown question {bad[0]!r} for {info.id}; expected any of {listed(sorted(known), 'en')}",
                          ja=f"{info.name_ja}に問い {bad[0]!r} はありません。使えるのは{listed(sorted(known), 'ja')}です")
    return [q for q in qs if q["id"] in ids]


def _plan_and_play(a: Asker, qs: list[dict[str, Any]], need: dict[str, list[Setting]], state: dict[str, Any],
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
        raise Interrupted(a.out / a.game, sum(_games_in(a.folder(s)) for s in all_s),
                          sum(state.get("plan", {}).get(s.name, 0) for s in all_s)) from None


def _result(a: Asker, state: dict[str, Any], answers: list[dict[str, Any]], budget_s: float, before_s: float,
            continued: bool) -> dict[str, Any]:
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


def _resized_for(rs: dict[str, Any] | None, answers: list[dict[str, Any]]) -> dict[str, Any] | None:
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


def _js(x):
    if isinstance(x, np.generic):
        return x.item()
    raise TypeError(type(x))


# --- answering ------------------------------------------------------------------------------------
def answer(a: Asker, q: dict, names: dict) -> dict[str, Any]:
    fn = {"compare": _compare, "level": _level, "seats": _seats, "cards": _cards, "dealt": _dealt,
          "words": _words}[q["kind"]]
    by_bot = {b: fn(a, q, b, names) for b in a.bots}
    lead = a.bots[0]
    clear = bool(by_bot[lead]["clear"])
    need = None if clear else question_needs(a, q, lead, partners=False)  # what a clear answer would take
    if need and need["need"] and need["need"] <= min((a.n.get(s, 0) for s in a.n if s.name in need["studies"]),
                                                     default=0):
        need = None  # no more games than it holds: a difference near the margin, no size answers it surely
    return {"id": q["id"], "kind": q["kind"], "q": q, "by_bot": by_bot, "lead": lead,
            "clear": clear, "agree": _agree(q, by_bot, a.bots), "need": need and need["need"],
            "need_studies": len(need["studies"]) if need and need["need"] else 0,
            "names": {k: names[k] for k in q.get("also", []) if k in names}, "exact": exact(a.game, q)}


def _agree(q: dict, by_bot: dict, bots: tuple[str, ...]) -> bool | None:
    """Whether every bot level gives the same clear answer (None: some level is not clear)."""
    if len(bots) < 2 or not all(by_bot[b]["clear"] for b in bots):
        return None
    return len({json.dumps(by_bot[b].get("gist")) for b in bots}) == 1


def exact(game: str, q: dict) -> list[dict[str, Any]]:
    """A compare question's `exact` part: figures a game's analysis computes exactly (no games played,
    e.g. maxima over the real deck) for the base and each compared setting."""
    ex = q.get("exact")
    if not ex:
        return []
    an = (game_info(game).hooks.analyses or {}).get(ex["analysis"])
    if an is None:
        raise ConfigError(f"question {q['id']!r}: {game} has no analysis {ex['analysis']!r}")
    settings = [q.get("base") or {}, *q.get("against", [])]
    results = [an.run(list(s.get("variants", [])), _params(s), None) for s in settings]
    out = []
    for v in ex["values"]:
        if v["key"] not in results[0]:
            raise ConfigError(f"question {q['id']!r}: analysis {ex['analysis']!r} gives no {v['key']!r}")
        out.append({"key": v["key"], "name": v["name"], "values": [r[v["key"]] for r in results]})
    return out


PLAY = ("length", "mean_options", "multi_choice_share")  # what a game's play looks like, game by game


@dataclass(frozen=True)
class _Side:
    """One comparison of a compare question: its base and compared settings with their measures, the
    first `n` games of each being the same games."""
    P: int
    base: Setting
    ma: dict[str, np.ndarray]
    against: dict
    st: Setting
    mv: dict[str, np.ndarray]
    n: int


def _sides(a: Asker, q: dict, bot: str):
    """Each comparison of the question at `bot`, players count by players count (the same games on both
    sides are checked; a measure the tables lack is an error naming it)."""
    m = q["measure"]
    for P in _players(a.game, q):
        base = _setting(a.game, q.get("base") or {}, P, bot)
        sa, ma = _measures(a, q, base, P)
        for s in q["against"]:
            st = _setting(a.game, s, P, bot)
            sv, mv = _measures(a, q, st, P)
            n = min(len(sa), len(sv))  # the same games on both sides: the first n of each study
            if base.seed == st.seed and not np.all(sa[:n] == sv[:n]):
                raise ConfigError(f"question {q['id']!r}: {base.name} and {st.name} do not hold the same games")
            if m not in ma or m not in mv:
                raise ConfigError(f"question {q['id']!r}: no measure {m!r} in the study tables")
            yield _Side(P, base, ma, s, st, mv, n)


def _gist(rows: list[dict]) -> list[str]:
    """What a compare answer says, row by row: a real difference inside the margin says, as "negligible"
    does, that nothing that matters changes (so two levels that say so agree)."""
    return ["negligible" if r["negligible"] else r["effect"] for r in rows]


def _compare(a: Asker, q: dict, bot: str, names: dict) -> dict[str, Any]:
    rows = []
    m = q["measure"]
    bounds = (0.0, 1.0) if q.get("format") == "pct" else None
    n_tests = len(_players(a.game, q)) * len(q["against"])
    for x in _sides(a, q, bot):
        ma, mv, n = x.ma, x.mv, x.n
        r = paired_diff(ma[m][:n], mv[m][:n], q.get("margin"), bounds, n_tests)
        also = {k: paired_diff(ma[k][:n], mv[k][:n]) for k in q.get("also", []) if k in ma and k in mv}
        same_play = x.base.seed == x.st.seed and all(
            k in ma and k in mv and bool(np.array_equal(ma[k][:n], mv[k][:n], equal_nan=True)) for k in PLAY)
        stopped = bot == a.bots[0] and x.st.name in a.released and x.st.name in a.settled.get(q["id"], ())
        rows.append({"players": x.P, "against": x.against, "setting": x.st.name, **r, "also": also,
                     "fired": fired(a, x.st, n), "stopped_early": stopped,
                     "same_play": bool(same_play and n > 0),
                     "planning": planning_check(a, x.st, n) if bot == a.bots[0] else None})
    adjust(rows)
    adjust_equiv(rows)
    for r in rows:
        r["negligible"] = bool(r["equivalent"] and r["spread"] == "ok")
        r["significant"] = bool(r["significant"] and r["spread"] == "ok")
        r["clear"] = bool(r["significant"] or r["negligible"])
        r["effect"] = _effect(q, r, a.game, P=r["players"])
    return {"rows": rows, "clear": bool(rows) and all(r["clear"] for r in rows),
            "gist": _gist(rows)}


def fired(a: Asker, s: Setting, n: int) -> list[dict[str, Any]]:
    """How often each rule of the setting that declares what counts it (`Variant.fires`) took effect in the
    first `n` games of its study (those the verdict rests on): per game (all seats together) and the share
    of games in which it did at least once. [] for a setting without such a rule."""
    from .stats import column

    info = game_info(a.game)
    rules = [info.variants[v] for v in s.variants if v in info.variants and info.variants[v].fires]
    if not rules or n < 1:
        return []
    _, t = a.tables(s)
    index = column(t, "index")
    out = []
    for v in rules:
        col = "m_" + v.fires
        if col not in t.column_names:
            continue
        x = column(t, col)
        per = np.array([float(np.nansum(x[index == g])) for g in range(n)])
        out.append({"variant": v.id, "rule": v.rule, "measure": v.fires, "per_game": float(per.mean()),
                    "games_share": float((per > 0).mean()), "games": n})
    return out


def _measures(a: Asker, q: dict, s: Setting, P: int) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """A study's measures, one value per game (stats.game_measures), with the question's derived ones:
    `top_wins:<m>` the win share of the player(s) with the most <m> in the game (does <m> decide who
    wins?); and with `chance_bot`, the question's measure minus that bot level's in the same setting and
    game (the rules' own chance level: what random players would show), when that level is asked too."""
    g, t = a.tables(s)
    seeds, ms = game_measures(g, t, P)
    m = q.get("measure", "")
    if m.startswith("top_wins:"):
        ms[m] = top_wins(t, m.split(":", 1)[1], seeds)
    cb = q.get("chance_bot")
    if cb and s.bot != cb and cb in a.bots:
        cs = Setting(s.players, cb, s.variants, s.params, s.seed)
        _, mc = _measures(a, {**q, "chance_bot": None}, cs, P)
        n = min(len(ms[m]), len(mc[m]))
        ms = {**ms, m: ms[m][:n] - mc[m][:n]}
        seeds = seeds[:n]
    return seeds, ms


def top_wins(seats, measure: str, seeds: np.ndarray) -> np.ndarray:
    """Per game (in `seeds` order: game-index order), the mean win of the seats with the game's highest
    `m_<measure>` (a shared top shares it); NaN when the measure is missing."""
    from .stats import column

    col = "m_" + measure
    if col not in seats.column_names:
        raise ConfigError(f"no measure {measure!r} in the study tables (for top_wins:{measure})")
    index = column(seats, "index")
    x = column(seats, col)
    win = column(seats, "win")
    out = {}
    for g in np.unique(index):
        sel = index == g
        top = x[sel] == np.nanmax(x[sel])
        out[int(g)] = float(win[sel][top].mean())
    return np.array([out.get(i, np.nan) for i in range(len(seeds))])


def _effect(q: dict, r: dict, game: str, P: int) -> str:
    """better / worse / negligible / none (not clear) / no_spread / no_events, for the question's direction."""
    if r["spread"] == "no_events":
        return "no_events"
    if r["spread"] == "none":
        return "no_spread"
    if r["significant"] and r["diff"] is not None:
        if q["better"] == "closer":
            c = 1 / P
            return "better" if abs(r["b"] - c) < abs(r["a"] - c) else "worse"
        up = r["diff"] > 0
        return "better" if up == (q["better"] == "higher") else "worse"
    if r["negligible"]:
        return "negligible"
    return "none"


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
                     "clear": bool(h <= max(0.05 * abs(mean), LEVEL_PCT if m.get("format") == "pct" else 0.01))})
    return {"rows": rows, "clear": all(r["clear"] for r in rows), "gist": None}


LEVEL_PCT = 0.025  # a share's figure is clear within ± 2.5 points (else within ± 5% of the value, or ± 0.01)
SEAT_MARGIN = 0.05  # a turn position within chance ± 5 points has "no advantage that matters"
CARD_MARGIN = 0.05  # a card: flagged when significant and this far from chance; within it, it does not matter


def _seats(a: Asker, q: dict, bot: str, names: dict) -> dict[str, Any]:
    from .stats import column, equiv_share

    rows = []
    margin = float(q.get("margin", SEAT_MARGIN))
    for P in _players(a.game, q):
        g, t = a.tables(_setting(a.game, {}, P, bot))
        pos = position_shares(t, P)
        by = "turn_pos" if pos else "seat"
        key = column(t, by)
        win = column(t, "win")
        for r in pos or seat_shares(t, P):
            lo, hi = r["ci"]
            c = 1 / P
            rows.append({"players": P, "by": by, "k": r[by], "win_share": r["win_share"], "ci": [lo, hi],
                         "p": r["p"], "chance": c, "games": r["games"],
                         "p_equiv": equiv_share(win[key == r[by]], c, margin)})
    adjust(rows)
    adjust_equiv(rows)
    found = [(r["players"], r["k"], r["win_share"] > r["chance"]) for r in rows if r["significant"]]
    clear = bool(found) or (bool(rows) and all(r["equivalent"] for r in rows))
    return {"rows": rows, "clear": clear, "margin": margin, "gist": found or "none"}


def _cards(a: Asker, q: dict, bot: str, names: dict) -> dict[str, Any]:
    P = _players(a.game, q)[0]
    g, t = a.tables(_setting(a.game, q.get("base") or {}, P, bot))
    rows = card_rows(t, P, q.get("prefix", "played_"), q.get("kept_prefix", "held_"), float(q.get("margin", CARD_MARGIN)))
    return _card_result(rows, P)


def _card_result(rows: list[dict[str, Any]], P: int) -> dict[str, Any]:
    found = sorted(r["card"] for r in rows if r["flag"])
    clear = bool(found) or (bool(rows) and all(r.get("equivalent") for r in rows))
    return {"rows": rows, "clear": clear, "players": P, "gist": found}


def _dealt(a: Asker, q: dict, bot: str, names: dict) -> dict[str, Any]:
    P = _players(a.game, q)[0]
    g, t = a.tables(_setting(a.game, q.get("base") or {}, P, bot))
    rows = card_rows(t, P, "dealt_", "dealt_kept_", float(q.get("margin", CARD_MARGIN)))
    return _card_result(rows, P)


def _words(a: Asker, q: dict, bot: str, names: dict) -> dict[str, Any]:
    """A 問題点 games cannot answer (an idea the draft itself rejects, a renaming that changes no rule):
    answered by its `words`, no games played."""
    return {"rows": [], "clear": True, "gist": "words"}


# --- the A/A check of the whole procedure ---------------------------------------------------------
def aa_question(game: str, q: dict, rep: int) -> dict[str, Any]:
    """A compare question as an A/A check: the base setting against itself, each side on its own fresh
    seeds (rep `rep`), so that any difference the procedure reports is a false one."""
    if q["kind"] != "compare":
        raise ConfigError(f"question {q['id']!r} is a {q['kind']} question; an A/A check takes a compare question")
    base = dict(q.get("base") or {})
    sides = [{**base, "seed": 1 + 1000 * rep + j, "label": {"ja": f"同じ設定（別のシード {j}）",
                                                            "en": f"the same setting (other seeds {j})"}}
             for j in range(1, len(q["against"]) + 1)]
    return {**q, "id": f"{q['id']}-aa{rep}", "base": {**base, "seed": 1 + 1000 * rep}, "against": sides, "exact": None,
            "also": []}


def aa(game: str, qid: str | list[str], reps: int = 100, budget_s: float = 10.0, out: str | Path = "studies/ask-aa",
       jobs: int = 2, bots: tuple[str, ...] = ("random",), start_n: dict[str, int] | None = None,
       keep: bool = False, progress: Callable[[int, dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """The whole `ask` procedure (pilot, plan from the budget, staged runs and the clock's stop, the plan
    shared anew by need after its first stage, an early look that settles a comparison beyond doubt,
    paired tests, Holm, TOST) on A/A versions of one or more compare questions asked together, `reps` times with fresh seeds: per question, the share of
    repetitions whose verdict calls any of its comparisons better or worse (at most 5% expected), and how
    often the plan was shared anew with a need met. Each repetition asks in its own folder under `out`
    (removed unless `keep`)."""
    import shutil

    if reps < 1:
        raise ConfigError(f"reps must be at least 1; got {reps}")
    info = game_info(game)
    doc = load_questions(info.id)
    ids = [qid] if isinstance(qid, str) else list(qid)
    qs = []
    for i in ids:
        q = next((x for x in doc["questions"] if x["id"] == i), None)
        if q is None:
            raise ConfigError(f"unknown question {i!r} for {info.id}")
        qs.append(q)
    by_q = dict.fromkeys(ids, 0)
    flagged = negligible = reshared = settled = 0
    games: list[int] = []
    t0 = time.perf_counter()
    for r in range(reps):
        d = Path(out) / f"rep-{r:03d}"
        if d.exists():
            shutil.rmtree(d)
        res = ask(info.id, None, budget_s, d, jobs, bots, questions=[aa_question(info.id, q, r) for q in qs],
                  start_n=start_n)
        hits = []
        for i, ans in zip(ids, res["answers"], strict=True):
            rows = ans["by_bot"][bots[0]]["rows"]
            hit = any(x["effect"] in ("better", "worse") for x in rows)
            by_q[i] += hit
            hits.append(hit)
            negligible += all(x["effect"] == "negligible" for x in rows)
            games += [x["n"] for x in rows]
        flagged += any(hits)
        reshared += bool((res.get("resized") or {}).get("met"))
        settled += bool((res.get("resized") or {}).get("settled"))  # an early look settled a comparison
        if progress is not None:
            progress(r, {"flagged": any(hits), "games": min(x["n"] for a_ in res["answers"]
                                                            for x in a_["by_bot"][bots[0]]["rows"])})
        if not keep:
            shutil.rmtree(d, ignore_errors=True)
    return {"game": info.id, "question": ",".join(ids), "reps": reps, "budget_s": budget_s, "bots": list(bots),
            "comparisons": sum(len(q["against"]) for q in qs), "flagged": flagged, "flagged_share": flagged / reps,
            "by_question": by_q, "reshared": reshared, "settled": settled, "all_negligible": negligible,
            "games_max": max(games), "games_min": min(games), "seconds": time.perf_counter() - t0}


__all__ = ["ALPHA", "BOTS", "Interrupted", "aa", "aa_question", "ask", "load_questions", "plan_sizes"]
