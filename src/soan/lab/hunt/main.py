"""The hunt, stage by stage, within a budget; its folder keeps every game so the same command continues.

Stages and their shares of the budget: explore (normal bots, every oracle's candidates), probe (kingmaking
positions), strategy (Optuna over the play-style weights), confirm (fresh seeds, planned before they are
played: the only evidence), check (the candidates again at another bot level), shrink (a record per
finding). A stage that ends early leaves its time to the next. Nothing a stage finished is played again:
games are appended to JSON Lines files, the plan and the time spent to `hunt.json`.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

from ...core.errors import ConfigError
from ...core.game import game_info, make
from .folder import SIZES, Hunt, Interrupted, Progress
from .oracles import Margins
from .play import Player
from .stages import run_stages

__all__ = ["Interrupted", "hunt", "settings_of"]


def settings_of(game: str, players: int | None, variants: tuple[str, ...], params: dict[str, Any] | None,
                components: str | None, check: str) -> dict[str, Any]:
    info = game_info(game)
    s = make(game, players=players, seed=0, variants=list(variants), params=params or {}, components=components)
    return {"game": info.id, "players": len(s.scores()), "variants": list(variants), "params": dict(params or {}),
            "components": str(Path(components).resolve()) if components else None, "check": check}


def hunt(game: str, players: int | None = None, variants: tuple[str, ...] = (), params: dict[str, Any] | None = None,
         components: str | None = None, budget: float = 600.0, folder: Path | None = None, jobs: int = 2,
         seed: int = 0, margins: Margins | None = None, check: str = "hard",
         progress: Progress | None = None, sizes: dict[str, int] | None = None) -> dict[str, Any]:
    """Run (or continue) a hunt; its result (findings ranked, with evidence and records), also in
    `folder/hunt-result.json`. `sizes` plays fixed numbers of games instead of a budget's (tests, and a
    hunt to reproduce exactly): explore, probe, trials, trial_games, confirm, confirm_probes, check, and
    shrink (seconds per finding)."""
    if budget <= 0:
        raise ConfigError(f"--budget must be more than 0 seconds, got {budget}",
                          ja=f"--budget は0秒より長くしてください（{budget} が指定されました）")
    if jobs < 1:
        raise ConfigError(f"--jobs must be at least 1, got {jobs}", ja=f"--jobs は1以上にしてください（{jobs}）")
    settings = settings_of(game, players, tuple(variants), params, components, check)
    folder = folder or Path("out") / "hunt" / "+".join([settings["game"], *variants])
    if sizes is not None and set(sizes) != set(SIZES):
        raise ConfigError(f"sizes must give {sorted(SIZES)}, got {sorted(sizes)}")
    h = Hunt(folder, settings, budget, jobs, seed, margins or Margins(), progress, sizes)
    try:
        with Player(h.setting, jobs) as player:
            result = run_stages(h, player)
    except KeyboardInterrupt:
        if h.current:
            h.charge(h.current)
        raise Interrupted(folder) from None
    result["margins"] = asdict(h.m)
    (folder / "hunt-result.json").write_text(json.dumps(result, ensure_ascii=False, indent=1), encoding="utf-8")
    return result
