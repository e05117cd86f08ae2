"""Bot decisions outside the server's process, so the event loop never waits behind a bot's search.

A web room's bots decide in a few worker processes (`Limits.bot_workers`, started with `spawn` at a
lower CPU priority than the server). A decision travels as the bot and its view (the state, pickled)
and comes back as the decision and the bot after it (its random stream advanced, as if it had
decided in the server): the room keeps the returned bot, so a room plays move for move as when the
bots decide in the server's process (`Limits.bot_processes = False`: worker threads, as before).
The pool is shared by every room of the process; rooms take turns in it fairly (`FairPool`, below).
"""

from __future__ import annotations

import asyncio
import functools
import heapq
import itertools
import logging
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

LOG = logging.getLogger("soan.web")
WORKER_NICE = 5  # the workers yield the CPU to the server's event loop (people's requests come first)

_pools: dict[int, ProcessPoolExecutor] = {}
_lock = threading.Lock()


def decide(agent, view, home: tuple[str, str] | None = None) -> tuple[Any, Any]:
    """One decision: (the decision, the bot after it). Runs in a worker process or thread. `home`: where
    a game added at run time (`register`, not an installed game) is found, for a new worker to add it."""
    if home is not None:
        _known(view.game_id, home)
    return agent.decide(view), agent


def home(game_id: str) -> tuple[str, str] | None:
    """(module, attribute) that holds a game's GameInfo: a worker process that does not know the game
    (one added at run time with `register`, not installed) imports it from there."""
    import sys

    from ..core.game import game_info

    info = game_info(game_id)
    mod = info.new_state.__module__
    while mod:
        m = sys.modules.get(mod)
        for name, value in (vars(m).items() if m is not None else ()):
            if value is info:
                return mod, name
        mod = mod.rpartition(".")[0]
    return None


def _known(game_id: str, where: tuple[str, str]) -> None:
    import importlib

    from ..core.errors import ConfigError
    from ..core.game import game_info, register

    try:
        game_info(game_id)
    except ConfigError:
        register(getattr(importlib.import_module(where[0]), where[1]))  # a game added at run time


def where() -> tuple[int, str]:
    """The process id and thread name a job runs on (tests check that bot work leaves the server)."""
    return os.getpid(), threading.current_thread().name


def _worker_start() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which stops its workers
    parent = multiprocessing.parent_process()
    if parent is not None:  # a server killed outright (kill -9) leaves no bot process behind
        threading.Thread(target=_exit_with, args=(parent,), daemon=True, name="soan-bot-parent").start()
    if hasattr(os, "nice"):
        try:
            os.nice(WORKER_NICE)
        except OSError:
            pass
    import gc

    from ..core.game import games

    for g in games():  # every game's tables loaded once, before the first decision
        from ..core.game import game_info

        game_info(g["id"])
    gc.collect()
    gc.freeze()


def _exit_with(parent) -> None:
    parent.join()  # returns when the server's process has ended, however it ended
    os._exit(0)


def process_pool(workers: int, fresh: ProcessPoolExecutor | None = None) -> ProcessPoolExecutor:
    """The process's shared pool of `workers` bot processes (a new one in place of `fresh`, broken)."""
    with _lock:
        pool = _pools.get(workers)
        if pool is None or pool is fresh:
            if pool is not None:
                pool.shutdown(wait=False, cancel_futures=True)
            pool = _pools[workers] = ProcessPoolExecutor(
                max_workers=workers, mp_context=multiprocessing.get_context("spawn"), initializer=_worker_start)
        return pool


def executor(workers: int, processes: bool) -> Executor:
    if processes:
        return process_pool(workers)
    return ThreadPoolExecutor(max_workers=workers, thread_name_prefix="soan-bot")



def shutdown() -> None:
    """Stop the bot processes (at the end of `soan serve`); a later decision starts new ones."""
    with _lock:
        pools = list(_pools.values())
        _pools.clear()
    for pool in pools:
        pool.shutdown(wait=True, cancel_futures=True)


class FairPool:
    """Bot decisions of every room on a few workers (processes, or threads), shared fairly.

    The next decision to run is the waiting one whose room has used the least bot time so far (as a
    fair scheduler's virtual time: a room arriving starts at the time of the latest decision started),
    and one room has at most one decision running. A room whose decisions take long (on average over
    HEAVY seconds) runs on all workers but one: that one stays for rooms with quick decisions, so a
    room of slow bots never holds up another room's quick ones (with a single worker, all share it)."""

    HEAVY = 0.05  # seconds: a room whose decisions take longer on average is a heavy one

    def __init__(self, workers: int, processes: bool = True) -> None:
        self.processes = processes
        self.pool = executor(workers, processes)
        self.workers = workers
        self.running = 0
        self.heavy_running = 0
        self.vtime = 0.0
        self.spent: dict[str, float] = {}
        self.took: dict[str, float] = {}  # a room's decision time (moving average)
        self.waiting: list[tuple[float, int, str, asyncio.Future, Any, tuple, int]] = []  # (..., tries)
        self.seq = itertools.count()

    async def run(self, room_id: str, fn, *args) -> Any:
        """`fn(*args)` on a worker when the room's turn comes (in a process: `fn` and `args` pickled)."""
        fut = asyncio.get_running_loop().create_future()
        heapq.heappush(self.waiting, (max(self.spent.get(room_id, 0.0), self.vtime), next(self.seq), room_id,
                                      fut, fn, args, 0))
        self._pump()
        return await fut

    async def start(self) -> None:
        """Start the worker processes now and wait for them (a spawned process imports the games: a few
        seconds at start-up, not at the first bot's move)."""
        if self.processes:
            jobs = [asyncio.wrap_future(self.pool.submit(where)) for _ in range(self.workers)]
            await asyncio.wait(jobs, timeout=60)

    def heavy(self, rid: str) -> bool:
        return self.took.get(rid, 0.0) > self.HEAVY

    def _pump(self) -> None:
        skipped = []
        while self.running < self.workers and self.waiting:
            item = heapq.heappop(self.waiting)
            vt, _, rid, fut, fn, args, _tries = item
            if fut.done():  # its room was closed meanwhile
                continue
            heavy = self.heavy(rid)
            if heavy and self.workers > 1 and self.heavy_running >= self.workers - 1:
                skipped.append(item)  # the last worker stays for quick decisions
                continue
            self.vtime = max(self.vtime, vt)
            self.spent[rid] = vt
            self.running += 1
            self.heavy_running += heavy
            t0 = time.perf_counter()
            pool = self.pool
            try:
                job = asyncio.wrap_future(pool.submit(fn, *args))
            except BrokenExecutor:  # a worker process died (killed): a new pool, the job once more
                pool = self.pool = process_pool(self.workers, fresh=pool)  # type: ignore[arg-type]
                job = asyncio.wrap_future(pool.submit(fn, *args))
            job.add_done_callback(functools.partial(self._done, rid=rid, fut=fut, t0=t0, heavy=heavy,
                                                    item=item, pool=pool))
        for item in skipped:
            heapq.heappush(self.waiting, item)

    def _done(self, job: asyncio.Future, *, rid: str, fut: asyncio.Future, t0: float, heavy: bool,
              item: tuple, pool: Any) -> None:
        took = time.perf_counter() - t0
        self.running -= 1
        self.heavy_running -= heavy
        if self.processes and not job.cancelled() and isinstance(job.exception(), BrokenExecutor) \
                and not fut.done() and item[6] == 0:
            LOG.warning("a bot process stopped; bots go on in new processes")
            self.pool = process_pool(self.workers, fresh=pool)
            heapq.heappush(self.waiting, (*item[:6], 1))  # once: a decision that kills its worker fails
            self._pump()
            return
        self.spent[rid] = self.spent.get(rid, self.vtime) + took
        self.took[rid] = 0.7 * self.took.get(rid, took) + 0.3 * took
        if len(self.spent) > 4 * len(self.waiting) + 1000:  # rooms below the virtual time start there anyway
            self.spent = {k: v for k, v in self.spent.items() if v > self.vtime}
            self.took = {k: v for k, v in self.took.items() if k in self.spent}
        if not fut.done():
            if job.cancelled():
                fut.cancel()
            elif job.exception() is not None:
                fut.set_exception(job.exception())  # type: ignore[arg-type]
            else:
                fut.set_result(job.result())
        self._pump()

    def shutdown(self) -> None:
        for item in self.waiting:
            item[3].cancel()
        self.waiting.clear()
        if not self.processes:  # the process pool is shared by every manager of the process
            self.pool.shutdown(wait=False, cancel_futures=True)
