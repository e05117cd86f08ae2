"""`soan bench`: random-playout speed and a bot's search speed."""

from __future__ import annotations

import json

import typer

from .app import app, console
from .common import GameArg


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
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Random-playout games/s, actions/s (legal actions included), clone µs: medians of several runs.
    With --agent: that bot's time per real choice (two or more legal actions) in seat 1; with --agent X
    --against X also whole games of X in every seat (CPU time): games/s, ms per game and per choice."""
    from ..agents import parse_agents
    from ..lab.bench import bench_agent, bench_bot_games, bench_game, compiled_modules

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
    for k, v in r.items():
        console.print(f"{k:>28}: {v:,.2f}" if isinstance(v, float) else f"{k:>28}: {v}", highlight=False)
