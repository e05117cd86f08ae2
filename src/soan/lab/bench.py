"""Benchmarks (never timed tests): medians of several runs on this machine."""

from __future__ import annotations

import gc
import statistics
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ..agents import SeatView, make_agent
from ..agents.drive import play_step, show_move
from ..core.game import check_config, make
from ..core.rng import Rng


def compiled_modules() -> list[str]:
    """The soan modules imported from compiled extensions (the optional build, scripts/build_compiled.py,
    used with `PYTHONPATH=build/compiled`); empty for the pure-Python package."""
    from importlib.machinery import EXTENSION_SUFFIXES

    return sorted(name for name, m in list(sys.modules.items())
                  if (name == "soan" or name.startswith("soan."))
                  and str(getattr(m, "__file__", None) or "").endswith(tuple(EXTENSION_SUFFIXES)))


def _playouts(game: str, players: int, games: int, seed0: int) -> tuple[float, int, int]:
    acts = 0
    most = 0
    t = time.perf_counter()
    for g in range(games):
        s = make(game, players=players, seed=seed0 + g)
        r = Rng(seed0 + g)
        while not s.is_over():
            seat = s.to_act()[0]
            la = s.legal_actions(seat)
            k = len(la)
            if k > most:
                most = k
            s.apply(seat, la[r.below(k)])
            acts += 1
    return time.perf_counter() - t, acts, most


def _clone_us(game: str, players: int, reps: int = 20000) -> float:
    s = make(game, players=players, seed=1)
    r = Rng(1)
    for _ in range(12):  # a mid-game position
        if s.is_over():
            break
        seat = s.to_act()[0]
        la = s.legal_actions(seat)
        s.apply(seat, la[r.below(len(la))])
    t = time.perf_counter()
    for _ in range(reps):
        s.clone()
    return (time.perf_counter() - t) / reps * 1e6


@contextmanager
def _engine_heap_only() -> Iterator[None]:
    """Time the engine, not the collector's walks over what the command imported: the objects alive
    before the runs (the CLI, pydantic models, the lab) are frozen out of the cyclic collector, so a
    full collection during a run costs what the game's own objects cost. Without this, whether one full
    collection (tens of ms over the import heap) falls inside a timed run swung figures by 10-30%."""
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def bench_game(game: str, players: int | None = None, games: int = 1000, runs: int = 5) -> dict[str, Any]:
    info, n, _, _ = check_config(game, players, [], {})
    gps, aps, clones = [], [], []
    most = 0
    with _engine_heap_only():
        for k in range(runs):
            dt, acts, m = _playouts(info.id, n, games, 1_000_000 * k)
            most = max(most, m)
            gps.append(games / dt)
            aps.append(acts / dt)
            clones.append(_clone_us(info.id, n))
    return {
        "game": info.id, "players": n, "runs": runs, "games_per_run": games,
        "games_per_s": statistics.median(gps), "actions_per_s": statistics.median(aps),
        "us_per_action": 1e6 / statistics.median(aps), "clone_us": statistics.median(clones),
        "actions_per_game": (statistics.median(aps) / statistics.median(gps)),
        "max_legal_actions": most,
    }


def bot_games(game: str, spec: str, players: int, games: int, seed0: int) -> tuple[float, int, int]:
    """`games` whole games with `spec` in every seat (as `soan sim` plays them, the same seeds every
    time): (CPU seconds, real choices (two or more legal actions) of all seats, actions)."""
    from .runner import play_game

    choices = 0
    acts = 0
    t = time.process_time()
    for g in range(games):
        r = play_game(game, players, seed0 + g, [spec] * players, collect=True)
        choices += round(r.stats["multi_choice_share"] * r.length)
        acts += r.length
    return time.process_time() - t, choices, acts


def bench_bot_games(game: str, spec: str, players: int | None = None, games: int = 2,
                    runs: int = 3) -> dict[str, Any]:
    """Whole games with `spec` in every seat (e.g. all-normal), timed in CPU time (a shared machine's
    load does not count): the median over runs of games/s, ms per game and ms per real choice of any
    seat. Every run plays the same seeds, so the runs differ only by the machine. The collector is set
    as for a study's run of games (`runner.games_heap`), the command's import heap frozen out of it."""
    from .runner import games_heap

    if games < 1 or runs < 1:
        raise ValueError("runs and games must be >= 1")
    info, n, _, _ = check_config(game, players, [], {})
    per_game, per_choice = [], []
    choices = acts = 0
    gc.collect()
    with games_heap():
        for _ in range(runs):
            dt, choices, acts = bot_games(info.id, spec, n, games, 1)
            per_game.append(dt / games)
            per_choice.append(dt / max(1, choices))
    return {"game": info.id, "bots": spec, "players": n, "runs": runs, "games_per_run": games,
            "games_per_s": 1 / statistics.median(per_game), "ms_per_game": statistics.median(per_game) * 1000,
            "ms_per_choice": statistics.median(per_choice) * 1000, "choices_per_game": choices / games,
            "actions_per_game": acts / games}


def bench_agent(game: str, spec: str, players: int | None = None, runs: int = 3, decisions: int = 30,
                against: str = "random") -> dict[str, Any]:
    """A bot's decision time in seat 1 against `against` in the other seats (`normal`: the positions of
    all-normal games): per run, `decisions` real choices (two or more legal actions; a forced one costs
    nothing and would flatter the median) are timed over as many games as that takes, the collector
    frozen as for playouts.
    Figures: the median choice, the median over runs of each run's mean, and iterations/s of a search.
    Seats acting at once are driven as `soan sim` drives them (agents/drive.py); a bot that watches the
    others' moves sees them, and the time it spends on them is given per timed choice (`watch_ms`)."""
    if decisions < 1 or runs < 1:
        raise ValueError("runs and decisions must be >= 1")
    info, n, _, _ = check_config(game, players, [], {})
    times: list[float] = []
    means: list[float] = []
    iters: list[float] = []
    watch = [0.0]
    with _engine_heap_only():
        for k in range(runs):
            mine: list[float] = []
            g = 0
            while len(mine) < decisions:  # games until enough choices, so the late rounds count too
                if g >= 1000:
                    raise ValueError(f"seat 1 had only {len(mine)} real choices in {g} games")
                _bench_game(info.id, n, 77 + 1000 * k + g, spec, against, decisions, mine, iters, watch)
                g += 1
            del mine[decisions:]  # seats acting at once: one step may ask seat 1 twice
            times.extend(mine)
            means.append(statistics.fmean(mine))
    out: dict[str, Any] = {
        "game": info.id, "agent": spec, "against": against, "decisions": len(times),
        "median_decision_ms": statistics.median(times) * 1000,
        "median_run_mean_ms": statistics.median(means) * 1000,
    }
    if iters:  # a searching bot (mcts)
        out["iterations_per_s"] = statistics.median(iters)
    if watch[0]:  # a bot that watches the others (rollout:model=1): the judging, per timed choice
        out["watch_ms"] = watch[0] * 1000 / len(times)
    return out


def _bench_game(game: str, n: int, seed: int, spec: str, against: str, decisions: int, mine: list[float],
                iters: list[float], watch: list[float]) -> None:
    """One game of `bench_agent`: seat 0's real choices go to `mine` until it holds `decisions`."""
    s = make(game, players=n, seed=seed)
    bot = make_agent(spec, seed=seed)
    others = [make_agent(against, seed=seed * n + i) for i in range(n)]

    def act(seat: int, view: SeatView) -> Any:
        if seat != 0:
            return others[seat].act(view)
        real = len(view.legal_actions()) > 1
        t = time.perf_counter()
        d = bot.decide(view)
        dt = time.perf_counter() - t
        if real:
            mine.append(dt)
            it = getattr(bot, "last_iterations", 0)
            if it:
                iters.append(it / dt)
        return d.action

    watchers = {i: b for i, b in enumerate([bot, *others[1:]]) if b.watching(game)}

    def apply(seat: int, a: Any) -> None:  # bots that watch see the others' moves (only seat 1's time counts)
        for i, b in watchers.items():
            t = time.perf_counter()
            show_move({i: b}, s, seat, a)
            if i == 0 and len(mine) < decisions:
                watch[0] += time.perf_counter() - t
        s.apply(seat, a)

    while not s.is_over() and len(mine) < decisions:
        play_step(s, act, apply if watchers else None)
