"""`soan demo` (`make demo`): a small study of each game with default bots, a report each, a summary table."""

from __future__ import annotations

import time
from pathlib import Path

import typer
from rich.table import Table

from ..core.game import game_info, games
from .app import app, console
from .common import LangOpt, check_lang


@app.command()
def demo(n: int = typer.Option(300, "-n", min=1, help="games per game"),
         out: str = typer.Option("out/demo", "--out", help="where the studies and reports go"),
         jobs: int = typer.Option(2, "--jobs", "-j", min=1, help="worker processes playing games at once"),
         lang: str = LangOpt) -> None:
    """The main job: a small study of each game with default bots, a report each, a summary table."""
    check_lang(lang)
    run_demo(console, n, jobs, out, lang)


def next_steps(lang: str = "en") -> str:
    """What to try next, from the registry: play the first game, study one, run each declared analysis."""
    ids = [g["id"] for g in games()]
    hints = [f"soan play {ids[0]} --lang ja", f"soan sim {ids[-1]} -n 2000 --agents greedy --out out/{ids[-1]}"]
    hints += [f"soan analyze {g} {a}" for g in ids for a in game_info(g).hooks.analyses]
    return ("次に試すこと：" if lang == "ja" else "Next: ") + " | ".join(hints)


_COLS = {"en": ("game", "players", "agent", "win share (95% interval)", "mean score", "mean rank", "seat win shares",
                "games/s"),
         "ja": ("ゲーム", "人数", "ボット", "勝率（95%区間）", "平均得点", "平均順位", "席ごとの勝率", "毎秒ゲーム数")}


def run_demo(console, n: int = 300, jobs: int = 2, out: str = "out/demo", lang: str = "en") -> None:
    from ..agents.names import bot_label
    from ..lab.report import write_report
    from ..lab.stats import agent_shares, seat_shares
    from ..lab.study import load, run_study, settings_for

    ja = lang == "ja"
    tab = Table(title=f"soan demo：ゲームごとに {n} 戦、貪欲ボット１体とランダムボット、席を回す" if ja else
                f"soan demo: {n} games per game, one greedy bot among random ones, seats rotated")
    reports = []
    for col in _COLS["ja" if ja else "en"]:
        tab.add_column(col)
    for g in games():
        info = game_info(g["id"])
        p = info.default_players
        agents = ["greedy"] + ["random"] * (p - 1)
        d = Path(out) / info.id
        st = settings_for(info.id, n, p, agents, 2026, [], {})
        t = time.perf_counter()
        r = run_study(st, d, jobs=jobs)
        dt = time.perf_counter() - t
        rep = write_report(d, "en")
        reports += [rep, write_report(d, "ja", "report-ja.html")]
        _, games_t, seats_t = load(d)
        seats = " ".join(f"{x['win_share']:.0%}" for x in seat_shares(seats_t, p))
        for k, a in enumerate(agent_shares(seats_t)):
            lo, hi = a["ci"]
            name = (info.name_ja or info.id) if ja else info.id
            tab.add_row(name if k == 0 else "", str(p) if k == 0 else "", bot_label(a["agent"], lang) if ja else a["agent"],
                        f"{a['win_share']:.1%} ({lo:.0%}–{hi:.0%})", f"{a['mean_score']:.1f}", f"{a['mean_rank']:.2f}",
                        seats if k == 0 else "", f"{r['played'] / dt:,.0f}" if k == 0 and r["played"] else "")
    console.print(tab)
    for rep in reports:
        console.print(f"レポート：{rep}" if ja else f"report: {rep}", highlight=False)
    console.print(("期待値は１席１ゲームあたり 1/人数（k人で分け合った勝ちは 1/k）。\n" if ja else
                   "Chance is 1/players per seat-game (a shared win counts 1/k).\n") + next_steps(lang), highlight=False)
