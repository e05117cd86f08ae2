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
    games_: int = typer.Option(1000, "--games", min=1, help="games per run"),
    runs: int = typer.Option(5, "--runs", min=1, help="runs; figures are medians"),
    agent: str | None = typer.Option(None, "--agent", help="benchmark a bot's search, e.g. mcts:iters=200"),
    against: str = typer.Option("random", "--against", help="with --agent: the other seats' bot (normal: "
                                "the positions of all-normal games)"),
    decisions: int = typer.Option(30, "--decisions", min=1, help="with --agent: real choices timed per run"),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Random-playout games/s, actions/s (legal actions included), clone µs: medians of several runs.
    With --agent: that bot's time per real choice (two or more legal actions) in seat 1."""
    from ..agents import parse_agents
    from ..lab.bench import bench_agent, bench_game

    if agent:
        parse_agents(f"{agent},{against}")  # bad specs are named before any game is played
        r = bench_agent(game, agent, players, runs=runs, decisions=decisions, against=against)
    else:
        r = bench_game(game, players, games_, runs)
    if as_json:
        print(json.dumps(r))
        return
    for k, v in r.items():
        console.print(f"{k:>28}: {v:,.2f}" if isinstance(v, float) else f"{k:>28}: {v}", highlight=False)
