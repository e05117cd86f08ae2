"""`soan bench`: random-playout speed and a bot's search speed."""

from __future__ import annotations

import json

import typer

from .app import app, console
from .common import GameArg, LangOpt, check_lang

# each figure `bench` prints, as a reader names it (--json keeps the keys)
LABELS = {
    "game": ("game", "ゲーム"), "players": ("players", "人数"), "runs": ("runs (figures are medians)", "測定の回数（値は中央値）"),
    "games_per_run": ("games a run", "１回の測定のゲーム数"), "games_per_s": ("random games a second", "ランダムな対戦の毎秒ゲーム数"),
    "actions_per_s": ("actions a second (legal actions included)", "毎秒のアクション数（合法手の列挙を含む）"),
    "us_per_action": ("µs an action", "１アクションの時間（µs）"), "clone_us": ("µs a copy of a state", "局面の複製１回の時間（µs）"),
    "actions_per_game": ("actions a game", "１ゲームのアクション数"), "max_legal_actions": ("most legal actions at once", "合法手の最大数"),
    "agent": ("bot timed (seat 1)", "時間を測ったボット（席1）"), "against": ("the other seats' bot", "ほかの席のボット"),
    "decisions": ("real choices timed a run", "１回に測った実際の選択の数"),
    "median_decision_ms": ("ms a choice (median)", "１回の選択の時間（ms、中央値）"),
    "median_run_mean_ms": ("ms a choice (mean, median run)", "１回の選択の時間（ms、平均の中央値）"),
    "all_games_per_s": ("whole games a second, that bot in every seat", "全席そのボットの対戦の毎秒ゲーム数"),
    "all_ms_per_game": ("ms a whole game (CPU)", "１ゲームの時間（ms、CPU）"),
    "all_ms_per_choice": ("ms a choice in those games", "その対戦での１回の選択の時間（ms）"),
    "all_choices_per_game": ("choices a game", "１ゲームの選択の数"), "all_games_per_run": ("whole games a run", "１回の測定の対戦の数"),
    "compiled": ("compiled build", "コンパイル版"),
}


@app.command()
def bench(
    game: str = GameArg,
    players: int | None = typer.Option(None, "--players", "-p"),
    games_: int | None = typer.Option(None, "--games", min=1, help="games per run (random playouts: 1000; with "
                                      "--agent X --against X, whole games of X: 2)"),
    runs: int = typer.Option(5, "--runs", min=1, help="runs; figures are medians"),
    agent: str | None = typer.Option(None, "--agent", help="benchmark a bot's search, e.g. mcts:iters=200"),
    against: str = typer.Option("random", "--against", help="with --agent: the other seats' bot (normal: "
                                "the positions of all-normal games)"),
    decisions: int = typer.Option(30, "--decisions", min=1, help="with --agent: real choices timed per run"),
    as_json: bool = typer.Option(False, "--json", help="print the figures as JSON (their keys)"),
    lang: str = LangOpt,
) -> None:
    """Random-playout games/s, actions/s (legal actions included), clone µs: medians of several runs.
    With --agent: that bot's time per real choice (two or more legal actions) in seat 1; with --agent X
    --against X also whole games of X in every seat (CPU time): games/s, ms per game and per choice."""
    from ..agents import parse_agents
    from ..lab.bench import bench_agent, bench_bot_games, bench_game, compiled_modules

    check_lang(lang)
    if agent:
        parse_agents(f"{agent},{against}")  # bad specs are named before any game is played
        r = bench_agent(game, agent, players, runs=runs, decisions=decisions, against=against)
        if against == agent:
            whole = bench_bot_games(game, agent, players, games=games_ or 2, runs=runs)
            r.update({f"all_{k}": whole[k] for k in ("games_per_s", "ms_per_game", "ms_per_choice",
                                                     "choices_per_game", "games_per_run")})
    else:
        r = bench_game(game, players, games_ or 1000, runs)
    c = compiled_modules()  # the optional compiled build (scripts/build_compiled.py) in use, or not
    r["compiled"] = f"{len(c)} modules" if c else "none (pure Python)"
    if as_json:
        print(json.dumps(r))
        return
    ja = lang == "ja"
    for k, v in r.items():
        name = LABELS[k][1 if ja else 0] if k in LABELS else k
        if k == "compiled" and ja:
            v = f"{len(c)} モジュール" if c else "なし（Python のまま）"
        elif k == "game" and ja:
            from ..core.game import game_info

            v = game_info(str(v)).name_ja or v
        console.print(f"{name}: {v:,.2f}" if isinstance(v, float) else f"{name}: {v}", highlight=False)
