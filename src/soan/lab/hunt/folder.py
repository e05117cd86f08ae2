"""A hunt's folder and clock: the stages' shares of the budget, the time each spent, the games kept.

Nothing a stage finished is played again: games are appended to JSON Lines files, the plan and the time
spent to `hunt.json`. A stage that ends early leaves its time to the next.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...core.errors import ConfigError
from ...core.rng import derive
from ..runner import study_seeds
from .oracles import Margins
from .play import Player, Task, append_line, read_lines

SHARES = {"reference": 0.04, "explore": 0.2, "probe": 0.08, "strategy": 0.22, "confirm": 0.28, "check": 0.08, "shrink": 0.12}
STAGES = tuple(SHARES)
SIZES = ("reference", "explore", "probe", "trials", "trial_games", "confirm", "confirm_probes", "check", "shrink")
FIRST_CAP = 100_000  # steps: a game of the first batch stops here; later ones at CAP_FACTOR × the median
CAP_FACTOR = 20
Progress = Callable[[str, int, int], None]  # (stage, done, planned)


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during a hunt: every finished game and the time spent are kept in `folder`."""

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = folder


class Hunt:
    """One hunt's folder and clock (see the module doc)."""

    def __init__(self, folder: Path, settings: dict[str, Any], budget: float, jobs: int, seed: int,
                 margins: Margins, progress: Progress | None, sizes: dict[str, int] | None = None) -> None:
        self.folder = folder
        self.sizes = sizes
        self.settings = settings
        self.budget = float(budget)
        self.jobs = jobs
        self.seed = seed
        self.m = margins
        self.progress = progress
        folder.mkdir(parents=True, exist_ok=True)
        self.state_path = folder / "hunt.json"
        st = json.loads(self.state_path.read_text(encoding="utf-8")) if self.state_path.exists() else {}
        if st and (st.get("settings") != settings or st.get("seed") != seed):
            raise ConfigError(f"{folder} holds a hunt with other settings ({st.get('settings')}); "
                              "give another --out or remove it",
                              ja=f"{folder} には別の設定の探索が入っています。--out で別のフォルダを指定するか、削除してください")
        self.state: dict[str, Any] = st or {"settings": settings, "seed": seed, "spent": {}, "done": [],
                                            "rate": None, "cap": FIRST_CAP}
        self.stage_start = 0.0
        self.current = ""

    # --- the clock -----------------------------------------------------------------------------------
    def save(self) -> None:
        self.state_path.write_text(json.dumps(self.state, ensure_ascii=False, indent=1), encoding="utf-8")

    def allowed(self, stage: str) -> float:
        """Seconds this stage may use: its share, plus what earlier stages left, minus what it spent."""
        spent: dict[str, float] = self.state["spent"]
        before = STAGES[:STAGES.index(stage)]
        left = sum(SHARES[s] * self.budget - spent.get(s, 0.0) for s in before)
        return max(0.0, SHARES[stage] * self.budget + max(0.0, left) - spent.get(stage, 0.0))

    def begin(self, stage: str) -> float:
        self.stage_start = time.monotonic()
        self.current = stage
        return self.allowed(stage)

    def remaining(self, stage: str) -> float:
        """Seconds the stage has left now (what it spent is charged as it goes)."""
        return self.allowed(stage) - (time.monotonic() - self.stage_start)

    def charge(self, stage: str) -> None:
        now = time.monotonic()
        self.state["spent"][stage] = self.state["spent"].get(stage, 0.0) + now - self.stage_start
        self.stage_start = now
        self.save()

    def finish(self, stage: str) -> None:
        self.charge(stage)
        if stage not in self.state["done"]:
            self.state["done"].append(stage)
        self.save()

    @property
    def setting(self) -> dict[str, Any]:
        return {**self.settings, "cap": self.state["cap"]}

    def tick(self, stage: str, planned: int) -> Callable[[int], None]:
        done = [0]

        def f(k: int) -> None:
            done[0] += k
            if self.progress is not None:
                self.progress(stage, done[0], planned)
        return f

    # --- playing until a stage's time is up ------------------------------------------------------------
    def timed_batches(self, stage: str, kind: str, file: str, key: int, player: Player) -> list[dict[str, Any]]:
        """Games of normal bots (or probes) on the stage's seeds, in batches, until its time is used."""
        path = self.folder / file
        got = read_lines(path)
        if stage in self.state["done"]:
            return got
        self.begin(stage)
        P = self.settings["players"]
        est = self.tick(stage, 0)
        timed = [0.0, 0.0]  # games played and seconds taken in this stage (the rate)
        while (len(got) < self.sizes[stage]) if self.sizes else (self.remaining(stage) > self._eta(kind, self._batch(kind))):
            batch = self._batch(kind) if not self.sizes else min(self._batch(kind), self.sizes[stage] - len(got))
            start = len(got)
            tasks: list[Task] = [(kind, ["greedy"] * P, s, i, False) for i, s in study_seeds(derive(self.seed, key),
                                                                                            start + batch, start)]
            t0 = time.monotonic()
            for r in player.play(tasks, est):
                r.pop("record", None)
                append_line(path, r)
                got.append(r)
            timed[0] += len(tasks)
            timed[1] += time.monotonic() - t0
            self._rate(kind, timed[0], timed[1])
            self.charge(stage)
        self.finish(stage)
        return got

    def _rate(self, kind: str, n: float, secs: float) -> None:
        if secs <= 0:
            return
        if kind in ("trace", "ref"):
            self.state["rate"] = n / secs
            lengths = [x["length"] for x in read_lines(self.folder / "explore.jsonl") if x["error"] is None
                       and not x["unfinished"]]
            if lengths:
                self.state["cap"] = max(CAP_FACTOR * sorted(lengths)[len(lengths) // 2], 1000)
        else:
            self.state.setdefault("rates", {})[kind] = n / secs

    def _batch(self, kind: str) -> int:
        """Games per batch: about 10 s of games once timed (a batch is the most a stage overruns by)."""
        r = self.state["rate"] if kind in ("trace", "ref") else self.state.get("rates", {}).get(kind)
        return 2 * self.jobs if not r else max(self.jobs, min(200, int(r * 10)))

    def _eta(self, kind: str, batch: int) -> float:
        """Seconds a batch of `batch` more games is expected to take (0 before anything was timed)."""
        r = self.state["rate"] if kind in ("trace", "ref") else self.state.get("rates", {}).get(kind)
        return 0.0 if not r else batch / r
