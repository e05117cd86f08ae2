"""`make demo`: a batch of bot games of every game, with a summary table."""

from __future__ import annotations

import time

from rich.table import Table

from ..core.game import game_info, games
from ..lab.ladder import rate
from ..lab.runner import run_games, summarize


def run_demo(console, n: int = 400, jobs: int = 2) -> None:
    tab = Table(title=f"soan demo: {n} games per game, one greedy bot among random ones, seats rotated")
    for col in ("game", "players", "agent", "win share (95% interval)", "mean score", "mean rank",
                "seat win shares", "games/s"):
        tab.add_column(col)
    for g in games():
        info = game_info(g["id"])
        p = info.default_players
        agents = ["greedy"] + ["random"] * (p - 1)
        t = time.perf_counter()
        res = run_games(info.id, n, p, agents, seed=2026, jobs=jobs, timed=True)
        dt = time.perf_counter() - t
        seats = summarize(res, p)["seats"]
        seat_txt = " ".join(f"{x['win_share']:.0%}" for x in seats)
        for k, r in enumerate(rate(res)):
            lo, hi = r["win_share_ci"]
            tab.add_row(info.id if k == 0 else "", str(p) if k == 0 else "", r["agent"],
                        f"{r['win_share']:.1%} ({lo:.0%}–{hi:.0%})", f"{r['mean_score']:.1f}",
                        f"{r['mean_rank']:.2f}", seat_txt if k == 0 else "", f"{n / dt:,.0f}" if k == 0 else "")
    console.print(tab)
    console.print("Chance is 1/players per seat-game. Next: soan play la-superba --lang ja | "
                  "soan sim la-superba -n 10000 | soan analyze la-superba power", highlight=False)
