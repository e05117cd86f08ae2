"""One `soan ask` run's settings and studies (`Asker`), the plan's constants, and Ctrl-C held while state is saved."""

from __future__ import annotations

import signal
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..study import CHUNK, StudyRun, load, run_studies, settings_for
from .questions import Setting

if TYPE_CHECKING:
    import pyarrow as pa

BOTS = ("greedy", "random")  # the lead level (normal: its verdicts are the answers), then random as context
START_N = {"random": 200, "greedy": 8}  # a context level's games per study (at most); the lead's with --budget 0
MIN_N = 4  # a study's floor when the budget is short (its answers then say they are not clear)
PILOT = 2  # games that price a bot level before its plan (more, up to 256, until they take PILOT_S)
PILOT_S = 1.0
PILOT_SLOW_S = 5.0  # a pilot's first run this long prices the level alone (4 more times its games would
# cost the budget a minute and more with the hard bot)
CONTEXT_SHARE = 0.15  # random players (a reference line) may take this share of the budget; the lead level the rest
SKILL_SHARE = 0.4  # another skill level (e.g. hard, ~8x a normal game's price in Asian Delivery) takes this share

SAFETY = 0.85  # the plan fills this share of the budget (a pilot's price is a rough one)
PLAY_END = 0.94  # no chunk of games starts after this share of the budget (those out finish; then the answers)
ANSWER_S = 3.0  # ... nor later than this many seconds before its end: answering and the reports take ~2 s


def play_deadline(t0: float, budget_s: float) -> float:
    """When the last chunk of games may start: PLAY_END of the budget, and at least ANSWER_S before its end
    (a short budget's 6% would not hold the answers and reports); never before t0."""
    return t0 + max(0.0, min(budget_s * PLAY_END, budget_s - ANSWER_S))


def is_reference(bot: str) -> bool:
    """Random players: a reference line of the rules' own effect, not a level of skill."""
    return bot.split(":")[0] == "random"


def lead_share(bots: tuple[str, ...]) -> float:
    """The share of the budget the lead level has when the others (`bots[1:]`) take theirs (plan_sizes)."""
    return max(0.0, 1 - sum(CONTEXT_SHARE if is_reference(b) else SKILL_SHARE for b in bots[1:]))


CHUNK_LEAD = 8  # the lead level's games per saved part: its few slow games spread over every job
OVERHEAD_S = 0.4  # seconds a study's run costs besides its games (workers, tables), in the plan
STAGES = (0.25, 0.5, 1.0)  # the lead level's studies grow together in these steps of their plan
LAST_STAGE = 0.05  # a last stage the clock cuts short plays at least this share of the plan, else none
MAX_N = 6400  # no study is planned larger: intervals are then about ±1 point
SETTLE_P = 0.001  # Haybittle–Peto: a comparison this clear after the first stage (Holm) needs no more games
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
                self.n[s] = max(self.n.get(s, 0), games_in(self.folder(s)))
                self.cut = True
            else:
                self.n[s] = max(n, self.n.get(s, 0))
        return played

    def tables(self, s: Setting) -> tuple[pa.Table, pa.Table]:
        _, g, t = load(self.folder(s))
        return g, t


def games_in(d: Path) -> int:
    """Games a study folder holds in finished chunks (what an interrupted ask kept)."""
    import pyarrow.parquet as pq

    return sum(pq.ParquetFile(p).metadata.num_rows for p in (d / "parts").glob("games-*.parquet")) \
        if (d / "parts").is_dir() else 0


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
