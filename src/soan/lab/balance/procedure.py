"""The procedure: the search (Optuna or a full grid, the same seeds for every trial), then validation and robustness on fresh seeds."""

from __future__ import annotations

import copy
import hashlib
import json
import os
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from ...core.errors import ConfigError
from ...core.game import check_config, game_info
from ...core.version import __version__
from .axes import Axis, components_file
from .result import BalanceResult, Moved, Neighbour, OtherLevel, TargetSpec, TargetValue
from .targets import FRESH, SEED_MAX, Target

if TYPE_CHECKING:
    import optuna
    import pyarrow as pa

    from ..stats import Floats

Tables = tuple["pa.Table", "pa.Table"]  # (games, seats) of a set of games


@dataclass
class Problem:
    game: str
    players: int
    agents: list[str]
    variants: tuple[str, ...]
    params: dict[str, Any]
    targets: list[Target]
    axes: list[Axis]
    games: int = 200  # per trial
    trials: int = 30
    validate: int = 800
    robust: int = 400
    seed: int = 0
    jobs: int = 1
    budget_s: float | None = None  # the search's time budget
    out: Path = field(default_factory=lambda: Path("balance"))
    levels: list[list[str]] = field(default_factory=list)  # other bots the proposal is checked with
    level_games: int = 0  # games of the base and the proposal per other level (0: `robust`)

    def key(self) -> str:
        d = {"game": self.game, "players": self.players, "agents": self.agents, "variants": list(self.variants),
             "params": {k: list(v) if isinstance(v, tuple) else v for k, v in self.params.items()},
             "targets": [t.text for t in self.targets], "axes": [a.text for a in self.axes], "games": self.games,
             "seed": self.seed}
        return hashlib.sha1(json.dumps(d, sort_keys=True, default=str).encode()).hexdigest()[:16]


def setting_of(pb: Problem, choice: dict[str, Any]) -> tuple[tuple[str, ...], dict[str, Any], str | None]:
    """(variants, params, components file) of a choice {axis text: value}."""
    vs = list(pb.variants)
    ps = dict(pb.params)
    data: dict[str, Any] = {}
    for a in pb.axes:
        v = choice.get(a.text, a.base)
        if a.kind == "variant":
            if v and a.name not in vs:
                vs.append(a.name)
            if not v and a.name in vs:
                vs.remove(a.name)
        elif a.kind == "param":
            ps[a.name] = v
        elif a.kind == "item":
            cur = list(ps.get(a.name) or ())
            i = a.index or 0
            cur += [0] * (i + 1 - len(cur))
            cur[i] = v
            ps[a.name] = tuple(cur)
        else:
            if v != a.base:
                data[a.name] = v
    info = game_info(pb.game)
    keep = {k: v for k, v in ps.items()
            if k in info.params and (not info.params[k].requires or info.params[k].requires in vs)}
    _, _, vv, pp = check_config(pb.game, pb.players, vs, keep)
    return vv, pp, components_file(pb.game, data, pb.out)


def changed(pb: Problem, choice: dict[str, Any]) -> list[tuple[Axis, Any]]:
    return [(a, choice[a.text]) for a in pb.axes if a.text in choice and choice[a.text] != a.base]


# --- playing and measuring ------------------------------------------------------------------------


def play(pb: Problem, choice: dict[str, Any], n: int, seed: int,
         progress: Callable[[int], None] | None = None) -> Tables:
    """(games, seats) tables of `n` games of a choice on the seeds of `seed`."""
    from ..runner import run_games
    from ..study import _tables

    vs, ps, comp = setting_of(pb, choice)
    res = run_games(pb.game, n, pb.players, pb.agents, seed, vs, ps, comp, jobs=pb.jobs, collect=True,
                    progress=progress)
    settings = {"game": pb.game, "players": pb.players, "variants": list(vs),
                "params": {k: list(v) if isinstance(v, tuple) else v for k, v in ps.items()}}
    return _tables(res, settings)


def kept_play(pb: Problem, choice: dict[str, Any], n: int, seed: int,
              progress: Callable[[int], None] | None = None) -> Tables:
    """`play`, its tables kept in OUT/played/ under a key of everything that decides its games (game,
    players, bots, rules, the choice, the number of games, the seeds): a balance run stopped after the
    search (Ctrl-C) plays again only the validation, robustness and level games it had not finished."""
    import pyarrow.parquet as pq

    key = hashlib.sha1(json.dumps({"game": pb.game, "players": pb.players, "agents": pb.agents,
                                   "variants": list(pb.variants), "params": pb.params,
                                   "choice": {k: _json(v) for k, v in choice.items()}, "n": n, "seed": seed,
                                   "version": __version__}, sort_keys=True, default=str).encode()).hexdigest()[:20]
    d = pb.out / "played"
    gpath, spath = d / f"{key}-games.parquet", d / f"{key}-seats.parquet"
    if gpath.exists() and spath.exists():
        if progress:
            progress(n)
        return pq.read_table(gpath), pq.read_table(spath)
    g, s = play(pb, choice, n, seed, progress)
    d.mkdir(parents=True, exist_ok=True)
    for table, path in ((s, spath), (g, gpath)):  # the games file last: both are there when it is
        tmp = path.with_suffix(".part")
        pq.write_table(table, tmp)
        os.replace(tmp, path)
    return g, s


def per_game(games: pa.Table, seats: pa.Table, players: int, target: Target) -> Floats:
    """One value per game of a target's measure (nan where a game has none)."""
    import numpy as np

    from ..stats import _per_game, column, game_measures

    if target.measure.startswith("win-when:"):
        col = "m_" + target.measure.split(":", 1)[1]
        if col not in seats.column_names:
            return np.full(games.num_rows, np.nan)
        has = np.nan_to_num(column(seats, col)) > 0
        win = np.where(has, column(seats, "win"), np.nan)
        keys, v = _per_game(column(seats, "index"), win)
        pos = {int(k): i for i, k in enumerate(keys)}
        return np.array([v[pos[int(g)]] if int(g) in pos else np.nan for g in np.sort(column(games, "index"))])
    ms = game_measures(games, seats, players)[1]
    if target.measure not in ms:
        return np.full(games.num_rows, np.nan)
    return ms[target.measure]


def evaluate(pb: Problem, games: pa.Table, seats: pa.Table) -> list[TargetValue]:
    """Each target's value, 95% interval, whether it holds and its miss."""
    from ..stats import mean_ci, share_test

    out: list[TargetValue] = []
    for t in pb.targets:
        x = per_game(games, seats, pb.players, t)
        if t.share:
            r = share_test(x, 1 / pb.players)
            m, lo, hi = r["win_share"], r["ci"][0], r["ci"][1]
        else:
            m, lo, hi = mean_ci(x)
        out.append({"target": t.text, "value": m, "ci": [lo, hi], "holds": t.holds(m), "miss": t.miss(m)})
    return out


def known_measures(pb: Problem) -> set[str]:
    """Measure names a game of the base settings has (one quick game with random bots)."""
    from ..runner import play_game
    from ..stats import game_measures
    from ..study import _tables

    r = play_game(pb.game, pb.players, 1, ["random"] * pb.players, pb.variants, pb.params, collect=True)
    g, s = _tables([r], {"game": pb.game, "players": pb.players, "variants": list(pb.variants), "params": {}})
    return set(game_measures(g, s, pb.players)[1]) | {c for c in s.column_names if c.startswith("m_")}


# --- the search -----------------------------------------------------------------------------------


def _grid_size(pb: Problem) -> int:
    n = 1
    for a in pb.axes:
        n *= len(a.values)
    return n


def _ticker(progress: Callable[[str, int, int], None] | None, stage: str, start: int,
            total: int) -> Callable[[int], None] | None:
    """A stage's progress in games, from `start` games done: what `run_games` calls after each chunk."""
    if not progress:
        return None
    done = start
    progress(stage, done, total)

    def played(k: int) -> None:
        nonlocal done
        done += k
        progress(stage, done, total)
    return played


def search(pb: Problem, progress: Callable[[str, int, int], None] | None = None) -> list[dict[str, Any]]:
    """Optuna trials (kept in OUT/optuna.db, so a stopped search resumes) → every evaluated choice with
    its targets' values on the search seeds. The base game is always the first trial."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.ERROR)  # soan says its own progress; a stopped trial is no traceback
    pb.out.mkdir(parents=True, exist_ok=True)
    multi = len(pb.targets) > 1
    grid = _grid_size(pb)
    if grid <= pb.trials:
        space = {a.text: list(range(len(a.values))) for a in pb.axes}
        sampler: Any = optuna.samplers.GridSampler(space, seed=pb.seed)
    elif multi:
        sampler = optuna.samplers.NSGAIISampler(seed=pb.seed)
    else:
        sampler = optuna.samplers.TPESampler(seed=pb.seed)
    name = f"balance-{pb.key()}"
    kw: dict[str, Any] = ({"directions": ["minimize"] * len(pb.targets)} if multi else {"direction": "minimize"})
    study = optuna.create_study(study_name=name, storage=f"sqlite:///{pb.out / 'optuna.db'}", load_if_exists=True,
                                sampler=sampler, **kw)
    base_idx = {a.text: a.values.index(a.base) for a in pb.axes}
    if not study.trials:
        study.enqueue_trial(base_idx)
    cache: dict[str, list[TargetValue]] = {}
    for tr in study.trials:
        if tr.state == optuna.trial.TrialState.COMPLETE and "targets" in tr.user_attrs:
            cache[json.dumps(tr.params, sort_keys=True)] = tr.user_attrs["targets"]

    def objective(trial: optuna.Trial) -> float | tuple[float, ...]:
        idx = {a.text: trial.suggest_int(a.text, 0, len(a.values) - 1) for a in pb.axes}
        k = json.dumps(idx, sort_keys=True)
        if k not in cache:
            choice = {a.text: a.values[idx[a.text]] for a in pb.axes}
            g, s = play(pb, choice, pb.games, pb.seed, _ticker(progress, "search", len(cache) * pb.games, total))
            cache[k] = evaluate(pb, g, s)
        trial.set_user_attr("targets", cache[k])
        misses = [r["miss"] for r in cache[k]]
        return tuple(misses) if multi else misses[0]

    total = min(pb.trials, grid) * pb.games  # progress in games: a trial of slow bots takes minutes

    t0 = time.perf_counter()
    # `trials` counts distinct settings played; a sampler proposing one again costs nothing (cached), and
    # a small space it keeps proposing ends the search after a few rounds of repeats
    attempts = 0
    while len(cache) < min(pb.trials, grid) and attempts < 5 * pb.trials:
        if pb.budget_s is not None and cache and time.perf_counter() - t0 > pb.budget_s:
            break  # the base game is always played: a budget too short for it still gives a result
        if progress:
            progress("search", len(cache) * pb.games, total)
        study.optimize(objective, n_trials=1)
        attempts += 1
    if progress:
        progress("search", len(cache) * pb.games, len(cache) * pb.games)  # done (a budget may end it early)
    out = []
    seen = set()
    for tr in study.trials:
        if tr.state != optuna.trial.TrialState.COMPLETE or "targets" not in tr.user_attrs:
            continue
        k = json.dumps(tr.params, sort_keys=True)
        if k in seen:
            continue
        seen.add(k)
        choice = {a.text: a.values[tr.params[a.text]] for a in pb.axes}
        out.append({"trial": tr.number, "choice": choice, "targets": tr.user_attrs["targets"]})
    return out


def best_of(pb: Problem, trials: list[dict[str, Any]]) -> dict[str, Any]:
    """The choice to validate: among those meeting every target on the search seeds, the one changing
    the fewest settings, then the smallest total miss; if none meets them all, the smallest total miss."""
    def cost(t: dict[str, Any]) -> tuple[bool, int, float, float]:
        ok = all(r["holds"] for r in t["targets"])
        return (not ok, len(changed(pb, t["choice"])) if ok else 0, sum(r["miss"] for r in t["targets"]),
                -sum(tg.slack(r["value"]) for tg, r in zip(pb.targets, t["targets"], strict=True)))
    return min(trials, key=cost)


def neighbours(pb: Problem, choice: dict[str, Any]) -> list[tuple[Axis, Any, dict[str, Any]]]:
    """Each searched setting moved one step either way from `choice` (a variant or a flag: switched)."""
    out = []
    for a in pb.axes:
        i = a.values.index(choice[a.text])
        for j in (i - 1, i + 1):
            if 0 <= j < len(a.values) and a.values[j] != choice[a.text]:
                out.append((a, a.values[j], {**choice, a.text: a.values[j]}))
    return out


def others_moved(pb: Problem, base: Tables, best: Tables) -> list[dict[str, Any]]:  # stats' rows, with "relative"
    """Every measure of base and best on the same fresh seeds (paired, Holm): the significant moves, by
    size relative to the base value, the targets' own measures left out."""
    from ..stats import compare_tables

    rows, _ = compare_tables(base, best, pb.players)
    own = {t.measure for t in pb.targets}
    out = []
    for r in rows:
        if r["measure"] in own or not r["significant"] or r["diff"] is None:
            continue
        a = r["a"] or 0.0
        out.append({**r, "relative": abs(r["diff"]) / (abs(a) if a else 1.0)})
    out.sort(key=lambda r: -r["relative"])
    return out


def run(pb: Problem, progress: Callable[[str, int, int], None] | None = None) -> BalanceResult:
    """Search, validate on fresh seeds, check robustness; the result as JSON-able data."""
    if isinstance(pb.seed, bool) or not isinstance(pb.seed, int) or not 0 <= pb.seed <= SEED_MAX:
        raise ConfigError(f"seed must be a whole number from 0 to {SEED_MAX}; got {pb.seed!r}",
                          ja=f"seed は0から{SEED_MAX}までの整数です（指定：{pb.seed!r}）")
    t0 = time.perf_counter()
    trials = search(pb, progress)
    best = best_of(pb, trials)
    bvs, bps, bcomp = setting_of(pb, best["choice"])
    base_choice = {a.text: a.base for a in pb.axes}
    fresh = pb.seed + FRESH
    same = best["choice"] == base_choice
    total = pb.validate * (1 if same else 2)

    base_t = kept_play(pb, base_choice, pb.validate, fresh, _ticker(progress, "validate", 0, total))
    best_t = base_t if same else kept_play(pb, best["choice"], pb.validate, fresh,
                                           _ticker(progress, "validate", pb.validate, total))
    vb, vx = evaluate(pb, *base_t), evaluate(pb, *best_t)
    moved = others_moved(pb, base_t, best_t) if best_t is not base_t else []
    robust: list[Neighbour] = []
    nb = neighbours(pb, best["choice"])
    for i, (a, v, ch) in enumerate(nb):
        g, s = kept_play(pb, ch, pb.robust, fresh, _ticker(progress, "robust", i * pb.robust, len(nb) * pb.robust))
        r = evaluate(pb, g, s)
        robust.append({"axis": a.text, "value": _json(v), "targets": r, "holds": all(x["holds"] for x in r)})
    levels: list[OtherLevel] = []
    n_lv = pb.level_games or pb.robust
    for i, ags in enumerate(pb.levels):  # "check it with another bot level": the same fresh seeds
        other = copy.copy(pb)
        other.agents = ags
        lb = kept_play(other, base_choice, n_lv, fresh, _ticker(progress, "levels", 2 * i * n_lv, 2 * len(pb.levels) * n_lv))
        lx = lb if same else kept_play(other, best["choice"], n_lv, fresh,
                                       _ticker(progress, "levels", (2 * i + 1) * n_lv, 2 * len(pb.levels) * n_lv))
        rx = evaluate(other, *lx)
        levels.append({"agents": ags, "games": n_lv, "base": evaluate(other, *lb), "best": rx,
                       "holds": all(x["holds"] for x in rx)})
    return {
        "levels": levels,
        "game": pb.game, "players": pb.players, "agents": pb.agents, "variants": list(pb.variants),
        "params": {k: _json(v) for k, v in pb.params.items()}, "seed": pb.seed, "fresh_seed": fresh,
        "targets": [cast(TargetSpec, asdict(t)) for t in pb.targets],
        "axes": [{"text": a.text, "kind": a.kind, "name": a.name, "index": a.index, "base": _json(a.base),
                  "values": [_json(v) for v in a.values]} for a in pb.axes],
        "games_per_trial": pb.games, "trials": [{"trial": t["trial"], "choice": {k: _json(v) for k, v in t["choice"].items()},
                                                 "targets": t["targets"]} for t in trials],
        "best": {"trial": best["trial"], "choice": {k: _json(v) for k, v in best["choice"].items()},
                 "variants": list(bvs), "params": {k: _json(v) for k, v in bps.items()}, "components": bcomp,
                 "search": best["targets"],
                 "changed": [{"axis": a.text, "from": _json(a.base), "to": _json(v)} for a, v in changed(pb, best["choice"])]},
        "validation": {"games": pb.validate, "base": vb, "best": vx, "holds": all(x["holds"] for x in vx),
                       "others": [cast(Moved, {k: r[k] for k in ("measure", "a", "b", "diff", "ci", "p_adj", "relative")})
                                  for r in moved]},
        "robustness": {"games": pb.robust, "neighbours": robust,
                       "holds": all(r["holds"] for r in robust) if robust else None},
        "seconds": time.perf_counter() - t0,
    }


def _json(v: Any) -> Any:
    return list(v) if isinstance(v, tuple) else v


# --- words ----------------------------------------------------------------------------------------
