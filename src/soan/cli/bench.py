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
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Random-playout games/s, actions/s (legal actions included), clone µs: medians of several runs."""
    from ..lab.bench import bench_agent, bench_game

    r = bench_agent(game, agent, players, runs=runs) if agent else bench_game(game, players, games_, runs)
    if as_json:
        print(json.dumps(r))
        return
    for k, v in r.items():
        console.print(f"{k:>28}: {v:,.2f}" if isinstance(v, float) else f"{k:>28}: {v}", highlight=False)
