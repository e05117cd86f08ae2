"""Bot decisions outside the server's process, so the event loop never waits behind a bot's search.

A web room's bots decide in a few worker processes (`Limits.bot_workers`, started with `spawn` at a
lower CPU priority than the server). A decision travels as the bot and its view (the state, pickled)
and comes back as the decision and the bot after it (its random stream advanced, as if it had
decided in the server): the room keeps the returned bot, so a room plays move for move as when the
bots decide in the server's process (`Limits.bot_processes = False`: worker threads, as before).
The pool is shared by every room of the process; rooms take turns in it fairly (`rooms.FairPool`).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

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
