"""Tuning a bot's evaluation weights by self-play (`soan tune GAME --agent greedy`).

Optuna (TPE) proposes weights; a trial plays `games` games with the candidate in half of the seats
and the current default in the other half (alternating, rotated through the seats, the same seeds
for every trial) and scores the candidate's win share. The best weights are then validated on
fresh seeds against the default; `tuned.yaml` in the output folder holds them as a play style
(`greedy:style=<path to tuned.yaml>`), with the validation's figures. The Optuna study lives in the
output folder (SQLite), so an interrupted run resumes where it stopped.
A tuned default ships only when the validation says it wins significantly (interval above 50%).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..agents.styles import game_styles
from ..core.errors import ConfigError
from .runner import run_games
from .stats import wilson  # statsmodels: tuning needs the lab extra (Optuna) anyway

if TYPE_CHECKING:
    import optuna

    from .runner import GameResult

FIXED = {"vp"}  # the scale of a value: never tuned


def space(defaults: dict[str, float]) -> dict[str, tuple[float, float]]:
    """Each weight from a quarter to three times its default, its sign kept (a penalty stays a
    penalty); 0–1 for a default of 0."""
    def around(v: float) -> tuple[float, float]:
        if v > 0:
            return 0.25 * v, 3.0 * v
        return (3.0 * v, 0.25 * v) if v < 0 else (0.0, 1.0)

    return {k: around(v) for k, v in defaults.items() if k not in FIXED}


def _share(results: list[GameResult], spec: str) -> float:
    w = 0.0
    for r in results:
        win = r.winners
        w += sum(1 / len(win) for s in win if r.agents[s] == spec)
    return w


def tune(game: str, players: int, out: Path, agent: str = "greedy", trials: int = 30, games: int = 40,
         validate: int = 400, seed: int = 0, jobs: int = 1, progress: Callable[[int], None] | None = None,
         variants: tuple[str, ...] = (), params: dict[str, Any] | None = None) -> dict[str, Any]:
    """Tune under the rules `variants` and `params` give (a variant's own bot: a variant the default
    weights may misplay), every game of a trial and of the validation under them."""
    import optuna

    styles = game_styles(game)
    if "balanced" not in styles:
        raise ConfigError(f"{game} has no styles to tune (needs data/styles.yaml with 'balanced')")
    if trials < 1 or games < 2 or validate < 2:
        raise ConfigError("--trials must be >= 1, --games and --validate >= 2")
    defaults = dict(styles["balanced"].weights)
    base = agent.split(":")[0]
    if base not in ("greedy", "mcts"):
        raise ConfigError(f"--agent must be greedy or mcts (with options), got {agent!r}")
    default_spec = agent
    out.mkdir(parents=True, exist_ok=True)
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    rules = ",".join([*variants, *(f"{k}={v}" for k, v in sorted((params or {}).items()))])
    study = optuna.create_study(direction="maximize", study_name=f"{game}:{agent}:{players}" + (f":{rules}" if rules else ""),
                                storage=f"sqlite:///{out / 'optuna.db'}", load_if_exists=True,
                                sampler=optuna.samplers.TPESampler(seed=seed))
    if not study.trials:
        study.enqueue_trial({k: defaults[k] for k in space(defaults)})  # the default as a baseline
    sp = space(defaults)

    def spec_for(name: str, w: dict[str, float]) -> str:
        """The candidate as a styles file, so that worker processes read the same weights."""
        path = out / "trials" / f"{name}.yaml"
        path.parent.mkdir(exist_ok=True)
        write_style(path, {"name": name, "weights": {**defaults, **w}})
        return f"{agent}:style={path}"

    def objective(trial: optuna.Trial) -> float:
        w = {k: trial.suggest_float(k, lo, hi) for k, (lo, hi) in sp.items()}
        cand = spec_for(f"trial-{trial.number}", w)
        lineup = [cand if i % 2 == 0 else default_spec for i in range(players)]
        res = run_games(game, games, players, lineup, seed, variants, params, jobs=jobs)
        return _share(res, cand) / games

    done = sum(1 for t in study.trials if t.state == optuna.trial.TrialState.COMPLETE)
    for _ in range(max(0, trials - done)):
        study.optimize(objective, n_trials=1)
        if progress:
            progress(1)
    best = study.best_trial
    w = {k: best.params[k] for k in sp}
    cand = spec_for("tuned", w)
    lineup = [cand if i % 2 == 0 else default_spec for i in range(players)]
    res = run_games(game, validate, players, lineup, seed + 1_000_003, variants, params, jobs=jobs)  # fresh seeds
    wins = _share(res, cand)
    lo, hi = wilson(wins, validate)
    fair = sum(1 for x in lineup if x == cand) / players
    result = {"game": game, "agent": agent, "players": players, "variants": list(variants), "params": params or {},
              "trials": len(study.trials),
              "games_per_trial": games, "best_trial": best.number, "best_trial_share": best.value,
              "weights": {**defaults, **w}, "validation": {"games": validate, "share": wins / validate,
                                                            "ci": [lo, hi], "fair": fair,
                                                            "significant": lo > fair}}
    write_style(out / "tuned.yaml", result)
    return result


def write_style(path: Path, r: dict[str, Any]) -> None:
    import yaml

    if "validation" not in r:  # a trial's candidate
        body = {r["name"]: {"en": "a tuning candidate", "ja": "調整の候補", "weights": r["weights"]}}
        path.write_text(yaml.safe_dump(body, allow_unicode=True, sort_keys=False), encoding="utf-8")
        return
    v = r["validation"]
    note = (f"validated on {v['games']} fresh games against the default: win share {v['share']:.1%} "
            f"({v['ci'][0]:.1%}-{v['ci'][1]:.1%}), fair {v['fair']:.0%}")
    note_ja = (f"新しい{v['games']}ゲームで標準の重みと対戦して検証：勝率{v['share']:.1%}"
               f"（{v['ci'][0]:.1%}〜{v['ci'][1]:.1%}）、公平な割合{v['fair']:.0%}")
    body = {"tuned": {"en": f"tuned by self-play ({r['trials']} trials); {note}",
                      "ja": f"自己対戦で調整（{r['trials']}回の試行）。{note_ja}",
                      "weights": {k: round(x, 4) for k, x in r["weights"].items()}}}
    path.write_text(yaml.safe_dump(body, allow_unicode=True, sort_keys=False), encoding="utf-8")
