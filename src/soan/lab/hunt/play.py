"""Playing the hunt's games: traced games and kingmaking probes, in worker processes, in batches.

A batch is a list of tasks; each task names its kind (`trace`, `ref`: a game of the draft as shipped, or `probe`), its line-up, seed and index.
The results come back in task order whatever the number of workers, and a batch appends to its file
as it goes (JSON Lines), so an interrupted hunt keeps every game it finished.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from ..runner import games_heap, process_pool
from .kingmaker import probe
from .trace import traced_game

Task = tuple[str, list[str], int, int, bool]  # (kind, agents, seed, index, keep the record)


def _run(args: tuple[dict[str, Any], list[Task]]) -> list[dict[str, Any]]:
    setting, tasks = args
    out = []
    with games_heap():
        for kind, agents, seed, index, keep in tasks:
            game, players, cap = str(setting["game"]), int(setting["players"]), int(setting["cap"])
            variants: tuple[str, ...] = tuple(setting["variants"])
            params, components = dict(setting["params"]), setting["components"]
            if kind == "probe":
                out.append(probe(game, players, seed, variants, params, components, index, cap=cap))
            elif kind == "ref":  # the draft as shipped: the same variants, the shipped data and parameters
                out.append(traced_game(game, players, seed, agents, variants, {}, None, index, cap=cap))
            else:
                out.append(traced_game(game, players, seed, agents, variants, params, components, index, keep=keep,
                                       cap=cap))
    return out


def _warm(setting: dict[str, Any]) -> int:
    """A worker's first game made and dropped: the imports and rule tables happen before any game is timed."""
    from ...core.game import make

    make(setting["game"], players=setting["players"], seed=0, variants=list(setting["variants"]),
         params=setting["params"], components=setting["components"])
    return 0


class Player:
    """Plays batches of tasks with `jobs` workers (one process: `jobs` = 1), the pool kept between batches."""

    def __init__(self, setting: dict[str, Any], jobs: int) -> None:
        self.setting = setting
        self.jobs = max(1, jobs)
        self._pool: Any = None

    def __enter__(self) -> Player:
        if self.jobs > 1:  # the workers started and warmed before the clock of any stage runs
            self._pool = process_pool(self.jobs, self.setting["game"])
            self._pool.map(_warm, [self.setting] * self.jobs, chunksize=1)
        else:
            _warm(self.setting)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = None

    def play(self, tasks: list[Task], tick: Callable[[int], None] | None = None) -> Iterator[dict[str, Any]]:
        """The results of `tasks`, in order, as each chunk finishes."""
        size = max(1, min(8, -(-len(tasks) // (3 * self.jobs))))
        chunks = [(self.setting, tasks[i:i + size]) for i in range(0, len(tasks), size)]
        if self.jobs == 1:
            results: Iterator[list[dict[str, Any]]] = map(_run, chunks)
        else:
            if self._pool is None:
                self._pool = process_pool(self.jobs, self.setting["game"])
            results = self._pool.imap(_run, chunks)
        for res in results:
            for r in res:
                if tick is not None:
                    tick(1)
                yield r


def read_lines(path: Path) -> list[dict[str, Any]]:
    """A batch file's finished games (a line cut short by an interruption is left out)."""
    if not path.exists():
        return []
    out = []
    lines = path.read_text(encoding="utf-8").splitlines()
    for k, line in enumerate(lines):
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError:  # cut short: the file keeps only the whole lines before it
            path.write_text("".join(x + "\n" for x in lines[:k]), encoding="utf-8")
            break
    return out


def append_line(path: Path, d: dict[str, Any]) -> None:
    with path.open("a", encoding="utf-8") as f:
        f.write(json.dumps(d, ensure_ascii=False) + "\n")
