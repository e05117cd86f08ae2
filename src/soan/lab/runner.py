"""Play one game with bots; play many in parallel with seeds that do not depend on scheduling."""

from __future__ import annotations

import gc
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..agents import SeatView, make_agent
from ..agents.drive import play_step, show_move
from ..core.game import game_info, make
from ..core.records import header_for
from ..core.rng import derive
from .quality import game_quality, lead_changes

if TYPE_CHECKING:
    from ..core.game import GameInfo


@dataclass
class GameResult:
    index: int
    seed: int
    agents: list[str]
    scores: list[int]
    ranks: list[int]
    length: int
    decisions: list[int]
    think: list[float]
    stats: dict[str, Any] = field(default_factory=dict)       # game-level measures (collect=True)
    seat_measures: list[dict[str, Any]] = field(default_factory=list)  # the game's own, per seat
    turn_order: list[int] | None = None  # the first round's turn order (start player first), if the game has one
    record: list[dict[str, Any]] | None = None  # with keep=True: the record's lines (header, then the moves)

    @property
    def winners(self) -> list[int]:
        return [i for i, r in enumerate(self.ranks) if r == 1]


def lineup(agents: list[str], index: int) -> list[str]:
    """Rotate the line-up by the game index, so every agent sits in every seat equally."""
    k = index % len(agents)
    return agents[-k:] + agents[:-k] if k else list(agents)


def play_game(game: str, players: int, seed: int, agents: list[str], variants: Sequence[str] = (),
              params: dict[str, Any] | None = None, components: str | None = None, index: int = 0,
              collect: bool = False, timed: bool = False, keep: bool = False) -> GameResult:
    """One game of bots. With `collect`, also the decision statistics, lead changes and the game's own
    measures (its `measures` listener); with `keep`, its record (as `soan play` writes it)."""
    s = make(game, players=players, seed=seed, variants=list(variants), params=params or {},
             components=components)
    record = [header_for(s, humans=[], bots=list(agents), source="study", index=index)] if keep else None
    bots = [make_agent(a, seed=derive(seed, 1000 + i)) for i, a in enumerate(agents)]
    hooks = game_info(game).hooks
    order = list(hooks.turn_order(s)) if hooks.turn_order is not None else None
    meas = None
    before = after = None
    if collect and hooks.measures is not None:
        # a listener may also look at the state: start(state) at setup, before/after(state, seat, action)
        meas = hooks.measures(players)
        s.listener = meas
        if hasattr(meas, "start"):
            meas.start(s)
        before = getattr(meas, "before", None)
        after = getattr(meas, "after", None)
    length = 0
    decisions = [0] * players
    think = [0.0] * players
    multi = 0
    options = 0
    per_decision: list[int] = []  # options of each decision (collect)
    trace: list[list[int]] = []  # scores after each step (collect): the design-quality measures
    actors: list[list[int]] = []  # the seats that decided at each step
    start = list(s.scores()) if collect else []  # the scores before any step (a game may start unequal)
    def act(seat: int, view: SeatView) -> Any:
        nonlocal multi, options
        if collect:
            la = view.legal_actions()
            view.cache = la
            options += len(la)
            multi += len(la) > 1
            per_decision.append(len(la))
        if timed:
            t = time.perf_counter()
            a = bots[seat].act(view)
            think[seat] += time.perf_counter() - t
        else:
            a = bots[seat].act(view)
        view.cache = None
        decisions[seat] += 1
        return a

    watchers = {i: b for i, b in enumerate(bots) if b.watching(game)}

    def apply(seat: int, a: Any) -> None:
        for i, b in watchers.items():  # bots that follow the others' public moves (the time is theirs)
            t = time.perf_counter()
            show_move({i: b}, s, seat, a)
            if timed:
                think[i] += time.perf_counter() - t
        if before is not None:
            before(s, seat, a)
        s.apply(seat, a)
        if after is not None:
            after(s, seat, a)
        if record is not None:
            record.append({"seat": seat, "action": a.to_json()})

    while not s.is_over():
        # seats acting at once decide on the same state, whatever order they are asked in
        moves = play_step(s, act, apply if before is not None or after is not None or keep or watchers else None)
        length += len(moves)
        if collect:
            sc = s.scores()
            trace.append(list(sc))
            actors.append([m[0] for m in moves])
    scores = s.scores()
    stats: dict[str, Any] = {}
    seat_measures: list[dict[str, Any]] = []
    if collect:
        top = sorted(scores, reverse=True)
        stats = {"multi_choice_share": multi / length if length else 0.0,
                 "mean_options": options / length if length else 0.0,
                 "lead_changes": lead_changes([start, *trace]), "gap12": top[0] - top[1] if len(top) > 1 else 0,
                 **game_quality(trace or [list(scores)], s.winners(), per_decision, actors or [[]])}
        seat_measures = meas.per_seat(s) if meas is not None else [{} for _ in range(players)]
    return GameResult(index, seed, list(agents), scores, s.ranks(), length, decisions, think, stats,
                      seat_measures, order, record)


SEED_BITS = 53  # a float64 (numpy, spreadsheets, JSON in browsers) holds every integer below 2^53 exactly


def study_seeds(seed: int, n: int, start: int = 0) -> Iterator[tuple[int, int]]:
    """(index, game seed) for games start..n-1; game seeds stay below 2^53 so that no table, spreadsheet
    or numpy array can round them into another game's seed."""
    for i in range(start, n):
        yield i, derive(seed, i) & ((1 << SEED_BITS) - 1)


# The cyclic collector during a run of games: its youngest generation collected after this many new
# containers (Python's default is 700), the older two after 50 and 100 of those collections. Measured on
# CPython 3.11; on 3.14 and later, whose collector is incremental (the thresholds mean other things),
# only the freeze applies.
GAMES_GC = (100_000, 50, 100)
_THRESHOLDS = sys.version_info < (3, 14)
_gc_depth = [0]
_gc_primed = [False]


@contextmanager
def games_heap() -> Iterator[None]:
    """A run of games in this process with the cyclic collector set for it. A bot's search makes millions
    of short-lived states while the evaluation's caches keep growing, so the default collector walks
    the caches and the modules over and over: here what is alive before the run (modules, rule tables,
    the caches so far) is frozen out of its walks and it collects less often (GAMES_GC). The games and
    their results are the same; a cycle that reaches the older generations may wait for the run's end
    to be collected (all-normal games' peak memory is unchanged). Measured on all-normal Asian Delivery
    games in one process: 8% less CPU (docs/agents.md, "The collector"). The collector is restored
    afterwards, also when the run is interrupted; nested runs leave it to the outermost; a caller that
    froze objects itself (a server) keeps them frozen, and one that disabled the collector is left alone."""
    if _gc_depth[0] or not gc.isenabled():  # set already, or someone else manages the collector
        _gc_depth[0] += 1
        try:
            yield
        finally:
            _gc_depth[0] -= 1
        return
    old = gc.get_threshold()
    theirs = gc.get_freeze_count() > 0  # frozen by the caller: never thawed here
    froze = entered = False
    try:
        if not _gc_primed[0]:  # once a process: a full collection first, so that the oldest generation's own
            gc.collect()       # rule (collect when a quarter more has piled up) counts from the whole heap
            _gc_primed[0] = True
        if not theirs:
            gc.freeze()
            froze = True
        if _THRESHOLDS:
            gc.set_threshold(*GAMES_GC)
        _gc_depth[0] += 1
        entered = True
        yield
    finally:
        if entered:
            _gc_depth[0] -= 1
        gc.set_threshold(*old)
        if froze:
            gc.unfreeze()


def _work(args: tuple[Any, ...]) -> list[GameResult]:
    game, players, agents, variants, params, components, items, collect, timed = args[:9]
    keep_below = args[9] if len(args) > 9 else 0  # games with an index below it keep their record
    with games_heap():
        return [play_game(game, players, s, lineup(agents, i), variants, params, components, i, collect, timed,
                          i < keep_below)
                for i, s in items]


# a multiprocessing.pool.Pool, typed Any while cli/fuzz.py puts its imap_unordered in a variable first given a map
def process_pool(jobs: int, game: str | Sequence[str]) -> Any:
    """`jobs` worker processes that are the same on Linux, macOS and Windows: never a fork of this
    process (its threads, locks and open files), but `forkserver` where the system has it (a clean
    server process imports soan once, and workers fork from it) and `spawn` elsewhere (each worker
    imports soan afresh). Installed games are found in each worker by their entry points; a game added
    at run time (`register`, e.g. the tests' tiny game) is added in each worker from the module that
    holds its GameInfo. `game`: the game the workers play, or several (`soan fuzz` over many games)."""
    import multiprocessing as mp

    method = "forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn"
    ctx = mp.get_context(method)
    if method == "forkserver":
        ctx.set_forkserver_preload(["soan.lab.runner"])
    ids = [game] if isinstance(game, str) else list(game)
    return ctx.Pool(jobs, initializer=_load_games, initargs=([(g, _home(game_info(g))) for g in ids],))


def _home(info: GameInfo[Any, Any]) -> tuple[str, str] | None:
    """(module, name) of the module attribute that holds `info`: its game's module or a parent package."""
    import sys

    mod = info.new_state.__module__
    while mod:
        m = sys.modules.get(mod)
        for name, value in (vars(m).items() if m is not None else ()):
            if value is info:
                return mod, name
        mod = mod.rpartition(".")[0]
    return None


def _load_games(homes: list[tuple[str, tuple[str, str] | None]]) -> None:
    import importlib
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle: it ends the pool

    from ..core.errors import ConfigError
    from ..core.game import register

    for game, home in homes:
        try:
            game_info(game)
        except ConfigError:
            if home is None:
                raise
            register(getattr(importlib.import_module(home[0]), home[1]))  # a game added at run time


def chunk_size(n: int, jobs: int, most: int = 50) -> int:
    """Games per task: at most `most`, and small enough that every job gets work (about four tasks a
    job), so a few slow games (e.g. 24 with a searching bot) still use every core."""
    if jobs <= 1:
        return most
    return max(1, min(most, -(-n // (4 * jobs))))


def run_games(game: str, n: int, players: int, agents: list[str], seed: int = 0, variants: Sequence[str] = (),
              params: dict[str, Any] | None = None, components: str | None = None, jobs: int = 1,
              collect: bool = False, timed: bool = False,
              progress: Callable[[int], None] | None = None, chunk: int = 50) -> list[GameResult]:
    """N games, seeds derived from (seed, index): the results do not depend on `jobs`."""
    items = list(study_seeds(seed, n))
    chunk = chunk_size(n, jobs, chunk)
    chunks = [items[i:i + chunk] for i in range(0, len(items), chunk)]
    tasks = [(game, players, agents, tuple(variants), params or {}, components, c, collect, timed) for c in chunks]
    out: list[GameResult] = []
    if jobs <= 1:
        for t in tasks:
            res = _work(t)
            out.extend(res)
            if progress:
                progress(len(res))
    else:
        with process_pool(jobs, game) as pool:
            for res in pool.imap_unordered(_work, tasks):
                out.extend(res)
                if progress:
                    progress(len(res))
    out.sort(key=lambda r: r.index)
    return out


def summarize(results: list[GameResult], players: int) -> dict[str, Any]:
    """Win share per seat (a shared win counts 1/k), mean/min/max score per seat."""
    n = len(results)
    wins = [0.0] * players
    scores: list[list[int]] = [[] for _ in range(players)]
    for r in results:
        w = r.winners
        for s in w:
            wins[s] += 1 / len(w)
        for s in range(players):
            scores[s].append(r.scores[s])
    return {
        "games": n,
        "seats": [
            {"seat": s, "win_share": wins[s] / n if n else 0.0,
             "mean_score": sum(scores[s]) / n if n else 0.0,
             "min_score": min(scores[s]) if n else 0, "max_score": max(scores[s]) if n else 0}
            for s in range(players)
        ],
        "mean_length": sum(r.length for r in results) / n if n else 0.0,
    }


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson interval for a share k/n."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / d
    return (max(0.0, c - h), min(1.0, c + h))
