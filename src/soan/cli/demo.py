"""`make demo`: a batch of bot games of every game, with a summary table."""

from __future__ import annotations

import time

from rich.table import Table

from ..core.game import game_info, games
from ..lab.runner import run_games, summarize, wilson


def run_demo(console, n: int = 500) -> None:
    tab = Table(title=f"soan demo: {n} games per game with bots (seats rotated)")
    for col in ("game", "players", "agents", "seat win shares (95% interval)", "mean score", "games/s"):
        tab.add_column(col)
    for g in games():
        info = game_info(g["id"])
        p = info.default_players
        agents = ["greedy"] + ["random"] * (p - 1) if "greedy" in _agents() else ["random"] * p
        t = time.perf_counter()
        res = run_games(info.id, n, p, agents, seed=2026, jobs=2)
        dt = time.perf_counter() - t
        s = summarize(res, p)
        shares = "  ".join(
            f"{x['win_share']:.0%} ({wilson(x['win_share'] * n, n)[0]:.0%}–{wilson(x['win_share'] * n, n)[1]:.0%})"
            for x in s["seats"])
        tab.add_row(info.id, str(p), ",".join(agents), shares,
                    f"{sum(x['mean_score'] for x in s['seats']) / p:.1f}", f"{n / dt:,.0f}")
    console.print(tab)


def _agents():
    from ..agents import AGENTS

    return AGENTS
