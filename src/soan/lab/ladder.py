"""The ladder: a line-up of agents, rotated through the seats, with strength per distinct agent."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from .runner import GameResult, run_games, wilson


def ladder(game: str, agents: list[str], n: int, seed: int = 0, jobs: int = 1, variants=(), params=None,
           progress=None) -> list[dict[str, Any]]:
    """Play `n` games of the line-up (one agent per seat; rotated by game index) and rate each agent.

    A shared win counts 1/k to each of the k winners. Shares are per seat-game, so one agent among
    three others has chance 1/players."""
    res = run_games(game, n, len(agents), agents, seed, variants, params, jobs=jobs, timed=True, progress=progress)
    return rate(res)


def rate(results: list[GameResult]) -> list[dict[str, Any]]:
    acc: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    order: list[str] = []
    for r in results:
        w = r.winners
        for seat, a in enumerate(r.agents):
            if a not in order:
                order.append(a)
            x = acc[a]
            x["games"] += 1
            x["wins"] += (1 / len(w)) if seat in w else 0.0
            x["score"] += r.scores[seat]
            x["rank"] += r.ranks[seat]
            x["think"] += r.think[seat]
            x["decisions"] += r.decisions[seat]
    out = []
    for a in order:
        x = acc[a]
        g = int(x["games"])
        lo, hi = wilson(x["wins"], g)
        out.append({
            "agent": a, "games": g, "win_share": x["wins"] / g, "win_share_ci": [lo, hi],
            "mean_score": x["score"] / g, "mean_rank": x["rank"] / g,
            "decision_ms": 1000 * x["think"] / x["decisions"] if x["decisions"] else 0.0,
        })
    return out
