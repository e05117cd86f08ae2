"""The dominant-strategy oracle: a way of playing that beats a field of normal bots.

Optuna (TPE) searches the normal bot's evaluation weights (the game's `balanced` play style; each weight
from a quarter to three times its default, its sign kept: lab/tune.py's space). A trial's candidate
plays one seat against normal bots in the others, the seat turning with the game index, on the same
seeds for every trial. The archive keeps, per weight, the best trial whose largest change is that weight
(a small quality-diversity archive in the manner of MAP-Elites: different ways to win, not one), and the
best `keep` of its cells become candidates. Their evidence is played afterwards on fresh seeds
(lab/hunt/confirm.py); the search's own games never count. The Optuna study lives in the hunt's folder,
so an interrupted hunt continues it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...agents.styles import game_styles
from ..tune import space, write_style
from .trace import win_share

MARGIN = 0.08  # a strategy beats the field when its seat wins beyond 1/P by more than this


def lineup(spec: str, players: int, index: int) -> list[str]:
    """The candidate in seat index % players, normal bots elsewhere."""
    return [spec if i == index % players else "greedy" for i in range(players)]


def strategy_values(c: dict[str, Any], traces: list[dict[str, Any]]) -> list[float]:
    """Per game, the candidate seat's share of the win (unfinished games count as lost)."""
    return [win_share(t, t["agents"].index(c["spec"])) if c["spec"] in t["agents"] else 0.0 for t in traces]


def largest_change(w: dict[str, float], defaults: dict[str, float]) -> tuple[str, float]:
    """The weight moved most (as a factor of its default; a default of 0 counts its new value) and that factor."""
    def move(k: str) -> float:
        d = defaults[k]
        return abs(math.log(max(1e-6, w[k] / d))) if d else abs(w[k])

    k = max(w, key=move)
    return k, (w[k] / defaults[k] if defaults[k] else w[k])


def search(game: str, players: int, folder: Path, seeds: list[int], trials: int, setting: dict[str, Any],
           play: Callable[[list[tuple[list[str], int, int]]], list[dict[str, Any]]],
           keep: int = 2, seed: int = 0, tick: Callable[[], bool] | None = None) -> list[dict[str, Any]]:
    """Up to `trials` more Optuna trials (each the games on `seeds`), `tick` saying when to stop early;
    the candidates from the archive. `play` plays (agents, seed, index) games and returns their traces."""
    styles = game_styles(game)
    if "balanced" not in styles:
        return []
    import optuna

    defaults = dict(styles["balanced"].weights)
    sp = space(defaults)
    if not sp:
        return []
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(direction="maximize", study_name=f"hunt:{game}:{players}",
                                storage=f"sqlite:///{folder / 'strategy.db'}", load_if_exists=True,
                                sampler=optuna.samplers.TPESampler(seed=seed))
    trial_dir = folder / "strategies"
    trial_dir.mkdir(parents=True, exist_ok=True)

    def spec_for(name: str, w: dict[str, float]) -> str:
        path = trial_dir / f"{name}.yaml"
        write_style(path, {"name": name, "weights": {**defaults, **w}})
        return f"greedy:style={path}"

    def objective(trial: optuna.Trial) -> float:
        w = {k: trial.suggest_float(k, lo, hi) for k, (lo, hi) in sp.items()}
        spec = spec_for(f"trial-{trial.number}", w)
        res = play([(lineup(spec, players, i), s, i) for i, s in enumerate(seeds)])
        return sum(strategy_values({"spec": spec}, res)) / len(res)

    done = sum(1 for t in study.trials if t.state == optuna.trial.TrialState.COMPLETE)
    for _ in range(max(0, trials - done)):
        if tick is not None and not tick():
            break
        study.optimize(objective, n_trials=1)
    archive: dict[str, tuple[float, optuna.trial.FrozenTrial]] = {}
    for t in study.trials:
        if t.state != optuna.trial.TrialState.COMPLETE or t.value is None:
            continue
        w = {k: float(t.params[k]) for k in sp}
        cell, _ = largest_change(w, defaults)
        if cell not in archive or t.value > archive[cell][0]:
            archive[cell] = (t.value, t)
    best = sorted(archive.values(), key=lambda x: -x[0])[:keep]
    out = []
    for value, t in best:
        if value <= 1 / players + MARGIN:
            continue
        w = {k: float(t.params[k]) for k in sp}
        k, factor = largest_change(w, defaults)
        out.append({"oracle": "strategy", "subject": k, "factor": factor, "direction": "beats",
                    "spec": spec_for(f"candidate-{t.number}", w), "weights": {**defaults, **w},
                    "search_share": value, "trial": t.number, "side": "above", "bound": 1 / players + MARGIN,
                    "chance": 1 / players})
    return out
